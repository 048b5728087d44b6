package step

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// finalLimit bounds the nodes kept node by node for the tree at the end of
// the search (deeper plies are counted, not kept): a screen shows far fewer,
// and a search of any size is recorded in bounded memory.
const finalLimit = 4096

// finalRecording is the recording of the whole trace that the tree at the
// end of the search is drawn from: the one ShowRanges was given, else the
// trace read once more from its start (the first time only), the reader put
// back where it was. Nil when the trace cannot be read again.
func (p *Player) finalRecording() *record.Recording {
	if p.rec != nil {
		return p.rec
	}
	if p.final != nil || p.finalFailed {
		return p.final
	}
	p.finalFailed = true
	mark := p.rd.Mark
	defer func() {
		if rd, err := p.resume(mark); err == nil {
			p.rd = rd
		}
	}()
	rd, err := p.fromStart()
	if err != nil {
		return nil
	}
	r := record.NewRecorder()
	r.Limit = finalLimit
	for {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil
		}
		r.Add(e)
	}
	if r.Err() != nil {
		return nil
	}
	p.final, p.finalFailed = r.Recording(), false
	return p.final
}

// atEnd reports whether the state is the search's end: nothing open, the
// root returned, and the done event read (or the trace over).
func (p *Player) atEnd(st *State) bool {
	return len(st.Stack) == 0 && st.Root != nil && (st.Summary != nil || p.AtEnd())
}

// treeFor is the tree the screen shows in room lines: at the end of the
// search the whole tree of the last root visit, as much of it as fits
// (finalLines); before, the open nodes with their children (treeLines).
func (p *Player) treeFor(in *trace.Info, st *State, room int) []line {
	if p.atEnd(st) {
		if rec := p.finalRecording(); rec != nil && len(rec.Roots) > 0 {
			return finalLines(in, rec, rec.Roots[len(rec.Roots)-1], room, p.rangeText)
		}
	}
	return treeLines(in, st, p.rangeText)
}

