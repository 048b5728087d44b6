package quiz

import (
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
)

// TestAnswerSyntax: the forgiving forms people write all read the same.
func TestAnswerSyntax(t *testing.T) {
	q := onTree(t, "aima", "alphabeta", "2")
	want := "value 3; best 1; never 2.2 2.3; window 2: (3, +inf); at 2: <=3"
	for _, in := range []string{
		want,
		"value=3; best=1; never=2.2,2.3; window 2 = (3, inf); at 2 = <=3",
		"Value: 3\nBest move: 1\nNever evaluated: 2.2, 2.3\nwindow 2: [3, ∞]\nat 2: ≤ 3",
		"root value 3; best move 1; pruned {2.2, 2.3}; window of 2: (3, +∞); value at 2: at most 3",
		"  value 3 ;; best 1 ; never 2.2 and 2.3 ; window 2 (3 +infinity) ; returns 2: =<3",
		"root 3; move 1; leaves 2.2 2.3; window 2: α=3, β=inf; at 2 <= 3",
		"at 2: <=3; window 2: (3, +INF); never 2.3 2.2 2.2; best 1; value 3",
	} {
		a, err := q.ParseAnswers(in, "--answer")
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		var parts []string
		for _, qu := range q.Questions {
			x := a.Get(qu)
			if x == nil {
				t.Errorf("%q: %s not read", in, qu.ID())
				continue
			}
			sep := " "
			if qu.Kind == Window || qu.Kind == At {
				sep = ": "
			}
			parts = append(parts, qu.ID()+sep+q.answerASCII(x))
		}
		if got := strings.Join(parts, "; "); got != want {
			t.Errorf("%q read as %q", in, got)
		}
	}
	// Other forms of values and windows.
	for in, check := range map[string]func(*Answer) bool{
		"at 2: >=5":             func(a *Answer) bool { return a.Num == 5 && a.Bound == score.Lower },
		"at 2: ≥ -4":            func(a *Answer) bool { return a.Num == -4 && a.Bound == score.Lower },
		"at 2: at least −2":     func(a *Answer) bool { return a.Num == -2 && a.Bound == score.Lower },
		"at 2: exact 2":         func(a *Answer) bool { return a.Num == 2 && a.Bound == score.Exact },
		"at 2.2: not searched":  func(a *Answer) bool { return a.Unsearched },
		"at 2.2: -":             func(a *Answer) bool { return a.Unsearched },
		"window 2.2: none":      func(a *Answer) bool { return a.Unsearched },
		"window 2: (-inf, 3)":   func(a *Answer) bool { return a.Alpha == -score.Inf && a.Beta == 3 },
		"window 2: (−∞, -3)":    func(a *Answer) bool { return a.Alpha == -score.Inf && a.Beta == -3 },
		"window root: (-∞, +∞)": func(a *Answer) bool { return a.Node == q.Tree.Root && a.Beta == score.Inf },
		"never none":            func(a *Answer) bool { return len(a.Nodes) == 0 },
		"never -":               func(a *Answer) bool { return len(a.Nodes) == 0 },
		"best 1.":               func(a *Answer) bool { return a.Move == q.Find("1") },
	} {
		a, err := q.ParseAnswers(in, "--answer")
		if err != nil || !check(a.List[0]) {
			t.Errorf("%q: %v %+v", in, err, a)
		}
	}
	// Named nodes answer by name or by path.
	named := onTree(t, "A:(B:(3 12 8) C:(2 x:4 6))", "alphabeta")
	a, err := named.ParseAnswers("best B; never x 2.3", "--answer")
	if err != nil || label(a.List[0].Move) != "B" || labels(a.List[1].Nodes) != "x 2.3" {
		t.Errorf("named nodes: %v %+v", err, a)
	}
}

