package quiz

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
)

// TestExplanationsAreTrue walks every node of the textbook trees and of
// random ones, under every convention with windows, answers its value in
// several ways, right and wrong, and holds every explanation and note the
// checker writes to the truth: each relation it states between numbers, each
// window it says a node was searched with, each claim about a node's true
// value (the minimax value) or what it returns.
func TestExplanationsAreTrue(t *testing.T) {
	claims := map[string]int{}
	trees := textbookTrees(t)[:15] // the textbook trees and 10 random ones (TestQuizClaimsAreTrue draws thousands more)
	if testing.Short() {
		trees = trees[:6]
	}
	for _, tr := range trees {
		for _, sp := range conventions {
			q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, sp)})
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range q.ix.nodes {
				if q.ix.ply[n] > q.Depth {
					continue
				}
				for _, answer := range truthAnswers(q, n) {
					it := verdict(t, q, "at "+label(n)+": "+answer, "at "+label(n))
					texts := []string{it.Note}
					for _, m := range it.Mistakes {
						texts = append(texts, m.Text)
					}
					for _, text := range texts {
						for _, lie := range lies(q, n, text, claims) {
							t.Errorf("%s %s, at %s: %s\n  %s\n  is false: %s", tree.Format(tr), sp, label(n), answer, text, lie)
						}
					}
				}
			}
		}
	}
	for _, kind := range []string{"within", "relation", "at or past", "reaches", "searched with", "true value", "never proved", "at most/least", "whole subtree", "returns", "reports"} {
		if claims[kind] == 0 {
			t.Errorf("no claim of kind %q was checked: the walk does not reach what it should", kind)
		}
	}
}

// truthAnswers are answers about node n, right and wrong.
func truthAnswers(q *Quiz, n *tree.Node) []string {
	v := q.Key.Visits[n]
	if v == nil {
		return []string{"3", "-"}
	}
	exact := q.ascii(q.exact.Visits[n].Value)
	num := q.ascii(v.Value)
	return []string{num, "<=" + num, ">=" + num, exact, "<=" + exact, ">=" + exact, q.ascii(v.Value + q.scale()), "-"}
}

var (
	numRE       = `([−+-]?(?:∞|[0-9]+(?:\.[0-9]+)?))`
	withinRE    = regexp.MustCompile(numRE + ` lies strictly within (?:the window )?\(` + numRE + `, ` + numRE + `\)`)
	relationRE  = regexp.MustCompile(numRE + ` (<|>|=|≤|≥) (α|β) ` + numRE)
	pastRE      = regexp.MustCompile(numRE + `, is at or (below α|above β) ` + numRE)
	reachesRE   = regexp.MustCompile(numRE + `, which reaches (?:α|β) ` + numRE)
	searchedRE  = regexp.MustCompile(`(?:(?:MAX|MIN) node (\S+?)|the (root)),? (?:was )?searched with (?:the tie window )?\(` + numRE + `, ` + numRE + `\)`)
	trueRE      = regexp.MustCompile(numRE + ` is (?:indeed )?the true value of (?:MAX |MIN )?node (\S+?)[,:; ]`)
	onlyRE      = regexp.MustCompile(numRE + ` is only a bound here, not the value of (?:MAX |MIN )?node (\S+) \(which is ` + numRE + `\)`)
	stoppedRE   = regexp.MustCompile(`at (?:MAX|MIN) node (\S+), searched with [^;]*?so it stopped: its true value is (at most|at least) ` + numRE)
	tellsRE     = regexp.MustCompile(`(?:MAX|MIN) node (\S+) was searched with [^;]*?only tells (?:its parent )?that its value is (at most|at least) ` + numRE)
	learnsRE    = regexp.MustCompile(`learns that (\S+) is worth (at most|at least) ` + numRE)
	unprovedRE  = regexp.MustCompile(`node (\S+), but its search never proved it`)
	subtreeRE   = regexp.MustCompile(`node (\S+) — its whole subtree was searched`)
	returnsRE   = regexp.MustCompile(`\bit returns (≤|≥)?` + numRE)
	reportsRE   = regexp.MustCompile(`the search reports (?:it as )?(a lower bound|an upper bound), (≤|≥)` + numRE)
	withinAnyRE = regexp.MustCompile(`within`)
)

