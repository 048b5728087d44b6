package student

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// randomTree is a random toy tree with static evaluations at its inner
// nodes, some transpositions, and, when chance, chance nodes with random
// probabilities.
func randomTree(t testing.TB, rng *rand.Rand, chance bool) *tree.Tree {
	return randomTreeOf(t, rng, 2+rng.IntN(2), 3+rng.IntN(2), chance)
}

// randomTreeOf is randomTree with branching b and height d.
func randomTreeOf(t testing.TB, rng *rand.Rand, b, d int, chance bool) *tree.Tree {
	t.Helper()
	tr, err := tree.Random(b, d, 0, 9, rng.Uint64())
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.AddEvals(3, rng.Uint64()); err != nil {
		t.Fatal(err)
	}
	if !chance {
		if _, err := tr.AddTranspositions(rng.IntN(4), rng.Uint64()); err != nil {
			t.Fatal(err)
		}
		return tr
	}
	var mark func(n *tree.Node)
	mark = func(n *tree.Node) {
		if !n.Leaf && n.Parent() != nil && rng.IntN(3) == 0 {
			n.Chance = true
			if rng.IntN(2) == 0 { // probabilities written, else every outcome equally likely
				ws := make([]int64, len(n.Children))
				var sum int64
				for i := range ws {
					ws[i] = 1 + rng.Int64N(3)
					sum += ws[i]
				}
				for i, c := range n.Children {
					g := score.GCD(ws[i], sum)
					c.PNum, c.PDen = ws[i]/g, sum/g
				}
			}
		}
		for _, c := range n.Children {
			mark(c)
		}
	}
	mark(tr.Root)
	out, err := tree.Parse("random", tree.Format(tr))
	if err != nil {
		t.Fatalf("%v\n%s", err, tree.Format(tr))
	}
	return out
}

// TestModelIsTheEngine: the searches check's mistaken searches are built
// on, as the model writes them without a mistake, make the engine's steps
// event for event: alpha-beta and PVS under every convention, with and
// without a transposition table, in either order, on random trees with
// transpositions, at random depths; expectimax on random trees with chance
// nodes.
func TestModelIsTheEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2026))
	ctx := context.Background()
	n := 120
	if testing.Short() {
		n = 30
	}
	for i := range n {
		chance := i%4 == 3
		tr := randomTree(t, rng, chance)
		depth := 1 + rng.IntN(tr.Height())
		rtl := rng.IntN(2) == 0
		var opt engine.Options
		if chance {
			opt = engine.Options{Algo: engine.Expectimax}
		} else {
			algo := []engine.Algo{engine.AlphaBeta, engine.PVS}[rng.IntN(2)]
			opt = engine.Options{Algo: algo, Fail: []engine.Fail{engine.FailHard, engine.FailSoft, engine.FailF2}[rng.IntN(3)],
				Cutoff: []engine.Cutoff{engine.CutGE, engine.CutGT}[rng.IntN(2)]}
			if algo == engine.PVS {
				opt.Cutoff = engine.CutGE // PVS is defined with the cutoff on ties only
			}
			if rng.IntN(2) == 0 {
				opt.TT = engine.TT{On: true, Cutoffs: true, MB: 1}
			}
		}
		ref, err := Reference(ctx, tr, opt, depth, rtl)
		if err != nil {
			t.Fatal(err)
		}
		md := newModel(tr, opt.Algo, opt.Fail, opt.Cutoff, rtl, opt.TT.On, noBug)
		steps, ok := md.run(depth)
		if !ok {
			t.Fatalf("tree %d: the model found no evaluation at depth %d", i, depth)
		}
		if !slices.EqualFunc(ref.Steps, steps, equal) {
			t.Fatalf("tree %d, %s rtl=%v depth %d: the model's steps are not the engine's\n%s\nengine %s\nmodel  %s",
				i, opt.Spec(), rtl, depth, tree.Format(tr), stepsText(ref.Steps), stepsText(steps))
		}
	}
}

func stepsText(steps []Step) string {
	s := ""
	for _, st := range steps {
		if st.Exit {
			s += fmt.Sprintf("<%s=%d ", st.Key, st.Value)
		} else {
			s += ">" + st.Key + " "
		}
	}
	return s
}

