package browser

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/prunescope/prunescope/internal/lab"
)

// atEnd takes the lab's player to its last step, where every node is
// drawn, and waits for the frame that shows it.
func atEnd(t testing.TB, tab context.Context) {
	t.Helper()
	waitFor(t, tab, `!window.psLab.busy() && window.psLab.idle() && document.getElementById("ps-svg").classList.contains("ps-ready")`, "the drawing")
	timed(t, tab, chromedp.Evaluate[int](`document.activeElement && document.activeElement.blur && document.activeElement.blur(), 0`))
	timed(t, tab, chromedp.KeyEvent(kb.End))
	frames(t, tab)
}

// frames waits for two frames of the page.
func frames(t testing.TB, tab context.Context) {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[int](`new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(function () { r(0); }); }); })`, chromedp.EvalAwaitPromise))
}

// shapeOf is the box of the drawn node's shape on the screen.
func shapeOf(t testing.TB, tab context.Context, path string) box {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[box](`(function () {
		var r = `+nodeExpr(path)+`.getBoundingClientRect();
		return {X: r.x, Y: r.y, W: r.width, H: r.height, View: document.getElementById("ps-svg").getAttribute("viewBox")};
	})()`))
}

// mouseDrag presses the left button at from, moves through the points
// given and releases it at the last.
func mouseDrag(t testing.TB, tab context.Context, from centre, through ...centre) {
	t.Helper()
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from.X, from.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	to := from
	for _, p := range through {
		timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, p.X, p.Y, chromedp.ButtonLeft))
		to = p
	}
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to.X, to.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
}

func (b box) centre() centre { return centre{X: b.X + b.W/2, Y: b.Y + b.H/2, OK: true} }

