package chess

import (
	"bufio"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

var perftDeep = flag.Bool("perft.deep", false, "also run the perft counts above perftQuickLimit nodes (minutes)")

// perftQuickLimit is the largest count checked on every go test run.
const perftQuickLimit = 5_000_000

// perftCase is one position of testdata/perft.epd with its counts by depth.
type perftCase struct {
	line   int
	fen    string
	counts map[int]int64
}

func loadPerft(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	sc := bufio.NewScanner(f)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := ParseEPD(line)
		if err != nil {
			t.Fatalf("perft.epd:%d: %v", ln, err)
		}
		c := perftCase{line: ln, fen: e.FEN, counts: map[int]int64{}}
		for _, op := range e.Ops {
			if len(op.Code) < 2 || op.Code[0] != 'D' || len(op.Operands) != 1 {
				continue
			}
			d, err1 := strconv.Atoi(op.Code[1:])
			n, err2 := strconv.ParseInt(op.Operands[0], 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("perft.epd:%d: bad op %q", ln, op)
			}
			c.counts[d] = n
		}
		if len(c.counts) == 0 {
			t.Fatalf("perft.epd:%d: no depth counts", ln)
		}
		out = append(out, c)
	}
	return out
}

// TestPerft checks every count of perft.epd up to perftQuickLimit nodes with
// both Perft and PerftBulk (with -short, up to a tenth of it); -perft.deep
// checks the rest with PerftBulk.
func TestPerft(t *testing.T) {
	cases := loadPerft(t)
	limit := int64(perftQuickLimit)
	if testing.Short() {
		limit = perftQuickLimit / 10 // every position still, at the depths up to 500,000 nodes
	}
	var checked, deep int
	start := time.Now()
	for _, c := range cases {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("perft.epd:%d: %v", c.line, err)
		}
		for d := 1; d <= 9; d++ {
			want, ok := c.counts[d]
			if !ok {
				continue
			}
			if want > limit {
				if !*perftDeep {
					continue
				}
				deep++
				if got := b.PerftBulk(d); got != want {
					t.Errorf("perft.epd:%d depth %d (deep): PerftBulk %d, want %d (%s)", c.line, d, got, want, c.fen)
				}
				continue
			}
			checked++
			if got := b.PerftBulk(d); got != want {
				t.Errorf("perft.epd:%d depth %d: PerftBulk %d, want %d (%s)", c.line, d, got, want, c.fen)
			}
			if got := b.Perft(d); got != want {
				t.Errorf("perft.epd:%d depth %d: Perft %d, want %d (%s)", c.line, d, got, want, c.fen)
			}
			if got := b.FEN(); got != c.fen {
				t.Errorf("perft.epd:%d: after perft FEN %q, want %q", c.line, got, c.fen)
			}
		}
	}
	t.Logf("%d counts checked, %d deep counts, in %v", checked, deep, time.Since(start))
}

func TestDivide(t *testing.T) {
	b := mustFEN(t, kiwipeteFEN)
	d := b.Divide(3)
	if len(d) != 48 {
		t.Fatalf("%d root moves, want 48", len(d))
	}
	var sum int64
	for i, e := range d {
		sum += e.Nodes
		if i > 0 && d[i-1].Move >= e.Move {
			t.Fatalf("not sorted at %d: %s then %s", i, d[i-1].Move, e.Move)
		}
	}
	if sum != 97862 {
		t.Errorf("sum %d, want 97862", sum)
	}
	// Two entries checked against Stockfish's "go perft 3".
	want := map[string]int64{"e1g1": 2059, "e5f7": 2080}
	for _, e := range d {
		if n, ok := want[e.Move]; ok && n != e.Nodes {
			t.Errorf("%s: %d, want %d", e.Move, e.Nodes, n)
		}
	}
}

// TestCountMatchesGenerate: the counting generator (count.go) counts what
// generate writes, at every position two plies from each perft.epd position
// (checks, pins, en passant, castling and promotions among them); perft's
// totals alone could hide errors that cancel out.
func TestCountMatchesGenerate(t *testing.T) {
	positions := 0
	var walk func(b *Board, depth int)
	walk = func(b *Board, depth int) {
		var buf moveBuf
		n := b.generate(&buf, genAll)
		positions++
		if got := b.countMoves(); got != n {
			t.Fatalf("%s: countMoves %d, generate %d", b.FEN(), got, n)
		}
		if depth == 0 {
			return
		}
		for _, m := range buf[:n] {
			b.Make(m)
			walk(b, depth-1)
			b.Unmake(m)
		}
	}
	for _, c := range loadPerft(t) {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		walk(b, 2)
	}
	if positions < 10000 {
		t.Errorf("only %d positions walked", positions)
	}
}
