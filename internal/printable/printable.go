// Package printable makes text from a file safe to show in a terminal: a
// trace's paths, moves, names and details, an EPD record's id, a path from
// the environment. Its control characters (C0, DEL, C1: ESC[2J clears the
// screen, other sequences move the cursor, retitle the window or worse),
// the Unicode controls that reorder what is shown (bidirectional overrides
// and isolates) and bytes that are not UTF-8 are written as Go escapes
// (\x1b, \u202e), visible and inert; everything else is kept as it is.
package printable

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Escape returns s with its control characters escaped (see the package);
// s itself when it holds none.
func Escape(s string) string {
	i := firstUnsafe(s)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < utf8.RuneSelf && unsafe(r):
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafe(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// All escapes every string of ss in place and returns ss.
func All(ss []string) []string {
	for i, s := range ss {
		ss[i] = Escape(s)
	}
	return ss
}

// firstUnsafe is the index of the first byte of s that Escape changes, -1
// when there is none.
func firstUnsafe(s string) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return i
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && n == 1) || unsafe(r) {
			return i
		}
		i += n
	}
	return -1
}

// unsafe reports a control character or a character that reorders text.
func unsafe(r rune) bool {
	if unicode.IsControl(r) {
		return true
	}
	switch {
	case r == 0x061c, r == 0x200e, r == 0x200f: // Arabic letter mark, LRM, RLM
		return true
	case r >= 0x202a && r <= 0x202e: // embeddings and overrides
		return true
	case r >= 0x2066 && r <= 0x2069: // isolates
		return true
	case r == 0x2028 || r == 0x2029: // line and paragraph separators
		return true
	}
	return false
}
