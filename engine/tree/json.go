package tree

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// The JSON form holds the same fields as the text form:
//
//	{"root": "min", "tree": {"name": "A", "eval": 3, "children": [
//	    {"value": 3, "capture": true}, {"value": -3.01, "key": "p1"},
//	    {"children": [{"value": 1}], "pass": true}]}}
//
// "root" is "max" (the default) or "min"; "tree" is the root node. A node has
// exactly one of "value" (a leaf) and "children", and optionally "name",
// "eval", "capture", "check", "promotion", "pass", "key" (a string or a
// number) and "player" ("max" or "min": who moves at that node, overriding
// alternation; not on the root, whose player is "root"). Unknown fields are
// errors.

// ParseJSON reads a tree in the JSON form. source names the input in errors and
// becomes the tree's Source. Errors are *SyntaxError values that name the JSON
// path of the offending node or field, e.g.
// "tree.json: tree.children[1].value: value 3.001 has more than two decimals".
//
// The document is checked whole first (a malformed one is reported as such,
// wherever the fault), then read in one pass that builds the nodes directly:
// no map or interface value per node, so a large tree takes little more than
// its nodes. A tree of more than MaxNodes nodes is refused as soon as the
// count is passed.
func ParseJSON(source string, data []byte) (*Tree, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !json.Valid(data) {
		return nil, malformedJSON(source, data)
	}
	r := &jsonReader{source: source, data: data}
	return r.document()
}

// malformedJSON describes what is wrong with data, which json.Valid refused:
// a syntax error, an empty input, or something after the JSON value. It
// decodes the value without building it (as raw bytes), so a large document
// costs no more than a copy of it.
func malformedJSON(source string, data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	var doc json.RawMessage
	err := dec.Decode(&doc)
	if err == nil {
		var extra json.RawMessage
		if err = dec.Decode(&extra); err == io.EOF {
			return syntaxError(SyntaxError{Source: source}, i18n.Error("malformed JSON")) // json.Valid and the decoder disagree: cannot happen
		}
		off := dec.InputOffset()
		for off < int64(len(data)) && strings.IndexByte(" \t\r\n", data[off]) >= 0 {
			off++
		}
		line, col := lineCol(data, off)
		return syntaxError(SyntaxError{Source: source, Line: line, Col: col}, i18n.Error("unexpected data after the JSON object"))
	}
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, max(se.Offset-1, 0))
		return syntaxError(SyntaxError{Source: source, Line: line, Col: col}, i18n.Errorf("malformed JSON: %s", se.Error()))
	case err == io.EOF:
		return syntaxError(SyntaxError{Source: source}, i18n.Error("empty input: expected a JSON object"))
	case errors.Is(err, io.ErrUnexpectedEOF):
		line, col := lineCol(data, int64(len(data)))
		return syntaxError(SyntaxError{Source: source, Line: line, Col: col}, i18n.Error("malformed JSON: unexpected end of the input"))
	}
	return syntaxError(SyntaxError{Source: source}, i18n.Errorf("malformed JSON: %s", err.Error()))
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
	return []string{"name", "value", "eval", "capture", "check", "promotion", "pass", "key", "player", "p", "children"}
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
		return i18n.Error("write tree as JSON: the tree is empty")
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
		return i18n.Errorf("write tree as JSON: %w", err)
	}
	if err := bw.Flush(); err != nil {
		return i18n.Errorf("write tree as JSON: %w", err)
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
		b = appendJSONValue(b, n.Value, t.Scale)
	}
	if n.HasEval {
		field("eval")
		b = appendJSONValue(b, n.Eval, t.Scale)
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
	if n.Turn != TurnAlternate {
		field("player")
		b = appendJSONString(b, n.Turn.String())
	}
	if n.Chance {
		field("player")
		b = append(b, `"chance"`...)
	}
	if n.PDen > 0 {
		field("p")
		b = score.AppendJSON(b, n.PNum, n.PDen)
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

// appendJSONValue appends a value as the JSON form writes it: a number, or
// the string "inf" or "-inf" for an infinity, which no JSON number holds (as
// the traces write it).
func appendJSONValue(b []byte, v, scale int64) []byte {
	if score.IsInf(v) {
		b = append(b, '"')
		return append(appendValue(b, v, scale), '"')
	}
	return score.AppendDecimal(b, v, scale)
}