// TestAnswerErrors: a malformed answer is refused with its place and what is
// wrong, in one line.
func TestAnswerErrors(t *testing.T) {
	q := onTree(t, "aima", "alphabeta", "2")
	for in, want := range map[string]string{
		"":                             "--answer: no answer given",
		"3":                            `--answer: clause 1 "3": start with the question it answers`,
		"value 3; nevr 2.2":            `clause 2 "nevr 2.2": start with the question it answers`,
		"value three":                  `clause 1 "value three": value: "three" is not a number (write 3, -2.5 or a fraction such as 15/2)`,
		"value 3.5.1":                  `value: "3.5.1" is not a number`,
		"value 1/0":                    `value: "1/0" is not a number`,
		"value 1.2/3":                  `value: "1.2/3" is not a number`,
		"value 1/33333333333333333333": `value: "1/33333333333333333333" is not a number`,
		"value 1/9999999999999999999":  `value: "1/9999999999999999999" has too many digits`,
		"value 3; value 4":             "value is answered twice",
		"best":                         "best: name the best root move",
		"best 1 2":                     "best: give one move, not 2",
		"best 9":                       `best: the tree has no node "9"`,
		"never":                        "never: list the leaves never evaluated, or write none",
		"never 2.2 2.9":                `never: the tree has no node "2.9"`,
		"window (3, inf)":              "window: name the node, e.g. window 2: (3, +inf)",
		"window 2: (3)":                "window of 2",
		"window 2: (1, 2, 3)":          "a window is two numbers",
		"window 2: (3, x)":             `"x" is not a number`,
		"window 7: (3, inf)":           `window: the tree has no node "7"`,
		"at 2: <3":                     "write <= for an upper bound",
		"at 2":                         "at 2: give the value it returns",
		"at 2: ~3":                     `"~3" is not a number`,
		"value 99999999999999999":      "value:",
		"window 2: (gamma=1, b=2)":     "write the window as (α, β)",
	} {
		_, err := q.ParseAnswers(in, "--answer")
		if err == nil {
			t.Errorf("%q accepted", in)
			continue
		}
		if !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	m := onTree(t, "aima", "minimax")
	if _, err := m.ParseAnswers("window 2: (3, inf)", "--answer"); err == nil || !strings.Contains(err.Error(), "minimax searches without windows") {
		t.Errorf("minimax window: %v", err)
	}
	dec := onTree(t, "((3 -3.01 8) (2 4.5 6))", "alphabeta")
	if a, err := dec.ParseAnswers("value 3; at 2: <=4.5", "--answer"); err != nil || a.List[1].Num != 450 {
		t.Errorf("decimals: %v", err)
	}
	// A number that is no whole number of the tree's units is read exactly
	// all the same, and graded: no node's value is one.
	for in, want := range map[string]string{"value 3.001": "3.001", "value -7/3": "-7/3", "value 1 / 3": "1/3",
		"value 1/8": "0.125", "at 2: >= 10/3": ">=10/3", "at 2: <=-0.001": "<=-0.001", "window 2: (7/3, +inf)": "(7/3, +inf)"} {
		a, err := dec.ParseAnswers(in, "--answer")
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := dec.answerASCII(a.List[0]); got != want {
			t.Errorf("%q is read as %s, want %s", in, got, want)
		}
		if x := a.List[0]; x.numOff == nil && x.alphaOff == nil {
			t.Errorf("%q is read as a whole number of the tree's units", in)
		}
	}
	// The same numbers, whole numbers of the units, are the units'.
	if a, err := dec.ParseAnswers("value 15 / 2; at 2: 9/4", "--answer"); err != nil || !a.List[0].numIs(750) || !a.List[1].numIs(225) {
		t.Errorf("15/2 and 9/4 in hundredths: %v %+v", err, a)
	}
}

// TestParseLines: answers piped in, one per line in question order, with or
// without their question words; comments and empty lines.
func TestParseLines(t *testing.T) {
	q := onTree(t, "aima", "alphabeta", "2")
	a, err := q.ParseLines(strings.NewReader("# my homework\n3\n\n2.2 2.3\n(3, +inf)\n<=3\n"), "stdin")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.List) != 4 || a.Get(Question{Kind: Best}) != nil || a.Get(Question{Kind: Window, Node: q.Find("2")}).Alpha != 3 {
		t.Errorf("lines: %+v", a.List)
	}
	// "3 inf" is a window, not "node 3, value inf".
	a, err = q.ParseLines(strings.NewReader("3\n1\nnone\n3 inf\n2: <=3\n"), "stdin")
	if err != nil || a.Get(Question{Kind: Window, Node: q.Find("2")}).Beta != score.Inf {
		t.Errorf("positional window: %v", err)
	}
	a, err = q.ParseLines(strings.NewReader("never 2.2 2.3\nvalue 3\n"), "stdin")
	if err != nil || len(a.List) != 2 {
		t.Errorf("keywords out of order: %v", err)
	}
	for in, want := range map[string]string{
		"3\n1\n2.2\n(3 inf)\n<=3\n7\n": "stdin line 6",
		"3\nfoo\n":                     `stdin line 2: best: the tree has no node "foo"`,
		"3\nvalue 4\n":                 "stdin line 2: value is answered twice",
	} {
		if _, err := q.ParseLines(strings.NewReader(in), "stdin"); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}

// TestAsk: questions asked one at a time; an answer that cannot be read is
// asked again; an empty line skips; the end of input stops.
func TestAsk(t *testing.T) {
	q := onTree(t, "aima", "alphabeta", "2")
	var out strings.Builder
	a, err := q.Ask(strings.NewReader("three\n3\nnever 2.2\n\n2.2 2.3\n"), &out, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.List) != 2 || a.Get(Question{Kind: Value}).Num != 3 || len(a.Get(Question{Kind: Never}).Nodes) != 2 {
		t.Errorf("answers: %+v", a.List)
	}
	s := out.String()
	for _, want := range []string{
		"1. What is the value of the root?\n> three\n",
		`cannot read that: value: "three" is not a number (write 3, -2.5 or a fraction such as 15/2); try again`,
		"3. Which leaves are never evaluated?",
		"4. With which window (α, β) is MIN node 2 searched?",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the session lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "1. What is the value") != 2 {
		t.Errorf("question 1 not asked again:\n%s", s)
	}
	if !strings.Contains(s, `that answers "never", but the question is "best"`) {
		t.Errorf("an answer to another question is taken:\n%s", s)
	}
}

// FuzzParseAnswers: no answer text makes the parser or the checker panic,
// and what the parser accepts it accepts again in its canonical form.
func FuzzParseAnswers(f *testing.F) {
	for _, s := range []string{"value 3; best 1; never 2.2 2.3", "window 2: (3, +inf); at 2: <=3", "at root: ≥ 3", "never {2.2, 2.3}", "window 2 = α=1 β=∞", "value −∞", ";;;", "at 2: at least", "value 15/2; at 2: >=-7/3; window 2: (0.125, 1/3)"} {
		f.Add(s)
	}
	q, err := newFuzzQuiz()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := q.ParseAnswers(s, "--answer")
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: a multi-line error: %v", s, err)
			}
			return
		}
		if _, err := q.Check(context.Background(), a); err != nil {
			t.Errorf("%q: checking: %v", s, err)
		}
		var parts []string
		for _, x := range a.List {
			sep := " "
			if x.Kind == Window || x.Kind == At {
				sep = ": "
			}
			parts = append(parts, x.ID()+sep+q.answerASCII(x))
		}
		again, err := q.ParseAnswers(strings.Join(parts, "; "), "--answer")
		if err != nil || len(again.List) != len(a.List) {
			t.Errorf("%q: canonical form %q not read back: %v", s, strings.Join(parts, "; "), err)
		}
	})
}

func newFuzzQuiz() (*Quiz, error) {
	tr, err := tree.Load("aima", nil)
	if err != nil {
		return nil, err
	}
	return New(context.Background(), Spec{Tree: tr, Opt: engine.Options{Algo: engine.AlphaBeta}, At: []string{"2"}})
}
