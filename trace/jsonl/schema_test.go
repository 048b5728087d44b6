package jsonl

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// The JSON Schema of the trace, docs/trace.schema.json, against the writer
// and the reader: its full format ($defs/full) lists every kind the writer
// writes and every field it writes or the reader reads, no more and no
// fewer, and every trace the tests keep (the goldens of this package and
// of cmd, the students' traces of cmd/testdata/check) satisfies it, checked
// by the small validator below.

const schemaFile = "../../docs/trace.schema.json"

// writtenNotRead are the fields the writer writes and the reader leaves
// aside: a claim is made again from the event's own fields.
var writtenNotRead = []string{"claim"}

// TestSchemaFullIsTheWriter: $defs/full's ev enum is the kinds of the table
// of kinds, in contract order; its properties are the wire struct's fields,
// the done event's counts (one per counted kind) and the fields written and
// not read, and the fields the writer writes when every field of an event
// is set are the same; $defs/subtree's are wireSubtree's and the writer's
// for a subtree; its required fields are the ones the reader refuses a line
// without.
func TestSchemaFullIsTheWriter(t *testing.T) {
	s := loadSchema(t)
	full := s.def(t, "full")

	var kinds []string
	for k := trace.Kind(0); k < trace.NumKinds; k++ {
		kinds = append(kinds, k.String())
	}
	ev, _ := full["properties"].(map[string]any)["ev"].(map[string]any)
	if got := strs(ev["enum"]); !slices.Equal(got, kinds) {
		t.Errorf("$defs/full's ev enum\n%v\nthe kinds the writer writes (trace/kinds.go)\n%v", got, kinds)
	}

	fields := jsonTags(reflect.TypeFor[wire]())
	for _, k := range trace.CountedKinds() {
		fields = append(fields, k.String())
	}
	fields = sorted(append(fields, writtenNotRead...))
	if dup := duplicates(fields); len(dup) > 0 {
		t.Errorf("fields named twice (a count named as a field): %v", dup)
	}
	if got := keys(full["properties"]); !slices.Equal(got, fields) {
		t.Errorf("$defs/full's properties and the fields read (wire), counted (done) and written:\n%s", setDiff(got, fields))
	}
	written, writtenSub := writerFields(t)
	if !slices.Equal(written, fields) {
		t.Errorf("the fields the writer writes and the ones the reader reads (wire), counted (done) and written:\n%s", setDiff(written, fields))
	}

	sub := jsonTags(reflect.TypeFor[wireSubtree]())
	if got := keys(s.def(t, "subtree")["properties"]); !slices.Equal(got, sorted(sub)) {
		t.Errorf("$defs/subtree's properties and wireSubtree's fields:\n%s", setDiff(got, sorted(sub)))
	}
	if !slices.Equal(writtenSub, sorted(sub)) {
		t.Errorf("the fields the writer writes for a subtree and wireSubtree's:\n%s", setDiff(writtenSub, sorted(sub)))
	}

	// Required: a line without the field is refused, and a line without
	// any other field of the two lines is not refused for missing it.
	required := strs(full["required"])
	lines := goldenLines(t, "testdata/golden/aima.jsonl")[:2] // start, and the root's enter
	for i, line := range lines {
		var obj map[string]json.RawMessage
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatal(err)
		}
		for f := range obj {
			text := strings.Join(append(slices.Clone(lines[:i]), string(without(obj, f))), "\n")
			err := ReadAll(strings.NewReader(text), "t.jsonl", func(*trace.Event) error { return nil })
			missing := err != nil && strings.Contains(err.Error(), fmt.Sprintf("missing field %q", f))
			if missing != slices.Contains(required, f) {
				t.Errorf("line %d without %q: the reader says %v; the schema requires %v", i+1, f, err, required)
			}
		}
	}
}

// without returns the JSON object obj without the field f.
func without(obj map[string]json.RawMessage, f string) []byte {
	c := map[string]json.RawMessage{}
	for k, v := range obj {
		if k != f {
			c[k] = v
		}
	}
	b, _ := json.Marshal(c)
	return b
}

