package page

import (
	"bytes"
	"html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/internal/sinktest"
)

var (
	fitGroup   = regexp.MustCompile(`(?s)<g id="(n\d+)" class="node[^"]*"[^>]*>(.*?)</g>`)
	fitPolygon = regexp.MustCompile(`<polygon [^>]*points="([^"]*)"`)
	fitEllipse = regexp.MustCompile(`<ellipse [^>]*cx="([-\d.]+)" cy="([-\d.]+)" rx="([\d.]+)" ry="([\d.]+)"`)
	fitText    = regexp.MustCompile(`<text ([^>]*)>([^<]*)</text>`)
	fitAttr    = regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
)

// shape is a node's outline: a polygon, or an ellipse (a chance node).
type shape struct {
	points         [][2]float64
	ellipse        bool
	cx, cy, rx, ry float64
}

func (s shape) contains(x, y float64) bool {
	if s.ellipse {
		dx, dy := (x-s.cx)/s.rx, (y-s.cy)/s.ry
		return dx*dx+dy*dy <= 1
	}
	in := false
	p := s.points
	for i, j := 0, len(p)-1; i < len(p); j, i = i, i+1 {
		if (p[i][1] > y) != (p[j][1] > y) && x < (p[j][0]-p[i][0])*(y-p[i][1])/(p[j][1]-p[i][1])+p[i][0] {
			in = !in
		}
	}
	return in
}

// vertices are the outline's corners, or an ellipse's four extremes.
func (s shape) vertices() [][2]float64 {
	if s.ellipse {
		return [][2]float64{{s.cx - s.rx, s.cy}, {s.cx + s.rx, s.cy}, {s.cx, s.cy - s.ry}, {s.cx, s.cy + s.ry}}
	}
	return s.points
}

func parseShape(group string) (shape, bool) {
	if m := fitEllipse.FindStringSubmatch(group); m != nil && (fitPolygon.FindStringIndex(group) == nil || strings.Index(group, "<ellipse") < fitPolygon.FindStringIndex(group)[0]) {
		v := make([]float64, 4)
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		return shape{ellipse: true, cx: v[0], cy: v[1], rx: v[2], ry: v[3]}, true
	}
	m := fitPolygon.FindStringSubmatch(group)
	if m == nil {
		return shape{}, false
	}
	var s shape
	f := strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' })
	for i := 0; i+1 < len(f); i += 2 {
		x, y := f[i], f[i+1]
		px, err1 := strconv.ParseFloat(x, 64)
		py, err2 := strconv.ParseFloat(y, 64)
		if err1 != nil || err2 != nil {
			return shape{}, false
		}
		s.points = append(s.points, [2]float64{px, py})
	}
	return s, len(s.points) >= 3
}

// widest is the text of a node's slot the player writes at some step that
// is widest in the page's font (bold for a value, which is bold on the
// principal variation), and how many different texts it writes there.
func widest(states []StepState, id, class string) (string, bool, int) {
	seen := map[string]bool{}
	best, bestW := "", -1.0
	for _, st := range states {
		n, ok := st.Nodes[id]
		if !ok || !n.Visible {
			continue
		}
		var s string
		switch class {
		case "ps-v":
			s = "?"
			if n.Value != "" {
				s = map[string]string{"lower": "≥", "upper": "≤"}[n.Bound] + n.Value
			}
		case "ps-w":
			if n.Range != "" {
				s = n.Range
			} else if n.Alpha != "" {
				s = "(" + n.Alpha + ", " + n.Beta + ")"
			}
		case "ps-c":
			if n.Cut {
				s = "✂"
			}
		}
		seen[s] = true
		if w := max(pagefont.Width(s, true), pagefont.Width(s, false)); w > bestW {
			best, bestW = s, w
		}
	}
	return best, class == "ps-v", len(seen)
}

