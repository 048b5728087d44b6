package setup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// QuizFlags are the flags quiz and quiz check share: what the quiz is.
type QuizFlags struct {
	Tree       string
	root       string
	algo       AlgoFlags
	branching  int
	depth      int
	min, max   int64
	seed       uint64
	horizon    int
	minCutoffs int
	deepCutoff bool
	askWindows bool
	at         string
	chance     bool
	bounds     string
	order      string
	JSON       bool

	flags *pflag.FlagSet // to tell which flags were given
}

func (f *QuizFlags) Add(fs *pflag.FlagSet) {
	f.flags = fs
	fs.StringVar(&f.Tree, "tree", "", "quiz on this tree instead of a generated one: a built-in name (aima, wikipedia, ...), a file, - for stdin, or tree text")
	fs.StringVar(&f.root, "root", "", "player to move at the root: max or min (default: as the tree says, else max)")
	f.algo.Add(fs)
	fs.Lookup("algo").Usage = "search algorithm: alphabeta, minimax, negamax or branch-bound; on chance nodes expectimax or star1"
	fs.IntVarP(&f.branching, "branching", "b", 3, "generated tree: children of every inner node")
	fs.IntVarP(&f.depth, "depth", "d", 3, "generated tree: plies from the root to the leaves")
	fs.Int64Var(&f.min, "min", 0, "generated tree: smallest leaf value")
	fs.Int64Var(&f.max, "max", 9, "generated tree: largest leaf value")
	fs.Uint64Var(&f.seed, "seed", 0, "generated tree: random seed (default: one is picked and printed, so the quiz can be made again)")
	fs.IntVar(&f.horizon, "horizon", 0, "search only this many plies; a generated tree then gets a static evaluation [eval=N] at every inner node (default: to the leaves, or a tree's [depth=N])")
	fs.IntVar(&f.minCutoffs, "min-cutoffs", 0, "generated tree: draw trees from the seed until the search has at least this many cutoffs")
	fs.BoolVar(&f.deepCutoff, "deep-cutoff", false, "generated tree: draw trees from the seed until the search has a deep cutoff (a bound set above the parent of the node that cuts off)")
	fs.BoolVar(&f.askWindows, "ask-windows", false, "also ask for the window (α, β) and the returned value of two or three chosen nodes")
	fs.StringVar(&f.at, "at", "", "ask for the window and value of these nodes, comma-separated (e.g. 2,2.1; implies --ask-windows)")
	fs.BoolVar(&f.chance, "chance", false, "generated tree: every node on an odd ply is a chance node (MAX, chance, MIN, ...), its outcomes' probabilities drawn from the seed; with --algo expectimax or star1")
	fs.StringVar(&f.bounds, "bounds", "", "star1: LO,HI, the least and greatest value of every leaf, which chance nodes are cut with (default: --min,--max, or a given tree's least and greatest leaf)")
	fs.StringVar(&f.order, "order-children", "ltr", "the order each node's children are searched in: ltr (as written) or rtl (right to left, the last first; nodes keep their names)")
	fs.BoolVar(&f.JSON, "json", false, "print the verdicts (or with --key the key) as JSON, for graders")
}

// Changed reports whether the flag called name was given.
func (f *QuizFlags) Changed(name string) bool { return f.flags.Changed(name) }

