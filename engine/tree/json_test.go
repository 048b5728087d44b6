package tree

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParseJSON(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"spec example", `{"root": "min", "tree": {"name": "A", "eval": 3, "children": [{"value": 3, "capture": true}, {"value": -3.01, "key": "p1"}, {"children": [{"value": 1}], "pass": true}]}}`, `
			scale=100 root=min
			root name=A inner eval=300
			1 leaf=300 capture
			2 leaf=-301 key=p1
			3 inner pass
			3.1 leaf=100`},
		{"aima", `{"tree": {"children": [{"children": [{"value": 3}, {"value": 12}, {"value": 8}]}, {"children": [{"value": 2}, {"value": 4}]}]}}`, `
			scale=1 root=max
			root inner
			1 inner
			1.1 leaf=3
			1.2 leaf=12
			1.3 leaf=8
			2 inner
			2.1 leaf=2
			2.2 leaf=4`},
		{"explicit max, flags, numeric key, false flags", `{"root": "max", "tree": {"children": [
			{"value": 1, "check": true, "promotion": true, "key": 7},
			{"value": 2.50, "capture": false, "key": "-3"},
			{"value": 0, "name": "z"}], "capture": false}}`, `
			scale=100 root=max
			root inner
			1 leaf=100 check promotion key=7
			2 leaf=250 key=-3
			3 name=z leaf=0`},
		{"a single leaf", `{"tree": {"value": -7}}`, `
			scale=1 root=max
			root leaf=-7`},
		{"trailing zeros", `{"tree": {"children": [{"value": 1.0}, {"value": 2.000}]}}`, `
			scale=1 root=max
			root inner
			1 leaf=1
			2 leaf=2`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := ParseJSON("tree.json", []byte(tc.json))
			if err != nil {
				t.Fatalf("ParseJSON: %v", err)
			}
			if got, want := dump(tr, false), trimDump(tc.want); got != want {
				t.Errorf("ParseJSON(%s):\n%s\nwant:\n%s", tc.json, got, want)
			}
			if tr.Source != "tree.json" {
				t.Errorf("Source = %q", tr.Source)
			}
		})
	}
}

