package engine_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// deepSpecs are the window-narrowing algorithms with the techniques of issue
// 5 in many combinations.
var deepSpecs = []string{
	"alphabeta", "alphabeta:soft", "alphabeta+tt", "alphabeta+order", "alphabeta+tt+order",
	"pvs", "pvs:soft", "pvs+tt+order",
	"mtdf", "mtdf+tt", "mtdf+tt+order",
	"alphabeta+iterative", "alphabeta+iterative+tt+order", "pvs+iterative+tt+order", "mtdf+iterative+tt",
	"alphabeta+iterative+aspiration", "pvs+iterative+aspiration+tt+order",
}

// genTree makes a random tree with evaluations and transposed subtrees.
func genTree(t testing.TB, b, d int, seed uint64) *tree.Tree {
	t.Helper()
	tr, err := tree.Random(b, d, -20, 20, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tr.AddTranspositions(2, seed); err != nil {
		t.Fatal(err)
	}
	if err := tr.AddEvals(3, seed); err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestDeepeningAgrees: on thousands of random trees, at a depth that may stop
// short of the leaves, every algorithm and technique returns minimax's root
// value; MTD(f) from any first guess and aspiration windows of any width too.
func TestDeepeningAgrees(t *testing.T) {
	for seed := range seeds(300, 75) {
		b := 2 + seed%3
		full := 2 + (seed/3)%4
		tr := genTree(t, b, full, uint64(seed))
		if seed%2 == 1 {
			tr.RootMin = true
		}
		depth := full - seed%2 // sometimes stop a ply short: static evaluations at the horizon
		want, _ := run(t, tr, spec(t, "minimax"), depth)
		for i, sp := range deepSpecs {
			opt := spec(t, sp)
			opt.Aspiration.Width = min(opt.Aspiration.Width, int64(1+(seed+i)%5)) // widths 1..5
			if opt.Algo == engine.MTDF {
				opt.Guess, opt.HasGuess = int64((seed*7+i)%41-20), true // any first guess
			}
			got, _ := run(t, tr, opt, depth)
			if got.Value != want.Value {
				t.Fatalf("seed %d depth %d %s (guess %d, width %d): value %d, minimax %d\n%s",
					seed, depth, sp, opt.Guess, opt.Aspiration.Width, got.Value, want.Value, tree.Format(tr))
			}
		}
	}
}

// TestMTDFTwoPasses: started at the true value, MTD(f) takes exactly two
// zero-window passes: one proves "at least", the next "at most".
func TestMTDFTwoPasses(t *testing.T) {
	for seed := 0; seed < 200; seed++ {
		tr := genTree(t, 3, 4, uint64(seed))
		truth, _ := run(t, tr, spec(t, "minimax"), 4)
		for _, sp := range []string{"mtdf", "mtdf+tt"} {
			opt := spec(t, sp)
			opt.Guess, opt.HasGuess = truth.Value, true
			res, evs := run(t, tr, opt, 4)
			if passes := len(events(evs, trace.Window)); passes != 2 || res.Value != truth.Value {
				t.Fatalf("seed %d %s: %d passes, value %d; want 2 passes and %d", seed, sp, passes, res.Value, truth.Value)
			}
		}
		// A wrong guess takes at least as many (fail-soft values often jump
		// straight to the true value, so it can be two as well).
		opt := spec(t, "mtdf")
		opt.Guess, opt.HasGuess = truth.Value+5, true
		if _, evs := run(t, tr, opt, 4); len(events(evs, trace.Window)) < 2 {
			t.Fatalf("seed %d: a wrong guess took %d passes", seed, len(events(evs, trace.Window)))
		}
	}
}

// TestMTDFWindows: each pass narrows the interval around the value.
func TestMTDFWindows(t *testing.T) {
	tr := genTree(t, 3, 4, 9)
	opt := spec(t, "mtdf")
	opt.Guess, opt.HasGuess = -20, true
	res, evs := run(t, tr, opt, 4)
	lo, hi := -score.Inf, score.Inf
	for _, e := range evs {
		if e.Kind != trace.Window {
			continue
		}
		if e.Lower < lo || e.Upper > hi || e.Beta-e.Alpha != 1 {
			t.Errorf("pass %d: interval [%d, %d] after [%d, %d], window (%d, %d)", e.Pass, e.Lower, e.Upper, lo, hi, e.Alpha, e.Beta)
		}
		lo, hi = e.Lower, e.Upper
	}
	if lo != res.Value || hi != res.Value {
		t.Errorf("final interval [%d, %d], value %d", lo, hi, res.Value)
	}
}

// TestAspirationPasses: a window too narrow fails low or high and is searched
// again with that side open, each pass a window event.
func TestAspirationPasses(t *testing.T) {
	found := map[string]bool{}
	for seed := 0; seed < 100 && len(found) < 3; seed++ {
		tr := genTree(t, 3, 5, uint64(seed))
		opt := spec(t, "alphabeta+iterative")
		opt.Aspiration.Width = 1
		res, evs := run(t, tr, opt, 5)
		truth, _ := run(t, tr, spec(t, "minimax"), 5)
		if res.Value != truth.Value {
			t.Fatalf("seed %d: %d, minimax %d", seed, res.Value, truth.Value)
		}
		for _, e := range evs {
			if e.Kind == trace.Window {
				found[e.Detail] = true
			}
		}
	}
	for _, want := range []string{"fail low", "fail high", "inside"} {
		if !found[want] {
			t.Errorf("no aspiration pass ended %q", want)
		}
	}
}

// TestPVSResearch: a PVS probe that fails high is searched again, and the
// second search is a second visit of the same move.
func TestPVSResearch(t *testing.T) {
	for seed := 0; seed < 100; seed++ {
		tr := genTree(t, 3, 4, uint64(seed))
		_, evs := run(t, tr, spec(t, "pvs"), 4)
		for i, e := range evs {
			if e.Kind != trace.Research {
				continue
			}
			// The next enter under the same parent is the same move again.
			for _, f := range evs[i+1:] {
				if f.Kind == trace.Enter && f.Has&trace.HasParent != 0 && f.Parent == e.Node {
					if f.Move != e.Move {
						t.Fatalf("seed %d: re-search of %s entered %s", seed, e.Move, f.Move)
					}
					return
				}
			}
		}
	}
	t.Error("no PVS re-search in 100 trees")
}

// TestIterativeRootOrder: the move that takes the lead goes to the front of
// the root moves, the others shift back, and the next iteration starts from
// that order.
func TestIterativeRootOrder(t *testing.T) {
	// At depth 1 the evaluations say 3 > 2 > 1; deeper the order is 1 > 3 > 2.
	tr, err := tree.Parse("t", "((5 6)[eval=1] (1 0)[eval=2] (3 4)[eval=3])")
	if err != nil {
		t.Fatal(err)
	}
	opt := spec(t, "alphabeta+iterative")
	res, evs := run(t, tr, opt, 2)
	var orders []string
	for _, e := range evs {
		if e.Kind == trace.Iter {
			orders = append(orders, e.Detail)
		}
	}
	want := []string{"root order: 3 2 1", "root order: 1 3 2"}
	if !slices.Equal(orders, want) {
		t.Errorf("root orders %q, want %q", orders, want)
	}
	if len(res.Iterations) != 2 || res.Iterations[0].Best != "3" || res.Iterations[1].Best != "1" || res.Value != 5 {
		t.Errorf("iterations %+v value %d", res.Iterations, res.Value)
	}
}

// TestIterativeStops: a node or time limit, or a cancelled context, ends an
// iterative search with the last completed iteration's answer.
func TestIterativeStops(t *testing.T) {
	tr := genTree(t, 4, 8, 3)
	opt := spec(t, "alphabeta+iterative")
	full, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 8}, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	limit := full.Iterations[4].Nodes + 10 // during iteration 6
	res, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 8, Nodes: limit}, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stopped != engine.NodesUsed || len(res.Iterations) != 5 || res.BestLabel != full.Iterations[4].Best || res.Value != full.Iterations[4].Value {
		t.Errorf("node limit: stopped %v after %d iterations, best %s %d; want iteration 5's %s %d",
			res.Stopped, len(res.Iterations), res.BestLabel, res.Value, full.Iterations[4].Best, full.Iterations[4].Value)
	}
	ctx, cancel := context.WithCancel(context.Background())
	opt.Progress = func(it engine.Iteration) {
		if it.Depth == 3 {
			cancel() // as Ctrl-C would
		}
	}
	res, err = engine.Search(ctx, tree.NewPosition(tr), engine.Limits{Depth: 8}, opt, nil)
	if err != nil || res.Stopped != engine.Interrupted || len(res.Iterations) != 3 {
		t.Errorf("cancelled: %v, stopped %v after %d iterations", err, res.Stopped, len(res.Iterations))
	}
	// Cancelled because a trace is full: the stop says so, in the result
	// and in the trace's done event, between iterations and inside one.
	for _, at := range []int{3, 0} {
		ctx, cancel := context.WithCancelCause(context.Background())
		opt.Progress = func(it engine.Iteration) {
			if it.Depth == at {
				cancel(engine.ErrTraceLimit)
			}
		}
		var done *trace.Summary
		hooks := &trace.Hooks{Event: func(e *trace.Event) {
			if e.Kind == trace.Enter && at == 0 && e.Ply == 6 {
				cancel(engine.ErrTraceLimit)
			}
			if e.Kind == trace.Done {
				done = e.Summary
			}
		}}
		res, err = engine.Search(ctx, tree.NewPosition(tr), engine.Limits{Depth: 8}, opt, hooks)
		if err != nil || res.Stopped != engine.TraceFull || done == nil || done.Stopped != "trace limit" {
			t.Errorf("trace full after iteration %d: %v, stopped %v, done %+v", at, err, res.Stopped, done)
		}
		plain := spec(t, "alphabeta")
		ctx, cancel = context.WithCancelCause(context.Background())
		cancel(engine.ErrTraceLimit)
		if _, err := engine.Search(ctx, tree.NewPosition(tr), engine.Limits{Depth: 8}, plain, hooks); err != engine.ErrTraceLimit || !engine.IsStop(err) {
			t.Errorf("plain search with a full trace: %v", err)
		}
	}
	// A time limit: each iteration reports after a pause, so the limit is
	// reached after the first whatever the machine's speed, and long before
	// the last.
	opt.Progress = func(engine.Iteration) { time.Sleep(5 * time.Millisecond) }
	res, err = engine.Search(context.Background(), tree.NewPosition(genTree(t, 4, 9, 1)), engine.Limits{Depth: 9, Time: 12 * time.Millisecond}, opt, nil)
	if err != nil || res.Stopped != engine.TimeUp || len(res.Iterations) == 0 {
		t.Errorf("time limit: %v, stopped %v after %d iterations", err, res.Stopped, len(res.Iterations))
	}
	// Without iterative deepening a stop is an error: there is no answer.
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 8, Nodes: 100}, spec(t, "alphabeta"), nil); err != engine.ErrNodeLimit {
		t.Errorf("plain search with a node limit: %v", err)
	}
}

