package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
)

// inputFlags say what to search: the flags every searching command shares.
type inputFlags struct {
	tree     string
	root     string
	fen      string
	moves    string
	game     string
	board    string
	eval     string
	notation string
	depth    int
}

// defaultChessDepth is the depth of a chess search when --depth is not given:
// enough to see cutoffs, small enough to print and draw.
const defaultChessDepth = 3

func (f *inputFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.tree, "tree", "", "toy tree to search: a built-in name ("+strings.Join(tree.BuiltinNames(), ", ")+"), a file (.json for JSON), - for stdin, or tree text such as \"((3 12 8) (2 4 6))\"")
	fs.StringVar(&f.fen, "fen", "", "chess position to search: a FEN, or a built-in name (see prunescope positions)")
	fs.StringVar(&f.game, "game", "", "game to search from its start: chess or tictactoe")
	fs.StringVar(&f.moves, "moves", "", "chess: moves to play before searching, in SAN or UCI, e.g. \"e4 e5 Nf3\"")
	fs.StringVar(&f.board, "board", "", "tic-tac-toe: the board, three rows from the top such as \"x.o/.x./..o\" (default: empty)")
	fs.StringVar(&f.eval, "eval", "pst", "chess evaluation: material (P 100, N 320, B 330, R 500, Q 900) or pst (material plus piece-square tables)")
	fs.StringVar(&f.notation, "notation", "san", "chess: how moves are written in traces and drawings: san or uci")
	fs.StringVar(&f.root, "root", "", "player to move at the root of a toy tree: max or min (default: as the tree says, else max)")
	fs.IntVar(&f.depth, "depth", -1, "plies to search; at the depth limit the static evaluation is used (default: a toy tree's [depth=N], else to its end; tic-tac-toe to the end; chess 3)")
	fs.Lookup("depth").DefValue = "0" // -1 means "not given": keep it out of the help text
}

// input is a position ready to search, with what the run needs to know of it.
type input struct {
	pos   engine.Position
	depth int
	tree  *tree.Tree // the toy tree, nil for games
	game  string     // "tree", "chess" or "tictactoe"
}

// load reads the input the flags name.
func (f *inputFlags) load(s *Streams) (*input, error) {
	if err := f.checkDepth(); err != nil {
		return nil, err // before anything is read
	}
	game, err := f.which()
	if err != nil {
		return nil, err
	}
	if err := f.onlyFor(game); err != nil {
		return nil, err
	}
	var in *input
	switch game {
	case "tree":
		in, err = f.loadTree(s)
	case "chess":
		in, err = f.loadChess()
	case "tictactoe":
		in, err = f.loadTicTacToe()
	}
	if err != nil {
		return nil, err
	}
	in.game = game
	if f.depth >= 0 {
		in.depth = f.depth
	}
	if in.tree != nil {
		if err := in.tree.CheckDepth(in.depth); err != nil {
			return nil, badInput("--depth", err)
		}
	}
	if game == "tictactoe" && in.depth < in.pos.(*tictactoe.Position).Empty() && f.depth >= 0 {
		if _, over := in.pos.Terminal(0); !over {
			return nil, badInputf("--depth: tic-tac-toe has no static evaluation, so it is searched to the end of the game (%d plies here): leave --depth out", in.pos.(*tictactoe.Position).Empty())
		}
	}
	return in, nil
}

// checkDepth refuses a --depth that is negative or deeper than the engine
// searches (engine.MaxDepth), before any input is read.
func (f *inputFlags) checkDepth() error {
	switch {
	case f.depth < -1:
		return badInputf("--depth: %d is negative", f.depth)
	case f.depth > engine.MaxDepth:
		return badInputf("--depth: %d is more than %d, the deepest search prunescope runs", f.depth, engine.MaxDepth)
	}
	return nil
}

