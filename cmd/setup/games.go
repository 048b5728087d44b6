//go:build !(js && wasm)

package setup

import (
	"strings"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
)

// The games (chess and tic-tac-toe) are loaded here, in every build but the
// lab's WebAssembly engine, which searches toy trees only and leaves their
// packages out (games_wasm.go).

// Evaluator is the chess evaluation --eval names.
func (f *InputFlags) Evaluator() (chess.Evaluator, error) {
	ev, err := chess.ParseEvaluator(f.Eval)
	if err != nil {
		return ev, BadInput("--eval", err)
	}
	return ev, nil
}

// ChessDepth is the depth of a chess search: --depth, else defaultChessDepth.
func (f *InputFlags) ChessDepth() int {
	if f.Depth >= 0 {
		return f.Depth
	}
	return defaultChessDepth
}

func (f *InputFlags) loadChess() (*Input, error) {
	ev, err := f.Evaluator()
	if err != nil {
		return nil, err
	}
	var notation chess.Notation
	switch f.Notation {
	case "san":
		notation = chess.SAN
	case "uci":
		notation = chess.UCI
	default:
		return nil, BadInputf("--notation: %q is not san or uci", f.Notation)
	}
	b, name, err := ChessBoard(f.FEN, f.Moves)
	if err != nil {
		return nil, err
	}
	// The moves stay in the board's history, so a position they repeat
	// counts as a repetition in the search.
	pos := chess.NewPosition(b, ev)
	pos.SetNotation(notation)
	label := b.FEN()
	if name != "" {
		label = name
		if played := strings.Fields(f.Moves); len(played) > 0 {
			// The moves as SAN writes them, whatever the letters or the
			// notation they were typed in (Jf3, g1f3: Nf3).
			if start, _, err := ChessBoard(f.FEN, ""); err == nil {
				for i, m := range played {
					if mv, err := start.ParseMove(m); err == nil {
						played[i] = start.SAN(mv)
						start.Make(mv)
					}
				}
			}
			label += " after " + strings.Join(played, " ")
		}
	}
	pos.SetInput(label)
	return &Input{Pos: pos, Depth: defaultChessDepth}, nil
}

// ChessBoard reads a FEN or a built-in position's name ("" is the start
// position) and plays moves (SAN or UCI) on it, for --fen and --moves. name
// is the built-in position's name, "" for a FEN.
func ChessBoard(fen, moves string) (b *chess.Board, name string, err error) {
	if fen == "" {
		fen, name = chess.StartFEN, "start"
	} else if bi, ok := chess.BuiltinByName(fen); ok {
		fen, name = bi.FEN, bi.Name
	}
	if b, err = chess.ParseFEN(fen); err != nil {
		if name == "" && !strings.ContainsAny(fen, "/ ") {
			return nil, "", BadInputf("--fen: %q is neither a FEN nor a built-in position (see prunescope positions)", fen)
		}
		return nil, "", BadInput("", err)
	}
	for i, mv := range strings.Fields(moves) {
		m, err := b.ParseMove(mv)
		if err != nil {
			return nil, "", BadInputf("--moves: move %d: %v", i+1, err)
		}
		b.Make(m)
	}
	return b, name, nil
}

func (f *InputFlags) loadTicTacToe() (*Input, error) {
	p := tictactoe.New()
	if f.Board != "" {
		var err error
		if p, err = tictactoe.Parse(f.Board); err != nil {
			return nil, BadInput("--board", err)
		}
	}
	return &Input{Pos: p, Depth: p.Empty()}, nil
}

// checkTicTacToeDepth refuses a --depth short of the game's end: tic-tac-toe
// has no static evaluation.
func (f *InputFlags) checkTicTacToeDepth(in *Input) error {
	if in.Depth < in.Pos.(*tictactoe.Position).Empty() && f.Depth >= 0 {
		if _, over := in.Pos.Terminal(0); !over {
			return BadInputf("--depth: tic-tac-toe has no static evaluation, so it is searched to the end of the game (%d plies here): leave --depth out", in.Pos.(*tictactoe.Position).Empty())
		}
	}
	return nil
}
