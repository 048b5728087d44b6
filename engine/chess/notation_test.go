package chess

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// roundTrip checks SAN, UCI and ParseMove both ways for every legal move.
func roundTrip(t *testing.T, b *Board, where string) {
	t.Helper()
	var buf moveBuf
	for _, m := range b.Moves(buf[:0]) {
		san := b.SAN(m)
		got, err := b.ParseSAN(san)
		if err != nil || got != m {
			t.Fatalf("%s: ParseSAN(SAN(%s) = %q) = %s, %v", where, b.UCI(m), san, b.UCI(got), err)
		}
		uci := b.UCI(m)
		if got, err := b.ParseUCI(uci); err != nil || got != m {
			t.Fatalf("%s: ParseUCI(%q) = %v, %v", where, uci, got, err)
		}
		for _, s := range []string{uci, san} {
			if got, err := b.ParseMove(s); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) = %v, %v", where, s, got, err)
			}
		}
	}
}

// TestNotationRoundTrip: every root move of every perft position, and every
// move at depth 2 of the first 20.
func TestNotationRoundTrip(t *testing.T) {
	var buf moveBuf
	for i, c := range loadPerft(t) {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		roundTrip(t, b, c.fen)
		if i >= 20 {
			continue
		}
		for _, m := range b.Moves(buf[:0]) {
			b.Make(m)
			roundTrip(t, b, c.fen+" after "+b.UCI(m))
			b.Unmake(m)
		}
	}
}

// sanCases are moves with the SAN they must be written as.
var sanCases = []struct{ fen, uci, san string }{
	{StartFEN, "g1f3", "Nf3"},
	{StartFEN, "e2e4", "e4"},
	{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},     // by file
	{"4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},       // by rank
	{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},    // by both
	{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "c1b2", "Qcb2"},     // file suffices
	{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3b2", "Q3b2"},     // rank needed
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},     // promotion with check
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N"},      // under-promotion
	{"2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7c8q", "bxc8=Q+"}, // capture-promotion with check
	{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},        // castling with check
	{"r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8", "O-O-O"},
	{"r3k3/8/8/8/8/8/8/3K4 b q - 0 1", "e8c8", "O-O-O+"},
	{"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"}, // mate
	{"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", "e4d5", "exd5"},
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},         // en passant
	{"2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", "d2d8", "Rd8+"}, // mate-in-2 start
	{"3r2k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8", "Rxd8#"},
}

func TestSAN(t *testing.T) {
	for _, c := range sanCases {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.ParseUCI(c.uci)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		if got := b.SAN(m); got != c.san {
			t.Errorf("%s: SAN(%s) = %q, want %q", c.fen, c.uci, got, c.san)
		}
	}
}

// parseCases are texts people type, with the move (UCI) they mean or the error.
var parseCases = []struct{ fen, text, uci, err string }{
	{StartFEN, "Nf3", "g1f3", ""},
	{StartFEN, "Nf3!?", "g1f3", ""},
	{StartFEN, "Nf3+", "g1f3", ""}, // a wrong check mark is forgiven
	{StartFEN, "Ng1f3", "g1f3", ""},
	{StartFEN, "Ng1-f3", "g1f3", ""},
	{StartFEN, "Ngf3", "g1f3", ""},
	{StartFEN, "e4", "e2e4", ""},
	{StartFEN, "Pe4", "e2e4", ""},
	{StartFEN, "e2e4", "e2e4", ""}, // ParseMove: UCI
	{StartFEN, "Nf4", "", `san "Nf4": no legal move matches`},
	{StartFEN, "Nxf3", "", `san "Nxf3": no legal move matches`},
	{StartFEN, "e5", "", `san "e5": no legal move matches`},
	{StartFEN, "O-O", "", `san "O-O": no legal move matches`},
	{StartFEN, "hello", "", `san "hello": not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)`},
	{StartFEN, "", "", `san "": not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)`},
	{StartFEN, "e2e5", "", `uci "e2e5": not a legal move here`},
	{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "", `san "Nd2": ambiguous (Nbd2, Nfd2)`},
	{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nfd2", "f3d2", ""},
	{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "0-0", "e1g1", ""},
	{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "O-O+", "e1g1", ""},
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8Q", "b7b8q", ""},
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=Q+", "b7b8q", ""},
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8=n", "b7b8n", ""},
	{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b8", "", `san "b8": a promotion needs its piece, such as b8=Q`},
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6", ""},
	{"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "ed6", "e5d6", ""},
	{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qb2", "", `san "Qb2": ambiguous (Qa1b2, Qcb2, Q3b2)`},
	{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Q1b2", "", `san "Q1b2": ambiguous (Qa1b2, Qcb2)`},
}

func TestParseMove(t *testing.T) {
	for _, c := range parseCases {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := b.ParseMove(c.text)
		switch {
		case c.err != "" && (err == nil || err.Error() != c.err):
			t.Errorf("%s: ParseMove(%q) = %v, %v; want error %q", c.fen, c.text, b.UCI(m), err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: ParseMove(%q): %v", c.fen, c.text, err)
		case c.err == "" && b.UCI(m) != c.uci:
			t.Errorf("%s: ParseMove(%q) = %s, want %s", c.fen, c.text, b.UCI(m), c.uci)
		}
	}
}

// fuzzSANPositions are the positions FuzzParseSAN parses moves in.
var fuzzSANPositions = []string{
	StartFEN,
	kiwipeteFEN,
	"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
	"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
}

// FuzzParseSAN: ParseSAN never panics; what it accepts is a legal move whose
// SAN reads back to the same move.
func FuzzParseSAN(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.text)
	}
	for _, c := range sanCases {
		f.Add(c.san)
	}
	f.Add("Qa1b2")
	f.Add("O-O-O")
	f.Add("bxc8=Q+")
	var boards []*Board
	for _, fen := range fuzzSANPositions {
		b, err := ParseFEN(fen)
		if err != nil {
			f.Fatal(err)
		}
		boards = append(boards, b)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, b := range boards {
			m, err := b.ParseSAN(s)
			if err != nil {
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("multi-line error %q", err)
				}
				continue
			}
			if !isLegal(b, m) {
				t.Fatalf("%s: ParseSAN(%q) = %#x, not a legal move", b.FEN(), s, m)
			}
			if back, err := b.ParseSAN(b.SAN(m)); err != nil || back != m {
				t.Fatalf("%s: SAN round trip of %q: %v", b.FEN(), s, err)
			}
			if _, err := b.ParseMove(s); err != nil && !isUCISyntax(s) {
				t.Fatalf("%s: ParseMove(%q) fails where ParseSAN succeeds: %v", b.FEN(), s, err)
			}
		}
	})
}

func isLegal(b *Board, m engine.Move) bool {
	var buf moveBuf
	for _, l := range b.Moves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}
