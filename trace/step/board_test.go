package step

import (
	"errors"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/wrap"
	"github.com/prunescope/prunescope/trace/text"
)

const (
	startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	afterE4  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
)

// fakeBoards answers every path but the root with the position after 1.e4,
// and remembers the paths it was asked for.
func fakeBoards(asked *[]string) func(string) (Board, error) {
	return func(path string) (Board, error) {
		*asked = append(*asked, path)
		switch path {
		case "":
			return Board{FEN: startFEN}, nil
		case "3":
			return Board{}, errors.New("no such move")
		}
		return Board{FEN: afterE4, From: "e2", To: "e4"}, nil
	}
}

// TestBoardBesideTree: on a wide screen the board is beside the tree, on
// the right: a caption naming the move, ranks 8 to 1 with their numbers,
// the files' letters, the move's squares bracketed, the side to move; the
// position asked for is the step's node's.
func TestBoardBesideTree(t *testing.T) {
	var asked []string
	p := open(t, traceOf(t, builtin(t, "aima"), "alphabeta"))
	p.ShowBoards(fakeBoards(&asked), false)
	if err := p.Goto(2); err != nil { // enters node 1
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		lines := Screen(p, text.Plain(), size[0], size[1], "")
		if len(lines) != size[1] {
			t.Fatalf("%v: %d lines", size, len(lines))
		}
		if got := asked[len(asked)-1]; got != p.State().Stack[len(p.State().Stack)-1].Path {
			t.Errorf("%v: asked for the position at %q, the step is at %q", size, got, p.State().Stack[len(p.State().Stack)-1].Path)
		}
		screen := strings.Join(lines, "\n")
		for _, want := range []string{
			"│ after 1 (e2-e4)",
			"│ 8  ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜",
			"│ 4  ·  ·  ·  · [♙] ·  ·  ·",
			"│ 2  ♙  ♙  ♙  ♙ [·] ♙  ♙  ♙",
			"│ 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖",
			"│    a  b  c  d  e  f  g  h",
			"│ Black to move",
		} {
			if !strings.Contains(screen, want) {
				t.Errorf("%v: %q missing:\n%s", size, want, screen)
			}
		}
		for _, l := range lines {
			if w := wrap.Width(l); w > size[0] {
				t.Errorf("%v: a line %d wide: %q", size, w, l)
			}
			// The board's column is at the right edge, the same on
			// every line that has it.
			if i := strings.Index(l, "│ "); strings.Contains(l, " a  b  c") && wrap.Width(l[:i]) != size[0]-boardWidth-2 {
				t.Errorf("%v: the board starts at column %d: %q", size, wrap.Width(l[:i]), l)
			}
		}
	}
	// At the root (step 1), no move into it.
	if err := p.Goto(1); err != nil {
		t.Fatal(err)
	}
	if screen := strings.Join(Screen(p, text.Plain(), 100, 30, ""), "\n"); !strings.Contains(screen, "│ the root position") || strings.Contains(screen, "[♙]") {
		t.Errorf("the root's board:\n%s", screen)
	}
}

// TestBoardAboveTree: a narrow, tall screen has the board above the tree;
// one too small for both has no board; a position that cannot be had
// draws none.
func TestBoardAboveTree(t *testing.T) {
	var asked []string
	p := open(t, traceOf(t, builtin(t, "aima"), "alphabeta"))
	p.ShowBoards(fakeBoards(&asked), true)
	if err := p.Goto(2); err != nil {
		t.Fatal(err)
	}
	lines := Screen(p, text.Plain(), 60, 40, "")
	screen := strings.Join(lines, "\n")
	board := strings.Index(screen, "\n8  r  n  b  q  k  b  n  r")
	tree := strings.Index(screen, "\n▲ root")
	if board < 0 || tree < 0 || board > tree {
		t.Errorf("60×40: the board (ASCII) is not above the tree:\n%s", screen)
	}
	for _, want := range []string{"\n4  .  .  .  . [P] .  .  .", "\n1  R  N  B  Q  K  B  N  R"} {
		if !strings.Contains(screen, want) {
			t.Errorf("60×40: %q missing:\n%s", want, screen)
		}
	}
	if len(lines) != 40 {
		t.Errorf("60×40: %d lines", len(lines))
	}
	if screen := strings.Join(Screen(p, text.Plain(), 60, 16, ""), "\n"); strings.Contains(screen, "a  b  c") {
		t.Errorf("60×16: no room for a board, yet:\n%s", screen)
	}
	if err := p.Goto(0); err != nil {
		t.Fatal(err)
	}
	for p.stepPath() != "3" {
		if ok, err := p.Next(); err != nil || !ok {
			t.Fatal("no step at node 3", err)
		}
	}
	if screen := strings.Join(Screen(p, text.Plain(), 100, 30, ""), "\n"); strings.Contains(screen, "a  b  c") {
		t.Errorf("no position at node 3, yet a board:\n%s", screen)
	}
}
