package browser

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
)

// centre is the middle of an element of the page on the screen.
type centre struct {
	X, Y float64
	OK   bool
}

// centreOf finds an element by a script (an expression giving it) and
// brings it into view.
func centreOf(t testing.TB, tab context.Context, expr string) centre {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[centre](`(function () {
		var e = `+expr+`;
		if (!e) return {OK: false};
		e.scrollIntoView({block: "nearest"});
		var r = e.getBoundingClientRect();
		return {X: r.x + r.width / 2, Y: r.y + r.height / 2, OK: r.width > 0};
	})()`))
}

// clickAt clicks with the mouse at the middle of the element expr gives.
func clickAt(t testing.TB, tab context.Context, expr, what string) {
	t.Helper()
	c := centreOf(t, tab, expr)
	if !c.OK {
		t.Fatalf("%s: not on the page", what)
	}
	timed(t, tab, chromedp.MouseClickXY(c.X, c.Y))
}

// clickID clicks with the mouse at the middle of the element with the id.
func clickID(t testing.TB, tab context.Context, id string) {
	t.Helper()
	clickAt(t, tab, `document.getElementById(`+jsq(id)+`)`, "#"+id)
}

// nodeExpr is the shape of the drawn node named path (its data-path):
// its triangle, box or circle, where a student clicks (the group's box
// may hold labels far from it).
func nodeExpr(path string) string {
	return `(function () { var g = Array.from(document.querySelectorAll("#tree g.node")).filter(function (g) { return (g.getAttribute("data-path") || "") === ` + jsq(path) + `; })[0]; return g && (g.querySelector("polygon, rect, ellipse, path") || g); })()`
}

