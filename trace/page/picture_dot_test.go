package page

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace/dot"
)

// A second reader of the page's picture, for the tests: from the DOT text
// trace/dot writes of the same scene (dot.Write). TestSceneAndDOTAgree
// holds the page's reader of the scene (pictureOfScene) to it.

var (
	dotStatement = regexp.MustCompile(`^  ([nsu]\d+)(?: -> ([nsu]\d+))? \[(.*)\];$`)
	htmlTag      = regexp.MustCompile(`<[^>]*>|[^<]+`)
	tagAttr      = regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
	classTag     = regexp.MustCompile(`ps-(cut|of)(\d+)`)
)

// pictureOf reads the page's DOT text (dot.Options.Page) into its picture:
// every shape but the first hangs from one other by an edge, in the order
// of the DOT (which is the order of the moves).
func pictureOf(src []byte) (*picture, error) {
	p := &picture{}
	index := map[string]int{}
	type pending struct {
		from, to string
		attrs    map[string]string
	}
	var edges []pending
	for _, line := range strings.Split(string(src), "\n") {
		m := dotStatement.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		attrs, err := dotAttrs(m[3])
		if err != nil {
			return nil, fmt.Errorf("page: the drawing's %s: %w", m[1], err)
		}
		if m[2] != "" {
			edges = append(edges, pending{m[1], m[2], attrs})
			continue
		}
		s, err := shapeOf(m[1], attrs)
		if err != nil {
			return nil, fmt.Errorf("page: the drawing's %s: %w", m[1], err)
		}
		index[m[1]] = len(p.shapes)
		p.shapes = append(p.shapes, s)
	}
	if len(p.shapes) == 0 {
		return nil, fmt.Errorf("page: the drawing has no shapes")
	}
	for _, e := range edges {
		from, ok1 := index[e.from]
		to, ok2 := index[e.to]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("page: the drawing's edge %s -> %s joins no shapes", e.from, e.to)
		}
		pe := &picEdge{id: e.attrs["id"], from: from, to: to, style: e.attrs["style"], color: e.attrs["color"], cut: -1, of: -1}
		pe.class, pe.cut, pe.of = classOf(e.attrs["class"])
		if l := e.attrs["label"]; l != "" {
			lines := labelLines(l, 12, e.attrs["fontcolor"])
			if len(lines) > 0 {
				pe.label = lines[0].runs
			}
		}
		if e.attrs["constraint"] == "false" || p.shapes[to].edge != nil || to == 0 || from == to {
			pe.cross = true
			p.cross = append(p.cross, pe)
			continue
		}
		p.shapes[to].edge = pe
		p.shapes[to].parent = from
		p.shapes[from].children = append(p.shapes[from].children, to)
	}
	for i, s := range p.shapes {
		if s.edge == nil {
			p.roots = append(p.roots, i) // a search's root, or each of its root visits
		}
	}
	return p, nil
}

// shapeOf reads a shape's attributes.
func shapeOf(id string, a map[string]string) (*picShape, error) {
	s := &picShape{id: id, shape: a["shape"], style: a["style"], color: a["color"], fill: a["fillcolor"],
		font: a["fontcolor"], tooltip: a["tooltip"], parent: -1, size: 14}
	if s.shape == "" {
		s.shape = "box"
	}
	if v, err := strconv.ParseFloat(a["fontsize"], 64); err == nil {
		s.size = v
	}
	s.class, s.cut, s.of = classOf(a["class"])
	if a["fixedsize"] == "true" {
		w, err1 := strconv.ParseFloat(a["width"], 64)
		h, err2 := strconv.ParseFloat(a["height"], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("a fixed size of %q by %q", a["width"], a["height"])
		}
		s.fixedW, s.fixedH = w*72, h*72
	}
	for _, l := range labelLines(a["label"], s.size, s.font) {
		if id[0] == 'n' { // a never-searched leaf's value is written, not a slot ("0" is also a placeholder's form)
			l = classify(l)
		}
		s.lines = append(s.lines, l)
	}
	return s, nil
}

// classOf reads a shape's or edge's class: unsearched, and the node it is
// tagged with (ps-cut<ID>, ps-of<ID>).
func classOf(class string) (string, int64, int64) {
	cut, of := int64(-1), int64(-1)
	if m := classTag.FindStringSubmatch(class); m != nil {
		v, _ := strconv.ParseInt(m[2], 10, 64)
		if m[1] == "cut" {
			cut = v
		} else {
			of = v
		}
	}
	if strings.Contains(class, "unsearched") {
		return "unsearched", cut, of
	}
	return "", cut, of
}

