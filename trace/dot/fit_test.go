package dot

import (
	"context"
	"encoding/xml"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	toytree "github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/render"
)

// chanceTree is the Star2 tree of issue 19: a cut at a chance node.
const chanceTree = "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])"

// recordChance searches a tree with chance nodes (bounds -2, 2 for Star2).
func recordChance(t *testing.T, text string, algo engine.Algo) *record.Recording {
	t.Helper()
	tr, err := toytree.Parse("chance", text)
	if err != nil {
		t.Fatal(err)
	}
	r := record.NewRecorder()
	opt := engine.Options{Algo: algo, Bounds: engine.Bounds{Lo: -2 * tr.Scale, Hi: 2 * tr.Scale, On: true}}
	if _, err := engine.Search(context.Background(), toytree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, r.Hooks()); err != nil {
		t.Fatal(err)
	}
	return r.Recording()
}

// svgNode is a node's group in an SVG of Graphviz: its title, its shapes
// and its texts.
type svgNode struct {
	title    string
	polygons [][][2]float64
	widths   []float64 // stroke widths of the polygons
	ellipses [][5]float64
	texts    []svgText
}

type svgText struct {
	x, y, size  float64
	bold        bool
	anchor, str string
}

// svgNodes reads the node groups of a Graphviz SVG.
func svgNodes(t *testing.T, src []byte) []svgNode {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(string(src)))
	d.Strict = false
	var nodes []svgNode
	var cur *svgNode
	depth := 0
	var text *svgText
	var title *string
	attr := func(e xml.StartElement, name string) string {
		for _, a := range e.Attr {
			if a.Name.Local == name {
				return a.Value
			}
		}
		return ""
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("not a number in the SVG: %q", s)
		}
		return v
	}
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			if e.Name.Local == "g" {
				if cur == nil && attr(e, "class") == "node" {
					nodes = append(nodes, svgNode{})
					cur, depth = &nodes[len(nodes)-1], 0
				}
				if cur != nil {
					depth++
				}
			}
			if cur == nil {
				continue
			}
			switch e.Name.Local {
			case "title":
				title = &cur.title
			case "polygon":
				var pts [][2]float64
				for _, p := range strings.Fields(attr(e, "points")) {
					x, y, _ := strings.Cut(p, ",")
					pts = append(pts, [2]float64{num(x), num(y)})
				}
				w := 1.0
				if s := attr(e, "stroke-width"); s != "" {
					w = num(s)
				}
				cur.polygons, cur.widths = append(cur.polygons, pts), append(cur.widths, w)
			case "ellipse":
				w := 1.0
				if s := attr(e, "stroke-width"); s != "" {
					w = num(s)
				}
				cur.ellipses = append(cur.ellipses, [5]float64{num(attr(e, "cx")), num(attr(e, "cy")), num(attr(e, "rx")), num(attr(e, "ry")), w})
			case "text":
				text = &svgText{x: num(attr(e, "x")), y: num(attr(e, "y")), size: num(attr(e, "font-size")),
					bold: attr(e, "font-weight") == "bold", anchor: attr(e, "text-anchor")}
			}
		case xml.CharData:
			if text != nil {
				text.str += string(e)
			}
			if title != nil {
				*title += string(e)
			}
		case xml.EndElement:
			switch e.Name.Local {
			case "text":
				if text != nil && cur != nil {
					cur.texts = append(cur.texts, *text)
				}
				text = nil
			case "title":
				title = nil
			case "g":
				if cur != nil {
					depth--
					if depth == 0 {
						cur = nil
					}
				}
			}
		}
	}
	return nodes
}

// box is a text's ink box in the page's font: from its start to its
// advance, from the ink's top to its bottom.
func (s svgText) box() (x0, y0, x1, y1 float64) {
	w := pagefont.Width(s.str, s.bold) * s.size
	above, below := pagefont.Extent(s.str, s.bold)
	x0 = s.x
	switch s.anchor {
	case "middle":
		x0 -= w / 2
	case "end":
		x0 -= w
	}
	return x0, s.y - above*s.size, x0 + w, s.y + below*s.size
}

// clearance is how far p lies inside the convex polygon pts (negative
// outside): its least distance to the polygon's sides.
func clearance(pts [][2]float64, p [2]float64) float64 {
	n := len(pts)
	if n > 1 && pts[0] == pts[n-1] {
		n--
	}
	// The polygon's orientation, to tell inside from outside.
	area := 0.0
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		area += a[0]*b[1] - b[0]*a[1]
	}
	best := math.Inf(1)
	for i := range n {
		a, b := pts[i], pts[(i+1)%n]
		ex, ey := b[0]-a[0], b[1]-a[1]
		l := math.Hypot(ex, ey)
		if l == 0 {
			continue
		}
		d := (ex*(p[1]-a[1]) - ey*(p[0]-a[0])) / l // signed distance from the line
		if area < 0 {
			d = -d
		}
		best = min(best, d)
	}
	return best
}

func polygonArea(pts [][2]float64) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	return math.Abs(a) / 2
}

