package lab_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/step"
)

// truthSteps plays the command line's trace of the search (prunescope
// search --trace json with the same settings) with the step player: the
// truth each prediction is graded against.
func truthSteps(t *testing.T, treeText string, args []string) [][]*trace.Event {
	t.Helper()
	cmdArgs := append([]string{"--tree", treeText, "--trace", "json"}, args...)
	js := runSearch(t, cmdArgs)
	p, err := step.Open(bytes.NewReader(js), "trace")
	if err != nil {
		t.Fatal(err)
	}
	out := [][]*trace.Event{nil}
	for {
		ok, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, append([]*trace.Event(nil), p.Events()...))
	}
}

func num(v int64) string { return score.Number(v, 1, 0) }

func call[T any](t *testing.T, name string, req map[string]any) T {
	t.Helper()
	b, _ := json.Marshal(req)
	var out T
	if err := json.Unmarshal(lab.Call(context.Background(), name, b), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// rightAnswer is the right answer to a prediction, read from the step it
// precedes: a cut when that step is the node's cutoff, the window its
// enter event carries, the value and bound its exit event carries.
func rightAnswer(t *testing.T, steps [][]*trace.Event, x lab.Prediction) (right string, wrong []string) {
	evs := steps[x.Step]
	switch x.Kind {
	case "cut":
		if evs[0].Kind == trace.Cutoff && evs[0].Path == x.Path {
			return "yes", []string{"no"}
		}
		return "no", []string{"yes"}
	case "window":
		e := evs[0]
		if e.Kind != trace.Enter || e.Path != x.Path {
			t.Fatalf("step %d is not %s's enter: %v", x.Step, x.Path, e)
		}
		other := e.Alpha + 1
		if score.IsInf(e.Alpha) {
			other = -5 // no value of the trees tested
		}
		wrong := []string{fmt.Sprintf("(%s, %s)", num(other), num(e.Beta))}
		if e.Alpha != e.Beta {
			wrong = append(wrong, fmt.Sprintf("(%s, %s)", num(e.Beta), num(e.Alpha)))
		}
		return fmt.Sprintf("(%s, %s)", num(e.Alpha), num(e.Beta)), wrong
	case "returns":
		e := evs[len(evs)-1]
		if e.Kind != trace.Exit || e.Path != x.Path {
			t.Fatalf("step %d is not %s's exit: %v", x.Step, x.Path, e)
		}
		mark := map[score.Bound]string{score.Exact: "", score.Upper: "<=", score.Lower: ">=", score.NoBound: ""}[e.Bound]
		other := map[score.Bound]string{score.Exact: ">=", score.Upper: ">=", score.Lower: "", score.NoBound: ""}[e.Bound]
		wrong := []string{mark + num(e.Value+1)}
		if e.Bound != score.NoBound {
			wrong = append(wrong, other+num(e.Value))
		}
		return mark + num(e.Value), wrong
	}
	t.Fatalf("unknown kind %q", x.Kind)
	return "", nil
}

// Every prediction of every step of random trees, under both cutoff
// rules, fail-hard and fail-soft, alpha-beta and branch and bound, left to
// right and right to left: the right answer (read from the command line's
// trace by the step player) is graded right, and wrong ones wrong.
func TestPredictGradesEveryStep(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	settings := [][]string{
		{"--fail", "hard", "--cutoff", "ge"}, {"--fail", "hard", "--cutoff", "gt"},
		{"--fail", "soft", "--cutoff", "ge"}, {"--fail", "soft", "--cutoff", "gt"},
		{"--algo", "branch-bound"}, {"--algo", "minimax"}, {"--fail", "soft", "--order-children", "rtl"},
		{"--fail", "f2", "--root", "min"}, {"--depth", "2", "--cutoff", "gt"},
	}
	for seed := 1; seed <= seeds; seed++ {
		tr, err := tree.Random(2+seed%2, 3, 0, 9, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.AddEvals(2, uint64(seed)); err != nil { // static evaluations for --depth 2
			t.Fatal(err)
		}
		text := tree.Format(tr)
		for _, args := range settings {
			steps := truthSteps(t, text, args)
			for _, mode := range []string{"all", "cuts"} {
				ps := call[lab.Predictions](t, "predict.questions", map[string]any{"tree": text, "args": args, "mode": mode})
				if ps.Error != "" {
					t.Fatalf("%s %v: %s", text, args, ps.Error)
				}
				if ps.Steps != len(steps)-1 {
					t.Fatalf("%s %v: %d steps, the step player has %d", text, args, ps.Steps, len(steps)-1)
				}
				cuts := 0
				for i, x := range ps.Questions {
					if mode == "cuts" && x.Kind != "cut" {
						t.Fatalf("mode cuts asks %s", x.Kind)
					}
					right, wrongs := rightAnswer(t, steps, x)
					if right == "yes" {
						cuts++
					}
					req := map[string]any{"tree": text, "args": args, "mode": mode, "index": i, "answer": right}
					v := call[lab.Verdict](t, "predict", req)
					if v.Error != "" || !v.Right || v.Step != x.Step {
						t.Fatalf("%s %v %s: question %d %q: the right answer %q graded %+v", text, args, mode, i, x.Prompt, right, v)
					}
					if v.Sentence != steps[x.Step][0].Path && v.Sentence == "" {
						t.Fatalf("no sentence for step %d", x.Step)
					}
					for _, w := range wrongs {
						req["answer"] = w
						v := call[lab.Verdict](t, "predict", req)
						if v.Error != "" || v.Right || v.Explanation == "" {
							t.Fatalf("%s %v %s: question %d %q: the wrong answer %q (right %q) graded %+v", text, args, mode, i, x.Prompt, w, right, v)
						}
					}
				}
				// Every cutoff of the search is asked about in both modes.
				n := 0
				for _, evs := range steps[1:] {
					if evs[0].Kind == trace.Cutoff {
						n++
					}
				}
				if cuts != n {
					t.Fatalf("%s %v %s: %d cuts asked about, the search has %d", text, args, mode, cuts, n)
				}
			}
		}
	}
}

// A wrong prediction of each kind is named as its misconception, in the
// quiz's words.
func TestPredictNamesMisconceptions(t *testing.T) {
	cases := []struct {
		tree   string
		args   []string
		kind   string
		path   string
		answer string
		id     string
	}{
		{"aima", nil, "cut", "2", "no", "window-not-passed"},
		{"((3 5) (3 1))", []string{"--cutoff", "gt"}, "cut", "2", "yes", "tie-pruned"},
		{"((3 5) (3 1))", []string{"--cutoff", "ge"}, "cut", "2", "no", "tie-not-pruned"},
		{"aima", nil, "returns", "2", "2", "bound-as-exact"},
		{"aima", nil, "returns", "2", "<=2", "fail-hard-soft"},
		{"aima", []string{"--fail", "soft"}, "returns", "2", "<=3", "fail-hard-soft"},
		{"aima", nil, "window", "2", "(-inf, inf)", "window-not-passed"},
	}
	for _, c := range cases {
		ps := call[lab.Predictions](t, "predict.questions", map[string]any{"tree": c.tree, "args": c.args, "mode": "all"})
		idx := -1
		for i, x := range ps.Questions {
			if x.Kind == c.kind && x.Path == c.path {
				idx = i
				break
			}
		}
		if idx < 0 {
			t.Fatalf("%s %v: no %s question about %s: %+v", c.tree, c.args, c.kind, c.path, ps)
		}
		v := call[lab.Verdict](t, "predict", map[string]any{"tree": c.tree, "args": c.args, "mode": "all", "index": idx, "answer": c.answer})
		if v.Right || v.Misconception == nil || v.Misconception.ID != c.id {
			t.Errorf("%s %v: %s %s %q: %+v, want the misconception %s", c.tree, c.args, c.kind, c.path, c.answer, v, c.id)
		}
	}
}

// The score says how many were right and names each wrong one with its
// misconception; bad answers and settings the quiz cannot grade get one
// line.
func TestPredictScoreAndErrors(t *testing.T) {
	ps := call[lab.Predictions](t, "predict.questions", map[string]any{"tree": "aima", "mode": "cuts"})
	answers := map[string]string{}
	steps := truthSteps(t, "aima", nil)
	for i, x := range ps.Questions {
		right, _ := rightAnswer(t, steps, x)
		answers[fmt.Sprint(i)] = right
	}
	answers["3"] = "no" // 2 cuts after 2.1
	delete(answers, "0")
	s := call[lab.Score](t, "predict.score", map[string]any{"tree": "aima", "mode": "cuts", "answers": answers})
	want := fmt.Sprintf("%d of %d right (1 of the %d questions skipped); wrong: step 9 (cut: no, not yes) — α (or β) not passed to the next sibling", len(ps.Questions)-2, len(ps.Questions)-1, len(ps.Questions))
	if s.Error != "" || s.Line != want || len(s.Wrong) != 1 {
		t.Errorf("score %+v, want %q", s, want)
	}
	for _, c := range []struct {
		req  map[string]any
		want string
	}{
		{map[string]any{"tree": "aima", "mode": "cuts", "index": 0, "answer": "maybe"}, `predict: answer "maybe": write yes or no`},
		{map[string]any{"tree": "aima", "mode": "all", "index": 0, "answer": "(3"}, "predict: answer"},
		{map[string]any{"tree": "aima", "mode": "all", "index": 99, "answer": "3"}, "predict: no question 100"},
		{map[string]any{"tree": "aima", "mode": "some", "index": 0, "answer": "3"}, `predict: mode "some" is not cuts or all`},
		{map[string]any{"tree": "aima", "args": []string{"--algo", "pvs"}, "mode": "all"}, "predict: --algo pvs"},
		{map[string]any{"tree": "aima", "args": []string{"--null-move"}, "mode": "all"}, "predict: "},
		{map[string]any{"tree": "((1 2", "mode": "all"}, "tree"},
	} {
		v := call[lab.Verdict](t, "predict", c.req)
		if !strings.HasPrefix(v.Error, c.want) || strings.Contains(v.Error, "\n") {
			t.Errorf("%v: error %q, want one line starting %q", c.req, v.Error, c.want)
		}
	}
}

// runSearch runs prunescope search with args and returns its output.
func runSearch(t *testing.T, args []string) []byte {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := cmd.Main(append([]string{"search"}, args...), strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("prunescope search %v: exit %d: %s", args, code, errOut.String())
	}
	return out.Bytes()
}
