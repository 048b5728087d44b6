package quiz

import (
	"bytes"
	"context"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace/explain"
)

// onSpec makes a quiz on tree text with the spec's algorithm, bounds and
// child order.
func onSpec(t *testing.T, text, algo string, s Spec) *Quiz {
	t.Helper()
	tr, err := tree.Load(text, nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Tree, s.Opt = tr, spec(t, algo)
	q, err := New(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// The chance trees of the tests: AIMA's figure of a chance layer below MAX,
// and one whose probabilities are written.
const (
	chanceTreeText = "((3 12)[chance] (2 4)[chance] (14 5 2)[chance])"
	weightedText   = "((3[p=1/4] 12[p=3/4])[chance] (8 1)[chance])"
)

// orderAndChanceCases are the exact cases and near misses of the
// misconceptions of chance nodes and of the right-to-left order, each
// answer computed independently of the checker: the mistaken lists and
// values by the engine on the tree as the mistake has it, written out.
func orderAndChanceCases(t *testing.T, covered map[*Misconception]bool) {
	// Chance nodes taken for MIN nodes: the tree without its marks, searched
	// by alpha-beta and minimax.
	asMinNever := neverOf(t, onTree(t, "((3 12) (2 4) (14 5 2))", "minimax"), "alphabeta")
	asMinValue := onTree(t, "((3 12) (2 4) (14 5 2))", "minimax").Key.Value
	rtlAima := Spec{RightToLeft: true}
	ltrNever := neverOf(t, onTree(t, "aima", "alphabeta"), "alphabeta")
	cases := []struct {
		m           *Misconception
		text, algo  string
		s           Spec
		exact, near string
		id          string
	}{
		{m: ChancePruned, text: chanceTreeText, algo: "expectimax", exact: "never " + asMinNever, near: "never 3.3", id: "never"},
		{m: ChancePruned, text: chanceTreeText, algo: "star1", s: Spec{Bounds: "2,14"}, exact: "never " + asMinNever, near: "never 2.1 2.2", id: "never"},
		{m: ChanceAsPlayer, text: chanceTreeText, algo: "expectimax", exact: "value " + score.Number(asMinValue, 1, 0), near: "value 4", id: "value"},
		{m: ChanceAsPlayer, text: chanceTreeText, algo: "expectimax", exact: "best 3", near: "best 2", id: "best"}, // 3 is the largest outcome's move
		{m: UnweightedAverage, text: weightedText, algo: "expectimax", exact: "value 7.5", near: "value 6.5", id: "value"},
		{m: SearchedLTR, text: "aima", algo: "alphabeta", s: rtlAima, exact: "never " + ltrNever, near: "never 2.3", id: "never"},
		{m: SearchedLTR, text: "aima", algo: "alphabeta", s: Spec{RightToLeft: true, At: []string{"2"}}, exact: "window 2: (3, inf)", near: "window 2: (4, inf)", id: "window 2"},
	}
	for _, c := range cases {
		covered[c.m] = true
		q := onSpec(t, c.text, c.algo, c.s)
		for _, a := range []string{c.exact, c.near} {
			it := verdict(t, q, a, c.id)
			if got, want := named(it, c.m), a == c.exact; got != want || it.Correct {
				t.Errorf("%s %s %+v %q: %s named %v, want %v (correct %v): %+v", c.text, c.algo, c.s, a, c.m.ID, got, want, it.Correct, it.Mistakes)
			}
		}
	}
}

// TestChanceKeys: the keys of chance quizzes, worked out by hand.
func TestChanceKeys(t *testing.T) {
	for _, c := range []struct {
		text, algo, bounds, value, best, never string
	}{
		{chanceTreeText, "expectimax", "", "7.5", "1", "none"},
		{weightedText, "expectimax", "", "9.75", "1", "none"},
		// After 2.1 = 8, chance node 2's average lies in [4.5, 10], not at
		// or below α 9.75: Star1 goes on.
		{weightedText, "star1", "1,12", "9.75", "1", "none"},
		// Before any outcome, chance node 2's average lies in [1, 9] (with
		// 0..9 in [0, 9]), at or below α 9: cut at once; with 0..10, after
		// 2.1 = 1 it lies in [0.5, 5.5].
		{"((9 9)[chance] (1 9)[chance])", "star1", "1,9", "9", "1", "2.1 2.2"},
		{"((9 9)[chance] (1 9)[chance])", "star1", "0,9", "9", "1", "2.1 2.2"},
		{"((9 9)[chance] (1 9)[chance])", "star1", "0,10", "9", "1", "2.2"},
		// The case: after leaf 1 = 3, α 3 is the greatest value
		// there is, so chance node 2 is settled before any outcome.
		{"(3 (1 2)[chance])", "star1", "1,3", "3", "1", "2.1 2.2"},
	} {
		q := onSpec(t, c.text, c.algo, Spec{Bounds: c.bounds})
		got := q.Format(q.Key.Value) + " " + label(q.Key.Best) + " " + labels(q.Key.Never)
		if want := c.value + " " + c.best + " " + c.never; got != want {
			t.Errorf("%s %s %s: key %s, want %s", c.text, c.algo, c.bounds, got, want)
		}
		if it := verdict(t, q, "value "+c.value+"; best "+c.best+"; never "+c.never, "never"); !it.Correct {
			t.Errorf("%s: the key's own list is wrong: %+v", c.text, it.Mistakes)
		}
		// The key is written whole, a chance node cut before any outcome
		// (the bounds settle it at once) included.
		var text, js bytes.Buffer
		q.WriteKey(&text)
		if err := q.WriteKeyJSON(&js); err != nil {
			t.Fatal(err)
		}
		if v := q.Key.Visits[q.Find("2")]; v.Cut != nil && v.Cut.By == nil {
			if !strings.Contains(text.String(), "cut before any outcome is searched: 2.1 2.2 not searched") {
				t.Errorf("%s %s: the key does not say 2 was cut before any outcome:\n%s", c.text, c.bounds, text.String())
			}
			if strings.Contains(js.String(), `"cut_after"`) {
				t.Errorf("%s %s: the JSON key names a move the cut came after:\n%s", c.text, c.bounds, js.String())
			}
		}
	}
	// Fractions and decimals are read exactly, at the tree's units.
	q := onSpec(t, "((1 2 2)[chance] (0 0)[chance])", "expectimax", Spec{})
	for _, a := range []string{"value 5/3", "value 10/6"} {
		if it := verdict(t, q, a, "value"); !it.Correct {
			t.Errorf("%s is 5/3 and marked wrong", a)
		}
	}
	if it := verdict(t, q, "value 1.5", "value"); it.Correct {
		t.Errorf("1.5 is not 5/3 and marked right")
	}
	// A number that is no whole number of the tree's units is read and
	// graded: 1.67 is not 5/3; the plain average 15/2 of a tree in thirds
	// is the unweighted-average mistake (it was refused as unreadable).
	if it := verdict(t, q, "value 1.67", "value"); it.Correct || it.Given != "1.67" {
		t.Errorf("value 1.67: %+v", it)
	}
	thirds := onSpec(t, "((3[p=1/3] 12[p=2/3])[chance] (2[p=1/3] 4[p=2/3])[chance])", "expectimax", Spec{})
	for _, a := range []string{"value 15/2", "value 7.5", "value 7.50"} {
		if it := verdict(t, thirds, a, "value"); it.Correct || !named(it, UnweightedAverage) || !strings.HasPrefix(it.Mistakes[0].Text, "7.5 is the root's value when every chance node takes the plain average") {
			t.Errorf("%s on a tree in thirds: %+v", a, it.Mistakes)
		}
	}
	if it := verdict(t, thirds, "value 9", "value"); !it.Correct {
		t.Errorf("value 9 on a tree in thirds: %+v", it.Mistakes)
	}
}

// TestChanceRefusals: what a chance quiz cannot be is refused, naming the flag.
func TestChanceRefusals(t *testing.T) {
	tr := func(s string) *tree.Tree {
		x, err := tree.Load(s, nil)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, c := range []struct {
		s     Spec
		algo  string
		where string
	}{
		{Spec{Tree: tr(chanceTreeText)}, "alphabeta", "--algo"},
		{Spec{Tree: tr("aima")}, "expectimax", "--tree"},
		{Spec{Tree: tr(chanceTreeText), Bounds: "3,12"}, "star1", "--bounds"},
		{Spec{Tree: tr(chanceTreeText), Bounds: "x"}, "star1", "--bounds"},
		{Spec{Tree: tr(chanceTreeText), Bounds: "0,20"}, "expectimax", "--bounds"},
		{Spec{Tree: tr(chanceTreeText), AskWindows: true}, "expectimax", "--ask-windows"},
		{Spec{Gen: Gen{Branching: 2, Depth: 3, Max: 9, Seed: 1, Chance: true}}, "alphabeta", "--chance"},
		{Spec{Gen: Gen{Branching: 2, Depth: 3, Max: 9, Seed: 1}}, "star1", "--algo"},
		{Spec{Gen: Gen{Branching: 2, Depth: 1, Max: 9, Seed: 1, Chance: true}}, "expectimax", "--depth"},
	} {
		c.s.Opt = spec(t, c.algo)
		_, err := New(context.Background(), c.s)
		var qe *Error
		if err == nil || !errorAs(err, &qe) || qe.Where != c.where {
			t.Errorf("%s %+v: %v, want an error at %s", c.algo, c.s.Gen, err, c.where)
		}
	}
	q := onSpec(t, chanceTreeText, "expectimax", Spec{})
	if _, err := q.ParseAnswers("at 1: 3", "--answer"); err == nil {
		t.Error("a node's value is asked of a chance quiz without complaint")
	}
}

func errorAs(err error, qe **Error) bool {
	e, ok := err.(*Error)
	*qe = e
	return ok
}

var (
	worthRE       = regexp.MustCompile(`so it is worth (\S+)$`)
	whenRE        = regexp.MustCompile(`^(\S+) is the root's value when (every chance node [^;]*?)(?: instead of|, ignoring)`)
	bestWhenRE    = regexp.MustCompile(`(\S+) is the best move when (every chance node [^;]*?)(?: instead of|, ignoring)`)
	listWhenRE    = regexp.MustCompile(`^your list is what alpha-beta leaves unevaluated when ([^;]*);`)
	boundsRE      = regexp.MustCompile(`at the bounds (\S+) and (\S+), lies`)
	neverRE       = regexp.MustCompile(`it (never evaluates (.*)|evaluates every leaf)$`)
	wereRE        = regexp.MustCompile(`^((?:[0-9.]+)(?:(?:, | and )[0-9.]+)*) (?:was|were) (never )?evaluated`)
	chanceInnerRE = regexp.MustCompile(`^([0-9.]+) is an inner node the search entered: a node named for its leaves stands for all of them, and (.*) below it (?:was|were) evaluated$`)
)

// TestChanceExplanationsAreTrue answers chance quizzes — given trees and
// generated ones, expectimax and Star1 — rightly and in every mistaken way
// the checker knows, and holds each sentence to the numbers: the values it
// says mistaken searches give, the root's worth, the bounds, the leaves it
// says were or were never evaluated, and each chance cut's claims.
func TestChanceExplanationsAreTrue(t *testing.T) {
	var quizzes []*Quiz
	for _, algo := range []string{"expectimax", "star1"} {
		quizzes = append(quizzes, onSpec(t, chanceTreeText, algo, Spec{}), onSpec(t, weightedText, algo, Spec{}),
			onSpec(t, chanceTreeText, algo, Spec{RightToLeft: true}))
		for seed := uint64(1); seed <= 6; seed++ {
			quizzes = append(quizzes, generated(t, Gen{Branching: 3, Depth: 3, Max: 9, Seed: seed, Chance: true}, algo, 0))
		}
	}
	checked := map[string]int{}
	for _, q := range quizzes {
		c := &checker{q: q, ctx: context.Background()}
		vs := c.chanceVariants()
		byWords := map[string]*chanceVariant{}
		var answers []string
		for _, v := range vs {
			byWords[v.when(i18n.For(i18n.En), false)] = v
			answers = append(answers, "value "+ratText(v.value))
			if len(v.never) > 0 {
				answers = append(answers, "never "+labels(v.never))
			}
			if v.best != nil {
				answers = append(answers, "best "+label(v.best))
			}
		}
		points := q.ix.points(q.Depth)
		answers = append(answers, "value "+q.ascii(q.Key.Value+1), "never none", "never "+labels(points), "never "+label(points[0]), "never "+label(q.Tree.Root.Children[0]))
		for _, m := range moves(q.Tree.Root) {
			answers = append(answers, "best "+label(m))
		}
		for _, a := range answers {
			it := verdict(t, q, a, strings.Fields(a)[0])
			for _, m := range it.Mistakes {
				for _, lie := range chanceLies(q, byWords, it, m.Text, checked) {
					t.Errorf("%s %s %q:\n  %s\n  is false: %s", tree.Format(q.Tree), q.Opt.Algo, a, m.Text, lie)
				}
			}
		}
		for _, n := range q.Key.Order {
			if e := q.Key.Visits[n].ChanceCut; e != nil {
				checked["chance cut"]++
				if err := explain.Check(e, explain.Event(q.Info(), e), nil); err != nil {
					t.Errorf("%s: %v", tree.Format(q.Tree), err)
				}
			}
		}
	}
	for _, kind := range []string{"worth", "mistaken value", "mistaken best", "mistaken list", "bounds", "never evaluates", "evaluated", "never evaluated", "chance cut", "inner"} {
		if checked[kind] == 0 {
			t.Errorf("no claim of kind %q was checked", kind)
		}
	}
}

// chanceLies lists the false claims of text, an explanation of item it.
func chanceLies(q *Quiz, byWords map[string]*chanceVariant, it *Item, text string, checked map[string]int) []string {
	var out []string
	num := func(s string) int64 {
		v, err := score.ParseNumber(strings.TrimRight(s, ".,;"), q.scale())
		if err != nil {
			out = append(out, err.Error())
		}
		return v
	}
	nodes := func(s string) []*tree.Node {
		var ns []*tree.Node
		for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
			if f == "and" {
				continue
			}
			if n := q.Find(f); n != nil {
				ns = append(ns, n)
			} else {
				out = append(out, "no node "+f)
			}
		}
		return ns
	}
	if m := worthRE.FindStringSubmatch(text); m != nil {
		checked["worth"]++
		if num(m[1]) != q.Key.Value {
			out = append(out, m[0])
		}
	}
	if m := whenRE.FindStringSubmatch(text); m != nil {
		checked["mistaken value"]++
		if r, ok := new(big.Rat).SetString(m[1]); !ok || byWords[m[2]] == nil || byWords[m[2]].value.Cmp(r) != 0 {
			out = append(out, m[0])
		}
	}
	if m := bestWhenRE.FindStringSubmatch(text); m != nil {
		checked["mistaken best"]++
		if v := byWords[m[2]]; v == nil || v.best == nil || label(v.best) != m[1] {
			out = append(out, m[0])
		}
	}
	if m := listWhenRE.FindStringSubmatch(text); m != nil {
		checked["mistaken list"]++
		if v := byWords[m[1]]; v == nil || !sameNodes(v.never, it.Answer.Nodes) {
			out = append(out, m[0])
		}
	}
	if m := boundsRE.FindStringSubmatch(text); m != nil {
		checked["bounds"]++
		if b := q.Opt.Bounds; num(m[1]) != b.Lo || num(m[2]) != b.Hi {
			out = append(out, m[0])
		}
	}
	if m := neverRE.FindStringSubmatch(text); m != nil {
		checked["never evaluates"]++
		if (m[2] == "" && len(q.Key.Never) > 0) || (m[2] != "" && !sameNodes(nodes(m[2]), q.Key.Never)) {
			out = append(out, m[0])
		}
	}
	if m := chanceInnerRE.FindStringSubmatch(text); m != nil {
		checked["inner"]++
		x := q.Find(m[1])
		if x == nil || q.Key.Visits[x] == nil || q.ix.isPoint(x, q.Depth) {
			out = append(out, m[0])
		}
		for _, n := range nodes(m[2]) {
			if !q.Key.Evaluated(n) || !q.ix.under(n, x) {
				out = append(out, m[0]+": "+label(n))
			}
		}
	}
	if m := wereRE.FindStringSubmatch(text); m != nil && !strings.HasPrefix(text, "your") {
		kind := "evaluated"
		if m[2] != "" {
			kind = "never evaluated"
		}
		checked[kind]++
		for _, n := range nodes(m[1]) {
			if q.Key.Evaluated(n) == (m[2] != "") || !slices.Contains(q.ix.points(q.Depth), n) {
				out = append(out, m[0]+": "+label(n))
			}
		}
	}
	return out
}
