package layout

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

var cases = flag.Int("layout.cases", 400, "random trees in the property tests")

// randomTree is a tree of n boxes of random sizes; shape picks how it
// branches (0: any, 1: a few wide nodes, 2: long paths).
func randomTree(r *rand.Rand, n int) []Box {
	boxes := make([]Box, n)
	for i := range boxes {
		boxes[i].W = float64(1 + r.IntN(40))
		boxes[i].H = float64(1 + r.IntN(30))
		if r.IntN(5) == 0 {
			boxes[i].W = float64(60 + r.IntN(80)) // a wide box now and then
		}
	}
	// Each box after the first hangs from an earlier one: preferring the
	// last few gives deep trees, any earlier one bushy ones.
	shape := r.IntN(3)
	for i := 1; i < n; i++ {
		var p int
		switch shape {
		case 0:
			p = r.IntN(i)
		case 1:
			p = r.IntN(min(i, 1+i/8))
		default:
			p = max(0, i-1-r.IntN(3))
		}
		boxes[p].Children = append(boxes[p].Children, i)
	}
	// Shuffle the indices but the root's, so that order is not index order.
	perm := append([]int{0}, r.Perm(n-1)...)
	for i := 1; i < n; i++ {
		perm[i]++
	}
	out := make([]Box, n)
	for i, b := range boxes {
		nb := Box{W: b.W, H: b.H}
		for _, c := range b.Children {
			nb.Children = append(nb.Children, perm[c])
		}
		out[perm[i]] = nb
	}
	return out
}

// levelsOf lists the boxes of every level from left to right (children in
// order), from a breadth-first walk.
func levelsOf(boxes []Box) (levels [][]int, parent []int) {
	parent = make([]int, len(boxes))
	parent[0] = -1
	cur := []int{0}
	for len(cur) > 0 {
		levels = append(levels, cur)
		var next []int
		for _, v := range cur {
			for _, c := range boxes[v].Children {
				parent[c] = v
				next = append(next, c)
			}
		}
		cur = next
	}
	return levels, parent
}

// naiveWidth is the width of the naive layout: every subtree in a rectangle
// (the narrowest around its boxes), its children's rectangles side by side,
// the widest gap between them, the parent centred over its first and last
// children as in the tidy layout.
func naiveWidth(boxes []Box, opt Options, v int) float64 {
	left, right := naiveExtent(boxes, opt, v)
	return right - left
}

// naiveExtent is how far the naive layout's rectangle around v's subtree
// reaches left and right of v's centre.
func naiveExtent(boxes []Box, opt Options, v int) (left, right float64) {
	ch := boxes[v].Children
	if len(ch) == 0 {
		return -boxes[v].W / 2, boxes[v].W / 2
	}
	gap := max(opt.Sibling, opt.Cousin)
	at := 0.0 // the right edge of the rectangles so far
	centres := make([]float64, len(ch))
	lo, hi := 0.0, 0.0
	for k, c := range ch {
		l, r := naiveExtent(boxes, opt, c)
		if k > 0 {
			at += gap
		}
		centres[k] = at - l
		if k == 0 {
			lo = 0
		}
		at += r - l
		hi = at
	}
	mid := (centres[0] + centres[len(ch)-1]) / 2
	return min(lo-mid, -boxes[v].W/2), max(hi-mid, boxes[v].W/2)
}

const eps = 1e-6

// problems lists what breaks the layout's contract (package comment) in a
// top-down layout.
func problems(boxes []Box, opt Options, res Result) []string {
	var p []string
	add := func(f string, args ...any) {
		if len(p) < 5 {
			p = append(p, sprintf(f, args...))
		}
	}
	if len(res.Centres) != len(boxes) {
		return []string{sprintf("%d centres for %d boxes", len(res.Centres), len(boxes))}
	}
	levels, parent := levelsOf(boxes)
	if len(res.Levels) != len(levels) {
		add("%d levels, want %d", len(res.Levels), len(levels))
		return p
	}
	for d, lv := range levels {
		span := res.Levels[d]
		if d > 0 {
			prev := res.Levels[d-1]
			if span.Start < prev.Start+prev.Size+opt.Level-eps {
				add("level %d starts at %.2f, inside level %d's %.2f+%.2f and the gap", d, span.Start, d-1, prev.Start, prev.Size)
			}
		}
		for k, v := range lv {
			c, b := res.Centres[v], boxes[v]
			if c.Y-b.H/2 < span.Start-eps || c.Y+b.H/2 > span.Start+span.Size+eps {
				add("box %d (level %d) leaves its level: centre %.2f, height %.2f, level %.2f+%.2f", v, d, c.Y, b.H, span.Start, span.Size)
			}
			if c.X-b.W/2 < -eps || c.X+b.W/2 > res.Width+eps || c.Y-b.H/2 < -eps || c.Y+b.H/2 > res.Height+eps {
				add("box %d leaves the layout's %.2f×%.2f: centre (%.2f, %.2f)", v, res.Width, res.Height, c.X, c.Y)
			}
			if k == 0 {
				continue
			}
			u := lv[k-1]
			gap := opt.Cousin
			if parent[u] == parent[v] {
				gap = opt.Sibling
			}
			if left, right := res.Centres[u].X+boxes[u].W/2, c.X-b.W/2; right < left+gap-eps {
				add("level %d: box %d ends at %.2f, box %d to its right starts at %.2f (gap %.2f)", d, u, left, v, right, gap)
			}
		}
	}
	for v, b := range boxes {
		if len(b.Children) == 0 {
			continue
		}
		first, last := res.Centres[b.Children[0]].X, res.Centres[b.Children[len(b.Children)-1]].X
		if math.Abs(res.Centres[v].X-(first+last)/2) > eps {
			add("box %d at %.3f is not centred over its children (%.3f to %.3f)", v, res.Centres[v].X, first, last)
		}
	}
	if nw := naiveWidth(boxes, opt, 0); res.Width > nw+eps {
		add("%.2f wide, wider than the naive layout's %.2f", res.Width, nw)
	}
	return p
}