func TestParseJSONErrors(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"empty", ``, "tree.json: empty input: expected a JSON object"},
		{"malformed", `{"tree": {"value": 3,}}`, "tree.json:1:22: malformed JSON: invalid character '}' looking for beginning of object key string"},
		{"malformed on line 2", "{\"tree\":\n  {\"value\" 3}}", "tree.json:2:12: malformed JSON: invalid character '3' after object key"},
		{"truncated", `{"tree": {"value": 3}`, "tree.json:1:22: malformed JSON: unexpected end of the input"},
		{"trailing data", `{"tree": {"value": 3}} x`, "tree.json:1:24: unexpected data after the JSON object"},
		{"not an object", `[1, 2]`, `tree.json: expected a JSON object with "tree" and optionally "root"`},
		{"missing tree", `{"root": "max"}`, `tree.json: missing "tree": the root node`},
		{"unknown top-level field", `{"tree": {"value": 1}, "width": 3}`, "tree.json: width: unknown field (known: root, depth, tree)"},
		{"odd unknown field", "{\"tree\": {\"children\": [{\"\\n\": true}]}}", `tree.json: tree.children[0]["\n"]: unknown field (known: name, value, eval, capture, check, promotion, pass, key, player, p, children)`},
		{"odd unknown top-level field", `{"a b": 1}`, `tree.json: ["a b"]: unknown field (known: root, depth, tree)`},
		{"bad root", `{"root": "MAX", "tree": {"value": 1}}`, `tree.json: root: must be "max" or "min"`},
		{"root not a string", `{"root": true, "tree": {"value": 1}}`, `tree.json: root: must be "max" or "min"`},
		{"node not an object", `{"tree": {"children": [3]}}`, "tree.json: tree.children[0]: a node must be a JSON object"},
		{"bad player", `{"tree": {"children": [{"value": 1, "player": "nature"}]}}`, `tree.json: tree.children[0].player: must be "max", "min" or "chance"`},
		{"player on the root", `{"tree": {"player": "min", "children": [{"value": 1}]}}`, `tree.json: tree.player: player on the root: the document's "root" says who moves first`},
		{"player on a pass", `{"tree": {"children": [{"value": 1}, {"value": 2, "pass": true, "player": "max"}]}}`, `tree.json: tree.children[1].player: player on a pass: a pass always hands the move to the other player`},
		{"unknown node field", `{"tree": {"children": [{"value": 1}, {"value": 2, "vaue": 3}]}}`, "tree.json: tree.children[1].vaue: unknown field (known: name, value, eval, capture, check, promotion, pass, key, player, p, children)"},
		{"three decimals", `{"tree": {"children": [{"value": 1}, {"value": 3.001}]}}`, "tree.json: tree.children[1].value: value 3.001 has more than two decimals"},
		{"exponent", `{"tree": {"children": [{"value": 1e3}]}}`, "tree.json: tree.children[0].value: value 1e3: write it without an exponent"},
		{"too large", `{"tree": {"value": 2000000000}}`, "tree.json: tree.value: value 2000000000 is out of range: at most 1000000000 in magnitude"},
		{"value not a number", `{"tree": {"value": "3"}}`, `tree.json: tree.value: must be a number, or "inf" or "-inf"`},
		{"infinity misspelt", `{"tree": {"children": [{"value": "infinity"}]}}`, `tree.json: tree.children[0].value: must be a number, or "inf" or "-inf"`},
		{"infinity as a JSON number", `{"tree": {"children": [{"value": 1e999}]}}`, "tree.json: tree.children[0].value: value 1e999: write it without an exponent"},
		{"value and children", `{"tree": {"value": 3, "children": [{"value": 1}]}}`, "tree.json: tree: a node needs exactly one of value and children"},
		{"neither value nor children", `{"tree": {"children": [{"name": "a"}]}}`, "tree.json: tree.children[0]: a node needs exactly one of value and children"},
		{"empty children", `{"tree": {"children": []}}`, "tree.json: tree.children: a node needs at least one child"},
		{"children not a list", `{"tree": {"children": {"value": 1}}}`, "tree.json: tree.children: must be a list of nodes"},
		{"eval on a leaf", `{"tree": {"children": [{"value": 1, "eval": 2}]}}`, "tree.json: tree.children[0].eval: eval on a leaf: a leaf's value is its evaluation"},
		{"eval three decimals", `{"tree": {"eval": 0.125, "children": [{"value": 1}]}}`, "tree.json: tree.eval: value 0.125 has more than two decimals"},
		{"flag not a bool", `{"tree": {"children": [{"value": 1, "check": "yes"}]}}`, "tree.json: tree.children[0].check: must be true or false"},
		{"capture on the root", `{"tree": {"capture": true, "children": [{"value": 1}]}}`, "tree.json: tree.capture: capture on the root: no move leads into the root"},
		{"pass on the root", `{"tree": {"pass": true, "children": [{"value": 1}]}}`, "tree.json: tree.pass: pass on the root: only a child can be its parent's pass"},
		{"bad name", `{"tree": {"children": [{"value": 1, "name": "1a"}]}}`, `tree.json: tree.children[0].name: invalid name "1a": a name starts with a letter or '_' and continues with letters, digits, '_', '.', ''' or '-'`},
		{"name not a string", `{"tree": {"name": 5, "children": [{"value": 1}]}}`, `tree.json: tree.name: invalid name 5: a name starts with a letter or '_' and continues with letters, digits, '_', '.', ''' or '-'`},
		{"bad key", `{"tree": {"children": [{"value": 1, "key": "a b"}]}}`, `tree.json: tree.children[0].key: invalid key "a b": a key is a name or an integer`},
		{"fractional key", `{"tree": {"children": [{"value": 1, "key": 1.5}]}}`, `tree.json: tree.children[0].key: invalid key 1.5: a key is a name or an integer`},
		{"key not a string or number", `{"tree": {"children": [{"value": 1, "key": [1]}]}}`, "tree.json: tree.children[0].key: must be a string or a number"},
		{"duplicate name", `{"tree": {"name": "A", "children": [{"value": 1}, {"value": 2, "name": "A"}]}}`, `tree.json: tree.children[1]: name "A" is already used at tree`},
		{"two pass children", `{"tree": {"children": [{"value": 1}, {"value": 2, "pass": true}, {"value": 3, "pass": true}]}}`, "tree.json: tree.children[2]: a node has at most one pass child; the first is at tree.children[1]"},
		{"only a pass child", `{"tree": {"children": [{"value": 2, "pass": true}]}}`, "tree.json: tree: a node needs at least one child that is not a pass"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := ParseJSON("tree.json", []byte(tc.json))
			if err == nil {
				t.Fatalf("ParseJSON(%s) = %s, want error %q", tc.json, Format(tr), tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("ParseJSON(%s) error:\n got %s\nwant %s", tc.json, err, tc.want)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("error %T is not a *SyntaxError", err)
			}
		})
	}
}

// TestJSONRoundTrip sends every good text input through WriteJSON and
// ParseJSON.
func TestJSONRoundTrip(t *testing.T) {
	for _, tc := range goodInputs {
		t.Run(tc.name, func(t *testing.T) {
			want, err := Parse("tree", tc.text)
			if err != nil {
				t.Fatal(err)
			}
			checkJSONRoundTrip(t, want)
		})
	}
}

func checkJSONRoundTrip(t *testing.T, want *Tree) {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, want); err != nil {
		t.Fatalf("WriteJSON: %v", err)
	}
	got, err := ParseJSON("tree.json", buf.Bytes())
	if err != nil {
		t.Fatalf("ParseJSON(WriteJSON(%s)): %v\n%s", Format(want), err, buf.String())
	}
	if d := Diff(got, want); d != "" {
		t.Errorf("JSON round trip of %s: %s\n%s", Format(want), d, buf.String())
	}
}

func TestWriteJSON(t *testing.T) {
	tr, err := Parse("tree", "A:(3[capture] -3.01[key=p1] (1)[pass] B:(4 5)[eval=3 key=9])[min]")
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "root": "min",
  "tree": {
    "name": "A",
    "children": [
      {"value": 3, "capture": true},
      {"value": -3.01, "key": "p1"},
      {
        "pass": true,
        "children": [
          {"value": 1}
        ]
      },
      {
        "name": "B",
        "eval": 3,
        "key": 9,
        "children": [
          {"value": 4},
          {"value": 5}
        ]
      }
    ]
  }
}
`
	var buf bytes.Buffer
	if err := WriteJSON(&buf, tr); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != want {
		t.Errorf("WriteJSON:\n%s\nwant:\n%s", got, want)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteJSONError(t *testing.T) {
	tr, _ := Builtin("aima")
	err := WriteJSON(failWriter{}, tr)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("WriteJSON to a failing writer: %v", err)
	}
}
