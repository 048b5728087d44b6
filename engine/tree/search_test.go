package tree

import (
	"context"
	"slices"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
)

// search runs the engine on tr to its full height and returns the result and
// the names of the evaluated leaves, in order.
func search(t *testing.T, tr *Tree, opt engine.Options) (engine.Result, []string) {
	t.Helper()
	var leaves []string
	hooks := &trace.Hooks{Event: func(e *trace.Event) {
		if e.Kind == trace.Leaf {
			leaves = append(leaves, e.Path)
		}
	}}
	res, err := engine.Search(context.Background(), NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, hooks)
	if err != nil {
		t.Fatalf("Search(%s, %s): %v", tr.Source, opt.Spec(), err)
	}
	return res, leaves
}

// allLeaves lists the paths of the leaves of tr, left to right.
func leafPaths(tr *Tree) []string {
	var paths []string
	walk(tr.Root, func(n *Node) {
		if n.Leaf {
			paths = append(paths, n.Path())
		}
	})
	return paths
}

// TestTextbookTrees checks the known answers of ../shared/data/trees.md: the
// root value, the best move and exactly which leaves alpha-beta never
// evaluates.
func TestTextbookTrees(t *testing.T) {
	tests := []struct {
		tree  string
		opt   engine.Options
		value int64
		best  string
		never []string // leaves not evaluated
	}{
		{"aima", engine.Options{Algo: engine.Minimax}, 3, "1", nil},
		{"aima", engine.Options{Algo: engine.Negamax}, 3, "1", nil},
		{"aima", engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailHard, Cutoff: engine.CutGE}, 3, "1", []string{"2.2", "2.3"}},
		{"aima", engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGE}, 3, "1", []string{"2.2", "2.3"}},
		{"aima", engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}, 3, "1", []string{"2.2", "2.3"}},
		{"wikipedia", engine.Options{Algo: engine.Minimax}, 6, "2", nil},
		{"wikipedia", engine.Options{Algo: engine.Negamax}, 6, "2", nil},
		{"wikipedia", engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailHard, Cutoff: engine.CutGE}, 6, "2",
			[]string{"1.1.2.3", "2.1.2.2", "3.2.1.1", "3.2.1.2", "3.2.2.1"}},
		{"wikipedia", engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGE}, 6, "2",
			[]string{"1.1.2.3", "2.1.2.2", "3.2.1.1", "3.2.1.2", "3.2.2.1"}},
		{"wikipedia", engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}, 6, "2",
			[]string{"1.1.2.3", "3.2.1.1", "3.2.1.2", "3.2.2.1"}},
	}
	for _, tc := range tests {
		t.Run(tc.tree+" "+tc.opt.Spec(), func(t *testing.T) {
			tr, ok := Builtin(tc.tree)
			if !ok {
				t.Fatalf("no built-in tree %q", tc.tree)
			}
			res, evaluated := search(t, tr, tc.opt)
			if res.Value != tc.value || res.BestLabel != tc.best {
				t.Errorf("value %d, best %q; want %d, %q", res.Value, res.BestLabel, tc.value, tc.best)
			}
			var never []string
			for _, leaf := range leafPaths(tr) {
				if !slices.Contains(evaluated, leaf) {
					never = append(never, leaf)
				}
			}
			if !slices.Equal(never, tc.never) {
				t.Errorf("never evaluated %v, want %v (evaluated %v)", never, tc.never, evaluated)
			}
			if int(res.Leaves) != len(evaluated) {
				t.Errorf("Result.Leaves = %d, %d leaf events", res.Leaves, len(evaluated))
			}
		})
	}
}

// TestRootMin checks that a MIN root gets the smallest value, from MAX's view.
func TestRootMin(t *testing.T) {
	tr := mustParse(t, "((3 12 8) (2 4 6) (14 5 2))[min]")
	for _, algo := range []engine.Algo{engine.Minimax, engine.Negamax, engine.AlphaBeta} {
		res, _ := search(t, tr, engine.Options{Algo: algo})
		// MIN picks the child whose MAX reply is smallest: max(3,12,8)=12,
		// max(2,4,6)=6, max(14,5,2)=14.
		if res.Value != 6 || res.BestLabel != "2" {
			t.Errorf("%s: value %d, best %q; want 6, 2", algo, res.Value, res.BestLabel)
		}
	}
}