// TestCheckNamesProgramMistakes: a student's search with one of the
// mistakes a program makes (the window's bounds swapped at MIN, a table
// keeping bounds as exact, PVS taking a failed-high probe for the value,
// a chance node's ply counted twice or not at all), wherever its trace is
// not the asked search's, is named with that mistake; and the right
// search's trace is never named with one.
func TestCheckNamesProgramMistakes(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 2026))
	ctx := context.Background()
	cases := []struct {
		bug     bug
		mistake *quiz.Misconception
		algo    engine.Algo
		tt      bool
		chance  bool
	}{
		{swappedAtMin, WindowsSwapped, engine.AlphaBeta, false, false},
		{cachedExact, CachedAsExact, engine.AlphaBeta, true, false},
		{noResearch, quiz.BoundAsExact, engine.PVS, false, false},
		{chanceTwice, ChancePlyTwice, engine.Expectimax, false, true},
		{chanceUncounted, ChancePlyUncounted, engine.Expectimax, false, true},
	}
	n := 40
	if testing.Short() {
		n = 12
	}
	for _, c := range cases {
		named := 0
		for range n {
			tr := randomTree(t, rng, c.chance)
			depth := 1 + rng.IntN(tr.Height())
			if c.chance {
				tr = randomTreeOf(t, rng, 2, 5, true)
				depth = 2 + rng.IntN(3) // the depth limit falls inside the tree
			}
			if c.tt {
				tr = randomTreeOf(t, rng, 3, 5, false)
				depth = tr.Height()
				if k, _ := tr.AddTranspositions(12, rng.Uint64()); k == 0 {
					continue
				}
			}
			opt := engine.Options{Algo: c.algo, Fail: []engine.Fail{engine.FailHard, engine.FailSoft}[rng.IntN(2)],
				Cutoff: []engine.Cutoff{engine.CutGE, engine.CutGT}[rng.IntN(2)]}
			switch c.algo {
			case engine.Expectimax:
				opt.Fail, opt.Cutoff = 0, 0
			case engine.PVS:
				opt.Cutoff = engine.CutGE
			}
			if c.tt {
				opt.TT = engine.TT{On: true, Cutoffs: true, MB: 1}
			}
			asked, err := Reference(ctx, tr, opt, depth, false)
			if err != nil {
				t.Fatal(err)
			}
			steps, ok := newModel(tr, c.algo, opt.Fail, opt.Cutoff, false, c.tt, c.bug).run(depth)
			if !ok || slices.EqualFunc(asked.Steps, steps, equal) {
				continue
			}
			if Compare(asked, steps).Same {
				t.Fatalf("Compare says the same of different steps")
			}
			others, err := Others(ctx, tr, asked, depth, steps)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(others, func(m Match) bool { return m.Mistake == c.mistake }) {
				t.Errorf("%s on %s (%s, depth %d): not named among %+v", c.mistake.ID, tree.Format(tr), opt.Spec(), depth, others)
			}
			named++
			// The right search is named with no mistake: it is the same.
			right, _ := newModel(tr, c.algo, opt.Fail, opt.Cutoff, false, c.tt, noBug).run(depth)
			if !Compare(asked, right).Same {
				t.Errorf("the right model is not the asked search on %s", tree.Format(tr))
			}
		}
		if named < n/4 {
			t.Errorf("%s: only %d of %d trees tell the mistake from the right search", c.mistake.ID, named, n)
		}
	}
}

// TestCheckNamesChanceMistakes: on random trees with chance nodes, a
// student's expectimax that takes a chance node for a MIN or MAX node
// (minimax, or alpha-beta that prunes there) or leaves its probabilities
// out is named with that mistake wherever its trace is not expectimax's.
func TestCheckNamesChanceMistakes(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2026))
	ctx := context.Background()
	named := map[*quiz.Misconception]int{}
	n := 40
	if testing.Short() {
		n = 15
	}
	for range n {
		tr := randomTreeOf(t, rng, 2+rng.IntN(2), 3+rng.IntN(2), true)
		depth := tr.Height()
		asked, err := Reference(ctx, tr, engine.Options{Algo: engine.Expectimax}, depth, false)
		if err != nil {
			t.Fatal(err)
		}
		toMax := rng.IntN(2) == 0
		pt, err := tr.ChanceAsPlayer(toMax)
		if err != nil {
			t.Fatal(err)
		}
		variants := []struct {
			tr  *tree.Tree
			opt engine.Options
			m   *quiz.Misconception
		}{
			{pt, engine.Options{Algo: engine.Minimax}, quiz.ChanceAsPlayer},
			{pt, engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailHard, Cutoff: engine.CutGE}, quiz.ChancePruned},
		}
		if ut, err := unweighted(tr); err == nil && ut != nil {
			variants = append(variants, struct {
				tr  *tree.Tree
				opt engine.Options
				m   *quiz.Misconception
			}{ut, engine.Options{Algo: engine.Expectimax}, quiz.UnweightedAverage})
		}
		for _, v := range variants {
			theirs, err := Reference(ctx, v.tr, v.opt, depth, false)
			if err != nil {
				t.Fatal(err)
			}
			for i := range theirs.Steps { // in the tree's units, as the student's trace reads
				theirs.Steps[i].Value *= max(tr.Scale, 1) / max(v.tr.Scale, 1)
			}
			if Compare(asked, theirs.Steps).Same {
				continue
			}
			others, err := Others(ctx, tr, asked, depth, theirs.Steps)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(others, func(m Match) bool { return m.Mistake == v.m }) {
				t.Errorf("%s on %s: not named among %+v", v.m.ID, tree.Format(tr), others)
			}
			named[v.m]++
		}
	}
	for _, m := range []*quiz.Misconception{quiz.ChanceAsPlayer, quiz.ChancePruned, quiz.UnweightedAverage} {
		if named[m] < 3 {
			t.Errorf("%s: only %d trees tell it from expectimax", m.ID, named[m])
		}
	}
}
