// Package score holds the values of a search, shared by the engine, the
// trace and the quiz: infinity (Inf) and the sanity of a window's edges, the
// bound a value is (Bound: exact, lower, upper), what searched children prove
// about a node (Proof, BoundOf: the textbook rule), and numbers as people
// read and write them (Number, AppendDecimal, ParseNumber: scale and mate
// scores).
package score

import (
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
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

// Add is v + d for a value v and a finite offset d (a margin): an infinity
// stays itself, since ∞ plus a margin is ∞ (never "∞ plus fifty").
func Add(v, d int64) int64 {
	if IsInf(v) {
		return v
	}
	return v + d
}

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

// AppendDecimal appends v/scale for people, exactly: in decimal, trimming
// trailing zeros ("3", "-3.01", "0.125"), when the reduced fraction's
// denominator has no prime factor but 2 and 5, else as the reduced fraction
// "20/3". Scales are 1, 10 or 100 for values written with decimals; a tree
// with chance nodes holds its values in finer units (Tree.Scale), so that
// every average is a whole number of them.
func AppendDecimal(dst []byte, v, scale int64) []byte {
	if scale <= 1 {
		return strconv.AppendInt(dst, v, 10)
	}
	if v < 0 {
		dst = append(dst, '-')
		v = -v
	}
	g := gcd(v, scale)
	p, q := v/g, scale/g
	digits, unit := decimalPlaces(q)
	if digits < 0 {
		dst = strconv.AppendInt(dst, p, 10)
		dst = append(dst, '/')
		return strconv.AppendInt(dst, q, 10)
	}
	dst = strconv.AppendInt(dst, p/q, 10)
	if digits == 0 {
		return dst
	}
	frac := (p % q) * (unit / q) // the fraction in units of 10^-digits
	var buf [18]byte
	for i := digits - 1; i >= 0; i-- {
		buf[i] = byte('0' + frac%10)
		frac /= 10
	}
	return append(append(dst, '.'), buf[:digits]...)
}

// AppendJSON appends v/scale as a JSON value, exactly: a number when it has
// a finite decimal, else the fraction as a string ("20/3").
func AppendJSON(dst []byte, v, scale int64) []byte {
	n := len(dst)
	dst = AppendDecimal(dst, v, scale)
	for _, c := range dst[n:] {
		if c == '/' {
			dst = append(dst, 0)
			copy(dst[n+1:], dst[n:])
			dst[n] = '"'
			return append(dst, '"')
		}
	}
	return dst
}

// ParseInf reads an infinity as people write it: inf, +inf, ∞ or +∞ is
// Inf; -inf, −inf, -∞ or −∞ (with the minus sign prunescope writes) is -Inf.
// ok is false for any other text.
func ParseInf(s string) (v int64, ok bool) {
	switch s {
	case "inf", "+inf", "∞", "+∞":
		return Inf, true
	case "-inf", "−inf", "-∞", "−∞":
		return -Inf, true
	}
	return 0, false
}

// ParseSpan reads a pair "LO,HI" of values as people write them, in raw
// units (scale), LO below HI: a window, whose edges may be -inf and inf
// (also ∞, and −∞ with the minus sign prunescope writes) when infinite, or
// bounds on every value, which are finite.
func ParseSpan(s string, scale int64, infinite bool) (lo, hi int64, err error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(b, ",") {
		if infinite {
			return 0, 0, i18n.Errorf("%q is not two values LO,HI (e.g. 3,8 or -inf,5)", s)
		}
		return 0, 0, i18n.Errorf("%q is not two values LO,HI (e.g. -2,2)", s)
	}
	edge := func(t string) (int64, error) {
		t = strings.TrimSpace(t)
		if v, ok := ParseInf(t); ok {
			return v, nil
		}
		v, err := ParseNumber(t, scale)
		if err == nil && !Sane(v) {
			err = i18n.Errorf("%q is too large", t)
		}
		return v, err
	}
	if lo, err = edge(a); err != nil {
		return 0, 0, err
	}
	if hi, err = edge(b); err != nil {
		return 0, 0, err
	}
	switch {
	case !infinite && (IsInf(lo) || IsInf(hi)):
		return 0, 0, i18n.Errorf("%q: bounds on every value are finite", s)
	case lo >= hi:
		return 0, 0, i18n.Errorf("%q: LO must be below HI", s)
	}
	return lo, hi, nil
}

// MaxProbabilityDen is the largest denominator of a probability, reduced:
// six decimals, or a fraction such as 1/7.
const MaxProbabilityDen = 1_000_000

// ParseProbability reads a probability written as a decimal ("0.25", "1")
// or a fraction ("1/3"), strictly above 0 and at most 1, with a reduced
// denominator of at most MaxProbabilityDen. It returns it reduced.
func ParseProbability(s string) (num, den int64, ok bool) {
	if a, b, isFrac := strings.Cut(s, "/"); isFrac {
		if !digits(a) || !digits(b) || len(a) > 7 || len(b) > 7 {
			return 0, 0, false
		}
		num, _ = strconv.ParseInt(a, 10, 64)
		den, _ = strconv.ParseInt(b, 10, 64)
	} else {
		intPart, frac, _ := strings.Cut(s, ".")
		frac = strings.TrimRight(frac, "0")
		if len(intPart) != 1 || !digits(intPart) || (frac != "" && !digits(frac)) || len(frac) > 6 {
			return 0, 0, false
		}
		den = 1
		for range frac {
			den *= 10
		}
		num, _ = strconv.ParseInt(intPart+frac, 10, 64)
	}
	if den == 0 || num <= 0 || num > den {
		return 0, 0, false
	}
	g := gcd(num, den)
	num, den = num/g, den/g
	return num, den, den <= MaxProbabilityDen
}

// digits reports whether s is a non-empty run of ASCII digits.
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// MaxScale is the finest unit a value may be held in: 1/MaxScale.
const MaxScale int64 = 1_000_000_000_000

// decimalPlaces returns how many decimals 1/q takes, and 10 to that power,
// when q has no prime factor but 2 and 5 (at most 17 decimals); -1 when 1/q
// has no finite decimal.
func decimalPlaces(q int64) (digits int, unit int64) {
	unit = 1
	for digits = 0; digits <= 17; digits++ {
		if unit%q == 0 {
			return digits, unit
		}
		unit *= 10
	}
	return -1, 0
}

// gcd is the greatest common divisor of a >= 0 and b > 0.
func gcd(a, b int64) int64 {
	for a != 0 {
		a, b = b%a, a
	}
	return b
}

// GCD is the greatest common divisor of a >= 0 and b > 0, LCM the least
// common multiple of a > 0 and b > 0: the arithmetic of probabilities and
// of the finer units a tree with chance nodes holds its values in.
func GCD(a, b int64) int64 { return gcd(a, b) }

func LCM(a, b int64) int64 { return a / gcd(a, b) * b }

// FloorDiv and CeilDiv divide n by d > 0, rounding down and up: a bound on a
// value that falls between two raw units is rounded outwards with them.
func FloorDiv(n, d int64) int64 {
	q := n / d
	if n%d != 0 && n < 0 {
		q--
	}
	return q
}

func CeilDiv(n, d int64) int64 {
	q := n / d
	if n%d != 0 && n > 0 {
		q++
	}
	return q
}

// ParseNumber reads a value as people write it, exactly, into raw units
// (multiplied by scale): an optionally signed decimal number ("3", "-0.75"),
// or a fraction ("20/3", "-1/2"). It fails when the number is not a whole
// number of raw units: more decimals than the scale allows.
func ParseNumber(s string, scale int64) (int64, error) {
	scale = max(scale, 1)
	v, ok := parseDecimal(s, scale)
	if !ok {
		if num, den, isFrac := strings.Cut(s, "/"); isFrac {
			v, ok = parseFraction(num, den, scale)
		}
	}
	if !ok {
		switch {
		case scale == 1:
			return 0, i18n.Errorf("%q is not a whole number", s)
		case scale == 10:
			return 0, i18n.Errorf("%q is not a number with at most one decimal", s)
		case scale == 100:
			return 0, i18n.Errorf("%q is not a number with at most two decimals", s)
		}
		return 0, i18n.Errorf("%q is not a number in units of 1/%d, the finest the tree's values take", s, scale)
	}
	return v, nil
}

// parseFraction reads num/den, num an optionally signed whole number and den
// a positive one, into raw units; it fails unless scale*num/den is whole.
func parseFraction(num, den string, scale int64) (int64, bool) {
	n, ok1 := parseDecimal(num, 1)
	d, ok2 := parseDecimal(den, 1)
	if !ok1 || !ok2 || d <= 0 || strings.HasPrefix(den, "+") || n > Inf/scale || n < -Inf/scale {
		return 0, false
	}
	if (n*scale)%d != 0 {
		return 0, false
	}
	return n * scale / d, true
}

// parseDecimal reads an optionally signed decimal number exactly, multiplied by
// scale; it fails when the number has more decimals than that allows.
func parseDecimal(s string, scale int64) (int64, bool) {
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if intPart == "" || len(intPart) > 15 || len(frac) > 18 || (hasFrac && frac == "") {
		return 0, false
	}
	var v int64
	for _, c := range []byte(intPart) {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if v > Inf/scale {
		return 0, false
	}
	v *= scale
	// The decimals: v += scale * 0.d1d2... exactly, kept as a fraction
	// num / 10^k until the end.
	var num, pow int64 = 0, 1
	for _, c := range []byte(frac) {
		if c < '0' || c > '9' {
			return 0, false
		}
		num, pow = num*10+int64(c-'0'), pow*10
	}
	if num != 0 {
		g := gcd(num, pow)
		num, pow = num/g, pow/g
		if scale%pow != 0 {
			return 0, false
		}
		v += num * (scale / pow)
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
