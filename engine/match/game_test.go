package match

import (
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
)

// line plays SAN moves from a FEN (the initial position for "") and returns
// the board and the keys of the positions along the way.
func line(t *testing.T, fen, moves string) (*chess.Board, []uint64) {
	t.Helper()
	b := chess.StartBoard()
	if fen != "" {
		var err error
		if b, err = chess.ParseFEN(fen); err != nil {
			t.Fatal(err)
		}
	}
	keys := []uint64{b.Key()}
	for _, s := range strings.Fields(moves) {
		m, err := b.ParseSAN(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		b.Make(m)
		keys = append(keys, b.Key())
	}
	return b, keys
}

// TestAdjudicate: each way a game ends, and positions that go on.
func TestAdjudicate(t *testing.T) {
	cases := []struct {
		name, fen, moves string
		outcome          Outcome
		ending           Ending
	}{
		{"fool's mate", "", "f3 e5 g4 Qh4#", BlackWins, Checkmate},
		{"white mates", "k7/8/1K6/8/8/8/8/7R w - - 0 1", "Rh8#", WhiteWins, Checkmate},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", Draw, Stalemate},
		{"threefold", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8", Draw, Repetition},
		{"twice is not three times", "", "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1", Unfinished, NotEnded},
		{"repetition after a pawn move does not count the positions before it", "", "Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8", Unfinished, NotEnded},
		{"fifty moves", "8/8/8/4k3/8/8/R7/4K3 w - - 99 80", "Ra3", Draw, FiftyMoves},
		{"forty-nine and a half", "8/8/8/4k3/8/8/R7/4K3 w - - 98 80", "Ra3", Unfinished, NotEnded},
		{"a mate on the fiftieth move wins", "k7/8/1K6/8/8/8/8/7R w - - 99 80", "Rh8#", WhiteWins, Checkmate},
		{"K v K after a capture", "8/8/4k3/8/8/8/3pK3/8 w - - 0 1", "Kxd2", Draw, DeadPosition},
		{"KB v K", "8/8/4k3/8/8/8/8/2B1K3 b - - 0 1", "", Draw, DeadPosition},
		{"KN v K", "8/8/4k3/8/8/8/8/1N2K3 w - - 0 1", "", Draw, DeadPosition},
		{"KB v KB, same colour (f8 and c1 dark)", "5b2/8/4k3/8/8/8/8/2B1K3 w - - 0 1", "", Draw, DeadPosition},
		{"KB v KB, opposite colours (c8 light)", "2b5/8/4k3/8/8/8/8/2B1K3 w - - 0 1", "", Unfinished, NotEnded},
		{"KNN v K", "8/8/4k3/8/8/8/8/1N2K1N1 w - - 0 1", "", Unfinished, NotEnded},
		{"KP v K", "8/8/4k3/8/8/8/4P3/4K3 w - - 0 1", "", Unfinished, NotEnded},
		{"KR v K", "8/8/4k3/8/8/8/8/R3K3 w - - 0 1", "", Unfinished, NotEnded},
	}
	for _, c := range cases {
		b, keys := line(t, c.fen, c.moves)
		o, e := adjudicate(b, keys)
		if o != c.outcome || e != c.ending {
			t.Errorf("%s: %v by %d, want %v by %d", c.name, o, e, c.outcome, c.ending)
		}
	}
}

// TestMoveCapAndFallback: a game whose searches never finish an iteration
// (one node a move) plays the first legal move each time, the same game
// every time, and the move cap ends it as a draw.
func TestMoveCapAndFallback(t *testing.T) {
	opt, err := engine.ParseSpec("alphabeta+tt", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt.Iterative = true
	players := [2]Player{{Name: "a", Opt: opt}, {Name: "b", Opt: opt}}
	var games [2]Game
	for i := range games {
		games[i] = Game{Opening: Opening{Name: "start"}, White: 0, Black: 1}
		if err := play(context.Background(), &games[i], players, engine.Limits{Depth: 8, Nodes: 1}, chess.EvalPST, 12); err != nil {
			t.Fatal(err)
		}
	}
	g := games[0]
	if g.Ending != MoveCap || g.Outcome != Draw || len(g.Plies) != 12 {
		t.Fatalf("ending %d, outcome %v, %d plies; want the move cap, a draw, 12 plies", g.Ending, g.Outcome, len(g.Plies))
	}
	b := chess.StartBoard()
	for i, p := range g.Plies {
		first := b.Moves(nil)[0]
		if !p.Fallback || p.SAN != b.SAN(first) || p.Nodes != 1 {
			t.Fatalf("ply %d: %+v, want the first legal move %s as a fallback", i+1, p, b.SAN(first))
		}
		if games[1].Plies[i] != p {
			t.Fatalf("ply %d differs between two runs: %+v and %+v", i+1, p, games[1].Plies[i])
		}
		b.Make(first)
	}
}
