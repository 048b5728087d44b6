package quiz

import (
	"context"
	"fmt"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
)

// Predictions: the lab's "predict, then see" asks, before a step of the
// key's search, what the step will do (will this node cut off now? what
// window is this node searched with? what does it return?) and grades the
// answer with the checker's own searches, naming the misconception whose
// mistaken search gives the answer. A window or a value is graded exactly
// as a quiz's window or at question (CheckOne); a cut by CheckCut.

// CutVerdict is the verdict on a prediction of whether a node cuts off
// right after one of its moves returns.
type CutVerdict struct {
	Correct bool
	Cuts    bool   // what the search does: it cuts off there
	Why     string // why it cuts off, or does not, in the quiz's words
	// Mistake explains a wrong prediction, naming the misconception whose
	// mistaken search makes it, when one does (nil when right).
	Mistake *Mistake
}

// CutPrompt asks whether node n cuts off now, after its move by returned.
func (q *Quiz) CutPrompt(n, by *tree.Node) string {
	return fmt.Sprintf("%s has its move %s's value. Will %s cut off now, leaving its other moves unsearched? (yes or no)", capital(q.nodeWords(n)), label(by), ref(n))
}

// PredictPrompt asks a quiz question (Window or At) about a node before
// the search reaches it.
func (q *Quiz) PredictPrompt(qu Question) string {
	if qu.Kind == Window {
		return fmt.Sprintf("With which window (α, β) will %s be searched? (e.g. (3, +inf))", q.nodeWords(qu.Node))
	}
	if !q.Opt.Algo.Prunes() {
		return fmt.Sprintf("What value will %s return?", q.nodeWords(qu.Node))
	}
	return fmt.Sprintf("What value will %s return? (3 if exact, <=3 or >=5 for a bound)", q.nodeWords(qu.Node))
}

// CheckOne grades one answer (a clause of the answer syntax, without its
// question: "(3, +inf)", "<=3") to the question qu (Window or At) as Check
// grades it. where names the answer in errors.
func (q *Quiz) CheckOne(ctx context.Context, qu Question, text, where string) (*Item, error) {
	if qu.Kind != Window && qu.Kind != At {
		return nil, errorf(where, "only a window or a value is checked one at a time")
	}
	x := &Answer{Question: qu, Text: text}
	var err error
	if qu.Kind == Window {
		err = q.parseWindow(x, trimSep(text))
	} else {
		err = q.parseAt(x, trimSep(text))
	}
	if err != nil {
		return nil, errorf(where, "%v", err)
	}
	c := &checker{q: q, ctx: ctx}
	it := c.item(qu, x, true)
	if c.err != nil {
		return nil, c.err
	}
	return it, nil
}

// CheckCut grades the prediction that node n does (cuts) or does not cut
// off right after its move by returns in the key's search. A wrong
// prediction is explained with the first mistaken search (in the order of
// variants: the other cutoff rule, the other fail convention, a bound not
// passed down, a window not passed on, pruning in minimax, a ply off) that
// makes it.
func (q *Quiz) CheckCut(ctx context.Context, n, by *tree.Node, cuts bool) (*CutVerdict, error) {
	c := &checker{q: q, ctx: ctx}
	k := q.Key
	v, bv := k.visit(n), k.visit(by)
	if v == nil || bv == nil || q.ix.parent[by] != n {
		return nil, errorf("", "%s is not a move %s searches", label(by), label(n))
	}
	out := &CutVerdict{Cuts: v.Cut != nil && v.Cut.By == by}
	out.Correct = out.Cuts == cuts
	if out.Cuts {
		out.Why = c.cutWhy(k, n)
	} else {
		out.Why = c.noCutWhy(k, n, by)
	}
	if out.Why == "" {
		out.Why = fmt.Sprintf("%s has no move left after %s", c.words(n), label(by))
	}
	if out.Correct {
		return out, nil
	}
	gives := func(r *Run) bool {
		if r == nil {
			return false
		}
		rv, rb := r.visit(n), r.visit(by)
		if rv == nil || rb == nil {
			return false
		}
		return (rv.Cut != nil && rv.Cut.By == by) == cuts
	}
	says := func(r *Run) string {
		if rv := r.visit(n); rv.Cut != nil && rv.Cut.By == by {
			return c.cutWhy(r, n)
		}
		if s := c.noCutWhy(r, n, by); s != "" {
			return s
		}
		return fmt.Sprintf("%s has no move left after %s", c.words(n), label(by))
	}
	m, text := c.cutMistake(n, gives, says)
	if c.err != nil {
		return nil, c.err
	}
	out.Mistake = &Mistake{Misconception: m, Text: text}
	if m == nil {
		out.Mistake.Text = out.Why
	}
	return out, nil
}

