"""A worked alpha-beta on AIMA's tree (Russell & Norvig, figure 5.5), writing
the trace prunescope check reads.

    python3 alphabeta.py > mine.jsonl && prunescope check mine.jsonl --tree aima
    python3 alphabeta.py --bug | prunescope check - --tree aima
    python3 alphabeta.py --swap | prunescope check - --tree aima

--bug leaves out the two lines that pass α and β on to the next child, the
mistake check names window-not-passed; --swap passes a MIN node's window on
as (β, α), the mistake check names windows-swapped. The trace gives each
node's window, which check compares with its own.
"""
import sys

from prunescope_trace import Trace

# AIMA's tree: MAX at the root, three MIN nodes, nine leaves. A node is a
# list of children or a leaf value; its path is how prunescope names it.
TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
BUG = "--bug" in sys.argv
SWAP = "--swap" in sys.argv
trace = Trace()


def alphabeta(node, path, maximizing, alpha, beta):
    name = path or "root"
    trace.enter(name, alpha, beta)
    if not isinstance(node, list):
        trace.leaf(name, node)
        return node
    best = float("-inf") if maximizing else float("inf")
    for i, child in enumerate(node, start=1):
        child_path = f"{path}.{i}" if path else str(i)
        lo, hi = (beta, alpha) if SWAP and not maximizing else (alpha, beta)
        v = alphabeta(child, child_path, not maximizing, lo, hi)
        if maximizing:
            best = max(best, v)
            if best >= beta:
                break
            if not BUG:
                alpha = max(alpha, best)
        else:
            best = min(best, v)
            if best <= alpha:
                break
            if not BUG:
                beta = min(beta, best)
    trace.exit(name, best)
    return best


alphabeta(TREE, "", True, float("-inf"), float("inf"))
trace.close()
