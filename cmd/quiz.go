package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/lab"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// quizFlags are the flags quiz and quiz check share: what the quiz is.
type quizFlags struct {
	tree       string
	root       string
	algo       lab.AlgoFlags
	branching  int
	depth      int
	min, max   int64
	seed       uint64
	horizon    int
	minCutoffs int
	deepCutoff bool
	askWindows bool
	at         string
	json       bool

	flags *pflag.FlagSet // to tell which flags were given
}

func (f *quizFlags) add(fs *pflag.FlagSet) {
	f.flags = fs
	fs.StringVar(&f.tree, "tree", "", "quiz on this tree instead of a generated one: a built-in name (aima, wikipedia, ...), a file, - for stdin, or tree text")
	fs.StringVar(&f.root, "root", "", "player to move at the root: max or min (default: as the tree says, else max)")
	f.algo.Add(fs)
	fs.Lookup("algo").Usage = "search algorithm: alphabeta, minimax, negamax or branch-bound"
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
	fs.BoolVar(&f.json, "json", false, "print the verdicts (or with --key the key) as JSON, for graders")
}

// build makes the quiz the flags describe.
func (f *quizFlags) build(ctx context.Context, s *Streams) (*quiz.Quiz, error) {
	opt, err := f.algo.Options()
	if err != nil {
		return nil, err
	}
	if !quiz.Supported(opt.Algo) {
		return nil, badInputf("--algo: %s: a quiz asks about alphabeta, minimax, negamax or branch-bound", opt.Algo)
	}
	if err := lab.CheckInt("horizon", f.horizon, 0); err != nil {
		return nil, err
	}
	spec := quiz.Spec{Opt: opt, Horizon: f.horizon, AskWindows: f.askWindows,
		At: strings.FieldsFunc(f.at, func(r rune) bool { return r == ',' || r == ' ' })}
	if f.tree != "" {
		for _, name := range []string{"branching", "depth", "min", "max", "seed", "min-cutoffs", "deep-cutoff"} {
			if f.flags.Changed(name) {
				return nil, badInputf("--%s: only for generated trees, not with --tree", name)
			}
		}
		in, err := (&lab.InputFlags{Tree: f.tree, Root: f.root}).LoadTree(s.In)
		if err != nil {
			if msg := err.Error(); !strings.HasPrefix(msg, "--") && !strings.HasPrefix(msg, "tree") && !strings.HasPrefix(msg, "stdin") && !strings.HasPrefix(msg, f.tree) {
				return nil, badInput("--tree", err)
			}
			return nil, err
		}
		spec.Tree = in.Tree
	} else {
		if f.root != "" {
			return nil, badInputf("--root: only with --tree (a generated tree's root is MAX)")
		}
		if !f.flags.Changed("seed") {
			f.seed = rand.Uint64N(100000) + 1 // printed with the quiz, so it can be made again
		}
		spec.Gen = quiz.Gen{Branching: f.branching, Depth: f.depth, Min: f.min, Max: f.max, Seed: f.seed, MinCutoffs: f.minCutoffs, DeepCutoff: f.deepCutoff}
	}
	q, err := quiz.New(ctx, spec)
	if err != nil {
		return nil, quizError(err)
	}
	return q, nil
}

// quizError classifies an error of the quiz package.
func quizError(err error) error {
	var qe *quiz.Error
	if errors.As(err, &qe) {
		return badInput("", err)
	}
	return lab.SearchError(err)
}