// TestTextFitsItsShape checks that every text the page draws in a node's
// shape lies inside it, drawn in the page's font: the move and the lines of
// the selective techniques as they are, and in each slot the widest value,
// window or range the player writes there at any step (from Expected). The
// ink's box of each line, from its advances and its glyphs' extent above
// and below the baseline, must have its four corners in the shape.
func TestTextFitsItsShape(t *testing.T) {
	cases := []struct {
		s   sinktest.Search
		opt Options
	}{}
	for _, s := range searches {
		cases = append(cases, struct {
			s   sinktest.Search
			opt Options
		}{s, Options{}})
	}
	ranges := Options{}
	ranges.Draw.Ranges = true
	cases = append(cases, struct {
		s   sinktest.Search
		opt Options
	}{search(t, "aima"), ranges}, struct {
		s   sinktest.Search
		opt Options
	}{sinktest.Search{Name: "decimals-and-names", Tree: "A:(Bee:(1.25 -13.75 W:8) Cx:(-0.5 (2.5 -1111.25)) (-7 8.5))", Spec: "alphabeta:soft:gt"}, Options{}}, struct {
		s   sinktest.Search
		opt Options
	}{sinktest.Search{Name: "decimals", Tree: "((1.25 -13.75 8) (-0.5 (2.5 -1111.25)) (-7 8.5))", Spec: "alphabeta"}, ranges})
	for _, c := range cases {
		name := c.s.Name
		if c.opt.Draw.Ranges {
			name += "-ranges"
		}
		t.Run(name, func(t *testing.T) {
			tr := traceOf(t, c.s)
			page, err := build(t, tr, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			states, err := ExpectedWith(bytes.NewReader(tr), c.opt)
			if err != nil {
				t.Fatal(err)
			}
			checked, slots := 0, 0
			for _, g := range fitGroup.FindAllStringSubmatch(string(page), -1) {
				sh, ok := parseShape(g[2])
				if !ok {
					t.Errorf("%s: no outline", g[1])
					continue
				}
				for _, tm := range fitText.FindAllStringSubmatch(g[2], -1) {
					attrs := map[string]string{}
					for _, a := range fitAttr.FindAllStringSubmatch(tm[1], -1) {
						attrs[a[1]] = a[2]
					}
					content := html.UnescapeString(tm[2])
					bold := attrs["font-weight"] == "bold"
					if class, _, _ := strings.Cut(attrs["class"], " "); class == "ps-v" || class == "ps-w" || class == "ps-c" {
						var n int
						content, bold, n = widest(states, strings.TrimPrefix(g[1], "n"), class)
						slots += n
					}
					if content == "" {
						continue
					}
					size, _ := strconv.ParseFloat(attrs["font-size"], 64)
					w := max(pagefont.Width(content, bold), pagefont.Width(content, false)) * size
					above, below := pagefont.Extent(content, bold)
					// A text with a place of its own in each layout (data-td,
					// data-lr: the move, the window, ✂, the notes) is drawn
					// beside the shape and must keep clear of its outline;
					// any other (the value) inside it.
					places := []string{attrs["x"] + " " + attrs["y"]}
					if lr, ok := attrs["data-lr"]; ok {
						places = append(places, lr)
					}
					for k, place := range places {
						xs, ys, _ := strings.Cut(place, " ")
						x, _ := strconv.ParseFloat(xs, 64)
						y, _ := strconv.ParseFloat(ys, 64)
						switch attrs["text-anchor"] {
						case "middle":
							x -= w / 2
						case "end":
							x -= w
						}
						top, bottom := y-above*size, y+below*size
						corners := [][2]float64{{x, top}, {x + w, top}, {x, bottom}, {x + w, bottom}}
						if len(places) == 1 {
							for _, pt := range corners {
								if !sh.contains(pt[0], pt[1]) {
									t.Errorf("%s: %q (%.1f pt wide at %.1f, %.1f) leaves its shape at (%.1f, %.1f)", g[1], content, w, x, y, pt[0], pt[1])
									break
								}
							}
							continue
						}
						for i, pt := range append(corners, sh.vertices()...) {
							if (i < 4 && sh.contains(pt[0], pt[1])) || (i >= 4 && pt[0] > x && pt[0] < x+w && pt[1] > top && pt[1] < bottom) {
								t.Errorf("%s: %q (%.1f pt wide at %.1f, %.1f, layout %d) crosses its shape at (%.1f, %.1f)", g[1], content, w, x, y, k, pt[0], pt[1])
								break
							}
						}
					}
					checked++
				}
			}
			if checked < 10 || slots < 10 {
				t.Errorf("only %d texts and %d slot contents checked: the check is blind", checked, slots)
			}
		})
	}
}

// TestPageEmbedsItsFont checks that the page holds its font in both
// weights, with a glyph for every character of the page the font has, and
// that the style draws every text in it.
func TestPageEmbedsItsFont(t *testing.T) {
	page, err := build(t, traceOf(t, search(t, "nullmove")), Options{})
	if err != nil {
		t.Fatal(err)
	}
	css, err := pagefont.CSS(string(stripFont(page)))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(css)) {
		t.Error("the page's style does not embed the font of the page's own characters")
	}
	for _, want := range []string{"body, button, select, input, #ps-svg text, #board text {", `font-family: "` + pagefont.Family + `"`, "font-kerning: none"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page's style lacks %q", want)
		}
	}
	if bytes.Contains(page, []byte("Helvetica")) || bytes.Contains(page, []byte("Courier")) {
		t.Error("the page names a font it does not embed")
	}
	runes := string(pagefont.Runes(string(page)))
	for _, r := range "0123456789()−∞≥≤αβ✂▲▼◀▶" {
		if !strings.ContainsRune(runes, r) {
			t.Errorf("%q is not in the page's font", r)
		}
	}
}

var fontStyle = regexp.MustCompile(`(?s)/\* The page's font:.*?format\("woff"\); \}\n@font-face \{.*?format\("woff"\); \}\n`)

// stripFont is a page without its font's style.
func stripFont(page []byte) []byte { return fontStyle.ReplaceAll(page, nil) }
