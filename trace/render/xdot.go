package render

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file reads what Graphviz writes for -Txdot (xdot 1.7): a DOT file whose
// graphs, clusters, nodes and edges carry their drawing as xdot operations in
// the attributes _draw_, _ldraw_, _hdraw_, _tdraw_, _hldraw_ and _tldraw_, and
// the graph its bounding box in bb. See Graphviz's documentation "xdot".

// point is a position in Graphviz points, y pointing up.
type point struct{ X, Y float64 }

// op is one xdot drawing operation.
type op struct {
	Kind  byte    // E e P p L B b T t C c F S I
	Pts   []point // E/e: centre, then (half width, half height); P p L B b: the points; I: corner, then (w, h)
	X, Y  float64 // T: baseline anchor
	Just  int     // T: -1 left, 0 centre, 1 right
	W     float64 // T: width Graphviz computed for the text
	Size  float64 // F: font size in points
	Flags int     // t: font characteristics (1 bold, 2 italic, 4 underline, 8 super, 16 sub, 32 strike, 64 overline)
	Str   string  // T text, C c colour, F font name, S style, I image name
}

// Font characteristics of the t operation.
const (
	flagBold      = 1
	flagItalic    = 2
	flagUnderline = 4
	flagStrike    = 32
	flagOverline  = 64
)

// scanner reads the fields of an xdot attribute value.
type scanner struct {
	s string
	i int
}

func (sc *scanner) skip() {
	for sc.i < len(sc.s) {
		switch sc.s[sc.i] {
		case ' ', '\t', '\n', '\r':
			sc.i++
		default:
			return
		}
	}
}

func (sc *scanner) done() bool {
	sc.skip()
	return sc.i >= len(sc.s)
}

// field returns the next run of non-blank bytes.
func (sc *scanner) field() (string, error) {
	sc.skip()
	start := sc.i
	for sc.i < len(sc.s) {
		c := sc.s[sc.i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			break
		}
		sc.i++
	}
	if start == sc.i {
		return "", errors.New("unexpected end")
	}
	return sc.s[start:sc.i], nil
}

func (sc *scanner) float() (float64, error) {
	at := sc.i
	f, err := sc.field()
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseFloat(f, 64)
	if err != nil {
		return 0, fmt.Errorf("bad number %q at byte %d", f, at)
	}
	return v, nil
}

func (sc *scanner) int() (int, error) {
	at := sc.i
	f, err := sc.field()
	if err != nil {
		return 0, err
	}
	v, err := strconv.Atoi(f)
	if err != nil {
		// Graphviz writes integers, but tolerate "3.0".
		fv, ferr := strconv.ParseFloat(f, 64)
		if ferr != nil || fv != float64(int(fv)) {
			return 0, fmt.Errorf("bad integer %q at byte %d", f, at)
		}
		v = int(fv)
	}
	return v, nil
}

// str reads "n -bytes": n counts bytes, not runes.
func (sc *scanner) str() (string, error) {
	n, err := sc.int()
	if err != nil {
		return "", err
	}
	if n < 0 {
		return "", fmt.Errorf("negative string length %d", n)
	}
	sc.skip()
	if sc.i >= len(sc.s) || sc.s[sc.i] != '-' {
		return "", fmt.Errorf("string without '-' at byte %d", sc.i)
	}
	sc.i++
	if sc.i+n > len(sc.s) {
		return "", fmt.Errorf("string of %d bytes overruns the attribute at byte %d", n, sc.i)
	}
	s := sc.s[sc.i : sc.i+n]
	sc.i += n
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	return s, nil
}

func (sc *scanner) points() ([]point, error) {
	n, err := sc.int()
	if err != nil {
		return nil, err
	}
	if n < 0 || n > len(sc.s) {
		return nil, fmt.Errorf("bad point count %d", n)
	}
	pts := make([]point, n)
	for k := range pts {
		if pts[k].X, err = sc.float(); err != nil {
			return nil, err
		}
		if pts[k].Y, err = sc.float(); err != nil {
			return nil, err
		}
	}
	return pts, nil
}

