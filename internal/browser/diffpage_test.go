package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// diffPageCases are the comparisons diff --html's page is checked on: the
// textbook tree under two conventions, minimax against alpha-beta (parts
// only one search searched), and a chance tree under Star1 and Star2.
var diffPageCases = []struct {
	name string
	args []string
}{
	{"wikipedia hard/soft", []string{"alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"}},
	{"wikipedia minimax/alphabeta", []string{"minimax", "alphabeta", "--tree", "wikipedia"}},
	{"chance star1/star2", []string{"star1", "star2", "--bounds", "-2,2", "--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])"}},
}

// sideGeometry is where a side of the pair page draws, in its frame's
// pixels: its tree's area, the box of everything drawn in it (every node's
// shape and every badge), and the size of a value's text.
type sideGeometry struct {
	Tree, Drawing [4]float64 // left, top, width, height
	Value         float64
}

const sideGeometryJS = `(function (k) {
  var d = document.getElementById(k).contentDocument, svg = d.getElementById("ps-svg");
  var box = function (r) { return [r.left, r.top, r.width, r.height]; };
  var u = null;
  d.querySelectorAll("#ps-svg g.node, #ps-svg .ps-diff-badge").forEach(function (g) {
    var r = g.getBoundingClientRect();
    if (!r.width && !r.height) return;
    u = u ? { l: Math.min(u.l, r.left), t: Math.min(u.t, r.top), r: Math.max(u.r, r.right), b: Math.max(u.b, r.bottom) } : { l: r.left, t: r.top, r: r.right, b: r.bottom };
  });
  var v = svg.querySelector("text.ps-v");
  var size = v ? parseFloat(v.getAttribute("font-size")) * svg.getScreenCTM().a : 0;
  return { Tree: box(d.getElementById("tree").getBoundingClientRect()), Drawing: u ? [u.l, u.t, u.r - u.l, u.b - u.t] : [0, 0, 0, 0], Value: size };
})`

// fitProblems says how a side's drawing is not fitted to its half: out of
// its tree's area, or filling less than 80 % of both its width and height.
func fitProblems(side string, g sideGeometry) []string {
	var out []string
	t, d := g.Tree, g.Drawing
	const slack = 1.5
	if d[0] < t[0]-slack || d[1] < t[1]-slack || d[0]+d[2] > t[0]+t[2]+slack || d[1]+d[3] > t[1]+t[3]+slack {
		out = append(out, fmt.Sprintf("side %s: the drawing %v is not within its tree's area %v", side, d, t))
	}
	if d[2] < 0.8*t[2] && d[3] < 0.8*t[3] {
		out = append(out, fmt.Sprintf("side %s: the drawing %v fills %.0f %% of its area's width and %.0f %% of its height %v, want 80 %% of one", side, d, 100*d[2]/t[2], 100*d[3]/t[3], t))
	}
	return out
}

// markState is a side's mark of one difference (sidediff.js's state()).
type markState struct {
	I       int       `json:"i"`
	Node    int64     `json:"node"`
	Own     bool      `json:"own"`
	Badge   string    `json:"badge"`
	Shown   bool      `json:"shown"`
	On      bool      `json:"on"`
	Lit     bool      `json:"lit"`
	Box     []float64 `json:"box"`
	NodeBox []float64 `json:"nodeBox"`
	Tie     []float64 `json:"tie"`
}

// jsonDifference is a difference as diff --json lists it.
type jsonDifference struct {
	Kind string `json:"kind"`
	Path string `json:"path"`
}

// sideNodes are a side's nodes by their names (a toy tree's node names its
// path; "" the root), read from its page's data.
const sideNodesJS = `(function (k) {
  var d = JSON.parse(document.getElementById(k).contentDocument.getElementById("ps-data").textContent);
  var out = {};
  d.nodes.forEach(function (r) { var p = r[3] === -1 ? "" : r[1]; if (!(p in out)) out[p] = r[0]; });
  return out;
})`

