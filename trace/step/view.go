package step

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/text"
)

func shape(max bool) string {
	if max {
		return "▲"
	}
	return "▼"
}

// nodeShape is a node's shape: ◆ for a chance node, else its player's.
func nodeShape(max, chance bool) string {
	if chance {
		return "◆"
	}
	return shape(max)
}

// frameText is an open node's line: shape, name, the window it was
// entered with, its live state labelled (best so far and the bound that
// moves, or the closed window), its notes and its marks.
func frameText(in *trace.Info, f *Frame) string {
	name := f.Move
	if f.Ply == 0 {
		name = rootName(in)
	}
	s := nodeShape(f.Max, f.Chance) + " " + name
	if f.HasWindow {
		s += "  " + explain.Edges(in, f.Alpha, f.Beta)
	}
	if l := f.Live(in).Text(in); l != "" {
		s += "  " + l
	}
	if len(f.Notes) > 0 {
		s += "  [" + strings.Join(f.Notes, ", ") + "]"
	}
	return s + marksText(f.Marks)
}

// marksText is the glyphs of a node's marks after its line, "" for none.
func marksText(m Marks) string {
	if g := m.Glyphs(); g != "" {
		return "  ⟨" + g + "⟩"
	}
	return ""
}

// childText is a completed child's line, with the marks m its events left.
func childText(in *trace.Info, c *Child, m Marks) string {
	s := "· " + c.Move + " = " + explain.Number(in, c.Value) // a leaf's value is its own
	if !c.Leaf {
		s = nodeShape(c.Max, c.Chance) + " " + c.Move + " = " + explain.Bounded(in, c.Value, c.Bound)
	}
	if c.Cut {
		s += "  ✂"
	}
	if c.Note != "" {
		s += "  [" + c.Note + "]"
	}
	return s + marksText(m)
}

// line is a line of the compact tree; cur marks the node of the step.
type line struct {
	text string
	cur  bool
	cut  bool
}

// treeLines draws the tree searched so far, compactly: the open nodes from
// the root down, each with its completed children on a line each.
func treeLines(in *trace.Info, st *State, rng func(int64) string) []line {
	var out []line
	if len(st.Stack) == 0 {
		if r := st.Root; r != nil {
			out = append(out, line{text: shape(r.Max) + " " + rootName(in) + " = " + explain.Bounded(in, r.Value, r.Bound) + ranged(rng, r.Node) + marksText(r.Marks), cur: r.Node == st.Node})
			// The search is over: what the root's moves returned, as the
			// open root showed them.
			if f := st.RootFrame; f != nil {
				out = childLines(in, st, out, f, "", rng)
			}
		}
		return out
	}
	for i := range st.Stack {
		f := &st.Stack[i]
		// The open child is always its parent's last line so far: what
		// hangs below it needs no vertical bar.
		prefix := strings.Repeat("  ", i)
		head := frameText(in, f) + ranged(rng, f.Node)
		if i > 0 {
			head = strings.Repeat("  ", i-1) + "└ " + head
		}
		out = append(out, line{text: head, cur: f.Node == st.Node})
		out = childLines(in, st, out, f, prefix, rng)
	}
	return out
}

// ranged is the range of node id as a line shows it after its text, "" when
// there is none.
func ranged(rng func(int64) string, id int64) string {
	if r := rng(id); r != "" {
		return "  " + r
	}
	return ""
}

// childLines draws the children of f that have returned, a line each (the
// middle ones of a long list counted), and the moves its cutoff left.
func childLines(in *trace.Info, st *State, out []line, f *Frame, prefix string, rng func(int64) string) []line {
	kids := f.Children
	skip := 0
	if len(kids) > 9 {
		skip = len(kids) - 6
	}
	for j := range kids {
		if skip > 0 && j >= 3 && j < 3+skip {
			if j == 3 {
				out = append(out, line{text: prefix + "├ " + explain.Printer(in).N("step.tree.more", int64(skip))})
			}
			continue
		}
		c := &kids[j]
		m := c.Marks
		if j == len(kids)-1 {
			m |= f.LastMarks
		}
		out = append(out, line{text: prefix + "├ " + childText(in, c, m) + ranged(rng, c.Node), cur: c.Node == st.Node, cut: c.Cut})
	}
	if len(f.Pruned) > 0 {
		list := f.Pruned
		more := ""
		if len(list) > 8 {
			more = ", " + explain.Printer(in).N("text.more", int64(len(list)-8))
			list = list[:8]
		}
		what := "✂ " + explain.Printer(in).T("step.tree.notsearched") + " "
		if f.chance != nil {
			what = "✂ " + explain.Printer(in).T("step.tree.chance.notsearched") + " "
		}
		out = append(out, line{text: prefix + what + strings.Join(list, ", ") + more, cut: true})
	}
	return out
}

