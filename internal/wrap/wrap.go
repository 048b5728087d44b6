// Package wrap breaks terminal text into lines of a given width without
// cutting what must stay whole: a line breaks only at a space, never inside
// a word (a number, a move, a node's name), a window "(3, +∞)" or interval
// "[-2, 1]", or a `code span`, and not after a word of one character, so a
// bound "α 3", a relation "≤ 5" or "a MAX node" stays together, nor before
// a node's shape (▲ ▼ ◆) or a relation (≤, =, +), which stay with the
// word before them: "2 ≤ α 3" is never cut. Separators
// (·, —, ›) end a line rather than start one. Text may carry colour (SGR
// escape sequences): they take no room, and a colour that runs across a
// break is closed at the end of the line and opened again on the next, so
// that each line can be written after its own prefix.
//
// The package imports only the standard library: the text trace, the
// lessons and the terminal stepper share it.
package wrap

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MinText is the least room a line of text gets, whatever the width and
// the prefix before it: a deeper line overflows rather than become a column
// of single words.
const MinText = 24

// Width is the number of terminal columns s takes: its runes, less escape
// sequences and combining marks, wide (East Asian) runes counting two.
func Width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			i += escLen(s[i:])
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || r == 0x200b:
		return 0
	case r >= 0x1100 && (r <= 0x115f || r == 0x2329 || r == 0x232a ||
		(r >= 0x2e80 && r <= 0xa4cf && r != 0x303f) ||
		(r >= 0xac00 && r <= 0xd7a3) || (r >= 0xf900 && r <= 0xfaff) ||
		(r >= 0xfe30 && r <= 0xfe6f) || (r >= 0xff00 && r <= 0xff60) ||
		(r >= 0xffe0 && r <= 0xffe6) || (r >= 0x1f300 && r <= 0x1f64f) ||
		(r >= 0x1f900 && r <= 0x1f9ff) || (r >= 0x20000 && r <= 0x3fffd)):
		return 2
	}
	return 1
}

// escLen is the length of the escape sequence s starts with: a CSI
// sequence "ESC [ … final", or ESC and one more byte.
func escLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}
	if s[1] != '[' {
		return 2
	}
	for j := 2; j < len(s); j++ {
		if s[j] >= 0x40 && s[j] <= 0x7e {
			return j + 1
		}
	}
	return len(s)
}

// word is a run of text between spaces, with its width and its text
// without escapes (to judge where it may break).
type word struct {
	text  string
	width int
	plain string
	gap   string // the spaces before it
}

// Text wraps text into lines: the first at most first columns wide, the
// others at most rest columns wide (each at least MinText). The spaces
// between words on a line are kept as they are (two set a window apart),
// the first line's indent too; a group that cannot be broken and is wider
// than its line stays whole on a line of its own. A text that fits comes
// back as it is. Width 0 or less for first means
// no wrapping: the text comes back as one line. Every line is complete in
// its colours: one that ends inside a colour resets it, and the next
// starts it again.
func Text(text string, first, rest int) []string {
	if first <= 0 {
		return []string{text}
	}
	first, rest = max(first, MinText), max(rest, MinText)
	if !strings.ContainsRune(text, '\n') && Width(text) <= first {
		return []string{text}
	}
	words := split(text)
	if len(words) == 0 {
		return []string{text}
	}
	var lines []string
	var cur strings.Builder
	state := ""   // the colour in force where the next word starts
	n := 0        // width of the current line
	empty := true // no word on the current line yet
	limit := first
	if lead := words[0].gap; lead != "" && !strings.ContainsAny(lead, "\t\n") {
		cur.WriteString(lead) // the first line's indent, as in the text
		n = len(lead)
	}
	flush := func() {
		s := cur.String()
		if state != "" {
			s += "\x1b[0m"
		}
		lines = append(lines, s)
		cur.Reset()
		n, empty = 0, true
		limit = rest
	}
	for i := 0; i < len(words); {
		// The group of words from i that cannot be broken apart.
		j := i + 1
		w := words[i].width
		for j < len(words) && !breakable(words[j-1], words[j]) {
			w += gapWidth(words[j].gap) + words[j].width
			j++
		}
		if !empty && n+gapWidth(words[i].gap)+w > limit {
			flush()
		}
		if empty {
			cur.WriteString(state)
		} else {
			cur.WriteString(gap(words[i].gap))
			n += gapWidth(words[i].gap)
		}
		for k := i; k < j; k++ {
			if k > i {
				cur.WriteString(gap(words[k].gap))
			}
			cur.WriteString(words[k].text)
			state = active(words[k].text, state)
		}
		n += w
		empty = false
		i = j
	}
	flush()
	return lines
}

// gap is the space between two words on one line: as in the text (two
// spaces set a window apart from a name), or one where the text broke a
// line or had a tab.
func gap(g string) string {
	if g == "" || strings.ContainsAny(g, "\t\n") {
		return " "
	}
	return g
}

func gapWidth(g string) int { return len(gap(g)) }

