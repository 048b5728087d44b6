package record_test

import (
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
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

// TestRangesChance: a chance node's range is the probability-weighted
// average of its outcomes' ranges, the outcomes not searched yet counting at
// the bounds every value is known to lie in. On the tree of AIMA's Exercise
// 5.16 (3rd ed., Figure 5.19, its leaves as we read the figure), with the
// leaves known to lie in [-2, 2], the
// left chance node's range after its first two leaves (its first MIN node
// worth 2, probability 0.5) is [0, 2]; without bounds nothing is known of
// it, however many outcomes are searched, until the last.
func TestRangesChance(t *testing.T) {
	tr, err := tree.Parse("aima 5.19", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])")
	if err != nil {
		t.Fatal(err)
	}
	s := tr.Scale
	r := record.NewRecorder()
	var events []trace.Event
	hooks := trace.Tee(r.Hooks(), &trace.Hooks{Event: func(e *trace.Event) { events = append(events, *e) }})
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 3}, engine.Options{Algo: engine.Expectimax}, hooks); err != nil {
		t.Fatal(err)
	}
	var at int64 = -1
	for _, e := range events {
		if e.Kind == trace.Exit && e.Path == "1.1" {
			at = e.Seq
		}
	}
	left := r.Recording().Root.Children[0]
	bounded := record.Range{Lo: -2 * s, Hi: 2 * s}
	for _, c := range []struct {
		within record.Range
		at     int64
		want   record.Range
	}{
		{bounded, at, record.Range{Lo: 0, Hi: 2 * s}},
		{record.Everything, at, record.Everything},
		{bounded, -1, record.Range{Lo: 3 * s / 2, Hi: 3 * s / 2}},
	} {
		if got, ok := left.RangeWithin(c.at, c.within); !ok || got != c.want {
			t.Errorf("within %v at %d: range %v, want %v", c.within, c.at, got, c.want)
		}
	}
}
