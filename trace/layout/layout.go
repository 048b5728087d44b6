// Package layout places a tree of boxes on a plane as a tidy tree: the
// layout of Reingold and Tilford, generalised by Walker to any number of
// children and boxes of any size, in the linear-time form of Buchheim,
// Jünger and Leipert ("Improving Walker's algorithm to run in linear time",
// 2002).
//
// The contract of a layout (checked by the package's property tests on
// random trees):
//   - the boxes of one level never overlap, and neighbours are at least the
//     gap apart; levels do not overlap either;
//   - children keep their order, from left to right (top to bottom when the
//     tree grows to the right);
//   - a parent is centred over its children (over the first and the last);
//   - subtrees are packed by their contours: a subtree moves as close to its
//     left neighbour as the two contours allow, never farther than the
//     rectangles around them would keep them (a naive layout), and the small
//     subtrees between two that had to move apart are spaced evenly;
//   - the same tree always gives the same layout (no maps, no randomness);
//   - the time and memory are linear in the number of boxes.
//
// The tree grows downwards (TopDown: every level a row as high as its
// highest box) or to the right (LeftRight: every level a column as wide as
// its widest box). The package knows nothing of searches or of drawing: the
// page and the pictures give it boxes and draw at the places it returns.
package layout

import (
	"fmt"
	"math"
)

// Box is one node of the tree: its size and its children, in order, by
// their index in the slice given to Layout.
type Box struct {
	W, H     float64
	Children []int
}

// Direction is where the tree grows from its root.
type Direction int

const (
	// TopDown puts the root at the top, each level a row below the last.
	TopDown Direction = iota
	// LeftRight puts the root at the left, each level a column to the
	// right of the last; the children run from top to bottom.
	LeftRight
)

// Options are the gaps of a layout, in the boxes' units.
type Options struct {
	Direction Direction
	// Sibling is the least gap between two boxes of one parent; Cousin
	// between neighbouring boxes of different parents (usually larger, so
	// that the families read apart).
	Sibling, Cousin float64
	// Level is the gap between two levels (rows, or columns to the right).
	Level float64
}

// Point is a box's centre.
type Point struct{ X, Y float64 }

// Result is a layout: every box's centre, by index, and the size of the
// rectangle around them all, whose top left corner is (0, 0).
type Result struct {
	Centres       []Point
	Width, Height float64
	// Levels are the rows (TopDown) or columns (LeftRight) of the levels:
	// where each starts and how deep it is, along the direction of growth.
	Levels []Span
}

// Span is a level's place along the direction of growth.
type Span struct{ Start, Size float64 }

// Error says why a tree cannot be laid out.
type Error struct{ What string }

func (e *Error) Error() string { return "layout: " + e.What }

// node is the working state of one box (Buchheim et al.'s names).
type node struct {
	parent   int32
	number   int32 // its place among its parent's children
	thread   int32 // -1: none
	ancestor int32
	depth    int32
	prelim   float64
	mod      float64
	change   float64
	shift    float64
}

// tidy is the working state of a layout.
type tidy struct {
	boxes []Box
	n     []node
	width []float64 // each box's size across the direction of growth
	opt   Options
}

// Layout places boxes[0] and its descendants. Every other box must be the
// child of exactly one box, and reachable from boxes[0]; sizes and gaps are
// finite and not negative.
func Layout(boxes []Box, opt Options) (Result, error) {
	if len(boxes) == 0 {
		return Result{}, nil
	}
	if len(boxes) > math.MaxInt32 {
		return Result{}, &Error{fmt.Sprintf("%d boxes, more than a layout holds", len(boxes))}
	}
	for _, g := range []float64{opt.Sibling, opt.Cousin, opt.Level} {
		if !(g >= 0) || math.IsInf(g, 0) {
			return Result{}, &Error{fmt.Sprintf("a gap of %v", g)}
		}
	}
	t := &tidy{boxes: boxes, n: make([]node, len(boxes)), width: make([]float64, len(boxes)), opt: opt}
	if err := t.check(); err != nil {
		return Result{}, err
	}
	for i, b := range boxes {
		t.width[i] = b.W
		if opt.Direction == LeftRight {
			t.width[i] = b.H
		}
	}
	order := t.preorder()
	if len(order) < len(boxes) {
		for i := range t.n {
			if i > 0 && t.n[i].parent < 0 {
				return Result{}, &Error{fmt.Sprintf("box %d is nobody's child", i)}
			}
		}
		return Result{}, &Error{"the boxes' children make a cycle"}
	}
	t.firstWalk()
	return t.place(order), nil
}