// which tells which game the flags ask for.
func (f *inputFlags) which() (string, error) {
	var given []string
	if f.tree != "" {
		given = append(given, "--tree")
	}
	if f.fen != "" {
		given = append(given, "--fen")
	}
	if f.game != "" {
		switch f.game {
		case "chess", "tictactoe":
		case "tic-tac-toe", "ttt", "noughts-and-crosses":
			f.game = "tictactoe"
		default:
			return "", badInputf("--game: %q is not chess or tictactoe (toy trees come with --tree)", f.game)
		}
		if !(f.game == "chess" && f.fen != "") {
			given = append(given, "--game")
		}
	}
	switch len(given) {
	case 0:
		return "", badInputf("nothing to search: give --tree (a built-in name such as aima, a file, - for stdin, or tree text), --fen (a FEN or a built-in position) or --game tictactoe")
	case 1:
	default:
		return "", badInputf("%s: give only one thing to search", strings.Join(given, " and "))
	}
	switch {
	case f.tree != "":
		return "tree", nil
	case f.fen != "":
		return "chess", nil
	}
	return f.game, nil
}

// onlyFor rejects flags that mean nothing for the game searched.
func (f *inputFlags) onlyFor(game string) error {
	wrong := func(flag, forWhat string) error {
		return badInputf("%s: only for %s, not for %s", flag, forWhat, gameWords[game])
	}
	if f.root != "" && game != "tree" {
		return wrong("--root", "toy trees (in chess MAX is the side to move, in tic-tac-toe X)")
	}
	if game != "chess" {
		if f.moves != "" {
			return wrong("--moves", "chess")
		}
		if f.eval != "pst" {
			return wrong("--eval", "chess")
		}
		if f.notation != "san" {
			return wrong("--notation", "chess")
		}
	}
	if f.board != "" && game != "tictactoe" {
		return wrong("--board", "tic-tac-toe (--game tictactoe)")
	}
	return nil
}

var gameWords = map[string]string{"tree": "toy trees", "chess": "chess", "tictactoe": "tic-tac-toe"}

func (f *inputFlags) loadTree(s *Streams) (*input, error) {
	t, err := tree.Load(f.tree, s.In)
	if err != nil {
		return nil, badInput("", err)
	}
	if t.Source == "tree" { // typed inline: name it by its text
		t.Source = shorten(strings.Join(strings.Fields(f.tree), " "), 48)
	}
	switch f.root {
	case "":
	case "max":
		t.RootMin = false
	case "min":
		t.RootMin = true
	default:
		return nil, badInputf("--root: %q is not max or min", f.root)
	}
	depth := t.Height()
	if t.Depth > 0 {
		depth = t.Depth
	}
	return &input{pos: tree.NewPosition(t), tree: t, depth: depth}, nil
}

func (f *inputFlags) loadChess() (*input, error) {
	ev, err := chess.ParseEvaluator(f.eval)
	if err != nil {
		return nil, badInput("--eval", err)
	}
	var notation chess.Notation
	switch f.notation {
	case "san":
		notation = chess.SAN
	case "uci":
		notation = chess.UCI
	default:
		return nil, badInputf("--notation: %q is not san or uci", f.notation)
	}
	fen, name := f.fen, ""
	if fen == "" {
		fen, name = chess.StartFEN, "start"
	} else if b, ok := chess.BuiltinByName(fen); ok {
		fen, name = b.FEN, b.Name
	}
	b, err := chess.ParseFEN(fen)
	if err != nil {
		if name == "" && !strings.ContainsAny(fen, "/ ") {
			return nil, badInputf("--fen: %q is neither a FEN nor a built-in position (see prunescope positions)", fen)
		}
		return nil, badInput("", err)
	}
	played := strings.Fields(f.moves)
	for i, mv := range played {
		m, err := b.ParseMove(mv)
		if err != nil {
			return nil, badInputf("--moves: move %d: %v", i+1, err)
		}
		b.Make(m)
	}
	// The moves stay in the board's history, so a position they repeat
	// counts as a repetition in the search.
	pos := chess.NewPosition(b, ev)
	pos.SetNotation(notation)
	label := b.FEN()
	if name != "" {
		label = name
		if len(played) > 0 {
			label += " after " + strings.Join(played, " ")
		}
	}
	pos.SetInput(label)
	return &input{pos: pos, depth: defaultChessDepth}, nil
}