// Build makes the quiz the flags describe; a tree given as - is read from
// stdin.
func (f *QuizFlags) Build(ctx context.Context, stdin io.Reader) (*quiz.Quiz, error) {
	opt, err := f.algo.Options(engine.Game{})
	if err != nil {
		return nil, err
	}
	if err := f.algo.CheckConventions([]string{f.algo.Algo()}, []engine.Options{opt}); err != nil {
		return nil, err
	}
	if names := opt.Techniques(); len(names) > 0 {
		// The quiz's questions are about the plain algorithms: a technique
		// would be searched without, silently.
		return nil, BadInputf("--algo %s: a quiz asks about the plain algorithms; leave out +%s", f.algo.Algo(), strings.Join(names, ", +"))
	}
	if !quiz.Supported(opt.Algo) {
		return nil, BadInputf("--algo: %s: a quiz asks about alphabeta, minimax, negamax or branch-bound, or on chance nodes expectimax or star1", opt.Algo)
	}
	if err := CheckInt("horizon", f.horizon, 0); err != nil {
		return nil, err
	}
	spec := quiz.Spec{Opt: opt, Horizon: f.horizon, AskWindows: f.askWindows,
		At:     strings.FieldsFunc(f.at, func(r rune) bool { return r == ',' || r == ' ' }),
		Bounds: f.bounds}
	switch f.order {
	case "ltr":
	case "rtl":
		spec.RightToLeft = true
	default:
		return nil, BadInputf("--order-children: %q is not ltr or rtl", f.order)
	}
	if f.Tree != "" {
		for _, name := range []string{"branching", "depth", "min", "max", "seed", "min-cutoffs", "deep-cutoff", "chance"} {
			if f.flags.Changed(name) {
				return nil, BadInputf("--%s: only for generated trees, not with --tree", name)
			}
		}
		in, err := (&InputFlags{Tree: f.Tree, Root: f.root}).LoadTree(stdin)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "--") && !strings.HasPrefix(msg, "tree") && !strings.HasPrefix(msg, "stdin") && !strings.HasPrefix(msg, f.Tree) {
				return nil, BadInput("--tree", err)
			}
			return nil, err
		}
		if pos := tree.NewPosition(in.Tree); !pos.Alternates() && !pos.HasChance() { // the quiz checks a tree with chance nodes itself
			return nil, BadInputf("--tree: the tree has a node with the same player as its parent ([max] or [min] marks): a quiz's answers assume the players alternate")
		}
		spec.Tree = in.Tree
	} else {
		if f.root != "" {
			return nil, BadInputf("--root: only with --tree (a generated tree's root is MAX)")
		}
		if !f.flags.Changed("seed") {
			f.seed = rand.Uint64N(100000) + 1 // printed with the quiz, so it can be made again
		}
		spec.Gen = quiz.Gen{Branching: f.branching, Depth: f.depth, Min: f.min, Max: f.max, Seed: f.seed, MinCutoffs: f.minCutoffs, DeepCutoff: f.deepCutoff, Chance: f.chance}
	}
	q, err := quiz.New(ctx, spec)
	if err != nil {
		return nil, QuizError(err)
	}
	if !f.JSON { // JSON, for graders, stays English
		q.Lang = i18n.FromContext(ctx)
	}
	return q, nil
}

// QuizError classifies an error of the quiz package.
func QuizError(err error) error {
	var qe *quiz.Error
	if errors.As(err, &qe) {
		return BadInput("", err)
	}
	return SearchError(err)
}

// Again is the command line that makes the same quiz: the flags given, and
// the seed of a generated tree.
func (f *QuizFlags) Again() string {
	var parts []string
	f.flags.VisitAll(func(fl *pflag.Flag) {
		switch fl.Name {
		case "json", "key", "print", "interactive", "answer", "color", "help",
			"svg", "png", "tikz", "tikz-standalone", "tikz-windows", "max-draw", "renderer": // quiz check has none of these
			return
		}
		if !fl.Changed && !(fl.Name == "seed" && f.Tree == "") {
			return
		}
		if fl.Value.Type() == "bool" {
			if fl.Value.String() == "true" {
				parts = append(parts, "--"+fl.Name)
			}
			return
		}
		v := fl.Value.String()
		if strings.ContainsAny(v, " ()[]:;\"'$*?") || v == "" {
			v = `"` + strings.ReplaceAll(v, `"`, `\"`) + `"`
		}
		parts = append(parts, "--"+fl.Name+" "+v)
	})
	return strings.Join(parts, " ")
}

// Words are the quiz's flags given (quiz check's: the tree, the generator,
// the conventions and the questions), as words of a command line, a
// generated tree's seed included (picked by Build when not given); a tree
// given as a file or on standard input is written as its text (tree, after
// Build), since the lab reads no files.
func (f *QuizFlags) Words(treeText string) []string {
	var out []string
	own := pflag.NewFlagSet("quiz", pflag.ContinueOnError)
	(&QuizFlags{}).Add(own)
	own.VisitAll(func(o *pflag.Flag) {
		fl := f.flags.Lookup(o.Name)
		if fl == nil || o.Name == "json" || !(fl.Changed || (fl.Name == "seed" && f.Tree == "")) {
			return
		}
		switch {
		case fl.Name == "tree":
			out = append(out, "--tree", treeText)
		case fl.Name == "seed":
			out = append(out, "--seed", fmt.Sprint(f.seed))
		default:
			out = append(out, FlagWords(fl)...)
		}
	})
	return out
}