// check refuses what is not a tree of boxes, and sets every box's parent,
// number and depth.
func (t *tidy) check() error {
	for i := range t.n {
		t.n[i] = node{parent: -1, thread: -1, ancestor: int32(i)}
	}
	for i, b := range t.boxes {
		if !(b.W >= 0) || !(b.H >= 0) || math.IsInf(b.W, 0) || math.IsInf(b.H, 0) {
			return &Error{fmt.Sprintf("box %d is %v by %v", i, b.W, b.H)}
		}
		for k, c := range b.Children {
			if c <= 0 || c >= len(t.boxes) {
				if c == 0 {
					return &Error{fmt.Sprintf("box %d has the root as its child", i)}
				}
				return &Error{fmt.Sprintf("box %d has a child %d, not a box", i, c)}
			}
			if t.n[c].parent >= 0 {
				return &Error{fmt.Sprintf("box %d is a child of both %d and %d", c, t.n[c].parent, i)}
			}
			t.n[c].parent, t.n[c].number = int32(i), int32(k)
		}
	}
	return nil
}

// preorder lists the boxes from the root, parents before children, and
// sets their depths; it refuses boxes the root does not reach (a cycle).
func (t *tidy) preorder() []int32 {
	order := make([]int32, 0, len(t.boxes))
	order = append(order, 0)
	for k := 0; k < len(order); k++ {
		v := order[k]
		for _, c := range t.boxes[v].Children {
			t.n[c].depth = t.n[v].depth + 1
			order = append(order, int32(c))
		}
	}
	return order
}

func (t *tidy) children(v int32) []int { return t.boxes[v].Children }

func (t *tidy) leftSibling(v int32) int32 {
	p := t.n[v].parent
	if p < 0 || t.n[v].number == 0 {
		return -1
	}
	return int32(t.boxes[p].Children[t.n[v].number-1])
}

func (t *tidy) leftmostSibling(v int32) int32 {
	p := t.n[v].parent
	if p < 0 {
		return v
	}
	return int32(t.boxes[p].Children[0])
}

// nextLeft is the next box of v's left contour one level down: its first
// child, or its thread.
func (t *tidy) nextLeft(v int32) int32 {
	if c := t.children(v); len(c) > 0 {
		return int32(c[0])
	}
	return t.n[v].thread
}

// nextRight is the next box of v's right contour: its last child, or its
// thread.
func (t *tidy) nextRight(v int32) int32 {
	if c := t.children(v); len(c) > 0 {
		return int32(c[len(c)-1])
	}
	return t.n[v].thread
}

// distance is the least distance between the centres of a and b, neighbours
// on one level with a on the left.
func (t *tidy) distance(a, b int32) float64 {
	gap := t.opt.Cousin
	if t.n[a].parent == t.n[b].parent {
		gap = t.opt.Sibling
	}
	return (t.width[a]+t.width[b])/2 + gap
}