// TestLabDragNode drags node 3 of the AIMA tree with the mouse, in the
// Tree tab at 1024×768, past its siblings to the first place: it follows
// the pointer and a bar shows where it goes; released, the tree is the
// engine's edit "move" of 3 to the first place, searched as lab.Search
// and the command line search it (the root's value, the last sentence);
// the moved node is picked at its new place and Ctrl+Z undoes the move.
// Esc in a drag leaves the tree as it was, and a drag in another tab moves
// the drawing, not the node.
func TestLabDragNode(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	atEnd(t, tab)
	if o := timed(t, tab, chromedp.Evaluate[string](`window.psLayout.orientation()`)); o != "td" {
		t.Fatalf("the AIMA tree is drawn %q at 1024×768, the test drags sideways in a top-down drawing", o)
	}
	three, one := shapeOf(t, tab, "3"), shapeOf(t, tab, "1")
	from := three.centre()
	mid := centre{X: (from.X + one.X + one.W/2) / 2, Y: from.Y + 8}
	to := centre{X: one.X - 12, Y: from.Y + 8}
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from.X, from.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, mid.X, mid.Y, chromedp.ButtonLeft))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, to.X, to.Y, chromedp.ButtonLeft))
	if now := shapeOf(t, tab, "3").centre(); !near(now.X, to.X) || !near(now.Y, to.Y) {
		t.Errorf("in the drag node 3 is at (%.0f, %.0f), not under the pointer at (%.0f, %.0f)", now.X, now.Y, to.X, to.Y)
	}
	bar := timed(t, tab, chromedp.Evaluate[box](`(function () { var b = document.getElementById("lab-drop"); if (!b || b.hidden) return {}; var r = b.getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })()`))
	if bar.W == 0 || bar.X+bar.W > one.X+1 {
		t.Errorf("in the drag the bar is at %+v, want it shown before node 1 (at x %.0f)", bar, one.X)
	}
	if v := shapeOf(t, tab, "1").View; v != one.View {
		t.Errorf("a drag of a node moved the drawing: viewBox %s, was %s", v, one.View)
	}
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to.X, to.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))

	moved, err := lab.Edit(lab.EditRequest{Tree: "((3 12 8) (2 4 6) (14 5 2))", Op: "move", Path: "3", To: 1})
	if err != nil {
		t.Fatal(err)
	}
	if moved.Line != "((14 5 2) (3 12 8) (2 4 6))" {
		t.Fatalf("the engine's move of 3 to the first place gives %q", moved.Line)
	}
	searched(t, tab, moved.Line)
	waitFor(t, tab, `document.querySelector("#node-title b") && document.querySelector("#node-title b").textContent === "Node 1"`, "the moved node picked at its new place")
	if p := pickedNow(t, tab); p != "1" {
		t.Errorf("after the drag the picked node is %q, want 1 (the moved node)", p)
	}
	// The root's value and the last sentence, as the command line says
	// them for the moved tree.
	atEnd(t, tab)
	page := timed(t, tab, chromedp.Evaluate[struct{ Value, Caption string }](`(function () { var s = window.ps.state(); return {Value: s.nodes["0"].value, Caption: s.caption}; })()`))
	cli := prunescope(t, "search", "--tree", moved.Line, "--trace", "none")
	if !strings.Contains(cli, "\nvalue "+page.Value+" ·") {
		t.Errorf("the page's root value is %q; prunescope search prints:\n%s", page.Value, cli)
	}
	var data struct {
		Steps []struct {
			S string `json:"s"`
		} `json:"steps"`
	}
	if err := json.Unmarshal(lab.Search(context.Background(), moved.Line, nil).Data, &data); err != nil || len(data.Steps) == 0 {
		t.Fatalf("lab.Search's steps: %v", err)
	}
	if last := data.Steps[len(data.Steps)-1].S; page.Caption != last {
		t.Errorf("the last step says %q on the page, %q in lab.Search", page.Caption, last)
	}

	// Undone as an edit.
	timed(t, tab, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	searched(t, tab, "((3 12 8) (2 4 6) (14 5 2))")

	// Esc: the node goes back, the tree stays.
	atEnd(t, tab)
	first := shapeOf(t, tab, "1")
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, first.centre().X, first.centre().Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	far := centre{X: shapeOf(t, tab, "3").X + 40, Y: first.centre().Y}
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, far.X, far.Y, chromedp.ButtonLeft))
	timed(t, tab, chromedp.KeyEvent(kb.Escape))
	if now := shapeOf(t, tab, "1"); !near(now.X, first.X) || !near(now.Y, first.Y) {
		t.Errorf("after Esc node 1 is at %+v, want it back at %+v", now, first)
	}
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, far.X, far.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	if r := labNow(t, tab); r.Tree != "((3 12 8) (2 4 6) (14 5 2))" || timed(t, tab, chromedp.Evaluate[bool](`window.psLab.busy()`)) {
		t.Errorf("a drag left with Esc changed the tree to %q", r.Tree)
	}

	// In another tab a drag on a node moves the drawing.
	clickID(t, tab, "tab-settings")
	atEnd(t, tab)
	first = shapeOf(t, tab, "1")
	mouseDrag(t, tab, first.centre(), centre{X: first.centre().X + 60, Y: first.centre().Y}, centre{X: first.centre().X + 120, Y: first.centre().Y})
	if now := shapeOf(t, tab, "1"); !near(now.X, first.X+120) || now.View == first.View {
		t.Errorf("a drag on node 1 in the Settings tab: the node went from %+v to %+v, want the drawing moved 120 px", first, now)
	}
	if r := labNow(t, tab); r.Tree != "((3 12 8) (2 4 6) (14 5 2))" {
		t.Errorf("a drag in the Settings tab changed the tree to %q", r.Tree)
	}
}

