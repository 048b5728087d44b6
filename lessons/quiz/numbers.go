package quiz

import "strings"

// These read answers with plain string code, not regular expressions: the
// lab's WebAssembly engine runs the quiz, and package regexp (with the
// unicode tables it keeps) would be a sixteenth of it.

// space are the characters taken for space around a fraction's bar.
const space = "\t\n\f\r "

// closeSlashes takes out the spaces people put around a fraction's bar:
// "15 / 2" is "15/2".
func closeSlashes(s string) string {
	parts := strings.Split(s, "/")
	for i := range parts {
		if i > 0 {
			parts[i] = strings.TrimLeft(parts[i], space)
		}
		if i < len(parts)-1 {
			parts[i] = strings.TrimRight(parts[i], space)
		}
	}
	return strings.Join(parts, "/")
}

// isExact says whether s is a number written exactly: a sign or none, then
// a decimal (1 to 19 digits, and a point and 1 to 19 digits or none) or a
// fraction of whole numbers (1 to 19 digits each).
func isExact(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	digits := func(t string) bool {
		return len(t) >= 1 && len(t) <= 19 && strings.Trim(t, "0123456789") == ""
	}
	if whole, frac, ok := strings.Cut(s, "."); ok {
		return digits(whole) && digits(frac)
	}
	if num, den, ok := strings.Cut(s, "/"); ok {
		return digits(num) && digits(den)
	}
	return digits(s)
}
