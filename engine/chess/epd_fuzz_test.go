package chess

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// FuzzParseEPD: an EPD record (perft --epd, compare --epd) never makes
// ParseEPD panic, a refused one gets a one-line error, and an accepted one
// has a position ParseFEN takes, operations that read back the same when
// written again (every operand quoted), perft targets that are read without
// a panic, and best and avoid moves that ParseMove reads or refuses.
func FuzzParseEPD(f *testing.F) {
	for _, name := range []string{"testdata/bk.epd", "testdata/perft.epd", "testdata/nullmove-zugzwang.epd"} {
		fh, err := os.Open(name)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		for i := 0; sc.Scan() && i < 8; i++ {
			f.Add(sc.Text())
		}
		fh.Close()
	}
	for _, s := range []string{
		`4k3/8/8/8/8/8/8/4K3 w - - 12 40 bm Kd2; id "a \"quoted\" id; with a semicolon";`,
		`4k3/8/8/8/8/8/8/4K3 w - -`, `4k3/8/8/8/8/8/8/4K3 w - - ;D1 5 ;D99 0 ;Dx 3 ;D2 -1`,
		`4k3/8/8/8/8/8/8/4K3 w - - id "unterminated`, `4k3/8/8/8/8/8/8/4K3 w - - "no opcode"`,
		`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4 Nf3 O-O e9; am "" ;`,
		`8/8/8/8/8/8/8/8 w - -`, `x`, ``, "4k3/8/8/8/8/8/8/4K3\tw\t-\t-\tc0\t\"tab\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: the error spans lines: %q", line, err)
			}
			return
		}
		b, err := ParseFEN(e.FEN)
		if err != nil {
			t.Fatalf("%q: the record's FEN %q: %v", line, e.FEN, err)
		}
		var sb strings.Builder
		sb.WriteString(e.FEN)
		for _, o := range e.Ops {
			sb.WriteString(" " + o.Code)
			for _, a := range o.Operands {
				sb.WriteString(" " + quoteEPD(a))
			}
			sb.WriteString(";")
		}
		again, err := ParseEPD(sb.String())
		if err != nil || again.FEN != e.FEN || len(again.Ops) != len(e.Ops) {
			t.Fatalf("%q, written as %q, reads back as %+v (%v)", line, sb.String(), again, err)
		}
		for i, o := range e.Ops {
			a := again.Ops[i]
			if a.Code != o.Code || strings.Join(a.Operands, "\x00") != strings.Join(o.Operands, "\x00") || len(a.Operands) != len(o.Operands) {
				t.Fatalf("%q: operation %d %q %q reads back as %q %q", line, i, o.Code, o.Operands, a.Code, a.Operands)
			}
			_ = o.String()
		}
		if _, err := e.PerftTargets(); err != nil && strings.ContainsAny(err.Error(), "\n\r") {
			t.Fatalf("%q: the error spans lines: %q", line, err)
		}
		for _, code := range []string{"bm", "am"} {
			if o, ok := e.Op(code); ok {
				for _, mv := range o.Operands {
					if m, err := b.ParseMove(mv); err == nil && !isLegal(b, m) {
						t.Fatalf("%q: %s %q is not a legal move", line, code, mv)
					} else if err != nil && strings.ContainsAny(err.Error(), "\n\r") {
						t.Fatalf("%q: the error spans lines: %q", line, err)
					}
				}
			}
		}
	})
}

// quoteEPD writes an EPD operand as a quoted string: a backslash escapes
// the next character.
func quoteEPD(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// FuzzParseUCI: a move in UCI notation (or either notation, as --moves and
// --focus take them) never makes ParseUCI or ParseMove panic; a refused move
// gets a one-line error; an accepted one is legal and written back (UCI or
// SAN) reads as the same move.
func FuzzParseUCI(f *testing.F) {
	for _, s := range []string{"e2e4", "e7e8q", "e7e8Q", "e1g1", "e1c1", "a7b8n", "b2b1r", "h7h8", "e2e5", "a1a1", "e2e4q", "E2E4", "e2e4 ", "i9j0", "Nf3", "O-O", "0000", "e2-e4"} {
		f.Add(s)
	}
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
			for _, parse := range []func(string) (engine.Move, error){b.ParseUCI, b.ParseMove} {
				m, err := parse(s)
				if err != nil {
					if strings.ContainsAny(err.Error(), "\n\r") {
						t.Fatalf("%s: %q: the error spans lines: %q", b.FEN(), s, err)
					}
					continue
				}
				if !isLegal(b, m) {
					t.Fatalf("%s: %q read as %#x, not a legal move", b.FEN(), s, m)
				}
				if back, err := b.ParseUCI(b.UCI(m)); err != nil || back != m {
					t.Fatalf("%s: %q: UCI round trip through %q: %v", b.FEN(), s, b.UCI(m), err)
				}
				if back, err := b.ParseMove(b.SAN(m)); err != nil || back != m {
					t.Fatalf("%s: %q: SAN round trip through %q: %v", b.FEN(), s, b.SAN(m), err)
				}
			}
		}
	})
}