// again is the command line that makes the same quiz: the flags given, and
// the seed of a generated tree.
func (f *quizFlags) again() string {
	var parts []string
	f.flags.VisitAll(func(fl *pflag.Flag) {
		switch fl.Name {
		case "json", "key", "print", "interactive", "answer", "color", "help":
			return
		}
		if !fl.Changed && !(fl.Name == "seed" && f.tree == "") {
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

type quizOptions struct {
	quizFlags
	key         bool
	print       bool
	interactive bool
}

func newQuizCmd(s *Streams) *cobra.Command {
	o := &quizOptions{}
	c := &cobra.Command{
		Use:   "quiz [flags]",
		Short: "Practise alpha-beta by hand: a tree, questions, your answers checked and explained",
		Long: `Print a tree and ask the questions of an alpha-beta exercise: the root's
value, the best root move, the leaves the search never evaluates, and with
--ask-windows the window (α, β) a few nodes are searched with and the value
they return (exact, or a bound written <=3 or >=5).

At a terminal the questions are asked one by one and your answers checked
at the end, with an explanation of each mistake naming the misconception
behind it. Otherwise the answers are read from standard input, one line per
question in order (a line may also name its question, as in "never 2.2
2.3"); with nothing on standard input, or with the output redirected, the
quiz is only printed.
'prunescope quiz check' checks answers given on the command line.

A generated tree is made again by the same flags and --seed; without --seed
one is picked and printed. --min-cutoffs and --deep-cutoff draw further trees
from seeds derived from it until the search has the cutoffs asked for.
--tree quizzes on a given tree: a textbook figure, your homework.

--key prints the answer key instead of asking: the answers, and every node's
window and returned value.

Exit status: 0 when every answer is right (or nothing was asked), 1 when an
answer is wrong or missing, 2 for bad flags or an answer that cannot be read.`,
		Example: `  # a random exercise, asked one question at a time
  prunescope quiz

  # the same quiz again, from its seed, with windows asked too
  prunescope quiz --seed 4217 --ask-windows

  # answers piped in, one line per question: value, best move, never evaluated
  printf '3\n1\n2.2 2.3\n' | prunescope quiz --tree aima

  # an assignment: CS188's no-pruning-on-ties convention, with a deep cutoff
  prunescope quiz --depth 4 --branching 2 --cutoff gt --deep-cutoff --seed 7 --print

  # the teacher's key, or the same as JSON
  prunescope quiz --tree wikipedia --key
  prunescope quiz --seed 7 --depth 4 --horizon 3 --ask-windows --key --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runQuiz(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.quizFlags.add(fs)
	fs.BoolVar(&o.key, "key", false, "print the answer key instead of asking")
	fs.BoolVar(&o.print, "print", false, "print the quiz and do not ask (a handout)")
	fs.BoolVar(&o.interactive, "interactive", false, "ask question by question even when standard input is not a terminal")
	c.AddCommand(newQuizCheckCmd(s))
	return c
}

func runQuiz(ctx context.Context, s *Streams, o *quizOptions) error {
	modes := 0
	for _, on := range []bool{o.key, o.print, o.interactive} {
		if on {
			modes++
		}
	}
	if modes > 1 {
		return badInputf("--key, --print and --interactive: choose one")
	}
	q, err := o.build(ctx, s)
	if err != nil {
		return err
	}
	if o.key {
		if o.json {
			return failed(q.WriteKeyJSON(s.Out))
		}
		q.WriteKey(s.Out)
		return nil
	}
	// Questions are asked one by one to a person at a terminal; with the
	// output going elsewhere (a handout: quiz > quiz.txt) nobody would see
	// them.
	atTerminal := isTerminal(s.In)
	typed := atTerminal && isTerminal(s.Out)
	if o.interactive || (typed && !o.print) {
		if o.json {
			return badInputf("--json: not with questions asked one by one (pipe the answers in, or use quiz check)")
		}
		q.WriteIntro(s.Out)
		fmt.Fprintf(s.Out, "\n%d questions: type each answer and press Enter (an empty line skips one).\n", len(q.Questions))
		answers, err := q.Ask(s.In, s.Out, !typed)
		if err != nil {
			return failed(fmt.Errorf("reading the answers: %w", err))
		}
		if len(answers.List) == 0 {
			writeHowToCheck(s.Out, q, &o.quizFlags)
			return nil
		}
		fmt.Fprintln(s.Out)
		return report(ctx, s, q, answers, false)
	}
	if o.print || atTerminal { // a handout: nothing to read answers from
		if o.json {
			return badInputf("--json: only with --key or answers to check")
		}
		q.WriteQuiz(s.Out)
		writeHowToCheck(s.Out, q, &o.quizFlags)
		return nil
	}
	answers, err := q.ParseLines(s.In, "stdin")
	if err != nil {
		return quizError(err)
	}
	if len(answers.List) == 0 { // nothing piped in: a handout
		if o.json {
			return badInputf("--json: no answers on standard input to check")
		}
		q.WriteQuiz(s.Out)
		writeHowToCheck(s.Out, q, &o.quizFlags)
		return nil
	}
	if !o.json {
		q.WriteQuiz(s.Out)
		fmt.Fprintln(s.Out)
	}
	return report(ctx, s, q, answers, o.json)
}

// writeHowToCheck says how to check answers to the quiz later.
func writeHowToCheck(w io.Writer, q *quiz.Quiz, f *quizFlags) {
	flags := f.again()
	if flags != "" {
		flags += " "
	}
	fmt.Fprintf(w, "\nCheck your answers with:\n  prunescope quiz check %s--answer \"%s\"\n", flags, q.Example())
}

// report checks the answers and writes the verdicts; wrong or missing
// answers make the exit status 1.
func report(ctx context.Context, s *Streams, q *quiz.Quiz, a *quiz.Answers, asJSON bool) error {
	r, err := q.Check(ctx, a)
	if err != nil {
		return quizError(err)
	}
	if asJSON {
		if err := r.WriteJSON(s.Out, q); err != nil {
			return failed(err)
		}
	} else {
		r.WriteText(s.Out)
	}
	if !r.AllCorrect() {
		return failed(fmt.Errorf("%d of %d answers are wrong or missing", r.Total-r.Score, r.Total))
	}
	return nil
}

// misconceptionList lists the misconceptions for the help text.
func misconceptionList() string {
	var b strings.Builder
	for i, m := range quiz.Misconceptions() {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  %-28s %s", m.ID, m.Name)
	}
	return b.String()
}

type quizCheckOptions struct {
	quizFlags
	answer string
}

func newQuizCheckCmd(s *Streams) *cobra.Command {
	o := &quizCheckOptions{}
	c := &cobra.Command{
		Use:   "check [quiz flags] --answer ANSWERS",
		Short: "Check answers to a quiz and explain each mistake",
		Long: `Check answers to the quiz the flags make (the same flags and --seed as the
quiz, or --tree): one line per question, ✓ or ✗ with the right answer, and
below a wrong answer an explanation naming the misconception that gives it
("α (or β) not passed to the next sibling", "a windowed value taken as
exact", ...). Each misconception is recognised by running the mistaken
search and comparing, and named only when that search gives the answer
exactly (the whole list, the window, the value): nothing is written down in
advance.

` + quiz.Syntax + `

--answer - reads the answers from standard input, one per line in the order
of the questions (or with their question words).

The misconceptions (their ids in --json):
` + misconceptionList() + `

Exit status: 0 when every answer is right, 1 when any is wrong or missing,
2 for bad flags or an answer that cannot be read (the error names the clause).`,
		Example: `  prunescope quiz check --tree aima --answer "value 3; best 1; never 2.2 2.3"
  prunescope quiz check --tree wikipedia --cutoff gt --fail soft --answer "value 6; best 2; never 1.1.2.3, 3.2.1.1, 3.2.1.2, 3.2.2.1"
  prunescope quiz check --tree aima --at 2 --answer "value 3; best 1; never 2.2 2.3; window 2: (3, +inf); at 2: <=3"
  prunescope quiz check --seed 4217 --answer "value 5; best 2; never none" --json
  prunescope quiz check --seed 4217 --answer - < answers.txt`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runQuizCheck(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.quizFlags.add(fs)
	fs.StringVar(&o.answer, "answer", "", "the answers, e.g. \"value 3; best 1; never 2.2 2.3\" (- reads them from standard input)")
	return c
}

func runQuizCheck(ctx context.Context, s *Streams, o *quizCheckOptions) error {
	if !o.flags.Changed("answer") {
		return badInputf("--answer: give the answers to check, e.g. --answer \"value 3; best 1; never 2.2 2.3\" (see --help)")
	}
	if o.tree == "" && !o.flags.Changed("seed") {
		return badInputf("--seed: give the seed the quiz printed, so that it is made again (or --tree)")
	}
	if o.tree == "-" && o.answer == "-" {
		return badInputf("--answer -: standard input already carries the tree (--tree -)")
	}
	q, err := o.build(ctx, s)
	if err != nil {
		return err
	}
	var a *quiz.Answers
	if o.answer == "-" {
		a, err = q.ParseLines(s.In, "stdin")
		if err == nil && len(a.List) == 0 {
			err = &quiz.Error{Where: "--answer -", Msg: "no answers on standard input"}
		}
	} else {
		a, err = q.ParseAnswers(o.answer, "--answer")
	}
	if err != nil {
		return quizError(err)
	}
	return report(ctx, s, q, a, o.json)
}
