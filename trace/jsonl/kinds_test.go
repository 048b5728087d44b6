package jsonl

import (
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Every kind of the table of kinds is written and read back under its name,
// placed where its row says it is about: the writer and the reader name no
// technique, so a new kind's row is all they need.
func TestEveryKindRoundTrips(t *testing.T) {
	counts := [trace.NumKinds]int64{}
	evs := []*trace.Event{
		{Kind: trace.Start, Info: &trace.Info{Game: "tree", Input: "x", Algo: "alphabeta", Root: "max", Scale: 1, Depth: 1}, Depth: 1},
		{Kind: trace.Enter, Depth: 1, Max: true},
		{Kind: trace.Enter, Node: 1, Parent: 0, Has: trace.HasParent, Path: "a", Move: "a", Ply: 1},
	}
	about := func(a trace.About, node int64, ply int, path string) {
		for k := trace.Kind(0); k < trace.NumKinds; k++ {
			if k.Spec().About == a && k != trace.Done {
				evs = append(evs, &trace.Event{Kind: k, Node: node, Ply: ply, Path: path, Has: trace.HasValue, Value: 1, Reason: k.String()})
			}
		}
	}
	about(trace.AboutOpen, 1, 1, "a")
	evs = append(evs, &trace.Event{Kind: trace.Exit, Node: 1, Ply: 1, Path: "a", Has: trace.HasValue, Value: 1, Bound: score.Exact})
	about(trace.AboutStored, 1, 1, "a")
	evs = append(evs, &trace.Event{Kind: trace.Exit, Depth: 1, Has: trace.HasValue, Value: 1, Bound: score.Exact})
	about(trace.AboutRoot, 0, 0, "")
	for _, e := range evs {
		if e.Kind.Spec().Counted {
			counts[e.Kind]++
		}
	}
	evs = append(evs, &trace.Event{Kind: trace.Done, Has: trace.HasValue, Value: 1, Summary: &trace.Summary{Value: 1, Nodes: 2, Counts: counts}})

	seen := map[trace.Kind]bool{}
	got := decode(t, encode(t, evs), len(evs))
	for i, e := range got {
		if e.Kind != evs[i].Kind {
			t.Errorf("event %d: read %s, wrote %s", i, e.Kind, evs[i].Kind)
		}
		seen[e.Kind] = true
	}
	for k := trace.Kind(0); k < trace.NumKinds; k++ {
		if !seen[k] {
			t.Errorf("%s: not in the stream (its row's About is %d)", k, k.Spec().About)
		}
	}
	if sum := got[len(got)-1].Summary; sum == nil || sum.Counts != counts {
		t.Errorf("the done event's counts do not round-trip: %v, want %v", sum, counts)
	}
}
