package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// verdict checks an answer and returns the item about question id.
func verdict(t *testing.T, q *Quiz, answer, id string) *Item {
	t.Helper()
	r, err := q.Check(context.Background(), mustParse(t, q, answer))
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range r.Items {
		if it.ID() == id {
			return it
		}
	}
	t.Fatalf("%q: no verdict on %s", answer, id)
	return nil
}

// TestEachMisconception: an answer made with each mistake is wrong and the
// explanation names the misconception and the nodes and values involved.
func TestEachMisconception(t *testing.T) {
	cases := []struct {
		name, tree, algo, answer, id string
		want                         *Misconception
		mentions                     []string
	}{
		{"tie pruned under gt", "wikipedia", "alphabeta:soft:gt", "never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1", "never", TiePruned,
			[]string{"2.1.2.2 is evaluated", "MIN node 2.1.2", "(6, +∞)", "6 = α 6 (a tie)"}},
		{"tie not pruned under ge", "wikipedia", "alphabeta:soft:ge", "never 1.1.2.3 3.2.1.1 3.2.1.2 3.2.2.1", "never", TieNotPruned,
			[]string{"2.1.2.2 is never evaluated", "2.1.2.1 returned 6 = α 6"}},
		{"window not passed: leaves", "aima", "alphabeta", "never none", "never", WindowNotPassed,
			[]string{"2.2 and 2.3", "α 3 comes from the root", "its move 1 returned 3", "(−∞, +∞)"}},
		{"window not passed: one node of several", "wikipedia", "alphabeta", "never 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1", "never", WindowNotPassed,
			[]string{"1.1.2.3", "MAX node 1.1", "1.1.1 returned 5", "when 1.1 passes its own window"}},
		{"window not passed: window", "aima", "alphabeta", "window 2: (-inf, +inf)", "window 2", WindowNotPassed,
			[]string{"move 2 is searched with (3, +∞)", "α rose to 3", "the root passes its own window (−∞, +∞)"}},
		{"deep cutoff missed: leaves", deepTree, "alphabeta", "never none", "never", DeepMissed,
			[]string{"2.1.1.2", "deep cutoff", "α 5 comes from the root", "passed down to 2.1.1"}},
		{"deep cutoff missed: window", deepTree, "alphabeta", "window 2.1.1: (-inf, +inf)", "window 2.1.1", DeepMissed,
			[]string{"(5, +∞)", "α 5 comes from the root"}},
		{"bound as exact: minimax value", "aima", "alphabeta", "at 2: 2", "at 2", BoundAsExact,
			[]string{"2 is the true value of MIN node 2", "never proved it", "2.1 returned 2 < α 3", "≤3"}},
		{"bound as exact: the bound's number", "aima", "alphabeta", "at 2: 3", "at 2", BoundAsExact,
			[]string{"3 is only a bound here, not the value of MIN node 2", "which is 2", "≤3"}},
		{"fail-hard bound in a fail-soft quiz", "aima", "alphabeta:soft", "at 2: <=3", "at 2", FailConfused,
			[]string{"≤3 is fail-hard's answer", "fail-soft", "≤2"}},
		{"fail-soft bound in a fail-hard quiz", "aima", "alphabeta:hard", "at 2: <=2", "at 2", FailConfused,
			[]string{"≤2 is fail-soft's answer", "fail-hard clamps that 2"}},
		{"the leaf that cut", "aima", "alphabeta", "never 2.1 2.2 2.3", "never", CutNode,
			[]string{"2.1 was evaluated", "what made 2 stop", "2.2 and 2.3"}},
		{"the node that cut off", "aima", "alphabeta", "never 2", "never", CutNode,
			[]string{"2 is the node that cut off", "2.2 and 2.3"}},
		{"pruned in minimax", "aima", "minimax", "never 2.2 2.3", "never", PrunedMinimax,
			[]string{"2.2 and 2.3 are evaluated", "minimax prunes nothing"}},
		{"deep cutoff in branch and bound", deepTree, "branch-bound", "never 2.1.1.2", "never", DeepInBranchBound,
			[]string{"2.1.1.2 is evaluated", "one bound, from its parent only", "α 5 comes from the root"}},
	}
	for _, c := range cases {
		q := onTree(t, c.tree, c.algo)
		it := verdict(t, q, c.answer, c.id)
		if it.Correct {
			t.Errorf("%s: %q is accepted", c.name, c.answer)
			continue
		}
		found := false
		var texts []string
		for _, m := range it.Mistakes {
			texts = append(texts, m.Text)
			if m.Misconception == c.want {
				found = true
				for _, w := range c.mentions {
					if !strings.Contains(m.Text, w) {
						t.Errorf("%s: the explanation does not say %q:\n%s", c.name, w, m.Text)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: %q: misconception %q not named; explanations:\n%s", c.name, c.answer, c.want.ID, strings.Join(texts, "\n"))
		}
	}
}

// TestDepthOffByOne: with a horizon, the answers of a search one ply deeper or
// shallower — computed here by the engine — are recognised as such.
func TestDepthOffByOne(t *testing.T) {
	found := 0
	for seed := uint64(1); seed <= 10; seed++ {
		q := generated(t, Gen{Branching: 3, Depth: 4, Max: 9, Seed: seed}, "alphabeta", 2)
		for _, d := range []int{1, 3} {
			r, err := search(context.Background(), q.ix, q.Opt, d)
			if err != nil {
				t.Fatal(err)
			}
			if r.Value != q.Key.Value {
				it := verdict(t, q, "value "+q.Format(r.Value), "value")
				if len(it.Mistakes) != 1 || it.Mistakes[0].Misconception != DepthOff || !strings.Contains(it.Mistakes[0].Text, "this quiz's 2") {
					t.Errorf("seed %d depth %d: value %d: %+v", seed, d, r.Value, it.Mistakes)
				}
				found++
			}
			if len(r.Never) > 0 && labels(r.Never) != labels(q.Key.Never) {
				it := verdict(t, q, "never "+labels(r.Never), "never")
				if len(it.Mistakes) == 0 || it.Mistakes[0].Misconception != DepthOff {
					t.Errorf("seed %d depth %d: never %s: %+v", seed, d, labels(r.Never), it.Mistakes)
				}
				found++
			}
		}
	}
	if found < 10 {
		t.Errorf("only %d answers of another depth tried", found)
	}
}

// TestRightAnswersAreRight: on random trees under every convention, the key
// itself is accepted in full, and a wrong value is never accepted.
func TestRightAnswersAreRight(t *testing.T) {
	for seed := uint64(1); seed <= 25; seed++ {
		for _, algo := range []string{"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "branch-bound:gt", "minimax"} {
			q, err := New(context.Background(), Spec{Gen: Gen{Branching: 2 + int(seed%2), Depth: 3 + int(seed%2), Max: 9, Seed: seed}, Opt: spec(t, algo), AskWindows: true})
			if err != nil {
				t.Fatal(err)
			}
			r, err := q.Check(context.Background(), mustParse(t, q, q.KeyLine()))
			if err != nil || !r.AllCorrect() {
				var b bytes.Buffer
				r.WriteText(&b)
				t.Fatalf("seed %d %s: the key is not accepted: %v\n%s", seed, algo, err, b.String())
			}
			wrong := verdict(t, q, "value "+q.Format(q.Key.Value+1), "value")
			if wrong.Correct || len(wrong.Mistakes) == 0 {
				t.Fatalf("seed %d %s: a wrong value is accepted", seed, algo)
			}
		}
	}
}

// TestEveryMistakeIsExplained: random wrong answers on random trees get an
// explanation for every wrong verdict, and never a panic.
func TestEveryMistakeIsExplained(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		for _, algo := range []string{"alphabeta", "alphabeta:soft:gt", "branch-bound", "negamax"} {
			q, err := New(context.Background(), Spec{Gen: Gen{Branching: 3, Depth: 3, Max: 5, Seed: seed}, Opt: spec(t, algo), AskWindows: true, Horizon: int(seed % 4)})
			if err != nil {
				t.Fatal(err)
			}
			pts := q.ix.points(q.Depth)
			var never []string
			for i, p := range pts {
				if (i+int(seed))%3 == 0 {
					never = append(never, label(p))
				}
			}
			if len(never) == 0 {
				never = []string{"none"}
			}
			answer := "value " + q.Format(q.Key.Value-1) + "; best " + label(moves(q.Tree.Root)[seed%3]) + "; never " + strings.Join(never, " ")
			for _, qu := range q.Questions[3:] {
				if qu.Kind == Window {
					answer += "; window " + label(qu.Node) + ": (-inf, inf)"
				} else {
					answer += "; at " + label(qu.Node) + ": >=1"
				}
			}
			r, err := q.Check(context.Background(), mustParse(t, q, answer))
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range r.Items {
				if !it.Correct && len(it.Mistakes) == 0 {
					t.Errorf("seed %d %s: %s is wrong without an explanation", seed, algo, it.ID())
				}
				for _, m := range it.Mistakes {
					if m.Text == "" || strings.Contains(m.Text, "%!") {
						t.Errorf("seed %d %s: %s: bad explanation %q", seed, algo, it.ID(), m.Text)
					}
				}
			}
		}
	}
}

// TestBestMoveTies: a root move as good as the one the search keeps is right.
func TestBestMoveTies(t *testing.T) {
	q := onTree(t, "((3 4) (5 2) (3 9))", "alphabeta")
	if it := verdict(t, q, "best 3", "best"); !it.Correct || !strings.Contains(it.Note, "the search keeps 1") {
		t.Errorf("best 3: %+v", it)
	}
	if it := verdict(t, q, "best 2", "best"); it.Correct {
		t.Errorf("best 2 is accepted")
	}
	if it := verdict(t, q, "best 1.1", "best"); it.Correct || !strings.Contains(it.Mistakes[0].Text, "not a root move") {
		t.Errorf("best 1.1: %+v", it)
	}
}

// TestRootMin: a tree whose root is MIN is quizzed from MAX's point of view.
func TestRootMin(t *testing.T) {
	tr, err := tree.Load("aima", nil)
	if err != nil {
		t.Fatal(err)
	}
	tr.RootMin = true
	q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, "alphabeta")})
	if err != nil {
		t.Fatal(err)
	}
	// MIN at the root, MAX below: 1 is worth 12, so 2 is searched with
	// (−∞, 12) and is worth 6; 3 is searched with (−∞, 6) and its first leaf,
	// 14 ≥ β 6, cuts off 3.2 and 3.3.
	if got := q.KeyLine(); got != "value 6; best 2; never 3.2 3.3" {
		t.Errorf("root MIN: %s", got)
	}
	if q.Key.Value != q.exact.Value {
		t.Errorf("root MIN: value %d, minimax %d", q.Key.Value, q.exact.Value)
	}
}

