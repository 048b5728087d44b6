package diff

import (
	"bufio"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/prunescope/prunescope/trace/explain"
)

// Scheme colours the parts of the text output. Every func returns its
// argument unchanged when colour is off; this package never consults global
// colour state.
type Scheme struct {
	A, B            func(string) string // what search A did, what search B did
	Mark            func(string) string // the marker of a difference at a node both searched
	Head, Dim, Note func(string) string
}

// Plain is the scheme without colour.
func Plain() Scheme {
	id := func(s string) string { return s }
	return Scheme{id, id, id, id, id, id}
}

// TextOptions tune the text output.
type TextOptions struct {
	// Top lists the differences at and below this node only (nil: the root).
	Top *Node
	// Max lists at most this many differences (0: all); the totals always
	// count them all.
	Max int
	// More is said after a list cut short by Max, e.g. "(--max-diffs 0
	// lists them all)".
	More string
	// Choose is said after the line naming the root searches compared when
	// a run made several, e.g. "(--iteration and --pass choose others)".
	Choose string
}

// maxPathWidth caps the width of the path column: longer paths push the line.
const maxPathWidth = 30

// WriteText writes the comparison for people: each run's conventions and
// summary, the totals, then one line per difference in tree order.
func WriteText(w io.Writer, r *Result, sc Scheme, opt TextOptions) error {
	bw := bufio.NewWriter(w)
	line := func(s string) { bw.WriteString(s + "\n") }
	top := opt.Top
	if top == nil {
		top = r.Root
	}
	info := r.A.Info()
	p := explain.Printer(info)

	line(sc.Dim(explain.InputLine(info) + " · " + p.T("text.maxview")))
	line("")
	width := max(utf8.RuneCountInString(r.A.Spec), utf8.RuneCountInString(r.B.Spec))
	for _, run := range []*Run{r.A, r.B} {
		paint := sc.A
		if run.Name == "B" {
			paint = sc.B
		}
		line(paint(sc.Head(run.Name)) + "  " + sc.Head(pad(run.Spec, width)) + "  " + run.Conventions)
		for _, o := range explain.OptionLines(run.Info()) {
			line("   " + sc.Note("+ "+o))
		}
		if s := run.Rec.Summary; s != nil {
			switch {
			case run.Rec.NoValue && s.Stopped != "":
				line("   " + p.T("diff.novalue.stopped", "Why", explain.StopWords(info, s.Stopped)))
			case run.Rec.NoValue:
				line("   " + p.T("diff.novalue"))
			default:
				line("   " + strings.Join(explain.ResultParts(run.Info(), s, true), " · "))
			}
			line("   " + explain.Counts(run.Info(), s))
		}
	}
	if r.A.Searches() > 1 || r.B.Searches() > 1 {
		c := p.T("diff.compared", "A", r.A.Choice(), "B", r.B.Choice())
		if opt.Choose != "" {
			c += " " + opt.Choose
		}
		line(sc.Note(c))
	}
	line("")

	t := Count(top)
	matched := p.T("diff.matched", "Both", p.N("diff.nodes", int64(t.Both)), "OnlyA", t.OnlyA, "OnlyB", t.OnlyB)
	if top != r.Root {
		matched = p.T("diff.below", "Node", r.NodeLabel(top)) + " " + matched
	}
	line(matched)
	head, rest := r.Headline(top)
	line(sc.Head(head) + rest)
	if t.Differences == 0 {
		return bw.Flush()
	}
	line("")

	entries := group(List(top))
	shown := entries
	if opt.Max > 0 && len(shown) > opt.Max {
		shown = shown[:opt.Max]
	}
	pw, kw := 0, 0
	listed := 0
	for _, e := range shown {
		pw = max(pw, min(utf8.RuneCountInString(r.entryLabel(e)), maxPathWidth))
		kw = max(kw, utf8.RuneCountInString(e[0].Kind.WordIn(info)))
		listed += len(e)
	}
	for _, e := range shown {
		line(r.textLine(e, sc, pw, kw))
	}
	if n := t.Differences - listed; n > 0 {
		more := p.N("diff.notlisted", int64(n))
		if opt.More != "" {
			more += " " + opt.More
		}
		line(sc.Note(more))
	}
	return bw.Flush()
}

// Headline counts the differences at and below top in the words of the
// text's line for them, in two parts (the first is set in bold): "18
// differences at 15 nodes", ": 3 parts searched by A only (8 nodes) · 3
// cutoffs · 12 values (windows not compared: …)", or "no differences", ":
// both searches visited the same nodes, with the same …".
func (r *Result) Headline(top *Node) (head, rest string) {
	t := Count(top)
	p := explain.Printer(r.A.Info())
	noWindows := ""
	switch {
	case r.NodesOnly:
		noWindows = " " + p.T("diff.nodesonly", "Who", nodesOnly(r))
	case !r.Windows:
		noWindows = " " + p.T("diff.nowindows", "Who", withoutWindows(r))
	}
	if t.Differences == 0 {
		var same string
		switch {
		case r.NodesOnly:
			same = p.T("diff.same.values")
		case !r.Windows:
			same = p.T("diff.same.nowindows")
		default:
			same = p.T("diff.same")
		}
		return p.T("diff.none"), same + noWindows
	}
	return p.T("diff.head", "Differences", p.N("diff.differences", int64(t.Differences)), "Nodes", p.N("diff.atnodes", int64(t.Nodes))),
		": " + t.PhraseIn(r.A.Info()) + noWindows
}

