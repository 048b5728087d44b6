package tree

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace"
)

// The JSON form holds the same fields as the text form:
//
//	{"root": "min", "tree": {"name": "A", "eval": 3, "children": [
//	    {"value": 3, "capture": true}, {"value": -3.01, "key": "p1"},
//	    {"children": [{"value": 1}], "pass": true}]}}
//
// "root" is "max" (the default) or "min"; "tree" is the root node. A node has
// exactly one of "value" (a leaf) and "children", and optionally "name",
// "eval", "capture", "check", "promotion", "pass" and "key" (a string or a
// number). Unknown fields are errors.

// ParseJSON reads a tree in the JSON form. source names the input in errors and
// becomes the tree's Source. Errors are *SyntaxError values that name the JSON
// path of the offending node or field, e.g.
// "tree.json: tree.children[1].value: value 3.001 has more than two decimals".
func ParseJSON(source string, data []byte) (*Tree, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	doc, err := decodeJSON(source, data)
	if err != nil {
		return nil, err
	}
	r := &jsonReader{source: source, paths: map[*Node]string{}}
	obj, ok := doc.(map[string]any)
	if !ok {
		return nil, &SyntaxError{Source: source, Msg: `expected a JSON object with "tree" and optionally "root"`}
	}
	if err := r.known(obj, "", "root", "depth", "tree"); err != nil {
		return nil, err
	}
	t := &Tree{Source: source}
	if side, ok := obj["root"]; ok {
		switch side {
		case "max":
		case "min":
			t.RootMin = true
		default:
			return nil, r.errorf("root", `must be "max" or "min"`)
		}
	}
	if d, ok := obj["depth"]; ok {
		n, isNum := d.(json.Number)
		depth, err := strconv.Atoi(string(n))
		if !isNum || err != nil || depth < 1 || depth > 1000 {
			return nil, r.errorf("depth", "must be a number of plies from 1 to 1000")
		}
		t.Depth = depth
	}
	v, ok := obj["tree"]
	if !ok {
		return nil, &SyntaxError{Source: source, Msg: `missing "tree": the root node`}
	}
	if t.Root, err = r.node(v, "tree", 0); err != nil {
		return nil, err
	}
	place := func(n *Node) (int, int, string) { return 0, 0, r.paths[n] }
	if err := finish(t, source, place); err != nil {
		return nil, err
	}
	return t, nil
}

// decodeJSON decodes one JSON value, numbers kept as json.Number, and rejects
// anything after it.
func decodeJSON(source string, data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	err := dec.Decode(&doc)
	if err == nil {
		var extra any
		if err = dec.Decode(&extra); err == io.EOF {
			return doc, nil
		}
		off := dec.InputOffset()
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
			off++
		}
		line, col := lineCol(data, off)
		return nil, &SyntaxError{Source: source, Line: line, Col: col, Msg: "unexpected data after the JSON object"}
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, max(se.Offset-1, 0))
		return nil, &SyntaxError{Source: source, Line: line, Col: col, Msg: "malformed JSON: " + se.Error()}
	case err == io.EOF:
		return nil, &SyntaxError{Source: source, Msg: "empty input: expected a JSON object"}
	case errors.Is(err, io.ErrUnexpectedEOF):
		line, col := lineCol(data, int64(len(data)))
		return nil, &SyntaxError{Source: source, Line: line, Col: col, Msg: "malformed JSON: unexpected end of the input"}
	}
	return nil, &SyntaxError{Source: source, Msg: "malformed JSON: " + err.Error()}
}

// lineCol returns the 1-based line and column (in characters) of the byte at
// offset off in data.
func lineCol(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = 1 + bytes.Count(before, []byte{'\n'})
	if i := bytes.LastIndexByte(before, '\n'); i >= 0 {
		before = before[i+1:]
	}
	return line, 1 + len([]rune(string(before)))
}

// jsonReader turns decoded JSON into nodes and remembers the JSON path of each.
type jsonReader struct {
	source string
	paths  map[*Node]string
}

