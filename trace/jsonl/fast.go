package jsonl

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/prunescope/prunescope/trace"
)

// fastWire fills w from line as json.Unmarshal would, for the lines a
// search's events are written as (write.go): one object whose members are
// numbers, booleans and strings without escapes, under their exact names.
// It reports false, having filled nothing that matters, for anything else
// (a list, an object inside, an escape, null, a name it does not know, a
// number that is not a plain integer where one is due, a member twice, bad
// JSON): decode then asks encoding/json, which says what is wrong. It reads
// an event four to five times faster, without a reflection's garbage; most
// of the time a page, a diff or a check of a saved trace takes was
// json.Unmarshal's. TestFastWireIsJSON and FuzzReadTrace hold it to
// encoding/json.
//
// The raw values it keeps (json.RawMessage) are slices of line, read
// before line is reused.
func fastWire(line []byte, w *wire) bool {
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return false
	}
	i = skipSpace(line, i+1)
	if i < len(line) && line[i] == '}' {
		return skipSpace(line, i+1) == len(line)
	}
	// The integers the wire points to, made at once.
	ints := new(struct {
		seq, node, parent, ref, iterNodes, iterLeaves int64
		ply, depth, to                                int
	})
	var seen uint64
	for {
		key, j, ok := plainString(line, i)
		if !ok {
			return false
		}
		j = skipSpace(line, j)
		if j >= len(line) || line[j] != ':' {
			return false
		}
		j = skipSpace(line, j+1)
		var bit uint
		switch string(key) {
		case "seq":
			bit = 0
			j, ok = setInt(line, j, &ints.seq, &w.Seq)
		case "ev":
			bit = 1
			j, ok = setStringPtr(line, j, &w.Ev)
		case "node":
			bit = 2
			j, ok = setInt(line, j, &ints.node, &w.Node)
		case "parent":
			bit = 3
			j, ok = setInt(line, j, &ints.parent, &w.Parent)
		case "path":
			bit = 4
			j, ok = setStringPtr(line, j, &w.Path)
		case "ply":
			bit = 5
			j, ok = setSmallInt(line, j, &ints.ply, &w.Ply)
		case "depth":
			bit = 6
			j, ok = setSmallInt(line, j, &ints.depth, &w.Depth)
		case "side":
			bit = 7
			j, ok = setString(line, j, &w.Side)
		case "chance":
			bit = 8
			j, ok = setBool(line, j, &w.Chance)
		case "p":
			bit = 9
			j, ok = setRaw(line, j, &w.P)
		case "alpha":
			bit = 10
			j, ok = setRaw(line, j, &w.Alpha)
		case "beta":
			bit = 11
			j, ok = setRaw(line, j, &w.Beta)
		case "value":
			bit = 12
			j, ok = setRaw(line, j, &w.Value)
		case "cut_alpha":
			bit = 13
			j, ok = setRaw(line, j, &w.CutAlpha)
		case "cut_beta":
			bit = 14
			j, ok = setRaw(line, j, &w.CutBeta)
		case "to":
			bit = 15
			j, ok = setSmallInt(line, j, &ints.to, &w.To)
		case "ref":
			bit = 16
			j, ok = setInt(line, j, &ints.ref, &w.Ref)
		case "pass":
			var v int64
			bit = 17
			if v, j, ok = plainInt(line, j); ok && int64(int(v)) == v {
				w.Pass = int(v)
			} else {
				ok = false
			}
		case "lower":
			bit = 18
			j, ok = setRaw(line, j, &w.Lower)
		case "upper":
			bit = 19
			j, ok = setRaw(line, j, &w.Upper)
		case "time_us":
			bit = 20
			w.TimeUS, j, ok = plainInt(line, j)
		case "margin":
			bit = 21
			j, ok = setRaw(line, j, &w.Margin)
		case "bound":
			bit = 22
			j, ok = setString(line, j, &w.Bound)
		case "proved":
			bit = 23
			j, ok = setString(line, j, &w.Proved)
		case "move":
			bit = 24
			j, ok = setString(line, j, &w.Move)
		case "reason":
			bit = 25
			j, ok = setString(line, j, &w.Reason)
		case "detail":
			bit = 26
			j, ok = setString(line, j, &w.Detail)
		case "pruned":
			bit = 27
			j, ok = setRaw(line, j, &w.Pruned)
		case "nodes":
			bit = 28
			w.Nodes, j, ok = plainInt(line, j)
		case "leaves":
			bit = 29
			w.Leaves, j, ok = plainInt(line, j)
		case "iter_nodes":
			bit = 30
			j, ok = setInt(line, j, &ints.iterNodes, &w.IterNodes)
		case "iter_leaves":
			bit = 31
			j, ok = setInt(line, j, &ints.iterLeaves, &w.IterLeaves)
		default:
			// Lists and objects (unsearched, options, pv, root_window,
			// bounds), the members only a start or done event carries,
			// and names encoding/json would match in another case.
			return false
		}
		if !ok || seen&(1<<bit) != 0 {
			return false
		}
		seen |= 1 << bit
		j = skipSpace(line, j)
		if j >= len(line) {
			return false
		}
		switch line[j] {
		case ',':
			i = skipSpace(line, j+1)
		case '}':
			return skipSpace(line, j+1) == len(line)
		default:
			return false
		}
	}
}

func setInt(b []byte, i int, v *int64, p **int64) (int, bool) {
	n, j, ok := plainInt(b, i)
	*v, *p = n, v
	return j, ok
}

func setSmallInt(b []byte, i int, v *int, p **int) (int, bool) {
	n, j, ok := plainInt(b, i)
	*v, *p = int(n), v
	return j, ok && int64(int(n)) == n
}

