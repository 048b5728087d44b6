package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// predictCall asks the engine, in Go, what the page asks it in the browser.
func predictCall[T any](t testing.TB, name string, req map[string]any) T {
	t.Helper()
	b, _ := json.Marshal(req)
	var out T
	if err := json.Unmarshal(lab.Call(context.Background(), name, b), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func textOf(t testing.TB, tab context.Context, id string) string {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[string](`(function () { var e = document.getElementById(`+jsString(id)+`); return e && !e.hidden ? e.textContent : ""; })()`))
}

// TestLabPredictCutoffs opens a teacher's link to the AIMA tree in
// predict mode (cuts), predicts every possible cutoff right with the mouse,
// then again with the tree's first cutoff predicted wrong, and checks each verdict, the misconception named, the step
// shown after the answer and the score against the engine's grades in Go;
// then the fail-soft switch changes what a node returns.
func TestLabPredictCutoffs(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima"))+"#predict=cuts")
	waitFor(t, tab, `!!document.getElementById("predict-prompt")`, "the first question")
	tree := labNow(t, tab).Tree
	ps := predictCall[lab.Predictions](t, "predict.questions", map[string]any{"tree": tree, "mode": "cuts"})
	if len(ps.Questions) == 0 {
		t.Fatalf("no questions: %+v", ps)
	}
	// Twice: every cutoff predicted right, then the first one wrong.
	for pass := range 2 {
		if pass == 1 {
			press(t, tab, kb.Home)
			clickID(t, tab, "predict-start")
		}
		predictPass(t, tab, tree, ps, pass == 1)
	}

	// Fail-soft changes what MIN node 2 returns: ≤3 is fail-hard's answer.
	choose(t, tab, "predict-mode", "all")
	labSet(t, tab, `{args: ["--fail", "soft"]}`)
	for i := 0; i < 40; i++ {
		waitFor(t, tab, `!!document.getElementById("predict-prompt") || !!document.getElementById("predict-next")`, "a question")
		if textOf(t, tab, "predict-next") != "" {
			clickID(t, tab, "predict-next")
			continue
		}
		if strings.HasPrefix(textOf(t, tab, "predict-prompt"), "What value will MIN node 2 return?") {
			// A bound written with < is refused in the quiz's words, and
			// the question stays.
			clickID(t, tab, "predict-answer")
			timed(t, tab, chromedp.KeyEvent("<3"+kb.Enter))
			waitFor(t, tab, `!document.getElementById("predict-error").hidden`, "the error")
			if got := textOf(t, tab, "predict-error"); !strings.HasPrefix(got, "predict: ") || !strings.Contains(got, "write <= for an upper bound") {
				t.Errorf("<3: the page says %q", got)
			}
			timed(t, tab, chromedp.Evaluate[int](`(function () { document.getElementById("predict-answer").value = ""; return 0; })()`))
			timed(t, tab, chromedp.KeyEvent("<=3"+kb.Enter))
			waitFor(t, tab, `!!document.getElementById("predict-misconception")`, "the verdict")
			if got := textOf(t, tab, "predict-misconception"); got != quiz.FailConfused.Name {
				t.Errorf("<=3 under fail-soft: misconception %q, want %q", got, quiz.FailConfused.Name)
			}
			if got := textOf(t, tab, "predict-result"); !strings.Contains(got, "it is ≤2") {
				t.Errorf("<=3 under fail-soft: %q, want the right answer ≤2", got)
			}
			// PVS is no search the quiz makes: predict says so in one line.
			labSet(t, tab, `{args: ["--algo", "pvs"]}`)
			waitFor(t, tab, `!document.getElementById("predict-error").hidden`, "the refusal")
			if got := textOf(t, tab, "predict-error"); !strings.HasPrefix(got, "predict: --algo pvs: ") {
				t.Errorf("pvs: the page says %q", got)
			}
			return
		}
		clickID(t, tab, "predict-skip")
	}
	t.Fatal("no question about what MIN node 2 returns")
}

// predictPass answers every question of ps in the page with the mouse, all
// right, or the first cutoff wrong (oneWrong), and checks each verdict,
// the step shown after it and the score against the engine in Go.
func predictPass(t *testing.T, tab context.Context, tree string, ps lab.Predictions, oneWrong bool) {
	t.Helper()
	wrongAt := -1
	answers := map[string]string{}
	for i, x := range ps.Questions {
		waitFor(t, tab, `!!document.getElementById("predict-prompt") && document.getElementById("predict-prompt").textContent === `+jsQuote(x.Prompt), fmt.Sprintf("question %d", i+1))
		if got := timed(t, tab, chromedp.Evaluate[int](`window.ps.step()`)); got != x.Step-1 {
			t.Fatalf("question %d is asked at step %d, want %d (before its step)", i+1, got, x.Step-1)
		}
		req := map[string]any{"tree": tree, "mode": "cuts", "index": i, "answer": "yes"}
		right := "yes"
		if !predictCall[lab.Verdict](t, "predict", req).Right {
			right = "no"
		}
		a := right
		if oneWrong && right == "yes" && wrongAt < 0 {
			a, wrongAt = "no", i // the first cutoff: predicted wrong
		}
		answers[fmt.Sprint(i)] = a
		req["answer"] = a
		want := predictCall[lab.Verdict](t, "predict", req)
		clickID(t, tab, "predict-"+a)
		waitFor(t, tab, `!!document.getElementById("predict-result")`, "the verdict")
		if got := textOf(t, tab, "predict-explanation"); got != want.Explanation {
			t.Errorf("question %d: the page explains %q, the engine %q", i+1, got, want.Explanation)
		}
		if got := textOf(t, tab, "predict-sentence"); !strings.HasSuffix(got, want.Sentence) {
			t.Errorf("question %d: the step's sentence %q, want %q", i+1, got, want.Sentence)
		}
		if got := timed(t, tab, chromedp.Evaluate[int](`window.ps.step()`)); got != x.Step {
			t.Errorf("after question %d the page shows step %d, want %d", i+1, got, x.Step)
		}
		if i == wrongAt {
			if got := textOf(t, tab, "predict-misconception"); got != quiz.WindowNotPassed.Name {
				t.Errorf("the wrong cut: misconception %q, want %q", got, quiz.WindowNotPassed.Name)
			}
		}
		if i+1 < len(ps.Questions) {
			clickID(t, tab, "predict-next")
		}
		timed(t, tab, chromedp.Evaluate[int](`(function () { var v = document.getElementById("predict-result"); if (v) v.remove(); return 0; })()`))
	}
	if oneWrong && wrongAt < 0 {
		t.Fatal("the tree has no cutoff to predict")
	}
	waitFor(t, tab, `!!document.getElementById("predict-line")`, "the score")
	s := predictCall[lab.Score](t, "predict.score", map[string]any{"tree": tree, "mode": "cuts", "answers": answers})
	right := len(ps.Questions)
	if oneWrong {
		right--
	}
	if got := textOf(t, tab, "predict-line"); got != s.Line || s.Right != right {
		t.Errorf("score %q, the engine's %q", got, s.Line)
	}

}

func jsQuote(s string) string { b, _ := json.Marshal(s); return string(b) }