// TestTTOnTicTacToe: with a transposition table tic-tac-toe is solved with far
// fewer nodes.
func TestTTOnTicTacToe(t *testing.T) {
	counts := map[string]int64{}
	for _, sp := range []string{"alphabeta", "alphabeta+tt", "alphabeta+tt+order", "mtdf+tt"} {
		res, err := engine.Search(context.Background(), ticTacToe(), engine.Limits{Depth: 9}, spec(t, sp), nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Value != 0 {
			t.Errorf("%s: value %d", sp, res.Value)
		}
		counts[sp] = res.Nodes
	}
	if counts["alphabeta+tt"]*3 > counts["alphabeta"] {
		t.Errorf("nodes with and without the table: %v", counts)
	}
}

// TestTTHitRefersToStore: a hit names the node whose search stored the entry.
func TestTTHitRefersToStore(t *testing.T) {
	tr, err := tree.Parse("t", "(((3 5)[key=p eval=4] (2 6)[eval=3])[eval=3] ((3 5)[key=p eval=4] (1 9)[eval=2])[eval=3])")
	if err != nil {
		t.Fatal(err)
	}
	_, evs := run(t, tr, spec(t, "alphabeta+tt"), 3)
	stored := map[int64]bool{}
	hits := 0
	for _, e := range evs {
		switch e.Kind {
		case trace.TTStore:
			stored[e.Node] = true
		case trace.TTHit:
			hits++
			if e.Has&trace.HasRef == 0 || !stored[e.Ref] || e.Path != "2.1" || e.Reason != "cut" {
				t.Errorf("hit %+v", e)
			}
		}
	}
	if hits != 1 {
		t.Errorf("%d hits, want 1", hits)
	}
}

func TestMoveOrderingReachesMinimalTree(t *testing.T) {
	// A worst-ordered tree with evaluations that know the true values: the
	// ordering's guesses (here, only the TT move from earlier iterations)
	// bring iterative alpha-beta's last iteration toward the minimal tree.
	tr, err := tree.Worst(3, 4, 1, 200, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.AddEvals(0, 5); err != nil {
		t.Fatal(err)
	}
	plain, _ := run(t, tr, spec(t, "alphabeta"), 4)
	ordered, _ := run(t, tr, spec(t, "alphabeta+iterative+tt+order"), 4)
	last := ordered.Iterations[len(ordered.Iterations)-1].Nodes - ordered.Iterations[len(ordered.Iterations)-2].Nodes
	if plain.Value != ordered.Value || last >= plain.Nodes {
		t.Errorf("worst order: plain %d nodes; the ordered last iteration %d nodes (values %d %d)", plain.Nodes, last, plain.Value, ordered.Value)
	}
}

func ticTacToe() engine.Position { return tictactoe.New() }
