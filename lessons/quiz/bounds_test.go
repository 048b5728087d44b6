package quiz

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
)

// conventions are every convention the quiz asks about with windows.
var conventions = []string{"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "branch-bound:ge", "branch-bound:gt"}

// textbook is the bound rule as a student applies it, from MAX's point of
// view: a leaf's value (or a static evaluation) is exact, whatever its
// window; an inner node's value at or above β is a lower bound, at or below
// α an upper bound, strictly inside the window exact. On an empty window
// (α = β) a clamped value is no bound, and a fail-soft one is a bound for
// the side to move: a lower bound at a MAX node, an upper bound at a MIN
// node.
func textbook(v *Visit, isMax, clamped bool) score.Bound {
	switch {
	case v.Evaluated:
		return score.Exact
	case v.Alpha == v.Beta && v.Value == v.Alpha && clamped:
		return score.NoBound
	case v.Alpha == v.Beta && v.Value == v.Alpha && isMax:
		return score.Lower
	case v.Alpha == v.Beta && v.Value == v.Alpha:
		return score.Upper
	case v.Value >= v.Beta:
		return score.Lower
	case v.Value <= v.Alpha:
		return score.Upper
	}
	return score.Exact
}

// textbookTrees are trees the bound rule is checked on: the textbook ones,
// a MIN root whose node 2.1 returns 7 ≥ β 6 with nothing cut, and random
// ones with a MIN root now and then.
func textbookTrees(t *testing.T) []*tree.Tree {
	t.Helper()
	var out []*tree.Tree
	for _, text := range []string{"aima", "wikipedia", deepTree, "((6) ((7)))", "((3 4) (5 2) (3 9))"} {
		tr, err := tree.Load(text, nil)
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = text == "((6) ((7)))"
		out = append(out, tr)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		tr, err := tree.Random(2+int(seed%3), 2+int(seed%3), 0, 5, seed)
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%4 == 0
		out = append(out, tr)
	}
	return out
}

// TestBoundsAreTextbook: the key and the student model label every value by
// the textbook rule, from the window the node was searched with, under every
// convention — not by what the search happens to have proved.
func TestBoundsAreTextbook(t *testing.T) {
	for _, tr := range textbookTrees(t) {
		ix := newIndex(tr)
		for _, sp := range conventions {
			opt := spec(t, sp)
			key, err := search(context.Background(), ix, opt, ix.height)
			if err != nil {
				t.Fatal(err)
			}
			model, err := mistaken(ix, opt, ix.height, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			mutant, err := mistaken(ix, opt, ix.height, map[*tree.Node]bool{tr.Root: true}, nil)
			if err != nil {
				t.Fatal(err)
			}
			clamped := opt.Algo == engine.AlphaBeta && opt.Fail == engine.FailHard
			for name, r := range map[string]*Run{"key": key, "model": model, "mutant": mutant} {
				for _, n := range r.Order {
					v := r.Visits[n]
					if want := textbook(v, ix.max[n], clamped); v.Bound != want {
						t.Fatalf("%s %s %s: %s searched with %s returned %d labelled %s, want %s", tree.Format(tr), sp, name, label(n),
							"("+score.Number(v.Alpha, 1, 0)+", "+score.Number(v.Beta, 1, 0)+")", v.Value, v.Bound, want)
					}
				}
			}
		}
	}
	// The audit's cases: 2.1 returns 7 with nothing cut, but 7 ≥ β 6.
	q := onTreeRootMin(t, "((6) ((7)))", "alphabeta:soft", "2.1")
	if got := q.expected(Question{Kind: At, Node: q.Find("2.1")}); got != "≥7" {
		t.Errorf("((6) ((7))), root MIN, fail-soft: 2.1 returns %s, want ≥7", got)
	}
	w := onTree(t, "wikipedia", "alphabeta:soft", "2.2")
	if got := w.expected(Question{Kind: At, Node: w.Find("2.2")}); got != "≥7" {
		t.Errorf("wikipedia fail-soft: 2.2 returns %s, want ≥7", got)
	}
}

// onTreeRootMin makes a quiz on a tree whose root is MIN.
func onTreeRootMin(t *testing.T, text, algo string, windows ...string) *Quiz {
	t.Helper()
	tr, err := tree.Load(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr.RootMin = true
	q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, algo), At: windows})
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestTextbookStudentIsRight: a student who answers every node's value by
// the textbook rule is never marked wrong, under every convention: where
// the rule cannot decide (a value clamped onto an empty window) the number
// is right with any bound or none; a leaf's value is exact, and the bound
// the rule makes of it (both, on both edges of an empty window) is right
// too; each such answer other than the key's carries a note that says why
// it is accepted.
func TestTextbookStudentIsRight(t *testing.T) {
	undecided, leaves := 0, 0
	for _, tr := range textbookTrees(t) {
		for _, sp := range conventions {
			q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, sp)})
			if err != nil {
				t.Fatal(err)
			}
			clamped := q.Opt.Algo == engine.AlphaBeta && q.Opt.Fail == engine.FailHard
			for _, n := range q.Key.Order {
				v := q.Key.Visits[n]
				var answers []score.Bound
				switch want := textbook(v, q.ix.max[n], clamped); {
				case want == score.NoBound:
					answers = []score.Bound{score.Exact, score.Upper, score.Lower}
					undecided++
				case v.Evaluated:
					// A leaf's value is exact; the rule makes a bound of it
					// at or past an edge (both bounds on both edges of an
					// empty window).
					answers = []score.Bound{score.Exact}
					if v.Value <= v.Alpha {
						answers = append(answers, score.Upper)
					}
					if v.Value >= v.Beta {
						answers = append(answers, score.Lower)
					}
					if len(answers) == 3 {
						leaves++
					}
				default:
					answers = []score.Bound{want}
				}
				for _, b := range answers {
					answer := "at " + label(n) + ": " + q.asciiBounded(v.Value, b)
					it := verdict(t, q, answer, "at "+label(n))
					if !it.Correct {
						t.Fatalf("%s %s: %q is marked wrong (key %s): %+v", tree.Format(tr), sp, answer, it.Expected, it.Mistakes)
					}
					if q.asciiBounded(v.Value, b) != q.expectedASCII(Question{Kind: At, Node: n}) && it.Note == "" {
						t.Errorf("%s %s: %q is accepted without a note saying why", tree.Format(tr), sp, answer)
					}
				}
			}
		}
	}
	if undecided == 0 || leaves == 0 {
		t.Errorf("%d values on empty windows, %d leaves on the edge of an empty window: the trees do not test what they should", undecided, leaves)
	}
}

