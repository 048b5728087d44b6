package tree

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// jsonReader reads a JSON document that json.Valid accepted, in one pass,
// building the nodes as it goes. Its checks and their order are those of a
// reader that decodes the document first: a node's own fields are checked
// before its children (an error found in a child waits until the node's
// fields have passed), and the first faulty child is reported.
type jsonReader struct {
	source string
	data   []byte
	off    int
	nodes  int   // nodes made so far
	fatal  error // the node limit: ends the reading at once
}

// jval is a JSON value that is not read as nodes: its kind ('s' string, 'n'
// number, 't' true, 'f' false, 'z' null, '{' object, '[' array), the string's
// value or the number's text, and where it is in the document.
type jval struct {
	kind       byte
	text       string
	start, end int
	set        bool // the field was given
}

func (r *jsonReader) errorf(where, format string, args ...any) *SyntaxError {
	return syntaxError(SyntaxError{Source: r.source, Where: where}, i18n.Errorf(format, args...))
}

// ws skips white space.
func (r *jsonReader) ws() {
	for r.off < len(r.data) {
		switch r.data[r.off] {
		case ' ', '\t', '\r', '\n':
			r.off++
		default:
			return
		}
	}
}

// peek returns the next byte that is not white space (0 at the end).
func (r *jsonReader) peek() byte {
	r.ws()
	if r.off >= len(r.data) {
		return 0
	}
	return r.data[r.off]
}

// str reads the string at r.off.
func (r *jsonReader) str() string {
	start := r.off
	j := start + 1
	plain := true
	for r.data[j] != '"' {
		switch c := r.data[j]; {
		case c == '\\':
			plain = false
			j += 2
		case c >= utf8.RuneSelf:
			plain = false
			j++
		default:
			j++
		}
	}
	r.off = j + 1
	if plain || utf8.Valid(r.data[start+1:j]) && bytes.IndexByte(r.data[start+1:j], '\\') < 0 {
		return string(r.data[start+1 : j])
	}
	var s string
	_ = json.Unmarshal(r.data[start:r.off], &s) // replaces bad UTF-8 as the decoder does
	return s
}

// skip moves past the value at r.off, however deep.
func (r *jsonReader) skip() {
	depth := 0
	for {
		switch r.peek() {
		case '{', '[':
			depth++
			r.off++
		case '}', ']':
			depth--
			r.off++
		case ',', ':':
			r.off++
			continue
		case '"':
			r.str()
		default:
			r.scalar()
		}
		if depth == 0 {
			return
		}
	}
}

// scalar moves past a number, true, false or null and returns its text.
func (r *jsonReader) scalar() string {
	start := r.off
	for r.off < len(r.data) && strings.IndexByte(",:]} \t\r\n", r.data[r.off]) < 0 {
		r.off++
	}
	return string(r.data[start:r.off])
}

// value reads a value that is not read as nodes.
func (r *jsonReader) value() jval {
	v := jval{start: r.off, set: true}
	switch c := r.peek(); c {
	case '"':
		v.kind, v.text = 's', r.str()
	case '{', '[':
		v.kind = c
		r.skip()
	default:
		switch v.text = r.scalar(); v.text {
		case "true":
			v.kind = 't'
		case "false":
			v.kind = 'f'
		case "null":
			v.kind = 'z'
		default:
			v.kind = 'n'
		}
	}
	v.end = r.off
	return v
}

// shown is v as an error message shows it: as the decoded value would be
// written back.
func (r *jsonReader) shown(v jval) string {
	dec := json.NewDecoder(bytes.NewReader(r.data[v.start:v.end]))
	dec.UseNumber()
	var x any
	if err := dec.Decode(&x); err != nil {
		return string(r.data[v.start:v.end])
	}
	return jsonText(x)
}

// members reads the members of the object at r.off, calling member with each
// key while r.off is at its value (member must read or skip the value).
func (r *jsonReader) members(member func(key string)) {
	r.off++ // '{'
	for {
		switch r.peek() {
		case '}':
			r.off++
			return
		case ',':
			r.off++
			continue
		}
		key := r.str()
		r.peek()
		r.off++ // ':'
		r.peek()
		member(key)
		if r.fatal != nil {
			return
		}
	}
}