// pathText is the path from the root to the current node, with windows.
func pathText(in *trace.Info, st *State) string {
	var parts []string
	for i := range st.Stack {
		f := &st.Stack[i]
		name := f.Move
		if f.Ply == 0 {
			name = rootName(in)
		}
		p := name + " " + nodeShape(f.Max, f.Chance)
		if f.HasWindow {
			p += " " + explain.Edges(in, f.Alpha, f.Beta)
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		if r := st.Root; r != nil {
			return shape(r.Max) + " " + rootName(in) + " = " + explain.Bounded(in, r.Value, r.Bound)
		}
		return explain.Printer(in).T("step.noopen")
	}
	return strings.Join(parts, " › ")
}

// status is the line that says where the player is.
func status(p *Player) string {
	st := p.State()
	P := explain.Printer(p.Info())
	s := P.T("step.status.step", "Step", p.Index())
	if n := p.Steps(); n >= 0 {
		s = P.T("step.status.stepof", "Step", p.Index(), "Steps", n)
	}
	if seq := p.Seq(); seq >= 0 {
		s += " · " + P.T("step.status.event", "Event", seq)
	}
	switch {
	case st.Summary != nil:
	case st.Pass == 0 && st.Iteration > 0:
		s += " · " + P.T("step.status.iterdone", "Iteration", st.Iteration)
	case st.Iteration > 0 || st.Pass > 1:
		s += " · " + P.T("step.status.pass", "Iteration", st.Iteration+1, "Pass", st.Pass)
	}
	if in := p.Info(); in != nil && in.NodesOnly {
		return s // the trace tells no cutoffs: none are counted
	}
	return s + " · " + P.T("step.status.cuts", "Cuts", st.Cuts)
}

// StepText is the current step as plain lines, for a script or a pipe: the
// step and its sentence, then the path with the windows.
func StepText(p *Player) string {
	st := p.State()
	P := explain.Printer(p.Info())
	if p.Index() == 0 {
		return P.T("step.text.before", "Path", pathText(p.Info(), st)) + "\n"
	}
	return fmt.Sprintf("[%s] %s\n    %s\n", status(p), st.Sentence, P.T("step.text.at", "Path", pathText(p.Info(), st)))
}

// Header is what the printed steps start with: the algorithm and its
// conventions, a line for each technique switched on, and what is searched,
// as the text trace's header says them.
func Header(p *Player) string {
	in := p.Info()
	var b strings.Builder
	b.WriteString(explain.Describe(in) + "\n")
	for _, o := range explain.OptionLines(in) {
		b.WriteString("+ " + o + "\n")
	}
	b.WriteString(explain.InputLine(in) + " · " + explain.Printer(in).T("text.maxview") + "\n\n")
	return b.String()
}

// techniqueName is the name a technique's line in Info.Options starts with,
// without its parameters: "null move R=2, …" is "null move", "futility
// margins …" is "futility".
func techniqueName(line string) string {
	end := len(line)
	for _, sep := range []string{" (", ":", ",", " R=", " margins"} {
		if i := strings.Index(line, sep); i > 0 && i < end {
			end = i
		}
	}
	return line[:end]
}

// clip cuts s to width runes.
func clip(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	if width <= 1 {
		return string(r[:max(width, 0)])
	}
	return string(r[:width-1]) + "…"
}

// keyLine is the key line at the bottom of the screen.
func keyLine(in *trace.Info) string { return explain.Printer(in).T("step.keys") }

// helpLines lists the keys in full, a line each.
func helpLines(in *trace.Info) []string {
	return strings.Split(explain.Printer(in).T("step.help"), "\n")
}

// rootName is the root's name in the tree and the path: "root".
func rootName(in *trace.Info) string { return explain.Printer(in).T("explain.name.root") }

// Screen lays out the full screen for a terminal of width × height: the
// conventions, where the player is, the step's sentence, the path and the
// compact tree, and the key line (or foot, when not empty).
func Screen(p *Player, sc text.Scheme, width, height int, foot string) []string {
	width = max(width, 20)
	height = max(height, 8)
	in, st := p.Info(), p.State()
	rule := sc.Dim(strings.Repeat("─", width))
	var top []string
	P := explain.Printer(in)
	top = append(top, sc.Head(clip("prunescope step · "+explain.Describe(in), width)))
	if len(in.Options) > 0 { // the techniques by name, on one line
		names := make([]string, len(in.Options))
		for i, o := range explain.OptionLines(in) {
			names[i] = "+ " + techniqueName(o)
		}
		top = append(top, sc.Dim(clip(strings.Join(names, " · "), width)))
	}
	top = append(top, clip(explain.InputLine(in), width))
	top = append(top, clip(status(p), width))
	top = append(top, rule)
	sentence := st.Sentence
	if p.Index() == 0 {
		sentence = P.T("step.before")
	}
	paint := func(s string) string { return s }
	if p.IsCut() {
		paint = sc.Cut
	}
	for _, l := range screenWrap(sentence, width) {
		top = append(top, paint(l))
	}
	top = append(top, "")
	for _, l := range screenWrap(P.T("step.path", "Path", pathText(in, st)), width) {
		top = append(top, sc.Dim(l))
	}
	top = append(top, rule)

	bottom := []string{rule, clip(foot, width)}
	if foot == "" {
		bottom[1] = sc.Dim(clip(keyLine(in), width))
	}
	room := height - len(top) - len(bottom)
	// A chess search's position beside the tree, or above it (board.go).
	board, place, treeWidth, room := p.boardPanel(sc, width, room)
	tree := p.treeFor(in, st, room)
	// Keep the node of the step in view, with what follows it if there is
	// room: show the window of lines that ends as late as possible.
	cur := len(tree) - 1
	for i, l := range tree {
		if l.cur {
			cur = i
		}
	}
	from := 0
	if len(tree) > room && room > 0 {
		from = min(max(cur-room/2, 0), len(tree)-room)
	}
	var mid []string
	for i := from; i < len(tree) && len(mid) < room; i++ {
		l := tree[i]
		t := clip(l.text, treeWidth-2)
		switch {
		case l.cur:
			t = sc.Value(t + " ◀")
		case l.cut:
			t = sc.Cut(t)
		}
		mid = append(mid, t)
	}
	for len(mid) < room {
		mid = append(mid, "")
	}
	mid = placeBoard(mid, board, place, treeWidth)
	out := append(top, mid...)
	return append(out, bottom...)
}
