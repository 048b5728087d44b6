package tree

import (
	"bytes"
	"testing"
)

// FuzzParse checks that Parse never panics and that every tree it accepts
// survives Format, FormatIndented and the JSON form unchanged. The seed corpus
// is every good and bad input of the parser tests, so plain `go test` runs it.
func FuzzParse(f *testing.F) {
	for _, tc := range goodInputs {
		f.Add(tc.text)
	}
	for _, tc := range badInputs {
		f.Add(tc.text)
	}
	for _, name := range BuiltinNames() {
		b, _ := lookupBuiltin(name)
		f.Add(b.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := Parse("tree", text)
		if err != nil {
			if bytes.ContainsRune([]byte(err.Error()), '\n') {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		checkRoundTrip(t, tr)
		checkJSONRoundTrip(t, tr)
	})
}

// FuzzParseJSON checks that ParseJSON never panics and that every tree it
// accepts survives WriteJSON and Format unchanged.
func FuzzParseJSON(f *testing.F) {
	for _, tc := range goodInputs {
		if tr, err := Parse("tree", tc.text); err == nil {
			var buf bytes.Buffer
			if err := WriteJSON(&buf, tr); err == nil {
				f.Add(buf.Bytes())
			}
		}
	}
	for _, s := range []string{
		`{"root": "min", "tree": {"name": "A", "eval": 3, "children": [{"value": 3, "capture": true}, {"value": -3.01, "key": "p1"}, {"children": [{"value": 1}], "pass": true}]}}`,
		`{"tree": {"children": [{"value": 1, "key": 7}, {"value": 2, "key": "-3"}]}}`,
		`{"tree": {"value": 3.001}}`, `{"tree": {"children": []}}`, `[1]`, ``, `{"tree": {"value": 1}} x`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseJSON("tree.json", data)
		if err != nil {
			if bytes.ContainsRune([]byte(err.Error()), '\n') {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		checkRoundTrip(t, tr)
		checkJSONRoundTrip(t, tr)
	})
}
