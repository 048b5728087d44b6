package record

import (
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

func TestRecorderRejectsInconsistentEvents(t *testing.T) {
	cases := map[string][]*trace.Event{
		"node 3 entered out of order (expected 0)": {{Kind: trace.Enter, Node: 3}},
		"parent 5 of node 1 was never entered":     {{Kind: trace.Enter}, {Seq: 1, Kind: trace.Enter, Node: 1, Parent: 5, Has: trace.HasParent}},
		"(exit): node 2 was never entered":         {{Kind: trace.Enter}, {Seq: 1, Kind: trace.Exit, Node: 2}},
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
	for _, e := range []*trace.Event{
		{Kind: trace.Enter, Max: true},
		{Seq: 1, Kind: trace.Enter, Node: 1, Parent: 0, Has: trace.HasParent, Move: "a", Path: "a"},
		{Seq: 2, Kind: trace.Leaf, Node: 1, Has: trace.HasValue, Value: 4, Reason: "terminal"},
		{Seq: 3, Kind: trace.Exit, Node: 1, Has: trace.HasValue, Value: 4, Bound: score.Exact},
		{Seq: 4, Kind: trace.Cutoff, Node: 0, Move: "a", Pruned: []string{"b"}, Reason: "beta"},
		{Seq: 5, Kind: trace.Exit, Node: 0, Has: trace.HasValue, Value: 4, Bound: score.Lower},
		{Seq: 6, Kind: trace.Done, Summary: &trace.Summary{PV: []string{"a"}}},
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
	add := func(e *trace.Event) {
		e.Seq = seq
		seq++
		r.Add(e)
	}
	id := int64(0)
	for visit := 0; visit < 3; visit++ {
		root := id
		add(&trace.Event{Kind: trace.Enter, Node: id})
		id++
		for c := 0; c < 3; c++ {
			add(&trace.Event{Kind: trace.Enter, Node: id, Parent: root, Has: trace.HasParent, Move: "m"})
			add(&trace.Event{Kind: trace.Exit, Node: id, Has: trace.HasValue, Value: 1})
			id++
		}
		add(&trace.Event{Kind: trace.Iter})
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

// A kind told as it happens that the recorder has no keep func for (a new
// technique's) is kept on its node as a mark; one with a keep func is kept
// there instead.
func TestRecorderKeepsAMarkForARowAlone(t *testing.T) {
	evs := []*trace.Event{
		{Kind: trace.Enter, Max: true},
		{Seq: 1, Kind: trace.Razor, Depth: 3, To: 1, Has: trace.HasValue, Value: -2, Margin: 3},
		{Seq: 2, Kind: trace.TTProbe},
		{Seq: 3, Kind: trace.Exit, Has: trace.HasValue, Value: -2, Bound: score.Upper},
	}
	recorded := func() *Node {
		r := NewRecorder()
		for _, e := range evs {
			r.Add(e)
		}
		if r.Err() != nil {
			t.Fatal(r.Err())
		}
		return r.Recording().Root
	}
	if n := recorded(); n.Razored == nil || len(n.Marks) != 0 {
		t.Fatalf("with its keep func: razored %v, marks %v", n.Razored, n.Marks)
	}
	keep := keeps[trace.Razor]
	delete(keeps, trace.Razor) // razoring as a technique known from its row alone
	defer func() { keeps[trace.Razor] = keep }()
	n := recorded()
	if n.Razored != nil || len(n.Marks) != 1 {
		t.Fatalf("without: razored %v, marks %v; want one mark (tt_probe, told by no sentence, makes none)", n.Razored, n.Marks)
	}
	if m := n.Marks[0]; m.Kind != trace.Razor || m.To != 1 || m.Value != -2 || m.Margin != 3 {
		t.Errorf("mark %+v does not keep the event", m)
	}
}

// TestRecorderForgetsTheCutOfARestart: a node whose shallower search cut
// (internal iterative deepening's) and that is then searched again from
// scratch (iid_done) keeps no cut when the search at full depth does not cut.
func TestRecorderForgetsTheCutOfARestart(t *testing.T) {
	r := NewRecorder()
	for _, e := range []*trace.Event{
		{Kind: trace.Enter, Max: true},
		{Seq: 1, Kind: trace.IID, Node: 0, To: 1},
		{Seq: 2, Kind: trace.Enter, Node: 1, Parent: 0, Has: trace.HasParent, Move: "a", Path: "a"},
		{Seq: 3, Kind: trace.Leaf, Node: 1, Has: trace.HasValue, Value: 4, Reason: "static"},
		{Seq: 4, Kind: trace.Exit, Node: 1, Has: trace.HasValue, Value: 4, Bound: score.Exact},
		{Seq: 5, Kind: trace.Cutoff, Node: 0, Move: "a", Pruned: []string{"b"}, Reason: "beta"},
		{Seq: 6, Kind: trace.IIDDone, Node: 0, To: 2, Detail: "a"},
		{Seq: 7, Kind: trace.Enter, Node: 2, Parent: 0, Has: trace.HasParent, Move: "a", Path: "a"},
		{Seq: 8, Kind: trace.Leaf, Node: 2, Has: trace.HasValue, Value: 1, Reason: "terminal"},
		{Seq: 9, Kind: trace.Exit, Node: 2, Has: trace.HasValue, Value: 1, Bound: score.Exact},
		{Seq: 10, Kind: trace.Enter, Node: 3, Parent: 0, Has: trace.HasParent, Move: "b", Path: "b"},
		{Seq: 11, Kind: trace.Leaf, Node: 3, Has: trace.HasValue, Value: 2, Reason: "terminal"},
		{Seq: 12, Kind: trace.Exit, Node: 3, Has: trace.HasValue, Value: 2, Bound: score.Exact},
		{Seq: 13, Kind: trace.Exit, Node: 0, Has: trace.HasValue, Value: 2, Bound: score.Exact},
	} {
		r.Add(e)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if c := r.Recording().Root.Cut; c != nil {
		t.Errorf("the root keeps the cut of its shallower search: %+v", c)
	}
}
