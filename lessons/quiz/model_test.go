package quiz

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// TestModelSearchesAsTheEngine: without a mistake the student model searches
// exactly as the engine does, node by node, under every convention, to the
// leaves and to a horizon. Its mistaken answers rest on that.
func TestModelSearchesAsTheEngine(t *testing.T) {
	specs := []string{"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt", "branch-bound:ge", "branch-bound:gt"}
	checked := 0
	for seed := uint64(1); seed <= 60; seed++ {
		b, d := 2+int(seed%3), 2+int(seed%4)
		tr, err := tree.Random(b, d, 0, 6, seed)
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%5 == 0
		if err := tr.AddEvals(2, seed); err != nil {
			t.Fatal(err)
		}
		ix := newIndex(tr)
		for _, sp := range specs {
			opt, err := engine.ParseSpec(sp, engine.Options{})
			if err != nil {
				t.Fatal(err)
			}
			for depth := 1; depth <= d; depth++ {
				want, err := search(context.Background(), ix, opt, depth)
				if err != nil {
					t.Fatal(err)
				}
				got, err := mistaken(ix, opt, depth, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if diff := diffRuns(ix, want, got); diff != "" {
					t.Fatalf("seed %d %s depth %d: the model differs from the engine: %s\n%s", seed, sp, depth, diff, tree.Format(tr))
				}
				checked++
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d searches compared", checked)
	}
}

// diffRuns describes the first difference between two runs, or "".
func diffRuns(ix *index, a, b *Run) string {
	switch {
	case a.Value != b.Value:
		return fmt.Sprintf("value %d vs %d", a.Value, b.Value)
	case a.Best != b.Best:
		return fmt.Sprintf("best %v vs %v", a.Best, b.Best)
	case a.Cutoffs != b.Cutoffs:
		return fmt.Sprintf("cutoffs %d vs %d", a.Cutoffs, b.Cutoffs)
	case len(a.Order) != len(b.Order):
		return fmt.Sprintf("%d nodes vs %d", len(a.Order), len(b.Order))
	case labels(a.Never) != labels(b.Never):
		return fmt.Sprintf("never evaluated %s vs %s", labels(a.Never), labels(b.Never))
	}
	for i, n := range a.Order {
		if b.Order[i] != n {
			return fmt.Sprintf("node %d: %s vs %s", i, label(n), label(b.Order[i]))
		}
		x, y := a.Visits[n], b.Visits[n]
		if x.HasWindow != y.HasWindow || x.Alpha != y.Alpha || x.Beta != y.Beta || x.Value != y.Value || x.Bound != y.Bound || x.Evaluated != y.Evaluated {
			return fmt.Sprintf("node %s: %+v vs %+v", label(n), *x, *y)
		}
		if (x.Cut == nil) != (y.Cut == nil) {
			return fmt.Sprintf("node %s: cut %v vs %v", label(n), x.Cut, y.Cut)
		}
		if x.Cut != nil && (x.Cut.By != y.Cut.By || x.Cut.Value != y.Cut.Value || labels(x.Cut.Pruned) != labels(y.Cut.Pruned)) {
			return fmt.Sprintf("node %s: cut %+v vs %+v", label(n), *x.Cut, *y.Cut)
		}
	}
	return ""
}

// TestSharedMutantsAreTheMutants: a mistaken search that shares the key's
// search (the subtrees it searches as the key did are the key's, not copies)
// is the same search as one made afresh: the same value and best move, the
// same visit at every node, and it leaves the same leaves unevaluated — as
// the never question compares it with a list (listCheck), for the list it
// gives and lists near it. And it copies less than the tree.
func TestSharedMutantsAreTheMutants(t *testing.T) {
	specs := []string{"alphabeta:hard:ge", "alphabeta:soft:gt", "alphabeta:f2:ge", "branch-bound:ge", "branch-bound:gt"}
	seeds := uint64(16)
	if testing.Short() {
		seeds = 5
	}
	compared, smaller := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		b, d := 2+int(seed%3), 2+int(seed%4)
		tr, err := tree.Random(b, d, 0, 6, seed)
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%5 == 0
		if err := tr.AddEvals(2, seed); err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		for _, sp := range specs {
			horizon := 0
			if seed%3 == 0 {
				horizon = d - 1
			}
			q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, sp), Horizon: horizon, RightToLeft: seed%4 == 1})
			if err != nil {
				t.Fatal(err)
			}
			c := &checker{q: q, ctx: context.Background()}
			points := q.ix.points(q.Depth)
			for _, s := range q.Key.Order {
				if len(moves(s)) < 2 || q.Key.Visits[s].Evaluated {
					continue
				}
				fresh, err := mistaken(q.ix, q.Opt, q.Depth, map[*tree.Node]bool{s: true}, nil)
				if err != nil {
					t.Fatal(err)
				}
				shared, err := mistaken(q.ix, q.Opt, q.Depth, map[*tree.Node]bool{s: true}, q.Key)
				if err != nil {
					t.Fatal(err)
				}
				where := fmt.Sprintf("%s %s horizon %d, mistake at %s", tree.Format(tr), sp, horizon, label(s))
				if fresh.Value != shared.Value || fresh.Best != shared.Best {
					t.Fatalf("%s: value %d best %v, shared %d %v", where, fresh.Value, fresh.Best, shared.Value, shared.Best)
				}
				for _, n := range q.ix.nodes {
					x, y := fresh.visit(n), shared.visit(n)
					if (x == nil) != (y == nil) {
						t.Fatalf("%s: %s visited %v, shared %v", where, label(n), x != nil, y != nil)
					}
					if x != nil && (x.Alpha != y.Alpha || x.Beta != y.Beta || x.Value != y.Value || x.Bound != y.Bound || x.Evaluated != y.Evaluated || (x.Cut == nil) != (y.Cut == nil) || x.Lo != y.Lo || x.Hi != y.Hi) {
						t.Fatalf("%s: %s %+v, shared %+v", where, label(n), *x, *y)
					}
				}
				lists := [][]*tree.Node{fresh.Never, q.Key.Never, {points[rng.IntN(len(points))]}, {s}, append([]*tree.Node{s}, fresh.Never...)}
				if len(fresh.Never) > 0 {
					lists = append(lists, fresh.Never[1:], append([]*tree.Node{}, fresh.Never[:len(fresh.Never)-1]...))
				}
				for _, p := range points {
					if fresh.Evaluated(p) {
						lists = append(lists, append(append([]*tree.Node{}, fresh.Never...), p))
						break
					}
				}
				for _, l := range lists {
					if got, want := c.newListCheck(l).same(shared), sameNodes(l, fresh.Never); got != want {
						t.Fatalf("%s: the list %s is the shared search's: %v, the fresh one's: %v (never %s)", where, labels(l), got, want, labels(fresh.Never))
					}
				}
				compared++
				if len(shared.Visits) < len(fresh.Visits) {
					smaller++
				}
			}
		}
	}
	if compared < 60 || smaller*2 < compared {
		t.Errorf("%d mistaken searches compared, %d of them sharing part of the key's: the trees do not test what they should", compared, smaller)
	}
}
