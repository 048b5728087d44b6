package chess

import (
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// walkDepth is how deep TestWalkConsistency goes from every perft position.
const walkDepth = 3

// TestWalkConsistency walks every perft position to depth 3 and at every
// node checks: the incremental key, occupancy and evaluation sums against a
// recomputation (also after a null move), that unmake restores the FEN and
// key exactly, that GivesCheck agrees with make+InCheck for every move, that
// Captures is exactly the captures and promotions of Moves in the same order,
// and that IsCapture matches the board.
func TestWalkConsistency(t *testing.T) {
	nodes := 0
	for _, c := range loadPerft(t) {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		nodes += walk(t, b, walkDepth, c.fen, nil)
		if t.Failed() {
			return
		}
	}
	t.Logf("%d nodes checked", nodes)
}

func walk(t *testing.T, b *Board, depth int, root string, line []engine.Move) int {
	if err := b.Validate(); err != nil {
		t.Fatalf("%s after %v: %v", root, lineText(line), err)
	}
	if depth == 0 {
		return 1
	}
	key := b.Key()
	fen := ""
	if depth >= 2 {
		fen = b.FEN()
	}
	if !b.InCheck() {
		b.MakeNull()
		if err := b.Validate(); err != nil {
			t.Fatalf("%s after %v and a null move: %v", root, lineText(line), err)
		}
		b.UnmakeNull()
		if b.Key() != key {
			t.Fatalf("%s: UnmakeNull did not restore the key", root)
		}
	}
	var buf, cbuf moveBuf
	moves := b.Moves(buf[:0])
	caps := b.Captures(cbuf[:0])
	var want []engine.Move
	for _, m := range moves {
		if m&FlagCapture != 0 || MovePromotion(m) != NoPieceType {
			want = append(want, m)
		}
		if (m&FlagCapture != 0) != (b.PieceAt(MoveTo(m)) != NoPiece || m&FlagEnPassant != 0) {
			t.Fatalf("%s after %v: capture flag of %s wrong", root, lineText(line), b.UCI(m))
		}
	}
	if len(want) != len(caps) {
		t.Fatalf("%s after %v: Captures %d moves, Moves has %d captures/promotions", root, lineText(line), len(caps), len(want))
	}
	for i := range want {
		if want[i] != caps[i] {
			t.Fatalf("%s after %v: Captures order differs at %d", root, lineText(line), i)
		}
	}
	nodes := 1
	for _, m := range moves {
		gives := b.GivesCheck(m)
		b.Make(m)
		if b.InCheck() != gives {
			b.Unmake(m)
			t.Fatalf("%s after %v: GivesCheck(%s) = %v, wrong", root, lineText(line), b.UCI(m), gives)
		}
		nodes += walk(t, b, depth-1, root, append(line, m))
		b.Unmake(m)
		if b.Key() != key {
			t.Fatalf("%s after %v: unmake of %s did not restore the key", root, lineText(line), b.UCI(m))
		}
		if fen != "" && b.FEN() != fen {
			t.Fatalf("%s after %v: unmake of %s gives %q, want %q", root, lineText(line), b.UCI(m), b.FEN(), fen)
		}
	}
	return nodes
}

// lineText writes a line of moves in UCI for failure messages.
func lineText(line []engine.Move) string {
	s := "moves"
	for _, m := range line {
		s += " " + (*Board)(nil).UCI(m)
	}
	return s
}
