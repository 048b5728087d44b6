// A worked alpha-beta on AIMA's tree (Russell & Norvig, figure 5.5), writing
// the trace prunescope check reads.
//
//   javac AlphaBeta.java PrunescopeTrace.java
//   java AlphaBeta > mine.jsonl && prunescope check mine.jsonl --tree aima
//   java AlphaBeta --bug | prunescope check - --tree aima
//
// --bug leaves out the two lines that pass α and β on to the next child, the
// mistake check names window-not-passed.
public final class AlphaBeta {
    // AIMA's tree: MAX at the root, three MIN nodes, nine leaves.
    static final double[][] TREE = {{3, 12, 8}, {2, 4, 6}, {14, 5, 2}};
    static boolean bug;
    static PrunescopeTrace trace;

    static double leaf(String path, double value) {
        trace.enter(path);
        trace.leaf(path, value);
        return value;
    }

    static double min(int i, double alpha, double beta) {
        String path = Integer.toString(i + 1);
        trace.enter(path);
        double best = Double.POSITIVE_INFINITY;
        for (int j = 0; j < TREE[i].length; j++) {
            best = Math.min(best, leaf(path + "." + (j + 1), TREE[i][j]));
            if (best <= alpha) break;
            if (!bug) beta = Math.min(beta, best);
        }
        trace.exit(path, best);
        return best;
    }

    public static void main(String[] args) throws Exception {
        bug = args.length > 0 && args[0].equals("--bug");
        try (PrunescopeTrace t = new PrunescopeTrace(null)) {
            trace = t;
            trace.enter("root");
            double alpha = Double.NEGATIVE_INFINITY, beta = Double.POSITIVE_INFINITY;
            double best = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < TREE.length; i++) {
                best = Math.max(best, min(i, alpha, beta));
                if (best >= beta) break;
                if (!bug) alpha = Math.max(alpha, best);
            }
            trace.exit("root", best);
        }
    }
}
