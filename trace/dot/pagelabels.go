package dot

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/pagefont"
)

// The page's labels (Options.Page). The page draws its text in the font it
// embeds (internal/pagefont), which Graphviz cannot measure: left to itself
// it would size each label by its own table of Helvetica's widths (the
// built-in Graphviz) or by whatever font the machine resolves Helvetica to
// (a native dot), and the same page would come out in different sizes. So
// every label of the page is measured here with the page's font and given
// to Graphviz as one cell of exactly that size; the shapes and the spacing
// follow from it, the same on every machine.
//
// Graphviz still places each run of text inside its label by its own
// estimate of the run's width; for the page that is PageFont's, which
// PageEstimate computes exactly, so that trace/page can find where each
// line's centre is and place the runs by the page's font instead.

// PageFont is the font the page's DOT names: Graphviz estimates every text
// of it as PageEstimate wide.
const PageFont = "Courier"

// PageEstimate is the width Graphviz gives a text of PageFont at size
// points: 0.6 of the size for each byte of its UTF-8 (Courier's width in
// Graphviz's table of font metrics, which counts a byte outside ASCII as a
// space).
func PageEstimate(s string, size float64) float64 {
	return 0.6 * size * float64(len(s))
}

// textRun is a run of a label's text in one size and weight.
type textRun struct {
	text string
	size float64
	bold bool
}

