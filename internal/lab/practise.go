package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/page"
)

// The practise tab: the quiz (prunescope quiz, lessons/quiz) in the page.
// The student works on the exercise's drawing (the handout's: leaves and
// shapes, no answer), marks the never-searched leaves by clicking them,
// types the other answers, and the page asks this call to check them as
// quiz check does: the very flags, the same quiz, the same verdicts,
// misconceptions and explanations.

// PractiseRequest asks for a quiz, and with Answer for its answers checked.
type PractiseRequest struct {
	// Args are the quiz's flags, as prunescope quiz check takes them
	// (--seed 4217 --cutoff gt --ask-windows, --tree aima, …).
	Args []string `json:"args"`
	// Answer is the student's answers in quiz check's syntax ("value 3;
	// best 1; never 2.2 2.3"); nil makes the quiz only.
	Answer *string `json:"answer,omitempty"`
}

// Practise is a quiz as the page shows it, and the check of its answers.
type Practise struct {
	// Args are the flags that make this quiz again (a generated tree's
	// seed included), as quiz check's command line writes them.
	Args []string `json:"args"`
	Seed uint64   `json:"seed,omitempty"` // a generated tree's seed
	// About says what the quiz is: its tree and its conventions, the
	// lines prunescope quiz prints above the tree.
	About     []string   `json:"about"`
	Questions []Question `json:"questions"`
	// Moves are the root's moves (the best move's choices).
	Moves []string `json:"moves"`
	// Points are the names of the evaluation points (leaves, or nodes on
	// the horizon) a student may mark as never evaluated, left to right.
	Points []string `json:"points"`
	// SVG is the exercise drawn as the page draws (leaves, shapes and
	// moves, nothing of the answer); each node's group has its name in
	// data-path.
	SVG string `json:"svg"`
	// Tree and Search are the quiz's tree (text form) and the lab's
	// settings that search it as the quiz does, to show after the check.
	Tree   string   `json:"tree"`
	Search []string `json:"search"`
	// Example is an answer in the syntax, with the quiz's questions.
	Example string `json:"example"`
	// Again is the command that prints this quiz at a terminal.
	Again string `json:"again"`

	// With an answer: the command that checks it, the report as quiz
	// check --json writes it, and as quiz check prints it.
	Command string          `json:"command,omitempty"`
	Report  json.RawMessage `json:"report,omitempty"`
	Text    []string        `json:"text,omitempty"`
	// Verdicts are the report's questions in order, each with the lines
	// quiz check prints for it (its ✓ or ✗ line, a note, an explanation
	// of each mistake); Score is its last line (the score and the
	// misconceptions named).
	Verdicts []QuestionVerdict `json:"verdicts,omitempty"`
	Score    string            `json:"score,omitempty"`
}

// QuestionVerdict is one question's verdict: its id, whether it is right, and
// quiz check's lines about it.
type QuestionVerdict struct {
	ID      string   `json:"id"`
	Correct bool     `json:"correct"`
	Lines   []string `json:"lines"`
}

// Question is one of the quiz's questions: its id in the answer syntax
// (value, best, never, window 2, at 2), its kind, the node it is about,
// and its words.
type Question struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"` // value, best, never, window, at
	Node   string `json:"node,omitempty"`
	Prompt string `json:"prompt"`
}

var kindWords = map[quiz.Kind]string{quiz.Value: "value", quiz.Best: "best", quiz.Never: "never", quiz.Window: "window", quiz.At: "at"}

func init() {
	registerJSON("practise", func(ctx context.Context, r PractiseRequest) (any, error) {
		return MakePractise(ctx, r)
	})
}

