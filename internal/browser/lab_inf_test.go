package browser

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/lab"
)

// stepSentence is a step of prunescope step's output: its number and sentence.
var stepSentence = regexp.MustCompile(`(?m)^\[step (\d+) · [^\]]*\] (.*)$`)

// TestLabInfiniteLeaf types −∞ into a leaf's value field, as a student
// does, in the lab on the AIMA tree searched fail-soft: the lab searches
// the tree with the leaf -inf (the search lab.Search makes), the field
// shows -inf, the result's lines are prunescope search's for that tree
// (its value 3, best move 1),
// and at every step whose sentence names an infinity, and at the root's
// return and the end, the caption is prunescope step's sentence.
func TestLabInfiniteLeaf(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima", "--fail", "soft")))
	pick(t, tab, "2.1")
	typeIn(t, tab, "node-value", "-∞")
	const want = "((3 12 8) (-inf 4 6) (14 5 2))"
	searched(t, tab, want, "--fail", "soft")
	pick(t, tab, "2.1")
	if v := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("node-value").value`)); v != "-inf" {
		t.Errorf("the value field of 2.1 shows %q, want -inf", v)
	}
	out := prunescope(t, "search", "--tree", want, "--fail", "soft")
	got := labNow(t, tab)
	if !slices.Contains(got.Summary, "value 3 · best move 1 · PV 1 1.1") {
		t.Errorf("the lab's result: %q", got.Summary)
	}
	lines := strings.Split(out, "\n")
	for _, line := range got.Summary {
		if !slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, line) }) {
			t.Errorf("the lab says %q; prunescope search prints\n%s", line, out)
		}
	}
	steps := stepSentence.FindAllStringSubmatch(prunescope(t, "step", "--tree", want, "--fail", "soft"), -1)
	if len(steps) < 3 {
		t.Fatalf("prunescope step printed %d steps", len(steps))
	}
	checked, infinite := 0, 0
	for i, s := range steps {
		last := i >= len(steps)-2 // the root's return and the end
		if !strings.Contains(s[2], "∞") && !last {
			continue
		}
		if strings.Contains(s[2], "−∞") && !strings.Contains(s[2], "window (−∞") {
			infinite++
		}
		n, _ := strconv.Atoi(s[1])
		labSet(t, tab, `{step: `+s[1]+`}`)
		waitFor(t, tab, `window.psLab.state().step === `+s[1], "step "+s[1])
		caption := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("caption").textContent`))
		if !strings.Contains(caption, s[2]) {
			t.Errorf("step %d: the caption says %q; prunescope step says %q", n, caption, s[2])
		}
		checked++
	}
	if infinite == 0 {
		t.Errorf("no step of prunescope step says what −∞ does: %q", steps)
	}
	t.Logf("%d captions checked, %d about the leaf −∞", checked, infinite)
	// The tree's box reads the same spellings: typed and applied, the
	// tree searched is the one they write, as lab.Search reads it.
	const typed = "((3 12 8) (−∞ 4 6) (14 +∞ 2))"
	clickID(t, tab, "tree-text")
	timed(t, tab, chromedp.Evaluate[int](`document.getElementById("tree-text").select(), 0`))
	timed(t, tab, chromedp.KeyEvent(typed))
	pressButton(t, tab, "tree-apply")
	waitFor(t, tab, `(function () { var r = window.psLab.result(); return !window.psLab.busy() && !!r && r.tree === "((3 12 8) (-inf 4 6) (14 inf 2))"; })()`, "the search of the typed tree")
	w := lab.Search(context.Background(), typed, []string{"--fail", "soft"})
	if got := labNow(t, tab); w.Error != "" || !sameData(got.Data, w.Data) || strings.Join(got.Summary, "\n") != strings.Join(w.Summary, "\n") {
		t.Errorf("the page's search of %s is not lab.Search's (%s): %q", typed, w.Error, got.Summary)
	}
}
