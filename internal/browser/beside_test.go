package browser

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// besideJS walks every step of a page and returns the labels beside a node
// (marks.js: its live best so far and bound, the marks of its events) that
// are not beside it: farther from its shape than one and a half times
// their height, or over another node's shape.
const besideJS = `(function () {
  var astray = [];
  var near = function (a, b, d) {
    var dx = Math.max(0, a.left - b.right, b.left - a.right), dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
    return Math.hypot(dx, dy) <= d;
  };
  var meets = function (a, b) { return a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1; };
  var shapeOf = function (g) { return g.querySelector("polygon, ellipse, rect, circle, path"); };
  var checked = 0;
  for (var n = 0; n <= window.ps.steps; n++) {
    window.ps.go(n);
    var shown = Array.from(document.querySelectorAll("#ps-svg g.node:not(.ps-hidden)"));
    document.querySelectorAll("#ps-svg .ps-beside").forEach(function (w) {
      var g = document.getElementById(w.getAttribute("data-for"));
      if (!g || g.classList.contains("ps-hidden")) return;
      w.querySelectorAll("text").forEach(function (t) {
        if (t.textContent.trim() === "") return;
        var r = t.getBoundingClientRect(), s = shapeOf(g).getBoundingClientRect();
        checked++;
        if (!near(r, s, 1.5 * r.height)) astray.push("step " + n + ": " + g.id + "'s " + JSON.stringify(t.textContent) + " is not beside it");
        shown.forEach(function (o) {
          if (o !== g && meets(r, shapeOf(o).getBoundingClientRect())) astray.push("step " + n + ": " + g.id + "'s " + JSON.stringify(t.textContent) + " lies over " + o.id);
        });
      });
    });
  }
  return { checked: checked, astray: astray };
})()`

// TestLabelsBesideTheirNode: at every step, in whichever layout the screen
// gets (top-down, left to right: the star2 page's tall window turns it), each label marks.js writes beside a node
// — "best 5 · α 5", "closed: α 3 ≥ β 2 — cut", the events' marks — is next
// to that node's shape and over no other node's.
func TestLabelsBesideTheirNode(t *testing.T) {
	parallel(t)
	skipShort(t)
	// Each page at one screen: a projector's, a large one, and a tall
	// window, where the tree grows to the right.
	for _, c := range []struct {
		name string
		size [2]int64
	}{{"wikipedia", [2]int64{1024, 768}}, {"chance-star2", [2]int64{700, 1000}}, {"nullmove", [2]int64{1920, 1080}}} {
		name := c.name
		t.Run(name, func(t *testing.T) {
			parallel(t)
			w := pageOf(t, searchNamed(t, name))
			tab := newTab(t)
			for _, size := range [][2]int64{c.size} {
				timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
				open(t, tab, fileURL(w.html))
				type result struct {
					Checked int      `json:"checked"`
					Astray  []string `json:"astray"`
				}
				got := timed(t, tab, chromedp.Evaluate[result](besideJS))
				at := fmt.Sprintf("%d×%d", size[0], size[1])
				if got.Checked == 0 {
					t.Fatalf("%s: no label beside a node at any step", at)
				}
				for i, a := range got.Astray {
					if i == 5 {
						t.Errorf("%s: … %d more", at, len(got.Astray)-5)
						break
					}
					t.Errorf("%s: %s", at, a)
				}
			}
		})
	}
}
