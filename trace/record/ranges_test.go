package record_test

import (
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/score"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// TestRangesAIMAFigure: the ranges of AIMA's Figure 5.5 (Russell & Norvig,
// 3rd ed.), stage by stage, on the built-in aima tree searched fail-soft (the
// figure's C returns 2, not α): (a) after B's first leaf, (b) its second,
// (c) its third, (d) C's first leaf, (e) D's first leaf, (f) D's last leaf;
// and the final picture of the fail-hard search, whose C and D return α 3 clamped: [−∞, 3].
func TestRangesAIMAFigure(t *testing.T) {
	const inf = score.Inf
	rec, events := recordAIMA(t, engine.FailSoft)
	after := func(kind trace.Kind, path string) int64 {
		for _, e := range events {
			if e.Kind == kind && e.Path == path {
				return e.Seq
			}
		}
		t.Fatalf("no %s event at %q", kind, path)
		return 0
	}
	all := record.Everything
	none := record.Range{Lo: 1, Hi: 0} // not entered yet
	stages := []struct {
		name string
		at   int64
		want [4]record.Range // root, B (1), C (2), D (3)
	}{
		{"a", after(trace.Leaf, "1.1"), [4]record.Range{all, {-inf, 3}, none, none}},
		{"b", after(trace.Leaf, "1.2"), [4]record.Range{all, {-inf, 3}, none, none}},
		{"c", after(trace.Leaf, "1.3"), [4]record.Range{{3, inf}, {3, 3}, none, none}},
		{"d", after(trace.Leaf, "2.1"), [4]record.Range{{3, inf}, {3, 3}, {-inf, 2}, none}},
		{"e", after(trace.Leaf, "3.1"), [4]record.Range{{3, 14}, {3, 3}, {-inf, 2}, {-inf, 14}}},
		{"f", after(trace.Leaf, "3.3"), [4]record.Range{{3, 3}, {3, 3}, {-inf, 2}, {2, 2}}},
		{"end", -1, [4]record.Range{{3, 3}, {3, 3}, {-inf, 2}, {2, 2}}},
	}
	check := func(rec *record.Recording, stage string, at int64, want [4]record.Range) {
		t.Helper()
		nodes := append([]*record.Node{rec.Root}, rec.Root.Children...)
		for i, w := range want {
			got, ok := none, false
			if i < len(nodes) {
				got, ok = nodes[i].RangeAt(at)
			}
			if !ok {
				got = none
			}
			if got != w {
				t.Errorf("(%s) node %d: range %v, want %v", stage, i, got, w)
			}
		}
	}
	for _, s := range stages {
		check(rec, s.name, s.at, s.want)
	}
	hard, _ := recordAIMA(t, engine.FailHard)
	check(hard, "end, fail-hard", -1, [4]record.Range{{3, 3}, {3, 3}, {-inf, 3}, {-inf, 3}})
}

func recordAIMA(t *testing.T, fail engine.Fail) (*record.Recording, []trace.Event) {
	t.Helper()
	tr, _ := tree.Builtin("aima")
	r := record.NewRecorder()
	var events []trace.Event
	hooks := trace.Tee(r.Hooks(), &trace.Hooks{Event: func(e *trace.Event) { events = append(events, *e) }})
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 2}, engine.Options{Algo: engine.AlphaBeta, Fail: fail}, hooks); err != nil {
		t.Fatal(err)
	}
	return r.Recording(), events
}
