package setup

import (
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// InputFlags say what to search: the flags every searching command shares.
// Loading them is the one place a toy tree, a chess position (a FEN or a
// built-in, with moves played) or a game becomes an engine.Position.
type InputFlags struct {
	Tree     string
	Root     string
	FEN      string
	Moves    string
	Game     string
	Board    string
	Eval     string
	Notation string
	Depth    int
	depthSet bool // --depth given: -1 is then refused, not taken for "not given"
	// OrderChildren is --order-children: "ltr", "rtl", or "" when not given
	// (left to right).
	OrderChildren string
}

// defaultChessDepth is the depth of a chess search when --depth is not given:
// enough to see cutoffs, small enough to print and draw.
const defaultChessDepth = 3

// Add wires the flags.
func (f *InputFlags) Add(fs *pflag.FlagSet) {
	fs.StringVar(&f.Tree, "tree", "", "toy tree to search: a built-in name ("+strings.Join(tree.BuiltinNames(), ", ")+"), a file (.json for JSON; a CS188 game tree test, .test, is read as its search tree), - for stdin, or tree text such as \"((3 12 8) (2 4 6))\"")
	fs.StringVar(&f.FEN, "fen", "", "chess position to search: a FEN, or a built-in name (see prunescope positions)")
	fs.StringVar(&f.Game, "game", "", "game to search from its start: chess or tictactoe")
	fs.StringVar(&f.Moves, "moves", "", "chess: moves to play before searching, in SAN or UCI, e.g. \"e4 e5 Nf3\"")
	fs.StringVar(&f.Board, "board", "", "tic-tac-toe: the board, three rows from the top such as \"x.o/.x./..o\" (default: empty)")
	fs.StringVar(&f.Eval, "eval", "pst", "chess evaluation: material (P 100, N 320, B 330, R 500, Q 900) or pst (material plus piece-square tables)")
	fs.StringVar(&f.Notation, "notation", "san", "chess: how moves are written in traces and drawings: san or uci")
	fs.StringVar(&f.Root, "root", "", "player to move at the root of a toy tree: max or min (default: as the tree says, else max)")
	f.Depth = -1
	fs.Var(&depthFlag{f}, "depth", "plies to search; at the depth limit the static evaluation is used (default: a toy tree's [depth=N], else to its end; tic-tac-toe to the end; chess 3)")
	fs.Lookup("depth").DefValue = "0" // -1 means "not given": keep it out of the help text
	fs.StringVar(&f.OrderChildren, "order-children", "", "toy trees: the order each node's children are searched in, ltr (as written) or rtl (right to left, the last first); nodes keep their names, and drawings keep the written layout and number the visits")
	fs.Lookup("order-children").DefValue = "ltr" // "" means "not given", so that chess can refuse it
}

// Given reports whether the flags name something to search (--tree, --fen
// or --game).
func (f *InputFlags) Given() bool { return f.Tree != "" || f.FEN != "" || f.Game != "" }

// Input is a position ready to search, with what the run needs to know of it.
type Input struct {
	Pos   engine.Position
	Depth int
	Tree  *tree.Tree // the toy tree, nil for games
	Game  string     // "tree", "chess" or "tictactoe"
}

// Load reads the input the flags name; a toy tree given as - is read from
// stdin.
func (f *InputFlags) Load(stdin io.Reader) (*Input, error) {
	if err := f.CheckDepth(); err != nil {
		return nil, err // before anything is read
	}
	game, err := f.which()
	if err != nil {
		return nil, err
	}
	if err := f.onlyFor(game); err != nil {
		return nil, err
	}
	var in *Input
	switch game {
	case "tree":
		in, err = f.LoadTree(stdin)
	case "chess":
		in, err = f.loadChess()
	case "tictactoe":
		in, err = f.loadTicTacToe()
	}
	if err != nil {
		return nil, err
	}
	in.Game = game
	if f.Depth >= 0 {
		in.Depth = f.Depth
	}
	if in.Tree != nil {
		if err := in.Tree.CheckDepth(in.Depth); err != nil {
			return nil, BadInput("--depth", err)
		}
	}
	if game == "tictactoe" {
		if err := f.checkTicTacToeDepth(in); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// CheckDepth refuses a --depth that is negative or deeper than the engine
// searches (engine.MaxDepth), before any input is read.
func (f *InputFlags) CheckDepth() error {
	switch {
	case f.Depth < 0 && (f.depthSet || f.Depth < -1):
		return BadInputf("--depth: %d is negative", f.Depth)
	case f.Depth > engine.MaxDepth:
		return BadInputf("--depth: %d is more than %d, the deepest search prunescope runs", f.Depth, engine.MaxDepth)
	}
	return nil
}

// depthFlag is --depth: a whole number, and whether it was given (-1 stands
// for "not given" in InputFlags.Depth, so a given -1 must not pass for it).
type depthFlag struct{ f *InputFlags }

func (d *depthFlag) String() string {
	if d.f == nil {
		return "0"
	}
	return strconv.Itoa(d.f.Depth)
}

func (d *depthFlag) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, strconv.IntSize) // as pflag reads an int
	if err != nil {
		return err
	}
	d.f.Depth, d.f.depthSet = int(v), true
	return nil
}

func (d *depthFlag) Type() string { return "int" }

// which tells which game the flags ask for.
func (f *InputFlags) which() (string, error) {
	var given []string
	if f.Tree != "" {
		given = append(given, "--tree")
	}
	if f.FEN != "" {
		given = append(given, "--fen")
	}
	if f.Game != "" {
		switch f.Game {
		case "chess", "tictactoe":
		case "tic-tac-toe", "ttt", "noughts-and-crosses":
			f.Game = "tictactoe"
		default:
			return "", BadInputf("--game: %q is not chess or tictactoe (toy trees come with --tree)", f.Game)
		}
		if !(f.Game == "chess" && f.FEN != "") {
			given = append(given, "--game")
		}
	}
	switch len(given) {
	case 0:
		return "", BadInputf("nothing to search: give --tree (a built-in name such as aima, a file, - for stdin, or tree text), --fen (a FEN or a built-in position) or --game tictactoe")
	case 1:
	default:
		return "", tooManyInputs(given)
	}
	switch {
	case f.Tree != "":
		return "tree", nil
	case f.FEN != "":
		return "chess", nil
	}
	return f.Game, nil
}

// onlyFor rejects flags that mean nothing for the game searched: one
// whole message for each flag and game (Russian and Czech decline what
// English places after "for").
func (f *InputFlags) onlyFor(game string) error {
	if f.Root != "" && game != "tree" {
		if game == "chess" {
			return BadInputf("--root: only for toy trees (in chess MAX is the side to move, in tic-tac-toe X), not for chess")
		}
		return BadInputf("--root: only for toy trees (in chess MAX is the side to move, in tic-tac-toe X), not for tic-tac-toe")
	}
	if f.OrderChildren != "" && game != "tree" {
		if game == "chess" {
			return BadInputf("--order-children: only for toy trees (chess and tic-tac-toe moves are ordered by the engine: see --order), not for chess")
		}
		return BadInputf("--order-children: only for toy trees (chess and tic-tac-toe moves are ordered by the engine: see --order), not for tic-tac-toe")
	}
	if game != "chess" {
		flag := ""
		switch {
		case f.Moves != "":
			flag = "--moves"
		case f.Eval != "pst":
			flag = "--eval"
		case f.Notation != "san":
			flag = "--notation"
		}
		switch {
		case flag == "":
		case game == "tree":
			return BadInputf("%s: only for chess, not for toy trees", flag)
		default:
			return BadInputf("%s: only for chess, not for tic-tac-toe", flag)
		}
	}
	if f.Board != "" && game != "tictactoe" {
		if game == "chess" {
			return BadInputf("--board: only for tic-tac-toe (--game tictactoe), not for chess")
		}
		return BadInputf("--board: only for tic-tac-toe (--game tictactoe), not for toy trees")
	}
	return nil
}

// LoadTree reads the toy tree of --tree, its root player set by --root.
func (f *InputFlags) LoadTree(stdin io.Reader) (*Input, error) {
	t, err := tree.Load(f.Tree, stdin)
	if err != nil {
		return nil, BadInput("", err)
	}
	if t.Source == "tree" { // typed inline: name it by its text
		t.Source = shorten(strings.Join(strings.Fields(f.Tree), " "), 48)
	}
	switch f.Root {
	case "":
	case "max":
		t.RootMin = false
	case "min":
		t.RootMin = true
	default:
		return nil, BadInputf("--root: %q is not max or min", f.Root)
	}
	pos := tree.NewPosition(t)
	switch f.OrderChildren {
	case "", "ltr":
	case "rtl":
		pos.SetRightToLeft(true)
	default:
		return nil, BadInputf("--order-children: %q is not ltr or rtl", f.OrderChildren)
	}
	depth := t.Height()
	if t.Depth > 0 {
		depth = t.Depth
	}
	return &Input{Pos: pos, Tree: t, Depth: depth}, nil
}

// CheckIterations makes sure an iterative search of a toy tree finds a static
// evaluation at the horizon of every iteration, before anything is printed.
func (in *Input) CheckIterations(opt engine.Options) error {
	if in.Tree == nil || !opt.Iterative {
		return nil
	}
	for d := 1; d < in.Depth; d++ {
		if err := in.Tree.CheckDepth(d); err != nil {
			return BadInputf("--iterative: iteration %d: %v (tree random, ordered and worst make trees with --evals)", d, err)
		}
	}
	return nil
}

// CheckFocus refuses a --focus that names no node of a toy tree (a chess
// focus is moves, checked when the search is drawn).
func (in *Input) CheckFocus(focus string) error {
	if focus != "" && in.Tree != nil && focus != "root" && in.Tree.Find(focus) == nil {
		return BadInputf("--focus: the tree has no node named %q", focus)
	}
	return nil
}

// shorten cuts s to at most n runes, marking the cut with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// tooManyInputs refuses two or three things to search, one whole message
// for each (given is in the order --tree, --fen, --game).
func tooManyInputs(given []string) error {
	switch strings.Join(given, " ") {
	case "--tree --fen":
		return BadInputf("--tree and --fen: give only one thing to search")
	case "--tree --game":
		return BadInputf("--tree and --game: give only one thing to search")
	case "--fen --game":
		return BadInputf("--fen and --game: give only one thing to search")
	}
	return BadInputf("--tree and --fen and --game: give only one thing to search")
}