func setString(b []byte, i int, p *string) (int, bool) {
	s, j, ok := plainString(b, i)
	if ok {
		*p = intern(s)
	}
	return j, ok
}

func setStringPtr(b []byte, i int, p **string) (int, bool) {
	s, j, ok := plainString(b, i)
	if ok {
		v := intern(s)
		*p = &v
	}
	return j, ok
}

func setBool(b []byte, i int, p *bool) (int, bool) {
	v, j, ok := plainBool(b, i)
	*p = v
	return j, ok
}

func setRaw(b []byte, i int, p *json.RawMessage) (int, bool) {
	raw, j, ok := rawScalar(b, i)
	*p = raw
	return j, ok
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainString reads the string at b[i]: its bytes, without the quotes, and
// the index after it; not ok for an escape, a control character, invalid
// UTF-8 (which encoding/json would replace) or no string there.
func plainString(b []byte, i int) (s []byte, next int, ok bool) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, false
	}
	ascii := true
	for j := i + 1; j < len(b); j++ {
		switch c := b[j]; {
		case c == '"':
			s = b[i+1 : j]
			if !ascii && !utf8.Valid(s) {
				return nil, 0, false
			}
			return s, j + 1, true
		case c == '\\' || c < 0x20:
			return nil, 0, false
		case c >= 0x80:
			ascii = false
		}
	}
	return nil, 0, false
}

// plainInt reads the integer at b[i], written as JSON writes one (no
// fraction, exponent or leading zero), that fits 64 bits.
func plainInt(b []byte, i int) (v int64, next int, ok bool) {
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	d := j
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	if j == d || (b[d] == '0' && j > d+1) || (j < len(b) && (b[j] == '.' || b[j] == 'e' || b[j] == 'E')) {
		return 0, 0, false
	}
	if j-d > 18 { // may not fit 64 bits: strconv decides
		v, err := strconv.ParseInt(string(b[i:j]), 10, 64)
		return v, j, err == nil
	}
	for _, c := range b[d:j] {
		v = v*10 + int64(c-'0')
	}
	if d > i {
		v = -v
	}
	return v, j, true
}

// rawScalar reads the number, plain string or list of plain strings at
// b[i] as its raw text, as json.RawMessage keeps it.
func rawScalar(b []byte, i int) (raw json.RawMessage, next int, ok bool) {
	if i < len(b) && b[i] == '[' {
		return rawNames(b, i)
	}
	if i < len(b) && b[i] == '"' {
		if _, j, ok := plainString(b, i); ok {
			return b[i:j:j], j, true
		}
		return nil, 0, false
	}
	j := i
	if j < len(b) && b[j] == '-' {
		j++
	}
	switch {
	case j < len(b) && b[j] == '0':
		j++
	case j < len(b) && b[j] >= '1' && b[j] <= '9':
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
	default:
		return nil, 0, false
	}
	if j < len(b) && b[j] == '.' {
		j++
		d := j
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == d {
			return nil, 0, false
		}
	}
	if j < len(b) && (b[j] == 'e' || b[j] == 'E') {
		j++
		if j < len(b) && (b[j] == '+' || b[j] == '-') {
			j++
		}
		d := j
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j == d {
			return nil, 0, false
		}
	}
	return b[i:j:j], j, true
}

// rawNames reads the list of plain strings at b[i] (a cutoff's pruned
// moves) as its raw text.
func rawNames(b []byte, i int) (raw json.RawMessage, next int, ok bool) {
	j := skipSpace(b, i+1)
	if j < len(b) && b[j] == ']' {
		return b[i : j+1 : j+1], j + 1, true
	}
	for {
		if _, j, ok = plainString(b, j); !ok {
			return nil, 0, false
		}
		j = skipSpace(b, j)
		if j >= len(b) {
			return nil, 0, false
		}
		switch b[j] {
		case ',':
			j = skipSpace(b, j+1)
		case ']':
			return b[i : j+1 : j+1], j + 1, true
		default:
			return nil, 0, false
		}
	}
}

func plainBool(b []byte, i int) (v bool, next int, ok bool) {
	switch {
	case len(b)-i >= 4 && string(b[i:i+4]) == "true":
		return true, i + 4, true
	case len(b)-i >= 5 && string(b[i:i+5]) == "false":
		return false, i + 5, true
	}
	return false, 0, false
}

// interned are the words traces repeat on every line (event kinds, sides,
// bounds, reasons), read without making a string of them each time.
var interned = func() map[string]string {
	m := map[string]string{}
	for k := range trace.NumKinds {
		m[k.String()] = k.String()
	}
	for _, w := range []string{"max", "min", "exact", "lower", "upper",
		trace.ReasonBeta, trace.ReasonAlpha, trace.ReasonTerminal, trace.ReasonStatic, trace.ReasonNoMoves, trace.ReasonQS} {
		m[w] = w
	}
	return m
}()

func intern(s []byte) string {
	if v, ok := interned[string(s)]; ok {
		return v
	}
	return string(s)
}

func boolField(p func(*wire) *bool) func(*wire, []byte, int) (int, bool) {
	return func(w *wire, b []byte, i int) (int, bool) {
		v, j, ok := plainBool(b, i)
		*p(w) = v
		return j, ok
	}
}

func rawField(p func(*wire) *json.RawMessage) func(*wire, []byte, int) (int, bool) {
	return func(w *wire, b []byte, i int) (int, bool) {
		raw, j, ok := rawScalar(b, i)
		*p(w) = raw
		return j, ok
	}
}
