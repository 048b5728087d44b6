//go:build js && wasm

package setup

// The lab's WebAssembly engine searches toy trees only: chess and
// tic-tac-toe, their move generators and tables, are left out of it (the
// lab refuses --fen and --game before loading; these say so if asked).

func (f *InputFlags) loadChess() (*Input, error) {
	return nil, BadInputf("--fen: the lab searches toy trees; for chess use prunescope search --html")
}

func (f *InputFlags) loadTicTacToe() (*Input, error) {
	return nil, BadInputf("--game: the lab searches toy trees; for tic-tac-toe use prunescope search --html")
}

func (f *InputFlags) checkTicTacToeDepth(*Input) error { return nil }
