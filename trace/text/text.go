// Package text writes a search as an annotated, indented tree for a terminal:
// one line per node entered, leaf used, cutoff and node left, each cutoff with
// the sentence that says why it happened. The run's conventions head the
// output and the counts close it. Lines are written as the events arrive, so a
// long search shows progress.
package text

import (
	"bufio"
	"io"
	"strings"
	"time"

	"github.com/fatih/color"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/internal/wrap"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Scheme colours the parts of a line. Every func returns its argument
// unchanged when colour is off; packages never consult global colour state.
type Scheme struct {
	Max, Min, Leaf, Value, Bound, Cut, Dim, Head, Note func(string) string
}

// Plain is the scheme without colour.
func Plain() Scheme {
	id := func(s string) string { return s }
	return Scheme{id, id, id, id, id, id, id, id, id}
}

// Colored is the scheme for colour terminals.
func Colored() Scheme {
	f := func(attrs ...color.Attribute) func(string) string {
		c := color.New(attrs...)
		c.EnableColor() // decided by the caller, not by fatih/color's globals
		return func(s string) string { return c.Sprint(s) }
	}
	return Scheme{
		Max:   f(color.FgGreen, color.Bold),
		Min:   f(color.FgMagenta, color.Bold),
		Leaf:  f(color.FgCyan),
		Value: f(color.Bold),
		Bound: f(color.FgYellow),
		Cut:   f(color.FgRed, color.Bold),
		Dim:   f(color.Faint),
		Head:  f(color.Bold, color.Underline),
		Note:  f(color.FgBlue),
	}
}

// open is what the sink keeps about a node on the current line: who moves and
// the best value its children returned so far (MAX's view).
type open struct {
	max     bool
	best    int64
	hasBest bool
	// prevBest and prevHas are best and hasBest before the last move's
	// value: a research of that move supersedes it.
	prevBest int64
	prevHas  bool
	null     bool // reached by a null move: its value is not one of its parent's moves
	// A chance node's outcomes so far; a chance node's child's probability.
	chance     bool
	outcomes   []explain.Outcome
	pnum, pden int64
}

// Options tune the output.
type Options struct {
	// MaxPly hides the lines of nodes deeper than this many plies (0: show all).
	// Counts in the footer still cover the whole search.
	MaxPly int
	// Timing shows each iteration's time (then the output differs between
	// runs).
	Timing bool
	// Width wraps each line to this many columns (0: lines are not
	// wrapped). A continuation keeps the tree's guides of its line and
	// starts under the line's text, after its mark (✂, └, ·, ▲ …); a
	// node's line continues beside the rail its children hang from.
	Width int
	// Said, when set, is called with every sentence the sink writes and the
	// event it is about (the property test checks their claims).
	Said func(e *trace.Event, s explain.Sentence)
}

// Sink writes events as text. Use Hooks as the search's hooks, or feed Add
// with events read back from a trace.
type Sink struct {
	w        *bufio.Writer
	sc       Scheme
	opt      Options
	info     *trace.Info
	pending  *trace.Event // an enter not written yet: a leaf joins it on one line
	lastLeaf int64        // node of the last leaf line: its exit adds nothing
	labels   []string     // label of the node at each ply of the current line
	line     []open       // the open node at each ply of the current line
	hidden   int64        // lines not shown because of MaxPly
	refs     trace.RefNames
	err      error
}

// New returns a sink writing to w.
func New(w io.Writer, sc Scheme, opt Options) *Sink {
	return &Sink{w: bufio.NewWriter(w), sc: sc, opt: opt, info: &trace.Info{Scale: 1}, lastLeaf: -1}
}

// Hooks returns hooks that write every event.
func (s *Sink) Hooks() *trace.Hooks { return &trace.Hooks{Event: s.Add} }

// Flush writes what is buffered and returns the first error met.
func (s *Sink) Flush() error {
	if err := s.w.Flush(); err != nil && s.err == nil {
		s.err = err
	}
	return s.err
}

// Add writes the lines of one event.
func (s *Sink) Add(e *trace.Event) {
	switch e.Kind {
	case trace.Start:
		if e.Info != nil {
			s.info = e.Info
		}
		s.header()
		return
	case trace.Done:
		s.footer(e)
		return
	}
	if s.opt.MaxPly > 0 && e.Ply > s.opt.MaxPly {
		if e.Kind == trace.Enter {
			s.hidden++
		}
		return
	}
	sp := e.Kind.Spec()
	if sp.Ref != trace.RefNone {
		c := *e // the event is shared with other hooks: name the entry's node on a copy
		s.refs.Note(&c)
		e = &c
	}
	if p := s.pending; p != nil {
		s.pending = nil
		if e.Kind == trace.Leaf && e.Node == p.Node {
			s.leaf(p, e)
			return
		}
		s.enter(p)
	}
	switch e.Kind {
	case trace.Enter:
		for len(s.labels) <= e.Ply {
			s.labels = append(s.labels, "")
			s.line = append(s.line, open{})
		}
		s.labels[e.Ply] = label(s.info, e)
		s.line[e.Ply] = open{max: e.Max, null: e.Move == trace.PassMove, chance: e.Chance, pnum: e.PNum, pden: e.PDen}
		c := *e
		s.pending = &c
	case trace.Leaf: // cannot follow anything but its own enter; kept for odd traces
		s.leaf(nil, e)
	case trace.Exit:
		s.exit(e)
	case trace.Iter:
		s.iter(e)
	default:
		if sp.Restarts && e.Move == "" && e.Ply < len(s.line) {
			s.line[e.Ply].hasBest = false // the node is searched again from scratch
		}
		if e.Kind == trace.Research && e.Move != "" && e.Ply < len(s.line) {
			o := &s.line[e.Ply] // the move is searched again: its first value does not count
			o.best, o.hasBest = o.prevBest, o.prevHas
		}
		s.tell(e, sp)
	}
}

// iter writes the line of a completed iteration and the root order it leaves
// for the next.
func (s *Sink) iter(e *trace.Event) {
	p := s.p()
	line := "━ " + p.T("text.iteration", "Iteration", e.Depth, "Value", s.v(e.Value), "Move", e.Move)
	if e.Summary != nil {
		line += " · " + explain.IterWorkIn(s.info, e.Summary)
		if len(e.Summary.PV) > 0 {
			line += " · " + p.T("explain.result.pv", "Moves", strings.Join(e.Summary.PV, " "))
		}
	}
	if s.opt.Timing {
		line += " · " + e.Elapsed.Round(time.Microsecond).String()
	}
	s.write(0, s.sc.Head(line))
	if d := e.Detail; d != "" {
		if moves, ok := strings.CutPrefix(d, "root order: "); ok { // the engine's words: say them in the search's language
			words := strings.Fields(moves)
			more := ""
			if len(words) > 12 {
				more = " " + p.N("text.more", int64(len(words)-12))
				words = words[:12]
			}
			d = p.T("text.rootorder", "Moves", strings.Join(words, " ")) + more
		} else if words := strings.Fields(d); len(words) > 14 {
			d = strings.Join(words[:14], " ") + " " + p.N("text.more", int64(len(words)-14))
		}
		s.write(0, s.sc.Dim("  "+d))
	}
}

// write writes a line of text under ply guides; wrapped, its continuations
// start under the text after the line's mark.
func (s *Sink) write(ply int, text string) { s.put(ply, text, "  ") }

// put writes a line of text under ply guides; wrapped (Options.Width), each
// continuation has the same guides, then cont (its width in columns: "  "
// under a mark, or the node's own rail), then the text.
func (s *Sink) put(ply int, text, cont string) {
	guides := strings.Repeat(s.sc.Dim("│ "), ply)
	lines := []string{text}
	if s.opt.Width > 0 {
		lines = wrap.Text(text, s.opt.Width-2*ply, s.opt.Width-2*ply-wrap.Width(cont))
	}
	var b strings.Builder
	for i, l := range lines {
		b.WriteString(guides)
		if i > 0 {
			b.WriteString(cont)
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if _, err := s.w.WriteString(b.String()); err != nil && s.err == nil {
		s.err = err
	}
}

// v writes a value as the search's language does (3,5 in Russian and Czech).
func (s *Sink) v(x int64) string { return explain.Number(s.info, x) }

// p is the printer of the search's language.
func (s *Sink) p() *i18n.Printer { return explain.Printer(s.info) }

func (s *Sink) header() {
	s.write(0, s.sc.Head(explain.Describe(s.info)))
	for _, o := range explain.OptionLines(s.info) {
		s.write(0, s.sc.Note("+ "+o))
	}
	s.write(0, s.sc.Dim(explain.InputLine(s.info)+" · "+s.p().T("text.maxview")))
	s.write(0, "")
}

func (s *Sink) side(max bool) string {
	if max {
		return s.sc.Max("▲ MAX")
	}
	return s.sc.Min("▼ MIN")
}

func label(in *trace.Info, e *trace.Event) string {
	if e.Ply == 0 {
		return explain.Printer(in).T("explain.name.root")
	}
	if e.Move != "" {
		return e.Move
	}
	return e.Path
}

// label is the label of the node an event is about, as its enter event gave it.
func (s *Sink) label(e *trace.Event) string {
	if e.Ply < len(s.labels) {
		return s.labels[e.Ply]
	}
	return label(s.info, e)
}

func (s *Sink) enter(e *trace.Event) {
	p := s.p()
	t := s.side(e.Max) + " " + label(s.info, e)
	if e.Chance {
		t = s.sc.Note("◆ "+p.T("text.chance")) + " " + label(s.info, e)
	}
	if e.PDen > 0 {
		t += " " + s.sc.Dim("p="+p.Decimal(explain.Probability(e.PNum, e.PDen)))
	}
	if e.Reason == trace.ReasonProbe {
		t += " " + s.sc.Note(p.T("text.probe"))
	}
	if e.Move == trace.PassMove {
		t = s.side(e.Max) + " " + s.sc.Note(explain.PassLabelIn(s.info, e))
	}
	if e.Reason == trace.ReasonQS {
		t += " " + s.sc.Note(p.T("text.quiescence"))
	}
	if e.Has&trace.HasWindow != 0 {
		t += "  " + s.sc.Dim(p.T("text.window", "Window", explain.Edges(s.info, e.Alpha, e.Beta)))
	}
	s.put(e.Ply, t, s.sc.Dim("│ ")) // what follows hangs from the node's rail
}

// say hands a sentence to the Said hook, if any, and returns it.
func (s *Sink) say(e *trace.Event, x explain.Sentence) explain.Sentence {
	if s.opt.Said != nil && x.Text != "" {
		s.opt.Said(e, x)
	}
	return x
}

// leaf writes a node whose value is used as it is, on one line with its enter
// event when there is one.
func (s *Sink) leaf(enter, e *trace.Event) {
	p := s.p()
	v := s.sc.Leaf(s.v(e.Value))
	var what string
	switch e.Reason {
	case trace.ReasonStatic:
		what = p.T("text.leaf.static", "Value", v)
	case trace.ReasonNoMoves:
		what = p.T("text.leaf.nomoves", "Value", v)
	default:
		what = p.T("text.leaf", "Value", v)
	}
	s.lastLeaf = e.Node
	t := "· " + s.label(e) + " " + what
	if enter != nil && enter.Has&trace.HasWindow != 0 {
		t += "  " + s.sc.Dim(p.T("text.window", "Window", explain.Edges(s.info, enter.Alpha, enter.Beta)))
	}
	s.write(e.Ply, t)
}

func (s *Sink) exit(e *trace.Event) {
	var self *explain.Open
	if e.Ply < len(s.line) {
		o := s.line[e.Ply]
		self = &explain.Open{Max: o.max, HasBest: o.hasBest, Best: o.best, Chance: o.chance, Outcomes: o.outcomes, PNum: o.pnum, PDen: o.pden}
	}
	if e.Ply > 0 && e.Ply-1 < len(s.line) && !(e.Ply < len(s.line) && s.line[e.Ply].null) {
		p := &s.line[e.Ply-1]
		switch {
		case p.chance:
			// Every outcome searched in full: the node's average is
			// exact only when each is (a bound at L or U is exact).
			if e.Reason != trace.ReasonProbe && self != nil {
				p.outcomes = append(p.outcomes, explain.Outcome{Num: self.PNum, Den: self.PDen, Value: e.Value})
			}
		default:
			p.prevBest, p.prevHas = p.best, p.hasBest
			if !p.hasBest || (p.max && e.Value > p.best) || (!p.max && e.Value < p.best) {
				p.best, p.hasBest = e.Value, true
			}
		}
	}
	if e.Node == s.lastLeaf {
		return // the leaf line already said the value
	}
	t := "└ " + s.label(e) + " = " + s.sc.Value(s.v(e.Value))
	r := s.say(e, explain.ReturnWords(s.info, e))
	switch e.Bound {
	case score.Exact:
		t += " " + s.sc.Dim(r.Short)
	default:
		if r.Short != "" {
			t += " " + s.sc.Bound(r.Short)
		}
	}
	if c := s.say(e, explain.Clamp(s.info, e, self)); c.Short != "" {
		t += " " + s.sc.Dim("— "+c.Short)
	}
	if e.Chance {
		if c := s.say(e, explain.ChanceReturn(s.info, e, self)); c.Short != "" {
			t += " " + s.sc.Dim("— "+c.Short)
		}
	}
	s.write(e.Ply, t)
}

func (s *Sink) footer(e *trace.Event) {
	sum := e.Summary
	if sum == nil {
		return
	}
	s.write(0, "")
	if e.Has&trace.HasValue == 0 { // stopped before any result
		s.write(0, s.say(e, explain.Done(s.info, e)).Short)
		if err := s.w.Flush(); err != nil && s.err == nil {
			s.err = err
		}
		return
	}
	s.say(e, explain.Done(s.info, e)) // its claims, for whoever checks them
	p := s.p()
	parts := explain.ResultParts(s.info, sum, true)
	parts[0] = p.T("explain.result.value", "Value", s.sc.Value(explain.RootValue(s.info, sum)))
	if len(parts) > 1 && parts[1] == p.T("explain.best", "Move", sum.Best) {
		parts[1] = p.T("explain.best", "Move", s.sc.Value(sum.Best))
	}
	s.write(0, strings.Join(parts, " · "))
	s.write(0, explain.Counts(s.info, sum))
	if cuts := explain.CutCountsIn(s.info, sum); cuts != "" {
		s.write(0, cuts)
	}
	if stop := explain.Stopped(s.info, sum); stop != "" {
		s.write(0, s.sc.Note(stop))
	}
	if s.hidden > 0 {
		s.write(0, s.sc.Note(p.N("text.hidden", s.hidden, "Ply", s.opt.MaxPly)))
	}
	if err := s.w.Flush(); err != nil && s.err == nil {
		s.err = err
	}
}

// tell writes the sentence of an event told as it happens (a cutoff, the
// selective techniques, the table, re-searches, window passes) on a line of
// its own, coloured by its kind's tone: under its node, or at the left
// margin for an event about the whole root search. Kinds without such a
// sentence write nothing.
func (s *Sink) tell(e *trace.Event, sp *trace.Spec) {
	line := s.say(e, explain.Event(s.info, e)).Short
	if line == "" {
		return
	}
	ply := e.Ply + 1
	if sp.About == trace.AboutRoot {
		ply = 0
	}
	switch sp.Tone {
	case trace.ToneCut:
		line = s.sc.Cut(line)
	case trace.ToneLeaf:
		line = s.sc.Leaf(line)
	default:
		line = s.sc.Note(line)
	}
	s.write(ply, line)
}
