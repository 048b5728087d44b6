package printable

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"e4 e5 Nf3", "e4 e5 Nf3"},
		{"2.1.3", "2.1.3"},
		{"±∞ α β ▲ ✂ é 中", "±∞ α β ▲ ✂ é 中"},
		{"a\x1b[2Jb", `a\x1b[2Jb`},
		{"\x00", `\x00`},
		{"tab\there\nline\r", `tab\x09here\x0aline\x0d`},
		{"del\x7f", `del\x7f`},
		{"c1 \u009b31m", `c1 \u009b31m`},
		{"bidi \u202eevil\u202c", `bidi \u202eevil\u202c`},
		{"bad \xff\xfe utf8", `bad \xff\xfe utf8`},
		{`back\slash\`, `back\slash\`},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzEscape: what Escape returns holds no control character and no
// invalid UTF-8, and text without them comes back unchanged.
func FuzzEscape(f *testing.F) {
	for _, s := range []string{"e4 e5", "a\x1b]0;title\x07", "\xc2\x9b", "\u2067x", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Escape(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Escape(%q) = %q: not UTF-8", s, got)
		}
		for _, r := range got {
			if unicode.IsControl(r) || unsafe(r) {
				t.Fatalf("Escape(%q) = %q holds %U", s, got, r)
			}
		}
		if firstUnsafe(s) < 0 && got != s {
			t.Fatalf("Escape(%q) changed safe text to %q", s, got)
		}
	})
}