// TestDiffPageShowsTheDifferences checks diff --html's page at 1024×768
// and 1920×1080: both sides fit their whole tree to their half, at the
// first step, at the last and at every difference (the view never follows
// the current node); every difference diff --json lists is marked on its
// node in the half that searched it, with its glyph (≠ on both sides for a
// value, + on the side that alone searched a part, ✂ on a side that alone
// cut), its badge beside the node's shape; and d visits the differences in
// order, both sides at a step where the difference's node is shown (and has
// returned, for a value), highlighted, the caption naming it; Shift+D goes
// back, and d pressed inside a side moves both.
func TestDiffPageShowsTheDifferences(t *testing.T) {
	parallel(t)
	skipShort(t)
	dir := t.TempDir()
	for ci, c := range diffPageCases {
		file := filepath.Join(dir, fmt.Sprintf("diff%d.html", ci))
		prunescope(t, append([]string{"diff"}, append(c.args, "--html", file)...)...)
		var list struct {
			Differences []jsonDifference `json:"differences"`
		}
		if err := json.Unmarshal([]byte(prunescope(t, append([]string{"diff"}, append(c.args, "--json")...)...)), &list); err != nil {
			t.Fatal(err)
		}
		sizes := [][2]int64{{1024, 768}}
		if ci == 0 {
			sizes = append(sizes, [2]int64{1920, 1080})
		}
		for _, size := range sizes {
			t.Run(fmt.Sprintf("%s %dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				parallel(t)
				tab := newTab(t)
				timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
				openPair(t, tab, fileURL(file))
				checkDiffPage(t, tab, list.Differences)
				if ci == 0 && size[0] == 1024 {
					checkFollowKey(t, tab)
				}
			})
		}
	}
}