// TestTextInsideShapes: in the builtin renderer's SVG of the textbook trees
// (AIMA's, Wikipedia's, the null-move tree, a chance tree under expectimax
// and under Star2, with its chance cut), in every style, every text of a
// node — value, window, cutoff, the techniques' lines — lies inside its
// node's shape (the innermost outline of a double one) and off its
// outline: its ink box, measured in the page's font, keeps half the
// outline's width from every side, the bold outline of the principal
// variation included. And the legend is under the picture.
func TestTextInsideShapes(t *testing.T) {
	cases := []struct {
		name string
		rec  func(t *testing.T) *record.Recording
	}{
		{"aima", func(t *testing.T) *record.Recording {
			return sinktest.Search{Name: "aima", Tree: "aima", Spec: "alphabeta"}.Record(t)
		}},
		{"wikipedia", func(t *testing.T) *record.Recording {
			return sinktest.Search{Name: "wikipedia", Tree: "wikipedia", Spec: "alphabeta"}.Record(t)
		}},
		{"nullmove", func(t *testing.T) *record.Recording {
			return sinktest.Search{Name: "nullmove", Tree: "nullmove", Spec: "alphabeta+null-move"}.Record(t)
		}},
		{"expectimax", func(t *testing.T) *record.Recording { return recordChance(t, chanceTree, engine.Expectimax) }},
		{"star2", func(t *testing.T) *record.Recording { return recordChance(t, chanceTree, engine.Star2) }},
	}
	styles := []string{"default", "projector", "paper"}
	if testing.Short() {
		styles = styles[:1]
	}
	// Russian and Czech words are longer: in the default style, their
	// drawings are held to the same fit.
	type run struct{ lang, style string }
	var runs []run
	for _, style := range styles {
		runs = append(runs, run{"", style})
	}
	runs = append(runs, run{"ru", "default"}, run{"cs", "default"})
	for _, c := range cases {
		rec := c.rec(t)
		for _, ru := range runs {
			rec.Info.Lang = ru.lang
			style := ru.style
			if ru.lang != "" {
				style = ru.lang + " " + style // in the messages
			}
			src, _, err := Build(rec, Options{Style: ru.style})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30e9)
			svg, err := render.Render(ctx, src, render.SVG, render.Builtin)
			cancel()
			if err != nil {
				t.Fatalf("%s %s: %v", c.name, style, err)
			}
			checked := 0
			nodes := svgNodes(t, svg)
			// The legend is under the picture: its first line starts below
			// every shape's lowest point (it was a column beside the tree).
			// Under it, not a column to its side: the legend's middle lies
			// in the middle third of the tree's width, and a legend
			// narrower than the tree does not reach past its sides.
			bottom, legendTop := math.Inf(-1), math.Inf(1)
			left, right, lx0, lx1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
			for _, n := range nodes {
				if n.title == "legend" {
					for _, s := range n.texts {
						x0, y0, x1, _ := s.box()
						legendTop, lx0, lx1 = min(legendTop, y0), min(lx0, x0), max(lx1, x1)
					}
					continue
				}
				for _, p := range n.polygons {
					for _, q := range p {
						bottom, left, right = max(bottom, q[1]), min(left, q[0]), max(right, q[0])
					}
				}
				for _, e := range n.ellipses {
					bottom, left, right = max(bottom, e[1]+e[3]), min(left, e[0]-e[2]), max(right, e[0]+e[2])
				}
			}
			if legendTop <= bottom {
				t.Errorf("%s %s: the legend starts at y %.1f, above the picture's bottom %.1f", c.name, style, legendTop, bottom)
			}
			if mid, third := (lx0+lx1)/2, (right-left)/3; mid < left+third || mid > right-third {
				t.Errorf("%s %s: the legend's middle %.0f is not under the middle of the tree, %.0f to %.0f", c.name, style, mid, left, right)
			}
			if lx1-lx0 < right-left && (lx0 < left-1 || lx1 > right+1) {
				t.Errorf("%s %s: the legend, %.0f to %.0f, reaches past the tree, %.0f to %.0f", c.name, style, lx0, lx1, left, right)
			}
			for _, n := range nodes {
				if n.title == "legend" {
					continue
				}
				var inner [][2]float64
				innerW := 0.0
				for i, p := range n.polygons {
					if inner == nil || polygonArea(p) < polygonArea(inner) {
						inner, innerW = p, n.widths[i]
					}
				}
				for _, s := range n.texts {
					if strings.TrimSpace(s.str) == "" {
						continue
					}
					x0, y0, x1, y1 := s.box()
					corners := [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}}
					switch {
					case inner != nil:
						for _, p := range corners {
							if d := clearance(inner, p); d < innerW/2 {
								t.Errorf("%s %s: %s's text %q reaches its outline (%.1f pt inside, the outline %.1f wide)", c.name, style, n.title, s.str, d, innerW)
								break
							}
						}
					case len(n.ellipses) > 0:
						e := n.ellipses[0]
						for _, el := range n.ellipses {
							if el[2] < e[2] {
								e = el
							}
						}
						rx, ry := e[2]-e[4]/2, e[3]-e[4]/2
						for _, p := range corners {
							if dx, dy := (p[0]-e[0])/rx, (p[1]-e[1])/ry; dx*dx+dy*dy > 1 {
								t.Errorf("%s %s: %s's text %q reaches its circle", c.name, style, n.title, s.str)
								break
							}
						}
					default:
						t.Errorf("%s %s: %s has text %q and no shape", c.name, style, n.title, s.str)
					}
					checked++
				}
			}
			if checked < 10 {
				t.Errorf("%s %s: only %d texts checked", c.name, style, checked)
			}
		}
	}
}
