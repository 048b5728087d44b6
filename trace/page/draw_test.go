package page

import (
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/scene"
)

// randomTreeText is a random tree in the text form: up to depth plies,
// one to three children a node, values from −9 to 9, now and then a chance
// node.
func randomTreeText(r *rand.Rand, depth int, chance bool) string {
	if depth == 0 || (depth < 3 && r.IntN(5) == 0) {
		return fmt.Sprint(r.IntN(19) - 9)
	}
	n := 1 + r.IntN(3)
	kids := make([]string, n)
	for i := range kids {
		kids[i] = randomTreeText(r, depth-1, chance)
	}
	s := "(" + strings.Join(kids, " ") + ")"
	if chance && r.IntN(3) == 0 {
		s += "[chance]"
	}
	return s
}

// laidBoxes are the boxes of a picture in one layout: every shape's box
// (its shape and the texts around it) on the drawing.
func laidBoxes(boxes []box, l laidOut, o orientation) [][4]float64 {
	out := make([][4]float64, len(boxes))
	for i, b := range boxes {
		e, at := b.extent[o], l.at[i]
		out[i] = [4]float64{at.x + e[0], at.x + e[1], at.y + e[2], at.y + e[3]}
	}
	return out
}

// TestDrawnBoxesApart lays out the pictures of the page's searches and of
// random trees both ways and checks that no two nodes' boxes (a shape with
// its move, value, window, ✂ and notes) overlap, that every box is inside
// the view, and that children keep their order along their level.
func TestDrawnBoxesApart(t *testing.T) {
	cases := append([]sinktest.Search{}, searches...)
	r := rand.New(rand.NewPCG(19, 2))
	n := 60
	if testing.Short() {
		n = 15
	}
	for i := 0; i < n; i++ {
		spec := "alphabeta"
		chance := i%3 == 0
		if chance {
			spec = "expectimax"
		}
		tree := randomTreeText(r, 4, chance)
		if strings.HasSuffix(tree, "[chance]") {
			tree = strings.TrimSuffix(tree, "[chance]") // the root is a player's
		}
		cases = append(cases, sinktest.Search{Name: fmt.Sprintf("random-%d", i), Tree: tree, Spec: spec})
	}
	for _, c := range cases {
		rec := c.Record(t)
		sc, _, _, err := layout(rec, dot.Options{PageWidths: [3]int{3, 3, 3}})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		p, err := pictureOfScene(sc)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		boxes := make([]box, len(p.shapes))
		for i, s := range p.shapes {
			boxes[i] = measure(s)
			for _, msg := range textsApart(boxes[i]) {
				t.Errorf("%s: %s: %s", c.Name, s.id, msg)
			}
		}
		for o := range 2 {
			l, err := lay(p, boxes, orientation(o))
			if err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
			rects := laidBoxes(boxes, l, orientation(o))
			v := l.view
			for i, a := range rects {
				if a[0] < v[0]-0.01 || a[1] > v[0]+v[2]+0.01 || a[2] < v[1]-0.01 || a[3] > v[1]+v[3]+0.01 {
					t.Errorf("%s, layout %d: %s's box %v leaves the view %v", c.Name, o, p.shapes[i].id, a, v)
				}
				for k := i + 1; k < len(rects); k++ {
					b := rects[k]
					if a[0] < b[1]-0.01 && b[0] < a[1]-0.01 && a[2] < b[3]-0.01 && b[2] < a[3]-0.01 {
						t.Errorf("%s, layout %d: the boxes of %s %v and %s %v overlap", c.Name, o, p.shapes[i].id, a, p.shapes[k].id, b)
					}
				}
			}
			for _, s := range p.shapes {
				for k := 1; k < len(s.children); k++ {
					a, b := l.at[s.children[k-1]], l.at[s.children[k]]
					if (o == int(topDown) && a.x >= b.x) || (o == int(leftRight) && a.y >= b.y) {
						t.Errorf("%s, layout %d: %s's children out of order", c.Name, o, s.id)
					}
				}
			}
		}
	}
}