// minGroup is the fewest sibling parts searched by one search only that are
// listed on one line: in a game a pruned node leaves a row of them.
const minGroup = 3

// entry is a line of the list: one difference, or a row of sibling parts
// only one search searched.
type entry []*Difference

// group gathers runs of at least minGroup sibling parts searched by the same
// one search into one entry each.
func group(diffs []*Difference) []entry {
	var out []entry
	for i := 0; i < len(diffs); {
		d := diffs[i]
		j := i + 1
		if d.Kind == OnlyA || d.Kind == OnlyB {
			for j < len(diffs) && diffs[j].Kind == d.Kind && diffs[j].Node.Parent == d.Node.Parent {
				j++
			}
		}
		if j-i < minGroup {
			j = i + 1
		}
		out = append(out, entry(diffs[i:j]))
		i = j
	}
	return out
}

// entryLabel names the node of the entry, or the first and last moves of a
// row.
func (r *Result) entryLabel(e entry) string {
	if len(e) == 1 {
		return r.NodeLabel(e[0].Node)
	}
	last := e[len(e)-1].Node
	return r.NodeLabel(e[0].Node) + " … " + strings.TrimPrefix(r.NodeLabel(last), last.Parent.Path+" ")
}

// NodeLabel is Node.Label in the language of the comparison (A's).
func (r *Result) NodeLabel(n *Node) string {
	p := explain.Printer(r.A.Info())
	l := explain.NameIn(p, n.Path)
	if n.Visit > 1 {
		l += " " + p.T("diff.visit", "Pass", n.Visit)
	}
	return l
}

// textLine is the line of an entry: marker, node, kind, and what each search
// did.
func (r *Result) textLine(e entry, sc Scheme, pw, kw int) string {
	d := e[0]
	mark := sc.Mark(d.Kind.Mark())
	head := func(s string) string { return s }
	switch d.Kind {
	case OnlyA:
		mark, head = sc.A(d.Kind.Mark()), sc.A
	case OnlyB:
		mark, head = sc.B(d.Kind.Mark()), sc.B
	}
	p := explain.Printer(r.A.Info())
	s := mark + " " + pad(r.entryLabel(e), pw) + "  " + head(pad(d.Kind.WordIn(r.A.Info()), kw)) + "  "
	switch d.Kind {
	case OnlyA, OnlyB:
		who := "A"
		if d.Kind == OnlyB {
			who = "B"
		}
		if len(e) > 1 {
			nodes := 0
			moves := make([]string, len(e))
			for i, x := range e {
				nodes += x.Node.Size
				moves[i] = x.Node.Move
				if x.Node.Visit > 1 {
					moves[i] += " " + p.T("diff.visit", "Pass", x.Node.Visit)
				}
			}
			return s + head(p.T("diff.row", "Moves", len(e), "Who", who, "Nodes", p.N("diff.nodes", int64(nodes)))+" ") + explain.MovesIn(r.A.Info(), moves)
		}
		what, words := r.said(d)
		return s + head(what) + " · " + words
	}
	return s + sc.A("A "+r.Words(d, 'A')) + " · " + sc.B("B "+r.Words(d, 'B'))
}

// Says is what differs at one difference in the words of the text's line
// for it, without marker, node or kind: "searched by A only, with 5 nodes
// below it · returned 8", "A no cutoff · B cut: 4 ≤ α 5, not searched:
// 1.1.2.3".
func (r *Result) Says(d *Difference) string {
	if d.Kind == OnlyA || d.Kind == OnlyB {
		what, words := r.said(d)
		return what + " · " + words
	}
	return "A " + r.Words(d, 'A') + " · B " + r.Words(d, 'B')
}

// said is what the line of a part searched by one search only says: by
// whom, how much, and what that search found there.
func (r *Result) said(d *Difference) (what, words string) {
	who := byte('A')
	if d.Kind == OnlyB {
		who = 'B'
	}
	p := explain.Printer(r.A.Info())
	what = p.T("diff.only", "Who", string(who))
	if below := d.Node.Size - 1; below > 0 {
		what = p.T("diff.only.below", "Who", string(who), "Nodes", p.N("diff.nodes", int64(below)))
	}
	return what, r.Words(d, who)
}

// withoutWindows names the search that has no windows.
func withoutWindows(r *Result) string {
	p := explain.Printer(r.A.Info())
	var who []string
	for _, run := range []*Run{r.A, r.B} {
		if !run.Root.HasWindow {
			who = append(who, run.Name+" ("+run.Info().Algo+")")
		}
	}
	if len(who) > 1 {
		return p.T("diff.nowindows.both", "A", who[0], "B", who[1])
	}
	return p.T("diff.nowindows.one", "Who", who[0])
}

// nodesOnly names the searches whose traces tell only their nodes and
// values.
func nodesOnly(r *Result) string {
	p := explain.Printer(r.A.Info())
	var who []string
	for _, run := range []*Run{r.A, r.B} {
		if run.Info().NodesOnly {
			who = append(who, run.Name)
		}
	}
	if len(who) > 1 {
		return p.T("diff.nodesonly.both", "A", who[0], "B", who[1])
	}
	return p.T("diff.nodesonly.one", "Who", who[0])
}

// pad pads s with spaces to width runes.
func pad(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}