// writerFields returns the fields the writer writes, at the top of a line
// and in a subtree, when every field of an event (its info, summary and
// subtrees too) is set: an event of every kind, set so.
func writerFields(t *testing.T) (top, sub []string) {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	w.Timing = true
	for k := trace.Kind(0); k < trace.NumKinds; k++ {
		e := &trace.Event{}
		fill(reflect.ValueOf(e).Elem(), 4)
		e.Kind, e.Has, e.Bound = k, ^trace.Field(0), score.Exact
		e.Info.Scale, e.Info.Order = 1, "rtl"
		if err := w.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	s := loadSchema(t)
	tops, subs := map[string]bool{}, map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		for _, c := range v.([]any) {
			for f, x := range c.(map[string]any) {
				subs[f] = true
				if f == "children" {
					walk(x)
				}
			}
		}
	}
	for i, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		v := decodeJSON(t, line)
		for f, x := range v.(map[string]any) {
			tops[f] = true
			if f == "unsearched" {
				walk(x)
			}
		}
		// Every field set, each line is still one the schema allows.
		if err := s.validate(s.def(t, "full"), v, ""); err != nil {
			t.Errorf("every field set, line %d, %s: %v\n%s", i+1, trace.Kind(i), err, line)
		}
	}
	return slices.Sorted(maps.Keys(tops)), slices.Sorted(maps.Keys(subs))
}

// fill sets every field of v to something other than its zero value: true,
// 1, "x", a slice of one, a pointer to a filled value; depth bounds the
// slices and pointers followed (a subtree holds subtrees).
func fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.String:
		v.SetString("x")
	case reflect.Slice:
		if depth > 0 {
			s := reflect.MakeSlice(v.Type(), 1, 1)
			fill(s.Index(0), depth-1)
			v.Set(s)
		}
	case reflect.Pointer:
		if depth > 0 {
			p := reflect.New(v.Type().Elem())
			fill(p.Elem(), depth-1)
			v.Set(p)
		}
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), depth)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), depth)
			}
		}
	}
}

// TestSchemaGoldens: every line of every trace the tests keep satisfies the
// schema: prunescope's own (the goldens of this package and search --trace
// json's of cmd) its full format, the students' (cmd/testdata/check) its
// minimal one. And the schema refuses each of those lines of prunescope's
// with a field it does not document or a field of the wrong type.
func TestSchemaGoldens(t *testing.T) {
	s := loadSchema(t)
	full, minimal := s.def(t, "full"), s.def(t, "minimal")
	own, _ := filepath.Glob("testdata/golden/*.jsonl")
	cmds, _ := filepath.Glob("../../cmd/testdata/golden/*.jsonl")
	students, _ := filepath.Glob("../../cmd/testdata/check/*.jsonl")
	if len(own) < 5 || len(cmds) < 5 || len(students) < 2 {
		t.Fatalf("too few traces: %d here, %d in cmd, %d students'", len(own), len(cmds), len(students))
	}
	kinds := map[string]bool{}
	for _, file := range slices.Concat(own, cmds) {
		lines := goldenLines(t, file)
		if len(lines) == 0 {
			t.Errorf("%s: no trace", file)
		}
		for i, line := range lines {
			v := decodeJSON(t, line)
			kinds[fmt.Sprint(v.(map[string]any)["ev"])] = true
			for _, c := range []struct {
				name   string
				schema map[string]any
			}{{"$defs/full", full}, {"the schema", s.root}} {
				if err := s.validate(c.schema, v, ""); err != nil {
					t.Errorf("%s: line %d: not %s: %v\n%s", file, i+1, c.name, err, line)
				}
			}
			if !slices.Contains(own, file) {
				continue
			}
			// Each field with a value of no type the schema allows
			// anywhere (an object of its own), and a field the schema
			// does not know, are refused.
			obj := v.(map[string]any)
			for f := range obj {
				wrong := with(obj, f, map[string]any{"wrong": true})
				if s.validate(s.root, wrong, "") == nil {
					t.Errorf("%s: line %d: %q as an object is not refused", file, i+1, f)
				}
			}
			if s.validate(s.root, with(obj, "undocumented", 1), "") == nil {
				t.Errorf("%s: line %d: an undocumented field is not refused", file, i+1)
			}
		}
	}
	for _, k := range []string{"start", "enter", "leaf", "exit", "cutoff", "done", "iter", "window", "tt_hit", "null_try", "chance_cut"} {
		if !kinds[k] {
			t.Errorf("no golden trace has a %s event", k)
		}
	}
	for _, file := range students {
		part, name := minimal, "$defs/minimal"
		for i, line := range goldenLines(t, file) {
			v := decodeJSON(t, line)
			if err := s.validate(s.root, v, ""); err != nil {
				t.Errorf("%s: line %d: %v", file, i+1, err)
			}
			if i == 0 && v.(map[string]any)["ev"] == "start" { // prunescope's own trace, which check reads too
				part, name = full, "$defs/full"
			}
			if _, ok := v.(map[string]any)["values"]; ok {
				continue
			}
			if err := s.validate(part, v, ""); err != nil {
				t.Errorf("%s: line %d: not %s: %v", file, i+1, name, err)
			}
		}
	}
}

