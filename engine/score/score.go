// Package score holds the values of a search, shared by the engine, the
// trace and the quiz: infinity (Inf) and the sanity of a window's edges, the
// bound a value is (Bound: exact, lower, upper), what searched children prove
// about a node (Proof, BoundOf: the textbook rule), and numbers as people
// read and write them (Number, AppendDecimal, ParseNumber: scale and mate
// scores).
package score

import (
	"fmt"
	"strconv"
	"strings"
)

// Inf is the raw value that stands for infinity. Every finite value of every game
// lies strictly between -Inf and Inf.
const Inf int64 = 1 << 50

// MateWindow is how far below Info.Mate a value still counts as a mate score: a
// value v with |v| > Mate-MateWindow is "mate in (Mate-|v|+1)/2 moves".
const MateWindow = 1000

// IsInf reports whether v stands for +∞ or −∞.
func IsInf(v int64) bool { return v >= Inf || v <= -Inf }

// Sane reports whether v is a value a window may hold: exactly +∞ or −∞, or a
// finite value well away from them (never "∞ minus one").
func Sane(v int64) bool { return v == Inf || v == -Inf || (v > -Inf/2 && v < Inf/2) }

// Number formats a raw value for people: ±∞ for infinities, #N / #-N for mate
// scores when the game has them, otherwise the value divided by scale with as
// few decimals as it needs ("3", "-3.01", "0.5").
func Number(v, scale, mate int64) string {
	switch {
	case v >= Inf:
		return "+∞"
	case v <= -Inf:
		return "−∞"
	}
	if mate > 0 {
		if v > mate-MateWindow {
			return "#" + strconv.FormatInt((mate-v+1)/2, 10)
		}
		if v < -mate+MateWindow {
			return "#-" + strconv.FormatInt((mate+v+1)/2, 10)
		}
	}
	return string(AppendDecimal(nil, v, scale))
}

// AppendDecimal appends v/scale in decimal, trimming trailing zeros. scale is 1,
// 10 or 100 (values with up to two decimals).
func AppendDecimal(dst []byte, v, scale int64) []byte {
	if scale <= 1 {
		return strconv.AppendInt(dst, v, 10)
	}
	if v < 0 {
		dst = append(dst, '-')
		v = -v
	}
	dst = strconv.AppendInt(dst, v/scale, 10)
	frac := v % scale
	if frac == 0 {
		return dst
	}
	digits := 0
	for s := scale; s > 1; s /= 10 {
		digits++
	}
	buf := [4]byte{}
	for i := digits - 1; i >= 0; i-- {
		buf[i] = byte('0' + frac%10)
		frac /= 10
	}
	n := digits
	for n > 0 && buf[n-1] == '0' {
		n--
	}
	dst = append(dst, '.')
	return append(dst, buf[:n]...)
}

// ParseNumber reads a value as people write it, an optionally signed decimal
// number, exactly, into raw units: multiplied by scale (1, 10 or 100). It
// fails when the number has more decimals than the scale allows.
func ParseNumber(s string, scale int64) (int64, error) {
	v, ok := parseDecimal(s, scale)
	if !ok {
		switch {
		case scale <= 1:
			return 0, fmt.Errorf("%q is not a whole number", s)
		case scale == 10:
			return 0, fmt.Errorf("%q is not a number with at most one decimal", s)
		}
		return 0, fmt.Errorf("%q is not a number with at most two decimals", s)
	}
	return v, nil
}

// parseDecimal reads an optionally signed decimal number exactly, multiplied by
// scale (1, 10 or 100); it fails when the number has more decimals than that.
func parseDecimal(s string, scale int64) (int64, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if intPart == "" || len(intPart) > 15 || (hasFrac && frac == "") {
		return 0, false
	}
	var v int64
	for _, c := range []byte(intPart) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	v *= scale
	unit := scale
	for _, c := range []byte(frac) {
		if c < '0' || c > '9' {
			return 0, false
		}
		unit /= 10
		if c != '0' && unit == 0 {
			return 0, false
		}
		v += int64(c-'0') * unit
	}
	if neg {
		v = -v
	}
	return v, true
}

