package engine_test

import (
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// prunedInTrace counts what the cutoff events of a trace left unsearched,
// from their pruned moves and unsearched subtrees (described in full: the
// trees here are small).
func prunedInTrace(t *testing.T, evs []trace.Event) (cuts trace.Cuts) {
	t.Helper()
	var walk func(s *trace.Subtree)
	walk = func(s *trace.Subtree) {
		if s.Below > 0 {
			t.Fatalf("subtree %s described only in part", s.Path)
		}
		if s.Leaf {
			cuts.Leaves++
		} else {
			cuts.Inner++
		}
		for _, c := range s.Children {
			walk(c)
		}
	}
	for _, e := range evs {
		if e.Kind != trace.Cutoff {
			continue
		}
		cuts.Edges += int64(len(e.Pruned))
		for _, s := range e.Unsearched {
			walk(s)
		}
	}
	cuts.Known = true
	return cuts
}

// TestTextbookCutCounts: the counts worked by hand on the textbook trees.
// AIMA's figure 5.5 prunes the leaves 2.2 and 2.3 below C (two edges, no
// inner node), and its D cuts on its last leaf (2 ≤ 3), pruning nothing.
// Wikipedia's illustration prunes 1.1.2.3, 2.1.2.2 and the subtree 3.2
// (three inner nodes, three leaves); 2.2 and 3.1.1 cut on their last move.
// Under hard:gt the fail-hard 2.2.1 returns 6, a tie that does not cut at
// 2.2, so only 3.1.1's last move cuts (5 < 6) and 3.2 is searched.
func TestTextbookCutCounts(t *testing.T) {
	cases := []struct {
		tree, spec string
		cutoffs    int64
		want       trace.Cuts
	}{
		{"aima", "minimax", 0, trace.Cuts{Known: true}},
		{"aima", "alphabeta:hard:ge", 1, trace.Cuts{OnLast: 1, Edges: 2, Leaves: 2, Inner: 0, Known: true}},
		{"aima", "alphabeta:soft:gt", 1, trace.Cuts{OnLast: 1, Edges: 2, Leaves: 2, Inner: 0, Known: true}},
		{"aima", "branch-bound:ge", 1, trace.Cuts{OnLast: 1, Edges: 2, Leaves: 2, Inner: 0, Known: true}},
		{"wikipedia", "alphabeta:hard:ge", 3, trace.Cuts{OnLast: 2, Edges: 3, Leaves: 5, Inner: 3, Known: true}},
		{"wikipedia", "alphabeta:soft:gt", 2, trace.Cuts{OnLast: 2, Edges: 2, Leaves: 4, Inner: 3, Known: true}},
		{"wikipedia", "alphabeta:hard:gt", 1, trace.Cuts{OnLast: 1, Edges: 1, Leaves: 1, Inner: 0, Known: true}},
	}
	for _, c := range cases {
		t.Run(c.tree+"/"+c.spec, func(t *testing.T) {
			tr, _ := tree.Builtin(c.tree)
			res, evs := run(t, tr, spec(t, c.spec), tr.Height())
			if res.Cuts != c.want || res.Cutoffs() != c.cutoffs {
				t.Errorf("cutoffs %d, cuts %+v; want %d, %+v", res.Cutoffs(), res.Cuts, c.cutoffs, c.want)
			}
			got := prunedInTrace(t, evs)
			got.OnLast = res.Cuts.OnLast
			if got != res.Cuts {
				t.Errorf("the trace's cutoffs leave %+v unsearched, the result says %+v", got, res.Cuts)
			}
			if sum := evs[len(evs)-1].Summary; sum == nil || sum.Cuts == nil || *sum.Cuts != res.Cuts {
				t.Errorf("the done event does not carry the cut counts %+v", res.Cuts)
			}
		})
	}
}

// treeSize counts the leaves and inner nodes of a tree.
func treeSize(n *tree.Node) (leaves, inner int64) {
	if n.Leaf {
		return 1, 0
	}
	inner = 1
	for _, c := range n.Children {
		l, i := treeSize(c)
		leaves += l
		inner += i
	}
	return leaves, inner
}

// TestCutCountsBruteForce: on random trees searched to their full depth,
// with one root search and no table, every node is either searched once or
// pruned once, so the searched and the pruned add up to the whole tree; the
// pruned edges are the children of searched nodes that were never entered;
// the trace's cutoffs leave the same unsearched; and an untraced search
// counts the same.
func TestCutCountsBruteForce(t *testing.T) {
	specs := []string{"branch-bound:ge", "branch-bound:gt", "alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt"}
	for seed := range seeds(120, 60) {
		b := 1 + seed%4
		d := 1 + (seed/4)%5
		tr, err := tree.Random(b, d, -5, 5, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%2 == 1
		leaves, inner := treeSize(tr.Root)
		for _, sp := range specs {
			res, evs := run(t, tr, spec(t, sp), d)
			c := res.Cuts
			if !c.Known || res.Leaves+c.Leaves != leaves || res.Nodes-res.Leaves+c.Inner != inner {
				t.Fatalf("seed %d %s: searched %d leaves and %d inner nodes, pruned %+v; the tree has %d and %d\n%s",
					seed, sp, res.Leaves, res.Nodes-res.Leaves, c, leaves, inner, tree.Format(tr))
			}
			// Edges: children of the entered inner nodes that were never entered.
			children := map[string]int64{}
			entered := map[string]int64{}
			for _, e := range evs {
				if e.Kind == trace.Enter && e.Ply > 0 {
					entered[parentPath(e.Path)]++
				}
			}
			var edges int64
			var count func(n *tree.Node, path string)
			count = func(n *tree.Node, path string) {
				children[path] = int64(len(n.Children))
				for i, ch := range n.Children {
					count(ch, childPath(path, i))
				}
			}
			count(tr.Root, "")
			leafNode := map[int64]bool{}
			for _, e := range evs {
				if e.Kind == trace.Leaf {
					leafNode[e.Node] = true
				}
			}
			for _, e := range evs {
				if e.Kind == trace.Enter && !leafNode[e.Node] {
					edges += children[e.Path] - entered[e.Path]
				}
			}
			if c.Edges != edges {
				t.Fatalf("seed %d %s: %d pruned edges, the searched nodes have %d children never entered\n%s", seed, sp, c.Edges, edges, tree.Format(tr))
			}
			got := prunedInTrace(t, evs)
			got.OnLast = c.OnLast
			if got != c {
				t.Fatalf("seed %d %s: the trace's cutoffs leave %+v unsearched, the result says %+v", seed, sp, got, c)
			}
			quiet, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: d}, spec(t, sp), nil)
			if err != nil || quiet.Cuts != c {
				t.Fatalf("seed %d %s: untraced %+v (%v), traced %+v", seed, sp, quiet.Cuts, err, c)
			}
		}
	}
}