// parseOps reads one xdot attribute value into operations.
func parseOps(s string) ([]op, error) {
	sc := &scanner{s: s}
	var ops []op
	for !sc.done() {
		at := sc.i
		kind := sc.s[sc.i]
		sc.i++
		if sc.i < len(sc.s) && sc.s[sc.i] != ' ' && sc.s[sc.i] != '\t' && sc.s[sc.i] != '\n' {
			return ops, fmt.Errorf("xdot: unknown operation %q at byte %d", firstField(s[at:]), at)
		}
		o := op{Kind: kind}
		var err error
		switch kind {
		case 'E', 'e':
			var v [4]float64
			for k := range v {
				if v[k], err = sc.float(); err != nil {
					break
				}
			}
			o.Pts = []point{{v[0], v[1]}, {v[2], v[3]}}
		case 'P', 'p', 'L', 'B', 'b':
			o.Pts, err = sc.points()
		case 'T':
			if o.X, err = sc.float(); err != nil {
				break
			}
			if o.Y, err = sc.float(); err != nil {
				break
			}
			if o.Just, err = sc.int(); err != nil {
				break
			}
			if o.W, err = sc.float(); err != nil {
				break
			}
			o.Str, err = sc.str()
		case 't':
			o.Flags, err = sc.int()
		case 'C', 'c', 'S':
			o.Str, err = sc.str()
		case 'F':
			if o.Size, err = sc.float(); err != nil {
				break
			}
			o.Str, err = sc.str()
		case 'I':
			var v [4]float64
			for k := range v {
				if v[k], err = sc.float(); err != nil {
					break
				}
			}
			o.Pts = []point{{v[0], v[1]}, {v[2], v[3]}}
			if err == nil {
				o.Str, err = sc.str()
			}
		default:
			return ops, fmt.Errorf("xdot: unknown operation %q at byte %d", firstField(s[at:]), at)
		}
		if err != nil {
			return ops, fmt.Errorf("xdot: operation %c at byte %d: %v", kind, at, err)
		}
		ops = append(ops, o)
	}
	return ops, nil
}

func firstField(s string) string {
	if i := strings.IndexAny(s, " \t\n"); i >= 0 {
		s = s[:i]
	}
	if len(s) > 10 {
		s = s[:10]
	}
	return s
}

// rect is a bounding box: lower left and upper right corners.
type rect struct{ LLX, LLY, URX, URY float64 }

func parseBB(s string) (rect, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return rect{}, fmt.Errorf("xdot: bad bb %q", s)
	}
	var v [4]float64
	for k := range f {
		x, err := strconv.ParseFloat(strings.TrimSpace(f[k]), 64)
		if err != nil {
			return rect{}, fmt.Errorf("xdot: bad bb %q", s)
		}
		v[k] = x
	}
	return rect{v[0], v[1], v[2], v[3]}, nil
}

// itemKind tells what a drawn item is.
type itemKind uint8

const (
	itemGraph itemKind = iota // the root graph
	itemCluster
	itemNode
	itemEdge
)

// item is one graph, cluster, node or edge with its drawing attributes, in the
// order Graphviz paints them.
type item struct {
	Kind  itemKind
	Name  string // node name, "tail->head" for edges, subgraph name for clusters
	Attrs []drawAttr
}

// drawAttr is one drawing attribute. The drawing state (colours, font, style)
// starts afresh in each.
type drawAttr struct {
	Name string // _draw_, _ldraw_, ...
	Ops  []op
}

// attr returns the operations of the named attribute, or nil.
func (it *item) attr(name string) []op {
	for _, a := range it.Attrs {
		if a.Name == name {
			return a.Ops
		}
	}
	return nil
}

// layout is a parsed xdot file.
type layout struct {
	BB    rect
	Items []item // graph and clusters first, then nodes and edges, in file order
}

// find returns the first item of that kind and name, or nil.
func (l *layout) find(k itemKind, name string) *item {
	for i := range l.Items {
		if l.Items[i].Kind == k && l.Items[i].Name == name {
			return &l.Items[i]
		}
	}
	return nil
}

// drawAttrs lists the drawing attributes in painting order for each kind.
var drawAttrs = map[itemKind][]string{
	itemGraph:   {"_draw_", "_ldraw_"},
	itemCluster: {"_draw_", "_ldraw_"},
	itemNode:    {"_draw_", "_ldraw_"},
	itemEdge:    {"_draw_", "_tdraw_", "_hdraw_", "_tldraw_", "_hldraw_", "_ldraw_"},
}