// TestProperties lays out random trees and holds every layout to the
// package's contract, top-down and left to right (the same layout turned).
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 1))
	n := *cases
	if testing.Short() {
		n /= 4
	}
	tighter := 0
	for i := 0; i < n; i++ {
		boxes := randomTree(r, 1+r.IntN(120))
		opt := Options{Sibling: float64(r.IntN(6)), Cousin: float64(r.IntN(12)), Level: float64(r.IntN(20))}
		res, err := Layout(boxes, opt)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if p := problems(boxes, opt, res); len(p) > 0 {
			t.Fatalf("case %d (%d boxes, %+v):\n%s", i, len(boxes), opt, strings.Join(p, "\n"))
		}
		if res.Width < naiveWidth(boxes, opt, 0)-eps {
			tighter++
		}
		again, _ := Layout(boxes, opt)
		for v := range res.Centres {
			if again.Centres[v] != res.Centres[v] {
				t.Fatalf("case %d: box %d at %v, then at %v", i, v, res.Centres[v], again.Centres[v])
			}
		}
		// Left to right is the top-down layout of the boxes turned.
		turned := make([]Box, len(boxes))
		for v, b := range boxes {
			turned[v] = Box{W: b.H, H: b.W, Children: b.Children}
		}
		lr := opt
		lr.Direction = LeftRight
		side, err := Layout(turned, lr)
		if err != nil {
			t.Fatalf("case %d, left to right: %v", i, err)
		}
		if side.Width != res.Height || side.Height != res.Width {
			t.Fatalf("case %d: left to right %.2f×%.2f, top-down %.2f×%.2f", i, side.Width, side.Height, res.Width, res.Height)
		}
		for v := range res.Centres {
			if c, s := res.Centres[v], side.Centres[v]; math.Abs(c.X-s.Y) > eps || math.Abs(c.Y-s.X) > eps {
				t.Fatalf("case %d: box %d at %v top-down, at %v left to right", i, v, c, s)
			}
		}
	}
	// Packing by contours must pay off on random trees.
	if tighter < n/4 {
		t.Errorf("only %d of %d layouts narrower than the naive one", tighter, n)
	}
}

// TestKnown checks small layouts worked out by hand.
func TestKnown(t *testing.T) {
	leaf := func() Box { return Box{W: 10, H: 10} }
	// Three leaves 5 apart under a root: centres 5, 20, 35, the root at 20.
	boxes := []Box{{W: 10, H: 4, Children: []int{1, 2, 3}}, leaf(), leaf(), leaf()}
	res, err := Layout(boxes, Options{Sibling: 5, Cousin: 8, Level: 6})
	if err != nil {
		t.Fatal(err)
	}
	want := []Point{{20, 2}, {5, 15}, {20, 15}, {35, 15}}
	for v, w := range want {
		if res.Centres[v] != w {
			t.Errorf("box %d at %v, want %v", v, res.Centres[v], w)
		}
	}
	if res.Width != 40 || res.Height != 20 {
		t.Errorf("%v×%v, want 40×20", res.Width, res.Height)
	}
	// A deep left subtree and a leaf on the right: the leaf packs next to
	// the left subtree's top, not beside its wide bottom; the small subtree
	// between two that collide is centred between them.
	//        0
	//     1  2  3
	//     4     5
	//   6 7 8  9 10
	boxes = make([]Box, 11)
	for i := range boxes {
		boxes[i] = leaf()
	}
	boxes[0].Children = []int{1, 2, 3}
	boxes[1].Children = []int{4}
	boxes[3].Children = []int{5}
	boxes[4].Children = []int{6, 7, 8}
	boxes[5].Children = []int{9, 10}
	res, err = Layout(boxes, Options{Sibling: 2, Cousin: 2, Level: 2})
	if err != nil {
		t.Fatal(err)
	}
	if p := problems(boxes, Options{Sibling: 2, Cousin: 2, Level: 2}, res); len(p) > 0 {
		t.Fatal(strings.Join(p, "\n"))
	}
	// Level 3: 6 7 8 at 5, 17, 29; 9 and 10 two past: 41, 53. Box 3 over
	// them at 47, box 1 over 17; box 2 midway, at 32.
	for v, x := range map[int]float64{6: 5, 8: 29, 9: 41, 10: 53, 1: 17, 3: 47, 2: 32, 0: 32} {
		if res.Centres[v].X != x {
			t.Errorf("box %d at x %v, want %v", v, res.Centres[v].X, x)
		}
	}
}

