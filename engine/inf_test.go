package engine_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// infSpecs are searched on every tree of TestInfiniteLeaves: the exact ones
// must find the root's minimax value; all must keep every window, value,
// bound and interval of their events finite or exactly ±∞ (score.Sane).
var infSpecs = []struct {
	spec  string
	exact bool
}{
	{"minimax", true}, {"negamax", true}, {"branch-bound:ge", true}, {"branch-bound:gt", true},
	{"alphabeta:hard:ge", true}, {"alphabeta:soft:ge", true}, {"alphabeta:f2:ge", true},
	{"alphabeta:hard:gt", true}, {"alphabeta:soft:gt", true}, {"alphabeta:f2:gt", true},
	{"pvs", true}, {"pvs:soft", true}, {"pvs:f2", true}, {"mtdf", true},
	{"alphabeta+iterative", true}, {"alphabeta+iterative+aspiration", true}, {"mtdf+iterative", true},
	{"pvs+tt+order", false}, {"mtdf+tt", false}, {"alphabeta:soft+selective", false},
	{"alphabeta+iterative+aspiration+selective", false}, {"pvs:soft+null-move+futility+razoring", false},
}

// TestInfiniteLeaves searches every tree of two shapes whose leaves and
// evaluations are drawn from −∞, 0, 1 and +∞ (every other one, every fifth
// under -short), under every algorithm
// and convention, the root MAX and MIN: each exact search returns the
// minimax value over the extended reals, and no event of any search holds
// "∞ plus one" (a PVS null window above −∞, an MTD(f) test next to ±∞, an
// aspiration window around ±∞, a margin added to ±∞).
func TestInfiniteLeaves(t *testing.T) {
	vals := []string{"-inf", "0", "1", "inf"}
	shapes := []string{
		"((%s %s)[eval=%s] (%s %s)[eval=0 capture])",
		"(%s (%s %s[capture])[eval=%s] %s 0[pass])",
	}
	step := 3 // every third tree, each value still at each place (every other with -engine.audit)
	switch {
	case testing.Short():
		step = 11 // every eleventh: each value still at each place
	case *audit:
		step = 2
	}
	for _, shape := range shapes {
		for code := 0; code < 4*4*4*4*4; code += step {
			var args []any
			for c := code; len(args) < 5; c /= 4 {
				args = append(args, vals[c%4])
			}
			text := fmt.Sprintf(shape, args...)
			tr, err := tree.Parse("test", text)
			if err != nil {
				t.Fatalf("%s: %v", text, err)
			}
			for _, rootMin := range []bool{false, true} {
				tr.RootMin = rootMin
				want := minimaxOf(tr.Root, !rootMin, 2)
				for _, c := range infSpecs {
					name := fmt.Sprintf("%s min %v %s", text, rootMin, c.spec)
					res, evs := run(t, tr, spec(t, c.spec), 2)
					if c.exact && res.Value != want {
						t.Fatalf("%s: value %s, want %s", name, score.Number(res.Value, 1, 0), score.Number(want, 1, 0))
					}
					if err := saneEvents(evs); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
				}
			}
		}
	}
}

// minimaxOf is the value of n searched to depth, MAX's view, max telling
// whether MAX moves at n: a leaf's value, else an eval at the horizon, else
// the best of its children that are not passes.
func minimaxOf(n *tree.Node, max bool, depth int) int64 {
	switch {
	case n.Leaf:
		return n.Value
	case depth == 0:
		return n.Eval
	}
	best := score.Inf
	if max {
		best = -score.Inf
	}
	for _, c := range n.Children {
		if c.Pass {
			continue
		}
		v := minimaxOf(c, !max, depth-1)
		if (max && v > best) || (!max && v < best) {
			best = v
		}
	}
	return best
}

// saneEvents reports the first number of an event that is neither finite
// nor exactly ±∞.
func saneEvents(evs []trace.Event) error {
	for _, e := range evs {
		for _, v := range []struct {
			has  bool
			v    int64
			what string
		}{{e.Has&trace.HasWindow != 0, e.Alpha, "alpha"}, {e.Has&trace.HasWindow != 0, e.Beta, "beta"},
			{e.Has&trace.HasValue != 0, e.Value, "value"}, {e.Has&trace.HasCut != 0, e.CutAlpha, "cut alpha"},
			{e.Has&trace.HasCut != 0, e.CutBeta, "cut beta"}, {e.Has&trace.HasInterval != 0, e.Lower, "lower"},
			{e.Has&trace.HasInterval != 0, e.Upper, "upper"}} {
			if v.has && !score.Sane(v.v) {
				return fmt.Errorf("event %d (%s at %q): %s %d is neither finite nor ±∞", e.Seq, e.Kind, e.Path, v.what, v.v)
			}
		}
	}
	return nil
}

// TestInfiniteBelowChanceRefused: a chance node's value is an average, which
// an infinite outcome makes infinite or undefined: the tree is refused with
// the leaf's line and column.
func TestInfiniteBelowChanceRefused(t *testing.T) {
	_, err := tree.Parse("tree", "((3 (1 -inf))[chance] 2)")
	if err == nil || !strings.Contains(err.Error(), "tree:1:8: leaf 1.2.2 is −∞ below chance node 1") {
		t.Fatalf("got %v", err)
	}
}
