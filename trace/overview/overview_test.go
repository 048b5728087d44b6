package overview

import (
	"context"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace"
)

var out = flag.String("overview.out", "", "write the charts of the tests' searches into this folder, to look at")

// build searches s with a builder as its hooks and returns the overview and
// the search's result.
func build(t *testing.T, s sinktest.Search, b *Builder) (*Overview, engine.Result) {
	t.Helper()
	res, _ := s.Run(t, b.Hooks())
	o, err := b.Overview()
	if err != nil {
		t.Fatalf("%s: %v", s.Name, err)
	}
	return o, res
}

// chessSearch searches a chess position with hooks.
func chessSearch(t testing.TB, fen string, depth int, spec string, hooks *trace.Hooks) engine.Result {
	t.Helper()
	board, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	opt, err := engine.ParseSpec(spec, engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})})
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Search(context.Background(), chess.NewPosition(board, chess.EvalPST), engine.Limits{Depth: depth}, opt, hooks)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// checkTotals checks the root cell's sums against the search's own counts,
// and every cell's sums against its children's.
func checkTotals(t *testing.T, name string, o *Overview, res *trace.Summary) {
	t.Helper()
	root := o.Cells[0].Counts
	for _, c := range []struct {
		what      string
		got, want int64
	}{
		{"nodes", root.Nodes, res.Nodes},
		{"leaves", root.Leaves, res.Leaves},
		{"cutoffs", root.Cutoffs, res.Counts[trace.Cutoff]},
		{"null prunes", root.NullPrunes, res.Counts[trace.NullPrune]},
		{"reductions", root.Reductions, res.Counts[trace.Reduce]},
		{"extensions", root.Extensions, res.Counts[trace.Extend]},
		{"tt hits", root.TTHits, res.Counts[trace.TTHit]},
		{"re-searches", root.Researches, res.Counts[trace.Research]},
		{"qs", root.QS, res.Counts[trace.QSEnter]},
		{"futility", root.Futile, res.Counts[trace.Futility]},
		{"razor", root.Razored, res.Counts[trace.Razor]},
	} {
		if c.got != c.want {
			t.Errorf("%s: %s %d, the search counted %d", name, c.what, c.got, c.want)
		}
	}
	for i := range o.Cells {
		c := &o.Cells[i]
		sum := c.Own.Nodes
		for _, ch := range c.Children {
			sum += o.Cells[ch].Counts.Nodes
			if o.Cells[ch].Parent != i || o.Cells[ch].Ply != c.Ply+1 {
				t.Fatalf("%s: cell %d: child %d has parent %d, ply %d", name, i, ch, o.Cells[ch].Parent, o.Cells[ch].Ply)
			}
		}
		if len(c.Tail) > 0 {
			if len(c.Children) > 0 {
				t.Errorf("%s: %s has children and a tail", name, o.Path(i))
			}
			var tail Slot
			for k := range c.Tail {
				tail.add(&c.Tail[k])
			}
			if got := c.Own.Nodes + tail.Nodes; got != c.Counts.Nodes || c.Own.Leaves+tail.Leaves != c.Counts.Leaves || c.Own.Cutoffs+tail.Cutoffs != c.Counts.Cutoffs ||
				c.Own.NullPrunes+tail.NullPrunes != c.Counts.NullPrunes || c.Own.QSNodes+tail.QS != c.Counts.QSNodes {
				t.Errorf("%s: %s: its visits and tail make %+v and %+v, its counts %+v", name, o.Path(i), c.Own, tail, c.Counts)
			}
		} else if c.Ply == o.MaxPly && o.Deepest > o.MaxPly {
			if sum > c.Counts.Nodes {
				t.Errorf("%s: %s: %d nodes, fewer than its visits and children's", name, o.Path(i), c.Counts.Nodes)
			}
		} else if sum != c.Counts.Nodes {
			t.Errorf("%s: %s: %d nodes, but its visits and children's make %d", name, o.Path(i), c.Counts.Nodes, sum)
		}
	}
}

// TestCountsToyTrees: on every small search of the sinks' golden tests the
// root's sums are the search's own counts.
func TestCountsToyTrees(t *testing.T) {
	for _, s := range sinktest.Searches {
		o, res := build(t, s, New(0, 0))
		sum := res.Summary()
		if s.Nodes > 0 {
			sum = o.Summary // stopped: the done event has the counts
		}
		checkTotals(t, s.Name, o, sum)
		if *out != "" {
			writeOut(t, s.Name+".svg", SVG(o))
		}
	}
}

