package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// limitPositions are a position of each game, made afresh for each use.
var limitPositions = []struct {
	name string
	pos  func(testing.TB) engine.Position
}{
	{"tree", func(t testing.TB) engine.Position {
		tr, err := tree.Parse("t", "(1 2)")
		if err != nil {
			t.Fatal(err)
		}
		return tree.NewPosition(tr)
	}},
	{"tictactoe", func(testing.TB) engine.Position { return tictactoe.New() }},
	{"chess", func(testing.TB) engine.Position {
		return chess.NewPosition(chess.StartBoard(), chess.EvalPST)
	}},
}

// TestLimitsRefused: a depth past MaxDepth (up to the largest int, which
// overflowed the buffer sizes and panicked), a negative node or time limit
// a table past MaxTTMB and an extension limit past MaxExtensionLimit are
// OptionsErrors, for every game and algorithm,
// found before anything is searched.
func TestLimitsRefused(t *testing.T) {
	cases := []struct {
		name string
		lim  engine.Limits
		tt   int
		want string
	}{
		{"depth past the maximum", engine.Limits{Depth: engine.MaxDepth + 1}, 0, "must be at most 1000"},
		{"largest depth", engine.Limits{Depth: math.MaxInt}, 0, "must be at most 1000"},
		{"largest 32-bit depth", engine.Limits{Depth: math.MaxInt32}, 0, "must be at most 1000"},
		{"negative depth", engine.Limits{Depth: -1}, 0, "must be 0 or more"},
		{"negative node limit", engine.Limits{Depth: 1, Nodes: -1}, 0, "node limit -1"},
		{"negative time limit", engine.Limits{Depth: 1, Time: -time.Second}, 0, "time limit -1s"},
		{"table too large", engine.Limits{Depth: 1}, engine.MaxTTMB + 1, "at most 1024"},
		{"table of 4 GB", engine.Limits{Depth: 1}, 4096, "at most 1024"},
		{"extension limit past the maximum", engine.Limits{Depth: 1}, -(engine.MaxExtensionLimit + 1), "between 0 and 16"},
	}
	specs := []string{"minimax", "negamax", "branch-bound", "alphabeta", "pvs", "mtdf", "alphabeta+iterative", "pvs+selective+tt+order"}
	for _, tc := range cases {
		for _, p := range limitPositions {
			for _, sp := range specs {
				opt := spec(t, sp)
				if tc.tt < 0 { // the extension limit
					if !opt.Sel.Extensions.On {
						continue
					}
					opt.Sel.Extensions.Limit = -tc.tt
				} else if tc.tt != 0 {
					if !opt.TT.On {
						continue
					}
					opt.TT.MB = tc.tt
				}
				events := 0
				h := &trace.Hooks{Event: func(*trace.Event) { events++ }}
				_, err := engine.Search(context.Background(), p.pos(t), tc.lim, opt, h)
				var oe *engine.OptionsError
				if !errors.As(err, &oe) || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("%s, %s, %s: error %v, want an OptionsError saying %q", tc.name, p.name, sp, err, tc.want)
				}
				if events > 0 {
					t.Errorf("%s, %s, %s: %d events before the refusal", tc.name, p.name, sp, events)
				}
			}
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestMemoryFollowsTheSearch: a search to MaxDepth allocates what its lines
// reach, not room for every ply it may reach. Before, about 1.6 KB and a
// principal variation as long as the depth were reserved for every ply up
// front: 7 MB for depth 1000 on a two-leaf tree, and more than the machine
// had for larger depths.
func TestMemoryFollowsTheSearch(t *testing.T) {
	for _, p := range limitPositions {
		for _, sp := range []string{"minimax", "alphabeta", "pvs+selective+order"} {
			pos := p.pos(t)
			opt := spec(t, sp)
			lim := engine.Limits{Depth: engine.MaxDepth, Nodes: 3000}
			if p.name == "tictactoe" {
				lim.Nodes = 0
			}
			if p.name != "chess" {
				opt.Sel = engine.Selective{} // no evaluation at inner nodes to prune with
			}
			var err error
			bytes := allocated(func() {
				_, err = engine.Search(context.Background(), pos, lim, opt, nil)
			})
			if err != nil && !errors.Is(err, engine.ErrNodeLimit) {
				t.Fatalf("%s, %s: %v", p.name, sp, err)
			}
			if bytes > 1<<20 {
				t.Errorf("%s, %s, depth %d: %d bytes allocated: the search reserves room it does not reach", p.name, sp, lim.Depth, bytes)
			}
		}
	}
}

// deepChain returns a tree whose main line is depth plies long: every inner
// node has the next inner node first, which every algorithm searches, then a
// leaf reached by a capture, and a static evaluation, so that the selective
// techniques have something to do.
func deepChain(t testing.TB, depth int) (*tree.Tree, int64) {
	var b strings.Builder
	b.WriteString(strings.Repeat("(", depth))
	b.WriteString("0")
	for i := depth - 1; i >= 0; i-- {
		fmt.Fprintf(&b, " %d[capture])[eval=%d]", (i*37)%19-9, (i*11)%7-3)
	}
	s := b.String()
	s = s[:strings.LastIndex(s, "[")] // the root: no eval needed
	tr, err := tree.Parse("chain", s)
	if err != nil {
		t.Fatal(err)
	}
	var value func(n *tree.Node, max bool) int64
	value = func(n *tree.Node, max bool) int64 {
		if n.Leaf {
			return n.Value
		}
		v := value(n.Children[0], !max)
		for _, c := range n.Children[1:] {
			if cv := value(c, !max); (max && cv > v) || (!max && cv < v) {
				v = cv
			}
		}
		return v
	}
	return tr, value(tr.Root, true)
}

// TestDeepLines: lines far deeper than the plies a search allocates up front
// grow its buffers as they go, traced and untraced, and every algorithm still
// finds the minimax value; every node entered is left.
func TestDeepLines(t *testing.T) {
	tr, want := deepChain(t, 600)
	for _, sp := range []string{"minimax", "negamax", "branch-bound", "alphabeta:soft", "pvs", "mtdf", "alphabeta+tt", "alphabeta+quiescence+extensions"} {
		opt := spec(t, sp)
		plain, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 600}, opt, nil)
		if err != nil {
			t.Fatalf("%s: %v", sp, err)
		}
		res, evs := run(t, tr, opt, 600)
		if !opt.Sel.Any() && (plain.Value != want || res.Value != want) {
			t.Errorf("%s: value %d untraced, %d traced, want %d", sp, plain.Value, res.Value, want)
		}
		if plain.Value != res.Value || plain.Nodes != res.Nodes {
			t.Errorf("%s: untraced %d in %d nodes, traced %d in %d", sp, plain.Value, plain.Nodes, res.Value, res.Nodes)
		}
		open, deepest := 0, 0
		for _, e := range evs {
			switch e.Kind {
			case trace.Enter:
				open++
				deepest = max(deepest, e.Ply)
			case trace.Exit:
				open--
			}
		}
		if open != 0 || deepest < 600 {
			t.Errorf("%s: %d nodes left open, deepest ply %d", sp, open, deepest)
		}
	}
}

