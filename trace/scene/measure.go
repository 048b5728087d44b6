package scene

import (
	"math"

	"github.com/prunescope/prunescope/internal/pagefont"
)

// Advance is a font's width of a text, in ems, regular or bold.
type Advance func(s string, bold bool) float64

// PageAdvance is the page's font's (internal/pagefont): the page measures
// with it, whatever fonts the machine has.
var PageAdvance Advance = pagefont.Width

// LineHeight is the height of a line of text as a multiple of its largest
// size.
const LineHeight = 1.2

// LineSize is the width and height of a line in points: its runs' widths
// side by side, and LineHeight times its largest size (size when it has no
// runs).
func LineSize(l Line, size float64, adv Advance) (w, h float64) {
	big := 0.0
	for _, r := range l.Runs {
		rs := r.Size
		if rs <= 0 {
			rs = size
		}
		w += adv(r.Text, r.Bold) * rs
		big = max(big, rs)
	}
	if big == 0 {
		big = size
	}
	return w, LineHeight * big
}

// Measure sets every node's Width and Height to its lines' block, in
// points, measured with adv (PageAdvance for the page): the widest line,
// and the lines' heights one under the other.
func (s *Scene) Measure(adv Advance) {
	for _, n := range s.Nodes {
		n.Width, n.Height = BlockSize(n.Lines, float64(s.Sizes.Node), adv)
	}
}

// BlockSize is the width and height in points of lines one under the
// other, size being the size of a run that sets none.
func BlockSize(lines []Line, size float64, adv Advance) (w, h float64) {
	for _, l := range lines {
		lw, lh := LineSize(l, size, adv)
		w = max(w, lw)
		h += lh
	}
	return w, h
}

// ShapeSize is the size in points of the shape that holds a text block of
// w × h for a node of kind k: a triangle's text sits in its wide half, so
// the triangle is twice the block's width and height (its sides then clear
// every line: at a height y from its apex a triangle of base W and height
// H is W·y/H wide); a circle's diameter is the block's diagonal; a box adds
// a margin of pad on each side.
func ShapeSize(k Kind, w, h, pad float64) (sw, sh float64) {
	switch k {
	case Max, Min:
		return 2*w + 2*pad, 2*h + 2*pad
	case Chance:
		d := math.Hypot(w, h) + 2*pad
		return d, d
	}
	return w + 2*pad, h + 2*pad
}