// parseXdot reads the DOT text Graphviz wrote for -Txdot.
func parseXdot(src []byte) (*layout, error) {
	lx := &dotLexer{s: string(src)}
	l := &layout{}
	var back, front []item
	var stack []string // names of the open (sub)graphs
	var stmt []dotToken
	haveBB := false
	for {
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		switch t.kind {
		case tokEOF:
			if !haveBB {
				return nil, errors.New("xdot: the graph has no bb attribute")
			}
			l.Items = append(back, front...)
			return l, nil
		case '{':
			name := ""
			if len(stmt) >= 2 && stmt[len(stmt)-2].kind == tokID && strings.EqualFold(stmt[len(stmt)-2].text, "subgraph") {
				name = stmt[len(stmt)-1].text
			}
			stack = append(stack, name)
			stmt = nil
		case '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			stmt = nil
		case ';', ',':
			stmt = nil
		case '[':
			attrs, err := lx.attrList()
			if err != nil {
				return nil, err
			}
			it, isGraph, ok := classify(stmt, stack)
			stmt = nil
			if !ok {
				continue
			}
			if isGraph && len(stack) == 1 {
				if bb, found := attrs["bb"]; found {
					if l.BB, err = parseBB(bb); err != nil {
						return nil, err
					}
					haveBB = true
				}
			}
			if err := it.addOps(attrs); err != nil {
				return nil, err
			}
			if len(it.Attrs) == 0 {
				continue
			}
			if it.Kind == itemGraph || it.Kind == itemCluster {
				back = append(back, it)
			} else {
				front = append(front, it)
			}
		case '=':
			// "key = value" as a statement: an attribute of the current graph.
			v, err := lx.next()
			if err != nil {
				return nil, err
			}
			if len(stmt) == 0 || !v.isID() {
				return nil, fmt.Errorf("xdot: line %d: unexpected '='", t.line)
			}
			key := stmt[len(stmt)-1].text
			stmt = nil
			attrs := map[string]string{key: v.text}
			if key == "bb" && len(stack) == 1 {
				if l.BB, err = parseBB(v.text); err != nil {
					return nil, err
				}
				haveBB = true
			}
			kind := itemCluster
			if len(stack) == 1 {
				kind = itemGraph
			}
			it := item{Kind: kind, Name: stack[len(stack)-1]}
			if err := it.addOps(attrs); err != nil {
				return nil, err
			}
			if len(it.Attrs) > 0 {
				back = append(back, it)
			}
		default:
			stmt = append(stmt, t)
		}
	}
}

// classify tells what a statement with an attribute list describes.
func classify(stmt []dotToken, stack []string) (it item, isGraph, ok bool) {
	if len(stmt) == 0 || len(stack) == 0 {
		return item{}, false, false
	}
	head := stmt[0]
	if head.kind == tokID && !head.quoted {
		switch strings.ToLower(head.text) {
		case "graph":
			if len(stack) == 1 {
				return item{Kind: itemGraph, Name: stack[0]}, true, true
			}
			return item{Kind: itemCluster, Name: stack[len(stack)-1]}, true, true
		case "node", "edge":
			return item{}, false, false // defaults, never positions
		}
	}
	var ends []string
	edge := false
	for k := 0; k < len(stmt); k++ {
		switch stmt[k].kind {
		case tokEdgeOp:
			edge = true
		case ':':
			k++ // skip the port (and compass point) names
		default:
			if k == 0 || stmt[k-1].kind == tokEdgeOp {
				ends = append(ends, stmt[k].text)
			}
		}
	}
	if edge {
		return item{Kind: itemEdge, Name: strings.Join(ends, "->")}, false, true
	}
	return item{Kind: itemNode, Name: head.text}, false, true
}

func (it *item) addOps(attrs map[string]string) error {
	for _, a := range drawAttrs[it.Kind] {
		v, found := attrs[a]
		if !found || v == "" {
			continue
		}
		ops, err := parseOps(v)
		if err != nil {
			return fmt.Errorf("%v (in %s of %s)", err, a, it.Name)
		}
		it.Attrs = append(it.Attrs, drawAttr{Name: a, Ops: ops})
	}
	return nil
}

// DOT lexer, just enough for what Graphviz writes.

const (
	tokEOF    = 0
	tokID     = 'i'
	tokEdgeOp = '>'
)

type dotToken struct {
	kind   byte // tokEOF, tokID, tokEdgeOp, or the punctuation byte itself
	text   string
	quoted bool // a quoted or HTML string
	line   int
}

func (t dotToken) isID() bool { return t.kind == tokID }

type dotLexer struct {
	s    string
	i    int
	line int
}

func (lx *dotLexer) errorf(format string, a ...any) error {
	return fmt.Errorf("xdot: line %d: %s", lx.line+1, fmt.Sprintf(format, a...))
}

func (lx *dotLexer) skipSpace() {
	for lx.i < len(lx.s) {
		c := lx.s[lx.i]
		switch {
		case c == '\n':
			lx.line++
			lx.i++
		case c == ' ' || c == '\t' || c == '\r':
			lx.i++
		case c == '#' && (lx.i == 0 || lx.s[lx.i-1] == '\n'):
			lx.skipTo("\n")
		case c == '/' && strings.HasPrefix(lx.s[lx.i:], "//"):
			lx.skipTo("\n")
		case c == '/' && strings.HasPrefix(lx.s[lx.i:], "/*"):
			lx.skipTo("*/")
			lx.i += 2
		default:
			return
		}
	}
}

func (lx *dotLexer) skipTo(end string) {
	j := strings.Index(lx.s[lx.i:], end)
	if j < 0 {
		lx.i = len(lx.s)
		return
	}
	lx.line += strings.Count(lx.s[lx.i:lx.i+j], "\n")
	lx.i += j
}

