"""Write the trace prunescope check reads: one JSON event a line.

Add this file beside your search and call enter, leaf and exit as your
search enters a node, evaluates a leaf and returns a node's value:

    from prunescope_trace import Trace
    trace = Trace("mine.jsonl")          # or Trace() for standard output
    trace.enter("2.1")                   # a node's path ("root" for the root) or name
    trace.enter("2.1", alpha, beta)      # ... and, if you like, its window: check compares it
    trace.leaf("2.1", 3)                 # values from MAX's point of view
    trace.exit("2", 3)
    trace.close()

Then: prunescope check mine.jsonl --tree aima
(Trace(values="mover") when your values are the side to move's, negamax.)
No dependency beyond Python's standard library.
"""
import json
import sys


class Trace:
    def __init__(self, path=None, values="max"):
        self.out = open(path, "w") if path else sys.stdout
        self.own = path is not None
        if values != "max":
            self._write({"values": values})

    def _write(self, event):
        self.out.write(json.dumps(event) + "\n")

    def enter(self, node, alpha=None, beta=None):
        event = {"ev": "enter", "node": node}
        if alpha is not None and beta is not None:
            event["alpha"], event["beta"] = _number(alpha), _number(beta)
        self._write(event)

    def leaf(self, node, value):
        self._write({"ev": "leaf", "node": node, "value": _number(value)})

    def exit(self, node, value):
        self._write({"ev": "exit", "node": node, "value": _number(value)})

    def close(self):
        if self.own:
            self.out.close()


def _number(v):
    if v == float("inf"):
        return "inf"
    if v == float("-inf"):
        return "-inf"
    return int(v) if float(v).is_integer() else v
