package engine_test

import (
	"context"
	"flag"
	"math"
	"slices"
	"sort"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// every exact algorithm under every convention it has.
var allSpecs = []string{
	"minimax", "negamax",
	"branch-bound:ge", "branch-bound:gt",
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt",
}

func spec(t testing.TB, s string) engine.Options {
	t.Helper()
	o, err := engine.ParseSpec(s, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// seeds is how many random trees a cross-check searches: half of full in
// the whole run, all of them with -engine.audit, short with -short (the
// same first trees, so a failure seen with -short is seen without it, and
// one seen in the whole run in an audit).
func seeds(full, short int) int {
	switch {
	case testing.Short():
		return short
	case *audit:
		return full
	}
	return max(short, full/2)
}

// -engine.audit runs the cross-checks on all their random trees, as an
// audit does (docs/performance.md, "Audits run by hand"): the whole suite
// runs half of them, to stay within its minute.
var audit = flag.Bool("engine.audit", false, "search every cross-check's full count of random trees (the whole suite searches half)")

// run searches t fully and returns the result and the recorded events.
func run(t testing.TB, tr *tree.Tree, opt engine.Options, depth int) (engine.Result, []trace.Event) {
	t.Helper()
	var evs []trace.Event
	h := &trace.Hooks{Event: func(e *trace.Event) { evs = append(evs, *e) }}
	res, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: depth}, opt, h)
	if err != nil {
		t.Fatal(err)
	}
	return res, evs
}

func evaluated(evs []trace.Event) []string {
	var out []string
	for _, e := range evs {
		if e.Kind == trace.Leaf {
			out = append(out, e.Path)
		}
	}
	return out
}

// allLeaves lists the paths of every leaf of a tree.
func allLeaves(n *tree.Node) []string {
	if n.Leaf {
		return []string{n.Path()}
	}
	var out []string
	for _, c := range n.Children {
		if !c.Pass {
			out = append(out, allLeaves(c)...)
		}
	}
	return out
}

func notEvaluated(tr *tree.Tree, evs []trace.Event) []string {
	seen := map[string]bool{}
	for _, p := range evaluated(evs) {
		seen[p] = true
	}
	var out []string
	for _, p := range allLeaves(tr.Root) {
		if !seen[p] {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// TestTextbookTrees checks the answers in ../shared/data/trees.md.
func TestTextbookTrees(t *testing.T) {
	cases := []struct {
		tree  string
		spec  string
		value int64
		best  string
		never []string
	}{
		{"aima", "minimax", 3, "1", nil},
		{"aima", "negamax", 3, "1", nil},
		{"aima", "alphabeta:hard:ge", 3, "1", []string{"2.2", "2.3"}},
		{"aima", "alphabeta:soft:ge", 3, "1", []string{"2.2", "2.3"}},
		{"aima", "alphabeta:hard:gt", 3, "1", []string{"2.2", "2.3"}},
		{"aima", "alphabeta:soft:gt", 3, "1", []string{"2.2", "2.3"}},
		{"aima", "branch-bound:ge", 3, "1", []string{"2.2", "2.3"}},
		{"wikipedia", "minimax", 6, "2", nil},
		{"wikipedia", "alphabeta:hard:ge", 6, "2", []string{"1.1.2.3", "2.1.2.2", "3.2.1.1", "3.2.1.2", "3.2.2.1"}},
		{"wikipedia", "alphabeta:soft:ge", 6, "2", []string{"1.1.2.3", "2.1.2.2", "3.2.1.1", "3.2.1.2", "3.2.2.1"}},
		{"wikipedia", "alphabeta:soft:gt", 6, "2", []string{"1.1.2.3", "3.2.1.1", "3.2.1.2", "3.2.2.1"}},
		// Fail-hard children that fail low return exactly alpha: a tie, which
		// the strict rule does not cut on. So hard+gt prunes least of all.
		{"wikipedia", "alphabeta:hard:gt", 6, "2", []string{"1.1.2.3"}},
	}
	for _, c := range cases {
		t.Run(c.tree+"/"+c.spec, func(t *testing.T) {
			tr, _ := tree.Builtin(c.tree)
			res, evs := run(t, tr, spec(t, c.spec), tr.Height())
			if res.Value != c.value || res.BestLabel != c.best {
				t.Errorf("value %d best %q, want %d %q", res.Value, res.BestLabel, c.value, c.best)
			}
			if got := notEvaluated(tr, evs); !slices.Equal(got, c.never) {
				t.Errorf("never evaluated %v, want %v", got, c.never)
			}
		})
	}
}

// TestBranchBoundHasNoDeepCutoffs: F1 evaluates the leaf 2.1.1.2 that F2
// prunes with the bound alpha = 5 inherited from the root, three plies up;
// both prune 2.2, a cutoff one ply below the bound.
func TestBranchBoundHasNoDeepCutoffs(t *testing.T) {
	tr, err := tree.Parse("test", "(5 (((3 9) 1) 2))")
	if err != nil {
		t.Fatal(err)
	}
	bb, evBB := run(t, tr, spec(t, "branch-bound:ge"), tr.Height())
	ab, evAB := run(t, tr, spec(t, "alphabeta:hard:ge"), tr.Height())
	if bb.Value != ab.Value {
		t.Fatalf("values differ: %d %d", bb.Value, ab.Value)
	}
	if got := notEvaluated(tr, evBB); !slices.Equal(got, []string{"2.2"}) {
		t.Errorf("branch and bound never evaluated %v, want [2.2] (a shallow cutoff only)", got)
	}
	if got := notEvaluated(tr, evAB); !slices.Equal(got, []string{"2.1.1.2", "2.2"}) {
		t.Errorf("alpha-beta never evaluated %v, want [2.1.1.2 2.2] (a deep cutoff too)", got)
	}
}

// trueValues computes the minimax value (MAX's view) of every node by path.
func trueValues(tr *tree.Tree) map[string]int64 {
	vals := map[string]int64{}
	var walk func(n *tree.Node, max bool) int64
	walk = func(n *tree.Node, max bool) int64 {
		var v int64
		if n.Leaf {
			v = n.Value
		} else {
			v = math.MaxInt64
			if max {
				v = math.MinInt64
			}
			for _, c := range n.Children {
				if c.Pass {
					continue
				}
				cv := walk(c, !max)
				if (max && cv > v) || (!max && cv < v) {
					v = cv
				}
			}
		}
		vals[n.Path()] = v
		return v
	}
	walk(tr.Root, !tr.RootMin)
	return vals
}

// TestRandomTreesAgree searches thousands of seeded random trees with every
// algorithm and convention: the root value always equals minimax's, and every
// value a node returns is what its bound type claims about the node's true
// value (exact: equal; lower: true >= value; upper: true <= value).
func TestRandomTreesAgree(t *testing.T) {
	for seed := range seeds(600, 300) {
		b := 1 + seed%4
		d := 1 + (seed/4)%5
		tr, err := tree.Random(b, d, -5, 5, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		if seed%2 == 1 {
			tr.RootMin = true
		}
		truth := trueValues(tr)
		for _, sp := range allSpecs {
			res, evs := run(t, tr, spec(t, sp), d)
			if res.Value != truth[""] {
				t.Fatalf("seed %d %s: root value %d, minimax %d\n%s", seed, sp, res.Value, truth[""], tree.Format(tr))
			}
			for _, e := range evs {
				if e.Kind != trace.Exit {
					continue
				}
				tv := truth[e.Path]
				ok := e.Bound.Holds(e.Value, tv)
				if e.Bound == score.NoBound {
					ok = sp == "alphabeta:hard:gt" // only clamping onto an empty window proves nothing
				}
				if !ok {
					t.Fatalf("seed %d %s: node %q returned %d (%s), true value %d\n%s", seed, sp, e.Path, e.Value, e.Bound, tv, tree.Format(tr))
				}
			}
		}
	}
}

// TestKnuthMooreMinimalTree: on best-ordered trees alpha-beta evaluates
// exactly b^ceil(d/2) + b^floor(d/2) - 1 leaves; on worst-ordered ones all b^d.
func TestKnuthMooreMinimalTree(t *testing.T) {
	pow := func(b, e int) int {
		r := 1
		for ; e > 0; e-- {
			r *= b
		}
		return r
	}
	for b := 2; b <= 5; b++ {
		for d := 1; d <= 6; d++ {
			leaves := pow(b, d)
			lo, hi := int64(1), int64(4*leaves)
			best, err := tree.Ordered(b, d, lo, hi, uint64(b*10+d))
			if err != nil {
				t.Fatal(err)
			}
			worst, err := tree.Worst(b, d, lo, hi, uint64(b*10+d))
			if err != nil {
				t.Fatal(err)
			}
			minimal := pow(b, (d+1)/2) + pow(b, d/2) - 1
			for _, sp := range []string{"alphabeta:hard:ge", "alphabeta:soft:ge"} {
				if res, _ := run(t, best, spec(t, sp), d); res.Leaves != int64(minimal) {
					t.Errorf("b=%d d=%d %s ordered: %d leaves, want %d", b, d, sp, res.Leaves, minimal)
				}
				if res, _ := run(t, worst, spec(t, sp), d); res.Leaves != int64(leaves) {
					t.Errorf("b=%d d=%d %s worst: %d leaves, want %d", b, d, sp, res.Leaves, leaves)
				}
			}
		}
	}
}

// TestTracingChangesNothing: the same search with and without hooks gives the
// same value, best move, PV and counts.
func TestTracingChangesNothing(t *testing.T) {
	tr, err := tree.Random(3, 5, -20, 20, 42)
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range allSpecs {
		opt := spec(t, sp)
		plain, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 5}, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		traced, _ := run(t, tr, opt, 5)
		if plain.Value != traced.Value || plain.BestLabel != traced.BestLabel ||
			!slices.Equal(plain.PVLabels, traced.PVLabels) || plain.Counts != traced.Counts {
			t.Errorf("%s: untraced %+v\ntraced %+v", sp, plain, traced)
		}
	}
}

// TestNoAllocationPerNode: an untraced alpha-beta search allocates a constant
// amount (its buffers), however many nodes it visits.
func TestNoAllocationPerNode(t *testing.T) {
	small, _ := tree.Random(2, 7, -50, 50, 1)
	big, _ := tree.Random(6, 7, -50, 50, 1)
	opt := spec(t, "alphabeta:hard:ge")
	allocs := func(tr *tree.Tree, d int) (float64, int64) {
		pos := tree.NewPosition(tr)
		var nodes int64
		a := testing.AllocsPerRun(5, func() {
			res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: d}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			nodes = res.Nodes
		})
		return a, nodes
	}
	aSmall, nSmall := allocs(small, 7)
	aBig, nBig := allocs(big, 7)
	if nBig < 50*nSmall {
		t.Fatalf("trees too alike: %d and %d nodes", nSmall, nBig)
	}
	if aBig > aSmall {
		t.Errorf("%v allocations for %d nodes, %v for %d: the search allocates per node", aSmall, nSmall, aBig, nBig)
	}
}

func TestDepthLimitUsesStaticEval(t *testing.T) {
	tr, err := tree.Parse("test", "((3 4)[eval=2] (5 6)[eval=7])")
	if err != nil {
		t.Fatal(err)
	}
	res, evs := run(t, tr, spec(t, "minimax"), 1)
	if res.Value != 7 || res.BestLabel != "2" {
		t.Errorf("depth 1: value %d best %s, want 7 and 2", res.Value, res.BestLabel)
	}
	for _, e := range evs {
		if e.Kind == trace.Leaf && e.Reason != "static" {
			t.Errorf("leaf %s reason %q, want static", e.Path, e.Reason)
		}
	}
	res, _ = run(t, tr, spec(t, "minimax"), 2)
	if res.Value != 5 {
		t.Errorf("depth 2: value %d, want 5", res.Value)
	}
	noEval, _ := tree.Parse("test", "((3 4) (5 6))")
	_, err = engine.Search(context.Background(), tree.NewPosition(noEval), engine.Limits{Depth: 1}, spec(t, "alphabeta"), nil)
	if err == nil || err.Error() != "node 1: depth 1 ends the search here but the node has no static evaluation (annotate it [eval=N] or search deeper)" {
		t.Errorf("missing eval: got %v", err)
	}
}

func TestRootMinAndDecimals(t *testing.T) {
	tr, err := tree.Parse("test", "((3 -3.01 8) (2 4.5 6))[min]")
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range allSpecs {
		res, _ := run(t, tr, spec(t, sp), 2)
		// MIN at the root picks the child whose MAX value is smallest: max(3,-3.01,8)=8, max(2,4.5,6)=6.
		if res.Value != 600 || res.BestLabel != "2" {
			t.Errorf("%s: value %d best %s, want 600 (6.00) and 2", sp, res.Value, res.BestLabel)
		}
	}
}

func TestParseSpec(t *testing.T) {
	good := map[string]string{
		"alphabeta": "alphabeta:hard:ge", "alphabeta:soft": "alphabeta:soft:ge", "alphabeta:gt:soft": "alphabeta:soft:gt",
		"alpha-beta": "alphabeta:hard:ge", "branch-bound": "branch-bound:ge", "bb:gt": "branch-bound:gt", "minimax": "minimax",
		"alphabeta:f2": "alphabeta:f2:ge", "pvs:gt:f2": "pvs:f2:gt",
	}
	for in, want := range good {
		o, err := engine.ParseSpec(in, engine.Options{})
		if err != nil || o.Spec() != want {
			t.Errorf("%s: got %q, %v; want %q", in, o.Spec(), err, want)
		}
	}
	bad := map[string]string{
		"alphabet":          `unknown algorithm "alphabet" (choose from minimax, negamax, branch-bound, alphabeta, pvs, mtdf, expectimax, star1, star2)`,
		"alphabeta:medium":  `alphabeta:medium: unknown convention "medium" (use hard, soft, f2, ge or gt)`,
		"minimax:soft":      "minimax:soft: minimax does not prune, so fail and cutoff conventions do not apply",
		"branch-bound:hard": "branch-bound:hard: branch and bound has one bound and is fail-soft by construction",
		// A kind of convention named twice: the last one won, silently.
		"alphabeta:soft:ge:gt":      "alphabeta:soft:ge:gt: names two cutoff conventions, ge and gt: give one",
		"alphabeta:hard:soft":       "alphabeta:hard:soft: names two fail conventions, hard and soft: give one",
		"pvs:f2:gt:hard":            "pvs:f2:gt:hard: names two fail conventions, f2 and hard: give one",
		"alphabeta:gt:gt":           "alphabeta:gt:gt: names the cutoff convention gt twice: give it once",
		"branch-bound:ge:gt":        "branch-bound:ge:gt: names two cutoff conventions, ge and gt: give one",
		"star1:soft:soft+null-move": "star1:soft:soft+null-move: names the fail convention soft twice: give it once",
	}
	for in, want := range bad {
		if _, err := engine.ParseSpec(in, engine.Options{}); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", in, err, want)
		}
	}
}

func TestCancel(t *testing.T) {
	tr, _ := tree.Random(4, 8, -9, 9, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := engine.Search(ctx, tree.NewPosition(tr), engine.Limits{Depth: 8}, spec(t, "minimax"), nil)
	if err != context.Canceled {
		t.Errorf("got %v, want context.Canceled", err)
	}
	_, err = engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 8, Nodes: 100}, spec(t, "minimax"), nil)
	if err != engine.ErrNodeLimit {
		t.Errorf("got %v, want ErrNodeLimit", err)
	}
}

func BenchmarkAlphaBeta(b *testing.B) {
	tr, _ := tree.Random(5, 8, -100, 100, 7)
	pos := tree.NewPosition(tr)
	opt := engine.Options{Algo: engine.AlphaBeta}
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 8}, opt, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkAlphaBetaTraced(b *testing.B) {
	tr, _ := tree.Random(5, 8, -100, 100, 7)
	pos := tree.NewPosition(tr)
	opt := engine.Options{Algo: engine.AlphaBeta}
	var events int64
	h := &trace.Hooks{Event: func(*trace.Event) { events++ }}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 8}, opt, h); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}
