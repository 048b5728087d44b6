package browser

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/step"
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
// step: it shows the position of the innermost open node of the step's
// line (its FEN, as the diagram's label says, and one piece picture per
// piece), the side to move and the last move into it, and, when the step's
// node is a child of that node (a leaf evaluated, a child returning), the
// move tried from it, as an arrow and in words. The line comes from the
// step-through player, apart from the page.
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
	f, err := os.Open(w.trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := step.Open(f, w.trace)
	if err != nil {
		t.Fatal(err)
	}
	opens := []int64{-1} // the innermost open node after each step
	for {
		ok, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		st := p.State()
		open := int64(-1)
		if k := len(st.Stack); k > 0 {
			open = st.Stack[k-1].Node
		} else if st.Root != nil {
			open = st.Root.Node
		}
		opens = append(opens, open)
	}
	boards := boardsFor(s.args)
	tab := newTab(t)
	open(t, tab, fileURL(w.html))
	type boardShown struct {
		Label  string
		Pieces int
		Empty  int
		Text   string
		Arrow  string
	}
	// In chunks of 50 steps, each within timed's deadline on a loaded machine.
	var got []boardShown
	for from := 1; from <= want[len(want)-1].Step; from += 50 {
		got = append(got, timed(t, tab, chromedp.Evaluate[[]boardShown](fmt.Sprintf(`(() => {
		const out = [];
		for (let n = %d; n <= %d; n++) {
			window.ps.go(n);
			const b = document.getElementById("board"), svg = b.querySelector("svg"), a = b.querySelector(".ps-arrow");
			const pieces = [...b.querySelectorAll(".ps-piece")];
			out.push({Label: svg ? svg.getAttribute("aria-label") : "", Pieces: pieces.length, Empty: pieces.filter(p => !p.querySelector("path, circle")).length,
				Text: b.innerText, Arrow: a ? a.getAttribute("data-from") + "–" + a.getAttribute("data-to") : ""});
		}
		return out; })()`, from, min(from+49, want[len(want)-1].Step))))...)
	}
	bad, checked, tried := 0, 0, 0
	for i, g := range got {
		st := want[i+1]
		if st.Node == nil || i+1 >= len(opens) {
			continue
		}
		path, ok := paths[*st.Node]
		if !ok {
			continue // the search's end: no node entered
		}
		at, move := path, ""
		if openPath, ok := paths[opens[i+1]]; ok && opens[i+1] != *st.Node {
			moves := strings.Fields(path)
			if len(moves) > 0 && strings.Join(moves[:len(moves)-1], " ") == openPath {
				at, move = openPath, moves[len(moves)-1]
			}
		}
		b, err := boards(at)
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
		last := ""
		if b.From != "" {
			last = "last move " + b.From + "–" + b.To
		}
		arrow, words := "", ""
		if move != "" {
			tb, err := boards(path)
			if err != nil {
				t.Fatal(err)
			}
			tried++
			words = "trying " + move
			if tb.From != "" {
				arrow = tb.From + "–" + tb.To
			}
		}
		checked++
		if g.Label != "position "+b.FEN || g.Pieces != pieces || g.Empty > 0 || !strings.Contains(g.Text, side) || !strings.Contains(g.Text, last) ||
			!strings.Contains(g.Text, words) || g.Arrow != arrow || (move == "") != !strings.Contains(g.Text, "trying") {
			if bad++; bad <= 3 {
				t.Errorf("step %d, node %q: the board shows %q, %d pieces (%d without a picture), %q, arrow %q; want position %s, %d pieces, %s, %s, %q, arrow %q",
					st.Step, path, g.Label, g.Pieces, g.Empty, g.Text, g.Arrow, b.FEN, pieces, side, last, words, arrow)
			}
		}
	}
	if bad > 3 {
		t.Errorf("and %d more steps", bad-3)
	}
	if checked < len(got)/2 || tried == 0 {
		t.Errorf("only %d steps of %d have a node with a path, %d a move tried: the check is blind", checked, len(got), tried)
	}
}
