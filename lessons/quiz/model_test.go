package quiz

import (
	"context"
	"fmt"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// TestModelSearchesAsTheEngine: without a mistake the student model searches
// exactly as the engine does, node by node, under every convention, to the
// leaves and to a horizon. Its mistaken answers rest on that.
func TestModelSearchesAsTheEngine(t *testing.T) {
	specs := []string{"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "branch-bound:ge", "branch-bound:gt"}
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
				got, err := mistaken(ix, opt, depth, nil)
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