// Bound tells how a node's value relates to its true value, from MAX's point of view.
type Bound uint8

const (
	NoBound Bound = iota // not applicable
	Exact                // the value is the true minimax value of the node
	Lower                // the true value is at least the value (the node failed high for MAX)
	Upper                // the true value is at most the value (the node failed low for MAX)
)

var boundNames = [...]string{"", "exact", "lower", "upper"}

// Holds reports whether a value v said with bound b is true of the true
// value tv: equal to it (Exact), at most it (Lower: tv >= v) or at least it
// (Upper: tv <= v); NoBound claims nothing.
func (b Bound) Holds(v, tv int64) bool {
	switch b {
	case Exact:
		return tv == v
	case Lower:
		return tv >= v
	case Upper:
		return tv <= v
	}
	return true
}

// String returns "exact", "lower", "upper", or "" for NoBound.
func (b Bound) String() string {
	if int(b) < len(boundNames) {
		return boundNames[b]
	}
	return ""
}

// ParseBound is the inverse of Bound.String.
func ParseBound(s string) (Bound, bool) {
	for b, n := range boundNames {
		if n == s {
			return Bound(b), true
		}
	}
	return NoBound, false
}

// Proof gathers what the searched children prove about a node's true value
// V: lo <= V <= hi, in the node's side-to-move view. A child's exact value
// proves both; a lower bound proves only lo; an upper bound only hi; a value
// that is no bound proves nothing. The zero Proof knows nothing yet.
//
// Most of the time this gives the familiar rule (exact inside the window, an
// upper bound at or below alpha, a lower bound at or above beta). It matters
// where that rule is wrong: with the strict cutoff rule a tie with beta does
// not cut, so the later children are searched with an empty window (alpha =
// beta), and a fail-hard child clamped onto that window returns a number that
// says nothing about it. Labelling from what was proved keeps every bound
// shown to a student true.
type Proof struct {
	lo, hi  int64
	started bool
}

// Add records a child's value t, with its bound, from the node's side (the
// child's own bound flipped: see Bound.Flip).
func (p *Proof) Add(t int64, b Bound) {
	if !p.started {
		p.lo, p.hi, p.started = -Inf, -Inf, true
	}
	if b == Exact || b == Lower {
		p.lo = max(p.lo, t)
	}
	if b == Exact || b == Upper {
		p.hi = max(p.hi, t)
	} else {
		p.hi = Inf
	}
}

// Cut records that moves were left unsearched: they could be worth
// anything, so nothing is proved above.
func (p *Proof) Cut() { p.hi = Inf }

// Bound tells how v relates to the true value given what was proved.
func (p *Proof) Bound(v int64) Bound {
	switch {
	case p.lo >= v && p.hi <= v:
		return Exact
	case p.lo >= v:
		return Lower
	case p.hi <= v:
		return Upper
	}
	return NoBound
}

// Flip turns a child's bound into its parent's: the negamax value is
// negated, so a lower bound for one side is an upper bound for the other.
func (b Bound) Flip() Bound {
	switch b {
	case Lower:
		return Upper
	case Upper:
		return Lower
	}
	return b
}

// BoundOf labels the value v a node returned from its window (alpha, beta),
// both in the side to move's view: the textbook rule of Knuth and Moore's F2.
// A value at or below alpha is an upper bound on the node's true value, one
// at or above beta a lower bound, one strictly inside the window exact.
//
// The one case the rule cannot decide is the empty window (alpha == beta,
// which only the strict cutoff rule makes: a tie that did not cut). There a
// fail-soft value equal to the edge is a lower bound, but a clamped one
// (clamps: fail-hard, or F2 as written) may be either: it is no bound.
func BoundOf(v, alpha, beta int64, clamps bool) Bound {
	switch {
	case alpha == beta && v == alpha && clamps:
		return NoBound
	case v >= beta:
		return Lower
	case v <= alpha:
		return Upper
	}
	return Exact
}