// TestLabDragIsClick: in the Tree tab a press on a node that moves 2 px
// picks it (a click), the tree unchanged; a drag on the background moves
// the drawing; a press on the root, which has no siblings, too.
func TestLabDragIsClick(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	atEnd(t, tab)
	two := shapeOf(t, tab, "2").centre()
	mouseDrag(t, tab, two, centre{X: two.X + 2, Y: two.Y + 1})
	waitFor(t, tab, `document.querySelector("#node-title b") && document.querySelector("#node-title b").textContent === "Node 2" && window.psLab.idle()`, "node 2 picked")
	if p := pickedNow(t, tab); p != "2" {
		t.Errorf("a press that moved 2 px picked %q, want 2", p)
	}
	if r := labNow(t, tab); r.Tree != "((3 12 8) (2 4 6) (14 5 2))" {
		t.Errorf("a press that moved 2 px changed the tree to %q", r.Tree)
	}
	// The background, then the root: the drawing moves with the pointer.
	for _, at := range []string{"background", "root"} {
		root := shapeOf(t, tab, "")
		p := centre{X: root.X + root.W/2, Y: root.Y + root.H/2}
		if at == "background" {
			p.X -= 150 // left of the root, above node 1: nothing drawn
		}
		mouseDrag(t, tab, p, centre{X: p.X + 30, Y: p.Y + 20}, centre{X: p.X + 60, Y: p.Y + 40})
		if now := shapeOf(t, tab, ""); !near(now.X, root.X+60) || !near(now.Y, root.Y+40) {
			t.Errorf("a drag on the %s: the root went from %+v to %+v, want the drawing moved (60, 40)", at, root, now)
		}
	}
	if r := labNow(t, tab); r.Tree != "((3 12 8) (2 4 6) (14 5 2))" {
		t.Errorf("drags on the background and the root changed the tree to %q", r.Tree)
	}
}

// touch sends a touch event with one finger at p (none for the end).
func touch(t testing.TB, tab context.Context, typ input.DispatchTouchEventType, p centre) {
	t.Helper()
	var points []*input.TouchPoint
	if typ != input.DispatchTouchEventTypeTouchEnd {
		points = []*input.TouchPoint{{X: p.X, Y: p.Y}}
	}
	timed(t, tab, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: typ, TouchPoints: points})
		return err
	}))
}

// TestLabDragTouch drags a node with a finger in a tree drawn left to
// right (the 4-ply 3-ary random tree at 1024×768, fitted whole with z):
// there siblings are one above the other, and node 1.1.3 dragged above
// 1.1.1 goes to the first place, as the engine's move puts it; the page
// then searches the tree lab.Search searches.
func TestLabDragTouch(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	text := strings.TrimSpace(prunescope(t, "tree", "random", "--branching", "3", "--depth", "4"))
	openLab(t, tab, fileURL(writeLab(t, "--tree", text)))
	atEnd(t, tab)
	if o := timed(t, tab, chromedp.Evaluate[string](`window.psLayout.orientation()`)); o != "lr" {
		t.Fatalf("the 4-ply 3-ary tree is drawn %q at 1024×768, the test drags in a drawing left to right", o)
	}
	press(t, tab, "z") // the whole tree, not following the search
	last, first := shapeOf(t, tab, "1.1.3"), shapeOf(t, tab, "1.1.1")
	from := last.centre()
	to := centre{X: from.X + 3, Y: first.Y - 4}
	touch(t, tab, input.DispatchTouchEventTypeTouchStart, from)
	touch(t, tab, input.DispatchTouchEventTypeTouchMove, centre{X: from.X + 2, Y: (from.Y + to.Y) / 2})
	touch(t, tab, input.DispatchTouchEventTypeTouchMove, to)
	frames(t, tab) // a finger's moves come to the page with the frames
	if bar := timed(t, tab, chromedp.Evaluate[box](`(function () { var b = document.getElementById("lab-drop"); if (!b || b.hidden) return {}; var r = b.getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })()`)); bar.W <= bar.H || bar.Y+bar.H > first.Y+1 {
		t.Errorf("in the drag the bar is at %+v, want it lying above node 1.1.1 (at y %.0f)", bar, first.Y)
	}
	touch(t, tab, input.DispatchTouchEventTypeTouchEnd, to)
	moved, err := lab.Edit(lab.EditRequest{Tree: text, Op: "move", Path: "1.1.3", To: 1})
	if err != nil || moved.Line == "" {
		t.Fatalf("the engine's move: %v", err)
	}
	searched(t, tab, moved.Line)
}
