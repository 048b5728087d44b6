package truth

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// TestQuiescenceValue searches random toy trees to a depth short of their
// height with quiescence search and checks the root's value against a
// brute-force minimax of the tree quiescence searches, computed here from the
// tree alone:
//   - down to the horizon every move;
//   - at and past it, a node not in check (or with --qs-stand-in-check) is
//     worth the best of its static evaluation (stand pat) and its captures
//     and promotions;
//   - a node in check (its move marked [check]) is worth the best of all its
//     moves, without a stand pat;
//   - past the --qs-depth cap, the static evaluation.
//
// Every sentence and invariant of the search is checked as well (check).
func TestQuiescenceValue(t *testing.T) {
	n := 600
	if testing.Short() {
		n = 150
	}
	rng := rand.New(rand.NewPCG(11, 2026))
	inCheck := 0
	for i := range n {
		src := randomTree(rng)
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatalf("generated tree %q: %v", src, err)
		}
		tr.RootMin = rng.IntN(3) == 0
		depth := 1 + rng.IntN(max(1, tr.Height()-1))
		sel := engine.DefaultSelective(engine.Units{})
		sel.Quiescence = engine.Quiescence{On: true, StandInCheck: i%4 == 3, MaxDepth: []int{0, 0, 1, 2}[rng.IntN(4)]}
		algo, fail := []engine.Algo{engine.AlphaBeta, engine.AlphaBeta, engine.PVS}[i%3], []engine.Fail{engine.FailHard, engine.FailSoft, engine.FailF2}[rng.IntN(3)]
		if algo == engine.PVS {
			fail = engine.FailSoft
		}
		opt := engine.Options{Algo: algo, Fail: fail, Sel: sel}
		name := fmt.Sprintf("tree %d %q root min %v depth %d %s %s quiescence %+v", i, src, tr.RootMin, depth, algo, fail, sel.Quiescence)
		res, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: depth}, opt, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		q := qsOracle{q: sel.Quiescence}
		want := q.search(tr.Root, !tr.RootMin, depth)
		if res.Value != want {
			t.Fatalf("%s: value %d, brute force %d", name, res.Value, want)
		}
		inCheck += q.inCheck
		if i%5 == 0 {
			check(t, name, tree.NewPosition(tr), engine.Limits{Depth: depth}, opt, nil, tr, false)
		}
	}
	if inCheck == 0 {
		t.Error("no tree had a quiescence node in check: the test tests nothing of it")
	}
}

// qsOracle computes, by brute force, the value of a depth-limited search
// with quiescence at its horizon (MAX's view).
type qsOracle struct {
	q       engine.Quiescence
	inCheck int // quiescence nodes in check, searched without stand pat
}

func (o *qsOracle) search(n *tree.Node, maxMoves bool, depth int) int64 {
	if n.Leaf {
		return n.Value
	}
	if depth == 0 {
		return o.quiesce(n, maxMoves, 1)
	}
	return best(n, maxMoves, func(c *tree.Node) bool { return true }, func(c *tree.Node) int64 { return o.search(c, !maxMoves, depth-1) })
}

func (o *qsOracle) quiesce(n *tree.Node, maxMoves bool, qply int) int64 {
	if n.Leaf {
		return n.Value
	}
	capped := o.q.MaxDepth > 0 && qply > o.q.MaxDepth
	if n.Check && !o.q.StandInCheck && !capped {
		o.inCheck++
		return best(n, maxMoves, func(c *tree.Node) bool { return true }, func(c *tree.Node) int64 { return o.quiesce(c, !maxMoves, qply+1) })
	}
	if capped {
		return n.Eval
	}
	v := best(n, maxMoves, func(c *tree.Node) bool { return c.Capture || c.Promotion }, func(c *tree.Node) int64 { return o.quiesce(c, !maxMoves, qply+1) })
	if maxMoves {
		return max(v, n.Eval)
	}
	return min(v, n.Eval)
}

// best is the best value for the side to move among n's moves (pass
// children excluded) that keep says to search; the worst value there is
// when none.
func best(n *tree.Node, maxMoves bool, keep func(*tree.Node) bool, value func(*tree.Node) int64) int64 {
	b := int64(0)
	first := true
	for _, c := range n.Children {
		if c.Pass || !keep(c) {
			continue
		}
		v := value(c)
		if first || (maxMoves && v > b) || (!maxMoves && v < b) {
			b, first = v, false
		}
	}
	if first {
		if maxMoves {
			return -1 << 62
		}
		return 1 << 62
	}
	return b
}