// MakePractise makes the quiz r.Args describe, as prunescope quiz check
// does, and checks r.Answer when given. Bad flags or an answer that cannot
// be read give the error quiz check prints (without "prunescope: ").
func MakePractise(ctx context.Context, r PractiseRequest) (*Practise, error) {
	fs := pflag.NewFlagSet("quiz check", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var f setup.QuizFlags
	f.Add(fs)
	if err := fs.Parse(r.Args); err != nil {
		return nil, setup.BadInputf("%v (see 'prunescope quiz check --help')", err)
	}
	if rest := fs.Args(); len(rest) > 0 {
		return nil, setup.BadInputf("unexpected argument %q: the quiz's settings are flags (--seed 4217 --cutoff gt …)", rest[0])
	}
	if f.Tree == "-" {
		return nil, setup.BadInputf("--tree -: the lab has no standard input: type the tree itself")
	}
	q, err := f.Build(ctx, strings.NewReader(""))
	if err != nil {
		return nil, err
	}
	out := &Practise{Tree: tree.Format(q.Tree), Search: searchWords(q), Example: q.Example()}
	if q.Generated {
		out.Seed = q.Gen.Seed
		if !fs.Changed("seed") {
			// Picked here: written, so that the quiz is made again.
			if err := fs.Set("seed", strconv.FormatUint(q.Gen.Seed, 10)); err != nil {
				return nil, err
			}
		}
	}
	fs.VisitAll(func(fl *pflag.Flag) {
		switch {
		case !fl.Changed || fl.Name == "json":
		case fl.Value.Type() == "bool" && fl.Value.String() == "true":
			out.Args = append(out.Args, "--"+fl.Name)
		case fl.Value.Type() == "bool":
			out.Args = append(out.Args, "--"+fl.Name+"=false")
		default:
			out.Args = append(out.Args, "--"+fl.Name, fl.Value.String())
		}
	})
	out.Again = commandLine(append([]string{"prunescope", "quiz"}, out.Args...))
	var intro bytes.Buffer
	q.WriteIntro(&intro)
	for _, l := range strings.Split(intro.String(), "\n") {
		if l == "" {
			break // the tree follows: the page draws it
		}
		out.About = append(out.About, l)
	}
	for _, qu := range q.Questions {
		x := Question{ID: qu.ID(), Kind: kindWords[qu.Kind], Prompt: q.Prompt(qu)}
		if qu.Node != nil {
			x.Node = strings.TrimPrefix(qu.ID(), x.Kind+" ")
		}
		out.Questions = append(out.Questions, x)
	}
	ex, info := q.Exercise()
	for _, c := range ex.Children {
		out.Moves = append(out.Moves, c.Move)
	}
	var points func(s *tree.Node, ply int)
	points = func(n *tree.Node, ply int) {
		if n.Leaf || ply == q.Depth {
			out.Points = append(out.Points, exerciseName(n))
			return
		}
		for _, c := range n.Children {
			points(c, ply+1)
		}
	}
	points(q.Tree.Root, 0)
	horizon := 0
	if q.Horizon {
		horizon = q.Depth
	}
	// A handout draws every leaf: refused past the handout's limits, in
	// its words.
	if _, err := dot.Blank(ex, info, horizon, dot.Options{}); err != nil {
		var se *dot.SizeError
		if errors.As(err, &se) {
			return nil, setup.BadInputf("the exercise: %v", err)
		}
		return nil, err
	}
	if out.SVG, err = page.BlankSVG(ex, info, "default"); err != nil {
		return nil, setup.Failed(err)
	}
	if r.Answer == nil {
		return out, nil
	}
	a, err := q.ParseAnswers(*r.Answer, "--answer")
	if err != nil {
		return nil, setup.QuizError(err)
	}
	rep, err := q.Check(ctx, a)
	if err != nil {
		return nil, setup.QuizError(err)
	}
	var js, text bytes.Buffer
	if err := rep.WriteJSON(&js, q); err != nil {
		return nil, setup.Failed(err)
	}
	rep.WriteText(&text)
	out.Report = bytes.TrimSpace(js.Bytes())
	out.Text = strings.Split(strings.TrimRight(text.String(), "\n"), "\n")
	out.Score = out.Text[len(out.Text)-1]
	for _, it := range rep.Items {
		// Written by quiz check's own code, one item at a time: its lines
		// are those of the whole report, the score's line left out.
		var one bytes.Buffer
		(&quiz.Report{Items: []*quiz.Item{it}}).WriteText(&one)
		lines := strings.Split(strings.TrimRight(one.String(), "\n"), "\n")
		for i := range lines[:len(lines)-1] {
			lines[i] = strings.TrimSpace(lines[i])
		}
		out.Verdicts = append(out.Verdicts, QuestionVerdict{ID: it.ID(), Correct: it.Correct, Lines: lines[:len(lines)-1]})
	}
	words := []string{"prunescope", "quiz", "check"}
	words = append(words, out.Args...)
	out.Command = commandLine(append(words, "--answer", *r.Answer))
	return out, nil
}

// commandLine writes words as a command line, quoted for a POSIX shell.
func commandLine(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = shellWord(w)
	}
	return strings.Join(out, " ")
}

// exerciseName is a node's name as the exercise's drawing and the answers
// write it: its name if it has one, else its path.
func exerciseName(n *tree.Node) string {
	if n.Name != "" {
		return n.Name
	}
	return n.Path()
}

// searchWords are the lab's settings (search's flags) that search the
// quiz's tree as the quiz does: its algorithm and conventions, its depth,
// its order of children and Star1's bounds.
func searchWords(q *quiz.Quiz) []string {
	o := q.Opt
	w := []string{"--algo", o.Algo.String()}
	if o.Algo.Prunes() && o.Algo != engine.BranchBound {
		w = append(w, "--fail", o.Fail.String())
	}
	if o.Algo.Prunes() {
		w = append(w, "--cutoff", o.Cutoff.String())
	}
	w = append(w, "--depth", fmt.Sprint(q.Depth))
	if q.RightToLeft {
		w = append(w, "--order-children", "rtl")
	}
	if o.Bounds.On {
		w = append(w, "--bounds", q.Format(o.Bounds.Lo)+","+q.Format(o.Bounds.Hi))
	}
	return w
}
