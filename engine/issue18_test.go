package engine_test

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// TestStar2SettledBeforeProbes: a chance node whose window the bounds
// alone settle is cut before any outcome, by Star2 as by Star1: nothing is
// probed, and no node is entered with an empty window.
func TestStar2SettledBeforeProbes(t *testing.T) {
	for _, c := range []struct {
		tree   string
		lo, hi int64 // in hundredths
		rtl    bool
	}{
		{"(((0 1)[p=0.65] (-2 7.22)[p=0.35])[chance] ((7.22)))", -200, 722, true},
		{"(3 (((-9 1)[chance] -3) (-3))[chance])", -900, 300, false},
	} {
		for _, fail := range []string{"hard", "soft"} {
			tr := parseTree(t, c.tree)
			var nodes [2]int64
			for i, sp := range []string{"star1:" + fail, "star2:" + fail} {
				opt := spec(t, sp)
				opt.Bounds = engine.Bounds{Lo: c.lo * tr.Scale / 100, Hi: c.hi * tr.Scale / 100, On: true}
				pos := tree.NewPosition(tr)
				pos.SetRightToLeft(c.rtl)
				var evs []trace.Event
				hooks := &trace.Hooks{Event: func(e *trace.Event) { evs = append(evs, *e) }}
				res, err := engine.Search(t.Context(), pos, engine.Limits{Depth: tr.Height()}, opt, hooks)
				if err != nil {
					t.Fatalf("%s %s: %v", c.tree, sp, err)
				}
				nodes[i] = res.Nodes
				for _, e := range evs {
					if e.Kind == trace.Enter && e.Reason == trace.ReasonProbe {
						t.Errorf("%s %s: %s is probed, though the bounds settle its chance node", c.tree, sp, e.Path)
					}
					if e.Kind == trace.Enter && e.Has&trace.HasWindow != 0 && e.Alpha == e.Beta {
						t.Errorf("%s %s: %s entered with the empty window (%d, %d)", c.tree, sp, e.Path, e.Alpha, e.Beta)
					}
				}
			}
			if nodes[0] != nodes[1] {
				t.Errorf("%s %s: Star1 enters %d nodes, Star2 %d: Star2 must not probe a settled node", c.tree, fail, nodes[0], nodes[1])
			}
		}
	}
}

// TestBestMoveIsProved: with a window given for the root, a move that only
// failed low onto the value (fail-hard clamps it to α) is not the best
// move: the move that proves the value is, under every convention.
func TestBestMoveIsProved(t *testing.T) {
	tr := parseTree(t, "((-4 5 2) (-2))")
	for _, sp := range []string{"alphabeta:hard:gt", "alphabeta:hard:ge", "alphabeta:f2:gt", "alphabeta:soft:gt", "pvs:hard"} {
		opt := spec(t, sp)
		opt.Window = engine.Window{Lo: -2, Hi: 5, On: true}
		res, _ := run(t, tr, opt, 2)
		if res.Value != -2 || res.BestLabel != "2" || len(res.PVLabels) == 0 || res.PVLabels[0] != "2" {
			t.Errorf("%s: value %d (%s, proved %v), best move %q, PV %v; want -2, best move 2", sp, res.Value, res.Bound, res.Proved, res.BestLabel, res.PVLabels)
		}
		if res.Bound == score.Upper && !res.Proved {
			t.Errorf("%s: value -2 is the root's exact value, and every move was searched: it must be proved", sp)
		}
	}
}

// TestLinesAreBest: every move of a principal variation keeps the value of
// the node it is played from, for every exact search, on random trees. An
// MTD(f) pass proves the root's move and nothing under it (a null-window
// pass returns bounds), so its line stops where the search proved nothing.
func TestLinesAreBest(t *testing.T) {
	for seed := range seeds(80, 20) {
		tr, err := tree.Random(2+seed%3, 2+seed%4, -6, 6, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%3 == 1
		truth := trueValues(tr)
		for _, sp := range append([]string{"minimax", "negamax"}, boundSpecs[:12]...) {
			res, _ := run(t, tr, spec(t, sp), tr.Height())
			n := tr.Root
			for i, label := range res.PVLabels {
				c := tr.Find(label)
				if c == nil || c.Parent() != n {
					t.Fatalf("seed %d %s: move %d of the line, %s, is no move of %q", seed, sp, i+1, label, n.Path())
				}
				if truth[c.Path()] != truth[n.Path()] {
					t.Fatalf("seed %d %s: line %v: %s is worth %d where %q is worth %d", seed, sp, res.PVLabels, label, truth[c.Path()], n.Path(), truth[n.Path()])
				}
				n = c
			}
			if len(res.PVLabels) == 0 {
				t.Fatalf("seed %d %s: no best move", seed, sp)
			}
		}
	}
}

// TestNullConditionInMaxView: the null move's conditions at a MIN node are
// written in MAX's view, as its window's numbers are.
func TestNullConditionInMaxView(t *testing.T) {
	tr := parseTree(t, "((5 9) (((7 (6 8 8[pass])[eval=9] (4 9 9[pass])[eval=9 capture] (8 9 6[pass])[eval=8]))))")
	tr.RootMin = true
	opt := spec(t, "alphabeta+null-move")
	opt.Sel.Null.MinPly = 1
	_, evs := run(t, tr, opt, 5)
	tried := 0
	for _, e := range evs {
		if e.Kind != trace.NullTry && e.Kind != trace.NullSkip {
			continue
		}
		if e.Kind == trace.NullTry {
			tried++
		}
		min := "eval + margin ≤ α"
		for _, w := range []string{"margin ≥ β", "β finite", "β is +∞", "below β"} {
			if !e.Max && strings.Contains(e.Detail, w) {
				t.Errorf("%s at MIN node %s says %q: MIN's condition in MAX's view is %q", e.Kind, e.Path, e.Detail, min)
			}
		}
	}
	if tried == 0 {
		t.Fatal("no null move tried: the test tests nothing")
	}
}
