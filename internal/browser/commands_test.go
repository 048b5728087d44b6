package browser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOtherCommands checks the pages search --html and diff --html write:
// each shows at every step what page.Expected computes from the trace of
// its search (search --tree aima; diff's B side, alphabeta:soft:gt on
// wikipedia, whose trace search --fail soft --cutoff gt writes).
func TestOtherCommands(t *testing.T) {
	dir := t.TempDir()
	aima := filepath.Join(dir, "aima.jsonl")
	prunescope(t, "search", "--tree", "aima", "--trace", "json", "--trace-out", aima)
	soft := filepath.Join(dir, "soft.jsonl")
	prunescope(t, "search", "--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt", "--trace", "json", "--trace-out", soft)
	prunescope(t, "search", "--tree", "aima", "--trace", "none", "--html", filepath.Join(dir, "search.html"))
	prunescope(t, "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--html", filepath.Join(dir, "diff.html"))
	for _, c := range []struct{ html, trace string }{
		{"search.html", aima},
		{"diff-B.html", soft},
	} {
		t.Run(strings.TrimSuffix(c.html, ".html"), func(t *testing.T) {
			html := filepath.Join(dir, c.html)
			if _, err := os.Stat(html); err != nil {
				t.Fatal(err)
			}
			want := expected(t, written{html: html, trace: c.trace})
			tab := newTab(t)
			open(t, tab, fileURL(html))
			steps := make([]int, len(want))
			for i := range want {
				steps[i] = want[i].Step
			}
			bad := 0
			for i, got := range walk(t, tab, "go", "", steps) {
				d := append(diffShown(got.State, want[i]), drawnProblems(got.Drawn, want[i])...)
				if len(d) > 0 {
					if bad++; bad <= 3 {
						t.Errorf("at step %d:\n\t%s", want[i].Step, strings.Join(first(d, 4), "\n\t"))
					}
				}
			}
			if bad > 3 {
				t.Errorf("and %d more steps differ", bad-3)
			}
		})
	}
}