// active is the colour in force after s, given the colour in force before
// it, as one SGR sequence ("" for none).
func active(s, before string) string {
	var st sgr
	st.apply(before)
	st.apply(s)
	return st.String()
}

// sgr is the state of a terminal's graphic rendition: the parameters in
// force for each attribute (intensity, italic, underline, blink, inverse,
// hidden, strike, foreground, background), "" when off.
type sgr [9]string

// apply updates the state with the SGR sequences in s.
func (st *sgr) apply(s string) {
	for i := 0; i < len(s); i++ {
		if s[i] != 0x1b {
			continue
		}
		l := escLen(s[i:])
		seq := s[i : i+l]
		i += l - 1
		if !strings.HasPrefix(seq, "\x1b[") || !strings.HasSuffix(seq, "m") {
			continue
		}
		ps := strings.Split(seq[2:len(seq)-1], ";")
		for k := 0; k < len(ps); k++ {
			n, err := strconv.Atoi(ps[k])
			if ps[k] == "" {
				n, err = 0, nil
			}
			if err != nil {
				continue
			}
			switch {
			case n == 0:
				*st = sgr{}
			case n == 1 || n == 2:
				st[0] = ps[k]
			case n >= 3 && n <= 9 && n != 6:
				st[attr[n]] = ps[k]
			case n == 22:
				st[0] = ""
			case n >= 23 && n <= 29 && n != 26:
				st[attr[n-20]] = ""
			case n == 38 || n == 48:
				// Extended colour: 5;N or 2;R;G;B.
				take := 0
				if k+1 < len(ps) && ps[k+1] == "5" {
					take = 2
				} else if k+1 < len(ps) && ps[k+1] == "2" {
					take = 4
				}
				end := min(k+1+take, len(ps))
				v := strings.Join(ps[k:end], ";")
				if n == 38 {
					st[7] = v
				} else {
					st[8] = v
				}
				k = end - 1
			case n == 39:
				st[7] = ""
			case n == 49:
				st[8] = ""
			case (n >= 30 && n <= 37) || (n >= 90 && n <= 97):
				st[7] = ps[k]
			case (n >= 40 && n <= 47) || (n >= 100 && n <= 107):
				st[8] = ps[k]
			}
		}
	}
}

// attr is the place in sgr of the attributes 3 to 9.
var attr = [10]int{3: 1, 4: 2, 5: 3, 7: 4, 8: 5, 9: 6}

// String is the one sequence that sets the state from none, "" when there
// is nothing to set.
func (st *sgr) String() string {
	var ps []string
	for _, p := range st {
		if p != "" {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		return ""
	}
	return "\x1b[" + strings.Join(ps, ";") + "m"
}

// split cuts text into words at spaces outside escape sequences and code
// spans.
func split(text string) []word {
	var out []word
	start := -1
	code := false
	gapFrom := 0
	add := func(end int) {
		if start >= 0 {
			t := text[start:end]
			out = append(out, word{text: t, width: Width(t), plain: plain(t), gap: text[gapFrom:start]})
			start = -1
			gapFrom = end
		}
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == 0x1b:
			if start < 0 {
				start = i
			}
			i += escLen(text[i:])
			continue
		case (c == ' ' || c == '\t' || c == '\n') && !code:
			add(i)
		default:
			if c == '`' {
				code = !code
			}
			if start < 0 {
				start = i
			}
		}
		i++
	}
	add(len(text))
	return out
}

// plain is s without its escape sequences.
func plain(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			i += escLen(s[i:])
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// separators end a line rather than start one.
var separators = map[string]bool{"·": true, "—": true, "–": true, "›": true, "|": true}

// glued stay with the word before them: a node's shape ("2.1 ▼ (3, +∞)"
// in a path) and a relation or operator ("2 ≤ α 3", "eval + 0").
var glued = map[string]bool{"▲": true, "▼": true, "◆": true,
	"=": true, "≠": true, "<": true, ">": true, "≤": true, "≥": true, "+": true, "-": true, "−": true, "×": true}

// breakable reports whether the line may break between a and b.
func breakable(a, b word) bool {
	if separators[b.plain] || glued[b.plain] {
		return false
	}
	if utf8.RuneCountInString(a.plain) == 1 && !separators[a.plain] {
		return false // "α 3", "≤ 5", "= 3", "a node"
	}
	// A window or an interval, "(3, +∞)" or "[-2, 1]", is one group.
	if opens(a.plain) && strings.HasSuffix(a.plain, ",") && closes(b.plain) {
		return false
	}
	return true
}

// opens reports whether w opens a bracket it does not close.
func opens(w string) bool {
	i := strings.LastIndexAny(w, "([")
	return i >= 0 && !strings.ContainsAny(w[i:], ")]")
}

// closes reports whether w closes a bracket without opening one.
func closes(w string) bool {
	i := strings.IndexAny(w, ")]")
	return i >= 0 && !strings.ContainsAny(w[:i], "([")
}
