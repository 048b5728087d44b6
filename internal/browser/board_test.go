package browser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace/page"
)

// boardsFor is what the board must show at each node of a chess search run
// with args (--fen NAME, and --moves played before it), worked out here
// with engine/chess, apart from the command's own wiring: the position
// after the node's path (SAN moves from the root) and the squares of its
// last move.
func boardsFor(args []string) func(path string) (page.Board, error) {
	var position, before string
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "--fen":
			position = args[i+1]
		case "--moves":
			before = args[i+1]
		}
	}
	return func(path string) (page.Board, error) {
		start, ok := chess.BuiltinByName(position)
		if !ok {
			return page.Board{}, fmt.Errorf("no built-in position %q", position)
		}
		b, err := chess.ParseFEN(start.FEN)
		if err != nil {
			return page.Board{}, err
		}
		for _, san := range strings.Fields(before) {
			m, err := b.ParseMove(san)
			if err != nil {
				return page.Board{}, fmt.Errorf("--moves %s: %w", before, err)
			}
			b.Make(m)
		}
		var last string
		for _, san := range strings.Fields(path) {
			m, err := b.ParseMove(san)
			if err != nil {
				return page.Board{}, fmt.Errorf("%s: %w", path, err)
			}
			last = b.UCI(m)
			b.Make(m)
		}
		board := page.Board{FEN: b.FEN()}
		if last != "" {
			board.From, board.To = last[:2], last[2:4]
		}
		return board, nil
	}
}

// TestChessBoard checks the board beside a chess search's tree at every
// step: it shows the current node's position (its FEN, as the diagram's
// label says, and one disc per piece), the side to move and the last move.
func TestChessBoard(t *testing.T) {
	parallel(t)
	s := searchNamed(t, "tactic")
	skipShort(t)
	w := pageOf(t, s)
	want := expected(t, w)
	paths := map[int64]string{}
	for path, id := range nodeIDs(t, w.trace) {
		paths[id] = path
	}
	boards := boardsFor(s.args)
	tab := newTab(t)
	open(t, tab, fileURL(w.html))
	type boardShown struct {
		Label string
		Discs int
		Text  string
	}
	got := timed(t, tab, chromedp.Evaluate[[]boardShown](fmt.Sprintf(`(() => {
		const out = [];
		for (let n = 1; n <= %d; n++) {
			window.ps.go(n);
			const b = document.getElementById("board"), svg = b.querySelector("svg");
			out.push({Label: svg ? svg.getAttribute("aria-label") : "", Discs: b.querySelectorAll("circle").length, Text: b.innerText});
		}
		return out; })()`, want[len(want)-1].Step)))
	bad, checked := 0, 0
	for i, g := range got {
		st := want[i+1]
		if st.Node == nil {
			continue
		}
		path, ok := paths[*st.Node]
		if !ok {
			continue // the search's end: no node entered
		}
		b, err := boards(path)
		if err != nil {
			t.Fatal(err)
		}
		pieces := 0
		for _, c := range strings.Fields(b.FEN)[0] {
			if strings.ContainsRune("pnbrqkPNBRQK", c) {
				pieces++
			}
		}
		side := map[string]string{"w": "White to move", "b": "Black to move"}[strings.Fields(b.FEN)[1]]
		move := ""
		if b.From != "" {
			move = "last move " + b.From + "–" + b.To
		}
		checked++
		if g.Label != "position "+b.FEN || g.Discs != pieces || !strings.Contains(g.Text, side) || !strings.Contains(g.Text, move) {
			if bad++; bad <= 3 {
				t.Errorf("step %d, node %q: the board shows %q, %d discs, %q; want position %s, %d discs, %s, %s", st.Step, path, g.Label, g.Discs, g.Text, b.FEN, pieces, side, move)
			}
		}
	}
	if bad > 3 {
		t.Errorf("and %d more steps", bad-3)
	}
	if checked < len(got)/2 {
		t.Errorf("only %d steps of %d have a node with a path: the check is blind", checked, len(got))
	}
}
