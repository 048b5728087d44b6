//go:build !(js && wasm)

package setup

import (
	"errors"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/chess"
)

// TestChessBoard: --fen takes a FEN, a built-in name or nothing (the start),
// and --moves are played on it; a word that is neither a FEN nor a built-in
// is named as such, and a bad move by its number.
func TestChessBoard(t *testing.T) {
	b, name, err := ChessBoard("", "e4 e5")
	if err != nil || name != "start" {
		t.Fatalf("start: %v, name %q", err, name)
	}
	if got, want := b.FEN(), "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"; got != want {
		t.Errorf("after e4 e5: %s, want %s", got, want)
	}
	if _, name, err := ChessBoard("kiwipete", ""); err != nil || name != "kiwipete" {
		t.Errorf("kiwipete: %v, name %q", err, name)
	}
	if _, name, err := ChessBoard(chess.StartFEN, "e2e4"); err != nil || name != "" {
		t.Errorf("a FEN: %v, name %q", err, name)
	}
	for _, tc := range []struct{ fen, moves, want string }{
		{"nosuch", "", `--fen: "nosuch" is neither a FEN nor a built-in position`},
		{"start", "e4 e4", "--moves: move 2: "},
	} {
		_, _, err := ChessBoard(tc.fen, tc.moves)
		var in *InputError
		if !errors.As(err, &in) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q %q: %v, want an input error starting %q", tc.fen, tc.moves, err, tc.want)
		}
	}
}

// TestLoadOneThing: exactly one thing to search, and flags only for the game
// searched.
func TestLoadOneThing(t *testing.T) {
	for _, tc := range []struct {
		f    InputFlags
		want string
	}{
		{InputFlags{Depth: -1, Eval: "pst", Notation: "san"}, "nothing to search"},
		{InputFlags{Tree: "aima", FEN: "start", Depth: -1, Eval: "pst", Notation: "san"}, "--tree and --fen: give only one thing to search"},
		{InputFlags{Tree: "aima", Moves: "e4", Depth: -1, Eval: "pst", Notation: "san"}, "--moves: only for chess, not for toy trees"},
		{InputFlags{Game: "go", Depth: -1, Eval: "pst", Notation: "san"}, `--game: "go" is not chess or tictactoe`},
	} {
		if _, err := tc.f.Load(nil); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.f, err, tc.want)
		}
	}
	in, err := (&InputFlags{Tree: "aima", Depth: -1, Eval: "pst", Notation: "san"}).Load(nil)
	if err != nil || in.Tree == nil || in.Game != "tree" || in.Depth != 2 {
		t.Fatalf("aima: %v %+v", err, in)
	}
	if err := in.CheckFocus("9.9"); err == nil {
		t.Error("--focus 9.9 on aima: no error")
	}
	if err := in.CheckFocus("2"); err != nil {
		t.Errorf("--focus 2 on aima: %v", err)
	}
}