// lies lists the false claims of text, an explanation about node n, and
// counts the claims checked by kind.
func lies(q *Quiz, n *tree.Node, text string, claims map[string]int) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	num := func(s string) int64 {
		s = strings.ReplaceAll(s, "−", "-")
		switch s {
		case "∞", "+∞":
			return score.Inf
		case "-∞":
			return -score.Inf
		}
		f, err := strconv.ParseFloat(strings.TrimPrefix(s, "+"), 64)
		if err != nil {
			bad("%q is no number", s)
		}
		return int64(f * float64(q.scale()))
	}
	node := func(name string) *tree.Node {
		x := q.Find(strings.TrimRight(name, ".,:;"))
		if x == nil {
			bad("no node %q", name)
		}
		return x
	}
	exact := func(x *tree.Node) int64 { return q.exact.Visits[x].Value }
	rel := func(a int64, op string, b int64) bool {
		switch op {
		case "<":
			return a < b
		case ">":
			return a > b
		case "=":
			return a == b
		case "≤", "at most":
			return a <= b
		case "≥", "at least":
			return a >= b
		}
		return false
	}
	if w := len(withinAnyRE.FindAllString(text, -1)); w != len(withinRE.FindAllString(text, -1)) {
		bad("%d claims of lying within a window, only %d say it strictly with the window's numbers", w, len(withinRE.FindAllString(text, -1)))
	}
	for _, m := range withinRE.FindAllStringSubmatch(text, -1) {
		claims["within"]++
		if v, a, b := num(m[1]), num(m[2]), num(m[3]); !(a < v && v < b) {
			bad("%q", m[0])
		}
	}
	for _, m := range relationRE.FindAllStringSubmatch(text, -1) {
		claims["relation"]++
		if !rel(num(m[1]), m[2], num(m[4])) {
			bad("%q", m[0])
		}
	}
	for _, m := range pastRE.FindAllStringSubmatch(text, -1) {
		claims["at or past"]++
		op := "≤"
		if m[2] == "above β" {
			op = "≥"
		}
		if !rel(num(m[1]), op, num(m[3])) {
			bad("%q", m[0])
		}
	}
	for _, m := range reachesRE.FindAllStringSubmatch(text, -1) {
		claims["reaches"]++
		if num(m[1]) != num(m[2]) {
			bad("%q", m[0])
		}
	}
	for _, m := range searchedRE.FindAllStringSubmatch(text, -1) {
		claims["searched with"]++
		if x := node(m[1] + m[2]); x != nil {
			if v := q.Key.Visits[x]; v == nil || v.Alpha != num(m[3]) || v.Beta != num(m[4]) {
				bad("%q: the key searches it with %+v", m[0], v)
			}
		}
	}
	for _, m := range trueRE.FindAllStringSubmatch(text, -1) {
		claims["true value"]++
		if x := node(m[2]); x != nil && exact(x) != num(m[1]) {
			bad("%q: its true value is %d", m[0], exact(x))
		}
	}
	for _, m := range onlyRE.FindAllStringSubmatch(text, -1) {
		claims["true value"]++
		if x := node(m[2]); x != nil && (exact(x) != num(m[3]) || exact(x) == num(m[1])) {
			bad("%q: its true value is %d", m[0], exact(x))
		}
	}
	for _, re := range []*regexp.Regexp{stoppedRE, tellsRE, learnsRE} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			claims["at most/least"]++
			if x := node(m[1]); x != nil && !rel(exact(x), m[2], num(m[3])) {
				bad("%q: its true value is %d", m[0], exact(x))
			}
		}
	}
	for _, m := range unprovedRE.FindAllStringSubmatch(text, -1) {
		claims["never proved"]++
		if x := node(m[1]); x != nil && q.Key.Visits[x].Proved() {
			bad("%q: the leaves it searched prove it (%s)", m[0], q.Format(q.Key.Visits[x].Lo))
		}
	}
	for _, m := range subtreeRE.FindAllStringSubmatch(text, -1) {
		claims["whole subtree"]++
		if x := node(m[1]); x != nil {
			for _, p := range q.ix.pointsUnder(x, q.Depth) {
				if !q.Key.Evaluated(p) {
					bad("%q: %s is never evaluated", m[0], label(p))
				}
			}
		}
	}
	v := q.Key.Visits[n]
	for _, m := range returnsRE.FindAllStringSubmatch(text, -1) {
		claims["returns"]++
		if v == nil || m[1]+q.Format(num(m[2])) != q.bounded(v.Value, v.Bound) && !(v.Bound == score.NoBound && num(m[2]) == v.Value) {
			bad("%q: the key returns %+v", m[0], v)
		}
	}
	for _, m := range reportsRE.FindAllStringSubmatch(text, -1) {
		claims["reports"]++
		want := map[string]score.Bound{"a lower bound": score.Lower, "an upper bound": score.Upper}[m[1]]
		if v == nil || v.Bound != want || v.Value != num(m[3]) || (m[2] == "≥") != (want == score.Lower) {
			bad("%q: the key returns %+v", m[0], v)
		}
	}
	return out
}

// TestAuditCases: the false explanations an audit found, each reproduced.
func TestAuditCases(t *testing.T) {
	// 2.1 returns 7 ≥ β 6 with nothing cut: a lower bound, not a value
	// "within (−∞, 6)".
	q := onTreeRootMin(t, "((6) ((7)))", "alphabeta:soft", "2.1")
	if it := verdict(t, q, "value 6; best 1; never none; window 2.1: (-inf, 6); at 2.1: >=7", "at 2.1"); !it.Correct {
		t.Errorf("((6) ((7))) at 2.1: >=7 is marked wrong: %+v", it.Mistakes)
	}
	it := verdict(t, q, "at 2.1: 7", "at 2.1")
	if it.Correct || len(it.Mistakes) != 1 || strings.Contains(it.Mistakes[0].Text, "within") ||
		!strings.Contains(it.Mistakes[0].Text, "7 is indeed the true value of MIN node 2.1 — its whole subtree was searched — but 7 ≥ β 6") {
		t.Errorf("((6) ((7))) at 2.1: 7: %+v", it.Mistakes)
	}
	// 2.2's whole subtree is searched: its search did prove 7.
	w := onTree(t, "wikipedia", "alphabeta:soft", "2.2")
	it = verdict(t, w, "at 2.2: 7", "at 2.2")
	want := "7 is indeed the true value of MAX node 2.2 — its whole subtree was searched — but 7 ≥ β 6, so the search reports it as a lower bound, ≥7: its parent only learns that 2.2 is worth at least 7"
	if it.Correct || len(it.Mistakes) != 1 || it.Mistakes[0].Misconception != BoundAsExact || it.Mistakes[0].Text != want {
		t.Errorf("wikipedia fail-soft at 2.2: 7: %+v", it.Mistakes)
	}
}
