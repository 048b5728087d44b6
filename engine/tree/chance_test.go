package tree

import (
	"bytes"
	"strings"
	"testing"
)

// TestChanceText: chance nodes and probabilities read from text and JSON,
// written back as they were, with the units every average needs.
func TestChanceText(t *testing.T) {
	for _, c := range []struct {
		text  string
		scale int64
	}{
		{"((3 12)[chance] (2 4)[chance])", 2},
		{"((3 12 7)[chance] (2[p=0.25] 4[p=0.75])[chance])", 12},
		{"(((1 2)[chance] 3)[chance] 1)", 4},
		{"((1.5[p=1/3] 2[p=2/3])[chance] 0)", 300},
		{"((3 (1 2)[max p=0.5])[chance] 0)", 1}, // "p=0.5" on one child of two: refused below
	} {
		tr, err := Parse("tree", c.text)
		if c.scale == 1 {
			if err == nil {
				t.Errorf("%s: read, though one child has a probability and the other none", c.text)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.text, err)
		}
		if tr.Scale != c.scale {
			t.Errorf("%s: scale %d, want %d", c.text, tr.Scale, c.scale)
		}
		if got := Format(tr); got != c.text {
			t.Errorf("written back as %s, want %s", got, c.text)
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, tr); err != nil {
			t.Fatal(err)
		}
		back, err := ParseJSON("tree.json", buf.Bytes())
		if err != nil {
			t.Fatalf("%s: JSON %s: %v", c.text, buf.String(), err)
		}
		if d := Diff(tr, back); d != "" {
			t.Errorf("%s: the JSON form reads back different: %s", c.text, d)
		}
	}
}

// TestChanceErrors: each rule of chance nodes, broken, is one line naming
// where.
func TestChanceErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(3 4)[chance]", "tree:1:7: chance on the root"},
		{"((3 4[p=0.5]) 5)", "tree:1:5: a probability on a child of 1, which is not a chance node"},
		{"((3[p=0.5] 4)[chance] 5)", "tree:1:12: no probability on this child of chance node 1"},
		{"((3[p=0.5] 4[p=0.4])[chance] 5)", "tree:1:2: the probabilities of chance node 1's children add up to 0.9, not 1"},
		{"((3 4)[chance min] 5)", "tree:1:2: chance on a node marked min"},
		{"((3[chance] 4)[chance] 5)", "tree:1:3: chance on a leaf"},
		{"((3[p=0] 4[p=1])[chance] 5)", `probability "0"`},
		{"((3[p=1.5] 4)[chance] 5)", `probability "1.5"`},
		{"((3[p=0.1234567] 4)[chance] 5)", `probability "0.1234567"`},
		{"((3[p] 4)[chance] 5)", "p needs a value"},
		{"((3 (4 5)[pass])[chance] 5)", "a pass below chance node 1"},
	} {
		_, err := Parse("tree", c.text)
		if err == nil {
			t.Errorf("%s: read, want %q", c.text, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %q on one line", c.text, err, c.want)
		}
	}
}
