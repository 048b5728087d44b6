package chess

import (
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// TestRootIsAlwaysSearched: a root that repeats a position or has the
// halfmove clock at 100 is searched all the same (a draw by rule ends lines
// below the root), and checkmate comes before the fifty-move draw.
func TestRootIsAlwaysSearched(t *testing.T) {
	search := func(b *Board, depth int) engine.Result {
		t.Helper()
		res, err := engine.Search(context.Background(), NewPosition(b, EvalPST), engine.Limits{Depth: depth}, engine.Options{Algo: engine.AlphaBeta}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	b := StartBoard()
	play(t, b, "Nf3", "Nf6", "Ng1", "Ng8")
	if !b.IsRepetition() {
		t.Fatal("Nf3 Nf6 Ng1 Ng8: the start position again")
	}
	if res := search(b, 3); !res.HasBest || res.Nodes < 100 {
		t.Errorf("repeated root: %d nodes, best %q", res.Nodes, res.BestLabel)
	}
	b = mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80")
	if res := search(b, 3); res.BestLabel != "Ra8#" || res.Value != MateScore-1 {
		t.Errorf("clock at 100: value %d, best %q; want mate in 1 with Ra8#", res.Value, res.BestLabel)
	}
	// Below the root the rules still draw: a quiet rook move at clock 100.
	p := NewPosition(mustFEN(t, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 100 80"), EvalPST)
	if _, over := p.Terminal(0); over {
		t.Error("the root is over by the fifty-move rule")
	}
	p.Make(p.Board().mustUCI(t, "a1a2"))
	if v, over := p.Terminal(1); !over || v != 0 {
		t.Errorf("after Ra2 at clock 101: Terminal = %d, %v; want a draw", v, over)
	}
	// Checkmated with the clock at 100, at the root and below it: a loss.
	mated := NewPosition(mustFEN(t, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"), EvalPST)
	for _, ply := range []int{0, 1} {
		if v, over := mated.Terminal(ply); !over || v != -(MateScore-int64(ply)) {
			t.Errorf("mated at clock 100, ply %d: Terminal = %d, %v; want a loss", ply, v, over)
		}
	}
}