func checkDiffPage(t *testing.T, tab context.Context, want []jsonDifference) {
	fitted := func(when string) {
		t.Helper()
		for _, k := range []string{"a", "b"} {
			g := timed(t, tab, chromedp.Evaluate[sideGeometry](sideGeometryJS+`("`+k+`")`))
			for _, p := range fitProblems(k, g) {
				t.Errorf("%s: %s", when, p)
			}
			if when == "opened" {
				t.Logf("side %s: values drawn %.1f px high", k, g.Value)
			}
		}
	}
	if e := timed(t, tab, chromedp.Evaluate[[]string](`["a", "b"].map(function (k) { return String(document.getElementById(k).contentWindow.psDiffError || ""); })`)); e[0] != "" || e[1] != "" {
		t.Fatalf("the sides' marks failed: %q", e)
	}
	fitted("opened")
	if n := timed(t, tab, chromedp.Evaluate[int](`window.ps.diff.count`)); n != len(want) {
		t.Fatalf("the page holds %d differences, diff --json lists %d", n, len(want))
	}
	nodes := map[string]map[string]int64{}
	for _, k := range []string{"a", "b"} {
		nodes[k] = timed(t, tab, chromedp.Evaluate[map[string]int64](sideNodesJS+`("`+k+`")`))
	}
	marks := func(k string) []markState {
		return timed(t, tab, chromedp.Evaluate[[]markState](`document.getElementById("`+k+`").contentWindow.psDiff.state()`))
	}

	// At the last step every mark is there to see.
	timed(t, tab, chromedp.Evaluate[any](`window.ps.a.go(window.ps.a.steps), window.ps.b.go(window.ps.b.steps)`))
	fitted("the last step")
	for _, k := range []string{"a", "b"} {
		ms := marks(k)
		// No badge covers a node's shape.
		shapes := timed(t, tab, chromedp.Evaluate[[][]float64](`Array.from(document.getElementById("`+k+`").contentDocument.querySelectorAll("#ps-svg g.node")).map(function (g) {
			var s = g.querySelector("polygon, ellipse, rect, circle, path"), r = (s || g).getBoundingClientRect();
			return [r.left, r.top, r.width, r.height];
		})`))
		for _, m := range ms {
			if !m.Shown || len(m.Box) != 4 {
				continue
			}
			for _, r := range shapes {
				if m.Box[0]+1 < r[0]+r[2] && r[0]+1 < m.Box[0]+m.Box[2] && m.Box[1]+1 < r[1]+r[3] && r[1]+1 < m.Box[1]+m.Box[3] {
					t.Errorf("side %s: badge %q at %v covers a node's shape at %v", k, m.Badge, m.Box, r)
				}
			}
		}
		if len(ms) != len(want) {
			t.Fatalf("side %s marks %d differences, want %d", k, len(ms), len(want))
		}
		for i, d := range want {
			m := ms[i]
			what := fmt.Sprintf("side %s, difference %d (%s at %q)", k, i+1, d.Kind, d.Path)
			id, searched := nodes[k][d.Path]
			if !searched {
				if m.Own || m.Badge != "" {
					t.Errorf("%s: not searched here, but marked %+v", what, m)
				}
				if d.Kind != "a_only" && d.Kind != "b_only" {
					t.Errorf("%s: a node both searched is missing here", what)
				}
				continue
			}
			if !m.Own || m.Node != id {
				t.Errorf("%s: marked on node %d (own %v), want node %d", what, m.Node, m.Own, id)
			}
			glyph := ""
			switch d.Kind {
			case "value":
				glyph = "≠"
			case "a_only", "b_only":
				if d.Kind[0] != k[0] {
					t.Errorf("%s: searched here, but diff says %s", what, d.Kind)
				}
				glyph = "+"
			case "cutoff":
				if m.Badge != "" {
					glyph = "✂"
				}
			}
			if glyph != "" && !strings.HasPrefix(m.Badge, glyph+" ") {
				t.Errorf("%s: badge %q, want one starting with %s", what, m.Badge, glyph)
			}
			if m.Badge == "" {
				continue
			}
			if !m.Shown || len(m.Box) != 4 || len(m.NodeBox) != 4 {
				t.Errorf("%s: badge %q not shown at the last step: %+v", what, m.Badge, m)
				continue
			}
			// Beside the node: no farther from its shape than the height
			// of the node's badges, stacked; or tied to it by a line from
			// the badge's edge to the shape's.
			b, n := m.Box, m.NodeBox
			stack := 0
			for _, o := range ms {
				if o.Own && o.Node == m.Node && o.Badge != "" {
					stack++
				}
			}
			dx := max(0, max(n[0]-(b[0]+b[2]), b[0]-(n[0]+n[2])))
			dy := max(0, max(n[1]-(b[1]+b[3]), b[1]-(n[1]+n[3])))
			on := func(x, y float64, r []float64) bool {
				return x >= r[0]-1 && x <= r[0]+r[2]+1 && y >= r[1]-1 && y <= r[1]+r[3]+1
			}
			tied := len(m.Tie) == 4 && on(m.Tie[0], m.Tie[1], b) && on(m.Tie[2], m.Tie[3], n)
			if (dx > b[3] || dy > float64(stack)*b[3]*1.2) && !tied {
				t.Errorf("%s: badge %q at %v, not beside its node's shape %v, nor tied to it (%v)", what, m.Badge, b, n, m.Tie)
			}
		}
	}
	// Each side's cutoffs: a cutoff only one search made is marked ✂ on its
	// side.
	for i, d := range want {
		if d.Kind != "cutoff" {
			continue
		}
		a, b := marks("a")[i], marks("b")[i]
		if !strings.HasPrefix(a.Badge, "✂") && !strings.HasPrefix(b.Badge, "✂") {
			t.Errorf("difference %d (cutoff at %q): no side marks a cut (%q, %q)", i+1, d.Path, a.Badge, b.Badge)
		}
	}

	// d from the first step visits every difference in order.
	timed(t, tab, chromedp.Evaluate[any](`window.ps.a.go(0), window.ps.b.go(0)`))
	focusPairHead(t, tab)
	for i, d := range want {
		timed(t, tab, chromedp.KeyEvent("d"))
		checkJump(t, tab, i, d, nodes)
		if i%4 == 0 || i == len(want)-1 { // the view is the same at every jump: a few suffice
			fitted(fmt.Sprintf("difference %d", i+1))
		}
	}
	if len(want) == 0 {
		return
	}
	timed(t, tab, chromedp.KeyEvent("d"))
	if got := timed(t, tab, chromedp.Evaluate[int](`window.ps.diff.index()`)); got != len(want)-1 {
		t.Errorf("d past the last difference: at %d, want %d", got+1, len(want))
	}
	if len(want) > 1 {
		timed(t, tab, chromedp.KeyEvent("D"))
		checkJump(t, tab, len(want)-2, want[len(want)-2], nodes)
		// d pressed inside a side moves both.
		timed(t, tab, chromedp.Evaluate[any](`document.getElementById("b").contentDocument.dispatchEvent(new KeyboardEvent("keydown", { key: "d", bubbles: true }))`))
		waitFor(t, tab, fmt.Sprintf(`window.ps.diff.index() === %d`, len(want)-1), "d inside side B")
		checkJump(t, tab, len(want)-1, want[len(want)-1], nodes)
	}
}

