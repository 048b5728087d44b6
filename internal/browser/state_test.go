package browser

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/trace/page"
)

// shown is what window.ps.state() returns, the page's own account of what
// it shows (the contract of issue 12); page.Expected computes the same in Go.
type shown = page.StepState

// shownNode is one shape's state in it.
type shownNode = page.NodeState

// open loads a page in the tab and waits for its player.
func open(t testing.TB, tab context.Context, url string) {
	t.Helper()
	timed(t, tab, chromedp.Navigate(url))
	waitFor(t, tab, `!!(window.ps && typeof window.ps.state === "function")`, "the page's player (window.ps)")
}

// waitFor evaluates a JavaScript condition every 2 ms until it holds, for up
// to 10 s. (chromedp.Poll is not used: it runs in the execution context it
// found first, which a navigation just before can remove under it.)
func waitFor(t testing.TB, tab context.Context, cond, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	// The page tests the condition itself, every few milliseconds, and
	// answers once: a test's every question to the page is a round trip
	// through the browser's process, which polling from here repeated a
	// hundred times a wait.
	js := `new Promise(function (resolve) {
  var until = performance.now() + 10000;
  (function test() {
    var ok = false;
    try { ok = !!(` + cond + `); } catch (e) {}
    if (ok || performance.now() > until) return resolve(ok);
    setTimeout(test, 4);
  })();
})`
	for {
		ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within 10 s (%s; last error %v)", what, cond, err)
		}
		time.Sleep(2 * time.Millisecond) // a page being replaced: ask the next one
	}
}

// state reads what the page shows now.
func state(t testing.TB, tab context.Context) shown {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[shown](`window.ps.state()`))
}

// press sends keys as a user types them (the page listens on its document)
// and returns the state that follows. Named keys are kb constants.
func press(t testing.TB, tab context.Context, keys string) shown {
	t.Helper()
	timed(t, tab, chromedp.KeyEvent(keys))
	return state(t, tab)
}

// diffShown lists how got differs from want, at most a few lines, sorted by
// node so that the first line names the first node that differs.
func diffShown(got, want shown) []string {
	var d []string
	if got.Step != want.Step {
		d = append(d, fmt.Sprintf("step %d, want %d", got.Step, want.Step))
	}
	if nodeText(got.Node) != nodeText(want.Node) {
		d = append(d, fmt.Sprintf("current node %s, want %s", nodeText(got.Node), nodeText(want.Node)))
	}
	if got.Caption != want.Caption {
		d = append(d, fmt.Sprintf("caption %q,\n\twant %q", got.Caption, want.Caption))
	}
	ids := make([]string, 0, len(want.Nodes))
	for id := range want.Nodes {
		ids = append(ids, id)
	}
	for id := range got.Nodes {
		if _, ok := want.Nodes[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	for _, id := range ids {
		g, gok := got.Nodes[id]
		w, wok := want.Nodes[id]
		switch {
		case !gok:
			d = append(d, fmt.Sprintf("node %s missing from the page", id))
		case !wok:
			d = append(d, fmt.Sprintf("node %s on the page, not in the trace", id))
		case g != w:
			d = append(d, fmt.Sprintf("node %s: %+v,\n\twant %+v", id, g, w))
		}
	}
	return d
}

func nodeText(n *int64) string {
	if n == nil {
		return "none"
	}
	return fmt.Sprint(*n)
}
