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

// TestEveryStep walks each page forwards to the end and back to the start,
// and compares what it shows at every step (the current node, the caption,
// and each node's α, β, value, bound, cut, grey, visible and
// principal-variation marks) with what trace/page computes in Go from the
// trace of the same search. state() reads the page's bookkeeping, so the
// picture is read too: each shape seen or not, each node's window, value and
// cut texts. Forwards is the browser's → / Space / n at every step on the
// set walked with keys (aima) and the first 12 steps of the others,
// then keydown events dispatched in the page; back is ← / b on the pages
// set, go(n) on the others; on the walks in the page the address's fragment
// is checked at every step too. The page must throw no exception on the way.
func TestEveryStep(t *testing.T) {
	parallel(t)
	for _, s := range searches {
		t.Run(s.name, func(t *testing.T) {
			parallel(t)
			skipShort(t)
			w := pageOf(t, s)
			want := expected(t, w)
			if n := firstSteps[s.name]; n > 0 && len(want) > n {
				want = want[:n]
			}
			tab := newTab(t)
			exceptions := watchExceptions(t, tab)
			open(t, tab, fileURL(w.html))

			bad := 0
			// hash is the address's fragment, "" where it is not read.
			check := func(how string, got shown, pic map[string]drawnNode, i int, hash string) {
				t.Helper()
				d := diffShown(got, want[i])
				if len(d) == 0 {
					d = drawnProblems(pic, want[i])
				}
				if f := fmt.Sprintf("#step=%d", want[i].Step); hash != "" && hash != f {
					d = append(d, fmt.Sprintf("the address ends in %q, want %q", hash, f))
				}
				if len(d) > 0 {
					bad++
					if bad <= 5 {
						t.Errorf("after %s, at step %d (node %s, %q):\n\t%s", how, want[i].Step, nodeText(want[i].Node), want[i].Caption, strings.Join(first(d, 4), "\n\t"))
					}
				}
			}
			check("loading", state(t, tab), drawn(t, tab), 0, "")
			// Forwards with the browser's keys, the three next keys in
			// turn; outside the set walked with keys, after the first steps, with
			// keydown events dispatched in the page (see walk).
			next := []string{kb.ArrowRight, " ", "n"}
			i := 1
			for ; i < len(want) && (s.allKeys || i <= browserKeys); i++ {
				key := next[i%len(next)]
				got := pressed(t, tab, key)
				check(keyName(key), got.State, got.Drawn, i, "")
			}
			if i < len(want) {
				rest := make([]int, 0, len(want)-i)
				for j := i; j < len(want); j++ {
					rest = append(rest, want[j].Step)
				}
				for j, got := range walk(t, tab, "keys", "ArrowRight", rest) {
					check("→ (dispatched in the page)", got.State, got.Drawn, i+j, got.Hash)
				}
			}
			// Back: with the browser's back keys on the trees of the
			// set walked with keys, with go(n) on the others (it undoes steps as
			// the keys do; TestControls presses them).
			if s.allKeys {
				back := []string{kb.ArrowLeft, "b"}
				for i := len(want) - 2; i >= 0; i-- {
					key := back[i%len(back)]
					got := pressed(t, tab, key)
					check(keyName(key), got.State, got.Drawn, i, "")
				}
			} else if !forwardOnly[s.name] {
				steps := make([]int, 0, len(want)-1)
				for i := len(want) - 2; i >= 0; i-- {
					steps = append(steps, want[i].Step)
				}
				for j, got := range walk(t, tab, "go", "", steps) {
					check("go(n) back", got.State, got.Drawn, len(want)-2-j, got.Hash)
				}
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

// pressed sends a key as a user types it and reads, in one call, the state,
// the picture and the address's fragment that follow.
func pressed(t testing.TB, tab context.Context, key string) seen {
	t.Helper()
	timed(t, tab, chromedp.KeyEvent(key))
	return timed(t, tab, chromedp.Evaluate[seen](`({State: window.ps.state(), Drawn: (`+drawnFn+`)(), Hash: location.hash})`))
}

// forwardOnly are the pages walked forwards only: going back undoes the
// same kinds of change (values, windows, live labels, marks, greyed
// branches) that the other pages walk back through — aima with the
// browser's keys, wikipedia, the table's and the passes' marks on mtdf-tt,
// a chance cut on chance-star2 — and each walk back costs the suite a
// second or more.
var forwardOnly = map[string]bool{"tactic": true, "selective": true, "reductions-selective": true, "zugzwang-verified": true, "nullmove": true, "pvs-tt-aspiration": true}

// firstSteps limits the walk of a page to its first steps: the chess
// page's tree is drawn as the neighbourhood of the current node, whose
// counts TestChessNeighbourhood holds to the trace at every step; here its
// first steps check the data it is drawn from, which the rest of its 280
// steps would check again at a cost of seconds.
var firstSteps = map[string]int{"tactic": 80}

// browserKeys is how many steps of a page outside the set walked with keys
// are taken with the browser's keys before the walk goes on inside the
// page; the pages of that set are walked with the browser's keys all the
// way.
const browserKeys = 12

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