// firstWalk places every box relative to its siblings, its subtree laid
// out first, in the order of Buchheim et al.'s recursive walk (a child's
// subtree walked and apportioned before the next child's) but with a stack
// of its own: a path of a million boxes is no deeper a recursion than a
// leaf.
func (t *tidy) firstWalk() {
	type frame struct {
		v, defaultAncestor int32
		next               int // the next child to walk
	}
	stack := []frame{{v: 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		ch := t.children(f.v)
		if f.next < len(ch) {
			c := int32(ch[f.next])
			if f.next == 0 {
				f.defaultAncestor = c
			}
			f.next++
			stack = append(stack, frame{v: c})
			continue
		}
		v := f.v
		stack = stack[:len(stack)-1]
		t.finish(v)
		if len(stack) > 0 {
			p := &stack[len(stack)-1]
			p.defaultAncestor = t.apportion(v, p.defaultAncestor)
		}
	}
}

// finish places v beside its left sibling once its children are placed:
// centred over them, its subtree's shifts spread.
func (t *tidy) finish(v int32) {
	ch := t.children(v)
	w := t.leftSibling(v)
	if len(ch) == 0 {
		if w >= 0 {
			t.n[v].prelim = t.n[w].prelim + t.distance(w, v)
		}
		return
	}
	t.executeShifts(v)
	mid := (t.n[ch[0]].prelim + t.n[ch[len(ch)-1]].prelim) / 2
	if w >= 0 {
		t.n[v].prelim = t.n[w].prelim + t.distance(w, v)
		t.n[v].mod = t.n[v].prelim - mid
	} else {
		t.n[v].prelim = mid
	}
}

// apportion moves v's subtree right until its left contour clears the right
// contour of its left siblings' subtrees, spreading the move over the
// subtrees between, and threads the contours.
func (t *tidy) apportion(v, defaultAncestor int32) int32 {
	w := t.leftSibling(v)
	if w < 0 {
		return defaultAncestor
	}
	n := t.n
	vip, vop := v, v
	vim, vom := w, t.leftmostSibling(v)
	sip, sop := n[vip].mod, n[vop].mod
	sim, som := n[vim].mod, n[vom].mod
	for t.nextRight(vim) >= 0 && t.nextLeft(vip) >= 0 {
		vim, vip = t.nextRight(vim), t.nextLeft(vip)
		vom, vop = t.nextLeft(vom), t.nextRight(vop)
		n[vop].ancestor = v
		shift := (n[vim].prelim + sim) - (n[vip].prelim + sip) + t.distance(vim, vip)
		if shift > 0 {
			t.moveSubtree(t.ancestorOf(vim, v, defaultAncestor), v, shift)
			sip += shift
			sop += shift
		}
		sim += n[vim].mod
		sip += n[vip].mod
		som += n[vom].mod
		sop += n[vop].mod
	}
	if t.nextRight(vim) >= 0 && t.nextRight(vop) < 0 {
		n[vop].thread = t.nextRight(vim)
		n[vop].mod += sim - sop
	}
	if t.nextLeft(vip) >= 0 && t.nextLeft(vom) < 0 {
		n[vom].thread = t.nextLeft(vip)
		n[vom].mod += sip - som
		defaultAncestor = v
	}
	return defaultAncestor
}

// ancestorOf is the sibling of v whose subtree holds vim, the box of the
// left contour that v's subtree collided with.
func (t *tidy) ancestorOf(vim, v, defaultAncestor int32) int32 {
	if a := t.n[vim].ancestor; t.n[a].parent == t.n[v].parent {
		return a
	}
	return defaultAncestor
}

// moveSubtree moves wp's subtree right by shift and records the shift for
// the subtrees between wm and wp (executeShifts spreads it).
func (t *tidy) moveSubtree(wm, wp int32, shift float64) {
	subtrees := float64(t.n[wp].number - t.n[wm].number)
	t.n[wp].change -= shift / subtrees
	t.n[wp].shift += shift
	t.n[wm].change += shift / subtrees
	t.n[wp].prelim += shift
	t.n[wp].mod += shift
}

// executeShifts spreads the recorded shifts over v's children.
func (t *tidy) executeShifts(v int32) {
	shift, change := 0.0, 0.0
	ch := t.children(v)
	for k := len(ch) - 1; k >= 0; k-- {
		w := &t.n[ch[k]]
		w.prelim += shift
		w.mod += shift
		change += w.change
		shift += w.shift + change
	}
}

// place is the second walk: every box's place from its preliminary one and
// its ancestors' modifiers, the levels' spans, and everything moved so that
// the rectangle around the boxes starts at (0, 0).
func (t *tidy) place(order []int32) Result {
	across := make([]float64, len(t.boxes)) // the centre across the direction of growth
	sum := make([]float64, len(t.boxes))    // the sum of the ancestors' modifiers
	depth := int32(0)
	for _, v := range order {
		p := t.n[v].parent
		if p >= 0 {
			sum[v] = sum[p] + t.n[p].mod
		}
		across[v] = t.n[v].prelim + sum[v]
		depth = max(depth, t.n[v].depth)
	}
	levels := make([]Span, depth+1)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range order {
		d := t.n[v].depth
		b := t.boxes[v]
		along := b.H
		if t.opt.Direction == LeftRight {
			along = b.W
		}
		levels[d].Size = max(levels[d].Size, along)
		lo = min(lo, across[v]-t.width[v]/2)
		hi = max(hi, across[v]+t.width[v]/2)
	}
	at := 0.0
	for d := range levels {
		if d > 0 {
			at += t.opt.Level
		}
		levels[d].Start = at
		at += levels[d].Size
	}
	res := Result{Centres: make([]Point, len(t.boxes)), Levels: levels}
	for _, v := range order {
		l := levels[t.n[v].depth]
		a, b := across[v]-lo, l.Start+l.Size/2
		if t.opt.Direction == LeftRight {
			res.Centres[v] = Point{b, a}
		} else {
			res.Centres[v] = Point{a, b}
		}
	}
	res.Width, res.Height = hi-lo, at
	if t.opt.Direction == LeftRight {
		res.Width, res.Height = at, hi-lo
	}
	return res
}
