package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/page"
)

// TestRangesPage: a page drawn with --ranges shows, at every step, each
// inner node's range [lo, hi] where other pages show its window, as
// trace/page computes it in Go (record.RangeWithin); on AIMA's tree,
// fail-soft, the ranges of Figure 5.5: the root's [3, +∞] once B (node 1)
// returns and [3, 14] once D (node 7) has its first leaf, C's (node 5)
// [−∞, 2] once its first leaf is in, and [3, 3] at the end.
func TestRangesPage(t *testing.T) {
	parallel(t)
	skipShort(t)
	dir := t.TempDir()
	html, tr := filepath.Join(dir, "ranges.html"), filepath.Join(dir, "ranges.jsonl")
	args := []string{"--tree", "aima", "--fail", "soft"}
	prunescope(t, append([]string{"search", "--trace", "json", "--trace-out", tr}, args...)...)
	prunescope(t, append([]string{"step", "--html", html, "--ranges"}, args...)...)
	f, err := os.Open(tr)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want, err := page.ExpectedWith(f, page.Options{Draw: dot.Options{Ranges: true}})
	if err != nil {
		t.Fatal(err)
	}
	tab := newTab(t)
	open(t, tab, fileURL(html))
	type rangeShown struct{ ID, Range, Text string }
	got := timed(t, tab, chromedp.Evaluate[[][]rangeShown](fmt.Sprintf(`(() => {
		const out = [];
		for (let n = 0; n <= %d; n++) {
			window.ps.go(n);
			const st = window.ps.state(), row = [];
			for (const id of ["0", "1", "5", "7"]) {
				const g = document.getElementById("n" + id), w = g && g.querySelector("text.ps-w");
				row.push({ID: id, Range: st.nodes[id].range, Text: w ? w.textContent : "?"});
			}
			out.push(row);
		}
		return out; })()`, len(want)-1)))
	seen := map[string]bool{}
	for i, row := range got {
		for _, g := range row {
			w := want[i].Nodes[g.ID].Range
			if g.Range != w || g.Text != w {
				t.Errorf("step %d, node %s: range %q, drawn %q; want %q", i, g.ID, g.Range, g.Text, w)
			}
			seen[g.ID+" "+w] = true
		}
	}
	for _, r := range []string{"0 [3, +∞]", "0 [3, 14]", "5 [−∞, 2]", "0 [3, 3]", "1 [3, 3]", "7 [−∞, 14]", "7 [2, 2]"} {
		if !seen[r] {
			t.Errorf("no step shows node %s", r)
		}
	}
}