func (lx *dotLexer) next() (dotToken, error) {
	lx.skipSpace()
	if lx.i >= len(lx.s) {
		return dotToken{kind: tokEOF, line: lx.line + 1}, nil
	}
	line := lx.line + 1
	c := lx.s[lx.i]
	switch {
	case c == '-' && lx.i+1 < len(lx.s) && (lx.s[lx.i+1] == '>' || lx.s[lx.i+1] == '-'):
		lx.i += 2
		return dotToken{kind: tokEdgeOp, text: lx.s[lx.i-2 : lx.i], line: line}, nil
	case strings.IndexByte("{}[];,=:", c) >= 0:
		lx.i++
		return dotToken{kind: c, text: string(c), line: line}, nil
	case c == '"':
		s, err := lx.quoted()
		if err != nil {
			return dotToken{}, err
		}
		// "a" + "b" concatenates.
		for {
			save, saveLine := lx.i, lx.line
			lx.skipSpace()
			if lx.i < len(lx.s) && lx.s[lx.i] == '+' {
				lx.i++
				lx.skipSpace()
				if lx.i < len(lx.s) && lx.s[lx.i] == '"' {
					more, err := lx.quoted()
					if err != nil {
						return dotToken{}, err
					}
					s += more
					continue
				}
			}
			lx.i, lx.line = save, saveLine
			break
		}
		return dotToken{kind: tokID, text: s, quoted: true, line: line}, nil
	case c == '<':
		depth := 0
		start := lx.i
		for lx.i < len(lx.s) {
			switch lx.s[lx.i] {
			case '<':
				depth++
			case '>':
				depth--
			case '\n':
				lx.line++
			}
			lx.i++
			if depth == 0 {
				return dotToken{kind: tokID, text: lx.s[start+1 : lx.i-1], quoted: true, line: line}, nil
			}
		}
		return dotToken{}, lx.errorf("unterminated HTML string")
	case isIDByte(c) || c == '-' || c == '.':
		start := lx.i
		for lx.i < len(lx.s) && (isIDByte(lx.s[lx.i]) || lx.s[lx.i] == '.' || (lx.i == start && lx.s[lx.i] == '-')) {
			lx.i++
		}
		return dotToken{kind: tokID, text: lx.s[start:lx.i], line: line}, nil
	}
	return dotToken{}, lx.errorf("unexpected %q", c)
}

func isIDByte(c byte) bool {
	return c == '_' || c >= 0x80 || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// quoted reads a double-quoted string. Graphviz escapes '"' and '\' with a
// backslash when it writes xdot attributes, and breaks long lines with a
// backslash-newline; other backslashes (as in "\N") are kept.
func (lx *dotLexer) quoted() (string, error) {
	lx.i++ // opening quote
	var b strings.Builder
	for lx.i < len(lx.s) {
		c := lx.s[lx.i]
		switch c {
		case '"':
			lx.i++
			return b.String(), nil
		case '\\':
			if lx.i+1 < len(lx.s) {
				switch d := lx.s[lx.i+1]; d {
				case '"', '\\':
					b.WriteByte(d)
					lx.i += 2
					continue
				case '\n':
					lx.line++
					lx.i += 2
					continue
				case '\r':
					lx.i += 2
					if lx.i < len(lx.s) && lx.s[lx.i] == '\n' {
						lx.line++
						lx.i++
					}
					continue
				}
			}
		case '\n':
			lx.line++
		}
		b.WriteByte(c)
		lx.i++
	}
	return "", lx.errorf("unterminated string")
}

// attrList reads "key = value, ..." up to and including the closing ']', and
// any further lists that follow at once.
func (lx *dotLexer) attrList() (map[string]string, error) {
	attrs := map[string]string{}
	for {
		t, err := lx.next()
		if err != nil {
			return nil, err
		}
		switch {
		case t.kind == ']':
			save, saveLine := lx.i, lx.line
			lx.skipSpace()
			if lx.i < len(lx.s) && lx.s[lx.i] == '[' {
				lx.i++
				continue
			}
			lx.i, lx.line = save, saveLine
			return attrs, nil
		case t.kind == ',' || t.kind == ';':
		case t.kind == tokID:
			save, saveLine := lx.i, lx.line
			eq, err := lx.next()
			if err != nil {
				return nil, err
			}
			if eq.kind != '=' {
				attrs[t.text] = "true"
				lx.i, lx.line = save, saveLine
				continue
			}
			v, err := lx.next()
			if err != nil {
				return nil, err
			}
			if v.kind != tokID {
				return nil, lx.errorf("attribute %s has no value", t.text)
			}
			attrs[t.text] = v.text
		case t.kind == tokEOF:
			return nil, lx.errorf("unterminated attribute list")
		default:
			return nil, lx.errorf("unexpected %q in an attribute list", t.text)
		}
	}
}
