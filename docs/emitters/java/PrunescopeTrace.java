// Write the trace prunescope check reads: one JSON event a line.
//
//   PrunescopeTrace trace = new PrunescopeTrace("mine.jsonl"); // or new PrunescopeTrace(null) for standard output
//   trace.enter("2.1");                 // a node's path ("root" for the root) or name
//   trace.enter("2.1", alpha, beta);    // ... and, if you like, its window: check compares it
//   trace.leaf("2.1", 3);               // values from MAX's point of view
//   trace.exit("2", 3);
//   trace.close();
//
// Then: prunescope check mine.jsonl --tree aima
// (new PrunescopeTrace(path, "mover") when your values are the side to
// move's, negamax.) The Java standard library alone. Node names are written
// as they are: paths and tree names need no escaping.
import java.io.FileNotFoundException;
import java.io.PrintStream;

public final class PrunescopeTrace implements AutoCloseable {
    private final PrintStream out;
    private final boolean own;

    public PrunescopeTrace(String path) throws FileNotFoundException {
        this(path, "max");
    }

    public PrunescopeTrace(String path, String values) throws FileNotFoundException {
        own = path != null;
        out = own ? new PrintStream(path) : System.out;
        if (!values.equals("max")) out.println("{\"values\": \"" + values + "\"}");
    }

    public void enter(String node) { out.println("{\"ev\": \"enter\", \"node\": \"" + node + "\"}"); }
    public void enter(String node, double alpha, double beta) {
        out.println("{\"ev\": \"enter\", \"node\": \"" + node + "\", \"alpha\": " + number(alpha) + ", \"beta\": " + number(beta) + "}");
    }
    public void leaf(String node, double value) { event("leaf", node, value); }
    public void exit(String node, double value) { event("exit", node, value); }

    private void event(String ev, String node, double value) {
        out.println("{\"ev\": \"" + ev + "\", \"node\": \"" + node + "\", \"value\": " + number(value) + "}");
    }

    private static String number(double v) {
        if (Double.isInfinite(v)) return v > 0 ? "\"inf\"" : "\"-inf\"";
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return Double.toString(v);
    }

    @Override
    public void close() {
        if (own) out.close(); else out.flush();
    }
}
