package engine_test

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// chanceSpecs are the searches of trees with chance nodes.
var chanceSpecs = []string{"expectimax", "star1:hard", "star1:soft", "star2:hard", "star2:soft"}

// chanceOptions is a spec with the bounds Star1 and Star2 need.
func chanceOptions(t testing.TB, sp string, lo, hi int64) engine.Options {
	o := spec(t, sp)
	if o.Algo.Star() {
		o.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
	}
	return o
}

// randomChanceTree is a random tree whose inner nodes below the root are
// chance nodes about a third of the time, some with uniform probabilities,
// the others with probabilities drawn as whole parts of a small
// denominator; some nodes carry [max] or [min] marks. It is written out and
// read back, as a user's tree is, so that its values are held in the units
// its averages need.
func randomChanceTree(t testing.TB, rng *rand.Rand, b, d int, lo, hi int64, seed uint64) *tree.Tree {
	tr, err := tree.Random(b, d, lo, hi, seed)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *tree.Node, root bool)
	walk = func(n *tree.Node, root bool) {
		if !root && !n.Leaf && rng.IntN(3) == 0 {
			n.Chance = true
			if k := len(n.Children); rng.IntN(2) == 0 {
				den := int64(k + rng.IntN(4))
				left := den
				for i, c := range n.Children {
					a := left // the last child takes what is left
					if r := int64(k - 1 - i); r > 0 {
						a = 1 + rng.Int64N(left-r) // and leaves at least 1 for each after it
					}
					left -= a
					c.PNum, c.PDen = a, den
				}
			}
		} else if !root && rng.IntN(5) == 0 {
			n.Turn = tree.TurnMax + tree.Turn(rng.IntN(2))
		}
		for _, c := range n.Children {
			walk(c, false)
		}
	}
	walk(tr.Root, true)
	// Reduce the probabilities as the parser keeps them.
	for _, n := range nodesOf(tr.Root) {
		if n.PDen > 0 {
			r := big.NewRat(n.PNum, n.PDen)
			n.PNum, n.PDen = r.Num().Int64(), r.Denom().Int64()
		}
	}
	back, err := tree.Parse("random", tree.Format(tr))
	if err != nil {
		t.Fatalf("%v\n%s", err, tree.Format(tr))
	}
	return back
}

func nodesOf(n *tree.Node) []*tree.Node {
	out := []*tree.Node{n}
	for _, c := range n.Children {
		out = append(out, nodesOf(c)...)
	}
	return out
}

// chanceTruth is the brute-force expectimax value of every node by path, in
// exact fractions of the tree's raw units, and the player of every node: a
// chance node takes no turn, so the players alternate across it, and marks
// override.
func chanceTruth(tr *tree.Tree) (vals map[string]*big.Rat, maxAt map[string]bool) {
	vals, maxAt = map[string]*big.Rat{}, map[string]bool{}
	var walk func(n *tree.Node, max bool) *big.Rat
	walk = func(n *tree.Node, max bool) *big.Rat {
		maxAt[n.Path()] = max
		var v *big.Rat
		switch {
		case n.Leaf:
			v = big.NewRat(n.Value, 1)
		case n.Chance:
			v = new(big.Rat)
			for i, c := range n.Children {
				cmax := max
				if c.Turn != tree.TurnAlternate {
					cmax = c.Turn == tree.TurnMax
				}
				num, den := n.Weight(i)
				v.Add(v, new(big.Rat).Mul(big.NewRat(num, den), walk(c, cmax)))
			}
		default:
			for _, c := range n.Children {
				cmax := !max
				if c.Turn != tree.TurnAlternate {
					cmax = c.Turn == tree.TurnMax
				}
				cv := walk(c, cmax)
				if v == nil || (max && cv.Cmp(v) > 0) || (!max && cv.Cmp(v) < 0) {
					v = cv
				}
			}
		}
		vals[n.Path()] = v
		return v
	}
	walk(tr.Root, !tr.RootMin)
	return vals, maxAt
}

// holdsRat is holds for a true value that is a fraction.
func holdsRat(b score.Bound, v int64, tv *big.Rat) bool {
	c := big.NewRat(v, 1).Cmp(tv)
	switch b {
	case score.Exact:
		return c == 0
	case score.Lower:
		return c <= 0
	case score.Upper:
		return c >= 0
	}
	return true
}