// document reads the top-level object.
func (r *jsonReader) document() (*Tree, error) {
	if r.peek() != '{' {
		return nil, syntaxError(SyntaxError{Source: r.source}, i18n.Error(`expected a JSON object with "tree" and optionally "root"`))
	}
	var root, depth jval
	var top *Node
	var topErr error
	hasTree := false
	var unknown []string
	r.members(func(key string) {
		switch key {
		case "root":
			root = r.value()
		case "depth":
			depth = r.value()
		case "tree":
			hasTree = true
			top, topErr = r.node(nil, 0, 0)
		default:
			unknown = append(unknown, key)
			r.skip()
		}
	})
	if r.fatal != nil {
		return nil, r.fatal
	}
	if len(unknown) > 0 {
		return nil, r.errorf(join("", slices.Min(unknown)), "unknown field (known: root, depth, tree)")
	}
	t := &Tree{Source: r.source}
	if root.set {
		switch {
		case root.kind == 's' && root.text == "max":
		case root.kind == 's' && root.text == "min":
			t.RootMin = true
		default:
			return nil, r.errorf("root", `must be "max" or "min"`)
		}
	}
	if depth.set {
		d, err := strconv.Atoi(depth.text)
		if depth.kind != 'n' || err != nil || d < 1 || d > maxNesting {
			return nil, r.errorf("depth", "must be a number of plies from 1 to %d", maxNesting)
		}
		t.Depth = d
	}
	if !hasTree {
		return nil, syntaxError(SyntaxError{Source: r.source}, i18n.Error(`missing "tree": the root node`))
	}
	if topErr != nil {
		return nil, topErr
	}
	t.Root = top
	if err := finish(t, r.source, func(n *Node) (int, int, string) { return 0, 0, jsonPath(n) }); err != nil {
		return nil, err
	}
	return t, nil
}

// jsonPath is the JSON path of a node: "tree", "tree.children[1]", ...
func jsonPath(n *Node) string {
	if n.parent == nil {
		return "tree"
	}
	return childPath(n.parent, n.index)
}

// childPath is the JSON path of child i of parent (nil: the root).
func childPath(parent *Node, i int) string {
	if parent == nil {
		return "tree"
	}
	return jsonPath(parent) + ".children[" + strconv.Itoa(i) + "]"
}

// nodeJSON is what an object says about a node, as read.
type nodeJSON struct {
	name, value, eval, key, player  jval
	weight                          jval
	capture, check, promotion, pass jval
	children                        jval // its kind, for an array too
	list                            []*Node
	count                           int   // elements of the children array
	childErr                        error // the first faulty child's
	unknown                         []string
}

// node reads the node at r.off, child i of parent (nil for the root), depth
// levels below the root.
func (r *jsonReader) node(parent *Node, i, depth int) (*Node, error) {
	if depth > maxNesting {
		r.skip()
		return nil, r.errorf(childPath(parent, i), "the tree is nested more than %d levels deep", maxNesting)
	}
	if r.peek() != '{' {
		r.skip()
		return nil, r.errorf(childPath(parent, i), "a node must be a JSON object")
	}
	if r.nodes++; r.nodes > MaxNodes {
		r.fatal = r.errorf(childPath(parent, i), "the tree has more than %d nodes, the most a toy tree may have", MaxNodes)
		return nil, r.fatal
	}
	n := &Node{parent: parent, index: i}
	var f nodeJSON
	r.members(func(key string) {
		switch key {
		case "name":
			f.name = r.value()
		case "value":
			f.value = r.value()
		case "eval":
			f.eval = r.value()
		case "capture":
			f.capture = r.value()
		case "check":
			f.check = r.value()
		case "promotion":
			f.promotion = r.value()
		case "pass":
			f.pass = r.value()
		case "key":
			f.key = r.value()
		case "player":
			f.player = r.value()
		case "p":
			f.weight = r.value()
		case "children":
			f.list, f.count, f.childErr = nil, 0, nil // a repeated field: the last counts
			if r.peek() != '[' {
				f.children = r.value()
				return
			}
			f.children = jval{kind: '[', start: r.off, set: true}
			f.list, f.count, f.childErr = r.children(n, depth)
		default:
			f.unknown = append(f.unknown, key)
			r.skip()
		}
	})
	if r.fatal != nil {
		return nil, r.fatal
	}
	if err := r.fill(n, &f, depth == 0); err != nil {
		return nil, err
	}
	return n, nil
}

// children reads the array of children of parent.
func (r *jsonReader) children(parent *Node, depth int) (list []*Node, count int, first error) {
	r.off++ // '['
	for {
		switch r.peek() {
		case ']':
			r.off++
			return list, count, first
		case ',':
			r.off++
			continue
		}
		if first != nil {
			r.skip() // the first faulty child is the one reported
			count++
			continue
		}
		c, err := r.node(parent, count, depth+1)
		if r.fatal != nil {
			return nil, 0, r.fatal
		}
		if err != nil {
			first = err
		} else {
			list = append(list, c)
		}
		count++
	}
}