// checkFollowKey checks z above the sides: both sides follow their current
// node (a wikipedia tree is too large to read whole in half of 1024×768:
// the view zooms onto it), and z again shows both whole trees, fitted.
func checkFollowKey(t *testing.T, tab context.Context) {
	views := func() []string {
		return timed(t, tab, chromedp.Evaluate[[]string](`["a", "b"].map(function (k) { return document.getElementById(k).contentDocument.getElementById("ps-svg").getAttribute("viewBox"); })`))
	}
	follows := func() []bool {
		return timed(t, tab, chromedp.Evaluate[[]bool](`[window.ps.a.follow(), window.ps.b.follow()]`))
	}
	timed(t, tab, chromedp.Evaluate[any](`window.ps.a.go(5), window.ps.b.go(5)`))
	whole := views()
	focusPairHead(t, tab)
	timed(t, tab, chromedp.KeyEvent("z"))
	if f := follows(); !f[0] || !f[1] {
		t.Errorf("z: the sides follow %v, want both", f)
	}
	if v := views(); v[0] == whole[0] || v[1] == whole[1] {
		t.Errorf("z: the views %q did not move from the whole trees %q", v, whole)
	}
	timed(t, tab, chromedp.KeyEvent("z"))
	if f := follows(); f[0] || f[1] {
		t.Errorf("z again: the sides follow %v, want neither", f)
	}
	if v := views(); v[0] != whole[0] || v[1] != whole[1] {
		t.Errorf("z again: the views %q, want the whole trees %q", v, whole)
	}
}

// focusPairHead gives the keyboard to the pair page above the sides.
func focusPairHead(t *testing.T, tab context.Context) {
	timed(t, tab, chromedp.Evaluate[any](`document.getElementById("pair-head").focus()`))
}

// checkJump checks the page after a jump to difference i: the index, the
// caption, and on each side the step, the node shown and highlighted.
func checkJump(t *testing.T, tab context.Context, i int, d jsonDifference, nodes map[string]map[string]int64) {
	t.Helper()
	what := fmt.Sprintf("difference %d (%s at %q)", i+1, d.Kind, d.Path)
	if got := timed(t, tab, chromedp.Evaluate[int](`window.ps.diff.index()`)); got != i {
		t.Errorf("%s: the page is at difference %d", what, got+1)
		return
	}
	label := d.Path
	if label == "" {
		label = "root"
	}
	caption := timed(t, tab, chromedp.Evaluate[string](`window.ps.diff.caption()`))
	if !strings.HasPrefix(caption, fmt.Sprintf("difference %d of ", i+1)) || !strings.Contains(caption, " at "+label+":") {
		t.Errorf("%s: caption %q", what, caption)
	}
	for _, k := range []string{"a", "b"} {
		st := timed(t, tab, chromedp.Evaluate[shown](`window.ps.`+k+`.state()`))
		ms := timed(t, tab, chromedp.Evaluate[[]markState](`document.getElementById("`+k+`").contentWindow.psDiff.state()`))
		m := ms[i]
		if !m.On || !m.Lit {
			t.Errorf("%s: side %s does not highlight it (%+v)", what, k, m)
		}
		id, searched := nodes[k][d.Path]
		if !searched {
			if n, ok := st.Nodes[fmt.Sprint(m.Node)]; !ok || !n.Visible {
				t.Errorf("%s: side %s highlights node %d above it, not shown at step %d", what, k, m.Node, st.Step)
			}
			continue
		}
		n := st.Nodes[fmt.Sprint(id)]
		if !n.Visible {
			t.Errorf("%s: side %s at step %d does not show the node", what, k, st.Step)
		}
		if d.Kind == "value" && n.Bound == "" {
			t.Errorf("%s: side %s at step %d: the node has not returned", what, k, st.Step)
		}
		if m.Badge != "" && !m.Shown {
			t.Errorf("%s: side %s at step %d: badge %q not shown", what, k, st.Step, m.Badge)
		}
	}
}