func (r *jsonReader) errorf(where, format string, args ...any) *SyntaxError {
	return &SyntaxError{Source: r.source, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// known checks that obj, found at path, has no field outside fields.
func (r *jsonReader) known(obj map[string]any, path string, fields ...string) error {
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(fields, k) {
			return r.errorf(join(path, k), "unknown field (known: %s)", strings.Join(fields, ", "))
		}
	}
	return nil
}

// join appends a field to a JSON path: .field, or ["field"] when the name is
// not a plain identifier.
func join(path, field string) string {
	plain := field != ""
	for i, r := range field {
		if !(r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || i > 0 && '0' <= r && r <= '9') {
			plain = false
		}
	}
	switch {
	case !plain:
		return path + "[" + string(appendJSONString(nil, field)) + "]"
	case path == "":
		return field
	}
	return path + "." + field
}

// nodeFields lists the fields a node may have, in the order WriteJSON writes them.
func nodeFields() []string {
	return []string{"name", "value", "eval", "capture", "check", "promotion", "pass", "key", "children"}
}

// node reads the node v found at path, depth levels below the root.
func (r *jsonReader) node(v any, path string, depth int) (*Node, error) {
	if depth > maxNesting {
		return nil, r.errorf(path, "the tree is nested more than %d levels deep", maxNesting)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return nil, r.errorf(path, "a node must be a JSON object")
	}
	if err := r.known(obj, path, nodeFields()...); err != nil {
		return nil, err
	}
	n := &Node{}
	r.paths[n] = path
	root := depth == 0
	if name, ok := obj["name"]; ok {
		s, isString := name.(string)
		if !isString || !validName(s) {
			return nil, r.errorf(join(path, "name"), "invalid name %s: %s", jsonText(name), nameRule)
		}
		n.Name = s
	}
	value, hasValue := obj["value"]
	children, hasChildren := obj["children"]
	if hasValue == hasChildren {
		return nil, r.errorf(path, "a node needs exactly one of value and children")
	}
	var err error
	if hasValue {
		n.Leaf = true
		if n.Value, err = r.number(value, join(path, "value")); err != nil {
			return nil, err
		}
	}
	if eval, ok := obj["eval"]; ok {
		if n.Leaf {
			return nil, r.errorf(join(path, "eval"), "eval on a leaf: a leaf's value is its evaluation")
		}
		if n.Eval, err = r.number(eval, join(path, "eval")); err != nil {
			return nil, err
		}
		n.HasEval = true
	}
	for _, f := range []struct {
		name string
		dst  *bool
	}{{"capture", &n.Capture}, {"check", &n.Check}, {"promotion", &n.Promotion}, {"pass", &n.Pass}} {
		x, ok := obj[f.name]
		if !ok {
			continue
		}
		b, isBool := x.(bool)
		switch {
		case !isBool:
			return nil, r.errorf(join(path, f.name), "must be true or false")
		case b && root && f.name == "pass":
			return nil, r.errorf(join(path, f.name), "pass on the root: only a child can be its parent's pass")
		case b && root:
			return nil, r.errorf(join(path, f.name), "%s on the root: no move leads into the root", f.name)
		}
		*f.dst = b
	}
	if key, ok := obj["key"]; ok {
		var s string
		switch k := key.(type) {
		case string:
			s = k
		case json.Number:
			s = k.String()
		default:
			return nil, r.errorf(join(path, "key"), "must be a string or a number")
		}
		if n.KeyText, ok = canonicalKey(s); !ok {
			return nil, r.errorf(join(path, "key"), "invalid key %s: %s", jsonText(key), keyRule)
		}
	}
	if hasChildren {
		list, ok := children.([]any)
		switch {
		case !ok:
			return nil, r.errorf(join(path, "children"), "must be a list of nodes")
		case len(list) == 0:
			return nil, r.errorf(join(path, "children"), "a node needs at least one child")
		}
		n.Children = make([]*Node, len(list))
		for i, c := range list {
			if n.Children[i], err = r.node(c, fmt.Sprintf("%s.children[%d]", path, i), depth+1); err != nil {
				return nil, err
			}
		}
	}
	return n, nil
}

// number reads a value held as a JSON number, in hundredths.
func (r *jsonReader) number(v any, path string) (int64, error) {
	num, ok := v.(json.Number)
	if !ok {
		return 0, r.errorf(path, "must be a number")
	}
	if strings.ContainsAny(num.String(), "eE") {
		return 0, r.errorf(path, "value %s: write it without an exponent", num)
	}
	centi, msg := parseValue(num.String())
	if msg != "" {
		return 0, r.errorf(path, "%s", msg)
	}
	return centi, nil
}

// jsonText shows a decoded JSON value as it would be written.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// WriteJSON writes t in the JSON form, indented by two spaces, fields in a
// fixed order; a leaf takes one line.
func WriteJSON(w io.Writer, t *Tree) error {
	if t == nil || t.Root == nil {
		return errors.New("write tree as JSON: the tree is empty")
	}
	b := []byte("{\n  \"root\": ")
	if t.RootMin {
		b = append(b, `"min"`...)
	} else {
		b = append(b, `"max"`...)
	}
	if t.Depth > 0 {
		b = append(b, ",\n  \"depth\": "...)
		b = strconv.AppendInt(b, int64(t.Depth), 10)
	}
	b = append(b, ",\n  \"tree\": "...)
	b = appendJSONNode(b, t, t.Root, 1)
	b = append(b, "\n}\n"...)
	bw := bufio.NewWriter(w)
	if _, err := bw.Write(b); err != nil {
		return fmt.Errorf("write tree as JSON: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("write tree as JSON: %w", err)
	}
	return nil
}

// appendJSONNode appends n as a JSON object whose closing brace sits at the
// given indentation level.
func appendJSONNode(b []byte, t *Tree, n *Node, level int) []byte {
	sep := ", "
	if !n.Leaf {
		sep = ",\n" + strings.Repeat("  ", level+1)
	}
	first := true
	field := func(name string) {
		if first {
			b = append(b, '{')
			if !n.Leaf {
				b = append(b, sep[1:]...)
			}
			first = false
		} else {
			b = append(b, sep...)
		}
		b = append(b, '"')
		b = append(b, name...)
		b = append(b, `": `...)
	}
	if n.Name != "" {
		field("name")
		b = appendJSONString(b, n.Name)
	}
	if n.Leaf {
		field("value")
		b = trace.AppendDecimal(b, n.Value, t.Scale)
	}
	if n.HasEval {
		field("eval")
		b = trace.AppendDecimal(b, n.Eval, t.Scale)
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"capture", n.Capture}, {"check", n.Check}, {"promotion", n.Promotion}, {"pass", n.Pass}} {
		if f.on {
			field(f.name)
			b = append(b, "true"...)
		}
	}
	if n.KeyText != "" {
		field("key")
		if _, err := strconv.ParseInt(n.KeyText, 10, 64); err == nil {
			b = append(b, n.KeyText...) // an integer key
		} else {
			b = appendJSONString(b, n.KeyText)
		}
	}
	if !n.Leaf {
		field("children")
		inner := strings.Repeat("  ", level+2)
		b = append(b, "[\n"...)
		for i, c := range n.Children {
			if i > 0 {
				b = append(b, ",\n"...)
			}
			b = append(b, inner...)
			b = appendJSONNode(b, t, c, level+2)
		}
		b = append(b, '\n')
		b = append(b, strings.Repeat("  ", level+1)...)
		b = append(b, ']')
		b = append(b, '\n')
		b = append(b, strings.Repeat("  ", level)...)
	}
	return append(b, '}')
}

func appendJSONString(b []byte, s string) []byte {
	q, err := json.Marshal(s)
	if err != nil { // cannot happen for a string
		return append(b, `""`...)
	}
	return append(b, q...)
}