// TestReportJSON: the JSON report has the score, the verdicts in the answer
// syntax and the misconceptions by id.
func TestReportJSON(t *testing.T) {
	q := onTree(t, "aima", "alphabeta", "2")
	r, err := q.Check(context.Background(), mustParse(t, q, "value 3; best 1; never 2.1; window 2: (3, inf); at 2: 2"))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.WriteJSON(&b, q); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Score, Total int
		AllCorrect   bool `json:"all_correct"`
		Questions    []struct {
			ID, Expected string
			Answer       *string
			Correct      bool
			Mistakes     []struct{ Misconception, Explanation string }
		}
		Misconceptions []struct {
			ID        string
			Questions []string
		}
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Score != 3 || got.Total != 5 || got.AllCorrect || len(got.Questions) != 5 {
		t.Errorf("score %d/%d: %s", got.Score, got.Total, b.String())
	}
	if q := got.Questions[4]; q.ID != "at 2" || q.Expected != "<=3" || *q.Answer != "2" || q.Mistakes[0].Misconception != "bound-as-exact" {
		t.Errorf("at 2: %+v", q)
	}
	if len(got.Misconceptions) != 2 || got.Misconceptions[0].ID != "cut-node" || got.Misconceptions[1].Questions[0] != "at 2" {
		t.Errorf("misconceptions: %+v", got.Misconceptions)
	}
}

