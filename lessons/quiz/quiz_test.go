package quiz

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// spec returns the options of an algorithm spec such as "alphabeta:soft:gt".
func spec(t *testing.T, s string) engine.Options {
	t.Helper()
	o, err := engine.ParseSpec(s, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// onTree makes a quiz on a built-in tree or tree text.
func onTree(t *testing.T, text, algo string, windows ...string) *Quiz {
	t.Helper()
	tr, err := tree.Load(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, algo), At: windows})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// generated makes a quiz on a generated tree.
func generated(t *testing.T, g Gen, algo string, horizon int) *Quiz {
	t.Helper()
	q, err := New(context.Background(), Spec{Gen: g, Opt: spec(t, algo), Horizon: horizon})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestTextbookKeys: the keys of the textbook trees are the answers
// ../shared/data/trees.md gives.
func TestTextbookKeys(t *testing.T) {
	for _, c := range []struct {
		tree, algo, value, best, never string
	}{
		{"aima", "alphabeta:hard:ge", "3", "1", "2.2 2.3"},
		{"aima", "alphabeta:soft:ge", "3", "1", "2.2 2.3"},
		{"aima", "alphabeta:soft:gt", "3", "1", "2.2 2.3"},
		{"aima", "minimax", "3", "1", "none"},
		{"wikipedia", "alphabeta:hard:ge", "6", "2", "1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1"},
		{"wikipedia", "alphabeta:soft:ge", "6", "2", "1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1"},
		{"wikipedia", "alphabeta:soft:gt", "6", "2", "1.1.2.3 3.2.1.1 3.2.1.2 3.2.2.1"},
		{"wikipedia", "negamax", "6", "2", "none"},
	} {
		q := onTree(t, c.tree, c.algo)
		got := fmt.Sprintf("%s %s %s", q.expected(Question{Kind: Value}), q.expected(Question{Kind: Best}), q.expected(Question{Kind: Never}))
		if want := c.value + " " + c.best + " " + c.never; got != want {
			t.Errorf("%s %s: key %q, want %q", c.tree, c.algo, got, want)
		}
		r, err := q.Check(context.Background(), mustParse(t, q, "value "+c.value+"; best "+c.best+"; never "+c.never))
		if err != nil || !r.AllCorrect() {
			t.Errorf("%s %s: the textbook answer is not accepted: %v %+v", c.tree, c.algo, err, r)
		}
	}
}

// TestMinimalTree: on best-ordered trees the key leaves exactly the leaves
// outside Knuth and Moore's minimal tree unevaluated.
func TestMinimalTree(t *testing.T) {
	for _, bd := range [][2]int{{2, 3}, {3, 3}, {2, 4}, {3, 4}} {
		b, d := bd[0], bd[1]
		tr, err := tree.Ordered(b, d, 1, 999, uint64(b*d))
		if err != nil {
			t.Fatal(err)
		}
		q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, "alphabeta")})
		if err != nil {
			t.Fatal(err)
		}
		all := int(math.Pow(float64(b), float64(d)))
		minimal := int(math.Pow(float64(b), math.Ceil(float64(d)/2)) + math.Pow(float64(b), math.Floor(float64(d)/2)) - 1)
		if got := len(q.Key.Never); got != all-minimal {
			t.Errorf("b=%d d=%d: %d leaves never evaluated, want %d", b, d, got, all-minimal)
		}
	}
}

// TestKeyAgreesWithMinimax: on random trees, to the leaves and to a
// horizon, the key's root value is the minimax value, and the best move is
// worth it.
func TestKeyAgreesWithMinimax(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		for _, algo := range []string{"alphabeta:hard:ge", "alphabeta:soft:gt", "branch-bound", "negamax"} {
			q := generated(t, Gen{Branching: 3, Depth: 3, Min: 0, Max: 9, Seed: seed}, algo, int(seed%3))
			if q.Key.Value != q.exact.Value {
				t.Fatalf("seed %d %s: key value %d, minimax %d", seed, algo, q.Key.Value, q.exact.Value)
			}
			if q.exact.Visits[q.Key.Best].Value != q.exact.Value {
				t.Fatalf("seed %d %s: best move %s is not worth the root's value", seed, algo, label(q.Key.Best))
			}
			if !q.Opt.Algo.Prunes() && len(q.Key.Never) > 0 {
				t.Fatalf("seed %d %s: %s never evaluated", seed, algo, labels(q.Key.Never))
			}
		}
	}
}

// TestSeedsAreReproducible: the same flags and seed give the same tree and
// questions; another seed another tree.
func TestSeedsAreReproducible(t *testing.T) {
	g := Gen{Branching: 3, Depth: 3, Min: 0, Max: 9, Seed: 42}
	a := generated(t, g, "alphabeta", 0)
	b := generated(t, g, "alphabeta", 0)
	if tree.Format(a.Tree) != tree.Format(b.Tree) || a.Attempt != 0 {
		t.Errorf("seed 42 gave two trees:\n%s\n%s", tree.Format(a.Tree), tree.Format(b.Tree))
	}
	g.Seed = 43
	if c := generated(t, g, "alphabeta", 0); tree.Format(c.Tree) == tree.Format(a.Tree) {
		t.Error("seeds 42 and 43 gave the same tree")
	}
	seen := map[uint64]bool{}
	for i := range 1000 {
		s := SubSeed(7, i)
		if seen[s] {
			t.Fatalf("sub-seed %d of 7 repeats", i)
		}
		seen[s] = true
	}
}

