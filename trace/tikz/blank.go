package tikz

import (
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
)

// Blank returns the picture of an exercise: a known tree with its shapes, its
// moves and its evaluation points' values and nothing else — no value at an
// inner node, no window, no cut, nothing greyed — for a student to work the
// search out on (the quiz's handout). Each inner node is an empty triangle
// with room to write in. horizon, when above 0, is the ply at which the
// search takes static evaluations, said in the header. A tree of more
// shapes than opt.MaxNodes is refused with a *BudgetError (a handout shows
// every leaf); the other options but Standalone do not apply.
func Blank(t *trace.Subtree, info *trace.Info, horizon int, opt Options) ([]byte, error) {
	chance := false
	lang := i18n.Lang(info.Lang)
	p := explain.Printer(info)
	var walk func(s *trace.Subtree) *item
	walk = func(s *trace.Subtree) *item {
		it := &item{shape: maxNode, move: TextIn(lang, dot.MoveWithPIn(p, s.Move, s.PNum, s.PDen))}
		switch {
		case s.Leaf:
			it.shape = leaf
			it.lines = []string{NumberIn(lang, explain.Number(info, s.Value))}
		case s.Chance:
			it.shape, chance = chanceNode, true
		case !s.Max:
			it.shape = minNode
		}
		it.styles = []string{shapeStyle[it.shape]}
		if !s.Leaf {
			it.styles = append(it.styles, "ps blank")
		}
		for _, c := range s.Children {
			ci := walk(c)
			ci.fromMin = it.shape == minNode // the edge leaves the apex by a stem
			it.children = append(it.children, ci)
		}
		return it
	}
	root := walk(t)
	root.move = ""
	if err := budget(count(root), opt, dot.SubtreeHeight(t)); err != nil {
		return nil, err
	}
	head := []string{explain.Describe(info)}
	for _, o := range explain.OptionLines(info) {
		head = append(head, "+ "+o)
	}
	head = append(head, explain.InputLine(info), p.T("draw.blank.exercise"))
	legend := []string{p.T("draw.blank.tikz.shapes")}
	if chance {
		legend[0] = p.T("draw.blank.tikz.shapes.chance")
	}
	if horizon > 0 {
		legend = append(legend, p.T("draw.blank.horizon", "Ply", horizon))
	}
	under := ""
	if !opt.NoLegend {
		lines := make([]string, len(legend))
		for i, l := range legend {
			lines[i] = strings.Join(wrap(l, lang), `\\`)
		}
		under = legendNode(lines)
	}
	return write(root, head, legend, under, opt.Standalone, opt.Style, lang), nil
}
