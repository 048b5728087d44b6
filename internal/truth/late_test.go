package truth

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// TestLateMoves searches random toy trees with late move reductions and
// late move pruning, which are unsound (the value found is not the tree's),
// and checks what is true of them instead, event by event:
//   - every sentence and invariant, as TestSentencesTrue does (check);
//   - a reduce event of LMR names a move that is quiet (no capture, check or
//     promotion mark), at index MinMoves or later (its number in the event
//     is its place among the node's moves), at a node not in check, at
//     depth MinDepth or more, reduced to the depth the table gives; an lmp
//     event names a quiet move past the count at depth at most Depth, at a
//     node below the root not in check;
//   - and the converse: every move searched at its full depth is one the
//     rules do not reduce or prune (the pruned and reduced moves are exactly
//     those);
//   - the reduced search is followed by an lmr re-search exactly when its
//     value beats the node's running best (α at MAX, β at MIN), and, where
//     the reduced search is below LMR's depth and LMP is off, exactly when
//     the child's minimax value at the reduced depth, computed by brute
//     force, beats it; the re-search names the reduced depth and value and
//     searches the move again at full depth.
func TestLateMoves(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 80
	}
	rng := rand.New(rand.NewPCG(21, 2026))
	var seen lateCounts
	for i := 0; i < n; i++ {
		src := randomTree(rng)
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatalf("generated tree %q: %v", src, err)
		}
		tr.RootMin = rng.IntN(3) == 0
		sel := engine.DefaultSelective(engine.Units{})
		sel.LMR = engine.LMR{On: i%3 != 2, MinDepth: 2 + rng.IntN(2), MinMoves: rng.IntN(2), Base: 75 + 25*rng.IntN(2), Divisor: 225}
		sel.LMP = engine.LMP{On: i%3 != 0, Depth: 1 + rng.IntN(3), Counts: []int{1 + rng.IntN(2), 1 + rng.IntN(3)}}
		algo, fail := engine.AlphaBeta, []engine.Fail{engine.FailHard, engine.FailSoft, engine.FailF2}[i%3]
		if i%4 == 3 {
			algo = engine.PVS
		}
		opt := engine.Options{Algo: algo, Fail: fail, Sel: sel}
		name := fmt.Sprintf("tree %d %q root min %v %s %s lmr %+v lmp %+v", i, src, tr.RootMin, algo, fail, sel.LMR, sel.LMP)
		r := check(t, name, tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, nil, tr, false)
		if r == nil {
			t.Fatalf("%s: refused", name)
		}
		checkLate(t, name, tr, r, opt, &seen)
		if t.Failed() {
			return
		}
	}
	// Each rule was seen both ways, or the test checked nothing.
	if seen.reduced == 0 || seen.researched == 0 || seen.kept == 0 || seen.brute == 0 || seen.pruned == 0 || seen.full == 0 {
		t.Errorf("too little seen: %+v", seen)
	}
	t.Logf("%+v", seen)
}

// lateCounts are what TestLateMoves saw: moves reduced, re-searched, reduced
// and not re-searched, re-search decisions checked by brute force, moves
// pruned, and moves searched at full depth (checked against the rules).
type lateCounts struct{ reduced, researched, kept, brute, pruned, full int }

// lateNode is an open node of the trace, as checkLate follows it.
type lateNode struct {
	n            *tree.Node
	depth, ply   int
	max          bool
	alpha, beta  int64 // the window it was entered with, MAX's view
	reduced      string
	reducedTo    int
	afterReduced *lateChild // the reduced child's search, once it exited
	research     string     // a move re-searched: its next entry is at full depth
}

// lateChild is what the reduced search of a child left.
type lateChild struct {
	path        string
	value       int64
	alpha, beta int64 // the child's window (MAX's view)
	depth       int
}