// classify says what the player does with a line: the placeholders of a
// node's numbers become its value, window and cut mark; the small lines of
// the selective techniques are shown from the step of their event (but
// the iteration and pass of a root visit, known from the start).
func classify(l picLine) picLine {
	text := ""
	for _, r := range l.runs {
		text += r.text
	}
	text = strings.TrimSpace(text)
	switch {
	case dot.IsPageValue(text):
		l.class = "ps-v"
	case dot.IsPageWindow(text):
		l.class = "ps-w"
	case text == dot.PageCut:
		l.class = "ps-c"
	case len(l.runs) > 0 && l.runs[0].size == dot.PageNoteSize && !rootHead.MatchString(text):
		l.class = "ps-note"
	}
	return l
}

// rootHead is the line of a root visit that names its iteration and pass.
var rootHead = regexp.MustCompile(`^iteration \d+(, pass \d+)?$`)

// labelLines reads a DOT label, an HTML-like one (a table of one cell, its
// lines apart by <br/>, runs in <b> and <font point-size color>) or a
// plain one, into lines of runs; size and color are the text's defaults.
func labelLines(label string, size float64, color string) []picLine {
	if !strings.HasPrefix(label, "<") {
		if strings.TrimSpace(label) == "" {
			return nil
		}
		var lines []picLine
		for _, t := range strings.Split(label, `\n`) {
			lines = append(lines, picLine{runs: []picRun{{text: t, size: size, color: color}}})
		}
		return lines
	}
	type font struct {
		size  float64
		color string
	}
	stack := []font{{size, color}}
	bold := false
	var lines []picLine
	cur := picLine{}
	for _, tok := range htmlTag.FindAllString(label, -1) {
		if !strings.HasPrefix(tok, "<") {
			f := stack[len(stack)-1]
			cur.runs = append(cur.runs, picRun{text: html.UnescapeString(tok), size: f.size, bold: bold, color: f.color})
			continue
		}
		name := strings.Trim(strings.Fields(strings.Trim(tok, "<>/ "))[0], "/")
		closing := strings.HasPrefix(tok, "</")
		switch name {
		case "br":
			lines = append(lines, cur)
			cur = picLine{}
		case "b":
			bold = !closing
		case "font":
			if closing {
				if len(stack) > 1 {
					stack = stack[:len(stack)-1]
				}
				continue
			}
			f := stack[len(stack)-1]
			for _, a := range tagAttr.FindAllStringSubmatch(tok, -1) {
				switch a[1] {
				case "point-size":
					if v, err := strconv.ParseFloat(a[2], 64); err == nil {
						f.size = v
					}
				case "color":
					f.color = a[2]
				}
			}
			stack = append(stack, f)
		}
	}
	lines = append(lines, cur)
	out := lines[:0]
	for _, l := range lines {
		if len(l.runs) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// dotAttrs reads a DOT attribute list: key=value, apart by ", "; a value
// bare, "quoted" or <HTML-like>.
func dotAttrs(s string) (map[string]string, error) {
	out := map[string]string{}
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == ',') {
			i++
		}
		if i >= len(s) {
			break
		}
		eq := strings.IndexByte(s[i:], '=')
		if eq < 0 {
			return nil, fmt.Errorf("an attribute without a value at %q", s[i:])
		}
		key := s[i : i+eq]
		i += eq + 1
		var val string
		switch {
		case i < len(s) && s[i] == '"':
			j := i + 1
			var b strings.Builder
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' && j+1 < len(s) && s[j+1] == '"' {
					j++
				}
				b.WriteByte(s[j])
				j++
			}
			if j >= len(s) {
				return nil, fmt.Errorf("an unclosed string in %s", key)
			}
			val, i = b.String(), j+1
		case i < len(s) && s[i] == '<':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '<' {
					depth++
				} else if s[j] == '>' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				return nil, fmt.Errorf("an unclosed label in %s", key)
			}
			val, i = s[i+1:j], j+1
		default:
			j := strings.IndexByte(s[i:], ',')
			if j < 0 {
				j = len(s) - i
			}
			val, i = s[i:i+j], i+j
		}
		out[key] = val
	}
	return out, nil
}
