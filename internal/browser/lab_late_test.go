package browser

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/lab"
)

// TestLabLateMoves: the lab's Techniques row switches late move reductions
// and late move pruning on as a student does (a click on each box), and
// the page shows the search the command line makes with --lmr --lmp: the
// same steps and the same summary (issue 21).
func TestLabLateMoves(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "lmr")))
	for _, id := range []string{"set-lmr", "set-lmp"} {
		timed(t, tab, chromedp.Evaluate[int](`(function () { document.getElementById(`+jsString(id)+`).click(); return 0; })()`))
		waitFor(t, tab, `!window.psLab.busy()`, "the lab's search")
	}
	waitFor(t, tab, `window.psLab.result().args.join(" ") === "--lmr --lmp"`, "the search with --lmr --lmp")
	r := labNow(t, tab)
	want := lab.Search(context.Background(), r.Tree, []string{"--lmr", "--lmp"})
	if want.Error != "" || !sameData(r.Data, want.Data) {
		t.Errorf("the page's steps are not lab.Search's (%s)", want.Error)
	}
	cli := strings.Split(strings.TrimSpace(prunescope(t, "search", "--tree", r.Tree, "--lmr", "--lmp", "--trace", "none")), "\n")
	if strings.Join(r.Summary, "\n") != strings.Join(cli, "\n") {
		t.Errorf("summary:\n%s\nthe command line prints:\n%s", strings.Join(r.Summary, "\n"), strings.Join(cli, "\n"))
	}
	if !strings.Contains(strings.Join(r.Summary, "\n"), "research 1") {
		t.Errorf("no re-search in the summary:\n%s", strings.Join(r.Summary, "\n"))
	}
}
