// Write the trace prunescope check reads: one JSON event a line.
//
//   const { Trace } = require("./prunescope-trace.js");
//   const trace = new Trace("mine.jsonl");   // or new Trace() for standard output
//   trace.enter("2.1");                      // a node's path ("root" for the root) or name
//   trace.enter("2.1", alpha, beta);         // ... and, if you like, its window: check compares it
//   trace.leaf("2.1", 3);                    // values from MAX's point of view
//   trace.exit("2", 3);
//   trace.close();
//
// Then: prunescope check mine.jsonl --tree aima
// (new Trace(path, "mover") when your values are the side to move's, negamax.)
// No dependency beyond Node's own modules.
"use strict";
const fs = require("fs");

class Trace {
  constructor(path, values = "max") {
    this.fd = path ? fs.openSync(path, "w") : 1;
    this.own = Boolean(path);
    if (values !== "max") this.write({ values: values });
  }
  write(event) { fs.writeSync(this.fd, JSON.stringify(event) + "\n"); }
  enter(node, alpha, beta) {
    const event = { ev: "enter", node: node };
    if (alpha !== undefined && beta !== undefined) { event.alpha = number(alpha); event.beta = number(beta); }
    this.write(event);
  }
  leaf(node, value) { this.write({ ev: "leaf", node: node, value: number(value) }); }
  exit(node, value) { this.write({ ev: "exit", node: node, value: number(value) }); }
  close() { if (this.own) fs.closeSync(this.fd); }
}

function number(v) {
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  return v;
}

module.exports = { Trace };