// cutMistake looks for a mistaken search that makes the prediction about
// node n (gives reports whether a run does), and says what it does there
// (says).
func (c *checker) cutMistake(n *tree.Node, gives func(*Run) bool, says func(*Run) string) (*Misconception, string) {
	q, k := c.q, c.q.Key
	if r := c.leftToRight(); gives(r) {
		return SearchedLTR, fmt.Sprintf("your answer is what the search does with every node's children taken left to right (%s); this search takes them right to left, the last first", says(r))
	}
	if q.windowed() {
		if r := c.otherCutoff(); gives(r) {
			rule, m := "--cutoff ge (ties prune)", TiePruned
			if q.Opt.Cutoff == engine.CutGE {
				rule, m = "--cutoff gt (ties are searched)", TieNotPruned
			}
			return m, fmt.Sprintf("your answer is what the search does under %s: %s; this search uses --cutoff %s", rule, says(r), q.Opt.Cutoff)
		}
	}
	for _, r := range c.otherFails() {
		if gives(r) {
			fc, _ := failOf(r.Opt.Fail)
			this, _ := failOf(q.Opt.Fail)
			return FailConfused, fmt.Sprintf("your answer is what the search does under %s: %s; this search is %s", fc.name, says(r), this.name)
		}
	}
	if q.Opt.Algo == engine.AlphaBeta && c.deepAbove(k, n) {
		if r := c.branchBound(); gives(r) {
			return DeepMissed, fmt.Sprintf("your answer is what branch and bound does, which passes one bound one ply only: %s; alpha-beta passes bounds down the whole line", says(r))
		}
	}
	if q.Opt.Algo == engine.BranchBound {
		for _, r := range c.alphaBetas()[:len(fails)] {
			if gives(r) && c.deepAbove(r, n) {
				return DeepInBranchBound, fmt.Sprintf("your answer is what %s does, whose bounds go down the whole line: %s; branch and bound gives each node one bound, from its parent only", alphaBetaWords(r.Opt), says(r))
			}
		}
	}
	if !q.Opt.Algo.Prunes() {
		for _, r := range c.alphaBetas() {
			if gives(r) {
				return PrunedMinimax, fmt.Sprintf("your answer is what %s does: %s; %s prunes nothing, it searches every move", alphaBetaWords(r.Opt), says(r), q.Opt.Algo)
			}
		}
	}
	for s := n; s != nil; s = q.ix.parent[s] {
		if k.visit(s) == nil {
			continue
		}
		if r := c.mutant(s, true); gives(r) {
			sv := k.visit(s)
			return WindowNotPassed, fmt.Sprintf("your answer is what the search does when %s passes its own window %s on to every move instead of the one its earlier moves narrowed: %s",
				c.words(s), q.window(sv.Alpha, sv.Beta), says(r))
		}
	}
	for _, r := range c.depths() {
		if gives(r) {
			return DepthOff, fmt.Sprintf("your answer is what the search does %s: %s", c.depthWords(r), says(r))
		}
	}
	return nil, ""
}

// capital makes a phrase's first letter a capital: "the root" → "The root".
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

// MovesLeft reports whether node n has a move to search after its move by
// in the quiz's order (left to right, or right to left).
func (q *Quiz) MovesLeft(n, by *tree.Node) bool {
	kids := q.ix.searched(n)
	for i, k := range kids {
		if k == by {
			return i < len(kids)-1
		}
	}
	return false
}

// Parent is the node above n in the quiz tree (nil at the root).
func (q *Quiz) Parent(n *tree.Node) *tree.Node { return q.ix.parent[n] }