// fill checks what an object said about node n and sets its fields, in the
// order the checks have always been made.
func (r *jsonReader) fill(n *Node, f *nodeJSON, root bool) error {
	path := func() string { return jsonPath(n) }
	if len(f.unknown) > 0 {
		return r.errorf(join(path(), slices.Min(f.unknown)), "unknown field (known: %s)", strings.Join(nodeFields(), ", "))
	}
	if f.name.set {
		if f.name.kind != 's' || !validName(f.name.text) {
			return r.errorf(join(path(), "name"), "invalid name %s: %s", r.shown(f.name), nameRule)
		}
		n.Name = f.name.text
	}
	if f.value.set == f.children.set {
		return r.errorf(path(), "a node needs exactly one of value and children")
	}
	var err error
	if f.value.set {
		n.Leaf = true
		if n.Value, err = r.number(f.value, path, "value"); err != nil {
			return err
		}
	}
	if f.eval.set {
		if n.Leaf {
			return r.errorf(join(path(), "eval"), "eval on a leaf: a leaf's value is its evaluation")
		}
		if n.Eval, err = r.number(f.eval, path, "eval"); err != nil {
			return err
		}
		n.HasEval = true
	}
	for _, fl := range []struct {
		name string
		v    jval
		dst  *bool
	}{{"capture", f.capture, &n.Capture}, {"check", f.check, &n.Check}, {"promotion", f.promotion, &n.Promotion}, {"pass", f.pass, &n.Pass}} {
		if !fl.v.set {
			continue
		}
		isBool, b := fl.v.kind == 't' || fl.v.kind == 'f', fl.v.kind == 't'
		switch {
		case !isBool:
			return r.errorf(join(path(), fl.name), "must be true or false")
		case b && root && fl.name == "pass":
			return r.errorf(join(path(), fl.name), "pass on the root: only a child can be its parent's pass")
		case b && root:
			return r.errorf(join(path(), fl.name), "%s on the root: no move leads into the root", fl.name)
		}
		*fl.dst = b
	}
	if f.key.set {
		if f.key.kind != 's' && f.key.kind != 'n' {
			return r.errorf(join(path(), "key"), "must be a string or a number")
		}
		k, ok := canonicalKey(f.key.text)
		if !ok {
			return r.errorf(join(path(), "key"), "invalid key %s: %s", r.shown(f.key), keyRule)
		}
		n.KeyText = k
	}
	if f.player.set {
		switch {
		case f.player.kind != 's' || (f.player.text != "max" && f.player.text != "min" && f.player.text != "chance"):
			return r.errorf(join(path(), "player"), `must be "max", "min" or "chance"`)
		case root && f.player.text == "chance":
			return r.errorf(join(path(), "player"), "chance on the root: the root is a player's choice; put the chance node below it")
		case root:
			return r.errorf(join(path(), "player"), `player on the root: the document's "root" says who moves first`)
		case n.Pass:
			return r.errorf(join(path(), "player"), "player on a pass: a pass always hands the move to the other player")
		}
		switch f.player.text {
		case "max":
			n.Turn = TurnMax
		case "min":
			n.Turn = TurnMin
		default:
			n.Chance = true
		}
	}
	if f.weight.set {
		if f.weight.kind != 'n' && f.weight.kind != 's' {
			return r.errorf(join(path(), "p"), "must be a number or a fraction such as \"1/3\"")
		}
		if root {
			return r.errorf(join(path(), "p"), "p on the root: a probability belongs to a child of a chance node")
		}
		num, den, msg := parseWeight(f.weight.text)
		if msg != nil {
			return r.errorf(join(path(), "p"), "%s", msg)
		}
		n.PNum, n.PDen = num, den
	}
	if f.children.set {
		switch {
		case f.children.kind != '[':
			return r.errorf(join(path(), "children"), "must be a list of nodes")
		case f.count == 0:
			return r.errorf(join(path(), "children"), "a node needs at least one child")
		case f.childErr != nil:
			return f.childErr
		}
		n.Children = slices.Clip(f.list)
	}
	return nil
}

// number reads a value held as a JSON number, in hundredths, or an
// infinity held as a string ("inf", "-inf", or another spelling the text
// form reads: score.ParseInf) as ±score.Inf; field names it in the node at
// path() (computed for an error only).
func (r *jsonReader) number(v jval, path func() string, field string) (int64, error) {
	if v.kind == 's' {
		if inf, ok := score.ParseInf(v.text); ok {
			return inf, nil
		}
	}
	if v.kind != 'n' {
		return 0, r.errorf(join(path(), field), `must be a number, or "inf" or "-inf"`)
	}
	if strings.ContainsAny(v.text, "eE") {
		return 0, r.errorf(join(path(), field), "value %s: write it without an exponent", v.text)
	}
	centi, msg := parseValue(v.text)
	if msg != nil {
		return 0, r.errorf(join(path(), field), "%s", msg)
	}
	return centi, nil
}