// TestRandomChanceTreesAgree searches random trees with chance nodes, player
// marks and probabilities with expectimax, Star1 and Star2 under both fail
// conventions: the root value is the brute-force expectimax value, exactly;
// every node is entered with its own player and chance mark; every exit's
// bound is true of the node's true value (a probe's too); every chance cut's
// interval holds the chance node's true value and lies beyond its window.
func TestRandomChanceTreesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 11))
	cuts := map[string]int{} // chance cuts by reason: every kind must happen
	for seed := range seeds(120, 60) {
		b := 1 + seed%4
		d := 1 + (seed/4)%5
		tr := randomChanceTree(t, rng, b, d, -6, 6, uint64(seed))
		tr.RootMin = seed%3 == 1
		truth, maxAt := chanceTruth(tr)
		chance := map[string]bool{}
		for _, n := range nodesOf(tr.Root) {
			chance[n.Path()] = n.Chance
		}
		s := tr.Scale
		for _, sp := range chanceSpecs {
			// Bounds at or beyond the values: tight ones, or wider.
			lo, hi := -6*s, 6*s
			if seed%2 == 0 {
				lo, hi = -8*s, 7*s
			}
			res, evs := run(t, tr, chanceOptions(t, sp, lo, hi), d)
			if !holdsRat(score.Exact, res.Value, truth[""]) {
				t.Fatalf("seed %d %s: root value %d, expectimax %s\n%s", seed, sp, res.Value, truth[""].RatString(), tree.Format(tr))
			}
			for _, e := range evs {
				switch e.Kind {
				case trace.Enter:
					if e.Max != maxAt[e.Path] || e.Chance != chance[e.Path] {
						t.Fatalf("seed %d %s: node %q entered with max=%v chance=%v\n%s", seed, sp, e.Path, e.Max, e.Chance, tree.Format(tr))
					}
				case trace.Exit:
					if !holdsRat(e.Bound, e.Value, truth[e.Path]) {
						t.Fatalf("seed %d %s: node %q returned %d (%s, %s), true value %s\n%s", seed, sp, e.Path, e.Value, e.Bound, e.Reason, truth[e.Path].RatString(), tree.Format(tr))
					}
				case trace.ChanceCut:
					cuts[e.Reason]++
					tv := truth[e.Path]
					if big.NewRat(e.Lower, 1).Cmp(tv) > 0 || big.NewRat(e.Upper, 1).Cmp(tv) < 0 {
						t.Fatalf("seed %d %s: chance node %q cut with [%d, %d], true value %s\n%s", seed, sp, e.Path, e.Lower, e.Upper, tv.RatString(), tree.Format(tr))
					}
					beyond := e.Lower >= e.Beta || e.Upper <= e.Alpha
					if !beyond || (len(e.Pruned) == 0 && !strings.HasPrefix(sp, "star2")) { // Star2 may have probed every child left
						t.Fatalf("seed %d %s: chance node %q cut with [%d, %d] in (%d, %d), pruning %v", seed, sp, e.Path, e.Lower, e.Upper, e.Alpha, e.Beta, e.Pruned)
					}
				}
			}
		}
	}
	for _, r := range []string{trace.ReasonBeta, trace.ReasonAlpha, trace.ReasonProbeBeta, trace.ReasonProbeAlpha} {
		if cuts[r] == 0 {
			t.Errorf("no chance cut with reason %q in the random trees: the test misses a case (%v)", r, cuts)
		}
	}
}

// TestAIMAChanceTree is the tree of AIMA's exercise on pruning chance nodes
// (Russell & Norvig, 3rd ed., Exercise 5.16 and Figure 5.19, the leaves as
// we read the figure; no published answer is checked here): a MAX root over
// two chance nodes of probability 0.5 each over MIN nodes. Its values: the
// MIN nodes 2, 1, 0 and -1, the chance nodes 1.5 and -0.5, the root 1.5.
// With every value known to lie in [-2, 2], Star1 needs no leaf of the
// right chance node's second MIN node, and Star2's probe of its first MIN
// node alone settles it.
func TestAIMAChanceTree(t *testing.T) {
	tr, err := tree.Parse("aima 5.19", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])")
	if err != nil {
		t.Fatal(err)
	}
	s := tr.Scale
	for _, c := range []struct {
		spec   string
		leaves []string
	}{
		{"expectimax", []string{"1.1.1", "1.1.2", "1.2.1", "1.2.2", "2.1.1", "2.1.2", "2.2.1", "2.2.2"}},
		{"star1:hard", []string{"1.1.1", "1.1.2", "1.2.1", "1.2.2", "2.1.1"}},
		{"star2:soft", []string{"1.1.1", "1.1.2", "1.2.1", "1.2.2", "2.1.1"}},
	} {
		res, evs := run(t, tr, chanceOptions(t, c.spec, -2*s, 2*s), 3)
		if res.Value*2 != 3*s || res.BestLabel != "1" {
			t.Errorf("%s: value %d/%d, best %s; want 1.5 and 1", c.spec, res.Value, s, res.BestLabel)
		}
		if got := strings.Join(evaluated(evs), " "); got != strings.Join(c.leaves, " ") {
			t.Errorf("%s: evaluated %s, want %s", c.spec, got, strings.Join(c.leaves, " "))
		}
	}
}

