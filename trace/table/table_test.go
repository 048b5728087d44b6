package table

import (
	"bytes"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace"
)

func row(spec string, counts [trace.NumKinds]int64) Row {
	return Row{Spec: spec, Conventions: "fail-hard", Info: &trace.Info{Game: "tree", Input: "t", Root: "max", Scale: 1, Depth: 2},
		Summary: &trace.Summary{Value: 3, Best: "a", Nodes: 7, Leaves: 4, Counts: counts}}
}

// A technique gets a column, titled by its row of the table of kinds, when
// it acted in any search, and the columns keep the table's order.
func TestTechniqueColumnsFromTheTableOfKinds(t *testing.T) {
	var none, all [trace.NumKinds]int64
	for k := range all {
		all[k] = 1
	}
	var buf bytes.Buffer
	if err := WriteText(&buf, []Row{row("alphabeta", none), row("pvs", all)}, false); err != nil {
		t.Fatal(err)
	}
	head := strings.Split(buf.String(), "\n")[2]
	at := 0
	for _, k := range trace.Columns() {
		i := strings.Index(head[at:], k.Spec().Column)
		if i < 0 {
			t.Fatalf("header %q lacks %q after column %d", head, k.Spec().Column, at)
		}
		at += i + len(k.Spec().Column)
	}
	buf.Reset()
	if err := WriteText(&buf, []Row{row("alphabeta", none)}, false); err != nil {
		t.Fatal(err)
	}
	if head := strings.Split(buf.String(), "\n")[2]; !strings.HasSuffix(strings.TrimSpace(head), "cutoffs") {
		t.Errorf("no technique acted, yet the header is %q", head)
	}
}

// The JSON form carries a count for every counted kind, under its name.
func TestJSONCountsEveryKind(t *testing.T) {
	var all [trace.NumKinds]int64
	for k := range all {
		all[k] = int64(k) + 1
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, []Row{row("alphabeta", all)}, false); err != nil {
		t.Fatal(err)
	}
	for _, k := range trace.CountedKinds() {
		if want := `"` + k.String() + `":`; !strings.Contains(buf.String(), want) {
			t.Errorf("%s lacks %s", buf.String(), want)
		}
	}
}
