package trace

import (
	"testing"

	"github.com/prunescope/prunescope/engine/score"
)

func TestRecorderRejectsInconsistentEvents(t *testing.T) {
	cases := map[string][]*Event{
		"node 3 entered out of order (expected 0)": {{Kind: Enter, Node: 3}},
		"parent 5 of node 1 was never entered":     {{Kind: Enter}, {Seq: 1, Kind: Enter, Node: 1, Parent: 5, Has: HasParent}},
		"(exit): node 2 was never entered":         {{Kind: Enter}, {Seq: 1, Kind: Exit, Node: 2}},
	}
	for want, evs := range cases {
		r := NewRecorder()
		for _, e := range evs {
			r.Add(e)
		}
		if r.Err() == nil || !contains(r.Err().Error(), want) {
			t.Errorf("got %v, want an error containing %q", r.Err(), want)
		}
	}
}

func TestRecorderBuildsTheTree(t *testing.T) {
	r := NewRecorder()
	for _, e := range []*Event{
		{Kind: Enter, Max: true},
		{Seq: 1, Kind: Enter, Node: 1, Parent: 0, Has: HasParent, Move: "a", Path: "a"},
		{Seq: 2, Kind: Leaf, Node: 1, Has: HasValue, Value: 4, Reason: "terminal"},
		{Seq: 3, Kind: Exit, Node: 1, Has: HasValue, Value: 4, Bound: score.Exact},
		{Seq: 4, Kind: Cutoff, Node: 0, Move: "a", Pruned: []string{"b"}, Reason: "beta"},
		{Seq: 5, Kind: Exit, Node: 0, Has: HasValue, Value: 4, Bound: score.Lower},
		{Seq: 6, Kind: Done, Summary: &Summary{PV: []string{"a"}}},
	} {
		r.Add(e)
	}
	rec := r.Recording()
	if r.Err() != nil || rec.Root == nil || len(rec.Root.Children) != 1 || rec.Root.Cut == nil || rec.Root.Bound != score.Lower {
		t.Fatalf("bad recording: %+v, %v", rec.Root, r.Err())
	}
	if leaf := rec.Root.Children[0]; !leaf.Leaf || leaf.Value != 4 || leaf.Parent != rec.Root {
		t.Errorf("bad leaf %+v", leaf)
	}
	if pv := rec.PVNodes(); len(pv) != 2 || pv[1].Move != "a" {
		t.Errorf("PV nodes %v", pv)
	}
}

func TestNumber(t *testing.T) {
	cases := []struct {
		v, scale, mate int64
		want           string
	}{
		{3, 1, 0, "3"}, {-301, 100, 0, "-3.01"}, {50, 100, 0, "0.5"}, {-5, 100, 0, "-0.05"},
		{score.Inf, 1, 0, "+∞"}, {-score.Inf, 100, 0, "−∞"},
		{99997, 1, 100000, "#2"}, {-99996, 1, 100000, "#-2"}, {99999, 1, 100000, "#1"}, {120, 1, 100000, "120"},
	}
	for _, c := range cases {
		if got := score.Number(c.v, c.scale, c.mate); got != c.want {
			t.Errorf("Number(%d, %d, %d) = %q, want %q", c.v, c.scale, c.mate, got, c.want)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestRecorderLimit: a recorder with a limit keeps the latest root visit and
// counts what it does not keep.
func TestRecorderLimit(t *testing.T) {
	r := NewRecorder()
	r.Limit = 4
	var seq int64
	add := func(e *Event) {
		e.Seq = seq
		seq++
		r.Add(e)
	}
	id := int64(0)
	for visit := 0; visit < 3; visit++ {
		root := id
		add(&Event{Kind: Enter, Node: id})
		id++
		for c := 0; c < 3; c++ {
			add(&Event{Kind: Enter, Node: id, Parent: root, Has: HasParent, Move: "m"})
			add(&Event{Kind: Exit, Node: id, Has: HasValue, Value: 1})
			id++
		}
		add(&Event{Kind: Iter})
	}
	rec := r.Recording()
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	if len(rec.Roots) != 1 || rec.Root.ID != 8 || rec.Root.Iteration != 3 || len(rec.Root.Children) != 3 {
		t.Errorf("kept roots %d, root %+v", len(rec.Roots), rec.Root)
	}
	if rec.Discarded != 8 || rec.Node(2) != nil || rec.Node(9) == nil {
		t.Errorf("discarded %d; node 2 %v; node 9 %v", rec.Discarded, rec.Node(2), rec.Node(9))
	}
}
