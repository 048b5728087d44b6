package tictactoe_test

import (
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tictactoe"
)

// FuzzParse: a board (--board) never makes Parse panic, a refused one gets a
// one-line error, and an accepted one is a position the game can reach:
// written back it reads the same, its moves are its empty squares and undo
// cleanly, and a full search (alpha-beta, and minimax where it is small)
// finds a value of -1, 0 or 1, the same for both.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"x.o/.x./..o", "xo./.x./o..", ".../.../...", "xox/xoo/oxx", "xxx/oo./...", "XO-/_0./...", " x../.o./..x\n",
		"x.o/.x.", "x.o/.x/..o", "x.o/.q./..o", "xx./.../...", "xxx/ooo/x..", "xxx/oo./o..", "ooo/xx./x.x",
		"xxx/xoo/xoo", "é../.../...", "///", "x.o/.x./..o/", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := tictactoe.Parse(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: the error spans lines: %q", s, err)
			}
			return
		}
		board := p.String()
		again, err := tictactoe.Parse(board)
		if err != nil || again.String() != board || again.Key() != p.Key() || again.RootIsMin() != p.RootIsMin() {
			t.Fatalf("%q read as %q, which reads back as %v (%v)", s, board, again, err)
		}
		moves := p.Moves(nil)
		if len(moves) != p.Empty() || strings.Count(board, ".") != p.Empty() {
			t.Fatalf("%q: %d moves, %d empty squares", board, len(moves), p.Empty())
		}
		for _, m := range moves {
			key := p.Key()
			p.Make(m)
			p.Terminal(1)
			p.Unmake(m)
			if p.Key() != key || p.String() != board {
				t.Fatalf("%q: move %d not undone: %q", board, m, p.String())
			}
		}
		if p.Empty() > 7 {
			return // a few milliseconds each: the seeds search those
		}
		lim := engine.Limits{Depth: p.Empty()}
		ab, err := engine.Search(context.Background(), p, lim, engine.Options{Algo: engine.AlphaBeta}, nil)
		if err != nil || ab.Value < -1 || ab.Value > 1 {
			t.Fatalf("%q: alpha-beta: value %d, %v", board, ab.Value, err)
		}
		if p.Empty() <= 5 {
			mm, err := engine.Search(context.Background(), p, lim, engine.Options{Algo: engine.Minimax}, nil)
			if err != nil || mm.Value != ab.Value {
				t.Fatalf("%q: minimax %d (%v), alpha-beta %d", board, mm.Value, err, ab.Value)
			}
		}
		if p.String() != board {
			t.Fatalf("%q: the search left %q", board, p.String())
		}
	})
}