// with returns a copy of obj with the field f set to x.
func with(obj map[string]any, f string, x any) map[string]any {
	c := map[string]any{}
	for k, v := range obj {
		c[k] = v
	}
	c[f] = x
	return c
}

// TestSchemaLines: the lines of a minimal trace, with their optional
// window and cutoff, and of prunescope's own that the schema takes and
// refuses; and every line of a trace that docs/trace-format.md shows.
func TestSchemaLines(t *testing.T) {
	s := loadSchema(t)
	doc, err := os.ReadFile("../../docs/trace-format.md")
	if err != nil {
		t.Fatal(err)
	}
	shown := 0
	for _, line := range strings.Split(string(doc), "\n") {
		if strings.HasPrefix(line, "{") {
			shown++
			if err := s.validate(s.root, decodeJSON(t, line), ""); err != nil {
				t.Errorf("docs/trace-format.md: %s: %v", line, err)
			}
		}
	}
	if shown < 5 {
		t.Errorf("docs/trace-format.md shows %d lines of a trace", shown)
	}
	for _, c := range []struct {
		line string
		ok   bool
	}{
		{`{"ev": "enter", "node": "root"}`, true},
		{`{"ev": "enter", "node": "2.1", "alpha": "-inf", "beta": 3}`, true},
		{`{"ev": "enter", "node": "2.1", "alpha": -2.5, "beta": "+inf"}`, true},
		{`{"ev": "leaf", "node": "2.1", "value": 3}`, true},
		{`{"ev": "exit", "node": "2", "value": "-inf"}`, true},
		{`{"ev": "cutoff", "node": "2"}`, true},
		{`{"ev": "enter", "node": "e4 e5", "mine": "left aside"}`, true},
		{`{"values": "mover"}`, true},
		{`{"values": "max"}`, true},
		{`{"ev": "enter", "node": "2.1", "alpha": 3}`, false},              // half a window
		{`{"ev": "enter", "node": "2.1", "alpha": "3", "beta": 4}`, false}, // a number in a string
		{`{"ev": "leaf", "node": "2.1"}`, false},                           // no value
		{`{"ev": "exit", "node": "2", "value": "20/3"}`, false},            // a fraction: prunescope's own only
		{`{"ev": "window", "node": "2"}`, false},
		{`{"ev": "enter"}`, false},
		{`{"ev": "enter", "node": 2}`, false},
		{`{"values": "negamax"}`, false},
		{`[1]`, false},
		// prunescope's own: a fraction, a window by halves, a side.
		{`{"seq":3,"ev":"exit","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"side":"min","value":"20/3"}`, true},
		{`{"seq":3,"ev":"exit","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"side":"min","value":"20/3","alpha":1}`, false},
		{`{"seq":3,"ev":"exit","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"value":1}`, false},
		{`{"seq":3,"ev":"exit","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"side":"min"}`, false},
		{`{"seq":3.5,"ev":"exit","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"side":"min","value":1}`, false},
		{`{"seq":3,"ev":"exit","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"side":"min","value":1,"pruned_leaves":null}`, true},
		{`{"seq":3,"ev":"leap","node":2,"parent":1,"path":"1.1","ply":2,"depth":0,"side":"min","value":1}`, false},
		{`{"seq":9,"ev":"start","node":0,"path":"","ply":0,"depth":3,"scale":6,"bounds":[0,12]}`, true},
		{`{"seq":9,"ev":"start","node":0,"path":"","ply":0,"depth":3,"scale":6,"bounds":[0]}`, false},
		{`{"seq":9,"ev":"start","node":0,"path":"","ply":0,"depth":3,"order":"ltr"}`, false},
		{`{"seq":9,"ev":"cutoff","node":0,"path":"","ply":0,"depth":3,"side":"max","unsearched":[{"path":"2","children":[{"value":"inf","below":2}]}]}`, true},
		{`{"seq":9,"ev":"cutoff","node":0,"path":"","ply":0,"depth":3,"side":"max","unsearched":[{"path":"2","children":[{"value":"inf","ply":2}]}]}`, false},
	} {
		err := s.validate(s.root, decodeJSON(t, c.line), "")
		if (err == nil) != c.ok {
			t.Errorf("%s: valid %v, want %v (%v)", c.line, err == nil, c.ok, err)
		}
	}
}

