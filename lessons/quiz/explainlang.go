package quiz

import (
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// The explanations of mistakes in the quiz's language (Quiz.Lang:
// quiz-explain.LANG.json, English the code's own sentences as before).
// Each explanation is one whole message; what it quotes is either a clause
// of trace/explain (in the same language) or one of the small phrases
// below, which Russian and Czech messages place where they read right: a
// node in words in the nominative ("узел MIN 2", "корень", "uzel MIN 2",
// "kořen": all masculine, so a verb agrees with every one of them), a list
// of node labels, a search in a few words after "what … gives".

// p is the printer of the checker's quiz.
func (c *checker) p() *i18n.Printer { return c.q.p() }

// f writes a value for prose: with a decimal comma in Russian and Czech.
func (c *checker) f(v int64) string { return c.p().Decimal(c.q.Format(v)) }

// bnd writes a value with its bound mark for prose: ≤3, ≥7,5.
func (c *checker) bnd(v int64, b score.Bound) string { return c.p().Decimal(c.q.bounded(v, b)) }

// win writes a window for prose: (3, +∞); in Russian and Czech with
// decimal commas, and then a semicolon between the edges: (0,5; 1,25).
func (c *checker) win(a, b int64) string { return c.q.window(a, b) }

// nodeWords is Quiz.nodeWords in p's language, in the nominative.
func (q *Quiz) nodeWordsIn(p *i18n.Printer, n *tree.Node) string {
	switch q.nodeKind(n) {
	case "root":
		return p.T("quizx.node.root")
	case "leaf":
		return p.T("quizx.node.leaf", "Node", label(n))
	case "chance":
		return p.T("quizx.node.chance", "Node", label(n))
	case "max":
		return p.T("quizx.node.max", "Node", label(n))
	}
	return p.T("quizx.node.min", "Node", label(n))
}

// refIn is ref in p's language: the root in the nominative, or a label.
func refIn(p *i18n.Printer, n *tree.Node) string {
	if n.Path() == "" {
		return p.T("quizx.ref.root")
	}
	return label(n)
}

// listIn is list in p's language: "2.2, 2.3 and 3.1".
func listIn(p *i18n.Printer, nodes []*tree.Node) string {
	s := make([]string, len(nodes))
	for i, n := range nodes {
		s[i] = label(n)
	}
	switch len(s) {
	case 0:
		return p.T("quizx.list.none")
	case 1:
		return s[0]
	}
	return p.T("quizx.list.and", "First", strings.Join(s[:len(s)-1], ", "), "Last", s[len(s)-1])
}

// failName names a fail convention: fail-hard, fail-soft, F2 as printed.
func failName(p *i18n.Printer, f engine.Fail) string {
	if f == engine.FailF2 {
		return p.T("quizx.fail.f2")
	}
	fc, _ := failOf(f)
	return fc.name
}

// alphaBetaIn is alphaBetaWords in p's language.
func alphaBetaIn(p *i18n.Printer, o engine.Options) string {
	return p.T("quizx.alphabeta", "Fail", failName(p, o.Fail), "Cutoff", o.Cutoff.String())
}

// plies is a number of plies: "1 ply", "3 plies"; in Russian and Czech in
// the form that follows "на"/"na" ("на 3 полухода", "na 3 půltahy").
func pliesIn(p *i18n.Printer, n int) string { return p.N("quizx.plies", int64(n)) }
