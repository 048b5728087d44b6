package tree

import (
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// centiMax is the largest magnitude of a value in hundredths.
const centiMax = maxMagnitude * 100

// parseValue reads a value written as an optional sign, digits, and an
// optional point followed by digits: "3", "-3.01", "+2.5", "0.75", or an
// infinity: inf, +inf, -inf, ∞, +∞, -∞ or −∞ (score.ParseInf). It returns a
// number in hundredths, exactly (no floats), and an infinity as ±score.Inf
// whatever the tree's scale. Digits past the second decimal must be zeros.
// msg explains what is wrong when the text is not a value.
func parseValue(s string) (centi int64, msg error) {
	if v, ok := score.ParseInf(s); ok {
		return v, nil
	}
	text := s
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	intPart, frac, hasPoint := strings.Cut(s, ".")
	if intPart == "" || (hasPoint && frac == "") || !allDigits(intPart) || !allDigits(frac) {
		return 0, i18n.Errorf("malformed value %q: write an integer or a decimal such as 3, -2 or 0.75, or inf or -inf", text)
	}
	for i := 2; i < len(frac); i++ {
		if frac[i] != '0' {
			return 0, i18n.Errorf("value %s has more than two decimals", text)
		}
	}
	for _, d := range intPart {
		centi = centi*10 + int64(d-'0')*100
		if centi > centiMax {
			return 0, i18n.Errorf("value %s is out of range: at most %d in magnitude", text, maxMagnitude)
		}
	}
	for i, scale := 0, int64(10); i < 2 && i < len(frac); i, scale = i+1, scale/10 {
		centi += int64(frac[i]-'0') * scale
	}
	if centi > centiMax {
		return 0, i18n.Errorf("value %s is out of range: at most %d in magnitude", text, maxMagnitude)
	}
	if neg {
		centi = -centi
	}
	return centi, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// appendValue appends a value as the text form writes it: inf or -inf for
// the infinities (what a keyboard types, and Parse reads back), else the
// number in its shortest decimal form.
func appendValue(b []byte, v, scale int64) []byte {
	switch {
	case v >= score.Inf:
		return append(b, "inf"...)
	case v <= -score.Inf:
		return append(b, "-inf"...)
	}
	return score.AppendDecimal(b, v, scale)
}

// parseWeight reads a probability written as a decimal ("0.25", "1") or a
// fraction ("1/3"): strictly above 0, at most 1 (score.ParseProbability). It
// returns it as a reduced fraction; msg explains what is wrong.
func parseWeight(s string) (num, den int64, msg error) {
	num, den, ok := score.ParseProbability(s)
	if !ok {
		return 0, 0, i18n.Errorf("probability %q: write a number above 0 and at most 1 with at most six decimals, such as 0.25, or a fraction such as 1/3", s)
	}
	return num, den, nil
}

// appendWeight appends the probability num/den as it is written back: a
// decimal when it has at most six decimals, else the fraction.
func appendWeight(b []byte, num, den int64) []byte {
	return score.AppendDecimal(b, num, den)
}
