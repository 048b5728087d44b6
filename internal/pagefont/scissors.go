package pagefont

import (
	"encoding/binary"
	"math"
)

// scissors is the cutoff's mark. The Go fonts have no glyph for it: the
// page's font draws one, as trace/render's PNG painter does, two rings (the
// handles) on the left and two blades crossing at a pivot, pointing right.
const scissors = '✂'

// scissorsEm is the advance of ✂, in ems.
const scissorsEm = 1.0

// point is a point of an outline, in ems, y upwards from the baseline.
type point struct{ x, y float64 }

// scissorsContours are the contours of ✂, in ems: for each ring a circle
// (clockwise) and its hole (anticlockwise), each of eight control points
// off the curve, and each blade a quadrilateral (clockwise), narrow at its
// ring, widest at the pivot, pointed at its tip.
func scissorsContours() (contours [][]point, onCurve []bool) {
	const (
		cy     = 0.33
		r      = 0.13  // the rings' radius, to the middle of their stroke
		stroke = 0.075 // the rings' stroke
	)
	ring1, ring2 := point{0.2, cy + 0.2}, point{0.2, cy - 0.2}
	pivot := point{0.52, cy}
	tip1, tip2 := point{0.98, cy - 0.27}, point{0.98, cy + 0.27}
	circle := func(c point, radius float64, clockwise bool) []point {
		// Off-curve points on a circle of radius/cos(π/8): the quadratic
		// arcs between them touch the circle of radius midway.
		out := make([]point, 8)
		R := radius / math.Cos(math.Pi/8)
		for k := range 8 {
			a := 2 * math.Pi * float64(k) / 8
			if clockwise {
				a = -a
			}
			out[k] = point{c.x + R*math.Cos(a), c.y + R*math.Sin(a)}
		}
		return out
	}
	blade := func(ring, tip point) []point {
		dx, dy := pivot.x-ring.x, pivot.y-ring.y
		l := math.Hypot(dx, dy)
		ux, uy := dx/l, dy/l
		start := point{ring.x + ux*r, ring.y + uy*r}
		nx, ny := -uy, ux
		const wHandle, wPivot = 0.035, 0.07
		pts := []point{
			{start.x + nx*wHandle, start.y + ny*wHandle},
			{pivot.x + nx*wPivot, pivot.y + ny*wPivot},
			tip,
			{pivot.x - nx*wPivot, pivot.y - ny*wPivot},
			{start.x - nx*wHandle, start.y - ny*wHandle},
		}
		if cross(pts) > 0 { // anticlockwise: turn it
			for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
				pts[i], pts[j] = pts[j], pts[i]
			}
		}
		return pts
	}
	for _, c := range []point{ring1, ring2} {
		contours = append(contours, circle(c, r+stroke/2, true), circle(c, r-stroke/2, false))
		for range 16 {
			onCurve = append(onCurve, false)
		}
	}
	for _, b := range [][2]point{{ring1, tip1}, {ring2, tip2}} {
		contours = append(contours, blade(b[0], b[1]))
		for range 5 {
			onCurve = append(onCurve, true)
		}
	}
	return contours, onCurve
}

// cross is twice the signed area of a polygon: positive when anticlockwise
// (y upwards).
func cross(p []point) float64 {
	a := 0.0
	for i := range p {
		q := p[(i+1)%len(p)]
		a += p[i].x*q.y - q.x*p[i].y
	}
	return a
}

// scissorsBounds are the bounds of ✂'s outline, in ems.
func scissorsBounds() (xMin, yMin, xMax, yMax float64) {
	contours, _ := scissorsContours()
	xMin, yMin, xMax, yMax = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range contours {
		for _, p := range c {
			xMin, xMax = min(xMin, p.x), max(xMax, p.x)
			yMin, yMax = min(yMin, p.y), max(yMax, p.y)
		}
	}
	return xMin, yMin, xMax, yMax
}

// scissorsOutline is the glyf data of ✂ for a font of upm units per em,
// a simple glyph without instructions, and its xMin.
func scissorsOutline(upm float64) ([]byte, int16) {
	contours, onCurve := scissorsContours()
	var xs, ys []int16
	var ends []uint16
	for _, c := range contours {
		for _, p := range c {
			xs = append(xs, int16(math.Round(p.x*upm)))
			ys = append(ys, int16(math.Round(p.y*upm)))
		}
		ends = append(ends, uint16(len(xs)-1))
	}
	xMin, yMin, xMax, yMax := xs[0], ys[0], xs[0], ys[0]
	for i := range xs {
		xMin, xMax = min(xMin, xs[i]), max(xMax, xs[i])
		yMin, yMax = min(yMin, ys[i]), max(yMax, ys[i])
	}
	var out []byte
	for _, v := range []int16{int16(len(contours)), xMin, yMin, xMax, yMax} {
		out = binary.BigEndian.AppendUint16(out, uint16(v))
	}
	for _, e := range ends {
		out = binary.BigEndian.AppendUint16(out, e)
	}
	out = binary.BigEndian.AppendUint16(out, 0) // no instructions
	for _, on := range onCurve {
		if on {
			out = append(out, 1)
		} else {
			out = append(out, 0)
		}
	}
	// Coordinates as 16-bit deltas from the point before (flags 0).
	var px, py int16
	for _, x := range xs {
		out = binary.BigEndian.AppendUint16(out, uint16(x-px))
		px = x
	}
	for _, y := range ys {
		out = binary.BigEndian.AppendUint16(out, uint16(y-py))
		py = y
	}
	return out, xMin
}