// TestDecimalsAndEvals searches a tree with decimals and a depth limit that
// stops at eval annotations.
func TestDecimalsAndEvals(t *testing.T) {
	tr := mustParse(t, "((3.5 (1 2)[eval=0.25]) (2.75 1))")
	res, err := engine.Search(context.Background(), NewPosition(tr), engine.Limits{Depth: 2}, engine.Options{Algo: engine.AlphaBeta}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Value != 100 || res.BestLabel != "2" { // min(3.5, 0.25) = 0.25, min(2.75, 1) = 1
		t.Errorf("value %d, best %q; want 100 (1.00), 2", res.Value, res.BestLabel)
	}
	_, err = engine.Search(context.Background(), NewPosition(mustParse(t, "((1 (1 2)) 3)")), engine.Limits{Depth: 2}, engine.Options{Algo: engine.Minimax}, nil)
	if err == nil {
		t.Error("searching past an inner node without eval at depth 0 gave no error")
	}
}

// TestAlgorithmsAgree runs every exact algorithm on random trees.
func TestAlgorithmsAgree(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		tr, err := Random(3, 5, -50, 50, seed)
		if err != nil {
			t.Fatal(err)
		}
		want := minimax(tr.Root, true)
		for _, opt := range []engine.Options{
			{Algo: engine.Minimax}, {Algo: engine.Negamax},
			{Algo: engine.BranchBound, Fail: engine.FailSoft},
			{Algo: engine.AlphaBeta}, {Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT},
		} {
			res, err := engine.Search(context.Background(), NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != want {
				t.Errorf("seed %d %s: value %d, want %d", seed, opt.Spec(), res.Value, want)
			}
		}
	}
}

// TestMinimalTree checks that alpha-beta evaluates exactly the Knuth–Moore
// minimal number of leaves, b^ceil(d/2) + b^floor(d/2) - 1, on best-ordered
// trees, and every leaf on worst-ordered ones.
func TestMinimalTree(t *testing.T) {
	pow := func(b, e int) int {
		n := 1
		for range e {
			n *= b
		}
		return n
	}
	for _, s := range []struct{ b, d int }{{2, 2}, {3, 3}, {3, 4}, {4, 5}, {2, 8}} {
		best, err := Ordered(s.b, s.d, -100000, 100000, 1)
		if err != nil {
			t.Fatal(err)
		}
		res, _ := search(t, best, engine.Options{Algo: engine.AlphaBeta})
		if want := pow(s.b, (s.d+1)/2) + pow(s.b, s.d/2) - 1; int(res.Leaves) != want {
			t.Errorf("b=%d d=%d best order: %d leaves, want %d", s.b, s.d, res.Leaves, want)
		}
		worst, err := Worst(s.b, s.d, -100000, 100000, 1)
		if err != nil {
			t.Fatal(err)
		}
		res, _ = search(t, worst, engine.Options{Algo: engine.AlphaBeta})
		if want := pow(s.b, s.d); int(res.Leaves) != want {
			t.Errorf("b=%d d=%d worst order: %d leaves, want %d", s.b, s.d, res.Leaves, want)
		}
	}
}

// TestAlphaBetaNoAllocPerNode checks that an untraced alpha-beta search
// allocates a constant amount, however many nodes it visits: the same on a
// tree and on one a hundred times bigger of the same depth.
func TestAlphaBetaNoAllocPerNode(t *testing.T) {
	// Worst-ordered trees, so that alpha-beta visits every node.
	small, err := Worst(2, 5, -10000, 10000, 1)
	if err != nil {
		t.Fatal(err)
	}
	big, err := Worst(8, 5, -100000, 100000, 1)
	if err != nil {
		t.Fatal(err)
	}
	opt := engine.Options{Algo: engine.AlphaBeta}
	ctx := context.Background()
	measure := func(tr *Tree) (allocs float64, nodes int64) {
		p := NewPosition(tr)
		lim := engine.Limits{Depth: tr.Height()}
		allocs = testing.AllocsPerRun(20, func() {
			res, err := engine.Search(ctx, p, lim, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			nodes = res.Nodes
		})
		return allocs, nodes
	}
	smallAllocs, smallNodes := measure(small)
	bigAllocs, bigNodes := measure(big)
	if bigNodes < 100*smallNodes {
		t.Fatalf("the big search visits %d nodes, the small %d: not 100 times more", bigNodes, smallNodes)
	}
	if smallAllocs != bigAllocs {
		t.Errorf("alpha-beta allocates %v times for %d nodes and %v times for %d nodes", smallAllocs, smallNodes, bigAllocs, bigNodes)
	}
	t.Logf("%v allocations for %d nodes and for %d nodes", smallAllocs, smallNodes, bigNodes)
}

func BenchmarkAlphaBetaRandom(b *testing.B) {
	tr, err := Random(4, 8, -100, 100, 1)
	if err != nil {
		b.Fatal(err)
	}
	p := NewPosition(tr)
	lim := engine.Limits{Depth: tr.Height()}
	opt := engine.Options{Algo: engine.AlphaBeta}
	ctx := context.Background()
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		res, err := engine.Search(ctx, p, lim, opt, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes = res.Nodes
	}
	b.ReportMetric(float64(nodes), "nodes/op")
}
