package cmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/lessons/quiz"
)

type quizOptions struct {
	setup.QuizFlags
	pics        job.HandoutFlags
	key         bool
	print       bool
	interactive bool
	lab         string
}

// newQuizCmd makes the quiz command (and quiz check); runF runs it (nil:
// runQuiz).
func newQuizCmd(s *Streams, runF func(context.Context, *Streams, *quizOptions) error) *cobra.Command {
	if runF == nil {
		runF = runQuiz
	}
	o := &quizOptions{}
	c := &cobra.Command{
		Use:   "quiz [flags]",
		Short: "Practise alpha-beta by hand: a tree, questions, your answers checked and explained",
		Long: `Print a tree and ask the questions of an alpha-beta exercise: the root's
value, the best root move, the leaves the search never evaluates, and with
--ask-windows the window (α, β) a few nodes are searched with and the value
they return (exact, or a bound written <=3 or >=5; a leaf's value is exact,
whatever its window). Numbers may be written 3, -2.5 or 15/2.

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
--tree quizzes on a given tree: a textbook figure, your homework (a search
of at most ` + fmt.Sprint(quiz.MaxNodes) + ` nodes: checking an answer searches the tree again for
each misconception).

--order-children rtl searches every node's children right to left (the
last first; nodes keep their names). --algo expectimax and star1 quiz on
chance nodes ([chance] in --tree, or --chance for a generated tree: chance
nodes on every odd ply, their probabilities drawn from the seed): the root's
value (a fraction such as 20/3, or a decimal), the best move and, for Star1
(--bounds LO,HI: default the values' range), the leaves never evaluated.

--key prints the answer key instead of asking: the answers, and every node's
window and returned value. The key lists the leaves never evaluated; a
subtree never searched may be named by its root instead (never 3.2).

--svg, --png and --tikz draw the exercise for a handout: the tree with its
leaves' values (every leaf, the ones the search never evaluates too), the
MAX and MIN shapes and the moves, and nothing else — no inner value, no
window, no cut, no principal variation — drawn from the tree itself. With
--key they draw the answer instead: the quiz's search as search --svg draws
it, with the quiz's conventions (--algo, --fail, --cutoff, --root,
--horizon), windows, values, cuts and the never-searched parts dashed.
--tikz writes a forest picture to \input in LaTeX (--tikz-standalone: a
whole document). A handout draws every leaf: a tree of more than --max-draw
shapes is refused.

--lab FILE writes the quiz as a page and asks nothing: the lab opened in
its Practise tab on this quiz (its tree, seed and conventions), where the
student clicks the leaves never evaluated, types the other answers, and
Check grades them as quiz check does, then shows the search.

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

  # a handout: the questions, and the tree to work on as a picture and in LaTeX
  prunescope quiz --tree aima --print --svg aima.svg --tikz aima.tex

  # the teacher's key, drawn too
  prunescope quiz --tree aima --key --svg aima-key.svg --tikz aima-key.tex

  # children searched right to left: the key differs, and a left-to-right answer is named
  prunescope quiz --tree aima --order-children rtl --print --svg aima-rtl.svg

  # chance nodes: expectimax, and Star1 cutting chance nodes with bounds on every value
  prunescope quiz --chance --depth 2 --algo expectimax --seed 3
  prunescope quiz check --tree "((3 12)[chance] (2 4)[chance])" --algo expectimax --answer "value 7.5; best 1; never none"
  prunescope quiz --chance --depth 3 --branching 2 --algo star1 --bounds 0,9 --seed 5 --print

  # the quiz as a page: answered by clicking, checked in the browser
  prunescope quiz --seed 4217 --cutoff gt --lab homework.html

  # the teacher's key, or the same as JSON
  prunescope quiz --tree wikipedia --key
  prunescope quiz --seed 7 --depth 4 --horizon 3 --ask-windows --key --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runF(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.QuizFlags.Add(fs)
	o.pics.Add(fs)
	fs.BoolVar(&o.key, "key", false, "print the answer key instead of asking (with --svg, --png, --tikz: draw it)")
	fs.BoolVar(&o.print, "print", false, "print the quiz and do not ask (a handout)")
	fs.BoolVar(&o.interactive, "interactive", false, "ask question by question even when standard input is not a terminal")
	fs.StringVar(&o.lab, "lab", "", "write the lab (see prunescope lab) opened on this quiz in its practise tab into `FILE`, and ask nothing: the student marks the leaves never evaluated by clicking, types the answers, and the page checks them as quiz check does")
	c.AddCommand(newQuizCheckCmd(s, nil))
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
	if o.lab != "" {
		return writeQuizLab(ctx, s, o, modes)
	}
	if err := o.pics.Check(o.key); err != nil {
		return err
	}
	q, err := o.Build(ctx, s.In)
	if err != nil {
		return err
	}
	if o.pics.Wanted() {
		// Drawn first, whole or not at all: a student answering at the
		// terminal has the picture in front of them.
		files, err := o.pics.Files(ctx, q, o.key)
		if err != nil {
			return err
		}
		for _, f := range files {
			if err := writeOutput(s, f.Path, f.Data); err != nil {
				return err
			}
		}
	}
	if o.key {
		if o.JSON {
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
		if o.JSON {
			return badInputf("--json: not with questions asked one by one (pipe the answers in, or use quiz check)")
		}
		q.WriteIntro(s.Out)
		fmt.Fprintf(s.Out, "\n%s\n", s.printer().N("quiz.ask.intro", int64(len(q.Questions))))
		answers, err := q.Ask(s.In, s.Out, !typed)
		if err != nil {
			return failed(i18n.Errorf("reading the answers: %w", err))
		}
		if len(answers.List) == 0 {
			writeHowToCheck(s.Out, q, &o.QuizFlags)
			return nil
		}
		fmt.Fprintln(s.Out)
		return report(ctx, s, q, answers, false)
	}
	if o.print || atTerminal { // a handout: nothing to read answers from
		if o.JSON {
			return badInputf("--json: only with --key or answers to check")
		}
		q.WriteQuiz(s.Out)
		writeHowToCheck(s.Out, q, &o.QuizFlags)
		return nil
	}
	answers, err := q.ParseLines(s.In, "stdin")
	if err != nil {
		return setup.QuizError(err)
	}
	if len(answers.List) == 0 { // nothing piped in: a handout
		if o.JSON {
			return badInputf("--json: no answers on standard input to check")
		}
		q.WriteQuiz(s.Out)
		writeHowToCheck(s.Out, q, &o.QuizFlags)
		return nil
	}
	if !o.JSON {
		q.WriteQuiz(s.Out)
		fmt.Fprintln(s.Out)
	}
	return report(ctx, s, q, answers, o.JSON)
}

// writeQuizLab writes the lab opened in practise on the quiz (quiz --lab):
// its tree, seed and conventions; nothing is asked.
func writeQuizLab(ctx context.Context, s *Streams, o *quizOptions, modes int) error {
	if modes > 0 || o.pics.Wanted() || o.JSON {
		return badInputf("--lab: the page asks the questions and checks the answers: not with --key, --print, --interactive, --svg, --png, --tikz or --json")
	}
	if o.lab == "-" {
		return badInputf("--lab: give a file name: the page is written whole to a file")
	}
	q, err := o.Build(ctx, s.In)
	if err != nil {
		return err
	}
	text := o.Tree
	if _, builtin := tree.Builtin(text); !builtin {
		text = tree.Format(q.Tree) // a file or standard input: the page reads no files
	}
	start, err := lab.PractiseStart(ctx, o.Words(text))
	if err != nil {
		return err
	}
	html, err := lab.Page(ctx, start)
	if err != nil {
		return err
	}
	return writeOutput(s, o.lab, html)
}

// writeHowToCheck says how to check answers to the quiz later.
func writeHowToCheck(w io.Writer, q *quiz.Quiz, f *setup.QuizFlags) {
	flags := f.Again()
	if flags != "" {
		flags += " "
	}
	fmt.Fprintf(w, "\n%s\n  prunescope quiz check %s--answer \"%s\"\n", i18n.For(q.Lang).T("quiz.howtocheck"), flags, q.Example())
}

// report checks the answers and writes the verdicts; wrong or missing
// answers make the exit status 1.
func report(ctx context.Context, s *Streams, q *quiz.Quiz, a *quiz.Answers, asJSON bool) error {
	r, err := q.Check(ctx, a)
	if err != nil {
		return setup.QuizError(err)
	}
	if asJSON {
		if err := r.WriteJSON(s.Out, q); err != nil {
			return failed(err)
		}
	} else {
		p := s.printer()
		r.Name = func(m *quiz.Misconception) string { return mistakeName(p, m) } // the JSON keeps English's
		r.WriteText(s.Out)
	}
	if !r.AllCorrect() {
		return failed(i18n.Errorf("%d of %d answers are wrong or missing", r.Total-r.Score, r.Total))
	}
	return nil
}

// misconceptionList lists the misconceptions for the help text.
func misconceptionList() string { return listMisconceptions(quiz.Misconceptions(), 28) }

// listMisconceptions lists ms a line each, id and name, the names from
// column width on.
func listMisconceptions(ms []*quiz.Misconception, w int) string {
	var b strings.Builder
	for i, m := range ms {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "  %-*s %s", w, m.ID, m.Name)
	}
	return b.String()
}

type quizCheckOptions struct {
	setup.QuizFlags
	answer string
}

// newQuizCheckCmd makes quiz check; runF runs it (nil: runQuizCheck).
func newQuizCheckCmd(s *Streams, runF func(context.Context, *Streams, *quizCheckOptions) error) *cobra.Command {
	if runF == nil {
		runF = runQuizCheck
	}
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
		RunE: func(c *cobra.Command, _ []string) error { return runF(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.QuizFlags.Add(fs)
	fs.StringVar(&o.answer, "answer", "", "the answers, e.g. \"value 3; best 1; never 2.2 2.3\" (- reads them from standard input)")
	return c
}

func runQuizCheck(ctx context.Context, s *Streams, o *quizCheckOptions) error {
	if !o.Changed("answer") {
		return badInputf("--answer: give the answers to check, e.g. --answer \"value 3; best 1; never 2.2 2.3\" (see --help)")
	}
	if o.Tree == "" && !o.Changed("seed") {
		return badInputf("--seed: give the seed the quiz printed, so that it is made again (or --tree)")
	}
	if o.Tree == "-" && o.answer == "-" {
		return badInputf("--answer -: standard input already carries the tree (--tree -)")
	}
	q, err := o.Build(ctx, s.In)
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
		return setup.QuizError(err)
	}
	return report(ctx, s, q, a, o.JSON)
}
