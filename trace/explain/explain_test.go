package explain

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

func TestCutoffStrictAndLong(t *testing.T) {
	info := &trace.Info{Cutoff: "gt", Scale: 100}
	e := &trace.Event{Kind: trace.Cutoff, Path: "2", Ply: 1, Max: true, Reason: "beta", Move: "2.3", Value: 450, Beta: 400, Alpha: -score.Inf,
		Has: trace.HasValue | trace.HasWindow, Pruned: []string{"a", "b", "c", "d"}}
	s := Event(info, e)
	want := "✂ β-cutoff at MAX node 2: 2.3 returned 4.5 > β 4; not searched: a, b, c, d"
	if s.Short != want {
		t.Errorf("got  %s\nwant %s", s.Short, want)
	}
	if err := Check(e, s, func(int) Side { return Max }); err != nil {
		t.Error(err)
	}
	if got := s.Claim(); got != "value > beta" {
		t.Errorf("claim %q, want value > beta", got)
	}
	// The same claim said of the wrong side, or with the wrong number, fails.
	if err := Check(e, s, func(int) Side { return Min }); err == nil {
		t.Error("a MAX sentence passed as MIN's")
	}
	bad := *e
	bad.Value = 300
	if err := Check(&bad, s, nil); err == nil || !strings.Contains(err.Error(), "event says") {
		t.Errorf("a number not the event's passed: %v", err)
	}
}

// The summary line counts every kind the table of kinds tallies, in the
// table's words, and no other.
func TestCountsTallyEveryKind(t *testing.T) {
	sum := &trace.Summary{Nodes: 9, Leaves: 4}
	for k := range sum.Counts {
		sum.Counts[k] = 2
	}
	got := Counts(nil, sum)
	parts := []string{"nodes 9", "leaves 4"}
	for _, k := range trace.CountedKinds() {
		if sp := k.Spec(); sp.Tally != "" {
			parts = append(parts, sp.Tallies+" 2")
		}
	}
	if want := strings.Join(parts, " · "); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	one := &trace.Summary{}
	if got := Counts(nil, one); got != "nodes 0 · leaves 0 · cutoffs 0" {
		t.Errorf("no events: %q, want the kinds always shown only", got)
	}
	one.Counts[trace.Cutoff] = 1
	if got := Counts(nil, one); got != "nodes 0 · leaves 0 · cutoff 1" {
		t.Errorf("one cutoff: %q", got)
	}
	// A trace that tells only its nodes (a student's search) counts no
	// cutoffs: it does not tell them.
	if got := Counts(&trace.Info{NodesOnly: true}, one); got != "nodes 0 · leaves 0" {
		t.Errorf("nodes only: %q", got)
	}
}