// TestConstraintsAreMetDeterministically: --min-cutoffs and --deep-cutoff
// draw trees from derived seeds until the search has what is asked, always
// the same tree for the same flags; the tree of the seed itself is taken
// when it meets them already.
func TestConstraintsAreMetDeterministically(t *testing.T) {
	for seed := uint64(1); seed <= 12; seed++ {
		g := Gen{Branching: 2, Depth: 4, Min: 0, Max: 9, Seed: seed, MinCutoffs: 3, DeepCutoff: true}
		a := generated(t, g, "alphabeta", 0)
		if a.Key.Cutoffs < 3 || a.ix.deepCutoffs(a.Key) == 0 {
			t.Errorf("seed %d: %d cutoffs, %d deep", seed, a.Key.Cutoffs, a.ix.deepCutoffs(a.Key))
		}
		b := generated(t, g, "alphabeta", 0)
		if tree.Format(a.Tree) != tree.Format(b.Tree) || a.Attempt != b.Attempt || a.TreeSeed != SubSeed(seed, a.Attempt) {
			t.Errorf("seed %d: not reproducible (attempts %d and %d)", seed, a.Attempt, b.Attempt)
		}
		plain := generated(t, Gen{Branching: 2, Depth: 4, Min: 0, Max: 9, Seed: a.TreeSeed}, "alphabeta", 0)
		if tree.Format(plain.Tree) != tree.Format(a.Tree) {
			t.Errorf("seed %d: the tree met is not the tree of its sub-seed", seed)
		}
		// Every tree drawn before it fails the constraints.
		for i := 0; i < a.Attempt; i++ {
			p := generated(t, Gen{Branching: 2, Depth: 4, Min: 0, Max: 9, Seed: SubSeed(seed, i)}, "alphabeta", 0)
			if p.Key.Cutoffs >= 3 && p.ix.deepCutoffs(p.Key) > 0 {
				t.Errorf("seed %d: attempt %d already met the constraints, attempt %d was taken", seed, i, a.Attempt)
			}
		}
	}
}

// TestDeepCutoffIsKnuthMoores: the deep cutoff of a hand-made tree is found,
// its bound traced to the root; a cutoff by the parent is not deep.
func TestDeepCutoffIsKnuthMoores(t *testing.T) {
	q := onTree(t, deepTree, "alphabeta")
	n := q.Find("2.1.1")
	if v := q.Key.Visits[n]; v == nil || v.Cut == nil || !q.ix.deep(q.Key, n) {
		t.Fatalf("2.1.1 should cut deep: %+v", v)
	}
	if setter, by := q.ix.source(q.Key, n, true); setter != q.Tree.Root || by != q.Find("1") {
		t.Errorf("the bound of 2.1.1 comes from %v (by %v), want the root by 1", setter, by)
	}
	aima := onTree(t, "aima", "alphabeta")
	if aima.ix.deepCutoffs(aima.Key) != 0 {
		t.Error("aima has no deep cutoff")
	}
	if bb := onTree(t, deepTree, "branch-bound"); bb.ix.deepCutoffs(bb.Key) != 0 || labels(bb.Key.Never) != "none" {
		t.Errorf("branch and bound cut deep: never %s", labels(bb.Key.Never))
	}
}

// deepTree has one deep cutoff: 2.1.1 is searched with α 5 from the root, two
// plies above its parent, and its first leaf 3 cuts 2.1.1.2 off.
const deepTree = "(5 (((3 9) 8) 1))"

