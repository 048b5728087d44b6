package engine_test

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// late returns alpha-beta (or algo) on toy trees with late move reductions
// and pruning as given, every other technique off.
func late(algo engine.Algo, lmr, lmp bool) engine.Options {
	o := selective()
	o.Algo = algo
	o.Sel.LMR.On, o.Sel.LMP.On = lmr, lmp
	return o
}

// TestLMRTree: on the built-in tree at the defaults, the quiet late moves 5
// and 6 of the root are reduced (4, a capture, is not); 5 beats α 3 at the
// reduced depth, is searched again at full depth and becomes the best move;
// 6 does not, and its 9 is missed, where plain alpha-beta plays it.
func TestLMRTree(t *testing.T) {
	plain, _ := runTree(t, "lmr", selective())
	res, evs := runTree(t, "lmr", late(engine.AlphaBeta, true, false))
	if plain.Value != 9 || plain.BestLabel != "6" || res.Value != 6 || res.BestLabel != "5" {
		t.Errorf("plain %d %s, with LMR %d %s; want 9 6 and 6 5", plain.Value, plain.BestLabel, res.Value, res.BestLabel)
	}
	if got := events(evs, trace.Reduce); !slices.Equal(got, []string{"5:late move", "6:late move"}) {
		t.Errorf("reduced %v, want 5 and 6", got)
	}
	if got := events(evs, trace.Research); !slices.Equal(got, []string{"5:lmr"}) {
		t.Errorf("re-searched %v, want 5", got)
	}
	// 5 entered at depth 1, then 2; 6 at depth 1 only.
	var depths []int
	for _, e := range evs {
		if e.Kind == trace.Enter && (e.Path == "5" || e.Path == "6") {
			depths = append(depths, e.Depth)
		}
		if e.Kind == trace.Research && (e.To != 1 || e.Value != 5 || e.Alpha != 3 || e.Detail != "move 5 after 3") {
			t.Errorf("re-search: to %d, value %d, α %d, detail %q; want 1, 5, 3, move 5 after 3", e.To, e.Value, e.Alpha, e.Detail)
		}
	}
	if !slices.Equal(depths, []int{1, 2, 1}) {
		t.Errorf("5 and 6 entered at depths %v, want 1, 2 (5) and 1 (6)", depths)
	}
	if res.Counts[trace.Reduce] != 2 || res.Counts[trace.Research] != 1 {
		t.Errorf("counts: %d reduce, %d research", res.Counts[trace.Reduce], res.Counts[trace.Research])
	}
}

