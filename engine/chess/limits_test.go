package chess

import (
	"strings"
	"testing"
)

// TestClockLimits: a halfmove clock past MaxHalfmoveClock (which a 32-bit
// undo entry truncated: 2^31 came back from Unmake as -2^31) and a fullmove
// number past MaxFullmoveNumber are refused with one line naming the field;
// the largest allowed values are kept through Make and Unmake.
func TestClockLimits(t *testing.T) {
	const pieces = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
	for _, tc := range []struct{ clocks, want string }{
		{"151 1", "fen: halfmove clock: 151 is more than 150: "},
		{"2147483648 1", "fen: halfmove clock: 2147483648 is more than 150: "},
		{"99999999999999999999 1", "fen: halfmove clock: 99999999999999999999 is more than 150: "},
		{"0 10001", "fen: fullmove number: 10001 is more than 10000: "},
		{"0 99999999999999999999", "fen: fullmove number: 99999999999999999999 is more than 10000: "},
	} {
		_, err := ParseFEN(pieces + tc.clocks)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line starting %q", tc.clocks, err, tc.want)
		}
	}
	b, err := ParseFEN(pieces + "150 10000")
	if err != nil {
		t.Fatal(err)
	}
	m, err := b.ParseMove("Nf3")
	if err != nil {
		t.Fatal(err)
	}
	b.Make(m)
	b.MakeNull()
	if b.HalfmoveClock() != 152 {
		t.Errorf("after a knight move and a pass the clock is %d, want 152", b.HalfmoveClock())
	}
	b.UnmakeNull()
	b.Unmake(m)
	if b.HalfmoveClock() != 150 || b.FEN() != pieces+"150 10000" {
		t.Errorf("after Unmake: clock %d, FEN %s", b.HalfmoveClock(), b.FEN())
	}
}
