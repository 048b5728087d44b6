package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/lessons"
)

// TestLessonPages checks the pages lesson run NAME --html DIR writes, one
// per search of the scenario (NAME-1.html, NAME-2.html, …): each shows at
// every step what page.Expected computes from the trace of the same search,
// run here from the scenario's own command line.
func TestLessonPages(t *testing.T) {
	parallel(t)
	skipShort(t)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"alpha-beta"} { // its pages are aima and wikipedia; the null-move tree is walked by TestEveryStep
		l, ok := lessons.Find(all, name)
		if !ok {
			t.Fatalf("no lesson %s", name)
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			prunescope(t, "lesson", "run", name, "--html", dir)
			pages := 0
			for _, st := range l.Steps {
				stages, line, _ := st.Prepare("")
				last := stages[len(stages)-1]
				if len(last) == 0 || last[0] != "search" {
					continue
				}
				pages++
				html := filepath.Join(dir, fmt.Sprintf("%s-%d.html", name, pages))
				if _, err := os.Stat(html); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				if len(stages) > 1 {
					continue // fed by another command: its trace is not rebuilt here
				}
				tr := filepath.Join(dir, fmt.Sprintf("%d.jsonl", pages))
				prunescope(t, append(untraced(last), "--trace", "json", "--trace-out", tr)...)
				want := expected(t, written{html: html, trace: tr})
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
							t.Errorf("%s, page %d, step %d:\n\t%s", line, pages, want[i].Step, strings.Join(first(d, 4), "\n\t"))
						}
					}
				}
			}
			if pages == 0 {
				t.Fatal("no search in the scenario")
			}
			if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("%s-%d.html", name, pages+1))); err == nil {
				t.Errorf("more pages than the scenario's %d searches", pages)
			}
		})
	}
}

// untraced is a search's command line without its trace flags, which the
// test sets itself.
func untraced(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		flag, _, hasValue := strings.Cut(args[i], "=")
		switch flag {
		case "--trace", "--trace-depth", "--trace-out":
			if !hasValue {
				i++
			}
			continue
		}
		out = append(out, args[i])
	}
	return out
}
