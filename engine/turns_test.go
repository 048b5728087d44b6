package engine_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// markedSpecs: every algorithm under every convention, on trees whose
// players do not alternate.
var markedSpecs = append(append([]string(nil), allSpecs...),
	"alphabeta:f2:ge", "alphabeta:f2:gt", "pvs", "mtdf", "alphabeta:soft:ge+iterative")

// markTurns marks about a third of the nodes below the root [max] or [min],
// at random.
func markTurns(tr *tree.Tree, rng *rand.Rand) {
	var walk func(n *tree.Node)
	walk = func(n *tree.Node) {
		for _, c := range n.Children {
			if rng.IntN(3) == 0 {
				c.Turn = tree.TurnMax + tree.Turn(rng.IntN(2))
			}
			walk(c)
		}
	}
	walk(tr.Root)
}

// markedTruth is the brute-force minimax value (MAX's view) of every node,
// by path, following the marks, and the player of every node.
func markedTruth(tr *tree.Tree) (vals map[string]int64, maxAt map[string]bool) {
	vals, maxAt = map[string]int64{}, map[string]bool{}
	var walk func(n *tree.Node, max bool) int64
	walk = func(n *tree.Node, max bool) int64 {
		maxAt[n.Path()] = max
		v := n.Value
		if !n.Leaf {
			v = math.MaxInt64
			if max {
				v = math.MinInt64
			}
			for _, c := range n.Children {
				cmax := !max
				switch c.Turn {
				case tree.TurnMax:
					cmax = true
				case tree.TurnMin:
					cmax = false
				}
				cv := walk(c, cmax)
				if (max && cv > v) || (!max && cv < v) {
					v = cv
				}
			}
		}
		vals[n.Path()] = v
		return v
	}
	walk(tr.Root, !tr.RootMin)
	return vals, maxAt
}

// TestMultiAgentIssueTree: two MIN agents move in turn below the MAX root.
func TestMultiAgentIssueTree(t *testing.T) {
	tr, err := tree.Parse("tree", "(((3 5)[min] (2 9)[min])[min] ((8 1)[min] (6 7)[min])[min])")
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.AddEvals(0, 1); err != nil { // for iterative deepening's shallow iterations
		t.Fatal(err)
	}
	for _, sp := range markedSpecs {
		res, _ := run(t, tr, spec(t, sp), tr.Height())
		if res.Value != 2 {
			t.Errorf("%s: value %d, want 2", sp, res.Value)
		}
	}
}

// TestRandomMarkedTreesAgree searches random trees with [max] and [min] marks
// under every algorithm and convention: the root value is the brute-force
// minimax value that follows the marks, every node's bound is true of its
// own value, and every node is entered with its own player.
func TestRandomMarkedTreesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 2))
	for seed := range seeds(150, 60) {
		b := 1 + seed%4
		d := 1 + (seed/4)%5
		tr, err := tree.Random(b, d, -5, 5, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%2 == 1
		markTurns(tr, rng)
		if err := tr.AddEvals(2, uint64(seed)); err != nil { // for iterative deepening's shallow iterations
			t.Fatal(err)
		}
		truth, maxAt := markedTruth(tr)
		for _, sp := range markedSpecs {
			res, evs := run(t, tr, spec(t, sp), d)
			if res.Value != truth[""] {
				t.Fatalf("seed %d %s: root value %d, minimax %d\n%s", seed, sp, res.Value, truth[""], tree.Format(tr))
			}
			for _, e := range evs {
				if e.Kind == trace.Enter && e.Max != maxAt[e.Path] {
					t.Fatalf("seed %d %s: node %q entered with max=%v\n%s", seed, sp, e.Path, e.Max, tree.Format(tr))
				}
				if e.Kind != trace.Exit || strings.Contains(sp, "iterative") { // shallow iterations stop at evaluations
					continue
				}
				tv := truth[e.Path]
				if !e.Bound.Holds(e.Value, tv) {
					t.Fatalf("seed %d %s: node %q returned %d (%s), true value %d\n%s", seed, sp, e.Path, e.Value, e.Bound, tv, tree.Format(tr))
				}
			}
		}
	}
}

// TestMarkedTreesRefuseSelective: the selective techniques and the
// transposition table assume alternating players; a tree where a node has
// its parent's player is refused with an options error, before any search.
func TestMarkedTreesRefuseSelective(t *testing.T) {
	tr, err := tree.Parse("tree", "((3 5)[max] (2 9))")
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range []string{"alphabeta+tt", "alphabeta+null-move", "pvs+quiescence"} {
		_, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 2}, spec(t, sp), nil)
		var oe *engine.OptionsError
		if !errors.As(err, &oe) {
			t.Errorf("%s: got %v, want an options error", sp, err)
		}
	}
	// Marks that agree with alternation change nothing.
	same, err := tree.Parse("tree", "((3 5)[min] (2 9)[min])")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Search(context.Background(), tree.NewPosition(same), engine.Limits{Depth: 2}, spec(t, "alphabeta+tt"), nil); err != nil {
		t.Errorf("alternating marks: %v", err)
	}
}
