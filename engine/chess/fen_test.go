package chess

import (
	"strings"
	"testing"
)

// TestFENRoundTrip reads and writes back every perft position.
func TestFENRoundTrip(t *testing.T) {
	for _, c := range loadPerft(t) {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("perft.epd:%d: %v", c.line, err)
		}
		if got := b.FEN(); got != c.fen {
			t.Errorf("perft.epd:%d: FEN() = %q, want %q", c.line, got, c.fen)
		}
	}
}

func TestFENFourFields(t *testing.T) {
	b, err := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := b.FEN(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"; got != want {
		t.Errorf("FEN() = %q, want %q", got, want)
	}
}

// badFENs are FENs that must be refused, with the exact error.
var badFENs = []struct{ fen, err string }{
	{"", "fen: empty"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fen: 3 fields, expected 6 (or 4 without the clocks): pieces, side, castling, en passant, halfmove clock, fullmove number"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fen: 5 fields, expected 6 (or 4 without the clocks): pieces, side, castling, en passant, halfmove clock, fullmove number"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "fen: 7 fields, expected 6 (or 4 without the clocks): pieces, side, castling, en passant, halfmove clock, fullmove number"},
	{"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: 7 ranks, expected 8 separated by '/'"},
	{"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: 9 ranks, expected 8 separated by '/'"},
	{"rnbqkbnr/pppppppp/8/3x4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: bad piece letter 'x' on rank 5"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1R w KQkq - 0 1", "fen: pieces: rank 1 has 9 squares, expected 8"},
	{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: rank 7 has 7 squares, expected 8"},
	{"rnbqkbnr/pppppppp/8/8/8/9/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: bad piece letter '9' on rank 3"},
	{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "fen: pieces: no black king"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "fen: pieces: no white king"},
	{"rnbqkbnr/pppppppp/8/8/3K4/8/PPPPPPPP/RNBQKBNR w kq - 0 1", "fen: pieces: 2 white kings, expected 1"},
	{"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "fen: pieces: white pawn on h8: pawns cannot stand on the first or last rank"},
	{"rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNp w KQkq - 0 1", "fen: pieces: black pawn on h1: pawns cannot stand on the first or last rank"},
	{"QQQQkQQQ/8/8/8/8/8/8/4K3 w - - 0 1", "fen: side: black is in check but it is white's move"},
	{"QQQQkQQQ/8/8/8/8/8/8/4K3 b - - 0 1", ""},
	{"QQQQkQQQ/QQQ5/8/8/8/8/8/4K3 b - - 0 1", "fen: pieces: white has 9 promoted pieces but only 8 pawns are missing"},
	{"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: white has 9 pawns, at most 8"},
	{"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen: pieces: white has 1 promoted pieces but only 0 pawns are missing"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", `fen: side: "x": expected w or b`},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", `fen: side: "W": expected w or b`},
	{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", ""},
	{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "fen: side: black is in check but it is white's move"},
	{"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "fen: side: white is in check but it is black's move"},
	{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", "fen: castling: K: no white rook on h1"},
	{"4k3/8/8/8/8/8/8/R4K2 w Q - 0 1", "fen: castling: Q: no white king on e1"},
	{"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", "fen: castling: k: no black rook on h8"},
	{"4k3/8/8/8/8/8/8/4K3 w q - 0 1", "fen: castling: q: no black rook on a8"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", `fen: castling: bad letter 'x' in "KQkx": expected - or some of K, Q, k, q`},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", `fen: castling: 'K' given twice`},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w -K - 0 1", `fen: castling: bad letter '-' in "-K": expected - or some of K, Q, k, q`},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", `fen: en passant: "e9" is not a square (expected - or a square such as e3)`},
	{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", "fen: en passant: e6: must be on rank 3 when black is to move"},
	{"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", "fen: en passant: e3: must be on rank 6 when white is to move"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1", "fen: en passant: d6: no black pawn on d5 that could have just moved two squares"},
	{"rnbqkbnr/ppp1ppp1/3p4/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1", "fen: en passant: d6: the square is occupied, but the pawn has just passed over it"},
	{"rnbqkbnr/pppppp1p/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 1", "fen: en passant: d6: d7 is occupied, but the pawn has just left it"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", `fen: halfmove clock: "x" is not a number`},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "fen: halfmove clock: -1 is negative"},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", `fen: fullmove number: "one" is not a number`},
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3", "fen: fullmove number: -3 is negative"},
}

func TestBadFEN(t *testing.T) {
	for _, c := range badFENs {
		_, err := ParseFEN(c.fen)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("ParseFEN(%q): unexpected error %v", c.fen, err)
		case c.err == "":
		case err == nil:
			t.Errorf("ParseFEN(%q): no error, want %q", c.fen, c.err)
		case err.Error() != c.err:
			t.Errorf("ParseFEN(%q):\n got %q\nwant %q", c.fen, err, c.err)
		case strings.Contains(err.Error(), "\n"):
			t.Errorf("ParseFEN(%q): error spans lines", c.fen)
		}
		if fe, ok := err.(*FENError); err != nil && !ok {
			t.Errorf("ParseFEN(%q): error type %T, want *FENError", c.fen, err)
		} else if ok && c.err != "" && fe.Field != "" && !strings.HasPrefix(c.err, "fen: "+fe.Field+": ") {
			t.Errorf("ParseFEN(%q): Field %q", c.fen, fe.Field)
		}
	}
}

// FuzzParseFEN: ParseFEN never panics, and whatever it accepts writes back
// to a FEN that reads to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, c := range badFENs {
		f.Add(c.fen)
	}
	for _, c := range loadPerft(f) {
		f.Add(c.fen)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseFEN(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if err := b.Validate(); err != nil {
			t.Fatalf("ParseFEN(%q): %v", s, err)
		}
		fen := b.FEN()
		b2, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) wrote %q which does not read back: %v", s, fen, err)
		}
		if b2.FEN() != fen || b2.Key() != b.Key() {
			t.Fatalf("round trip of %q: %q then %q", s, fen, b2.FEN())
		}
		// The position must be usable.
		var buf moveBuf
		for _, m := range b.Moves(buf[:0]) {
			b.Make(m)
			b.Unmake(m)
		}
		if b.FEN() != fen {
			t.Fatalf("make/unmake changed %q", fen)
		}
	})
}