// TestRefused checks that what is not a tree of boxes is refused with an
// error that says why.
func TestRefused(t *testing.T) {
	for _, c := range []struct {
		boxes []Box
		opt   Options
		want  string
	}{
		{[]Box{{Children: []int{1, 1}}, {}}, Options{}, "box 1 is a child of both 0 and 0"},
		{[]Box{{Children: []int{2}}, {}}, Options{}, "box 0 has a child 2, not a box"},
		{[]Box{{Children: []int{-1}}}, Options{}, "box 0 has a child -1, not a box"},
		{[]Box{{}, {Children: []int{0}}}, Options{}, "box 1 has the root as its child"},
		{[]Box{{}, {Children: []int{2}}, {Children: []int{1}}}, Options{}, "the boxes' children make a cycle"},
		{[]Box{{}, {}}, Options{}, "box 1 is nobody's child"},
		{[]Box{{W: math.NaN()}}, Options{}, "box 0 is NaN by 0"},
		{[]Box{{W: 1, H: -1}}, Options{}, "box 0 is 1 by -1"},
		{[]Box{{W: 1, H: math.Inf(1)}}, Options{}, "box 0 is 1 by +Inf"},
		{[]Box{{}}, Options{Level: math.NaN()}, "a gap of NaN"},
		{[]Box{{}}, Options{Cousin: -2}, "a gap of -2"},
	} {
		_, err := Layout(c.boxes, c.opt)
		var le *Error
		if !errors.As(err, &le) || err.Error() != "layout: "+c.want {
			t.Errorf("%+v: error %v, want %q", c.boxes, err, c.want)
		}
	}
	if res, err := Layout(nil, Options{}); err != nil || len(res.Centres) != 0 {
		t.Errorf("no boxes: %+v, %v", res, err)
	}
}

// TestLongAndWide lays out a path of 200,000 boxes and a root with 200,000
// children: no recursion to overflow, and every box placed.
func TestLongAndWide(t *testing.T) {
	const n = 200_000
	path := make([]Box, n)
	star := make([]Box, n)
	for i := range path {
		path[i] = Box{W: 3, H: 2}
		star[i] = Box{W: 3, H: 2}
		if i+1 < n {
			path[i].Children = []int{i + 1}
		}
		if i > 0 {
			star[0].Children = append(star[0].Children, i)
		}
	}
	res, err := Layout(path, Options{Level: 1})
	if err != nil || res.Width != 3 || res.Height != n*3-1 || res.Centres[n-1] != (Point{1.5, n*3 - 2}) {
		t.Errorf("the path: %v×%v, last at %v, %v", res.Width, res.Height, res.Centres[n-1], err)
	}
	res, err = Layout(star, Options{Sibling: 1, Level: 1})
	if err != nil || res.Width != (n-1)*4-1 || res.Centres[0].X != res.Width/2 {
		t.Errorf("the star: %v wide, root at %v, %v", res.Width, res.Centres[0], err)
	}
}

// BenchmarkLayout lays out a random tree of 100,000 boxes.
func BenchmarkLayout(b *testing.B) { benchLayout(b, 100_000) }

// BenchmarkLayout1000 is the size of trace/render's BenchmarkSVG1000, the
// Graphviz drawing the page's layout replaced: run side by side (see
// docs/performance.md).
func BenchmarkLayout1000(b *testing.B) { benchLayout(b, 1000) }

func benchLayout(b *testing.B, n int) {
	boxes := randomTree(rand.New(rand.NewPCG(1, 2)), n)
	opt := Options{Sibling: 2, Cousin: 4, Level: 8}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Layout(boxes, opt); err != nil {
			b.Fatal(err)
		}
	}
}

func sprintf(f string, args ...any) string { return fmt.Sprintf(f, args...) }
