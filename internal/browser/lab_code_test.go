package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/lab"
)

// codeShown is what the Code tab shows: the lit line and the variables.
type codeShown struct {
	Step, Line  int
	Text, Vars  string
	Lines       []string
	Title, Note string
}

// codeAt goes to step n with the player and reads the Code tab there.
func codeAt(t testing.TB, tab context.Context, n int) codeShown {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[int](fmt.Sprintf(`window.ps.go(%d)`, n)))
	waitFor(t, tab, fmt.Sprintf(`(function () { var p = document.getElementById("panel-code"); return p.getAttribute("data-step") === "%d" && !p.hasAttribute("data-busy"); })()`, n), "the Code tab at a step")
	return timed(t, tab, chromedp.Evaluate[codeShown](`(function () {
		var on = document.querySelector("#code-lines li.on"), v = document.getElementById("code-vars");
		return { Step: +document.getElementById("panel-code").getAttribute("data-step"),
			Line: on ? +on.getAttribute("data-line") : -1, Text: on ? on.textContent : "",
			Vars: v && !v.hidden ? v.textContent : "",
			Lines: Array.from(document.querySelectorAll("#code-lines li[data-line]")).map(function (l) { return l.textContent; }),
			Title: document.getElementById("code-title").textContent, Note: document.getElementById("code-note").textContent };
	})()`))
}

// TestLabCode opens the lab on the AIMA tree at 1024×768 with the Code
// tab: the listing is Go's (fail-hard alpha-beta), the cut step lights the
// cut line with α 3 and β 2 beside it and the root's return its return
// line, as Go's table says; switched to fail-soft, the listing and the
// lines are fail-soft's; the panel fits the screen.
func TestLabCode(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	clickAt(t, tab, `document.querySelector("#tab-code")`, "#tab-code")
	ctx := context.Background()
	for _, args := range [][]string{nil, {"--fail", "soft"}} {
		if args != nil {
			choose(t, tab, "set-fail", "soft")
			waitFor(t, tab, `!window.psLab.busy() && window.psLab.result().args.join(" ") === "--fail soft"`, "the fail-soft search")
		}
		want, err := lab.CodeOf(ctx, "aima", args)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range want.Lines {
			lines = append(lines, l.Text)
		}
		cut, ret := -1, -1
		for i, s := range want.Steps {
			if s.Line >= 0 && strings.HasPrefix(want.Lines[s.Line].Role, "cut") && cut < 0 {
				cut = i
			}
			if s.Line >= 0 && want.Lines[s.Line].Role == "return" {
				ret = i
			}
		}
		for _, n := range []int{cut, ret, len(want.Steps) - 1} {
			got := codeAt(t, tab, n)
			if strings.Join(got.Lines, "\n") != strings.Join(lines, "\n") || got.Title != want.Title {
				t.Fatalf("%v: the listing is not Go's:\n%s", args, strings.Join(got.Lines, "\n"))
			}
			s := want.Steps[n]
			if got.Line != s.Line || got.Vars != strings.Join(s.Vars, " · ") || got.Note != s.Note {
				t.Errorf("%v: step %d lights line %d %q with %q (note %q); Go says line %d with %q (note %q)", args, n, got.Line, got.Text, got.Vars, got.Note, s.Line, s.Vars, s.Note)
			}
		}
		if args == nil && !strings.Contains(codeAt(t, tab, cut).Vars, "α = 3 · β = 2") {
			t.Errorf("the cut's variables are not α 3 and β 2")
		}
	}
	if fits := panelFits(t, tab, `#code-lines li, #code-title`); fits != "" {
		t.Error(fits)
	}
}