// TestWideNodeOrdered: move ordering on a toy-tree node with more children
// than any chess position has moves (it panicked past 256).
func TestWideNodeOrdered(t *testing.T) {
	leaves := make([]string, 300)
	for i := range leaves {
		leaves[i] = fmt.Sprint(i % 97)
	}
	tr, err := tree.Parse("wide", "("+strings.Join(leaves, " ")+")")
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 1}, spec(t, "alphabeta+order"), nil)
	if err != nil || res.Value != 96 {
		t.Errorf("value %d, error %v; want 96", res.Value, err)
	}
}

// TestNodeLimitExact: a search stopped by Limits.Nodes has entered exactly
// that many nodes — the trace's enter events, the done event and the result
// all say N — in every algorithm and with the techniques that enter nodes of
// their own (quiescence, the null move and its threat test, re-searches,
// iterations, passes, Star2's probes). It entered a few more before (5 for a
// limit of 1, 12 for 10): each node under way went on into its first child.
func TestNodeLimitExact(t *testing.T) {
	chessOpt := func(sp string) engine.Options {
		o, err := engine.ParseSpec(sp, engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	tactic := func(testing.TB) engine.Position {
		return chessPos(t, "6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1")
	}
	chanceTree := func(testing.TB) engine.Position {
		// MAX over chance nodes over MIN nodes: 1 + 3 + 9 + 27 nodes.
		var b strings.Builder
		b.WriteString("(")
		for i := 0; i < 3; i++ {
			b.WriteString("(")
			for j := 0; j < 3; j++ {
				fmt.Fprintf(&b, "(%d %d %d) ", (i+j)%5, (2*i+j)%7-3, (i*j)%4)
			}
			b.WriteString(")[chance] ")
		}
		b.WriteString(")")
		tr, err := tree.Parse("t", b.String())
		if err != nil {
			t.Fatal(err)
		}
		return tree.NewPosition(tr)
	}
	cases := []struct {
		spec  string
		depth int
		pos   func(testing.TB) engine.Position
	}{
		{"minimax", 3, tactic},
		{"negamax", 3, tactic},
		{"branch-bound", 3, tactic},
		{"alphabeta", 3, tactic},
		{"alphabeta:soft:gt", 3, tactic},
		{"pvs", 3, tactic},
		{"mtdf", 4, tactic},
		{"alphabeta+iterative", 4, tactic},
		{"alphabeta+iterative+aspiration", 4, tactic},
		{"pvs+tt+order+iterative", 4, tactic},
		{"mtdf+tt+iterative", 5, tactic},
		{"alphabeta+quiescence", 3, tactic},
		{"alphabeta+null-move", 4, tactic},
		{"alphabeta+reductions", 4, tactic},
		{"alphabeta+futility", 4, tactic},
		{"alphabeta+razoring", 4, tactic},
		{"alphabeta+extensions", 3, tactic},
		{"pvs+selective", 5, tactic},
		{"expectimax", 3, chanceTree},
		{"star1", 3, chanceTree},
		{"star2", 3, chanceTree},
	}
	for _, tc := range cases {
		for _, n := range []int64{1, 2, 3, 5, 10, 37, 100, 1000} {
			opt := chessOpt(tc.spec)
			if tc.spec == "alphabeta+null-move" {
				opt.Sel.Null.Threat, opt.Sel.Null.Verify, opt.Sel.Null.MinPly = true, true, 1
			}
			pos := tc.pos(t)
			if opt.Algo.Star() {
				lo, hi := pos.(engine.Chance).ValueRange()
				opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
			}
			enters := int64(0)
			var done *trace.Summary
			h := &trace.Hooks{Event: func(e *trace.Event) {
				switch e.Kind {
				case trace.Enter:
					enters++
				case trace.Done:
					s := *e.Summary
					done = &s
				}
			}}
			res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: tc.depth, Nodes: n}, opt, h)
			what := fmt.Sprintf("%s, --nodes %d", tc.spec, n)
			if done == nil {
				t.Errorf("%s: no done event (%v)", what, err)
				continue
			}
			stopped := errors.Is(err, engine.ErrNodeLimit) || (err == nil && res.Stopped == engine.NodesUsed)
			switch {
			case err != nil && !stopped:
				t.Errorf("%s: %v", what, err)
			case !stopped && enters > n:
				t.Errorf("%s: finished after %d nodes, past the limit", what, enters)
			case !stopped:
				// finished within the limit: nothing to stop
			case enters != n || done.Nodes != n || done.Stopped != "node limit":
				t.Errorf("%s: stopped after %d nodes entered, the done event says %d (%q); want %d", what, enters, done.Nodes, done.Stopped, n)
			case err == nil && res.Nodes != n:
				t.Errorf("%s: the result says %d nodes, want %d", what, res.Nodes, n)
			}
			if (n <= 37 || (n == 1000 && pos.Game().Name == "chess")) && !stopped {
				t.Errorf("%s: the search finished after %d nodes: the case does not test the limit", what, enters)
			}
		}
	}
}
