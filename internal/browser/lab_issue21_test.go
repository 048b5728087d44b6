package browser

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/lab"
)

// TestLabNewTechniques: the lab's settings switch on reverse futility,
// internal iterative deepening and the check extension (issue 21) as a
// student ticks them, and the page then shows the search lab.Search makes
// with those flags, its summary counting what they did.
func TestLabNewTechniques(t *testing.T) {
	parallel(t)
	const tree = "((((-4 -1)[eval=-2] (-9 2)[eval=-11])[eval=-5] ((2 -5)[eval=-4] (8 0)[eval=-1])[eval=0])[eval=-6] (((9 -2)[eval=-3] (-7 -1)[eval=-5])[eval=-1] ((6 -4)[eval=-6] (7 9)[eval=8])[eval=5])[eval=-3])[eval=-2]"
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", tree)))
	for _, c := range []struct{ flag, count string }{{"iid", "iid 1"}, {"rfp", "+ reverse futility"}, {"check-ext", "+ check extension"}} {
		js := `(function () { var e = document.getElementById("set-` + c.flag + `"); e.checked = true; e.dispatchEvent(new Event("change")); return 0; })()`
		timed(t, tab, chromedp.Evaluate[int](js))
		waitFor(t, tab, `!window.psLab.busy() && window.psLab.result().args.indexOf("--`+c.flag+`") >= 0`, "the search with --"+c.flag)
		r := labNow(t, tab)
		want := lab.Search(context.Background(), r.Tree, r.Args)
		if !sameData(r.Data, want.Data) {
			t.Errorf("--%s: the page's steps are not lab.Search's with %q", c.flag, r.Args)
		}
		if sum := strings.Join(r.Summary, "\n"); !strings.Contains(sum, c.count) {
			t.Errorf("--%s: the summary does not say %q:\n%s", c.flag, c.count, sum)
		}
	}
}