// TestEngineOptionsIgnored: only the algorithm and its conventions make a
// quiz; other algorithms are refused.
func TestEngineOptionsIgnored(t *testing.T) {
	tr, _ := tree.Load("aima", nil)
	for _, a := range []engine.Algo{engine.PVS, engine.MTDF} {
		if _, err := New(context.Background(), Spec{Tree: tr, Opt: engine.Options{Algo: a}}); err == nil {
			t.Errorf("%s accepted", a)
		}
	}
}

// TestMinimaxHasNoWindow: where an answer is what minimax gives, the clause
// about minimax says what minimax does — it searches every move, with no
// window — never a window or a β it does not have (it said "searched with
// (0, 0) … 7 does not reach β 0").
func TestMinimaxHasNoWindow(t *testing.T) {
	tr, err := tree.Load("wikipedia", nil)
	if err != nil {
		t.Fatal(err)
	}
	tr.RootMin = true
	q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, "alphabeta")})
	if err != nil {
		t.Fatal(err)
	}
	it := verdict(t, q, "value 6; best 1; never none", "never")
	if !named(it, NothingPruned) {
		t.Fatalf("never none is not named %s: %+v", NothingPruned.ID, it.Mistakes)
	}
	for _, m := range it.Mistakes {
		if m.Misconception != NothingPruned {
			continue
		}
		if strings.Contains(m.Text, "(0, 0)") || strings.Contains(m.Text, "β 0") || strings.Contains(m.Text, "α 0") {
			t.Errorf("minimax is given a window: %s", m.Text)
		}
		if !strings.Contains(m.Text, "minimax searches every move of MAX node") || !strings.Contains(m.Text, "with no window") {
			t.Errorf("the minimax clause does not say what minimax does: %s", m.Text)
		}
	}
}

