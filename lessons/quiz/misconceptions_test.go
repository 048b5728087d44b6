package quiz

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
)

// neverOf is the list a search of the quiz's tree with the algorithm spec
// leaves unevaluated, in the answer syntax.
func neverOf(t *testing.T, q *Quiz, algo string) string {
	t.Helper()
	r, err := search(context.Background(), q.ix, spec(t, algo), q.Depth)
	if err != nil {
		t.Fatal(err)
	}
	return labels(r.Never)
}

// mutantNever is the list the student model leaves unevaluated when node s
// does not pass its narrowed window on.
func mutantNever(t *testing.T, q *Quiz, s string) string {
	t.Helper()
	r, err := mistaken(q.ix, q.Opt, q.Depth, map[*tree.Node]bool{q.Find(s): true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return labels(r.Never)
}

// dropLast leaves the last leaf out of a list.
func dropLast(list string) string {
	f := strings.Fields(list)
	if len(f) <= 1 {
		return "none"
	}
	return strings.Join(f[:len(f)-1], " ")
}

// named reports whether the verdict names the misconception.
func named(it *Item, m *Misconception) bool {
	return slices.ContainsFunc(it.Mistakes, func(x Mistake) bool { return x.Misconception == m })
}

// TestMisconceptionsAreExact: every misconception is named when its mistaken
// search — computed here by the engine or the student model — gives the
// answer exactly, and not for a near miss, an answer one leaf or one number
// away from it. Every reverse case is there: each fail convention for the
// other, each cutoff rule for the other, branch and bound for alpha-beta and
// alpha-beta for branch and bound, alpha-beta for minimax and minimax for
// alpha-beta.
func TestMisconceptionsAreExact(t *testing.T) {
	type answer struct{ tree, algo, answer, id string }
	wikiGTHard := onTree(t, "wikipedia", "alphabeta:hard:gt")
	wikiGTSoft := onTree(t, "wikipedia", "alphabeta:soft:gt")
	wikiGESoft := onTree(t, "wikipedia", "alphabeta:soft:ge")
	deepAB := onTree(t, deepTree, "alphabeta")
	deepBB := onTree(t, deepTree, "branch-bound")
	aima := onTree(t, "aima", "alphabeta")
	aimaMinimax := onTree(t, "aima", "minimax")
	cases := []struct {
		m           *Misconception
		exact, near answer
	}{
		{TiePruned,
			answer{"wikipedia", "alphabeta:soft:gt", "never " + neverOf(t, wikiGTSoft, "alphabeta:soft:ge"), "never"},
			answer{"wikipedia", "alphabeta:soft:gt", "never " + dropLast(neverOf(t, wikiGTSoft, "alphabeta:soft:ge")), "never"}},
		{TieNotPruned,
			answer{"wikipedia", "alphabeta:soft:ge", "never " + neverOf(t, wikiGESoft, "alphabeta:soft:gt"), "never"},
			answer{"wikipedia", "alphabeta:soft:ge", "never " + dropLast(neverOf(t, wikiGESoft, "alphabeta:soft:gt")), "never"}},
		{FailConfused, // fail-hard's quiz, fail-soft's list
			answer{"wikipedia", "alphabeta:hard:gt", "never " + neverOf(t, wikiGTHard, "alphabeta:soft:gt"), "never"},
			answer{"wikipedia", "alphabeta:hard:gt", "never " + dropLast(neverOf(t, wikiGTHard, "alphabeta:soft:gt")), "never"}},
		{FailConfused, // fail-soft's quiz, fail-hard's list
			answer{"wikipedia", "alphabeta:soft:gt", "never " + neverOf(t, wikiGTSoft, "alphabeta:hard:gt"), "never"},
			answer{"wikipedia", "alphabeta:soft:gt", "never 1.1.2.3 3.2.2.1", "never"}},
		{FailConfused, // a value, both ways
			answer{"aima", "alphabeta:soft", "at 2: <=3", "at 2"},
			answer{"aima", "alphabeta:soft", "at 2: <=4", "at 2"}},
		{FailConfused,
			answer{"aima", "alphabeta:hard", "at 2: <=2", "at 2"},
			answer{"aima", "alphabeta:hard", "at 2: <=1", "at 2"}},
		{DeepMissed,
			answer{deepTree, "alphabeta", "never " + neverOf(t, deepAB, "branch-bound"), "never"},
			answer{deepTree, "alphabeta", "never 2.2", "never"}},
		{DeepMissed,
			answer{deepTree, "alphabeta", "window 2.1.1: (-inf, inf)", "window 2.1.1"},
			answer{deepTree, "alphabeta", "window 2.1.1: (-inf, 9)", "window 2.1.1"}},
		{DeepInBranchBound,
			answer{deepTree, "branch-bound", "never " + neverOf(t, deepBB, "alphabeta:soft"), "never"},
			answer{deepTree, "branch-bound", "never 2.1.1.2 2.2", "never"}},
		{DeepInBranchBound,
			answer{deepTree, "branch-bound", "window 2.1.1: (5, inf)", "window 2.1.1"},
			answer{deepTree, "branch-bound", "window 2.1.1: (4, inf)", "window 2.1.1"}},
		{WindowNotPassed,
			answer{"aima", "alphabeta", "never " + mutantNever(t, aima, "root"), "never"},
			answer{"aima", "alphabeta", "never 2.3", "never"}},
		{WindowNotPassed,
			answer{"aima", "alphabeta", "window 2: (-inf, inf)", "window 2"},
			answer{"aima", "alphabeta", "window 2: (-inf, 4)", "window 2"}},
		{BoundAsExact,
			answer{"aima", "alphabeta", "at 2: 2", "at 2"},
			answer{"aima", "alphabeta", "at 2: 1", "at 2"}},
		{BoundAsExact,
			answer{"aima", "alphabeta", "at 2: 3", "at 2"},
			answer{"aima", "alphabeta", "at 2: 4", "at 2"}},
		{CutNode, // the leaf that made the cut, with the leaves it cut off
			answer{"aima", "alphabeta", "never 2.1 2.2 2.3", "never"},
			answer{"aima", "alphabeta", "never 2.1 2.2 2.3 3.3", "never"}},
		{CutNode, // the node that cut off, instead of them
			answer{"aima", "alphabeta", "never 2", "never"},
			answer{"aima", "alphabeta", "never 2 3.3", "never"}},
		{PrunedMinimax,
			answer{"aima", "minimax", "never " + neverOf(t, aimaMinimax, "alphabeta"), "never"},
			answer{"aima", "minimax", "never 2.2", "never"}},
		{PrunedMinimax, // alpha-beta's fail-soft bound for minimax's value
			answer{"aima", "minimax", "at 2: <=2", "at 2"},
			answer{"aima", "minimax", "at 2: <=1", "at 2"}},
		{NothingPruned,
			answer{"aima", "alphabeta", "never none", "never"},
			answer{"aima", "alphabeta", "never 3.3", "never"}},
	}
	covered := map[*Misconception]bool{}
	for _, c := range cases {
		covered[c.m] = true
		for _, a := range []answer{c.exact, c.near} {
			it := verdict(t, onTree(t, a.tree, a.algo), a.answer, a.id)
			if got, want := named(it, c.m), a == c.exact; got != want || it.Correct {
				t.Errorf("%s %s %q: %s named %v, want %v (correct %v): %+v", a.tree, a.algo, a.answer, c.m.ID, got, want, it.Correct, it.Mistakes)
			}
		}
	}
	// The audit's case: fail-soft's list in a fail-hard quiz under the
	// strict rule is no tie pruned, nor a deep cutoff missed (branch and
	// bound gives that list too, by not clamping).
	it := verdict(t, wikiGTHard, "value 6; best 2; never 1.1.2.3 3.2.1.1 3.2.1.2 3.2.2.1", "never")
	if !named(it, FailConfused) || named(it, TiePruned) || named(it, DeepMissed) || len(it.Mistakes) != 1 {
		t.Errorf("wikipedia hard gt, fail-soft's list: %+v", it.Mistakes)
	}
	// Depth off by one, computed from the searches one ply off.
	depth := 0
	for seed := uint64(1); seed <= 10 && depth < 2; seed++ {
		q := generated(t, Gen{Branching: 3, Depth: 4, Max: 9, Seed: seed}, "alphabeta", 2)
		r, err := search(context.Background(), q.ix, q.Opt, 3)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Never) < 2 || labels(r.Never) == labels(q.Key.Never) {
			continue
		}
		depth++
		if it := verdict(t, q, "never "+labels(r.Never), "never"); !named(it, DepthOff) {
			t.Errorf("seed %d: a search one ply deeper's list is not named: %+v", seed, it.Mistakes)
		}
		if it := verdict(t, q, "never "+dropLast(labels(r.Never)), "never"); named(it, DepthOff) {
			t.Errorf("seed %d: a near miss of a deeper search's list is named: %+v", seed, it.Mistakes)
		}
	}
	covered[DepthOff] = depth > 0
	orderAndChanceCases(t, covered)
	for _, m := range Misconceptions() {
		if !covered[m] {
			t.Errorf("misconception %s has no exact case and near miss here", m.ID)
		}
	}
}

// TestNoCutNodeTerm: the quiz never says "cut node" for the node that cut
// off: the move-ordering lesson uses the term in Knuth and Moore's sense (PV,
// cut and all nodes), which is another thing.
func TestNoCutNodeTerm(t *testing.T) {
	var texts []string
	for _, m := range Misconceptions() {
		texts = append(texts, m.Name, m.How)
	}
	q := onTree(t, "aima", "alphabeta", "2")
	r, err := q.Check(context.Background(), mustParse(t, q, "value 3; best 1; never 2; window 2: (-inf, inf); at 2: 2"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	r.WriteText(&b)
	texts = append(texts, b.String())
	_, err = New(context.Background(), Spec{Gen: Gen{Branching: 3, Depth: 3, Max: 9, Seed: 1, DeepCutoff: true}, Opt: spec(t, "alphabeta")})
	texts = append(texts, err.Error())
	for _, s := range texts {
		if strings.Contains(strings.ToLower(s), "cut node") {
			t.Errorf("says \"cut node\": %s", s)
		}
	}
}
