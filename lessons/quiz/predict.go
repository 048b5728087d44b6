package quiz

import (
	"context"
	"unicode"
	"unicode/utf8"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
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
	p := q.p()
	return p.T("predict.cut", "Node", capital(q.nodeWordsIn(p, n)), "Move", label(by), "Ref", refIn(p, n))
}

// PredictPrompt asks a quiz question (Window or At) about a node before
// the search reaches it.
func (q *Quiz) PredictPrompt(qu Question) string {
	p := q.p()
	node := q.nodeWordsIn(p, qu.Node)
	if qu.Kind == Window {
		return p.T("predict.window", "Node", node)
	}
	if !q.Opt.Algo.Prunes() {
		return p.T("predict.value", "Node", node)
	}
	return p.T("predict.value.bound", "Node", node)
}

// CheckOne grades one answer (a clause of the answer syntax, without its
// question: "(3, +inf)", "<=3") to the question qu (Window or At) as Check
// grades it. where names the answer in errors.
func (q *Quiz) CheckOne(ctx context.Context, qu Question, text string, where i18n.Phrase) (*Item, error) {
	if qu.Kind != Window && qu.Kind != At {
		return nil, errorfIn(where, "only a window or a value is checked one at a time")
	}
	x := &Answer{Question: qu, Text: text}
	var err error
	if qu.Kind == Window {
		err = q.parseWindow(x, trimSep(text))
	} else {
		err = q.parseAt(x, trimSep(text))
	}
	if err != nil {
		return nil, errorfIn(where, "%v", err)
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
		out.Why = c.p().T("predict.nomove", "Node", c.words(n), "Move", label(by))
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
		return c.p().T("predict.nomove", "Node", c.words(n), "Move", label(by))
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
	q, k, p := c.q, c.q.Key, c.p()
	if r := c.leftToRight(); gives(r) {
		return SearchedLTR, p.T("predict.mistake.ltr", "Says", says(r))
	}
	if q.windowed() {
		if r := c.otherCutoff(); gives(r) {
			if q.Opt.Cutoff == engine.CutGE {
				return TieNotPruned, p.T("predict.mistake.tie.gt", "Says", says(r), "Cutoff", q.Opt.Cutoff.String())
			}
			return TiePruned, p.T("predict.mistake.tie.ge", "Says", says(r), "Cutoff", q.Opt.Cutoff.String())
		}
	}
	for _, r := range c.otherFails() {
		if gives(r) {
			return FailConfused, p.T("predict.mistake.fail", "Other", failName(p, r.Opt.Fail), "Says", says(r), "This", failName(p, q.Opt.Fail))
		}
	}
	if q.Opt.Algo == engine.AlphaBeta && c.deepAbove(k, n) {
		if r := c.branchBound(); gives(r) {
			return DeepMissed, p.T("predict.mistake.deepmissed", "Says", says(r))
		}
	}
	if q.Opt.Algo == engine.BranchBound {
		for _, r := range c.alphaBetas()[:len(fails)] {
			if gives(r) && c.deepAbove(r, n) {
				return DeepInBranchBound, p.T("predict.mistake.deepinbb", "AlphaBeta", alphaBetaIn(p, r.Opt), "Says", says(r))
			}
		}
	}
	if !q.Opt.Algo.Prunes() {
		for _, r := range c.alphaBetas() {
			if gives(r) {
				return PrunedMinimax, p.T("predict.mistake.prunedminimax", "AlphaBeta", alphaBetaIn(p, r.Opt), "Says", says(r), "Algo", q.Opt.Algo.String())
			}
		}
	}
	for s := n; s != nil; s = q.ix.parent[s] {
		if k.visit(s) == nil {
			continue
		}
		if r := c.mutant(s, true); gives(r) {
			sv := k.visit(s)
			return WindowNotPassed, p.T("predict.mistake.wnp", "Node", c.words(s), "Window", q.window(sv.Alpha, sv.Beta), "Says", says(r))
		}
	}
	for _, r := range c.depths() {
		if gives(r) {
			return DepthOff, p.T("predict.mistake.depth", "Depth", c.depthWords(r), "Says", says(r))
		}
	}
	return nil, ""
}

// capital makes a phrase's first letter a capital: "the root" → "The root",
// "корень" → "Корень".
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
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
