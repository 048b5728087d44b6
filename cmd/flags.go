package cmd

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// inputFlags say what to search: the flags every searching command shares.
type inputFlags struct {
	tree  string
	root  string
	depth int
}

func (f *inputFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.tree, "tree", "", "toy tree to search: a built-in name ("+strings.Join(tree.BuiltinNames(), ", ")+"), a file (.json for JSON), - for stdin, or tree text such as \"((3 12 8) (2 4 6))\"")
	fs.StringVar(&f.root, "root", "", "player to move at the root of a toy tree: max or min (default: as the tree says, else max)")
	fs.IntVar(&f.depth, "depth", -1, "plies to search; at the depth limit an inner node's static eval is used (default: the whole tree)")
	fs.Lookup("depth").DefValue = "0" // -1 means "not given": keep it out of the help text
}

// input is a position ready to search, with what the run needs to know of it.
type input struct {
	pos   engine.Position
	depth int
	tree  *tree.Tree // nil for games
}

// load reads the input the flags name.
func (f *inputFlags) load(s *Streams) (*input, error) {
	if f.tree == "" {
		return nil, badInputf("nothing to search: give --tree (a built-in name such as aima, a file, - for stdin, or tree text)")
	}
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
	in := &input{pos: tree.NewPosition(t), tree: t, depth: t.Height()}
	if f.depth >= 0 {
		in.depth = f.depth
	} else if f.depth != -1 {
		return nil, badInputf("--depth: %d is negative", f.depth)
	}
	if err := t.CheckDepth(in.depth); err != nil {
		return nil, badInput("--depth", err)
	}
	return in, nil
}

// algoFlags choose the algorithm and its conventions.
type algoFlags struct {
	algo   string
	fail   string
	cutoff string
}

func (f *algoFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.algo, "algo", "alphabeta", "search algorithm: "+strings.Join(engine.AlgoNames(), ", "))
	f.addConventions(fs)
}

func (f *algoFlags) addConventions(fs *pflag.FlagSet) {
	fs.StringVar(&f.fail, "fail", "hard", "what a node returns outside its window: hard (clamped into [α, β]) or soft (the best value found)")
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
	return o, nil
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

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