// goldenLines returns the trace's lines in file: every line of a trace
// (blank ones left out), or the standard output of a golden of cmd's.
func goldenLines(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	cmdGolden := bytes.HasPrefix(data, []byte("$ "))
	inStdout := !cmdGolden
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if cmdGolden && strings.HasPrefix(line, "--- ") {
			inStdout = line == "--- stdout"
			continue
		}
		if !inStdout || strings.TrimSpace(line) == "" || (cmdGolden && !strings.HasPrefix(line, "{")) {
			continue
		}
		out = append(out, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(s))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

// jsonTags returns the JSON names of the fields of the struct type st.
func jsonTags(st reflect.Type) []string {
	var out []string
	for i := range st.NumField() {
		if name, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// keys returns the names of a JSON object's fields, sorted.
func keys(m any) []string {
	obj, _ := m.(map[string]any)
	return slices.Sorted(maps.Keys(obj))
}

// strs returns a JSON list of strings as strings.
func strs(v any) []string {
	var out []string
	for _, x := range list(v) {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

func duplicates(s []string) []string {
	var out []string
	for i := 1; i < len(s); i++ {
		if s[i] == s[i-1] {
			out = append(out, s[i])
		}
	}
	return out
}

// setDiff says what is only in got and only in want.
func setDiff(got, want []string) string {
	var only, missing []string
	for _, g := range got {
		if !slices.Contains(want, g) {
			only = append(only, g)
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			missing = append(missing, w)
		}
	}
	return fmt.Sprintf("  only the first has %v\n  only the second has %v", only, missing)
}

// jsonSchema is a JSON Schema (draft 2020-12) as these tests check it: the
// keywords docs/trace.schema.json uses and no others. loadSchema refuses a
// schema with any other keyword, so that the schema never says more than
// its tests check.
type jsonSchema struct {
	root     map[string]any
	patterns map[string]*regexp.Regexp
}

// keywords are the keywords the validator knows: the annotations, which it
// reads past, and the rest, which it checks.
var keywords = map[string]bool{
	"$schema": true, "$id": true, "title": true, "description": true, "$defs": true,
	"$ref": true, "type": true, "enum": true, "pattern": true,
	"required": true, "properties": true, "additionalProperties": true, "dependentRequired": true,
	"items": true, "minItems": true, "maxItems": true,
	"anyOf": true, "allOf": true, "if": true, "then": true, "else": true,
}

func loadSchema(t *testing.T) *jsonSchema {
	t.Helper()
	data, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	root, ok := decodeJSON(t, string(data)).(map[string]any)
	if !ok {
		t.Fatalf("%s: not a JSON object", schemaFile)
	}
	s := &jsonSchema{root: root, patterns: map[string]*regexp.Regexp{}}
	if err := s.check(root, "#"); err != nil {
		t.Fatalf("%s: %v", schemaFile, err)
	}
	return s
}

// def returns the schema's $defs/name.
func (s *jsonSchema) def(t *testing.T, name string) map[string]any {
	t.Helper()
	defs, _ := s.root["$defs"].(map[string]any)
	d, ok := defs[name].(map[string]any)
	if !ok {
		t.Fatalf("%s: no $defs/%s", schemaFile, name)
	}
	return d
}

// check refuses a keyword the validator does not know, a $ref to anything
// but one of the $defs, a pattern that does not compile and a bound on the
// items that is not a number.
func (s *jsonSchema) check(v any, at string) error {
	sch, ok := v.(map[string]any)
	if !ok {
		if _, isBool := v.(bool); isBool && strings.HasSuffix(at, "/additionalProperties") {
			return nil
		}
		return fmt.Errorf("%s: a schema is an object", at)
	}
	for k, x := range sch {
		if !keywords[k] {
			return fmt.Errorf("%s: keyword %q: the tests' validator does not check it", at, k)
		}
		var err error
		switch k {
		case "$defs", "properties":
			for name, sub := range x.(map[string]any) {
				if err = s.check(sub, at+"/"+k+"/"+name); err != nil {
					break
				}
			}
		case "items", "if", "then", "else", "additionalProperties":
			err = s.check(x, at+"/"+k)
		case "anyOf", "allOf":
			for i, sub := range x.([]any) {
				if err = s.check(sub, fmt.Sprintf("%s/%s/%d", at, k, i)); err != nil {
					break
				}
			}
		case "$ref":
			if _, err = s.ref(x); err != nil {
				err = fmt.Errorf("%s: %v", at, err)
			}
		case "minItems", "maxItems":
			if _, isNum := x.(json.Number); !isNum {
				err = fmt.Errorf("%s/%s: not a number", at, k)
			}
		case "pattern":
			re, rerr := regexp.Compile(x.(string))
			if rerr != nil {
				err = fmt.Errorf("%s: %v", at, rerr)
			}
			s.patterns[x.(string)] = re
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// ref returns the schema a $ref names: #/$defs/NAME.
func (s *jsonSchema) ref(x any) (map[string]any, error) {
	r, _ := x.(string)
	name, ok := strings.CutPrefix(r, "#/$defs/")
	defs, _ := s.root["$defs"].(map[string]any)
	d, isDef := defs[name].(map[string]any)
	if !ok || !isDef {
		return nil, fmt.Errorf("$ref %q: not one of the $defs", r)
	}
	return d, nil
}

// validate returns why v (decoded with UseNumber) does not satisfy sch, at
// the place at of the line, or nil when it does.
func (s *jsonSchema) validate(sch map[string]any, v any, at string) error {
	if at == "" {
		at = "/"
	}
	if r, ok := sch["$ref"]; ok {
		d, err := s.ref(r)
		if err != nil {
			return err
		}
		if err := s.validate(d, v, at); err != nil {
			return err
		}
	}
	if ty, ok := sch["type"]; ok {
		types, isList := ty.([]any)
		if !isList {
			types = []any{ty}
		}
		if !slices.ContainsFunc(types, func(ty any) bool { return isType(v, ty.(string)) }) {
			return fmt.Errorf("%s: %s is not of type %v", at, show(v), ty)
		}
	}
	if enum, ok := sch["enum"]; ok && !slices.ContainsFunc(enum.([]any), func(x any) bool { return equalJSON(x, v) }) {
		return fmt.Errorf("%s: %s is not one of %v", at, show(v), enum)
	}
	if p, ok := sch["pattern"]; ok {
		if str, isStr := v.(string); isStr && !s.patterns[p.(string)].MatchString(str) {
			return fmt.Errorf("%s: %q does not match %s", at, str, p)
		}
	}
	if obj, ok := v.(map[string]any); ok {
		for _, r := range list(sch["required"]) {
			if _, has := obj[r.(string)]; !has {
				return fmt.Errorf("%s: no %q", at, r)
			}
		}
		if deps, ok := sch["dependentRequired"].(map[string]any); ok {
			for f, need := range deps {
				if _, has := obj[f]; !has {
					continue
				}
				for _, r := range list(need) {
					if _, has := obj[r.(string)]; !has {
						return fmt.Errorf("%s: %q without %q", at, f, r)
					}
				}
			}
		}
		props, _ := sch["properties"].(map[string]any)
		for _, f := range slices.Sorted(maps.Keys(obj)) {
			if p, ok := props[f]; ok {
				if err := s.validate(p.(map[string]any), obj[f], at+f+"/"); err != nil {
					return err
				}
				continue
			}
			switch ap := sch["additionalProperties"].(type) {
			case bool:
				if !ap {
					return fmt.Errorf("%s: %q is not a field the schema knows", at, f)
				}
			case map[string]any:
				if err := s.validate(ap, obj[f], at+f+"/"); err != nil {
					return err
				}
			}
		}
	}
	if arr, ok := v.([]any); ok {
		if n, ok := sch["minItems"].(json.Number); ok && int64(len(arr)) < mustInt(n) {
			return fmt.Errorf("%s: %d items, fewer than %s", at, len(arr), n)
		}
		if n, ok := sch["maxItems"].(json.Number); ok && int64(len(arr)) > mustInt(n) {
			return fmt.Errorf("%s: %d items, more than %s", at, len(arr), n)
		}
		if items, ok := sch["items"].(map[string]any); ok {
			for i, x := range arr {
				if err := s.validate(items, x, fmt.Sprintf("%s%d/", at, i)); err != nil {
					return err
				}
			}
		}
	}
	if alts, ok := sch["anyOf"]; ok {
		var errs []error
		for _, sub := range list(alts) {
			err := s.validate(sub.(map[string]any), v, at)
			if err == nil {
				errs = nil
				break
			}
			errs = append(errs, err)
		}
		if errs != nil {
			return fmt.Errorf("%s: none of anyOf: %w", at, errors.Join(errs...))
		}
	}
	for _, sub := range list(sch["allOf"]) {
		if err := s.validate(sub.(map[string]any), v, at); err != nil {
			return err
		}
	}
	if cond, ok := sch["if"].(map[string]any); ok {
		branch := "else"
		if s.validate(cond, v, at) == nil {
			branch = "then"
		}
		if b, ok := sch[branch].(map[string]any); ok {
			if err := s.validate(b, v, at); err != nil {
				return fmt.Errorf("%s (%s of an if): %w", at, branch, err)
			}
		}
	}
	return nil
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func mustInt(n json.Number) int64 {
	i, err := n.Int64()
	if err != nil {
		panic(err)
	}
	return i
}

// isType reports whether v, decoded with UseNumber, is of the JSON Schema
// type ty: an integer is a number without a fractional part (3.0 is one).
func isType(v any, ty string) bool {
	switch ty {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		if _, err := n.Int64(); err == nil {
			return true
		}
		f, err := n.Float64()
		return err == nil && f == math.Trunc(f)
	}
	panic("unknown type " + ty)
}

// equalJSON reports whether two decoded JSON values are equal, numbers by
// their value.
func equalJSON(a, b any) bool {
	na, aNum := a.(json.Number)
	nb, bNum := b.(json.Number)
	if aNum && bNum {
		fa, err1 := na.Float64()
		fb, err2 := nb.Float64()
		return err1 == nil && err2 == nil && fa == fb
	}
	return reflect.DeepEqual(a, b)
}

func show(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}
