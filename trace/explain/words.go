package explain

import (
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// The few words diff, the drawings and the step-through player's compact tree
// show for what a search did at a recorded node. Where a word states a
// relation, it is rendered from the same claim as the event's sentence.

// maxNodeMoves is the most moves a node's words name.
const maxNodeMoves = 6

// Value is the value a node returned, with its bound: "6" exact, "≤5" an
// upper bound, "≥7" a lower bound, "~6" a clamped value that is no bound,
// "?" when the node returned nothing. A node searched without a window
// (a search whose trace tells only its values) has its value, plain: no
// bound, and no claim of one.
func Value(in *trace.Info, n *record.Node) string {
	if !n.HasValue {
		return "?"
	}
	s := Bounded(in, n.Value, n.Bound)
	if n.Bound == score.NoBound && n.Closed && !n.Leaf && n.HasWindow {
		return "~" + s
	}
	return s
}

// Bounded writes a value with its bound: "3", "≤3", "≥5".
func Bounded(in *trace.Info, v int64, b score.Bound) string {
	s := dec(in, v)
	switch b {
	case score.Upper:
		return "≤" + s
	case score.Lower:
		return "≥" + s
	}
	return s
}

// Window is the window a node was searched with, "(α, β)".
func Window(in *trace.Info, n *record.Node) string {
	if !n.HasWindow {
		return Printer(in).T("explain.node.nowindow")
	}
	return window(in, n.Alpha, n.Beta)
}

// Brief describes a node in one phrase: its value ("leaf 9", "static eval
// 5", "returned ≤5") and its window.
func Brief(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	var w string
	switch {
	case n.Null:
		w = P.T("explain.brief.null")
	case n.QS:
		w = P.T("explain.brief.qs")
	}
	switch {
	case n.Leaf && n.LeafReason == trace.ReasonStatic: // a value of its own, whatever the rule calls it for its parent
		w += P.T("explain.brief.static", "Value", dec(in, n.Value))
	case n.Leaf:
		w += P.T("explain.brief.leaf", "Value", dec(in, n.Value))
	default:
		w += P.T("explain.brief.returned", "Value", Value(in, n))
	}
	if n.HasWindow {
		w += " · " + P.T("explain.brief.window", "Window", Window(in, n))
	}
	return w
}

// nodeEvent is the event a recorded node's fact was made from, as far as a
// sentence needs it.
func nodeEvent(k trace.Kind, n *record.Node) *trace.Event {
	return &trace.Event{Kind: k, Node: n.ID, Path: n.Path, Ply: n.Ply, Depth: n.Depth, Max: n.Max}
}

// Cut says whether a node cut off its moves, why, and which: "cut: 6 ≤ α 6,
// not searched: 2.1.2.2".
func Cut(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	c := n.Cut
	if c == nil {
		if n.Leaf {
			return P.T("explain.cut.leaf")
		}
		return P.T("explain.cut.none")
	}
	kind := trace.Cutoff
	if c.Chance {
		kind = trace.ChanceCut
	}
	e := nodeEvent(kind, n)
	e.Value, e.Alpha, e.Beta, e.Reason, e.Move = c.Value, c.Alpha, c.Beta, c.Reason, c.Move
	e.Lower, e.Upper = c.Lower, c.Upper
	e.Has = trace.HasValue | trace.HasWindow | trace.HasInterval
	x := &say{in: in, e: e}
	rel, moves := x.claims()[0].words(in), listIn(in, c.Pruned, maxNodeMoves)
	switch {
	case c.Chance && (c.Reason == trace.ReasonAlpha || c.Reason == trace.ReasonProbeAlpha):
		return P.T("explain.cut.chance.alpha", "Rel", rel, "Moves", moves)
	case c.Chance:
		return P.T("explain.cut.chance.beta", "Rel", rel, "Moves", moves)
	}
	return P.T("explain.cut", "Rel", rel, "Moves", moves)
}

// Depth is a node's remaining depth and why it is not its parent's minus
// one. In English; DepthIn in a search's language.
func Depth(n *record.Node) string { return DepthIn(nil, n) }

// DepthIn is Depth in the language of in.
func DepthIn(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	c := n.Change
	if c == nil {
		return P.T("explain.depth", "Depth", n.Depth)
	}
	why := changeWords(in, c)
	at := c.From == n.Depth && c.To != n.Depth // the node itself, at once (a threat)
	switch {
	case c.Kind == trace.Extend && at:
		return P.T("explain.depth.extended.to", "Depth", n.Depth, "To", c.To, "Why", why)
	case c.Kind == trace.Extend:
		return P.T("explain.depth.extended.from", "Depth", n.Depth, "From", c.From, "Why", why)
	case at:
		return P.T("explain.depth.reduced.to", "Depth", n.Depth, "To", c.To, "Why", why)
	}
	return P.T("explain.depth.reduced.from", "Depth", n.Depth, "From", c.From, "Why", why)
}

// changeWords names the rule of a depth change.
func changeWords(in *trace.Info, c *record.Change) string {
	if c.Kind == trace.Extend {
		return extendWordsIn(in, c.Reason)
	}
	return Printer(in).T("explain.change.quiet")
}

// NullMove says what the null move did at a node.
func NullMove(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	m := n.NullMove
	if m == nil {
		if n.NullSkip != "" {
			// English says the engine's own detail; the other languages
			// the event's words for its reason.
			why := n.NullSkip
			if P.Lang() != i18n.En {
				why = skipWords(in, n.NullSkipReason, n.Max, n.NullSkip)
			}
			return P.T("explain.nullmove.skip", "Why", why)
		}
		return P.T("explain.nullmove.none")
	}
	e := nodeEvent(trace.NullPrune, n)
	e.Value, e.Alpha, e.Beta = m.Value, m.Alpha, m.Beta
	e.Has = trace.HasValue | trace.HasWindow
	x := &say{in: in, e: e}
	switch m.Outcome {
	case record.OutcomePrune:
		return P.T("explain.nullmove.prune", "Rel", x.nullGoal(true).words(in))
	case record.OutcomeFail:
		return P.T("explain.nullmove.fail", "Rel", x.nullGoal(false).words(in))
	case record.OutcomeVerify:
		return P.T("explain.nullmove.verify", "Rel", x.nullGoal(true).words(in))
	case trace.ReasonThreat:
		return P.T("explain.nullmove.threat")
	case trace.ReasonNoThreat:
		return P.T("explain.nullmove.nothreat")
	}
	return P.T("explain.nullmove.tried")
}

// NullLabel is the short label a drawing gives a node's null move, "" when
// it tried none; threat tells the drawing to colour it as an extension.
func NullLabel(in *trace.Info, n *record.Node) (label string, threat bool) {
	P := Printer(in)
	m := n.NullMove
	if m == nil {
		return "", false
	}
	e := nodeEvent(trace.NullPrune, n)
	e.Value, e.Alpha, e.Beta = m.Value, m.Alpha, m.Beta
	x := &say{in: in, e: e}
	switch m.Outcome {
	case record.OutcomePrune:
		return P.T("explain.nulllabel.prune", "Rel", x.nullGoal(true).words(in)), false
	case record.OutcomeFail:
		return P.T("explain.nulllabel.fail", "Rel", x.nullGoal(false).words(in)), false
	case record.OutcomeVerify:
		return P.T("explain.nulllabel.verify", "Value", dec(in, m.Value)), false
	case trace.ReasonThreat:
		if c := n.Change; c != nil && c.Kind == trace.Extend && c.From == n.Depth {
			return P.T("explain.nulllabel.threat", "Plies", strconv.Itoa(c.To-c.From)), true
		}
		return P.T("explain.nulllabel.threat.none"), true
	}
	return "", false
}

// Quiescence says what quiescence search did at a node.
func Quiescence(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	var parts []string
	if n.QSRoot {
		parts = append(parts, P.T("explain.qs.here"))
	}
	if s := n.Stand; s != nil {
		if s.Cut {
			parts = append(parts, P.T("explain.qs.stand.cut", "Value", dec(in, s.Value)))
		} else {
			parts = append(parts, P.T("explain.qs.stand", "Value", dec(in, s.Value)))
		}
	}
	if len(parts) == 0 {
		return P.T("explain.qs.none")
	}
	return strings.Join(parts, ", ")
}

// Table says what the transposition table knew about a node.
func Table(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	t := n.TT
	if t == nil {
		return P.T("explain.tt.none")
	}
	v := dec(in, t.Value)
	switch {
	case t.Bound == score.NoBound && t.Cut:
		return P.T("explain.tt.nobound.cut", "Value", v, "Depth", t.Depth)
	case t.Cut && t.Bound == score.Upper:
		return P.T("explain.tt.upper.cut", "Value", v, "Depth", t.Depth)
	case t.Cut && t.Bound == score.Lower:
		return P.T("explain.tt.lower.cut", "Value", v, "Depth", t.Depth)
	case t.Cut:
		return P.T("explain.tt.exact.cut", "Value", v, "Depth", t.Depth)
	case t.Bound == score.Upper:
		return P.T("explain.tt.upper", "Value", v, "Depth", t.Depth)
	case t.Bound == score.Lower:
		return P.T("explain.tt.lower", "Value", v, "Depth", t.Depth)
	case t.Bound == score.NoBound:
		return P.T("explain.tt.nobound", "Value", v, "Depth", t.Depth)
	}
	return P.T("explain.tt.exact", "Value", v, "Depth", t.Depth)
}

// Futility names the moves futility pruning skipped at a node. In English;
// FutilityIn in a search's language.
func Futility(n *record.Node) string { return FutilityIn(nil, n) }

// FutilityIn is Futility in the language of in.
func FutilityIn(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	if len(n.Futile) == 0 {
		return P.T("explain.futility.none")
	}
	moves := make([]string, len(n.Futile))
	for i, f := range n.Futile {
		moves[i] = f.Move
	}
	return P.T("explain.futility", "Moves", listIn(in, moves, maxNodeMoves))
}

// Razoring says whether razoring cut a node short. In English; RazoringIn
// in a search's language.
func Razoring(n *record.Node) string { return RazoringIn(nil, n) }

// RazoringIn is Razoring in the language of in.
func RazoringIn(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	if z := n.Razored; z != nil {
		return P.T("explain.razored", "From", z.From, "To", z.To)
	}
	return P.T("explain.razored.not")
}

// Research says whether a node searched a move again, and why. In English;
// ResearchIn in a search's language.
func Research(n *record.Node) string { return ResearchIn(nil, n) }

// ResearchIn is Research in the language of in.
func ResearchIn(in *trace.Info, n *record.Node) string {
	P := Printer(in)
	if n.Research == "" {
		return P.T("explain.research.none")
	}
	why := researchWords(P, n.Research)
	if again := repeated(n.Children); len(again) > 0 {
		return P.T("explain.research.moves", "Moves", listIn(in, again, maxNodeMoves), "Why", why)
	}
	return P.T("explain.research.again", "Why", why)
}

// researchWords names why a re-search happened, by its reason key.
func researchWords(p *i18n.Printer, reason string) string {
	switch reason {
	case trace.ReasonPVS:
		return p.T("explain.research.pvs")
	case trace.ReasonVerifyFail:
		return p.T("explain.research.verify")
	case trace.ReasonAspiration:
		return p.T("explain.research.aspiration")
	}
	return reason
}

// Mark names in a few words an event a node keeps as a mark (a technique
// the recorder knows only from the table of kinds): its note, or its kind.
// In English; MarkIn in a search's language.
func Mark(e *trace.Event) string { return MarkIn(nil, e) }

// MarkIn is Mark in the language of in.
func MarkIn(in *trace.Info, e *trace.Event) string {
	if note := NoteIn(in, e); note != "" {
		return note
	}
	return strings.ReplaceAll(e.Kind.String(), "_", " ")
}

// Marks names the marks a node keeps, in order. In English; MarksIn in a
// search's language.
func Marks(n *record.Node) string { return MarksIn(nil, n) }

// MarksIn is Marks in the language of in.
func MarksIn(in *trace.Info, n *record.Node) string {
	if len(n.Marks) == 0 {
		return Printer(in).T("explain.marks.none")
	}
	words := make([]string, len(n.Marks))
	for i := range n.Marks {
		words[i] = MarkIn(in, &n.Marks[i])
	}
	return strings.Join(words, ", ")
}

// repeated lists the moves searched more than once from a node, in order.
func repeated(children []*record.Node) []string {
	count := map[string]int{}
	for _, c := range children {
		count[c.Move]++
	}
	var out []string
	for _, c := range children {
		if count[c.Move] > 1 {
			out = append(out, c.Move)
			count[c.Move] = 0
		}
	}
	return out
}

// Note is what an event adds to its node's line in the step-through player's
// compact tree, in a few words, by the sentence its kind is told with; ""
// when nothing. In English; NoteIn in a search's language.
func Note(e *trace.Event) string { return NoteIn(nil, e) }

// NoteIn is Note in the language of in.
func NoteIn(in *trace.Info, e *trace.Event) string {
	P := Printer(in)
	switch e.Kind.Spec().Say {
	case trace.SayNullPrune:
		return P.T("explain.note.nullprune")
	case trace.SayNullFail:
		return P.T("explain.note.nullfail")
	case trace.SayNullVerify:
		return P.T("explain.note.nullverify")
	case trace.SayThreat:
		if e.Reason == trace.ReasonThreat {
			return P.T("explain.note.threat")
		}
		return P.T("explain.note.nothreat")
	case trace.SayFutility:
		return P.T("explain.note.futility", "Move", e.Move)
	case trace.SayLatePrune:
		return P.T("explain.note.lmp", "Move", e.Move)
	case trace.SayRazor:
		return P.T("explain.note.razor", "Depth", e.To)
	case trace.SayQuiescence:
		return P.T("explain.note.qs")
	case trace.SayStandPat:
		if e.Reason == trace.ReasonStandCut {
			return P.T("explain.note.standcut")
		}
	case trace.SayTTHit:
		if e.Reason == trace.ReasonTTCut {
			return P.T("explain.note.ttcut")
		}
	case trace.SayResearch:
		return P.T("explain.note.research")
	case trace.SayReduce:
		return P.T("explain.note.reduce", "Depth", e.To)
	case trace.SayExtend:
		return P.T("explain.note.extend", "Depth", e.To)
	}
	return note21(e)
}

// Moves names moves for a list in a line, at most a few of them: "a, b, c,
// … (4 more)". In English; MovesIn in a search's language.
func Moves(moves []string) string { return list(moves, maxNodeMoves) }

// MovesIn is Moves in the language of in.
func MovesIn(in *trace.Info, moves []string) string { return listIn(in, moves, maxNodeMoves) }

// WindowLabel is the short label a drawing gives a root pass with an
// aspiration or MTD(f) window: "window (2, 4) → 5: fail high".
func WindowLabel(in *trace.Info, w *record.WindowPass) string {
	P := Printer(in)
	e := &trace.Event{Kind: trace.Window, Alpha: w.Alpha, Beta: w.Beta, Value: w.Value, Reason: w.Kind, Detail: w.Outcome,
		Lower: w.Lower, Upper: w.Upper, Has: trace.HasWindow | trace.HasValue | trace.HasInterval}
	x := &say{in: in, e: e}
	c := x.passClaims()
	win := window(in, w.Alpha, w.Beta)
	switch {
	// An MTD(f) pass's outcome is the bound it proved: lower (it failed
	// high) or upper.
	case w.Kind == trace.ReasonMTDF && (w.Outcome == trace.WindowLower || w.Outcome == trace.WindowFailHigh):
		return P.T("explain.window.mtdf.high", "Window", win, "Rel", c[0].words(in), "Interval", interval(in, w.Lower, w.Upper))
	case w.Kind == trace.ReasonMTDF:
		return P.T("explain.window.mtdf.low", "Window", win, "Rel", c[0].words(in), "Interval", interval(in, w.Lower, w.Upper))
	case w.Outcome == trace.WindowFailLow:
		return P.T("explain.window.low", "Window", win, "Rel", c[0].words(in))
	case w.Outcome == trace.WindowFailHigh:
		return P.T("explain.window.high", "Window", win, "Rel", c[0].words(in))
	case c[0].Rel == EQ: // ±∞ at an open edge
		return P.T("explain.window.exact", "Window", win, "Rel", c[0].words(in))
	}
	return P.T("explain.window.inside", "Window", win, "Value", dec(in, w.Value))
}

// RangeWords writes the range of values a node may still take as AIMA
// (Figure 5.5) does: "[−∞, 3]", "[3, 3]".
func RangeWords(in *trace.Info, lo, hi int64) string {
	return interval(in, lo, hi)
}