func checkLate(t *testing.T, name string, tr *tree.Tree, r *run, opt engine.Options, seen *lateCounts) {
	t.Helper()
	lmr, lmp := &opt.Sel.LMR, &opt.Sel.LMP
	orc := newOracle(tr, r.info, false)
	var line []*lateNode
	top := func() *lateNode { return line[len(line)-1] }
	fail := func(e *trace.Event, format string, args ...any) {
		t.Helper()
		t.Errorf("%s: event %d (%s at %q): %s", name, e.Seq, e.Kind, e.Path, fmt.Sprintf(format, args...))
	}
	// moveOf finds the child a move names at the open node and its index
	// among the node's moves (pass children are no moves).
	moveOf := func(node *lateNode, label string) (*tree.Node, int) {
		i := 0
		for _, c := range node.n.Children {
			if c.Pass {
				continue
			}
			if c.Label() == label {
				return c, i
			}
			i++
		}
		return nil, -1
	}
	quiet := func(c *tree.Node) bool { return !c.Capture && !c.Check && !c.Promotion }
	// beats: a value that beats the node's running best, the edge of the
	// child's window on the node's side.
	beats := func(node *lateNode, v int64, c *lateChild) bool {
		if node.max {
			return v > c.alpha
		}
		return v < c.beta
	}
	for idx, e := range r.events {
		switch e.Kind {
		case trace.Enter:
			var n *tree.Node
			if e.Path == "" {
				n = tr.Root
			} else {
				n = tr.Find(e.Path)
			}
			if n == nil {
				fail(e, "no such node in the tree")
				return
			}
			if e.Ply > 0 && e.Reason != trace.ReasonQS {
				p := top()
				c, i := moveOf(p, e.Move)
				switch {
				case c == nil && !n.Pass:
					fail(e, "entered by a move %q its parent does not have", e.Move)
				case c == nil: // the null move
				case p.reduced == e.Move:
					if e.Depth != p.reducedTo {
						fail(e, "the reduced move is searched to depth %d, its reduce event said %d", e.Depth, p.reducedTo)
					}
				case p.research == e.Move:
					if e.Depth != p.depth-1 {
						fail(e, "the re-search of a reduced move is at depth %d, not the full %d", e.Depth, p.depth-1)
					}
				case e.Depth == p.depth-1:
					// Searched at full depth: no rule may reduce or prune it.
					seen.full++
					if lmr.On && p.depth >= lmr.MinDepth && i >= lmr.MinMoves && quiet(c) && !p.n.Check &&
						max(p.depth-1-lmr.Reduction(p.depth, i+1), 1) < p.depth-1 {
						fail(e, "move %d, quiet, at depth %d, is searched at full depth: LMR reduces it", i+1, p.depth)
					}
					if lmp.On && p.ply > 0 && p.depth <= lmp.Depth && i >= lmp.Count(p.depth) && quiet(c) && !p.n.Check {
						fail(e, "move %d, quiet, at depth %d, is searched: LMP prunes it (count %d)", i+1, p.depth, lmp.Count(p.depth))
					}
				}
			}
			line = append(line, &lateNode{n: n, depth: e.Depth, ply: e.Ply, max: e.Max, alpha: e.Alpha, beta: e.Beta})
		case trace.Exit:
			done := top()
			line = line[:len(line)-1]
			if len(line) == 0 {
				continue
			}
			p := top()
			path := done.n.Path()
			if p.reduced != "" && done.n.Label() == p.reduced {
				p.afterReduced = &lateChild{path: path, value: e.Value, alpha: done.alpha, beta: done.beta, depth: done.depth}
				p.reduced = ""
				// The next event at this node: the re-search exactly when
				// the reduced value beats the running best.
				next := r.events[idx+1]
				researched := next.Kind == trace.Research && next.Reason == trace.ReasonLMR
				if researched {
					seen.researched++
				} else {
					seen.kept++
				}
				if want := beats(p, e.Value, p.afterReduced); researched != want {
					fail(e, "the reduced search of %s returned %s against the window (%s, %s): re-searched %v, want %v", path,
						r.info.Format(e.Value), r.info.Format(done.alpha), r.info.Format(done.beta), researched, want)
				}
				// Brute force, where the reduced search is plain alpha-beta.
				if !lmp.On && done.depth < lmr.MinDepth && !done.n.Leaf {
					seen.brute++
					v := orc.truth(done.n, done.depth)
					var want bool
					if p.max {
						want = v.Cmp(big.NewRat(done.alpha, 1)) > 0
					} else {
						want = v.Cmp(big.NewRat(done.beta, 1)) < 0
					}
					if researched != want {
						fail(e, "%s searched to depth %d is worth %s by brute force, against the window (%s, %s): re-searched %v, want %v",
							path, done.depth, v.RatString(), r.info.Format(done.alpha), r.info.Format(done.beta), researched, want)
					}
				}
			}
			if p.research != "" && done.n.Label() == p.research {
				p.research = ""
			}
		case trace.Reduce:
			if e.Reason != trace.ReasonReduceLate {
				continue
			}
			p := top()
			c, i := moveOf(p, e.Move)
			number, count, ok := trace.ParseLateDetail(e.Detail)
			switch {
			case c == nil:
				fail(e, "reduces a move %q the node does not have", e.Move)
			case !ok || number != i+1 || count != lmr.MinMoves:
				fail(e, "detail %q: the move is number %d, LMR spares the first %d", e.Detail, i+1, lmr.MinMoves)
			case !quiet(c) || p.n.Check || i < lmr.MinMoves || e.Depth < lmr.MinDepth:
				fail(e, "LMR reduces move %d (quiet %v, in check %v) at depth %d", i+1, quiet(c), p.n.Check, e.Depth)
			case e.To != max(e.Depth-1-lmr.Reduction(e.Depth, i+1), 1) || e.To >= e.Depth-1:
				fail(e, "reduced to depth %d; the table gives R %d at depth %d, move %d", e.To, lmr.Reduction(e.Depth, i+1), e.Depth, i+1)
			}
			p.reduced, p.reducedTo = e.Move, e.To
			seen.reduced++
		case trace.Research:
			if e.Move == "" {
				continue
			}
			p := top()
			if e.Reason != trace.ReasonLMR { // PVS's or aspiration's: the move again, at its depth
				p.research = e.Move
				continue
			}
			c := p.afterReduced
			switch {
			case c == nil || c.path != tr.Find(e.Move).Path():
				fail(e, "an lmr re-search of %s, which was not just searched reduced", e.Move)
			case e.Value != c.value || e.To != c.depth:
				fail(e, "says the reduced search returned %s at depth %d; it returned %s at depth %d",
					r.info.Format(e.Value), e.To, r.info.Format(c.value), c.depth)
			}
			p.afterReduced = nil
			p.research = e.Move
		case trace.LatePrune:
			seen.pruned++
			p := top()
			c, i := moveOf(p, e.Move)
			number, count, ok := trace.ParseLateDetail(e.Detail)
			switch {
			case c == nil:
				fail(e, "prunes a move %q the node does not have", e.Move)
			case !ok || number != i+1 || count != lmp.Count(e.Depth):
				fail(e, "detail %q: the move is number %d, the count at depth %d is %d", e.Detail, i+1, e.Depth, lmp.Count(e.Depth))
			case !quiet(c) || p.n.Check || i < count || e.Depth > lmp.Depth || e.Ply == 0:
				fail(e, "LMP prunes move %d (quiet %v, in check %v) at depth %d, ply %d", i+1, quiet(c), p.n.Check, e.Depth, e.Ply)
			}
		}
	}
}

