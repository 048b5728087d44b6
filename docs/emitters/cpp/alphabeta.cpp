// A worked alpha-beta on AIMA's tree (Russell & Norvig, figure 5.5), writing
// the trace prunescope check reads.
//
//   g++ -std=c++17 -o alphabeta alphabeta.cpp
//   ./alphabeta > mine.jsonl && prunescope check mine.jsonl --tree aima
//   ./alphabeta --bug | prunescope check - --tree aima
//   ./alphabeta --strict --tie | prunescope check - --tree '((3 12 8) (3 4 6) (14 5 2))' --fail soft
//
// --bug leaves out the two lines that pass α and β on to the next child, the
// mistake check names window-not-passed. --strict cuts only on a value
// strictly past the bound (> β at MAX, < α at MIN: ties are searched, as
// UC Berkeley's CS188 does); --tie makes leaf 2.1 worth 3, a tie with α at
// node 2, where the two rules part: check then says the search is
// alphabeta:soft:gt, the convention it matches.
#include <algorithm>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "prunescope_trace.hpp"

// AIMA's tree: MAX at the root, three MIN nodes, nine leaves.
struct Node {
  double value;
  std::vector<Node> children;  // none: a leaf
};

static prunescope::Trace trace;
static bool bug = false;
static bool strict = false;  // cut on > β (< α), not on ≥ β (≤ α)

// reaches says whether v has reached the bound the node cuts at.
static bool reaches(double v, double bound) { return strict ? v > bound : v >= bound; }

double alphabeta(const Node& node, const std::string& path, bool maximizing, double alpha, double beta) {
  const std::string name = path.empty() ? "root" : path;
  trace.enter(name);
  if (node.children.empty()) {
    trace.leaf(name, node.value);
    return node.value;
  }
  const double inf = std::numeric_limits<double>::infinity();
  double best = maximizing ? -inf : inf;
  for (size_t i = 0; i < node.children.size(); i++) {
    const std::string child = path.empty() ? std::to_string(i + 1) : path + "." + std::to_string(i + 1);
    const double v = alphabeta(node.children[i], child, !maximizing, alpha, beta);
    if (maximizing) {
      best = std::max(best, v);
      if (reaches(best, beta)) break;
      if (!bug) alpha = std::max(alpha, best);
    } else {
      best = std::min(best, v);
      if (reaches(-best, -alpha)) break;
      if (!bug) beta = std::min(beta, best);
    }
  }
  trace.exit(name, best);
  return best;
}

int main(int argc, char** argv) {
  bool tie = false;
  for (int i = 1; i < argc; i++) {
    bug = bug || std::strcmp(argv[i], "--bug") == 0;
    strict = strict || std::strcmp(argv[i], "--strict") == 0;
    tie = tie || std::strcmp(argv[i], "--tie") == 0;
  }
  auto leaves = [](std::vector<double> vs) {
    Node n{0, {}};
    for (double v : vs) n.children.push_back(Node{v, {}});
    return n;
  };
  const Node tree{0, {leaves({3, 12, 8}), leaves({tie ? 3.0 : 2.0, 4, 6}), leaves({14, 5, 2})}};
  const double inf = std::numeric_limits<double>::infinity();
  alphabeta(tree, "", true, -inf, inf);
}