// labelLines splits an HTML-like label (the text between its outer angle
// brackets) into its lines of runs, size being the statement's font size:
// <b> sets bold, <font point-size="N"> the size, <br/> ends a line; other
// tags change nothing that is measured.
func labelLines(label string, size float64) [][]textRun {
	type state struct {
		size float64
		bold bool
	}
	stack := []state{{size, false}}
	lines := [][]textRun{nil}
	for len(label) > 0 {
		if label[0] != '<' {
			end := strings.IndexByte(label, '<')
			if end < 0 {
				end = len(label)
			}
			cur := stack[len(stack)-1]
			text := html.UnescapeString(label[:end])
			lines[len(lines)-1] = append(lines[len(lines)-1], textRun{text, cur.size, cur.bold})
			label = label[end:]
			continue
		}
		end := strings.IndexByte(label, '>')
		if end < 0 {
			break
		}
		tag := strings.TrimSpace(label[1:end])
		label = label[end+1:]
		name, attrs, _ := strings.Cut(tag, " ")
		name = strings.ToLower(strings.TrimSuffix(name, "/"))
		switch {
		case name == "br":
			lines = append(lines, nil)
		case name == "b" || name == "font" || name == "i" || name == "u" || name == "s" || name == "sub" || name == "sup" || name == "o":
			st := stack[len(stack)-1]
			if name == "b" {
				st.bold = true
			}
			if name == "font" {
				if m, ok := pointSize(attrs); ok {
					if v, err := strconv.ParseFloat(m, 64); err == nil {
						st.size = v
					}
				}
			}
			if !strings.HasSuffix(tag, "/") {
				stack = append(stack, st)
			}
		case strings.HasPrefix(name, "/"):
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return lines
}

// pointSize finds the first point-size="N" in a tag's attributes (the name
// in any case, N digits and dots).
func pointSize(attrs string) (string, bool) {
	const name = `point-size="`
	for i := 0; i+len(name) <= len(attrs); i++ {
		if !strings.EqualFold(attrs[i:i+len(name)], name) {
			continue
		}
		n := numberLen(attrs[i+len(name):])
		if n > 0 && strings.HasPrefix(attrs[i+len(name)+n:], `"`) {
			return attrs[i+len(name) : i+len(name)+n], true
		}
	}
	return "", false
}

// numberLen is the length of the run of ASCII digits and dots s starts with.
func numberLen(s string) int {
	n := 0
	for n < len(s) && (s[n] >= '0' && s[n] <= '9' || s[n] == '.') {
		n++
	}
	return n
}

// labelSize is the width and height, in points, of a label's lines in the
// page's font: the widest line, and the lines' heights as Graphviz counts
// them in an HTML label (measured on the built-in Graphviz): a line is as
// high as its largest text's size, a label of one line 1.2 times that.
func labelSize(lines [][]textRun, size float64) (w, h float64) {
	for _, line := range lines {
		lw, lh := 0.0, size
		if len(line) > 0 {
			lh = 0
		}
		for _, r := range line {
			lw += pagefont.Width(r.text, r.bold) * r.size
			lh = max(lh, r.size)
		}
		w, h = max(w, lw), h+lh
	}
	if len(lines) == 1 {
		h *= 1.2
	}
	return w, h
}

// sizedLabel is an HTML label's content in one cell of the size of its text
// in the page's font (whole points, as Graphviz takes them, rounded up).
func sizedLabel(label string, size float64) string {
	w, h := labelSize(labelLines(label, size), size)
	return fmt.Sprintf(`<table border="0" cellborder="0" cellspacing="0" cellpadding="0"><tr><td fixedsize="true" width="%d" height="%d">%s</td></tr></table>`,
		int(math.Ceil(w-1e-9)), int(math.Ceil(h-1e-9)), label)
}

// statementSize finds the first fontsize=N (N digits and dots) after a
// '[', ' ' or ',' in a statement.
func statementSize(s string) (string, bool) {
	const name = "fontsize="
	for i := 1; i+len(name) <= len(s); i++ {
		if !strings.HasPrefix(s[i:], name) || strings.IndexByte("[ ,", s[i-1]) < 0 {
			continue
		}
		if n := numberLen(s[i+len(name):]); n > 0 {
			return s[i+len(name) : i+len(name)+n], true
		}
	}
	return "", false
}

// space are the characters a DOT statement's words are separated by.
const space = "\t\n\f\r "

// isEdge says whether a statement is an edge's: "A -> B [" after any space
// (A and B words without space).
func isEdge(line string) bool {
	word := func(s string) (rest string, ok bool) {
		n := strings.IndexAny(s, space)
		if n < 0 {
			n = len(s)
		}
		return s[n:], n > 0
	}
	rest, ok := word(strings.TrimLeft(line, space))
	if !ok {
		return false
	}
	if rest, ok = strings.CutPrefix(rest, " -> "); !ok {
		return false
	}
	if rest, ok = word(rest); !ok {
		return false
	}
	return strings.HasPrefix(rest, " [")
}

// pageLabels sizes the label of each statement of the page's DOT body (one
// statement a line) by the page's font; nodeSize and edgeSize are the
// default font sizes of nodes and edges. An HTML label gets one cell of the
// size of its text; a quoted one (a count, "+3") is made an HTML label
// first; a blank one (a shape of fixed size) is left alone.
func pageLabels(body []byte, nodeSize, edgeSize int) []byte {
	var out bytes.Buffer
	for _, line := range strings.SplitAfter(string(body), "\n") {
		start, end, html := labelAt(line)
		if start < 0 {
			out.WriteString(line)
			continue
		}
		size := float64(nodeSize)
		if isEdge(line) {
			size = float64(edgeSize)
		}
		if m, ok := statementSize(line[:start] + line[end:]); ok {
			if v, err := strconv.ParseFloat(m, 64); err == nil {
				size = v
			}
		}
		content, before, after := line[start:end], line[:start-len("label=")], line[end:]
		if html {
			before, after = line[:start-len("label=<")], line[end+len(">"):]
		} else {
			text, err := strconv.Unquote(content)
			if err != nil || strings.TrimSpace(text) == "" {
				out.WriteString(line)
				continue
			}
			content = esc(text)
		}
		out.WriteString(before + "label=<" + sizedLabel(content, size) + ">" + after)
	}
	return out.Bytes()
}

// labelAt finds the label attribute of a statement's attribute list: the
// start and end of its value: an HTML label's content, between its outer
// angle brackets (isHTML), or a quoted string with its quotes; -1 when the
// statement has no label.
func labelAt(line string) (start, end int, isHTML bool) {
	open := strings.IndexByte(line, '[')
	if open < 0 {
		return -1, -1, false
	}
	inQuote := false
	for i := open + 1; i < len(line); i++ {
		c := line[i]
		switch {
		case inQuote:
			if c == '\\' {
				i++
			} else if c == '"' {
				inQuote = false
			}
		case c == '"':
			inQuote = true
		case c == '<':
			// An HTML value: skip to its closing bracket.
			depth := 0
			for j := i; j < len(line); j++ {
				switch line[j] {
				case '<':
					depth++
				case '>':
					depth--
					if depth == 0 {
						if strings.HasSuffix(line[:i], "label=") && isAttrStart(line, i-len("label=")) {
							return i + 1, j, true
						}
						i = j
						j = len(line)
					}
				}
			}
		case strings.HasPrefix(line[i:], `label="`) && isAttrStart(line, i):
			for j := i + len(`label="`); j < len(line); j++ {
				if line[j] == '\\' {
					j++
					continue
				}
				if line[j] == '"' {
					return i + len("label="), j + 1, false
				}
			}
			return -1, -1, false
		}
	}
	return -1, -1, false
}

// isAttrStart says whether an attribute's name starts at i of a statement:
// after the list's opening bracket or a comma and spaces.
func isAttrStart(line string, i int) bool {
	j := i - 1
	for j >= 0 && line[j] == ' ' {
		j--
	}
	return j >= 0 && (line[j] == '[' || line[j] == ',')
}