// pick clicks a node of the drawing and waits for the tree tab's form.
// The player is taken to its last step first (End), where every node is
// drawn, the never-searched ones greyed. The click is made again when the
// form does not come (the layout may still have been moving the node).
func pick(t testing.TB, tab context.Context, path string) {
	t.Helper()
	label := path
	if label == "" {
		label = "root"
	}
	// The form shown, and the engine idle: a late answer (the tree's
	// indented text) redraws the form, and a click on it then may be lost.
	shown := `(function () { var b = document.querySelector("#node-title b"); return !!b && b.textContent === "Node " + ` + jsq(label) + ` && window.psLab.idle(); })()`
	for try := 0; try < 5; try++ {
		waitFor(t, tab, `!window.psLab.busy() && document.getElementById("ps-svg").classList.contains("ps-ready")`, "the drawing")
		timed(t, tab, chromedp.Evaluate[int](`document.activeElement && document.activeElement.blur && document.activeElement.blur(), 0`))
		timed(t, tab, chromedp.KeyEvent(kb.End))
		// Two frames: the player draws the step in the next.
		timed(t, tab, chromedp.Evaluate[int](`new Promise(function (r) { requestAnimationFrame(function () { requestAnimationFrame(function () { r(0); }); }); })`, chromedp.EvalAwaitPromise))
		if try > 0 {
			t.Logf("node %s: clicked again (%d)", label, try)
		}
		clickAt(t, tab, nodeExpr(path), "node "+path)
		deadline := time.Now().Add(time.Second)
		for time.Now().Before(deadline) {
			if ok, err := chromedp.Run(tab, chromedp.Evaluate[bool](shown)); err == nil && ok {
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	waitFor(t, tab, shown, "the form of node "+label)
}

// jsq is s as a JavaScript string.
func jsq(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// press clicks a button of the page by its id.
func pressButton(t testing.TB, tab context.Context, id string) {
	t.Helper()
	clickAt(t, tab, `document.getElementById(`+jsq(id)+`)`, "button "+id)
}

// typeIn types into an input (its text replaced) and presses Enter.
func typeIn(t testing.TB, tab context.Context, id, s string) {
	t.Helper()
	clickAt(t, tab, `document.getElementById(`+jsq(id)+`)`, "input "+id)
	timed(t, tab, chromedp.Evaluate[int](`(function () { var e = document.getElementById(`+jsq(id)+`); e.select(); return 0; })()`))
	timed(t, tab, chromedp.KeyEvent(s))
	timed(t, tab, chromedp.KeyEvent(kb.Enter))
}

// searched waits until the lab has searched the tree want (its canonical
// form) and checks the page's steps against lab.Search's on it, with the
// settings args.
func searched(t testing.TB, tab context.Context, want string, args ...string) {
	t.Helper()
	waitFor(t, tab, `(function () { var r = window.psLab.result(); return !window.psLab.busy() && !!r && r.tree === `+jsq(want)+` && window.psLab.error() === ""; })()`, "the search of "+want)
	got := labNow(t, tab)
	w := lab.Search(context.Background(), want, args)
	if w.Error != "" {
		t.Fatal(w.Error)
	}
	if !sameData(got.Data, w.Data) || strings.Join(got.Summary, "\n") != strings.Join(w.Summary, "\n") {
		t.Fatalf("the page's search of %s is not lab.Search's", want)
	}
}

// pickedNow is the data-path of the nodes marked picked in the drawing.
func pickedNow(t testing.TB, tab context.Context) string {
	t.Helper()
	return timed(t, tab, chromedp.Evaluate[string](`Array.from(document.querySelectorAll("#tree g.node.lab-picked")).map(function (g) { return g.getAttribute("data-path"); }).join(",")`))
}

// TestLabEditByClicks edits the AIMA tree as a student does: a click on a
// leaf and a value typed, a child added, a node removed, a node moved, the
// children dragged into another order, undo and redo with the keys; after
// each change the page's search is lab.Search's on the edited tree, and
// the picked node follows its node.
func TestLabEditByClicks(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	pick(t, tab, "2")
	if p := pickedNow(t, tab); p != "2" {
		t.Errorf("picked in the drawing: %q, want 2", p)
	}
	// The tab fits the side panel of a projector's 1024×768, its text at
	// least 14 px.
	fit := timed(t, tab, chromedp.Evaluate[string](`(function () {
		var p = document.getElementById("panels"), out = [];
		if (p.scrollWidth > p.clientWidth) out.push("the panel scrolls sideways: " + p.scrollWidth + " > " + p.clientWidth);
		if (document.documentElement.scrollWidth > window.innerWidth) out.push("the page scrolls sideways");
		document.querySelectorAll("#panel-tree *").forEach(function (e) {
			if (e.childNodes.length && Array.from(e.childNodes).some(function (n) { return n.nodeType === 3 && n.textContent.trim(); }) && parseFloat(getComputedStyle(e).fontSize) < 14)
				out.push(e.tagName + " " + e.textContent.slice(0, 20) + ": " + getComputedStyle(e).fontSize);
		});
		return out.join("; ");
	})()`))
	if fit != "" {
		t.Errorf("at 1024×768: %s", fit)
	}
	// A never-searched (grey) leaf is edited as any other.
	if grey := timed(t, tab, chromedp.Evaluate[bool](nodeExpr("2.2")+`.closest("g.node").classList.contains("unsearched")`)); !grey {
		t.Fatalf("leaf 2.2 of the AIMA tree is not drawn as never searched")
	}
	pick(t, tab, "2.2")
	typeIn(t, tab, "node-value", "1")
	searched(t, tab, "((3 12 8) (2 1 6) (14 5 2))")
	pick(t, tab, "2.1")
	typeIn(t, tab, "node-value", "7.5")
	searched(t, tab, "((3 12 8) (7.5 1 6) (14 5 2))")
	shown := timed(t, tab, chromedp.Evaluate[string](`document.querySelector('#tree g.node[data-path="2.1"]').textContent`))
	if !strings.Contains(shown, "7.5") {
		t.Errorf("leaf 2.1 shows %q, not its new value 7.5", shown)
	}
	pick(t, tab, "3")
	pressButton(t, tab, "node-add")
	searched(t, tab, "((3 12 8) (7.5 1 6) (14 5 2 0))")
	pick(t, tab, "1")
	pressButton(t, tab, "node-remove")
	searched(t, tab, "((7.5 1 6) (14 5 2 0))")
	// The root is picked now (the removed node's parent); node 1 is the
	// former 2: pick it and move it right.
	if p := pickedNow(t, tab); p != "" {
		t.Errorf("after removing 1 the picked node is %q, want the root", p)
	}
	pick(t, tab, "1")
	pressButton(t, tab, "node-right")
	searched(t, tab, "((14 5 2 0) (7.5 1 6))")
	waitFor(t, tab, `document.querySelector("#node-title b").textContent === "Node 2"`, "the moved node picked at its new place")
	// Drag the last child of 1 to the first place, in the form's list.
	pick(t, tab, "1")
	from := centreOf(t, tab, `document.querySelector('#node-kids li[data-index="4"]')`)
	to := centreOf(t, tab, `document.querySelector('#node-kids li[data-index="1"]')`)
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, from.X, from.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, (from.X+to.X)/2, (from.Y+to.Y)/2, chromedp.ButtonLeft))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, to.X, to.Y, chromedp.ButtonLeft))
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, to.X, to.Y, chromedp.ButtonLeft, chromedp.ClickCount(1)))
	searched(t, tab, "((0 14 5 2) (7.5 1 6))")
	if p := pickedNow(t, tab); p != "1" {
		t.Errorf("after the drag the picked node is %q, want 1 (whose children moved)", p)
	}
	// Undo and redo with the keys (the focus on the page, not in a box).
	timed(t, tab, chromedp.Evaluate[int](`document.activeElement.blur(), 0`))
	timed(t, tab, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	searched(t, tab, "((14 5 2 0) (7.5 1 6))")
	timed(t, tab, chromedp.KeyEvent("z", chromedp.KeyModifiers(kb.ModifierCtrl)))
	searched(t, tab, "((7.5 1 6) (14 5 2 0))")
	timed(t, tab, chromedp.KeyEvent("y", chromedp.KeyModifiers(kb.ModifierCtrl)))
	searched(t, tab, "((14 5 2 0) (7.5 1 6))")
	pressButton(t, tab, "tree-undo")
	searched(t, tab, "((7.5 1 6) (14 5 2 0))")
	timed(t, tab, chromedp.Evaluate[int](`document.activeElement.blur(), 0`))
	timed(t, tab, chromedp.KeyEvent("Z", chromedp.KeyModifiers(kb.ModifierCtrl|kb.ModifierShift)))
	searched(t, tab, "((14 5 2 0) (7.5 1 6))")
	// A change of the settings is undone too.
	choose(t, tab, "set-fail", "soft")
	waitFor(t, tab, `!window.psLab.busy() && window.psLab.result().args.join(" ") === "--fail soft"`, "the fail-soft search")
	pressButton(t, tab, "tree-undo")
	searched(t, tab, "((14 5 2 0) (7.5 1 6))")
	if args := labNow(t, tab).Args; len(args) != 0 {
		t.Errorf("undo of --fail soft: the settings are %q", args)
	}
	// The box shows the tree in the indented form.
	box := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("tree-text").value`))
	if want := "(\n  (14 5 2 0)\n  (7.5 1 6)\n)\n"; box != want {
		t.Errorf("the box shows %q, want %q", box, want)
	}
}

// TestLabEditChance marks a node chance with expectimax and gives its
// children probabilities one by one: between, and with a sum that is not
// 1, the page shows the command line's error (line and column of the
// box's text) and keeps the drawing; with a sum of 1 it searches.
func TestLabEditChance(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	args := []string{"--algo", "expectimax"}
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima", "--algo", "expectimax")))
	pick(t, tab, "2")
	choose(t, tab, "node-player", "chance")
	searched(t, tab, "((3 12 8) (2 4 6)[chance] (14 5 2))", args...)
	pick(t, tab, "2.1")
	typeIn(t, tab, "node-p", "0.5")
	text := "(\n  (3 12 8)\n  (2[p=0.5] 4 6)[chance]\n  (14 5 2)\n)\n"
	_, want := cliError("tree", "show", text)
	waitFor(t, tab, `window.psLab.error() !== "" && !window.psLab.busy()`, "the error of a probability missing")
	if got := timed(t, tab, chromedp.Evaluate[string](`window.psLab.error()`)); got != want {
		t.Errorf("the page says %q, prunescope tree show %q", got, want)
	}
	// The form still edits the tree that breaks the rule.
	pick(t, tab, "2.2")
	typeIn(t, tab, "node-p", "0.25")
	pick(t, tab, "2.3")
	typeIn(t, tab, "node-p", "0.2")
	text = "(\n  (3 12 8)\n  (2[p=0.5] 4[p=0.25] 6[p=0.2])[chance]\n  (14 5 2)\n)\n"
	_, want = cliError("tree", "show", text)
	waitFor(t, tab, `window.psLab.error() === `+jsq(want)+` && !window.psLab.busy()`, "the error of probabilities adding up to 0.95")
	sel := timed(t, tab, chromedp.Evaluate[string](`(function () { var e = document.getElementById("tree-text"); return e.selectionStart + ":" + e.value.slice(e.selectionStart, e.selectionEnd); })()`))
	if sel != "15:(" { // line 3, column 3: the chance node's list
		t.Errorf("the box marks %q, not the chance node's list where the error is", sel)
	}
	typeIn(t, tab, "node-p", "1/4")
	searched(t, tab, "((3 12 8) (2[p=0.5] 4[p=0.25] 6[p=0.25])[chance] (14 5 2))", args...)
	// Removing 2.1 leaves probabilities adding up to 0.5: the drawing
	// stays the last tree's, whose 2.3 is no node of the box's tree, so a
	// click on it picks nothing and says why.
	pick(t, tab, "2.1")
	pressButton(t, tab, "node-remove")
	waitFor(t, tab, `!window.psLab.busy() && window.psLab.error().indexOf("add up to 0.5, not 1") >= 0`, "the error of probabilities adding up to 0.5")
	clickAt(t, tab, nodeExpr("2.3"), "node 2.3")
	waitFor(t, tab, `!document.getElementById("tree-msg").hidden && document.getElementById("tree-msg").textContent.indexOf("The drawing is of the last tree that searched") === 0`, "the refusal to pick in a stale drawing")
	if title := timed(t, tab, chromedp.Evaluate[string](`document.querySelector("#node-title b").textContent`)); title != "Node 2" {
		t.Errorf("after the refused pick the form is of %q, want Node 2 (the removed node's parent)", title)
	}
	pressButton(t, tab, "tree-undo")
	searched(t, tab, "((3 12 8) (2[p=0.5] 4[p=0.25] 6[p=0.25])[chance] (14 5 2))", args...)
}

// cliError runs prunescope and gives its error line without the
// program's name ("" when it succeeds).
func cliError(args ...string) (string, string) {
	var out, errOut strings.Builder
	if cmd.Main(args, strings.NewReader(""), &out, &errOut) == 0 {
		return out.String(), ""
	}
	return out.String(), strings.TrimPrefix(strings.TrimSpace(errOut.String()), "prunescope: ")
}

// TestLabTreeTyped: a malformed tree typed in the box shows the command
// line's error and selects its place; Ctrl+Enter applies a good one;
// undo and redo step over the malformed one too.
func TestLabTreeTyped(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	bad := "(\n  (3 12 8)\n  (2 4 x6)\n)"
	_, want := cliError("tree", "show", bad)
	timed(t, tab, chromedp.Evaluate[int](`document.getElementById("tree-text").value = `+"`"+bad+"`"+`, 0`))
	pressButton(t, tab, "tree-apply")
	waitFor(t, tab, `window.psLab.error() !== "" && !window.psLab.busy()`, "the error of a malformed tree")
	if got := timed(t, tab, chromedp.Evaluate[string](`window.psLab.error()`)); got != want || !strings.HasPrefix(want, "tree:3:") {
		t.Errorf("the page says %q, prunescope tree show %q", got, want)
	}
	sel := timed(t, tab, chromedp.Evaluate[string](`(function () { var e = document.getElementById("tree-text"); return e.value.slice(e.selectionStart, e.selectionEnd); })()`))
	if sel != "x6" {
		t.Errorf("the box marks %q, want x6 (line 3, column 8)", sel)
	}
	// Ctrl+Enter in the box.
	timed(t, tab, chromedp.Evaluate[int](`document.getElementById("tree-text").value = "((1 2) (3 4))", 0`))
	clickAt(t, tab, `document.getElementById("tree-text")`, "the tree's box")
	timed(t, tab, chromedp.KeyEvent(kb.Enter, chromedp.KeyModifiers(kb.ModifierCtrl)))
	searched(t, tab, "((1 2) (3 4))")
	// Undo goes back over the malformed tree to the last good one.
	pressButton(t, tab, "tree-undo")
	waitFor(t, tab, `!window.psLab.busy() && window.psLab.error() !== ""`, "the malformed tree again")
	if box := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("tree-text").value`)); box != bad {
		t.Errorf("undo: the box shows %q, want the malformed tree %q", box, bad)
	}
	pressButton(t, tab, "tree-redo")
	searched(t, tab, "((1 2) (3 4))")
}

