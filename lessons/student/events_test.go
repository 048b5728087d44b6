package student

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// recordOf records events.
func recordOf(t *testing.T, evs []*trace.Event) *record.Recording {
	t.Helper()
	rec := record.NewRecorder()
	for _, e := range evs {
		rec.Add(e)
	}
	if err := rec.Err(); err != nil {
		t.Fatal(err)
	}
	return rec.Recording()
}

// traceOf is prunescope's own search of g as opt says, to depth, recorded.
func traceOf(t *testing.T, g Game, opt engine.Options, depth int, rtl bool) []*trace.Event {
	t.Helper()
	var evs []*trace.Event
	if _, err := engine.Search(context.Background(), g.Position(rtl), engine.Limits{Depth: depth}, opt, jsonl.Keep(&evs)); err != nil {
		t.Fatal(err)
	}
	return evs
}

// sameNodes compares a student's search recorded from Events with
// prunescope's recording of the search it is: the same nodes, each with
// the same move, ply, depth, player and value, leaves the same leaves.
func sameNodes(a, b *record.Node) error {
	switch {
	case a.Path != b.Path || a.Move != b.Move || a.Ply != b.Ply || a.Depth != b.Depth || a.Max != b.Max:
		return fmt.Errorf("node %q (move %q ply %d depth %d max %v) is %q (move %q ply %d depth %d max %v) in the reference",
			a.Path, a.Move, a.Ply, a.Depth, a.Max, b.Path, b.Move, b.Ply, b.Depth, b.Max)
	case a.HasValue != b.HasValue || a.Value != b.Value || a.Leaf != b.Leaf || a.LeafReason != b.LeafReason || !a.Closed:
		return fmt.Errorf("node %q: value %d (leaf %v %q), the reference's %d (leaf %v %q)", a.Path, a.Value, a.Leaf, a.LeafReason, b.Value, b.Leaf, b.LeafReason)
	case len(a.Children) != len(b.Children):
		return fmt.Errorf("node %q: %d children, the reference's %d", a.Path, len(a.Children), len(b.Children))
	}
	for i := range a.Children {
		if err := sameNodes(a.Children[i], b.Children[i]); err != nil {
			return err
		}
	}
	return nil
}

// told checks that events claim nothing a student's trace does not tell:
// no window, no bound, no cutoff or other technique; and that they read
// back as a trace (the JSON Lines reader checks its structure) that the
// step-through player plays to its end.
func told(t *testing.T, name string, evs []*trace.Event) {
	t.Helper()
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	for _, e := range evs {
		switch {
		case e.Kind != trace.Start && e.Kind != trace.Enter && e.Kind != trace.Leaf && e.Kind != trace.Exit && e.Kind != trace.Done:
			t.Fatalf("%s: event %d is a %s", name, e.Seq, e.Kind)
		case e.Has&(trace.HasWindow|trace.HasCut|trace.HasInterval|trace.HasMargin|trace.HasTo|trace.HasRef) != 0:
			t.Fatalf("%s: event %d (%s) has fields %b the trace does not tell", name, e.Seq, e.Kind, e.Has)
		case e.Bound != score.NoBound || e.Proved || e.Pruned != nil:
			t.Fatalf("%s: event %d (%s) claims a bound or a prune", name, e.Seq, e.Kind)
		case e.Kind == trace.Start && (!e.Info.NodesOnly || e.Info.Fail != "" || e.Info.Cutoff != "" || !strings.HasPrefix(e.Info.Algo, "yours (")):
			t.Fatalf("%s: start %+v names a search prunescope ran", name, e.Info)
		}
		w.Write(e)
	}
	w.Flush()
	var back []*trace.Event
	if err := jsonl.ReadAll(bytes.NewReader(buf.Bytes()), name, func(e *trace.Event) error { back = append(back, e); return nil }); err != nil {
		t.Fatalf("%s: read back: %v\n%s", name, err, buf.String())
	}
	if len(back) != len(evs) || !back[0].Info.NodesOnly {
		t.Fatalf("%s: %d events read back of %d, nodes only %v", name, len(back), len(evs), back[0].Info.NodesOnly)
	}
	p, err := step.Open(bytes.NewReader(buf.Bytes()), name)
	if err != nil {
		t.Fatalf("%s: step: %v", name, err)
	}
	for {
		ok, err := p.Next()
		if err != nil {
			t.Fatalf("%s: step %d: %v", name, p.Index(), err)
		}
		if !ok {
			break
		}
	}
}