// TestLateMovesSpareOrdering: with the table and every move ordering on,
// neither LMR nor LMP touches the table's move or a killer (the quiet moves
// that last cut at the same ply, followed here from the trace's cutoffs), nor
// a capture, check or promotion, whatever its place in the list (the
// table's move is not always ordered first: ordering by it is off in half
// the searches, and a quarter order by captures alone).
func TestLateMovesSpareOrdering(t *testing.T) {
	n := 160
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(21, 7))
	spared := map[string]int{}
	for i := 0; i < n; i++ {
		src := randomTree(rng)
		if i%2 == 1 { // worst-ordered, every move quiet: the best move last, where the table's move is late
			g, err := tree.Worst(3, 4, -200, 200, uint64(i))
			if err == nil {
				err = g.AddEvals(2, uint64(i))
			}
			if err != nil {
				t.Fatal(err)
			}
			src = tree.Format(g)
		}
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatalf("generated tree %q: %v", src, err)
		}
		sel := engine.DefaultSelective(engine.Units{})
		sel.LMR = engine.LMR{On: true, MinDepth: 2, MinMoves: 0, Base: 100, Divisor: 225}
		// LMP only on the small trees: where it prunes every late move of the
		// previous iteration, the table's move is always the first.
		sel.LMP = engine.LMP{On: i%2 == 0, Depth: 3, Counts: []int{1, 1, 1}}
		opt := engine.Options{Algo: engine.AlphaBeta, Sel: sel, TT: engine.TT{On: true, MB: 1, Cutoffs: true},
			Order: engine.Ordering{TT: i%4 < 2, Captures: true, Killers: i%8 < 4, History: i%8 < 4}, Iterative: i%3 != 0}
		name := fmt.Sprintf("tree %d %q", i, src)
		r := check(t, name, tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, nil, tr, false)
		if r == nil {
			t.Fatalf("%s: refused", name)
		}
		var killers [][2]int // by ply: the written indices of the last two quiet moves that cut, -1 for none
		type open struct {
			n      *tree.Node
			ttMove string
			ply    int
			tried  map[string]bool // the moves entered or pruned so far
			last   string          // the last move entered
			cut    bool            // a cutoff event left moves unsearched
		}
		var line []*open
		childOf := func(p *tree.Node, label string) (*tree.Node, int) {
			for i, c := range p.Children {
				if !c.Pass && c.Label() == label {
					return c, i
				}
			}
			return nil, -1
		}
		// remember is the engine's killer rule: a quiet move (no capture
		// or promotion) that reached the bound at ply.
		remember := func(ply int, n *tree.Node, label string) {
			if c, k := childOf(n, label); opt.Order.Killers && c != nil && !c.Capture && !c.Promotion {
				if ks := &killers[ply]; ks[0] != k {
					ks[1], ks[0] = ks[0], k
				}
			}
		}
		for _, e := range r.events {
			switch e.Kind {
			case trace.Enter:
				n := tr.Root
				if e.Path != "" {
					n = tr.Find(e.Path)
				}
				line = append(line, &open{n: n, ply: e.Ply, tried: map[string]bool{}})
				for len(killers) <= e.Ply {
					killers = append(killers, [2]int{-1, -1})
				}
			case trace.Exit:
				done := line[len(line)-1]
				line = line[:len(line)-1]
				// The last move reached the bound: a cut with nothing left
				// to prune, which no cutoff event tells, teaches the
				// killers too.
				if reached := (e.Max && e.Value >= e.Beta) || (!e.Max && e.Value <= e.Alpha); reached && !done.cut && done.last != "" {
					remember(done.ply, done.n, done.last)
				}
			case trace.TTHit:
				line[len(line)-1].ttMove = e.Move
			case trace.Cutoff:
				p := line[len(line)-1]
				p.cut = true
				remember(p.ply, p.n, e.Move)
			case trace.Reduce, trace.LatePrune:
				if e.Kind == trace.Reduce && e.Reason != trace.ReasonReduceLate {
					continue
				}
				p := line[len(line)-1]
				c, k := childOf(p.n, e.Move)
				switch {
				case c == nil:
					t.Fatalf("%s: event %d: no move %q at %q", name, e.Seq, e.Move, e.Path)
				case c.Capture || c.Check || c.Promotion:
					t.Errorf("%s: event %d (%s): %s is a capture, check or promotion", name, e.Seq, e.Kind, e.Move)
				case e.Move == p.ttMove:
					t.Errorf("%s: event %d (%s): %s is the table's move", name, e.Seq, e.Kind, e.Move)
				case killers[p.ply][0] == k || killers[p.ply][1] == k:
					t.Errorf("%s: event %d (%s): %s is a killer at ply %d", name, e.Seq, e.Kind, e.Move, p.ply)
				}
				spared[e.Kind.String()]++
			}
			// What the rules spared: quiet moves the ordering knew, at a
			// node where late moves were reduced or pruned.
			if e.Kind == trace.Enter && len(line) > 1 {
				p := line[len(line)-2]
				if c, k := childOf(p.n, e.Move); c != nil && !c.Capture && !c.Check && !c.Promotion {
					if e.Move == p.ttMove && len(p.tried) > 0 && !p.tried[e.Move] {
						spared["table move searched late"]++
					}
					if killers[p.ply][0] == k || killers[p.ply][1] == k {
						spared["killer searched"]++
					}
				}
				p.tried[e.Move] = true
				p.last = e.Move
			}
			if e.Kind == trace.LatePrune {
				line[len(line)-1].tried[e.Move] = true
			}
		}
		if t.Failed() {
			return
		}
	}
	for _, what := range []string{"reduce", "lmp", "table move searched late", "killer searched"} {
		if spared[what] == 0 {
			t.Errorf("never seen: %s (%v)", what, spared)
		}
	}
	t.Logf("%v", spared)
}