// TestLeavesAreExact: a leaf's value is exact, whatever its window, as
// AIMA's, CS188's and Wikipedia's keys give it (it was labelled by the rule
// like an inner node's: "≥6, not 6" for Wikipedia's 1.1.1.2); the bound the
// rule makes of it is accepted too, with a note.
func TestLeavesAreExact(t *testing.T) {
	for _, c := range []struct {
		tree, algo, leaf, value, rule string
	}{
		{"aima", "alphabeta", "2.1", "2", "<=2"},          // 2 ≤ α 3
		{"wikipedia", "alphabeta", "1.1.1.2", "6", ">=6"}, // 6 ≥ β 5
		{"wikipedia", "alphabeta:soft:gt", "1.1.1.2", "6", ">=6"},
		{"wikipedia", "branch-bound", "1.1.1.2", "6", ">=6"},
	} {
		q := onTree(t, c.tree, c.algo, c.leaf)
		if got := q.expectedASCII(Question{Kind: At, Node: q.Find(c.leaf)}); got != c.value {
			t.Errorf("%s %s: leaf %s returns %s in the key, want %s", c.tree, c.algo, c.leaf, got, c.value)
		}
		var key bytes.Buffer
		q.WriteKey(&key)
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(c.leaf) + `\s+leaf\s+\(\S+, \S+\)\s+` + c.value + `$`).MatchString(key.String()) {
			t.Errorf("%s %s: the key's row of leaf %s does not give its value %s:\n%s", c.tree, c.algo, c.leaf, c.value, key.String())
		}
		if it := verdict(t, q, "at "+c.leaf+": "+c.value, "at "+c.leaf); !it.Correct || it.Note != "" {
			t.Errorf("%s %s at %s: %s: %+v", c.tree, c.algo, c.leaf, c.value, it)
		}
		it := verdict(t, q, "at "+c.leaf+": "+c.rule, "at "+c.leaf)
		if !it.Correct || !strings.Contains(it.Note, "is exact (a leaf's own value), whatever its window") {
			t.Errorf("%s %s at %s: %s: %+v", c.tree, c.algo, c.leaf, c.rule, it)
		}
		other := ">="
		if c.rule[0] == '>' {
			other = "<="
		}
		if it := verdict(t, q, "at "+c.leaf+": "+other+c.value, "at "+c.leaf); it.Correct {
			t.Errorf("%s %s at %s: %s%s, a bound the rule does not make, is accepted", c.tree, c.algo, c.leaf, other, c.value)
		}
	}
}

// TestBoundRuleIsStated: a quiz that asks for returned values, and every
// key of a search that prunes, states the rule its answers follow, with the
// empty window's case under the strict cutoff rule.
func TestBoundRuleIsStated(t *testing.T) {
	for _, c := range []struct {
		algo  string
		empty string
	}{
		{"alphabeta", ""},
		{"alphabeta:hard:gt", "no bound"},
		{"alphabeta:soft:gt", "≥ at MAX, ≤ at MIN"},
		{"branch-bound:gt", "≥ at MAX, ≤ at MIN"},
	} {
		q := onTree(t, "aima", c.algo, "2")
		var quiz, key strings.Builder
		q.WriteQuiz(&quiz)
		q.WriteKey(&key)
		for _, s := range []string{quiz.String(), key.String()} {
			if !strings.Contains(s, "an upper bound (≤) at or below the node's α, a lower bound (≥) at or above its β, exact strictly inside its window") ||
				(c.empty != "") != strings.Contains(s, "tie window") || !strings.Contains(s, c.empty) {
				t.Errorf("%s: the rule is not stated as it should be:\n%s", c.algo, s)
			}
		}
	}
	var quiz strings.Builder
	onTree(t, "aima", "minimax", "2").WriteQuiz(&quiz)
	if strings.Contains(quiz.String(), "upper bound") {
		t.Errorf("minimax's values are all exact, yet a bound rule is stated:\n%s", quiz.String())
	}
}