// TestChanceRefusals: an algorithm that takes no averages refuses a tree
// with chance nodes, Star1 and Star2 need bounds that hold every value, and
// expectimax takes no bounds.
func TestChanceRefusals(t *testing.T) {
	tr, err := tree.Parse("tree", "((3 12)[chance] (2 4)[chance])")
	if err != nil {
		t.Fatal(err)
	}
	s := tr.Scale
	for _, c := range []struct {
		opt  engine.Options
		want string
	}{
		{spec(t, "alphabeta"), "the tree has chance nodes"},
		{spec(t, "minimax"), "the tree has chance nodes"},
		{spec(t, "star1"), "give them (--bounds LO,HI)"},
		{chanceOptions(t, "star1", 0, 10*s), "the tree's values run from 2 to 12"},
		{func() engine.Options {
			o := spec(t, "alphabeta")
			o.Bounds = engine.Bounds{Lo: 0, Hi: 20 * s, On: true}
			return o
		}(), "bounds on every value are for star1 and star2"},
		{chanceOptions(t, "star1:f2", 0, 20*s), "fail-hard or fail-soft"},
		{chanceOptions(t, "star1:gt", 0, 20*s), "--cutoff ge only"},
	} {
		_, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 2}, c.opt, nil)
		var oe *engine.OptionsError
		if !errors.As(err, &oe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an options error saying %q", c.opt.Spec(), err, c.want)
		}
	}
}

// chanceBenchTree is a random tree of branching 5 and depth 8 whose nodes
// at odd plies are chance nodes (MAX, chance, MIN, chance, ...), equally
// likely outcomes, leaves in [-100, 100]: backgammon's shape.
func chanceBenchTree(b *testing.B) *tree.Tree { return chanceBenchTreeSized(b, 5, 8) }

// chanceBenchTreeSized is chanceBenchTree of branching br and depth d.
func chanceBenchTreeSized(b testing.TB, br, d int) *tree.Tree {
	tr, err := tree.Random(br, d, -100, 100, 7)
	if err != nil {
		b.Fatal(err)
	}
	var mark func(n *tree.Node, ply int)
	mark = func(n *tree.Node, ply int) {
		n.Chance = ply%2 == 1 && !n.Leaf
		for _, c := range n.Children {
			mark(c, ply+1)
		}
	}
	mark(tr.Root, 0)
	back, err := tree.Parse("bench", tree.Format(tr))
	if err != nil {
		b.Fatal(err)
	}
	return back
}

// BenchmarkChance searches the same chance tree untraced with expectimax,
// Star1 and Star2 (fail-soft, bounds [-100, 100]): nodes per second, and
// the nodes each search enters.
func BenchmarkChance(b *testing.B) {
	tr := chanceBenchTree(b)
	for _, sp := range []string{"expectimax", "star1:soft", "star2:soft"} {
		b.Run(sp, func(b *testing.B) {
			opt := chanceOptions(b, sp, -100*tr.Scale, 100*tr.Scale)
			pos := tree.NewPosition(tr)
			var nodes, per int64
			b.ReportAllocs()
			for b.Loop() {
				res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 8}, opt, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes += res.Nodes
				per = res.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(per), "nodes/search")
		})
	}
}

// TestChanceNoAllocationPerNode: an untraced Star2 search (probes and
// chance cuts) allocates a constant per search, whatever its size, as
// alpha-beta does.
func TestChanceNoAllocationPerNode(t *testing.T) {
	small := chanceBenchTreeSized(t, 3, 6)
	big := chanceBenchTreeSized(t, 6, 6)
	allocs := func(tr *tree.Tree) float64 {
		opt := chanceOptions(t, "star2:soft", -100*tr.Scale, 100*tr.Scale)
		pos := tree.NewPosition(tr)
		return testing.AllocsPerRun(3, func() {
			if _, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 8}, opt, nil); err != nil {
				t.Fatal(err)
			}
		})
	}
	if a, b := allocs(small), allocs(big); b > a {
		t.Errorf("allocations grow with the search: %v on the small tree, %v on one 64 times larger", a, b)
	}
}
