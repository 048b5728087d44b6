package browser

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestEveryStep walks each page with the keyboard, forwards to the end and
// back to the start, and compares what it shows at every step (the current
// node, the caption, and each node's α, β, value, bound, cut, grey, visible
// and principal-variation marks) with what trace/page computes in Go from the
// trace of the same search. state() reads the page's bookkeeping, so the
// picture is read too: each shape seen or not, each node's window, value and
// cut texts. The page must throw no exception on the way.
func TestEveryStep(t *testing.T) {
	for _, s := range searches {
		t.Run(s.name, func(t *testing.T) {
			if testing.Short() && !s.short {
				t.Skip("-short: the smaller set only")
			}
			w := pageOf(t, s)
			want := expected(t, w)
			tab := newTab(t)
			exceptions := watchExceptions(t, tab)
			open(t, tab, fileURL(w.html))

			bad := 0
			check := func(how string, got shown, i int) {
				t.Helper()
				d := diffShown(got, want[i])
				if len(d) == 0 {
					d = drawnProblems(drawn(t, tab), want[i])
				}
				if len(d) > 0 {
					bad++
					if bad <= 5 {
						t.Errorf("after %s, at step %d (node %s, %q):\n\t%s", how, want[i].Step, nodeText(want[i].Node), want[i].Caption, strings.Join(first(d, 4), "\n\t"))
					}
				}
			}
			check("loading", state(t, tab), 0)
			// Forwards with the three next keys in turn, then back with
			// the two back keys.
			next := []string{kb.ArrowRight, " ", "n"}
			for i := 1; i < len(want); i++ {
				key := next[i%len(next)]
				check(keyName(key), press(t, tab, key), i)
			}
			// Back: with the keys on toy trees; on the longer chess
			// search with go(n), which undoes steps as the keys do, at a
			// tenth of the time (a key waits for the frame it paints).
			back := []string{kb.ArrowLeft, "b"}
			for i := len(want) - 2; i >= 0; i-- {
				if s.chess {
					check("go(n)", timed(t, tab, chromedp.Evaluate[shown](fmt.Sprintf(`(window.ps.go(%d), window.ps.state())`, want[i].Step))), i)
					continue
				}
				key := back[i%len(back)]
				check(keyName(key), press(t, tab, key), i)
			}
			if bad > 5 {
				t.Errorf("and %d more steps differ", bad-5)
			}
			for _, e := range exceptions() {
				t.Errorf("the page threw: %s", e)
			}
		})
	}
}

// watchExceptions collects the page's uncaught exceptions from now on.
func watchExceptions(t testing.TB, tab context.Context) func() []string {
	t.Helper()
	var mu sync.Mutex
	var seen []string
	err := chromedp.Listen(tab, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			defer mu.Unlock()
			d := ev.ExceptionDetails
			text := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				text = d.Exception.Description
			}
			seen = append(seen, fmt.Sprintf("%s (line %d)", text, d.LineNumber+1))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

func first(lines []string, n int) []string {
	if len(lines) > n {
		return append(lines[:n:n], fmt.Sprintf("(%d more)", len(lines)-n))
	}
	return lines
}

// keyName is how a failure names a key.
func keyName(key string) string {
	switch key {
	case kb.ArrowRight:
		return "→"
	case kb.ArrowLeft:
		return "←"
	case " ":
		return "Space"
	case kb.Home:
		return "Home"
	case kb.End:
		return "End"
	case kb.Enter:
		return "Enter"
	}
	return key
}
