package tree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/score"
)

// refParseJSON is the JSON reader before streaming: it decodes the whole
// document into maps first. The tests check that ParseJSON agrees with it.
// It reads a tree in the JSON form. source names the input in errors and
// becomes the tree's Source. Errors are *SyntaxError values that name the JSON
// path of the offending node or field, e.g.
// "tree.json: tree.children[1].value: value 3.001 has more than two decimals".
func refParseJSON(source string, data []byte) (*Tree, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	doc, err := refDecodeJSON(source, data)
	if err != nil {
		return nil, err
	}
	r := &refJSONReader{source: source, paths: map[*Node]string{}}
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
func refDecodeJSON(source string, data []byte) (any, error) {
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

// refJSONReader turns decoded JSON into nodes and remembers the JSON path of each.
type refJSONReader struct {
	source string
	paths  map[*Node]string
}

func (r *refJSONReader) errorf(where, format string, args ...any) *SyntaxError {
	return &SyntaxError{Source: r.source, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// known checks that obj, found at path, has no field outside fields.
func (r *refJSONReader) known(obj map[string]any, path string, fields ...string) error {
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

// node reads the node v found at path, depth levels below the root.
func (r *refJSONReader) node(v any, path string, depth int) (*Node, error) {
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

// number reads a value held as a JSON number, in hundredths, or an
// infinity held as a string.
func (r *refJSONReader) number(v any, path string) (int64, error) {
	if s, ok := v.(string); ok {
		if inf, ok := score.ParseInf(s); ok {
			return inf, nil
		}
	}
	num, ok := v.(json.Number)
	if !ok {
		return 0, r.errorf(path, `must be a number, or "inf" or "-inf"`)
	}
	if strings.ContainsAny(num.String(), "eE") {
		return 0, r.errorf(path, "value %s: write it without an exponent", num)
	}
	centi, msg := parseValue(num.String())
	if msg != nil {
		return 0, r.errorf(path, "%s", msg)
	}
	return centi, nil
}