// TestLMRWithPVS: with PVS a reduced move's probe is the null window at the
// reduced depth; beating α, it is probed again at full depth with the null
// window, and only then searched with the full window.
func TestLMRWithPVS(t *testing.T) {
	res, evs := runTree(t, "lmr", late(engine.PVS, true, false))
	var seq []string
	for _, e := range evs {
		switch {
		case e.Kind == trace.Enter && e.Path == "5":
			seq = append(seq, "enter "+itoa(e.Depth)+" "+itoa(int(e.Alpha))+","+bound(e.Beta))
		case (e.Kind == trace.Reduce || e.Kind == trace.Research) && e.Move == "5":
			seq = append(seq, e.Kind.String()+" "+e.Reason)
		}
	}
	want := []string{"reduce late move", "enter 1 3,4", "research lmr", "enter 2 3,4", "research pvs", "enter 2 3,inf"}
	if !slices.Equal(seq, want) {
		t.Errorf("move 5: %v\nwant %v", seq, want)
	}
	if res.Value != 6 || res.BestLabel != "5" {
		t.Errorf("value %d, best %s; want 6, 5", res.Value, res.BestLabel)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// bound writes a window's edge, "inf" for +∞.
func bound(v int64) string {
	if v == score.Inf {
		return "inf"
	}
	return itoa(int(v))
}

// TestLMRTable: the reductions of Ethereal's table, worked by hand:
// ⌊0.75 + ln(d)·ln(m)/2.25⌋.
func TestLMRTable(t *testing.T) {
	l := engine.DefaultSelective(engine.Units{}).LMR
	for _, c := range []struct{ depth, move, r int }{
		{1, 30, 0},  // depth 1: nothing to reduce
		{5, 1, 0},   // the first move
		{2, 2, 0},   // 0.75 + 0.693·0.693/2.25 = 0.96
		{3, 2, 1},   // 0.75 + 1.099·0.693/2.25 = 1.09
		{3, 4, 1},   // 0.75 + 1.099·1.386/2.25 = 1.43
		{6, 20, 3},  // 0.75 + 1.792·2.996/2.25 = 3.14
		{10, 30, 4}, // 0.75 + 2.303·3.401/2.25 = 4.23
	} {
		if r := l.Reduction(c.depth, c.move); r != c.r {
			t.Errorf("depth %d, move %d: R %d, want %d", c.depth, c.move, r, c.r)
		}
	}
	l.Base, l.Divisor = 0, 100          // ln(d)·ln(m)
	if r := l.Reduction(8, 8); r != 4 { // 2.079² = 4.32
		t.Errorf("base 0, divisor 1, depth 8, move 8: R %d, want 4", r)
	}
}

// TestLateMovesSpareTactics: in check, and for captures, checks and
// promotions, neither technique reduces or prunes, however late the move.
func TestLateMovesSpareTactics(t *testing.T) {
	// Node 1 is entered by a check: its side is in check. Node 2's late
	// moves are a capture, a check and a promotion, then a quiet one.
	const text = `(
	  (((1 2)[eval=1] (2 3)[eval=2] (3 4)[eval=3] (4 5)[eval=4] (5 6)[eval=5])[eval=1] (1 1)[eval=1])[check eval=1]
	  (((1 2)[eval=1] (2 3)[eval=2] (3 4)[eval=3] (4 5)[eval=4 capture] (5 6)[eval=5 check] (6 7)[eval=6 promotion] (7 8)[eval=7])[eval=1])[eval=1]
	)`
	o := late(engine.AlphaBeta, true, true)
	o.Sel.LMR.MinMoves, o.Sel.LMR.MinDepth = 1, 2
	o.Sel.LMP.Counts = []int{1, 1, 1}
	_, evs := runTree(t, text, o)
	for _, k := range []trace.Kind{trace.Reduce, trace.LatePrune} {
		for _, e := range evs {
			if e.Kind != k {
				continue
			}
			if e.Path == "1" || e.Move == "2.1.4" || e.Move == "2.1.5" || e.Move == "2.1.6" {
				t.Errorf("%s of %s at %s: in check, or a capture, check or promotion", k, e.Move, e.Path)
			}
		}
	}
	if !has(evs, trace.LatePrune, "2.1.7:move count") && !has(evs, trace.Reduce, "2.1.7:late move") {
		t.Errorf("the quiet 2.1.7 was neither pruned nor reduced: %v %v", events(evs, trace.LatePrune), events(evs, trace.Reduce))
	}
}

// TestLMP: with counts 1,1 every quiet move after a node's first at depth 1
// and 2 is pruned, never at the root.
func TestLMP(t *testing.T) {
	o := late(engine.AlphaBeta, false, true)
	o.Sel.LMP.Counts = []int{1, 1}
	res, evs := runTree(t, "lmr", o)
	want := []string{"1.1.2:move count", "1.2:move count", "2.1.2:move count", "3.1.2:move count", "4.1.2:move count",
		"5.1.2:move count", "5.2:move count", "6.1.2:move count", "6.2:move count"}
	if got := events(evs, trace.LatePrune); !slices.Equal(got, want) {
		t.Errorf("pruned %v\nwant %v", got, want)
	}
	if res.Counts[trace.LatePrune] != int64(len(want)) {
		t.Errorf("counted %d", res.Counts[trace.LatePrune])
	}
	o.Sel.LMP.Depth = 1 // depth 2 is out now
	_, evs = runTree(t, "lmr", o)
	for _, p := range events(evs, trace.LatePrune) {
		if p == "1.2:move count" || p == "5.2:move count" || p == "6.2:move count" {
			t.Errorf("pruned at depth 2 with --lmp-depth 1: %s", p)
		}
	}
}

// TestLateMovesOnChess: on kiwipete at depth 4 with the table and move
// ordering, LMR searches less than half the nodes and LMP less again, for
// the same move (issue 21: a position where reductions save most of the
// nodes).
func TestLateMovesOnChess(t *testing.T) {
	var fen string
	for _, b := range chess.Builtins() {
		if b.Name == "kiwipete" {
			fen = b.FEN
		}
	}
	base := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100}),
		TT: engine.TT{On: true, MB: 1, Cutoffs: true}, Order: engine.Ordering{TT: true, Captures: true, Killers: true, History: true}}
	search := func(lmr, lmp bool) engine.Result {
		o := base
		o.Sel.LMR.On, o.Sel.LMP.On = lmr, lmp
		res, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 4}, o, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	plain, lmr, both := search(false, false), search(true, false), search(true, true)
	if 2*lmr.Nodes >= plain.Nodes || both.Nodes >= lmr.Nodes {
		t.Errorf("nodes: %d plain, %d with LMR, %d with LMR and LMP", plain.Nodes, lmr.Nodes, both.Nodes)
	}
	if lmr.BestLabel != plain.BestLabel || both.BestLabel != plain.BestLabel {
		t.Errorf("best moves %s, %s, %s", plain.BestLabel, lmr.BestLabel, both.BestLabel)
	}
	if lmr.Counts[trace.Reduce] == 0 || both.Counts[trace.LatePrune] == 0 {
		t.Errorf("nothing reduced or pruned: %v", both.Counts)
	}
}
