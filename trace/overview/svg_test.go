package overview

import (
	"math"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/sinktest"
)

// attr is the value of an element's attribute, "" when it has none.
func attr(el xmlElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// TestSVG: the chart parses as XML, scales to its container through a
// viewBox 1,920 wide, has its legend and the outline of the principal
// variation, names what was searched, and writes no text under 13 units
// (13 pixels at 1,920 pixels wide).
func TestSVG(t *testing.T) {
	o, _ := build(t, sinktest.Searches[0], New(0, 0)) // aima
	svg, d := draw(o)
	els := parseSVG(t, svg)
	root := els[0]
	if root.Name.Local != "svg" || !strings.HasPrefix(attr(root, "viewBox"), "0 0 1920 ") || attr(root, "width") != "100%" || attr(root, "style") != "height:auto" {
		t.Errorf("root element: %v", root)
	}
	var legend, pv bool
	for _, el := range els {
		legend = legend || attr(el, "id") == "legend"
		pv = pv || attr(el, "class") == "pv"
	}
	if !legend || !pv {
		t.Errorf("legend %v, principal variation outlined %v", legend, pv)
	}
	text := string(svg)
	for _, want := range []string{"alpha-beta (Knuth &amp; Moore&#39;s F2, 1975)", "tree aima · root MAX · depth 2", "nodes 11 · leaves 7 · cutoff 1",
		"How to read it", "cutoff: moves left unsearched", "principal variation", "leaf: an evaluation"} {
		if !strings.Contains(text, want) {
			t.Errorf("the chart does not say %q", want)
		}
	}
	for _, size := range []string{"font-size:12px", "font-size:11px", "font-size:10px", "font-size=\""} {
		if strings.Contains(text, size) {
			t.Errorf("text of %s", size)
		}
	}
	// The three principal-variation cells outlined: root, 1, 1.1.
	chart, _, _ := strings.Cut(text, `id="legend"`)
	if n := strings.Count(chart, `class="pv"`); n != 3 {
		t.Errorf("%d principal-variation outlines, want 3", n)
	}
	// Every cell drawn, each as wide as its nodes.
	if len(d.placed) != 11 {
		t.Errorf("%d cells drawn, want 11", len(d.placed))
	}
	checkWidths(t, "aima", o, d, 0)
}

// checkWidths checks that every cell drawn on a side is as wide as its
// nodes, at one scale, and returns the scale.
func checkWidths(t *testing.T, name string, o *Overview, d *drawer, side int) float64 {
	t.Helper()
	scale := 0.0
	for _, p := range d.placed {
		if p.side != side {
			continue
		}
		per := p.w / float64(o.Cells[p.cell].Counts.Nodes)
		if scale == 0 {
			scale = per
		}
		if math.Abs(per-scale) > 1e-9*scale {
			t.Fatalf("%s: %s is %.3f wide for %d nodes: %.6f a node, not %.6f", name, o.Path(p.cell), p.w, o.Cells[p.cell].Counts.Nodes, per, scale)
		}
	}
	return scale
}

// TestWidthsChess: in a chess search's chart every cell drawn is as wide
// as its nodes, and children lie under their parent, in order, without
// overlapping.
func TestWidthsChess(t *testing.T) {
	b := New(0, 0)
	chessSearch(t, chess.StartFEN, 4, "alphabeta+null-move+reductions+quiescence", b.Hooks())
	o, err := b.Overview()
	if err != nil {
		t.Fatal(err)
	}
	_, d := draw(o)
	if len(d.placed) < 50 {
		t.Fatalf("only %d cells drawn", len(d.placed))
	}
	checkWidths(t, "chess", o, d, 0)
	at := map[int]placed{}
	for _, p := range d.placed {
		at[p.cell] = p
	}
	end := map[int]float64{} // the right end of the last child drawn, by parent
	for _, p := range d.placed {
		c := &o.Cells[p.cell]
		if c.Parent < 0 {
			continue
		}
		up, ok := at[c.Parent]
		if !ok {
			t.Fatalf("%s drawn, its parent not", o.Path(p.cell))
		}
		if p.x < up.x-1e-6 || p.x+p.w > up.x+up.w+1e-6 || p.x < end[c.Parent]-1e-6 {
			t.Fatalf("%s at [%.2f, %.2f] out of its parent's [%.2f, %.2f] or over its sibling's end %.2f", o.Path(p.cell), p.x, p.x+p.w, up.x, up.x+up.w, end[c.Parent])
		}
		end[c.Parent] = p.x + p.w
	}
}

// TestPairSameScale: a pair draws both searches to one scale, so the
// narrower search's root is as much narrower as it has fewer nodes.
func TestPairSameScale(t *testing.T) {
	a, _ := build(t, sinktest.Searches[0], New(0, 0)) // aima, fail-hard: 11 nodes
	s := sinktest.Searches[3]                         // wikipedia, pvs
	b, _ := build(t, s, New(0, 0))
	svg, d := drawPair(a, b, "A-spec", "B-spec")
	parseSVG(t, svg)
	sa, sb := checkWidths(t, "A", a, d, 0), checkWidths(t, "B", b, d, 1)
	if sa == 0 || math.Abs(sa-sb) > 1e-9*sa {
		t.Errorf("scales %.6f and %.6f", sa, sb)
	}
	text := string(svg)
	for _, want := range []string{"A = A-spec", "B = B-spec", "A  A-spec", "B  B-spec", "to the same scale", `id="legend"`, `class="pv"`} {
		if !strings.Contains(text, want) {
			t.Errorf("the pair does not say %q", want)
		}
	}
}
