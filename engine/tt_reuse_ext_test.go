package engine_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// TestSearchOnAReusedTable: a search that takes the table of the search
// before it tells the same events as the first search on a new table.
func TestSearchOnAReusedTable(t *testing.T) {
	tr, err := tree.Random(3, 5, -9, 9, 7)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.AddTranspositions(3, 7); err != nil {
		t.Fatal(err)
	}
	opt, err := engine.ParseSpec("alphabeta+tt", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	run := func() []trace.Event {
		var evs []trace.Event
		hooks := &trace.Hooks{Event: func(e *trace.Event) { evs = append(evs, *e) }}
		if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 5}, opt, hooks); err != nil {
			t.Fatal(err)
		}
		return evs
	}
	first := run()
	hits := 0
	for _, e := range first {
		if e.Kind == trace.TTHit {
			hits++
		}
	}
	if hits == 0 {
		t.Fatal("the search hits no entry: the test shows nothing")
	}
	for i := range 3 {
		again := run()
		if len(again) != len(first) {
			t.Fatalf("search %d: %d events, the first %d", i+2, len(again), len(first))
		}
		for j := range first {
			if !reflect.DeepEqual(first[j], again[j]) {
				t.Fatalf("search %d: event %d is %+v, the first search's %+v", i+2, j, again[j], first[j])
			}
		}
	}
}
