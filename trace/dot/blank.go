package dot

import (
	"bytes"
	"fmt"
	"strconv"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/scene"
)

// Blank returns the DOT text of an exercise: a known tree drawn with its
// shapes, its moves and its evaluation points' values and nothing else — no
// value at an inner node, no window, no cut, nothing greyed — for a student
// to work the search out on (the quiz's handout). Each inner node is an
// empty triangle with room to write in. horizon, when above 0, is the ply
// at which the search takes static evaluations, said in the legend.
//
// A handout must show every leaf: a tree of more shapes than opt.MaxNodes,
// or wider than opt.MaxWidth, is refused with a *SizeError.
func Blank(t *trace.Subtree, info *trace.Info, horizon int, opt Options) ([]byte, error) {
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MaxWidth <= 0 {
		opt.MaxWidth = DefaultMaxWidth
	}
	opt.MaxNodes, opt.MaxWidth = min(opt.MaxNodes, MaxNodesLimit), min(opt.MaxWidth, MaxWidthLimit)
	total, width := subtreeSize(t)
	if total > opt.MaxNodes || width > opt.MaxWidth {
		return nil, &SizeError{Nodes: total, Width: width, MaxNodes: opt.MaxNodes, MaxWidth: opt.MaxWidth}
	}
	p := explain.Printer(info)
	var body bytes.Buffer
	ids := 0
	chance := false
	var bottom []string // the shapes of the bottom row, over the legend
	height := scene.SubtreeHeight(t)
	var walk func(s *trace.Subtree, inside bool, level int) string
	walk = func(s *trace.Subtree, inside bool, level int) string {
		ids++
		id := "b" + strconv.Itoa(ids)
		if level == height {
			bottom = append(bottom, id)
		}
		switch {
		case s.Leaf:
			label := esc(explain.Number(info, s.Value))
			if inside {
				// A leaf among siblings carries its move in its box, as in
				// the search's drawings: the moves on the edges would
				// overlap.
				label = `<font point-size="9">` + esc(MoveWithPIn(p, s.Move, s.PNum, s.PDen)) + `</font><br/>` + label
			}
			fmt.Fprintf(&body, "  %s [shape=box, label=<%s>];\n", id, label)
		default:
			shape, width := "triangle", "1.1"
			if !s.Max {
				shape = "invtriangle"
			}
			if s.Chance {
				shape, width, chance = "circle", "0.75", true
			}
			// Room to write a value and a window in.
			fmt.Fprintf(&body, "  %s [shape=%s, label=\" \", width=%s, height=0.75, fixedsize=true];\n", id, shape, width)
		}
		for _, c := range s.Children {
			in := c.Leaf && len(s.Children) > 1
			cid := walk(c, in, level+1)
			if in {
				fmt.Fprintf(&body, "  %s -> %s;\n", id, cid)
				continue
			}
			fmt.Fprintf(&body, "  %s -> %s [label=<%s>];\n", id, cid, esc(MoveWithPIn(p, c.Move, c.PNum, c.PDen)))
		}
		return id
	}
	walk(t, false, 0)
	var out bytes.Buffer
	label := "<b>" + esc(explain.Describe(info)) + "</b>"
	for _, o := range explain.OptionLines(info) {
		label += `<br/><font point-size="10">+ ` + esc(o) + `</font>`
	}
	label += `<br/><font point-size="10">` + esc(explain.InputLine(info)) + `</font>`
	fmt.Fprintf(&out, "digraph exercise {\n")
	if opt.NoTitle {
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.25, ranksep=0.45, splines=line, bgcolor=white, fontname=%q, fontsize=12];\n", fontName)
	} else {
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.25, ranksep=0.45, splines=line, bgcolor=white, fontname=%q, fontsize=12, labelloc=t, label=<%s>];\n", fontName, label)
	}
	fmt.Fprintf(&out, "  node [fontname=%q, fontsize=%d, style=filled, fillcolor=white, penwidth=1.2, margin=\"0.04,0.03\"];\n", fontName, 12)
	fmt.Fprintf(&out, "  edge [fontname=%q, fontsize=%d, arrowhead=none, penwidth=1.2, tailport=s, headport=n];\n", fontName, 10)
	out.Write(body.Bytes())
	items := []string{p.T("draw.blank.dot.shapes")}
	if chance {
		items[0] = p.T("draw.blank.dot.shapes.chance")
	}
	if horizon > 0 {
		items = append(items, p.T("draw.blank.horizon", "Ply", horizon))
	}
	for i := range items {
		items[i] = esc(items[i])
	}
	if !opt.NoLegend {
		out.WriteString(legendTable(items, 9, 1))
		out.WriteString(legendUnder(bottom))
	}
	out.WriteString("}\n")
	return out.Bytes(), nil
}

// SizeError refuses an exercise too big to draw whole.
type SizeError struct {
	Nodes, Width       int // the tree's nodes, and the most on one level
	MaxNodes, MaxWidth int
}

func (e *SizeError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *SizeError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *SizeError) err() error {
	if e.Nodes > e.MaxNodes {
		return i18n.Errorf("the tree has %d nodes, more than the %d shapes one drawing takes, and a handout draws every leaf", e.Nodes, e.MaxNodes)
	}
	return i18n.Errorf("the tree has %d nodes side by side, more than the %d one drawing takes, and a handout draws every leaf", e.Width, e.MaxWidth)
}

// subtreeSize is the number of nodes of a tree and the most on one level.
func subtreeSize(t *trace.Subtree) (total, width int) {
	level := []*trace.Subtree{t}
	for len(level) > 0 {
		total += len(level)
		width = max(width, len(level))
		var next []*trace.Subtree
		for _, s := range level {
			next = append(next, s.Children...)
		}
		level = next
	}
	return total, width
}
