package match

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/chess"
)

var genOpenings = flag.String("gen-openings", "", "with -stockfish: write the wider set of openings (openings-wide.txt) to this file")

// TestGenerateOpenings makes the wider set of openings, for matches of more
// than the 80 games the built-in set gives at fixed nodes: from the initial
// position, Stockfish's three best moves at depth 8 (MultiPV 3) at each of
// the first six plies (729 lines at most), each line kept when Stockfish at
// depth 12 puts the position within ±50 centipawns, and once only when
// lines transpose. Run with -stockfish PATH -gen-openings FILE.
func TestGenerateOpenings(t *testing.T) {
	if *genOpenings == "" || *stockfish == "" {
		t.Skip("needs -stockfish and -gen-openings")
	}
	sf := startStockfish(t, *stockfish)
	defer sf.quit()
	sf.send("setoption name MultiPV value 3\nisready")
	sf.until("readyok")
	lines := [][]string{nil}
	for ply := 0; ply < 6; ply++ {
		var next [][]string
		for _, l := range lines {
			for _, m := range sf.top(l, 8) {
				next = append(next, append(append([]string(nil), l...), m))
			}
		}
		lines = next
	}
	sf.send("setoption name MultiPV value 1\nisready")
	sf.until("readyok")
	var out strings.Builder
	fmt.Fprintf(&out, "# Openings for long matches: from the initial position, Stockfish 15.1's three best\n# moves at depth 8 at each of the first six plies, kept when Stockfish at depth 12\n# puts the position within ±50 centipawns; transpositions once. Made by\n# go test ./engine/match -run TestGenerateOpenings -stockfish PATH -gen-openings FILE\n")
	seen := map[string]bool{}
	kept := 0
	for _, l := range lines {
		b := chess.StartBoard()
		var san []string
		for _, u := range l {
			m, err := b.ParseUCI(u)
			if err != nil {
				t.Fatal(err)
			}
			san = append(san, b.SAN(m))
			b.Make(m)
		}
		fen := b.FEN()
		if seen[fen] {
			continue
		}
		seen[fen] = true
		cp := sf.eval(t, l, 12)
		if cp < -50 || cp > 50 {
			continue
		}
		kept++
		fmt.Fprintf(&out, "%s\n", strings.Join(san, " "))
	}
	t.Logf("%d lines, %d kept", len(lines), kept)
	if err := os.WriteFile(*genOpenings, []byte(out.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// top is Stockfish's MultiPV moves after the line, best first.
func (p *sfProc) top(line []string, depth int) []string {
	pos := "position startpos"
	if len(line) > 0 {
		pos += " moves " + strings.Join(line, " ")
	}
	p.send(fmt.Sprintf("ucinewgame\n%s\ngo depth %d", pos, depth))
	best := map[int]string{}
	for _, l := range p.until("bestmove") {
		f := strings.Fields(l)
		pv, k := 0, -1
		for i := 0; i+1 < len(f); i++ {
			switch f[i] {
			case "multipv":
				pv, _ = strconv.Atoi(f[i+1])
			case "pv":
				k = i + 1
			}
		}
		if k > 0 && pv > 0 {
			best[pv] = f[k]
		}
	}
	var out []string
	for i := 1; i <= 3; i++ {
		if m, ok := best[i]; ok {
			out = append(out, m)
		}
	}
	return out
}