func (f *inputFlags) loadTicTacToe() (*input, error) {
	p := tictactoe.New()
	if f.board != "" {
		var err error
		if p, err = tictactoe.Parse(f.board); err != nil {
			return nil, badInput("--board", err)
		}
	}
	return &input{pos: p, depth: p.Empty()}, nil
}

// algoFlags choose the algorithm and its conventions.
type algoFlags struct {
	fs     *pflag.FlagSet
	algo   string
	fail   string
	cutoff string
}

func (f *algoFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.algo, "algo", "alphabeta", "search algorithm: "+strings.Join(engine.AlgoNames(), ", "))
	f.addConventions(fs)
}

func (f *algoFlags) addConventions(fs *pflag.FlagSet) {
	f.fs = fs
	fs.StringVar(&f.fail, "fail", "hard", "what a node returns outside its window: hard (clamped into [α, β]), soft (the best value found) or f2 (Knuth & Moore's F2 as printed: m starts at α, so clamped at α only)")
	fs.StringVar(&f.cutoff, "cutoff", "ge", "when to cut: ge (value ≥ β, ties prune) or gt (value > β, no pruning on ties, as UC Berkeley CS188)")
}

// defaults returns the conventions of the flags, for specs that do not name them.
func (f *algoFlags) defaults() (engine.Options, error) {
	var o engine.Options
	var err error
	if o.Fail, err = engine.ParseFail(f.fail); err != nil {
		return o, badInput("--fail", err)
	}
	if o.Cutoff, err = engine.ParseCutoff(f.cutoff); err != nil {
		return o, badInput("--cutoff", err)
	}
	return o, nil
}

// options returns the engine options the flags select.
func (f *algoFlags) options() (engine.Options, error) {
	def, err := f.defaults()
	if err != nil {
		return def, err
	}
	o, err := engine.ParseSpec(f.algo, def)
	if err != nil {
		return o, badInput("--algo", err)
	}
	if err := f.checkFail(f.algo); err != nil {
		return o, err
	}
	return o, nil
}

// checkFail refuses --fail given explicitly for a spec of branch and bound
// that takes its convention from it: branch and bound is fail-soft by
// construction, and a search must not run fail-soft when asked for another
// convention. The message is the one the spec branch-bound:hard gets.
func (f *algoFlags) checkFail(spec string) error {
	if f.fs == nil || !f.fs.Changed("fail") || f.fail == "soft" {
		return nil
	}
	head, _, _ := strings.Cut(strings.TrimSpace(spec), "+")
	parts := strings.Split(head, ":")
	if a, err := engine.ParseAlgo(parts[0]); err != nil || a != engine.BranchBound {
		return nil
	}
	for _, p := range parts[1:] {
		if _, err := engine.ParseFail(p); err == nil {
			return nil // the spec names its own convention
		}
	}
	_, err := engine.ParseSpec(parts[0]+":"+f.fail, engine.Options{})
	if err == nil {
		return nil
	}
	return badInput("--fail", err)
}

// checkIterations makes sure an iterative search of a toy tree finds a static
// evaluation at the horizon of every iteration, before anything is printed.
func (in *input) checkIterations(opt engine.Options) error {
	if in.tree == nil || !opt.Iterative {
		return nil
	}
	for d := 1; d < in.depth; d++ {
		if err := in.tree.CheckDepth(d); err != nil {
			return badInputf("--iterative: iteration %d: %v (tree random, ordered and worst make trees with --evals)", d, err)
		}
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

// checkInt returns an input error when v is below lo.
func checkInt(flag string, v, lo int) error {
	if v < lo {
		return badInputf("--%s: %d must be at least %d", flag, v, lo)
	}
	return nil
}

// checkRange rejects a value of an integer flag outside lo..hi.
func checkRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return badInputf("--%s: %d must be between %d and %d", flag, v, lo, hi)
	}
	return nil
}

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