// TestPictureOfScene draws a scene made by hand: its nodes become the
// groups of the page's contract (n<ID> with the value, window and cut
// slots; a never-searched shape with data-cut; a box with data-of; the
// edges e<ID>; a table hit's arrow across the tree), its lines take their
// places (the move above the shape, the notes below) and its marks their
// looks.
func TestPictureOfScene(t *testing.T) {
	v, w := scene.PageValue([3]int{2, 2, 2}), scene.PageWindow([3]int{2, 2, 2})
	run := func(text string, m scene.Mark) []scene.Run { return []scene.Run{{Text: text, Mark: m}} }
	sc := &scene.Scene{Page: true, Sizes: scene.TextSizes{Node: 14, Edge: 12, Window: 12, Small: 10, Move: 11, Box: 9},
		Nodes: []*scene.Node{
			{ID: "n0", Kind: scene.Max, Rec: 0, Searched: true, CutFrom: -1, Of: -1, Lines: []scene.Line{
				{Role: scene.RoleValue, Runs: []scene.Run{{Text: v, Bold: true}}},
				{Role: scene.RoleWindow, Runs: []scene.Run{{Text: w, Size: 12, Mark: scene.MarkWindow}}},
				{Role: scene.RoleHead, Runs: []scene.Run{{Text: "iteration 1", Size: 10, Mark: scene.MarkNote}}},
			}},
			{ID: "n1", Kind: scene.Leaf, Rec: 1, Searched: true, CutFrom: -1, Of: -1, Lines: []scene.Line{
				{Role: scene.RoleMove, Runs: []scene.Run{{Text: "1", Size: 11, Mark: scene.MarkWindow}}},
				{Role: scene.RoleValue, Runs: []scene.Run{{Text: v}}},
				{Role: scene.RoleWindow, Runs: []scene.Run{{Text: w, Size: 12, Mark: scene.MarkWindow}}},
			}},
			{ID: "n2", Kind: scene.Min, Rec: 2, Searched: true, CutFrom: -1, Of: -1, Marks: []scene.Mark{scene.MarkNone}, Lines: []scene.Line{
				{Role: scene.RoleWindow, Runs: []scene.Run{{Text: w, Size: 12, Mark: scene.MarkWindow}}},
				{Role: scene.RoleValue, Runs: []scene.Run{{Text: v, Bold: true}}},
				{Role: scene.RoleCut, Runs: []scene.Run{{Text: scene.PageCut, Size: 10, Mark: scene.MarkCut}}},
				{Role: scene.RoleNote, Seq: 9, Runs: []scene.Run{{Text: "Ø null 8 ≥ β 7", Size: 10, Mark: scene.MarkNull}}},
			}},
			{ID: "u1", Kind: scene.Max, Unsearched: true, CutFrom: 2, Of: -1, Marks: []scene.Mark{scene.MarkUnsearched}},
			{ID: "s1", Kind: scene.Summary, CutFrom: -1, Of: 1, Marks: []scene.Mark{scene.MarkSummary}, Lines: []scene.Line{{Role: scene.RoleText, Runs: run("+3 searched below", scene.MarkSummary)}}},
		},
		Edges: []*scene.Edge{
			{From: "n0", To: "n2", ID: "e2", Label: run("2", scene.MarkNone), Order: 1, Tree: true, CutFrom: -1, Of: -1},
			{From: "n0", To: "n1", ID: "e1", Order: 0, Tree: true, CutFrom: -1, Of: -1},
			{From: "n2", To: "u1", Label: run("2.2", scene.MarkUnsearched), LeadCut: true, Marks: []scene.Mark{scene.MarkUnsearched}, Tree: true, CutFrom: 2, Of: -1},
			{From: "n1", To: "s1", Marks: []scene.Mark{scene.MarkSummary}, Tree: true, CutFrom: -1, Of: 1},
			{From: "n2", To: "n0", Label: run("TT exact, d1", scene.MarkTT), Marks: []scene.Mark{scene.MarkTT}, CutFrom: -1, Of: 2},
		},
	}
	p, err := pictureOfScene(sc)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(p.shapes[0].children); got != "[1 2]" {
		t.Errorf("the root's children %s, want [1 2] (n1 then n2, by the edges' order)", got)
	}
	if len(p.cross) != 1 || len(p.roots) != 1 {
		t.Errorf("%d arrows across and %d roots, want 1 and 1", len(p.cross), len(p.roots))
	}
	b := measure(p.shapes[1])
	if len(b.outer) != 2 || b.outer[0].line.runs[0].text != "1" || b.outer[0].td[1] >= -b.h/2 {
		t.Errorf("the leaf's move is not above its shape: %+v", b.outer)
	}
	b = measure(p.shapes[2])
	var note placed
	for _, o := range b.outer {
		if o.line.class == "ps-note" {
			note = o
		}
	}
	if note.td[1] <= b.h/2 {
		t.Errorf("n2's note is not below its shape: %+v", note)
	}
	svg, err := drawSVG(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<g id="n0" class="node"`, `<g id="n1" class="node"`, `<g id="n2" class="node"`,
		`<g id="u1" class="node unsearched" data-cut="2"`, `<g id="s1" class="node summary" data-of="1"`,
		`<g id="e1" class="edge">`, `<g id="e2" class="edge">`, `class="edge unsearched" data-cut="2"`,
		`class="edge cross" data-of="2"`, `class="ps-c ps-l-cut"`, `class="ps-note ps-l-null"`, `class="ps-l-unsearched"`, "TT exact, d1", "+3 searched below",
		`stroke="` + scene.LookOf(scene.MarkUnsearched, "").Colour + `"`, `stroke-dasharray="5 3"`,
	} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the SVG has no %s", want)
		}
	}
	for _, id := range []string{"n0", "n1", "n2"} {
		g := regexp.MustCompile(`(?s)<g id="` + id + `" class="node"[^>]*>.*?</g>`).FindString(string(svg))
		if !strings.Contains(g, `class="ps-v"`) || !strings.Contains(g, `class="ps-w ps-l-window"`) {
			t.Errorf("%s has no value or window slot: %s", id, g)
		}
	}
	// Everything placed has its place in both layouts, and the view shown
	// first is the top-down one.
	if td, lr := strings.Count(string(svg), ` data-td="`), strings.Count(string(svg), ` data-lr="`); td != lr || td < 10 {
		t.Errorf("%d places top-down, %d left to right", td, lr)
	}
	if m := regexp.MustCompile(`viewBox="([^"]*)" data-td="([^"]*)"`).FindStringSubmatch(string(svg)); m == nil || m[1] != m[2] {
		t.Errorf("the SVG's viewBox is not its top-down view: %v", m)
	}
	if _, err := pictureOfScene(&scene.Scene{}); err == nil {
		t.Error("an empty scene drawn")
	}
	sc.Edges = append(sc.Edges, &scene.Edge{From: "n9", To: "n1", Tree: true})
	if _, err := pictureOfScene(sc); err == nil || !strings.Contains(err.Error(), "n9 -> n1") {
		t.Errorf("an edge from nowhere: %v", err)
	}
}

// TestSceneAndDOTAgree reads the page's scene of each of the page's
// searches as the page does (pictureOfScene) and, independently, from the
// DOT text trace/dot writes of it (pictureOf): the same shapes, in the same
// tree, with the same lines in the same slots and places, the same edges.
func TestSceneAndDOTAgree(t *testing.T) {
	for _, c := range searches {
		rec := c.Record(t)
		sc, _, _, err := layout(rec, dot.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		a, err := pictureOfScene(sc)
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		b, err := pictureOf(dot.Write(sc))
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if d := pictureDiff(a, b); d != "" {
			t.Errorf("%s: the scene's picture and the DOT's differ: %s", c.Name, d)
		}
	}
}

// pictureDiff says how two pictures differ in what the page draws ("" when
// they do not).
func pictureDiff(a, b *picture) string {
	if len(a.shapes) != len(b.shapes) || len(a.cross) != len(b.cross) || fmt.Sprint(a.roots) != fmt.Sprint(b.roots) {
		return fmt.Sprintf("%d shapes, %d arrows, roots %v; %d, %d, %v", len(a.shapes), len(a.cross), a.roots, len(b.shapes), len(b.cross), b.roots)
	}
	text := func(l picLine) string {
		s := ""
		for _, r := range l.runs {
			s += r.text
		}
		return strings.TrimSpace(s)
	}
	for i, x := range a.shapes {
		y := b.shapes[i]
		if x.id != y.id || x.shape != y.shape || x.class != y.class || x.cut != y.cut || x.of != y.of || fmt.Sprint(x.children) != fmt.Sprint(y.children) {
			return fmt.Sprintf("shape %d: %s %s %q cut %d of %d children %v; %s %s %q cut %d of %d children %v",
				i, x.id, x.shape, x.class, x.cut, x.of, x.children, y.id, y.shape, y.class, y.cut, y.of, y.children)
		}
		var xl, yl []string
		for _, l := range x.lines {
			xl = append(xl, l.class+":"+text(l))
		}
		for _, l := range y.lines {
			yl = append(yl, l.class+":"+text(l))
		}
		if fmt.Sprint(xl) != fmt.Sprint(yl) {
			return fmt.Sprintf("%s's lines %q; %q", x.id, xl, yl)
		}
		bx, by := measure(x), measure(y)
		if !near(bx.extent, by.extent) {
			return fmt.Sprintf("%s's box %v; %v", x.id, bx.extent, by.extent)
		}
		if (x.edge == nil) != (y.edge == nil) {
			return fmt.Sprintf("%s's edge %v; %v", x.id, x.edge, y.edge)
		}
		if x.edge != nil {
			ex, ey := x.edge, y.edge
			lx, ly := text(picLine{runs: ex.label}), text(picLine{runs: ey.label})
			if ex.id != ey.id || ex.cut != ey.cut || ex.of != ey.of || lx != ly || ex.class != ey.class {
				return fmt.Sprintf("the edge into %s: %s cut %d of %d %q %q; %s cut %d of %d %q %q", x.id, ex.id, ex.cut, ex.of, lx, ex.class, ey.id, ey.cut, ey.of, ly, ey.class)
			}
		}
	}
	return ""
}

func near(a, b [2][4]float64) bool {
	for o := range a {
		for k := range a[o] {
			if math.Abs(a[o][k]-b[o][k]) > 1e-6 {
				return false
			}
		}
	}
	return true
}

// textsApart says where the texts around a shape (the move, the window, ✂,
// the notes) overlap one another or the shape's rectangle, or leave the
// box, in either layout.
func textsApart(b box) []string {
	var out []string
	overlap := func(a, c [4]float64) bool {
		return a[0] < c[1]-0.01 && c[0] < a[1]-0.01 && a[2] < c[3]-0.01 && c[2] < a[3]-0.01
	}
	for o := range 2 {
		shape := [4]float64{-b.w / 2, b.w / 2, -b.h / 2, b.h / 2}
		var rects [][4]float64
		for _, p := range b.outer {
			at := p.td
			if o == int(leftRight) {
				at = p.lr
			}
			sz := lineSize(p.line)
			r := [4]float64{at[0] - p.widthSum/2, at[0] + p.widthSum/2, at[1] - ascent*sz, at[1] + descent*sz}
			e := b.extent[o]
			if r[0] < e[0]-0.01 || r[1] > e[1]+0.01 || r[2] < e[2]-0.01 || r[3] > e[3]+0.01 {
				out = append(out, fmt.Sprintf("layout %d: the text %q %v leaves the box %v", o, p.line.runs[0].text, r, e))
			}
			if overlap(r, shape) {
				out = append(out, fmt.Sprintf("layout %d: the text %q %v overlaps the shape %v", o, p.line.runs[0].text, r, shape))
			}
			for k, q := range rects {
				if overlap(r, q) {
					out = append(out, fmt.Sprintf("layout %d: the texts %q and %q overlap", o, p.line.runs[0].text, b.outer[k].line.runs[0].text))
				}
			}
			rects = append(rects, r)
		}
	}
	return out
}

// TestLooksFromCustomProperties builds pages and checks that every shape,
// edge and text of a look (class ps-l-<name>) is coloured by a rule of the
// page from the look table's custom property --ps-<name>, which the page
// defines.
func TestLooksFromCustomProperties(t *testing.T) {
	looks := regexp.MustCompile(`class="(?:[a-z-]+ )?ps-l-([a-z-]+)"`)
	for _, name := range []string{"nullmove", "transpositions-tt", "wikipedia-f2"} {
		page, err := build(t, traceOf(t, search(t, name)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, m := range looks.FindAllSubmatch(page, -1) {
			seen[string(m[1])] = true
		}
		if len(seen) < 3 {
			t.Errorf("%s: only %d looks used: %v", name, len(seen), seen)
		}
		for look := range seen {
			for _, want := range []string{"--ps-" + look + ":", "text.ps-l-" + look + " { fill: var(--ps-" + look + "); }", "polygon.ps-l-" + look + ","} {
				if !strings.Contains(string(page), want) {
					t.Errorf("%s: the page has no %q for the look %s", name, want, look)
				}
			}
		}
	}
}

// TestNumIsFormatFloat: num writes what strconv.FormatFloat of the value
// rounded to hundredths writes, "-0" as "0", for random values of every
// size the drawing has and the awkward ones.
func TestNumIsFormatFloat(t *testing.T) {
	ref := func(x float64) string {
		s := strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
		if s == "-0" {
			return "0"
		}
		return s
	}
	xs := []float64{0, -0.0, 0.004, -0.004, 0.005, -0.005, 1.005, 2.5, -2.5, 0.07, -0.07, 0.1, 12.345, 99.999, -99.995, 1e6 + 0.015, 123456.785, -0.001}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 100000 {
		scale := []float64{1, 10, 1000, 1e5, 1e7}[rng.IntN(5)]
		xs = append(xs, (rng.Float64()*2-1)*scale)
	}
	for _, x := range xs {
		if got, want := num(x), ref(x); got != want {
			t.Fatalf("num(%v) = %q, FormatFloat writes %q", x, got, want)
		}
	}
}
