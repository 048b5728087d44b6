// A worked alpha-beta on AIMA's tree (Russell & Norvig, figure 5.5), writing
// the trace prunescope check reads.
//
//   node alphabeta.js > mine.jsonl && prunescope check mine.jsonl --tree aima
//   node alphabeta.js --bug | prunescope check - --tree aima
//
// --bug leaves out the two lines that pass α and β on to the next child, the
// mistake check names window-not-passed.
"use strict";
const { Trace } = require("./prunescope-trace.js");

// AIMA's tree: MAX at the root, three MIN nodes, nine leaves. A node is an
// array of children or a leaf value; its path is how prunescope names it.
const TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]];
const BUG = process.argv.includes("--bug");
const trace = new Trace();

function alphabeta(node, path, maximizing, alpha, beta) {
  const name = path || "root";
  trace.enter(name, alpha, beta);
  if (!Array.isArray(node)) {
    trace.leaf(name, node);
    return node;
  }
  let best = maximizing ? -Infinity : Infinity;
  for (let i = 0; i < node.length; i++) {
    const childPath = path ? path + "." + (i + 1) : String(i + 1);
    const v = alphabeta(node[i], childPath, !maximizing, alpha, beta);
    if (maximizing) {
      best = Math.max(best, v);
      if (best >= beta) break;
      if (!BUG) alpha = Math.max(alpha, best);
    } else {
      best = Math.min(best, v);
      if (best <= alpha) break;
      if (!BUG) beta = Math.min(beta, best);
    }
  }
  trace.exit(name, best);
  return best;
}

alphabeta(TREE, "", true, -Infinity, Infinity);
trace.close();
