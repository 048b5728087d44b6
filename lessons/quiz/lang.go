package quiz

import (
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
)

// The quiz's own words in its language (Quiz.Lang: quiz.LANG.json). Each
// sentence is one message: the conventions one per algorithm, a question
// one per kind of node it asks about, so that Russian and Czech inflect
// them whole. English's sentences are the code's own (Conventions,
// Describe, Prompt), unchanged; the messages' English is the same text.

// p is the printer of the quiz's language.
func (q *Quiz) p() *i18n.Printer { return i18n.For(q.Lang) }

// conventionsIn is Conventions in p's language.
func (q *Quiz) conventionsIn(p *i18n.Printer) string {
	o := q.Opt
	order := p.T("quiz.conv.order.ltr")
	if q.RightToLeft {
		order = p.T("quiz.conv.order.rtl")
	}
	fail := func(f engine.Fail) (words, name string) {
		switch f {
		case engine.FailSoft:
			return p.T("quiz.fail.soft"), "fail-soft"
		case engine.FailF2:
			return p.T("quiz.fail.f2"), "F2"
		}
		return p.T("quiz.fail.hard"), "fail-hard"
	}
	cut := p.T("quiz.cutoff.ge")
	if o.Cutoff == engine.CutGT {
		cut = p.T("quiz.cutoff.gt")
	}
	var s string
	switch o.Algo {
	case engine.Expectimax:
		s = p.T("quiz.conv.expectimax", "Order", order)
	case engine.Star1:
		words, name := fail(o.Fail)
		s = p.T("quiz.conv.star1", "Lo", q.num(o.Bounds.Lo), "Hi", q.num(o.Bounds.Hi), "Fail", words, "Cutoff", cut, "FailName", name, "Order", order)
	case engine.Minimax:
		s = p.T("quiz.conv.minimax", "Order", order)
	case engine.Negamax:
		s = p.T("quiz.conv.negamax", "Order", order)
	case engine.BranchBound:
		s = p.T("quiz.conv.bb.ge", "Order", order)
		if o.Cutoff == engine.CutGT {
			s = p.T("quiz.conv.bb.gt", "Order", order)
		}
	default:
		words, _ := fail(o.Fail)
		s = p.T("quiz.conv.alphabeta", "Fail", words, "Cutoff", cut, "Order", order)
	}
	if q.Horizon {
		s += p.N("quiz.conv.horizon", int64(q.Depth))
	}
	return s + "."
}

// describeIn is Describe in p's language.
func (q *Quiz) describeIn(p *i18n.Printer) string {
	if !q.Generated {
		if q.Tree.RootMin {
			return p.T("quiz.describe.tree.min", "Source", q.Tree.Source)
		}
		return p.T("quiz.describe.tree", "Source", q.Tree.Source)
	}
	g := q.Gen
	args := []any{"Branching", g.Branching, "Depth", g.Depth, "Min", q.Format(g.Min * q.scale()), "Max", q.Format(g.Max * q.scale()), "Seed", g.Seed}
	if q.Attempt > 0 {
		return p.T("quiz.describe.random.attempt", append(args, "Attempt", q.Attempt+1)...)
	}
	return p.T("quiz.describe.random", args...)
}

// promptIn is Prompt in p's language.
func (q *Quiz) promptIn(p *i18n.Printer, qu Question) string {
	switch qu.Kind {
	case Value:
		return p.T("quiz.ask.value")
	case Best:
		return p.T("quiz.ask.best", "Moves", strings.Join(splitLabels(moves(q.Tree.Root)), ", "))
	case Never:
		if q.Horizon {
			return p.T("quiz.ask.never.horizon", "Ply", q.Depth)
		}
		return p.T("quiz.ask.never")
	}
	n, name := qu.Node, label(qu.Node)
	kind := q.nodeKind(n)
	if qu.Kind == Window {
		switch kind {
		case "root":
			return p.T("quiz.ask.window.root")
		case "leaf":
			return p.T("quiz.ask.window.leaf", "Node", name)
		case "chance":
			return p.T("quiz.ask.window.chance", "Node", name)
		case "max":
			return p.T("quiz.ask.window.max", "Node", name)
		}
		return p.T("quiz.ask.window.min", "Node", name)
	}
	if !q.Opt.Algo.Prunes() {
		switch kind {
		case "root":
			return p.T("quiz.ask.at.root")
		case "leaf":
			return p.T("quiz.ask.at.leaf", "Node", name)
		case "chance":
			return p.T("quiz.ask.at.chance", "Node", name)
		case "max":
			return p.T("quiz.ask.at.max", "Node", name)
		}
		return p.T("quiz.ask.at.min", "Node", name)
	}
	switch kind {
	case "root":
		return p.T("quiz.ask.bound.root")
	case "leaf":
		return p.T("quiz.ask.bound.leaf", "Node", name)
	case "chance":
		return p.T("quiz.ask.bound.chance", "Node", name)
	case "max":
		return p.T("quiz.ask.bound.max", "Node", name)
	}
	return p.T("quiz.ask.bound.min", "Node", name)
}

// nodeKind is what nodeWords calls n: root, leaf, chance, max or min.
func (q *Quiz) nodeKind(n *tree.Node) string {
	switch {
	case n == q.Tree.Root:
		return "root"
	case q.ix.isPoint(n, q.Depth) && n.Leaf:
		return "leaf"
	case n.Chance:
		return "chance"
	case q.ix.max[n]:
		return "max"
	}
	return "min"
}