// TestEventsAreTheSearch: on random trees (tree.Random), the minimal trace
// of each search a student's may be (values MAX's or the mover's, some
// leaves' enters left out), read and made into prunescope's events, is
// recorded as the very tree prunescope's own trace of that search records:
// the same nodes, moves, plies, depths, players, values and leaves; the
// events tell no window, bound or cutoff, read back as a trace and play to
// the end; the done event has the root's value and counts the nodes and
// leaves; and every step has the event that tells it.
func TestEventsAreTheSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2026))
	n := 120
	if testing.Short() {
		n = 40
	}
	ctx := context.Background()
	for i := range n {
		tr, err := tree.Random(2+rng.IntN(3), 1+rng.IntN(4), -5, 9, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = rng.IntN(3) == 0
		depth := tr.Height()
		if rng.IntN(3) == 0 && depth > 1 { // a depth limit inside the tree: static evaluations there
			depth--
			var evals func(n *tree.Node)
			evals = func(n *tree.Node) {
				if !n.Leaf {
					n.Eval, n.HasEval = int64(rng.IntN(9)-4), true
				}
				for _, c := range n.Children {
					evals(c)
				}
			}
			evals(tr.Root)
		}
		sp := conventions[rng.IntN(len(conventions))]
		rtl := rng.IntN(4) == 0
		g := TreeGame(tr)
		ref, err := ReferenceGame(ctx, g, spec(t, sp), depth, rtl)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("case %d %s rtl %v depth %d %s", i, tree.Format(tr), rtl, depth, sp)
		steps, err := Read(strings.NewReader(minimal(ref, i%2 == 1, maxNodes(tr))), "mine.jsonl", tr)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		conv, err := Events(steps, g, Info(g, depth, "mine.jsonl"), "mine.jsonl")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if conv.Stop != "" || conv.Shown != len(steps) || len(conv.Seq) != len(steps) {
			t.Fatalf("%s: stopped %q, %d steps of %d shown, %d told", name, conv.Stop, conv.Shown, len(steps), len(conv.Seq))
		}
		told(t, name, conv.Events)
		mine, theirs := recordOf(t, conv.Events), recordOf(t, traceOf(t, g, spec(t, sp), depth, rtl))
		if err := sameNodes(mine.Root, theirs.Root); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		done := conv.Events[len(conv.Events)-1]
		if done.Kind != trace.Done || done.Has&trace.HasValue == 0 || done.Value != ref.Value || done.Summary.Stopped != "" ||
			done.Summary.Nodes != theirs.Summary.Nodes || done.Summary.Leaves != theirs.Summary.Leaves {
			t.Fatalf("%s: done %+v %+v, the reference's value %d, %d nodes, %d leaves", name, done, done.Summary, ref.Value, theirs.Summary.Nodes, theirs.Summary.Leaves)
		}
		for k, st := range steps {
			e := conv.Events[conv.Seq[k]]
			want := trace.Enter
			if st.Exit {
				want = trace.Exit
				if e.Kind == trace.Leaf {
					want = trace.Leaf
				}
			}
			if e.Kind != want || (st.Exit && e.Value != st.Value) || e.Path != g.tracePath(st.Key, st.Node) {
				t.Fatalf("%s: step %d (%+v) is told by event %d, %s %q %d", name, k, st, e.Seq, e.Kind, e.Path, e.Value)
			}
		}
	}
}

// TestEventsStop: a trace that ends with nodes open (the student's program
// stopped) is shown to its end, the nodes open left without a value and
// the done event saying where the trace ended, without a value; a step that
// does not follow from those before it (a node that is not a move from the
// node open, an exit of another node, the root again) ends the events
// there, and says so; a trace that does not start at the root is refused,
// with its line.
func TestEventsStop(t *testing.T) {
	tr, ok := tree.Builtin("aima")
	if !ok {
		t.Fatal("no aima")
	}
	g := TreeGame(tr)
	for _, c := range []struct {
		name, text string
		shown      int
		stop       string
		value      bool
	}{
		{"whole", `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"leaf","node":"1.1","value":3}
{"ev":"exit","node":"1","value":3}
{"ev":"exit","node":"root","value":3}`, 6, "", true},
		{"ends open", `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"leaf","node":"1.1","value":3}`, 4, "the trace ends at line 3, node 1 still open", false},
		{"not a move", `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"enter","node":"2"}
{"ev":"leaf","node":"2.1","value":2}`, 2, "line 3 enters node 2, which is not a move from node 1, the node open there", false},
		{"another exit", `{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"leaf","node":"1.1","value":3}
{"ev":"exit","node":"root","value":3}`, 4, "line 4: the root returns, but node 1 is the node open there", false},
		{"root again", `{"ev":"enter","node":"root"}
{"ev":"exit","node":"root","value":3}
{"ev":"enter","node":"root"}`, 2, "line 3 enters the root again", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			steps, err := Read(strings.NewReader(c.text), "mine.jsonl", tr)
			if err != nil {
				t.Fatal(err)
			}
			conv, err := Events(steps, g, Info(g, 2, "mine.jsonl"), "mine.jsonl")
			if err != nil {
				t.Fatal(err)
			}
			told(t, c.name, conv.Events)
			done := conv.Events[len(conv.Events)-1]
			if conv.Shown != c.shown || conv.Stop != c.stop || (done.Has&trace.HasValue != 0) != c.value {
				t.Errorf("shown %d, stop %q, value %v; want %d, %q, %v", conv.Shown, conv.Stop, done.Has&trace.HasValue != 0, c.shown, c.stop, c.value)
			}
			open := !c.value
			if open != (done.Summary.Stopped != "") {
				t.Errorf("done says stopped %q with nodes open %v", done.Summary.Stopped, open)
			}
		})
	}
	steps, err := Read(strings.NewReader(`{"ev":"leaf","node":"1.1","value":3}`), "mine.jsonl", tr)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Events(steps, g, Info(g, 2, "mine.jsonl"), "mine.jsonl"); err == nil || !strings.HasPrefix(err.Error(), "mine.jsonl:1: the trace enters node 1.1 before the root") {
		t.Errorf("a trace below the root: %v", err)
	}
}

