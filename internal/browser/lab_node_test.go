package browser

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/lab"
)

// clickNode clicks the drawn node with SVG id where a student sees it: the
// point of its shape (its triangle, circle or box) nearest the middle that
// no label of another node covers. A node covered all over fails.
func clickNode(t testing.TB, tab context.Context, id string) {
	t.Helper()
	p := timed(t, tab, chromedp.Evaluate[[]float64](`(function () {
		var g = document.getElementById(`+jsString(id)+`), s = g.querySelector(":scope > polygon, :scope > ellipse, :scope > rect, :scope > path");
		var r = s.getBoundingClientRect(), best = null;
		for (var i = 1; i < 8; i++) for (var j = 1; j < 8; j++) {
			var x = r.x + r.width * i / 8, y = r.y + r.height * j / 8, e = document.elementFromPoint(x, y);
			if (e && e.closest("g.node") === g) {
				var d = Math.hypot(i - 4, j - 4);
				if (!best || d < best[2]) best = [x, y, d];
			}
		}
		return best || [];
	})()`))
	if len(p) == 0 {
		t.Fatalf("node %s: other shapes cover it all over", id)
	}
	timed(t, tab, chromedp.MouseClickXY(p[0], p[1]))
}

// nodeFacts reads the Node tab once it has said what node id is at step.
func nodeFacts(t testing.TB, tab context.Context, id string, step int) []string {
	t.Helper()
	waitFor(t, tab, fmt.Sprintf(`(function () { var p = document.getElementById("panel-node");
		return p.getAttribute("data-node") === %q && p.getAttribute("data-step") === "%d" && !p.hasAttribute("data-busy"); })()`, id, step),
		"the Node tab on "+id)
	return timed(t, tab, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("#node-facts dt, #node-facts dd")).map(function (e) { return e.textContent; })`))
}

// sameFacts says what the tab shows that the engine's inspect call does
// not say (label and text, in order; a link's "→ N" after the text).
func sameFacts(got []string, want *lab.Inspection) []string {
	var w []string
	for i, f := range want.Facts {
		if i == 0 {
			w = append(w, f.Label+" — "+f.Text)
			continue
		}
		text := f.Text
		if f.Step > 0 {
			text += fmt.Sprintf("→ %d", f.Step)
		}
		w = append(w, f.Label, text)
	}
	if strings.Join(got, "\n") != strings.Join(w, "\n") {
		return []string{"the tab shows:\n" + strings.Join(got, "\n") + "\nGo says:\n" + strings.Join(w, "\n")}
	}
	return nil
}

// TestLabNode opens the lab on the AIMA tree at 1024×768, shows the Node
// tab, and clicks node 2 at the last step: the tab says what Go's inspect
// says (the window (3, +∞) it was entered with, its value ≤3, "closed: α 3
// ≥ β 2 — cut"); its cut link goes to the cut step, where it is said
// again; a click on the never-searched leaf 2.2 names the cutoff at 2 that
// left it; the panel fits the screen.
func TestLabNode(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	clickAt(t, tab, `document.querySelector("#tab-node")`, "#tab-node")
	last := timed(t, tab, chromedp.Evaluate[int](`window.ps.go(window.ps.steps)`))
	ctx := context.Background()

	clickNode(t, tab, "n5")
	want, err := lab.Inspect(ctx, "aima", nil, last, "n5", nil)
	if err != nil {
		t.Fatal(err)
	}
	if want.CutLive != "closed: α 3 ≥ β 2 — cut" || want.Window != "(3, +∞)" {
		t.Fatalf("Go's inspect of node 2: %+v", want)
	}
	for _, p := range sameFacts(nodeFacts(t, tab, "n5", last), want) {
		t.Error(p)
	}
	// A never-searched leaf: the cutoff that left it. (At the last step:
	// at the cut step node 2's live label lies over 2.2 in the 1024×768
	// layout, and a click there is the label's.)
	u := timed(t, tab, chromedp.Evaluate[string](`document.querySelector('#ps-svg g.node.unsearched[data-path="2.2"]').id`))
	clickNode(t, tab, u)
	wantU, err := lab.Inspect(ctx, "aima", nil, last, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if wantU.CutAt != "2" || wantU.CutStep != want.CutStep || wantU.CutLive != want.CutLive {
		t.Errorf("Go's inspect of 2.2: %+v", wantU)
	}
	for _, p := range sameFacts(nodeFacts(t, tab, u, last), wantU) {
		t.Error(p)
	}
	// Its link: to the cut step, where it is said again; then node 2 there.
	clickAt(t, tab, fmt.Sprintf(`document.querySelector('#node-facts button[data-step="%d"]')`, want.CutStep), "the cut step's link")
	if s := timed(t, tab, chromedp.Evaluate[int](`window.ps.step()`)); s != want.CutStep {
		t.Fatalf("the cut's link went to step %d, not %d", s, want.CutStep)
	}
	nodeFacts(t, tab, u, want.CutStep)
	clickNode(t, tab, "n5")
	atCut, err := lab.Inspect(ctx, "aima", nil, want.CutStep, "n5", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := nodeFacts(t, tab, "n5", want.CutStep)
	for _, p := range sameFacts(got, atCut) {
		t.Error(p)
	}
	if !atCut.Open || atCut.Live != "closed: α 3 ≥ β 2 — cut" || !strings.Contains(strings.Join(got, "\n"), "closed: α 3 ≥ β 2 — cut") {
		t.Errorf("at the cut the tab does not say it: %q", got)
	}
	if fits := panelFits(t, tab, `#node-facts dt, #node-facts dd`); fits != "" {
		t.Error(fits)
	}
}