// TestSubtreeRootsAccepted: where the leaves never evaluated are asked, a
// subtree the search never entered may be named by its root, alone or
// mixed with leaves, as long as the whole names exactly the leaves never
// evaluated (it was graded as the node that cut off confused with the
// never-searched subtree); a node the search entered is no such root.
func TestSubtreeRootsAccepted(t *testing.T) {
	w := onTree(t, "wikipedia", "alphabeta") // never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1; 3.2 never entered
	for _, c := range []struct {
		answer string
		right  bool
		note   string
	}{
		{"never 1.1.2.3 2.1.2.2 3.2", true, "3.2 for 3.2.1.1, 3.2.1.2 and 3.2.2.1"},
		{"never 1.1.2.3 2.1.2.2 3.2.1 3.2.2", true, "3.2.1 for 3.2.1.1 and 3.2.1.2; 3.2.2 for 3.2.2.1"},
		{"never 1.1.2.3 2.1.2.2 3.2.1 3.2.2.1", true, "3.2.1 for 3.2.1.1 and 3.2.1.2"},
		{"never 1.1.2.3 2.1.2.2 3.2 3.2.1.1", true, "3.2 for"},
		{"never 1.1.2.3 2.1.2.2 3.2.1.1 3.2.1.2 3.2.2.1", true, ""},
		{"never 2.1.2.2 3.2", false, "3.2 for"},
		{"never 1.1.2.3 2.1.2.2 3.2 1.2", false, "3.2 for"},
	} {
		it := verdict(t, w, c.answer, "never")
		if it.Correct != c.right || !strings.Contains(it.Note, c.note) || (c.note == "") != (it.Note == "") {
			t.Errorf("wikipedia %q: correct %v, note %q; want %v and a note with %q", c.answer, it.Correct, it.Note, c.right, c.note)
		}
		for _, m := range it.Mistakes {
			if m.Misconception == CutNode {
				t.Errorf("wikipedia %q: %s named: %s", c.answer, CutNode.ID, m.Text)
			}
		}
	}
	it := verdict(t, w, "never 1.1.2.3 2.1.2.2 3.2 1.2", "never")
	if len(it.Mistakes) == 0 || !strings.Contains(it.Mistakes[0].Text, "1.2 is an inner node the search entered, with (−∞, 5)") || !strings.Contains(it.Mistakes[0].Text, "1.2.1.1 below it was evaluated") {
		t.Errorf("wikipedia never ... 1.2: %+v", it.Mistakes)
	}
	// The case: AIMA with a MIN root, whose never-searched 3.2 and
	// 3.3 are leaves; and a chance quiz, where a subtree a chance cut left
	// is named by its root.
	rm := onTreeRootMin(t, "aima", "alphabeta")
	if it := verdict(t, rm, "never 3.2 3.3", "never"); !it.Correct {
		t.Errorf("aima, root MIN, never 3.2 3.3: %+v", it.Mistakes)
	}
	ch := onSpec(t, "(9 ((1 2) (3 4))[chance])", "star1", Spec{Bounds: "1,9"})
	if got := labels(ch.Key.Never); got != "2.1.1 2.1.2 2.2.1 2.2.2" {
		t.Fatalf("(9 ((1 2) (3 4))[chance]) star1 1,9: never %s", got)
	}
	if it := verdict(t, ch, "never 2.1 2.2", "never"); !it.Correct {
		t.Errorf("chance never 2.1 2.2: %+v", it.Mistakes)
	}
}
