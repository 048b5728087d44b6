package tree

import (
	"context"
	"slices"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
)

// TestRightToLeftAIMA searches AIMA's Figure 5.2, ((3 12 8) (2 4 6) (14 5
// 2)) with a MAX root, right to left, worked out by hand: node 3 first, its
// leaves 2, 5, 14 all evaluated (value 2, α = 2); node 2 gets (2, +∞): 6
// and 4 lower β to 4, then 2.1 = 2 reaches α, but it is node 2's last child,
// so nothing is left to prune (under > it does not even reach it); node 1 gets (2, +∞): 8, 12, then 3, value 3.
// Every leaf is evaluated (left to right, 2.2 and 2.3 are not), the root
// value stays 3 and the best move 1, and the nodes keep their names.
func TestRightToLeftAIMA(t *testing.T) {
	for _, tc := range []struct {
		opt    engine.Options
		onLast int64 // 2.1 = 2 = α fires the cut test under ≥, not under >
	}{
		{engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailHard, Cutoff: engine.CutGE}, 1},
		{engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}, 0},
	} {
		opt := tc.opt
		tr, _ := Builtin("aima")
		pos := NewPosition(tr)
		pos.SetRightToLeft(true)
		var leaves []string
		var info *trace.Info
		hooks := &trace.Hooks{Event: func(e *trace.Event) {
			switch e.Kind {
			case trace.Leaf:
				leaves = append(leaves, e.Path)
			case trace.Start:
				info = e.Info
			}
		}}
		res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 2}, opt, hooks)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{"3.3", "3.2", "3.1", "2.3", "2.2", "2.1", "1.3", "1.2", "1.1"}
		if !slices.Equal(leaves, want) {
			t.Errorf("%s: leaves evaluated %v, want %v (none left out)", opt.Spec(), leaves, want)
		}
		if res.Value != 3 || res.BestLabel != "1" || res.Counts[trace.Cutoff] != 0 || res.Cuts.OnLast != tc.onLast {
			t.Errorf("%s: value %d, best %q, cutoffs %d, on the last child %d; want 3, 1, 0, %d",
				opt.Spec(), res.Value, res.BestLabel, res.Counts[trace.Cutoff], res.Cuts.OnLast, tc.onLast)
		}
		if info == nil || info.Order != "rtl" {
			t.Errorf("%s: the start event does not say rtl: %+v", opt.Spec(), info)
		}
	}
}

// TestRightToLeftMirror searches the mirror image of AIMA's tree right to
// left: the very search of AIMA's tree left to right, so alpha-beta never
// evaluates 2.1 and 2.2, the mirrors of 2.3 and 2.2.
func TestRightToLeftMirror(t *testing.T) {
	tr, err := Parse("mirror", "((8 12 3) (6 4 2) (2 5 14))")
	if err != nil {
		t.Fatal(err)
	}
	pos := NewPosition(tr)
	pos.SetRightToLeft(true)
	var evaluated []string
	hooks := &trace.Hooks{Event: func(e *trace.Event) {
		if e.Kind == trace.Leaf {
			evaluated = append(evaluated, e.Path)
		}
	}}
	res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 2}, engine.Options{Algo: engine.AlphaBeta}, hooks)
	if err != nil {
		t.Fatal(err)
	}
	var never []string
	for _, leaf := range leafPaths(tr) {
		if !slices.Contains(evaluated, leaf) {
			never = append(never, leaf)
		}
	}
	if !slices.Equal(never, []string{"2.1", "2.2"}) || res.Value != 3 {
		t.Errorf("never evaluated %v, value %d; want [2.1 2.2], 3", never, res.Value)
	}
}

// TestRightToLeftValue checks that the order of the children never changes
// a root's value: 200 random trees, every algorithm, right to left against
// left to right.
func TestRightToLeftValue(t *testing.T) {
	opts := []engine.Options{
		{Algo: engine.Minimax}, {Algo: engine.Negamax},
		{Algo: engine.AlphaBeta}, {Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT},
		{Algo: engine.PVS, Fail: engine.FailSoft}, {Algo: engine.MTDF},
	}
	for seed := uint64(1); seed <= 200; seed++ {
		tr, err := Random(2+int(seed%3), 3+int(seed%3), -20, 20, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range opts {
			lim := engine.Limits{Depth: tr.Height()}
			ltr, err := engine.Search(context.Background(), NewPosition(tr), lim, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			pos := NewPosition(tr)
			pos.SetRightToLeft(true)
			rtl, err := engine.Search(context.Background(), pos, lim, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if rtl.Value != ltr.Value {
				t.Errorf("seed %d %s: right to left %d, left to right %d", seed, opt.Spec(), rtl.Value, ltr.Value)
			}
		}
	}
}
