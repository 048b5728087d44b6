package browser

import (
	"context"
	"math"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// box is an element's place on the screen and the drawing's viewBox.
type box struct {
	X, Y, W, H float64 // the element's bounding box, in CSS pixels
	View       string  // the drawing's viewBox
}

func boxOf(t testing.TB, tab context.Context, id string) box {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[box](`(() => {
		const r = document.getElementById(`+jsString(id)+`).getBoundingClientRect();
		return {X: r.x, Y: r.y, W: r.width, H: r.height, View: document.getElementById("ps-svg").getAttribute("viewBox")};
	})()`))
}

func jsString(s string) string { return "'" + s + "'" }

func near(a, b float64) bool { return math.Abs(a-b) <= 2 }

// wheel turns the mouse wheel by dy (negative: away from the user, zoom in).
// The protocol wants both deltas and drops a zero one: the horizontal delta
// is a billionth of a pixel.
func wheel(dy float64) chromedp.MouseOption {
	return func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 1e-9, dy }
}

// TestPanAndZoom checks the mouse on the tree, as a user moves it: the wheel
// zooms about the pointer (the node under it stays there and grows), a drag
// moves the tree with the pointer, a double click fits the whole tree again.
func TestPanAndZoom(t *testing.T) {
	parallel(t)
	w := pageOf(t, searchNamed(t, "aima"))
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1920, 1080))
	open(t, tab, fileURL(w.html))
	press(t, tab, kb.End)
	before := boxOf(t, tab, "n0")
	x, y := before.X+before.W/2, before.Y+before.H/2

	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, x, y,
		wheel(-120)))
	waitFor(t, tab, `document.getElementById("ps-svg").getAttribute("viewBox") !== `+jsString(before.View), "the wheel's zoom")
	zoomed := boxOf(t, tab, "n0")
	if zoomed.W < before.W*1.1 || !near(zoomed.X+zoomed.W/2, x) || !near(zoomed.Y+zoomed.H/2, y) {
		t.Errorf("the wheel: the root went from %+v to %+v, want it larger and still under the pointer at (%.0f, %.0f)", before, zoomed, x, y)
	}

	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x, y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x+60, y+30, chromedp.ButtonLeft))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x+120, y+60, chromedp.ButtonLeft))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x+120, y+60, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	moved := boxOf(t, tab, "n0")
	if !near(moved.X, zoomed.X+120) || !near(moved.Y, zoomed.Y+60) || !near(moved.W, zoomed.W) {
		t.Errorf("a drag of (120, 60): the root went from %+v to %+v", zoomed, moved)
	}

	timed(t, tab, chromedp.MouseClickXY(x+120, y+60, chromedp.ClickCount(2)))
	waitFor(t, tab, `document.getElementById("ps-svg").getAttribute("viewBox").split(/[\s,]+/).map(Number).join() === `+
		jsString(before.View)+`.split(/[\s,]+/).map(Number).join()`, "the double click's fit")
	if fit := boxOf(t, tab, "n0"); !near(fit.X, before.X) || !near(fit.W, before.W) {
		t.Errorf("a double click: the root at %+v, want %+v as when the page opened", fit, before)
	}
}

// TestFollowAndStop checks the view of a tree too large to read whole (the
// 4-ply 3-ary random tree): it follows the current node step by step, stops
// following once the user zooms; a double click (or z) fits the whole
// tree, and a second one follows again.
func TestFollowAndStop(t *testing.T) {
	parallel(t)
	skipShort(t)
	w := pageOf(t, random34(t))
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1920, 1080))
	open(t, tab, fileURL(w.html))
	view := func() string {
		return timed(t, tab, chromedp.Evaluate[string](`document.getElementById("ps-svg").getAttribute("viewBox")`))
	}
	whole := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("ps-svg").getAttribute("viewBox")`))
	press(t, tab, "30"+kb.Enter)
	at30 := view()
	if at30 == whole {
		t.Fatalf("at step 30 the view is still the whole tree %s: it does not follow", whole)
	}
	press(t, tab, "120"+kb.Enter)
	if view() == at30 {
		t.Errorf("from step 30 to 120 the view did not move")
	}
	at120 := view()
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, 900, 500,
		wheel(120)))
	waitFor(t, tab, `document.getElementById("ps-svg").getAttribute("viewBox") !== `+jsString(at120), "the wheel's zoom")
	zoomed := view()
	press(t, tab, "200"+kb.Enter)
	if got := view(); got != zoomed {
		t.Errorf("after the user zoomed, stepping moved the view from %s to %s", zoomed, got)
	}
	timed(t, tab, chromedp.MouseClickXY(900, 500, chromedp.ClickCount(2)))
	if got := view(); got != whole {
		t.Errorf("after a double click the view is %s, want the whole tree %s", got, whole)
	}
	press(t, tab, "70"+kb.Enter)
	if got := view(); got != whole {
		t.Errorf("after a double click and a step the view is %s, want the whole tree %s still", got, whole)
	}
	timed(t, tab, chromedp.MouseClickXY(900, 500, chromedp.ClickCount(2)))
	press(t, tab, "60"+kb.Enter)
	if got := view(); got == zoomed || got == whole {
		t.Errorf("after a double click and a step the view is %s, want it following again", got)
	}
	// z does what a double click does: the whole tree, then following.
	if press(t, tab, "z"); view() != whole {
		t.Errorf("after z the view is %s, want the whole tree %s", view(), whole)
	}
	press(t, tab, "z")
	if got := view(); got == whole {
		t.Errorf("after z twice the view is the whole tree, want it following the current node")
	}
}
