package browser

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/internal/colourvision"
	"github.com/prunescope/prunescope/trace/scene"
)

// coloursJS walks some fifteen steps of a page and its last and returns, as CSS computes them
// (rgb(…) strings): every colour an element of the tree or the
// neighbourhood is drawn in (stroke, fill of shapes and texts, visible
// ones only), and at each step the outline of the current node and those
// of the nodes that cut off.
const coloursJS = `(function () {
  var seen = {}, pairs = [], early = [];
  var cutColour = getComputedStyle(document.documentElement).getPropertyValue("--ps-cut").trim();
  var shapeOf = function (g) { return g.querySelector("polygon, ellipse, rect, circle, path"); };
  // some fifteen steps spread over the page, and the last
  var stride = Math.max(1, Math.ceil(window.ps.steps / 15));
  for (var n = 0; n <= window.ps.steps; n = n === window.ps.steps ? n + 1 : Math.min(n + stride, window.ps.steps)) {
    window.ps.go(n);
    if (window.ps.hood) window.ps.hood(); // the neighbourhood drawn now, not at the next frame
    document.querySelectorAll("#ps-svg *, #ps-hood *").forEach(function (el) {
      if (!(el instanceof SVGGraphicsElement) || el.closest(".ps-hidden")) return;
      var cs = getComputedStyle(el);
      if (cs.visibility === "hidden" || cs.display === "none") return;
      [cs.stroke, cs.fill].forEach(function (c) { if (c && c.indexOf("rgb") === 0) seen[c] = true; });
    });
    var cur = document.querySelector("#ps-svg .ps-cur");
    var cs = cur && !cur.classList.contains("ps-cutnode") && shapeOf(cur);
    var probe = document.createElement("div");
    probe.style.color = cutColour;
    document.body.appendChild(probe);
    var cutRGB = getComputedStyle(probe).color;
    probe.remove();
    document.querySelectorAll("#ps-svg g.node:not(.ps-cutnode):not(.ps-hidden)").forEach(function (g) {
      var sh = shapeOf(g);
      if (sh && !g.classList.contains("unsearched") && getComputedStyle(sh).stroke === cutRGB) early.push([n, g.id]);
    });
    document.querySelectorAll("#ps-svg .ps-cutnode").forEach(function (g) {
      if (g === cur || !shapeOf(g) || !cs) return;
      pairs.push([getComputedStyle(cs).stroke, getComputedStyle(shapeOf(g)).stroke]);
    });
  }
  return { colours: Object.keys(seen), pairs: pairs, early: early };
})()`

// hexOf turns a computed "rgb(r, g, b)" or "rgba(r, g, b, a)" into #rrggbb
// ("" for a transparent one).
func hexOf(t *testing.T, c string) string {
	t.Helper()
	in := c[strings.Index(c, "(")+1 : strings.LastIndex(c, ")")]
	parts := strings.Split(in, ",")
	if len(parts) == 4 {
		if a, _ := strconv.ParseFloat(strings.TrimSpace(parts[3]), 64); a == 0 {
			return ""
		}
	}
	var out strings.Builder
	out.WriteByte('#')
	for _, p := range parts[:3] {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			t.Fatalf("colour %q: %v", c, err)
		}
		fmt.Fprintf(&out, "%02x", v)
	}
	return out.String()
}

// TestPageColoursColourBlindSafe: at some fifteen steps of pages with cutoffs,
// null moves, chance cuts and the chess neighbourhood, every colour the
// page draws its tree in is a grey or a colour of the look table (Okabe and
// Ito's eight and their tints, trace/scene), and the current node's outline
// stays apart from a cut's (ΔE*ab ≥ 10) for normal vision and as
// deuteranopes and protanopes see them (Machado et al. 2009): the red and
// green they once were are one olive to a deuteranope. No node is outlined
// in the cut's colour before it cuts off.
func TestPageColoursColourBlindSafe(t *testing.T) {
	parallel(t)
	skipShort(t)
	allowed := map[string]bool{}
	for _, style := range []string{"default", "projector"} {
		for _, l := range scene.Table(style) {
			for _, c := range []string{l.Colour, l.Fill} {
				if c != "" {
					allowed[strings.ToLower(c)] = true
				}
			}
		}
	}
	grey := func(c string) bool { return c[1:3] == c[3:5] && c[3:5] == c[5:7] }
	for _, name := range []string{"wikipedia", "nullmove", "chance-star2", "tactic"} {
		t.Run(name, func(t *testing.T) {
			w := pageOf(t, searchNamed(t, name))
			tab := newTab(t)
			open(t, tab, fileURL(w.html))
			type result struct {
				Colours []string   `json:"colours"`
				Pairs   [][]string `json:"pairs"`
				Early   [][]any    `json:"early"`
			}
			got := timed(t, tab, chromedp.Evaluate[result](coloursJS))
			if len(got.Colours) < 3 {
				t.Fatalf("only %d colours read from the page: %v", len(got.Colours), got.Colours)
			}
			for _, c := range got.Colours {
				h := hexOf(t, c)
				if h != "" && !grey(h) && !allowed[h] {
					t.Errorf("the page draws in %s (%s), neither a grey nor a colour of the look table", h, c)
				}
			}
			for i, e := range got.Early {
				if i == 3 {
					t.Errorf("… %d more", len(got.Early)-3)
					break
				}
				t.Errorf("step %v: node %v is outlined in the cut's colour before it cuts off", e[0], e[1])
			}
			if name == "tactic" {
				return // the neighbourhood draws its own current node
			}
			if len(got.Pairs) == 0 {
				t.Fatalf("no step shows the current node beside a node that cut off")
			}
			for _, p := range got.Pairs {
				a, errA := colourvision.Parse(hexOf(t, p[0]))
				b, errB := colourvision.Parse(hexOf(t, p[1]))
				if errA != nil || errB != nil {
					t.Fatalf("outline colours %v: %v %v", p, errA, errB)
				}
				for _, v := range colourvision.All {
					if d := v.DeltaE(a, b); d < 10 {
						t.Errorf("%s: the current node's outline %s and a cut's %s are only ΔE %.1f apart", v.Name, p[0], p[1], d)
					}
				}
			}
		})
	}
}