func childPath(path string, i int) string {
	s := string(rune('1' + i))
	if path == "" {
		return s
	}
	return path + "." + s
}

func parentPath(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '.' {
			return path[:i]
		}
	}
	return ""
}

// TestIterationsOwnWork: each iteration's own nodes and leaves add up to the
// cumulative counts, iteration by iteration, and to the whole search's;
// the iter events carry the same numbers. The builtin iterative tree is
// worked by hand: depth 1 enters the root and its 3 children (4 nodes, 3
// static evaluations), depth 2 enters 9 nodes and evaluates 5 leaves.
func TestIterationsOwnWork(t *testing.T) {
	tr, _ := tree.Builtin("iterative")
	res, evs := run(t, tr, spec(t, "alphabeta+iterative"), 2)
	want := []trace.Work{{Nodes: 4, Leaves: 3}, {Nodes: 9, Leaves: 5}}
	if len(res.Iterations) != len(want) {
		t.Fatalf("%d iterations, want %d", len(res.Iterations), len(want))
	}
	for i, it := range res.Iterations {
		if it.Own != want[i] {
			t.Errorf("iteration %d: own %+v, want %+v", it.Depth, it.Own, want[i])
		}
	}
	for _, sp := range []string{"alphabeta+iterative", "alphabeta+iterative+aspiration", "pvs+tt+order+iterative", "mtdf+tt+iterative"} {
		for seed := range seeds(40, 15) {
			tr := genTree(t, 2+seed%3, 2+seed%4, uint64(seed))
			d := tr.Height()
			res, evs = run(t, tr, spec(t, sp), d)
			var sum trace.Work
			for _, it := range res.Iterations {
				sum.Nodes += it.Own.Nodes
				sum.Leaves += it.Own.Leaves
				if sum.Nodes != it.Nodes || sum.Leaves != it.Leaves {
					t.Fatalf("seed %d %s: iterations up to %d add up to %+v, the search says %d nodes, %d leaves so far", seed, sp, it.Depth, sum, it.Nodes, it.Leaves)
				}
			}
			if sum.Nodes != res.Nodes || sum.Leaves != res.Leaves {
				t.Fatalf("seed %d %s: iterations add up to %+v, the search to %d nodes, %d leaves", seed, sp, sum, res.Nodes, res.Leaves)
			}
			i := 0
			for _, e := range evs {
				if e.Kind != trace.Iter {
					continue
				}
				it := res.Iterations[i]
				if s := e.Summary; s.Iter == nil || *s.Iter != it.Own || s.Nodes != it.Nodes || s.Leaves != it.Leaves {
					t.Fatalf("seed %d %s: iter event %d carries %+v, the iteration %+v", seed, sp, i+1, s, it)
				}
				i++
			}
		}
	}
}