// TestEventsLeafOwnValue: a leaf event says the game's own value at the
// node; a student's value that is not (a leaf read wrong) is the value the
// node returned, an exit without a leaf event.
func TestEventsLeafOwnValue(t *testing.T) {
	tr, _ := tree.Builtin("aima")
	g := TreeGame(tr)
	steps, err := Read(strings.NewReader(`{"ev":"enter","node":"root"}
{"ev":"enter","node":"1"}
{"ev":"leaf","node":"1.1","value":3}
{"ev":"leaf","node":"1.2","value":7}
{"ev":"exit","node":"1","value":3}
{"ev":"exit","node":"root","value":3}`), "mine.jsonl", tr)
	if err != nil {
		t.Fatal(err)
	}
	conv, err := Events(steps, g, Info(g, 2, "mine.jsonl"), "mine.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	rec := recordOf(t, conv.Events)
	one := rec.Root.Children[0]
	if a, b := one.Children[0], one.Children[1]; !a.Leaf || a.LeafReason != trace.ReasonTerminal || a.Value != 3 || b.Leaf || !b.HasValue || b.Value != 7 {
		t.Errorf("1.1 leaf %v %q %d, 1.2 leaf %v %d", a.Leaf, a.LeafReason, a.Value, b.Leaf, b.Value)
	}
}

// TestEventsGames: a student's chess search (cmd's testdata: a queen
// against a lone king, minimax two plies deep, SAN) and a tic-tac-toe
// search made into events record as prunescope's own traces of the same
// searches do.
func TestEventsGames(t *testing.T) {
	b, err := chess.ParseFEN("k7/8/1K6/8/2Q5/8/8/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	board := "xo./x.o/..."
	fresh := func() engine.Position {
		p, err := tictactoe.Parse(board)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	ttt := MovesGame(fresh)
	ref, err := ReferenceGame(context.Background(), ttt, spec(t, "alphabeta:soft:gt"), 5, false)
	if err != nil {
		t.Fatal(err)
	}
	var tttText strings.Builder
	for _, st := range ref.Steps {
		if st.Exit {
			fmt.Fprintf(&tttText, `{"ev":"exit","node":%q,"value":%d}`+"\n", strings.ToLower(st.Key), st.Value)
		} else {
			fmt.Fprintf(&tttText, `{"ev":"enter","node":%q}`+"\n", st.Key)
		}
	}
	queen, err := os.ReadFile("../../cmd/testdata/check/queen-minimax.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		g     Game
		text  string
		spec  string
		depth int
	}{
		{"chess", ChessGame(b, chess.EvalPST), string(queen), "minimax", 2},
		{"tictactoe", ttt, tttText.String(), "alphabeta:soft:gt", 5},
	} {
		steps, err := ReadGame(strings.NewReader(c.text), c.name, c.g)
		if err != nil {
			t.Fatal(err)
		}
		conv, err := Events(steps, c.g, Info(c.g, c.depth, c.name), c.name)
		if err != nil || conv.Stop != "" {
			t.Fatalf("%s: %v %q", c.name, err, conv.Stop)
		}
		told(t, c.name, conv.Events)
		if err := sameNodes(recordOf(t, conv.Events).Root, recordOf(t, traceOf(t, c.g, spec(t, c.spec), c.depth, false)).Root); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
