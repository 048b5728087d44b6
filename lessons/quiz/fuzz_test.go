package quiz

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// FuzzParseLines: an answer file (quiz --answers, or answers piped in) never
// makes ParseLines, the questions asked one at a time (Ask) or the checker
// panic, on a quiz with integers and on one with names, decimals and MIN at
// the root. A refused file gets a one-line error; what is accepted is
// checked and reported, and each answer, written in its canonical form,
// reads back as the same answer.
func FuzzParseLines(f *testing.F) {
	for _, s := range []string{
		"3\n1\n2.2 2.3\n(3, +inf)\n<=3\n",
		"# answers\nvalue 3\n\nbest 1; never 2.2, 2.3\nwindow 2: (3, ∞)\nat 2: ≤ 3\n",
		"value: 3\nbest move = 1\nnever evaluated: none\n",
		"-\nnot searched\n", "1.5\nA\nB C\n(-1.25, 3.5)\n>= 2.5\n",
		"root value 3; root value 4\n", "window root: (-inf, inf)\n", "at 9.9.9: 3\n",
		strings.Repeat("value 3;", 20), "\r\n\r\n", "value 3\x00\n", "best \xff\n",
	} {
		f.Add(s)
	}
	var quizzes []*Quiz
	for _, c := range []struct {
		text    string
		rootMin bool
		at      []string
	}{
		{"aima", false, []string{"2"}},
		{"A:(B:(3.5 -1.25 C:2) D:(4 E:(1 2.75)[eval=1]) 0.5)", true, []string{"D", "E"}},
	} {
		tr, err := tree.Load(c.text, nil)
		if err != nil {
			f.Fatal(err)
		}
		tr.RootMin = c.rootMin
		q, err := New(context.Background(), Spec{Tree: tr, Opt: engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft}, At: c.at})
		if err != nil {
			f.Fatal(err)
		}
		quizzes = append(quizzes, q)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, q := range quizzes {
			if _, err := q.Ask(strings.NewReader(s), io.Discard, true); err != nil && strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: Ask: the error spans lines: %q", s, err)
			}
			a, err := q.ParseLines(strings.NewReader(s), "answers.txt")
			if err != nil {
				if strings.ContainsAny(err.Error(), "\n\r") {
					t.Fatalf("%q: the error spans lines: %q", s, err)
				}
				continue
			}
			r, err := q.Check(context.Background(), a)
			if err != nil {
				t.Fatalf("%q: checking: %v", s, err)
			}
			r.WriteText(io.Discard)
			if err := r.WriteJSON(io.Discard, q); err != nil {
				t.Fatalf("%q: the report: %v", s, err)
			}
			for _, x := range a.List {
				sep := " "
				if x.Kind == Window || x.Kind == At {
					sep = ": "
				}
				canon := x.ID() + sep + q.answerASCII(x)
				again, err := q.ParseAnswers(canon, "--answer")
				if err != nil || len(again.List) != 1 || again.List[0].Question != x.Question || q.answerASCII(again.List[0]) != q.answerASCII(x) {
					t.Fatalf("%q: answer %q, written %q, reads back as %v (%v)", s, x.Text, canon, again, err)
				}
			}
		}
	})
}
