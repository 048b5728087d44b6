package browser

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestOtherCommands checks the pages search --html and diff --html write:
// each shows at every step what page.Expected computes from the trace of
// its search (search --tree aima; diff's two sides, alphabeta:hard:ge and
// alphabeta:soft:gt on wikipedia, whose traces search writes with the same
// conventions).
func TestOtherCommands(t *testing.T) {
	parallel(t)
	dir := t.TempDir()
	aima := filepath.Join(dir, "aima.jsonl")
	prunescope(t, "search", "--tree", "aima", "--trace", "json", "--trace-out", aima)
	hard := filepath.Join(dir, "hard.jsonl")
	prunescope(t, "search", "--tree", "wikipedia", "--fail", "hard", "--cutoff", "ge", "--trace", "json", "--trace-out", hard)
	soft := filepath.Join(dir, "soft.jsonl")
	prunescope(t, "search", "--tree", "wikipedia", "--fail", "soft", "--cutoff", "gt", "--trace", "json", "--trace-out", soft)
	prunescope(t, "search", "--tree", "aima", "--trace", "none", "--html", filepath.Join(dir, "search.html"))
	diffPage := filepath.Join(dir, "diff.html")
	prunescope(t, "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--html", diffPage)
	for _, c := range []struct{ name, html, win, trace string }{
		{"search", "search.html", "window", aima},
		{"diff-A", "diff.html", `document.getElementById("a").contentWindow`, hard},
		{"diff-B", "diff.html", `document.getElementById("b").contentWindow`, soft},
	} {
		t.Run(c.name, func(t *testing.T) {
			html := filepath.Join(dir, c.html)
			if _, err := os.Stat(html); err != nil {
				t.Fatal(err)
			}
			want := expected(t, written{html: html, trace: c.trace})
			tab := newTab(t)
			if c.win == "window" {
				open(t, tab, fileURL(html))
			} else {
				openPair(t, tab, fileURL(html))
			}
			steps := make([]int, len(want))
			for i := range want {
				steps[i] = want[i].Step
			}
			bad := 0
			for i, got := range walkIn(t, tab, c.win, "go", "", steps) {
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

// openPair loads the two-search page and waits for both sides' players.
func openPair(t testing.TB, tab context.Context, url string) {
	t.Helper()
	timed(t, tab, chromedp.Navigate(url))
	waitFor(t, tab, `!!(window.ps && window.ps.a && window.ps.b)`, "both sides' players")
}

// pairAt is where the sides of the two-search page are, and its address's
// fragment.
type pairAt struct {
	A, B int
	Hash string
}

func pairState(t testing.TB, tab context.Context) pairAt {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[pairAt](`({A: window.ps.a.step(), B: window.ps.b.step(), Hash: location.hash})`))
}

// TestPairPage checks the controls of diff --html's page: it opens where
// its address says (#a=N&b=M, or #step=N for both), a key pressed above the
// sides steps both, a side's own buttons step that side alone, and the
// address follows.
func TestPairPage(t *testing.T) {
	parallel(t)
	skipShort(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "diff.html")
	prunescope(t, "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--html", file)
	base := fileURL(file)
	tab := newTab(t)
	check := func(what string, want pairAt) {
		t.Helper()
		got := pairState(t, tab)
		if want.Hash == "" {
			want.Hash = fmt.Sprintf("#a=%d&b=%d", want.A, want.B)
		}
		if got != want {
			t.Errorf("%s: %+v, want %+v", what, got, want)
		}
	}
	openPair(t, tab, base)
	check("opened", pairAt{A: 0, B: 0})
	timed(t, tab, chromedp.KeyEvent(kb.ArrowRight))
	timed(t, tab, chromedp.KeyEvent(kb.ArrowRight))
	check("→ → above the sides", pairAt{A: 2, B: 2})
	timed(t, tab, chromedp.Evaluate[any](`document.getElementById("a").contentDocument.getElementById("next").click()`))
	// A side tells the page its step by a message, delivered after the click.
	waitFor(t, tab, `location.hash === "#a=3&b=2"`, "the address after A's next button")
	check("A's own next button", pairAt{A: 3, B: 2})
	timed(t, tab, chromedp.KeyEvent(kb.End))
	last := timed(t, tab, chromedp.Evaluate[[]int](`[window.ps.a.steps, window.ps.b.steps]`))
	check("End above the sides", pairAt{A: last[0], B: last[1]})

	tab = newTab(t)
	openPair(t, tab, base+"#"+url.PathEscape("a=9&b=7"))
	check("#a=9&b=7", pairAt{A: 9, B: 7})
	tab = newTab(t)
	openPair(t, tab, base+"#step=5")
	check("#step=5", pairAt{A: 5, B: 5})
}
