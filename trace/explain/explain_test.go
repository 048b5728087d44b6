package explain

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace"
)

func TestCutoffStrictAndLong(t *testing.T) {
	info := &trace.Info{Cutoff: "gt", Scale: 100}
	e := &trace.Event{Kind: trace.Cutoff, Path: "2", Ply: 1, Max: true, Reason: "beta", Move: "2.3", Value: 450, Beta: 400, Alpha: -trace.Inf,
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
