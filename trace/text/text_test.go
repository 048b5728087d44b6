package text

import (
	"bytes"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

func feed(s *Sink, evs []*trace.Event) {
	for i, e := range evs {
		e.Seq = int64(i)
		s.Add(e)
	}
}

func events() []*trace.Event {
	info := &trace.Info{Game: "tree", Input: "t", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1, Depth: 2}
	return []*trace.Event{
		{Kind: trace.Start, Info: info, Depth: 2},
		{Kind: trace.Enter, Max: true, Has: trace.HasWindow, Alpha: -score.Inf, Beta: score.Inf, Depth: 2},
		{Kind: trace.Enter, Node: 1, Path: "1", Move: "1", Ply: 1, Depth: 1, Has: trace.HasParent | trace.HasWindow, Alpha: -score.Inf, Beta: score.Inf},
		{Kind: trace.Enter, Node: 2, Path: "1.1", Move: "1.1", Ply: 2, Max: true, Has: trace.HasParent | trace.HasWindow, Alpha: -score.Inf, Beta: score.Inf},
		{Kind: trace.Leaf, Node: 2, Path: "1.1", Ply: 2, Has: trace.HasValue, Value: 2, Reason: "terminal"},
		{Kind: trace.Exit, Node: 2, Path: "1.1", Ply: 2, Has: trace.HasValue, Value: 2, Bound: score.Exact},
		{Kind: trace.Cutoff, Node: 1, Path: "1", Ply: 1, Has: trace.HasValue | trace.HasWindow, Value: 2, Alpha: 3, Beta: score.Inf, Move: "1.1", Reason: "alpha", Pruned: []string{"1.2", "1.3"}},
		{Kind: trace.Exit, Node: 1, Path: "1", Ply: 1, Has: trace.HasValue | trace.HasWindow, Value: 3, Alpha: 3, Beta: score.Inf, Bound: score.Upper},
		{Kind: trace.Exit, Node: 0, Has: trace.HasValue, Value: 3, Bound: score.Exact},
		{Kind: trace.Done, Has: trace.HasValue, Value: 3, Summary: &trace.Summary{Value: 3, Best: "1", PV: []string{"1", "1.1"}, Nodes: 3, Leaves: 1}},
	}
}

func TestSink(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, Plain(), Options{})
	feed(s, events())
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"│ │ · 1.1 leaf 2  window (−∞, +∞)\n",
		"│ │ ✂ α-cutoff at MIN node 1: 1.1 returned 2 ≤ α 3; not searched: 1.2, 1.3\n",
		"│ └ 1 = 3 upper bound (true value ≤ 3) — fail-hard: the best found, 2, is clamped to α\n",
		"└ root = 3 exact\n",
		"value 3 · best move 1 · PV 1 1.1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestMaxPlyHidesDeepLines(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, Plain(), Options{MaxPly: 1})
	feed(s, events())
	s.Flush()
	out := buf.String()
	if strings.Contains(out, "1.1 leaf") || !strings.Contains(out, "(1 node deeper than ply 1 not shown)") {
		t.Errorf("MaxPly not applied:\n%s", out)
	}
}

func TestColoredDiffersFromPlain(t *testing.T) {
	var plain, col bytes.Buffer
	feed(New(&plain, Plain(), Options{}), events())
	sc := New(&col, Colored(), Options{})
	feed(sc, events())
	sc.Flush()
	if !strings.Contains(col.String(), "\x1b[") || strings.Contains(plain.String(), "\x1b[") {
		t.Error("colour scheme not applied as chosen")
	}
}

// TestStoppedWithoutValue: a search stopped before any result says so, and
// shows no value.
func TestStoppedWithoutValue(t *testing.T) {
	var buf bytes.Buffer
	s := New(&buf, Plain(), Options{})
	evs := events()
	evs[len(evs)-1] = &trace.Event{Kind: trace.Done, Summary: &trace.Summary{Nodes: 3, Leaves: 1, Stopped: "node limit"}}
	feed(s, evs)
	s.Flush()
	out := buf.String()
	if strings.Contains(out, "value 0") || !strings.Contains(out, "The search stopped (node limit) before it found a value.") {
		t.Errorf("a stopped search's footer:\n%s", out)
	}
}

// Every kind its row says is told as it happens writes its sentence on a
// line of its own, with no case for it in the sink: a new technique's kind
// needs its row and its sentence only.
func TestEveryToldKindWritesItsSentence(t *testing.T) {
	info := &trace.Info{Game: "tree", Input: "t", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1, Depth: 2}
	for k := trace.Kind(0); k < trace.NumKinds; k++ {
		sp := k.Spec()
		if sp.Say == trace.SayNone {
			continue
		}
		e := &trace.Event{Kind: k, Node: 1, Parent: 0, Path: "1", Ply: 1, Depth: 2, To: 1, Max: true, Move: "1.1", Reason: k.String(),
			Has: trace.HasParent | trace.HasWindow | trace.HasValue, Alpha: -3, Beta: 3, Value: 1}
		if sp.About == trace.AboutRoot {
			e.Node, e.Path, e.Ply, e.Has = 0, "", 0, trace.HasWindow|trace.HasValue
		}
		sentence := explain.Event(info, e).Short
		if sentence == "" {
			t.Errorf("%s: its row names sentence %d, which says nothing", k, sp.Say)
			continue
		}
		var buf bytes.Buffer
		s := New(&buf, Plain(), Options{})
		feed(s, []*trace.Event{
			{Kind: trace.Start, Info: info, Depth: 2},
			{Kind: trace.Enter, Max: true, Depth: 2},
			{Kind: trace.Enter, Node: 1, Path: "1", Move: "1", Ply: 1, Depth: 1, Has: trace.HasParent},
			e,
		})
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), sentence+"\n") {
			t.Errorf("%s: the sink did not write %q:\n%s", k, sentence, buf.String())
		}
	}
}
