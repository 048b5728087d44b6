package tree

import (
	"bytes"
	"testing"
)

func TestDepthAnnotation(t *testing.T) {
	tr, err := Parse("t", "((1 2)[eval=1] (3 4)[eval=2])[min depth=1]")
	if err != nil {
		t.Fatal(err)
	}
	if tr.Depth != 1 || !tr.RootMin {
		t.Fatalf("depth %d, root min %v", tr.Depth, tr.RootMin)
	}
	if got := Format(tr); got != "((1 2)[eval=1] (3 4)[eval=2])[min depth=1]" {
		t.Errorf("Format = %s", got)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, tr); err != nil {
		t.Fatal(err)
	}
	back, err := ParseJSON("t.json", buf.Bytes())
	if err != nil || !Equal(back, tr) {
		t.Errorf("JSON round trip: %v %s\n%s", err, Diff(back, tr), buf.String())
	}
	for in, want := range map[string]string{
		"((1 2) (3 4)[depth=2])":   "t:1:14: depth on a node that is not the root: only the root says how deep to search",
		"((1 2))[depth=0]":         `t:1:15: depth "0": a number of plies from 1 to 1000`,
		"((1 2))[depth]":           "t:1:9: depth needs a value: depth=...",
		"((1 2))[depth=1 depth=2]": "t:1:17: depth given twice",
	} {
		if _, err := Parse("t", in); err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", in, err, want)
		}
	}
	if _, err := ParseJSON("t.json", []byte(`{"depth": 0, "tree": {"value": 1}}`)); err == nil || err.Error() != "t.json: depth: must be a number of plies from 1 to 1000" {
		t.Errorf("JSON depth 0: %v", err)
	}
}
