package tree

import (
	"slices"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
)

func mustParse(t testing.TB, text string) *Tree {
	t.Helper()
	tr, err := Parse("tree", text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	return tr
}

func TestPositionWalk(t *testing.T) {
	tr := mustParse(t, "A:(b:3[capture] (4 (5 6)[eval=-2 check])[eval=1.5 promotion] (7 8)[pass key=k] (9 x:(10)[key=k]))[min]")
	p := NewPosition(tr)
	if !p.RootIsMin() {
		t.Error("RootIsMin() = false")
	}
	if g := p.Game(); g.Name != "tree" || g.Input != "tree" || g.Scale != 100 {
		t.Errorf("Game() = %+v", g)
	}
	if got := p.NodeName(); got != "A" {
		t.Errorf("root NodeName = %q", got)
	}
	// Root: MIN to move, moves 0, 1, 3 (child 2 is the pass).
	moves := p.Moves(nil)
	if want := []engine.Move{0, 1, 3}; !slices.Equal(moves, want) {
		t.Fatalf("Moves = %v, want %v", moves, want)
	}
	if !p.CanPass() {
		t.Error("CanPass at the root = false")
	}
	labels := []string{}
	for _, m := range moves {
		labels = append(labels, p.MoveLabel(m))
	}
	if want := []string{"b", "2", "4"}; !slices.Equal(labels, want) {
		t.Errorf("labels = %v, want %v", labels, want)
	}
	if !p.IsCapture(0) || p.IsCapture(1) || !p.IsPromotion(1) || p.cur().n.Children[1].Check {
		t.Error("move flags at the root are wrong")
	}
	if _, over := p.Terminal(0); over {
		t.Error("root is terminal")
	}
	if _, ok := p.Evaluate(); ok {
		t.Error("root without eval has an evaluation")
	}
	rootKey := p.Key()

	// A leaf, MAX to move there: the value is MAX's view as it is.
	p.Make(0)
	if v, over := p.Terminal(1); !over || v != 300 {
		t.Errorf("leaf b: Terminal = %d, %v; want 300, true", v, over)
	}
	if v, ok := p.Evaluate(); !ok || v != 300 {
		t.Errorf("leaf b: Evaluate = %d, %v", v, ok)
	}
	if p.NodeName() != "b" || p.InCheck() {
		t.Errorf("leaf b: name %q, in check %v", p.NodeName(), p.InCheck())
	}
	p.Unmake(0)

	// An inner node with an eval, MAX to move: eval as it is.
	p.Make(1)
	if v, ok := p.Evaluate(); !ok || v != 150 {
		t.Errorf("node 2: Evaluate = %d, %v; want 150, true", v, ok)
	}
	if p.NodeName() != "2" || p.CanPass() {
		t.Errorf("node 2: name %q, can pass %v", p.NodeName(), p.CanPass())
	}
	if !p.cur().n.Children[1].Check {
		t.Error("node 2: move 1 gives no check")
	}
	// Its child 2.2, MIN to move: values negated.
	p.Make(1)
	if v, ok := p.Evaluate(); !ok || v != 200 {
		t.Errorf("node 2.2: Evaluate = %d, %v; want 200 (MIN's view of -2)", v, ok)
	}
	if !p.InCheck() {
		t.Error("node 2.2: not in check")
	}
	p.Make(0)
	if v, over := p.Terminal(3); !over || v != 500 {
		t.Errorf("leaf 2.2.1 (MAX to move): Terminal = %d, %v; want 500", v, over)
	}
	p.Unmake(0)
	p.Unmake(1)
	p.Unmake(1)
	if p.Key() != rootKey || p.NodeName() != "A" {
		t.Fatal("Unmake did not return to the root")
	}

	// The pass: MAX to move after MIN passes; the key is shared with x.
	p.MakeNull()
	if p.NodeName() != "3" {
		t.Errorf("pass child: name %q, want 3", p.NodeName())
	}
	if v, _ := p.Terminal(1); v != 0 {
		t.Errorf("pass child is terminal")
	}
	p.Make(0)
	if v, over := p.Terminal(2); !over || v != -700 {
		t.Errorf("leaf 3.1 after a pass (MIN to move): Terminal = %d, %v; want -700", v, over)
	}
	p.Unmake(0)
	passKey := p.Key()
	p.UnmakeNull()
	p.Make(3)
	p.Make(1)
	if p.NodeName() != "x" || p.Key() != passKey {
		t.Errorf("node x: name %q, key shared with the pass child: %v", p.NodeName(), p.Key() == passKey)
	}
	xKey := p.Key()
	p.Unmake(1)
	if p.Key() == xKey || p.Key() == rootKey {
		t.Error("node 4 shares a key")
	}
	p.Unmake(3)
}

func TestKeys(t *testing.T) {
	tr := mustParse(t, "((1 2)[key=t] (3 (1 2)[key=t]) (4 5)[key=7])")
	p := NewPosition(tr)
	keys := map[uint64]string{}
	var visit func()
	visit = func() {
		name := p.NodeName()
		if other, dup := keys[p.Key()]; dup && !(name == "1" && other == "2.2" || name == "2.2" && other == "1") {
			t.Errorf("nodes %s and %s share a key", name, other)
		}
		keys[p.Key()] = name
		for _, m := range p.Moves(nil) {
			p.Make(m)
			visit()
			p.Unmake(m)
		}
	}
	visit()
	if n, _ := tr.Count(); len(keys) != n-1 {
		t.Errorf("%d distinct keys for %d nodes, two of which share one", len(keys), n)
	}
	// Keys are node indexes, below Positions (the table is sized to them).
	for k := range keys {
		if k >= uint64(p.Positions()) {
			t.Errorf("key %d is not below Positions %d", k, p.Positions())
		}
	}
}

func TestDescribeSubtree(t *testing.T) {
	tr := mustParse(t, "(1 B:(2 (3)[pass] c:4))")
	p := NewPosition(tr)
	st := p.DescribeSubtree(1, 100)
	want := &trace.Subtree{Move: "B", Path: "B", Max: false, Children: []*trace.Subtree{
		{Move: "2.1", Path: "2.1", Max: true, Leaf: true, Value: 2},
		{Move: "c", Path: "c", Max: true, Leaf: true, Value: 4},
	}}
	if !subtreeEqual(st, want) {
		t.Errorf("DescribeSubtree(1) = %+v, want %+v", st, want)
	}
	if p.DescribeSubtree(5, 100) != nil {
		t.Error("DescribeSubtree of a missing move is not nil")
	}
}

// TestDescribeSubtreeBudget: a large subtree is described by whole levels
// within the budget, and the rest is counted.
func TestDescribeSubtreeBudget(t *testing.T) {
	tr, err := Random(3, 4, 0, 9, 1) // the root's children have 1+3+9+27 = 40 nodes each
	if err != nil {
		t.Fatal(err)
	}
	p := NewPosition(tr)
	for _, c := range []struct{ budget, levels, count int }{{40, 3, 40}, {39, 2, 40}, {13, 2, 40}, {12, 1, 40}, {1, 0, 40}} {
		st := p.DescribeSubtree(0, c.budget)
		if got := depthOf(st); got != c.levels || st.Count() != c.count {
			t.Errorf("budget %d: %d levels, %d nodes; want %d levels, %d nodes", c.budget, got, st.Count(), c.levels, c.count)
		}
	}
}

func depthOf(s *trace.Subtree) int {
	d := 0
	for _, c := range s.Children {
		d = max(d, 1+depthOf(c))
	}
	return d
}

func subtreeEqual(a, b *trace.Subtree) bool {
	if a.Move != b.Move || a.Path != b.Path || a.Max != b.Max || a.Leaf != b.Leaf || a.Value != b.Value || a.Below != b.Below || len(a.Children) != len(b.Children) {
		return false
	}
	for i := range a.Children {
		if !subtreeEqual(a.Children[i], b.Children[i]) {
			return false
		}
	}
	return true
}

// TestPositionNoAlloc checks that walking the tree allocates nothing.
func TestPositionNoAlloc(t *testing.T) {
	tr := mustParse(t, "((1 2)[capture check] (3 (4 5)[eval=1 key=k])[promotion] (6)[pass])")
	p := NewPosition(tr)
	buf := make([]engine.Move, 0, 8)
	var sink int64
	allocs := testing.AllocsPerRun(100, func() {
		for _, m := range p.Moves(buf[:0]) {
			if p.IsCapture(m) || p.IsRecapture(m) || p.IsPromotion(m) {
				sink++
			}
			_ = p.MoveLabel(m)
			p.Make(m)
			v, _ := p.Terminal(1)
			e, _ := p.Evaluate()
			sink += v + e + int64(p.Key())
			_ = p.InCheck()
			_ = p.NodeName()
			for _, c := range p.Moves(buf[:0]) {
				p.Make(c)
				v, _ := p.Terminal(2)
				sink += v + int64(p.Key())
				p.Unmake(c)
			}
			p.Unmake(m)
		}
		if p.CanPass() {
			p.MakeNull()
			v, _ := p.Evaluate()
			sink += v
			p.UnmakeNull()
		}
		sink += p.NoMoves(0)
	})
	if allocs != 0 {
		t.Errorf("walking the tree allocates %v times per run", allocs)
	}
	_ = sink
}