// TestImpossibleConstraints: constraints no tree can meet are refused with
// the flag named, at once or after the bounded attempts.
func TestImpossibleConstraints(t *testing.T) {
	for _, c := range []struct {
		g     Gen
		algo  string
		where string
	}{
		{Gen{Branching: 3, Depth: 1, Max: 9, Seed: 1, DeepCutoff: true}, "alphabeta", "--deep-cutoff"},
		{Gen{Branching: 3, Depth: 3, Max: 9, Seed: 1, DeepCutoff: true}, "alphabeta", "--deep-cutoff"},
		{Gen{Branching: 3, Depth: 5, Max: 9, Seed: 1, DeepCutoff: true}, "branch-bound", "--deep-cutoff"},
		{Gen{Branching: 3, Depth: 3, Max: 9, Seed: 1, MinCutoffs: 1}, "minimax", "--min-cutoffs"},
		{Gen{Branching: 2, Depth: 2, Max: 9, Seed: 1, MinCutoffs: 2}, "alphabeta", "--min-cutoffs"},
		// All leaves equal: with no pruning on ties nothing is ever cut,
		// which only the attempts find out.
		{Gen{Branching: 2, Depth: 3, Min: 4, Max: 4, Seed: 1, MinCutoffs: 1}, "alphabeta:gt", "--min-cutoffs"},
		{Gen{Branching: 40, Depth: 2, Max: 9, Seed: 1}, "alphabeta", "--branching"},
		{Gen{Branching: 3, Depth: 0, Max: 9, Seed: 1}, "alphabeta", "--depth"},
		{Gen{Branching: 3, Depth: 2, Min: 5, Max: 1, Seed: 1}, "alphabeta", "--min"},
	} {
		_, err := New(context.Background(), Spec{Gen: c.g, Opt: spec(t, c.algo)})
		qe, ok := err.(*Error)
		if !ok || qe.Where != c.where {
			t.Errorf("%+v %s: %v, want an error about %s", c.g, c.algo, err, c.where)
		}
	}
	_, err := New(context.Background(), Spec{Gen: Gen{Branching: 2, Depth: 3, Min: 4, Max: 4, Seed: 1, MinCutoffs: 1}, Opt: spec(t, "alphabeta:gt")})
	if err == nil || !strings.Contains(err.Error(), "1000 attempts") {
		t.Errorf("the attempts are not said: %v", err)
	}
}

// TestChosenNodes: --ask-windows chooses two or three nodes, always the same,
// nodes that cut off first; --at asks about the nodes named.
func TestChosenNodes(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		q, err := New(context.Background(), Spec{Gen: Gen{Branching: 3, Depth: 3, Max: 9, Seed: seed}, Opt: spec(t, "alphabeta"), AskWindows: true})
		if err != nil {
			t.Fatal(err)
		}
		q2, _ := New(context.Background(), Spec{Gen: Gen{Branching: 3, Depth: 3, Max: 9, Seed: seed}, Opt: spec(t, "alphabeta"), AskWindows: true})
		if n := len(q.Questions); n < 3+4 || n > 3+6 || q.Example() != q2.Example() {
			t.Errorf("seed %d: questions %s", seed, q.Example())
		}
		cut := false
		for _, qu := range q.Questions[3:] {
			cut = cut || q.Key.Visits[qu.Node].Cut != nil
		}
		if q.Key.Cutoffs > 0 && !cut {
			t.Errorf("seed %d: a node cut off but none that did is asked about: %s", seed, q.Example())
		}
	}
	q := onTree(t, "aima", "alphabeta", "2", "3.1")
	if got := q.Example(); got != "value V; best MOVE; never LEAF LEAF ...; window 2: (A, B); at 2: V; window 3.1: (A, B); at 3.1: V" {
		t.Errorf("--at 2,3.1: %s", got)
	}
	if _, err := New(context.Background(), Spec{Tree: q.Tree, Opt: spec(t, "alphabeta"), At: []string{"7.7"}}); err == nil || !strings.Contains(err.Error(), `"7.7"`) {
		t.Errorf("--at 7.7: %v", err)
	}
	if m := onTree(t, "aima", "minimax", "2"); m.Example() != "value V; best MOVE; never LEAF LEAF ...; at 2: V" {
		t.Errorf("minimax asks for a window: %s", m.Example())
	}
}

// TestWriters: the quiz, its key and the JSON key name every node by its path
// and carry the key's answers.
func TestWriters(t *testing.T) {
	q := onTree(t, "wikipedia", "alphabeta", "2.1.2")
	var quiz, key, js bytes.Buffer
	q.WriteQuiz(&quiz)
	q.WriteKey(&key)
	if err := q.WriteKeyJSON(&js); err != nil {
		t.Fatal(err)
	}
	for _, n := range q.ix.nodes {
		if !strings.Contains(quiz.String(), label(n)) || !strings.Contains(key.String(), label(n)) || !strings.Contains(js.String(), `"`+label(n)+`"`) {
			t.Errorf("node %s is missing", label(n))
		}
	}
	for _, want := range []string{"MAX root", "MIN 1", "MIN 2.1.2: 2.1.2.1 = 6 · 2.1.2.2 = 9", "cut when a value reaches the bound"} {
		if !strings.Contains(quiz.String(), want) {
			t.Errorf("quiz lacks %q:\n%s", want, quiz.String())
		}
	}
	if !strings.Contains(key.String(), "as an answer: value 6; best 2; never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1; window 2.1.2: (6, +inf); at 2.1.2: <=6") {
		t.Errorf("key:\n%s", key.String())
	}
	if !strings.Contains(js.String(), `"answer": "value 6; best 2;`) {
		t.Errorf("JSON key:\n%s", js.String())
	}
	// The key line is an answer the checker accepts in full.
	r, err := q.Check(context.Background(), mustParse(t, q, q.KeyLine()))
	if err != nil || !r.AllCorrect() {
		t.Errorf("the key line is not accepted: %v", err)
	}
}

func mustParse(t *testing.T, q *Quiz, answer string) *Answers {
	t.Helper()
	a, err := q.ParseAnswers(answer, "--answer")
	if err != nil {
		t.Fatalf("%q: %v", answer, err)
	}
	return a
}
