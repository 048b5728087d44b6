package tictactoe_test

import (
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tictactoe"
)

func search(t testing.TB, p *tictactoe.Position, algo engine.Algo) engine.Result {
	t.Helper()
	res, err := engine.Search(context.Background(), p, engine.Limits{Depth: p.Empty()}, engine.Options{Algo: algo}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestCompleteGameTree: minimax visits every node of the game tree of
// tic-tac-toe, 549,946 positions (255,168 finished games), and finds a draw.
func TestCompleteGameTree(t *testing.T) {
	res := search(t, tictactoe.New(), engine.Minimax)
	if res.Value != 0 || res.Nodes != 549946 || res.Leaves != 255168 {
		t.Errorf("minimax: value %d, %d nodes, %d leaves; want 0, 549946, 255168", res.Value, res.Nodes, res.Leaves)
	}
	ab := search(t, tictactoe.New(), engine.AlphaBeta)
	if ab.Value != 0 || ab.Nodes*10 > res.Nodes {
		t.Errorf("alpha-beta: value %d, %d nodes; want 0 and far fewer than minimax", ab.Value, ab.Nodes)
	}
	if res.BestLabel != "X1" {
		t.Errorf("best move %q, want X1 (the first of the drawing moves in row-major order)", res.BestLabel)
	}
}

func TestPositions(t *testing.T) {
	cases := []struct {
		board string
		value int64
		best  string
	}{
		{"xx./oo./...", 1, "X3"},  // X completes the top row
		{"xx./oo./x..", -1, "O6"}, // O to move completes the middle row
		{"xox/xoo/oxx", 0, ""},    // full, drawn
		{"x../.o./...", 0, "X2"},  // a draw with best play
		{"xxx/oo./...", 1, ""},    // X has won, O to move
		{"o../xx./o..", 1, "X2"},  // X wins: X2 (a double threat) comes before X6 in row-major order
		{"o../xx./...", 0, "O6"},  // O to move must block
	}
	for _, c := range cases {
		p, err := tictactoe.Parse(c.board)
		if err != nil {
			t.Fatal(err)
		}
		res := search(t, p, engine.AlphaBeta)
		if res.Value != c.value || res.BestLabel != c.best {
			t.Errorf("%s: value %d best %q, want %d %q", c.board, res.Value, res.BestLabel, c.value, c.best)
		}
		if got := p.String(); got != c.board {
			t.Errorf("String() = %q, want %q", got, c.board)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"x.o/.x.":     `board "x.o/.x.": 2 rows, want 3 separated by '/' (e.g. x.o/.x./..o)`,
		"x.o/.x/..o":  `board "x.o/.x/..o": row 2 is ".x", want 3 squares`,
		"x.o/.q./..o": `board "x.o/.q./..o": row 2: 'q' is not x, o or '.'`,
		"xx./.../...": `board "xx./.../...": 2 X and 0 O cannot happen (X moves first, then they alternate)`,
		"xxx/ooo/x..": `board "xxx/ooo/x..": both X and O have three in a row`,
		"xxx/oo./o..": `board "xxx/oo./o..": X has three in a row but it is X's turn (the game ended when X made the line)`,
		"ooo/xx./x.x": `board "ooo/xx./x.x": O has three in a row but it is O's turn (the game ended when O made the line)`,
	}
	for in, want := range cases {
		if _, err := tictactoe.Parse(in); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", in, err, want)
		}
	}
}

func TestKeysAreUnique(t *testing.T) {
	seen := map[uint64]string{}
	var walk func(p *tictactoe.Position)
	walk = func(p *tictactoe.Position) {
		k, s := p.Key(), p.String()
		if other, ok := seen[k]; ok && other != s {
			t.Fatalf("boards %s and %s share key %d", s, other, k)
		}
		seen[k] = s
		if _, over := p.Terminal(0); over {
			return
		}
		for _, m := range p.Moves(nil) {
			p.Make(m)
			walk(p)
			p.Unmake(m)
		}
	}
	walk(tictactoe.New())
	if len(seen) != 5478 {
		t.Errorf("%d distinct positions, want 5478", len(seen))
	}
}

func TestNoAllocation(t *testing.T) {
	p := tictactoe.New()
	buf := make([]engine.Move, 0, 9)
	if a := testing.AllocsPerRun(100, func() {
		for _, m := range p.Moves(buf[:0]) {
			p.Make(m)
			p.Terminal(1)
			p.Key()
			p.Unmake(m)
		}
	}); a != 0 {
		t.Errorf("%v allocations", a)
	}
}