// finalLines draws the tree under root in at most room lines (at least the
// root's): the whole tree when it fits; else the nodes are opened ply by
// ply, the principal variation's first within a ply, each only if all its
// children fit, and a node left closed says how many nodes were searched
// below it. The root, when its children alone do not fit, shows its first
// moves and counts the others.
func finalLines(in *trace.Info, rec *record.Recording, root *record.Node, room int, rng func(int64) string) []line {
	pv := map[*record.Node]bool{}
	for _, n := range rec.PVFrom(root) {
		pv[n] = true
	}
	below := map[*record.Node]int64{} // nodes searched under each node
	var count func(n *record.Node) int64
	count = func(n *record.Node) int64 {
		c := n.Below.Nodes
		for _, ch := range n.Children {
			c += 1 + count(ch)
		}
		below[n] = c
		return c
	}
	count(root)
	cost := func(n *record.Node) int {
		c := len(n.Children)
		if n.Cut != nil && len(n.Cut.Pruned) > 0 {
			c++
		}
		return c
	}
	open := map[*record.Node]bool{}
	used := 1
	partial := 0 // children of the root shown when not all of them fit
	if c := cost(root); c > 0 && used+c > room {
		partial = room - 2 // the root, its first moves and a line that counts the rest
		if c > len(root.Children) {
			partial-- // and the moves its cutoff left
		}
		partial = max(partial, 1)
		used = room
	} else if c > 0 {
		open[root] = true
		used += c
		level := []*record.Node{root}
		for len(level) > 0 {
			var next []*record.Node
			for _, n := range level {
				next = append(next, n.Children...)
			}
			// The principal variation first, then in the order searched.
			slices.SortStableFunc(next, func(a, b *record.Node) int {
				switch {
				case pv[a] && !pv[b]:
					return -1
				case pv[b] && !pv[a]:
					return 1
				}
				return 0
			})
			level = level[:0]
			for _, n := range next {
				c := cost(n)
				if c == 0 || used+c > room {
					continue
				}
				open[n] = true
				used += c
				level = append(level, n)
			}
		}
	}

	var out []line
	P := explain.Printer(in)
	text := func(n *record.Node) string {
		var s string
		switch {
		case n.Parent == nil:
			s = shape(n.Max) + " " + rootName(in)
		case n.Null:
			s = "Ø " + n.Move + " " + P.T("step.tree.pass")
		case n.Leaf:
			s = "· " + n.Move
		default:
			s = nodeShape(n.Max, n.Chance) + " " + n.Move
		}
		if n.HasValue {
			v := explain.Bounded(in, n.Value, n.Bound)
			if n.Leaf {
				v = explain.Number(in, n.Value) // a leaf's value is its own
			}
			s += " = " + v
		}
		if n.HasWindow {
			s += "  " + explain.Edges(in, n.Alpha, n.Beta)
		}
		if n.Cut != nil {
			s += "  ✂"
		}
		s += marks(P, n)
		if k := below[n]; k > 0 && !open[n] && (n.Parent != nil || partial == 0) {
			s += "  ⋯ " + P.N("step.tree.below", k)
		}
		return s + ranged(rng, n.ID)
	}
	var walk func(n *record.Node, lead, guide string)
	walk = func(n *record.Node, lead, guide string) {
		out = append(out, line{text: lead + text(n), cur: n.Parent == nil, cut: n.Cut != nil})
		kids := n.Children
		var hidden []*record.Node
		if n.Parent == nil && partial > 0 {
			// The move of the principal variation, and the first
			// others in the order searched.
			var shown []*record.Node
			room := partial
			for _, c := range kids {
				if pv[c] {
					room--
				}
			}
			for _, c := range kids {
				if pv[c] || room > 0 {
					if !pv[c] {
						room--
					}
					shown = append(shown, c)
				} else {
					hidden = append(hidden, c)
				}
			}
			kids = shown
		} else if !open[n] {
			return
		}
		more := len(hidden)
		pruned := n.Cut != nil && len(n.Cut.Pruned) > 0
		for i, c := range kids {
			last := i == len(kids)-1 && more == 0 && !pruned
			if last {
				walk(c, guide+"└ ", guide+"  ")
			} else {
				walk(c, guide+"├ ", guide+"│ ")
			}
		}
		if more > 0 {
			end := "└ "
			if pruned {
				end = "├ "
			}
			out = append(out, line{text: guide + end + P.N("step.tree.others", int64(more), "Nodes", P.N("step.tree.nodes", sum(hidden, below)))})
		}
		if pruned {
			list := n.Cut.Pruned
			extra := ""
			if len(list) > 8 {
				extra = ", " + P.N("text.more", int64(len(list)-8))
				list = list[:8]
			}
			out = append(out, line{text: guide + "└ ✂ " + P.T("step.tree.notsearched") + " " + strings.Join(list, ", ") + extra, cut: true})
		}
	}
	walk(root, "", "")
	return out
}

// marks are what the selective techniques and the table did at a node, in
// short, as its line in the tree at the end shows them.
func marks(p *i18n.Printer, n *record.Node) string {
	var m []string
	if nm := n.NullMove; nm != nil && !nm.Threat {
		switch nm.Outcome {
		case record.OutcomePrune:
			m = append(m, "Ø "+p.T("explain.note.nullprune"))
		case record.OutcomeFail:
			m = append(m, "Ø "+p.T("explain.note.nullfail"))
		case record.OutcomeVerify:
			m = append(m, "Ø "+p.T("explain.note.nullverify"))
		}
	}
	if c := n.Change; c != nil {
		if c.Kind == trace.Reduce {
			m = append(m, p.T("step.mark.reduced", "From", c.From, "To", c.To))
		} else {
			m = append(m, p.T("step.mark.extended", "From", c.From, "To", c.To))
		}
	}
	if n.Research != "" {
		m = append(m, p.T("explain.note.research"))
	}
	if t := n.TT; t != nil {
		if t.Cut {
			m = append(m, p.T("explain.note.ttcut"))
		} else {
			m = append(m, p.T("step.mark.tthit"))
		}
	}
	if n.Razored != nil {
		m = append(m, p.T("step.mark.razored"))
	}
	if len(n.Futile) > 0 {
		m = append(m, p.T("step.mark.futility", "N", len(n.Futile)))
	}
	if st := n.Stand; st != nil && st.Cut {
		m = append(m, p.T("step.mark.standpat"))
	}
	if n.QSRoot {
		m = append(m, p.T("explain.note.qs"))
	}
	if len(m) == 0 {
		return ""
	}
	return "  [" + strings.Join(m, ", ") + "]"
}

// sum counts the nodes of ns and under them.
func sum(ns []*record.Node, below map[*record.Node]int64) int64 {
	var c int64
	for _, n := range ns {
		c += 1 + below[n]
	}
	return c
}
