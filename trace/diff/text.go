package diff

import (
	"bufio"
	"fmt"
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

	line(sc.Dim(explain.InputLine(info) + " · values from MAX's point of view"))
	line("")
	width := max(utf8.RuneCountInString(r.A.Spec), utf8.RuneCountInString(r.B.Spec))
	for _, run := range []*Run{r.A, r.B} {
		paint := sc.A
		if run.Name == "B" {
			paint = sc.B
		}
		line(paint(sc.Head(run.Name)) + "  " + sc.Head(pad(run.Spec, width)) + "  " + run.Conventions)
		for _, o := range run.Info().Options {
			line("   " + sc.Note("+ "+o))
		}
		if s := run.Rec.Summary; s != nil {
			switch {
			case run.Rec.NoValue && s.Stopped != "":
				line("   no value: the search stopped (" + s.Stopped + ")")
			case run.Rec.NoValue:
				line("   no value")
			default:
				line("   " + strings.Join(explain.ResultParts(run.Info(), s, true), " · "))
			}
			line("   " + explain.Counts(run.Info(), s))
		}
	}
	if r.A.Searches() > 1 || r.B.Searches() > 1 {
		c := "compared: A, " + r.A.Choice() + " · B, " + r.B.Choice()
		if opt.Choose != "" {
			c += " " + opt.Choose
		}
		line(sc.Note(c))
	}
	line("")

	t := Count(top)
	where := ""
	if top != r.Root {
		where = "at and below " + top.Label() + ": "
	}
	line(where + fmt.Sprintf("matched by path: %s searched by both · %d by A only · %d by B only",
		plural(t.Both, "node", "nodes"), t.OnlyA, t.OnlyB))
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
		pw = max(pw, min(utf8.RuneCountInString(e.label()), maxPathWidth))
		kw = max(kw, utf8.RuneCountInString(e[0].Kind.Word()))
		listed += len(e)
	}
	for _, e := range shown {
		line(r.textLine(e, sc, pw, kw))
	}
	if n := t.Differences - listed; n > 0 {
		more := fmt.Sprintf("… %s not listed", plural(n, "more difference", "more differences"))
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
	noWindows := ""
	switch {
	case r.NodesOnly:
		noWindows = " (values compared without bounds, windows and cutoffs not at all: " + nodesOnly(r) + ")"
	case !r.Windows:
		noWindows = " (windows not compared: " + withoutWindows(r) + ")"
	}
	if t.Differences == 0 {
		same := "windows, decisions, cutoffs and values"
		switch {
		case r.NodesOnly:
			same = "values"
		case !r.Windows:
			same = "decisions, cutoffs and values"
		}
		return "no differences", ": both searches visited the same nodes, with the same " + same + noWindows
	}
	return fmt.Sprintf("%s at %s", plural(t.Differences, "difference", "differences"), plural(t.Nodes, "node", "nodes")),
		": " + t.Phrase() + noWindows
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

// label names the node of the entry, or the first and last moves of a row.
func (e entry) label() string {
	if len(e) == 1 {
		return e[0].Node.Label()
	}
	last := e[len(e)-1].Node
	return e[0].Node.Label() + " … " + strings.TrimPrefix(last.Label(), last.Parent.Path+" ")
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
	s := mark + " " + pad(e.label(), pw) + "  " + head(pad(d.Kind.Word(), kw)) + "  "
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
					moves[i] += fmt.Sprintf(" (pass %d)", x.Node.Visit)
				}
			}
			return s + head(fmt.Sprintf("%d moves searched by %s only (%s): ", len(e), who, plural(nodes, "node", "nodes"))) + explain.Moves(moves)
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
	what = "searched by " + string(who) + " only"
	if below := d.Node.Size - 1; below > 0 {
		what += ", with " + plural(below, "node", "nodes") + " below it"
	}
	return what, r.Words(d, who)
}

// withoutWindows names the search that has no windows.
func withoutWindows(r *Result) string {
	var who []string
	for _, run := range []*Run{r.A, r.B} {
		if !run.Root.HasWindow {
			who = append(who, run.Name+" ("+run.Info().Algo+")")
		}
	}
	if len(who) > 1 {
		return strings.Join(who, " and ") + " search without them"
	}
	return who[0] + " searches without them"
}

// nodesOnly names the searches whose traces tell only their nodes and
// values.
func nodesOnly(r *Result) string {
	var who []string
	for _, run := range []*Run{r.A, r.B} {
		if run.Info().NodesOnly {
			who = append(who, run.Name+"'s")
		}
	}
	if len(who) > 1 {
		return strings.Join(who, " and ") + " traces tell only their nodes and values"
	}
	return who[0] + " trace tells only its nodes and values"
}

// pad pads s with spaces to width runes.
func pad(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}