// TestAima: the cells of Russell & Norvig's Figure 5.2, worked out by
// hand: the root's three moves, the cutoff at 2 after 2.1 leaving two
// moves unsearched, the principal variation 1 1.1.
func TestAima(t *testing.T) {
	o, _ := build(t, sinktest.Searches[0], New(0, 0))
	if len(o.Cells) != 11 || o.MaxPly != 2 {
		t.Fatalf("%d cells to ply %d, want 11 to ply 2", len(o.Cells), o.MaxPly)
	}
	want := map[string]struct {
		nodes, leaves, cutoffs, pruned int64
		pv                             bool
		value                          int64
	}{
		"root": {11, 7, 0, 0, true, 3},
		"1":    {4, 3, 0, 0, true, 3},
		"1.1":  {1, 1, 0, 0, true, 3},
		"2":    {2, 1, 1, 2, false, 3},
		"2.1":  {1, 1, 0, 0, false, 2},
		"3":    {4, 3, 0, 0, false, 3},
		"3.3":  {1, 1, 0, 0, false, 2},
	}
	for i := range o.Cells {
		c := &o.Cells[i]
		name := o.Path(i)
		if name == "" {
			name = "root"
		}
		w, ok := want[name]
		if !ok {
			continue
		}
		delete(want, name)
		if c.Counts.Nodes != w.nodes || c.Counts.Leaves != w.leaves || c.Own.Cutoffs != w.cutoffs || c.Own.Pruned != w.pruned || c.PV != w.pv || c.Value != w.value {
			t.Errorf("%s: nodes %d leaves %d cutoffs %d pruned %d pv %v value %d, want %+v", name, c.Counts.Nodes, c.Counts.Leaves, c.Own.Cutoffs, c.Own.Pruned, c.PV, c.Value, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("cells not found: %v", want)
	}
	var order []string
	for _, ch := range o.Cells[0].Children {
		order = append(order, o.Cells[ch].Move)
	}
	if strings.Join(order, " ") != "1 2 3" {
		t.Errorf("root's children in the order %v", order)
	}
}

// TestCountsChess: a small chess search with every technique on, and one
// with the table and iterative deepening (paths visited again), add up to
// the search's counts.
func TestCountsChess(t *testing.T) {
	for _, c := range []struct {
		name, fen, spec string
		depth, cap      int
	}{
		{"selective", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "alphabeta+null-move+reductions+extensions+quiescence+futility+razoring", 3, 0},
		{"iterative-tt", chess.StartFEN, "pvs+tt+order+iterative", 4, 0},
		// Rows folded to 300 cells, with null moves, quiescence and the
		// table: the tails add up too.
		{"folded", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "alphabeta+null-move+quiescence+tt+iterative", 4, 300},
	} {
		b := New(0, c.cap)
		res := chessSearch(t, c.fen, c.depth, c.spec, b.Hooks())
		o, err := b.Overview()
		if err != nil {
			t.Fatal(err)
		}
		checkTotals(t, c.name, o, res.Summary())
		if folded := o.Folds > 0; folded != (c.cap > 0) || len(o.Cells) > max(c.cap, 0) && c.cap > 0 {
			t.Errorf("%s: %d folds, %d cells", c.name, o.Folds, len(o.Cells))
		}
		if !o.Cells[0].PV || len(res.PVLabels) == 0 {
			t.Errorf("%s: no principal variation", c.name)
		}
		pv := 0
		for i := range o.Cells {
			if o.Cells[i].PV {
				pv++
			}
		}
		if want := min(len(res.PVLabels), o.MaxPly) + 1; pv != want {
			t.Errorf("%s: %d cells on the principal variation, want %d", c.name, pv, want)
		}
		if *out != "" {
			writeOut(t, "chess-"+c.name+".svg", SVG(o))
		}
	}
}

// fullTree feeds add the events of a search of a full tree of the given
// branching and depth, every node entered once, leaves evaluated, the
// moves named a, b, c, ...; it returns the nodes entered.
func fullTree(add func(*trace.Event), branching, depth int) int64 {
	var nodes int64
	var e trace.Event // one event, reused as the engine does
	emit := func(k trace.Kind, ply int, move string) {
		e.Kind, e.Ply, e.Move, e.Has, e.Value = k, ply, move, 0, 0
		if k != trace.Enter {
			e.Has, e.Value = trace.HasValue, 1
		}
		add(&e)
		e.Seq++
	}
	var visit func(ply int, move string)
	visit = func(ply int, move string) {
		nodes++
		emit(trace.Enter, ply, move)
		if ply == depth {
			emit(trace.Leaf, ply, "")
		} else {
			for i := range branching {
				visit(ply+1, string(rune('a'+i)))
			}
		}
		emit(trace.Exit, ply, "")
	}
	visit(0, "")
	return nodes
}

// below is the nodes of a full tree of branching b and depth d.
func below(b, d int) int64 {
	n, level := int64(0), int64(1)
	for range d + 1 {
		n += level
		level *= int64(b)
	}
	return n
}

// TestMemoryBounded: a search of more than a million nodes keeps at most
// the cap's cells, folding rows as it goes, still adds up, and keeps the
// plies it folded as rows of the cells' tails.
func TestMemoryBounded(t *testing.T) {
	const capacity = 1000
	b := New(0, capacity)
	most := 0
	// Branching 4, depth 10: 1,398,101 nodes, 1,048,576 leaves.
	nodes := fullTree(func(e *trace.Event) {
		b.Add(e)
		most = max(most, b.Cells())
	}, 4, 10)
	if nodes != below(4, 10) {
		t.Fatalf("%d nodes", nodes)
	}
	if most > capacity {
		t.Errorf("%d cells kept, cap %d", most, capacity)
	}
	o, err := b.Overview()
	if err != nil {
		t.Fatal(err)
	}
	// The 341 cells to ply 4 fit the cap; ply 5's 1,024 more do not.
	if o.MaxPly != 4 || len(o.Cells) != int(below(4, 4)) || o.Folds == 0 || o.Deepest != 10 || o.Rows != DefaultMaxPly+1 {
		t.Errorf("%d cells to ply %d after %d folds (deepest %d, %d rows); want 341 to ply 4, some folds, 10, 9 rows", len(o.Cells), o.MaxPly, o.Folds, o.Deepest, o.Rows)
	}
	checkTotals(t, "full tree", o, &trace.Summary{Nodes: nodes, Leaves: 1 << 20})
	// Below each cell of ply 4, 4 nodes at ply 5, 16 at ply 6, 64 at ply
	// 7, and at ply 8 and deeper 256 + 1,024 + 4,096 (the leaves).
	want := []Slot{{Nodes: 4}, {Nodes: 16}, {Nodes: 64}, {Nodes: 5376, Leaves: 4096}}
	for i := range o.Cells {
		c := &o.Cells[i]
		if c.Counts.Nodes != below(4, 10-c.Ply) || c.Own.Nodes != 1 {
			t.Fatalf("%s: %d nodes, %d visits; want %d, 1", o.Path(i), c.Counts.Nodes, c.Own.Nodes, below(4, 10-c.Ply))
		}
		if c.Ply == 4 && !slices.Equal(c.Tail, want) {
			t.Fatalf("%s: tail %v, want %v", o.Path(i), c.Tail, want)
		}
	}
	rows := o.rowNodes()
	for ply, n := range rows[:8] {
		if n != 1<<(2*ply) {
			t.Errorf("ply %d: %d nodes, want %d", ply, n, 1<<(2*ply))
		}
	}
	if rows[8] != 1<<16+1<<18+1<<20 {
		t.Errorf("ply 8 and deeper: %d nodes", rows[8])
	}
}

// TestEmpty: a trace without a node is an error, not a chart.
func TestEmpty(t *testing.T) {
	b := New(0, 0)
	if _, err := b.Overview(); err != ErrEmpty {
		t.Errorf("no events: %v", err)
	}
	b.Add(&trace.Event{Kind: trace.Start, Info: &trace.Info{Game: "tree"}})
	if _, err := b.Overview(); err != ErrEmpty {
		t.Errorf("only a start event: %v", err)
	}
	b = New(0, 0)
	b.Add(&trace.Event{Kind: trace.Enter, Ply: 3})
	if _, err := b.Overview(); err == nil || err == ErrEmpty {
		t.Errorf("a node entered at ply 3 first: %v", err)
	}
}

func writeOut(t *testing.T, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(*out, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

type xmlElement = xml.StartElement

// parseSVG checks that data is well-formed XML and returns its elements.
func parseSVG(t *testing.T, data []byte) []xml.StartElement {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(string(data)))
	var els []xml.StartElement
	for {
		tok, err := dec.Token()
		if err != nil {
			if err == io.EOF {
				return els
			}
			t.Fatalf("not XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			els = append(els, se.Copy())
		}
	}
}

// TestNoPanic: events out of order (exits without enters, plies that jump,
// moves announced for children never entered, a cap of one cell) are left
// out or counted where they can be, never a panic, and what is kept still
// draws.
func TestNoPanic(t *testing.T) {
	rng := uint64(1)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	kinds := []trace.Kind{trace.Enter, trace.Enter, trace.Enter, trace.Exit, trace.Exit, trace.Leaf, trace.Cutoff, trace.NullPrune,
		trace.Reduce, trace.Extend, trace.Research, trace.TTHit, trace.QSEnter, trace.StandPat, trace.Futility, trace.Razor,
		trace.Iter, trace.Window, trace.TTStore, trace.Done, trace.Kind(200)}
	for _, capacity := range []int{1, 3, 50} {
		b := New(3, capacity)
		depth := 0
		for seq := range 20000 {
			e := &trace.Event{Seq: int64(seq), Kind: kinds[next(len(kinds))], Move: string(rune('a' + next(4)))}
			switch {
			case next(10) == 0:
				e.Ply = next(12) - 2 // anywhere, out of order
			case e.Kind == trace.Enter:
				e.Ply = depth
				depth++
			case e.Kind == trace.Exit && depth > 0:
				depth--
				e.Ply = depth
			default:
				e.Ply = max(depth-1, 0)
			}
			if e.Kind == trace.Done {
				e.Summary = &trace.Summary{PV: []string{"a", "b", "zz"}}
			}
			b.Add(e)
			if b.Err() != nil {
				b.err = nil // go on: the point is that nothing panics
				depth = len(b.stack)
			}
		}
		if o, err := b.Overview(); err == nil {
			parseSVG(t, SVG(o))
			parseSVG(t, Pair(o, o, "A", "B"))
		}
	}
}
