package trace

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

// Format formats a raw value under the conventions of a run.
func (i *Info) Format(v int64) string {
	if i == nil {
		return Number(v, 1, 0)
	}
	return Number(v, i.Scale, i.Mate)
}

// Window formats an alpha-beta window as "(α, β)" with ±∞ where unbounded.
func (i *Info) Window(alpha, beta int64) string {
	return "(" + i.Format(alpha) + ", " + i.Format(beta) + ")"
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