// TestLabRandomTree draws a random tree with a seed as a student does and
// checks it is prunescope tree random's with the same flags; with cutoffs
// asked for, the quiz's tree (lab.Random, checked against the quiz in the
// lab's own tests); new seed draws another.
func TestLabRandomTree(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "aima")))
	typeIn(t, tab, "rnd-seed", "42")
	typeIn(t, tab, "rnd-depth", "3")
	typeIn(t, tab, "rnd-branching", "2")
	typeIn(t, tab, "rnd-min", "0")
	typeIn(t, tab, "rnd-max", "20")
	pressButton(t, tab, "rnd-make")
	out := prunescope(t, "tree", "random", "--seed", "42", "--depth", "3", "--branching", "2", "--min", "0", "--max", "20")
	want, err := tree.Parse("tree", out)
	if err != nil {
		t.Fatal(err)
	}
	searched(t, tab, tree.Format(want))
	typeIn(t, tab, "rnd-depth", "4")
	typeIn(t, tab, "rnd-cutoffs", "3")
	clickAt(t, tab, `document.getElementById("rnd-deep")`, "deep cutoff")
	pressButton(t, tab, "rnd-make")
	r, err := lab.Random(context.Background(), lab.RandomRequest{Branching: 2, Depth: 4, Min: 0, Max: 20, Seed: 42, MinCutoffs: 3, DeepCutoff: true})
	if err != nil {
		t.Fatal(err)
	}
	rt, _ := tree.Parse("tree", r.Tree)
	searched(t, tab, tree.Format(rt))
	typeIn(t, tab, "rnd-branching", "30")
	pressButton(t, tab, "rnd-make")
	waitFor(t, tab, `!document.getElementById("rnd-msg").hidden`, "the refusal of too many leaves")
	if msg := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("rnd-msg").textContent`)); !strings.HasPrefix(msg, "--branching: branching 30 and depth 4 make more than") {
		t.Errorf("too many leaves: %q", msg)
	}
	typeIn(t, tab, "rnd-branching", "2")
	pressButton(t, tab, "rnd-new")
	waitFor(t, tab, `document.getElementById("rnd-seed").value !== "42" && !window.psLab.busy() && window.psLab.result().tree !== `+jsq(tree.Format(rt)), "a tree of a new seed")
}

// TestLabBuildAIMA builds the AIMA tree by clicking, from a tree of one
// leaf (the "done when"), and checks the page's search is the
// command line's of the AIMA tree.
func TestLabBuildAIMA(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	openLab(t, tab, fileURL(writeLab(t, "--tree", "0")))
	steps := []string{"(0)", "(0 0)", "(0 0 0)"}
	pick(t, tab, "")
	for _, s := range steps {
		pressButton(t, tab, "node-add")
		searched(t, tab, s)
	}
	shape := "("
	for i, parent := range []string{"1", "2", "3"} {
		pick(t, tab, parent)
		kids := ""
		for k := 0; k < 3; k++ {
			pressButton(t, tab, "node-add")
			kids = strings.TrimSpace(kids + " 0")
			rest := strings.Repeat(" 0", 2-i)
			searched(t, tab, shape+"("+kids+")"+rest+")")
		}
		shape += "(0 0 0) "
	}
	values := []string{"3", "12", "8", "2", "4", "6", "14", "5", "2"}
	now := []string{"0", "0", "0", "0", "0", "0", "0", "0", "0"}
	for i, v := range values {
		pick(t, tab, []string{"1.1", "1.2", "1.3", "2.1", "2.2", "2.3", "3.1", "3.2", "3.3"}[i])
		typeIn(t, tab, "node-value", v)
		now[i] = v
		searched(t, tab, "(("+strings.Join(now[0:3], " ")+") ("+strings.Join(now[3:6], " ")+") ("+strings.Join(now[6:9], " ")+"))")
	}
	aima, _ := tree.Builtin("aima")
	searched(t, tab, tree.Format(aima))
	cli := strings.Split(strings.TrimSpace(prunescope(t, "search", "--tree", tree.Format(aima), "--trace", "none")), "\n")
	if got := labNow(t, tab).Summary; strings.Join(got, "\n") != strings.Join(cli, "\n") {
		t.Errorf("the built tree's summary:\n%s\nprunescope search on the AIMA tree:\n%s", strings.Join(got, "\n"), strings.Join(cli, "\n"))
	}
}
