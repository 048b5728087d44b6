package explain

import (
	"fmt"
	"strconv"
	"strings"

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
	s := in.Format(v)
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
		return "no window"
	}
	return in.Window(n.Alpha, n.Beta)
}

// Brief describes a node in one phrase: its value ("leaf 9", "static eval
// 5", "returned ≤5") and its window.
func Brief(in *trace.Info, n *record.Node) string {
	var w string
	switch {
	case n.Null:
		w = "the null move (a pass): "
	case n.QS:
		w = "quiescence search: "
	}
	switch {
	case n.Leaf && n.LeafReason == trace.ReasonStatic: // a value of its own, whatever the rule calls it for its parent
		w += "static eval " + in.Format(n.Value)
	case n.Leaf:
		w += "leaf " + in.Format(n.Value)
	default:
		w += "returned " + Value(in, n)
	}
	if n.HasWindow {
		w += " · window " + Window(in, n)
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
	c := n.Cut
	if c == nil {
		if n.Leaf {
			return "a leaf, no moves searched"
		}
		return "no cutoff"
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
	what := "cut: "
	if c.Chance {
		what = "chance cut: average ≥ "
		if c.Reason == trace.ReasonAlpha || c.Reason == trace.ReasonProbeAlpha {
			what = "chance cut: average ≤ "
		}
	}
	return what + x.claims()[0].words(in) + ", not searched: " + list(c.Pruned, maxNodeMoves)
}

// Depth is a node's remaining depth and why it is not its parent's minus
// one.
func Depth(n *record.Node) string {
	w := "depth " + strconv.Itoa(n.Depth)
	c := n.Change
	if c == nil {
		return w
	}
	what := "reduced"
	if c.Kind == trace.Extend {
		what = "extended"
	}
	if c.From == n.Depth && c.To != n.Depth { // the node itself, at once (a threat)
		return fmt.Sprintf("%s, %s to %d (%s)", w, what, c.To, changeWords(c))
	}
	return fmt.Sprintf("%s, %s from %d (%s)", w, what, c.From, changeWords(c))
}

// changeWords names the rule of a depth change.
func changeWords(c *record.Change) string {
	if c.Kind == trace.Extend {
		return extendWords(c.Reason)
	}
	return "a quiet move that cannot improve its side's bound"
}

// NullMove says what the null move did at a node.
func NullMove(in *trace.Info, n *record.Node) string {
	m := n.NullMove
	if m == nil {
		if n.NullSkip != "" {
			return "no null move: " + n.NullSkip
		}
		return "no null move"
	}
	e := nodeEvent(trace.NullPrune, n)
	e.Value, e.Alpha, e.Beta = m.Value, m.Alpha, m.Beta
	e.Has = trace.HasValue | trace.HasWindow
	x := &say{in: in, e: e}
	switch m.Outcome {
	case record.OutcomePrune:
		return "null move prunes (" + x.nullGoal(true).words(in) + ")"
	case record.OutcomeFail:
		return "null move fails (" + x.nullGoal(false).words(in) + ")"
	case record.OutcomeVerify:
		return "null move reaches the bound (" + x.nullGoal(true).words(in) + "), verified by a search"
	case trace.ReasonThreat:
		return "threat test: a threat"
	case trace.ReasonNoThreat:
		return "threat test: no threat"
	}
	return "null move tried"
}

// NullLabel is the short label a drawing gives a node's null move, "" when
// it tried none; threat tells the drawing to colour it as an extension.
func NullLabel(in *trace.Info, n *record.Node) (label string, threat bool) {
	m := n.NullMove
	if m == nil {
		return "", false
	}
	e := nodeEvent(trace.NullPrune, n)
	e.Value, e.Alpha, e.Beta = m.Value, m.Alpha, m.Beta
	x := &say{in: in, e: e}
	switch m.Outcome {
	case record.OutcomePrune:
		return "Ø null " + x.nullGoal(true).words(in), false
	case record.OutcomeFail:
		return "null failed: " + x.nullGoal(false).words(in), false
	case record.OutcomeVerify:
		return "null " + in.Format(m.Value) + ": verified", false
	case trace.ReasonThreat:
		if c := n.Change; c != nil && c.Kind == trace.Extend && c.From == n.Depth {
			return "threat: +" + strconv.Itoa(c.To-c.From), true
		}
		return "threat (no extension left)", true
	}
	return "", false
}

// Quiescence says what quiescence search did at a node.
func Quiescence(in *trace.Info, n *record.Node) string {
	var parts []string
	if n.QSRoot {
		parts = append(parts, "quiescence search from here")
	}
	if s := n.Stand; s != nil {
		w := "stand pat " + in.Format(s.Value)
		if s.Cut {
			w += ", cutoff"
		}
		parts = append(parts, w)
	}
	if len(parts) == 0 {
		return "no quiescence search"
	}
	return strings.Join(parts, ", ")
}

// Table says what the transposition table knew about a node.
func Table(in *trace.Info, n *record.Node) string {
	t := n.TT
	if t == nil {
		return "no table hit"
	}
	w := fmt.Sprintf("table hit: %s %s, depth %d", BoundWord(t.Bound), in.Format(t.Value), t.Depth)
	if t.Cut {
		return w + ", cutoff"
	}
	return w + ", no cutoff"
}

// Futility names the moves futility pruning skipped at a node.
func Futility(n *record.Node) string {
	if len(n.Futile) == 0 {
		return "no futility pruning"
	}
	moves := make([]string, len(n.Futile))
	for i, f := range n.Futile {
		moves[i] = f.Move
	}
	return "skipped by futility: " + list(moves, maxNodeMoves)
}

// Razoring says whether razoring cut a node short.
func Razoring(n *record.Node) string {
	if z := n.Razored; z != nil {
		return fmt.Sprintf("razored: depth %d → %d", z.From, z.To)
	}
	return "not razored"
}

// Research says whether a node searched a move again, and why.
func Research(n *record.Node) string {
	if n.Research == "" {
		return "no re-search"
	}
	why := researchWords(n.Research)
	if again := repeated(n.Children); len(again) > 0 {
		return "searched " + list(again, maxNodeMoves) + " again: " + why
	}
	return "searched again: " + why
}

// researchWords names why a re-search happened, by its reason key.
func researchWords(reason string) string {
	switch reason {
	case trace.ReasonPVS:
		return "a PVS probe passed its null window"
	case trace.ReasonVerifyFail:
		return "the null-move verification failed"
	case trace.ReasonAspiration:
		return "it failed high in the aspiration window"
	}
	return reason
}

// Mark names in a few words an event a node keeps as a mark (a technique
// the recorder knows only from the table of kinds): its note, or its kind.
func Mark(e *trace.Event) string {
	if note := Note(e); note != "" {
		return note
	}
	return strings.ReplaceAll(e.Kind.String(), "_", " ")
}

// Marks names the marks a node keeps, in order.
func Marks(n *record.Node) string {
	if len(n.Marks) == 0 {
		return "nothing else"
	}
	words := make([]string, len(n.Marks))
	for i := range n.Marks {
		words[i] = Mark(&n.Marks[i])
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
// when nothing.
func Note(e *trace.Event) string {
	switch e.Kind.Spec().Say {
	case trace.SayNullPrune:
		return "null-move prune"
	case trace.SayNullFail:
		return "null move failed"
	case trace.SayNullVerify:
		return "null move verified"
	case trace.SayThreat:
		if e.Reason == trace.ReasonThreat {
			return "threat"
		}
		return "no threat"
	case trace.SayFutility:
		return "futility: " + e.Move + " skipped"
	case trace.SayLatePrune:
		return "late move pruning: " + e.Move + " skipped"
	case trace.SayRazor:
		return fmt.Sprintf("razored to depth %d", e.To)
	case trace.SayQuiescence:
		return "quiescence"
	case trace.SayStandPat:
		if e.Reason == trace.ReasonStandCut {
			return "stand-pat cut"
		}
	case trace.SayTTHit:
		if e.Reason == trace.ReasonTTCut {
			return "table cut"
		}
	case trace.SayResearch:
		return "searched again"
	case trace.SayReduce:
		return fmt.Sprintf("reduced to depth %d", e.To)
	case trace.SayExtend:
		return fmt.Sprintf("extended to depth %d", e.To)
	}
	return note21(e)
}

// Moves names moves for a list in a line, at most a few of them: "a, b, c,
// … (4 more)".
func Moves(moves []string) string { return list(moves, maxNodeMoves) }

// WindowLabel is the short label a drawing gives a root pass with an
// aspiration or MTD(f) window: "window (2, 4) → 5: fail high".
func WindowLabel(in *trace.Info, w *record.WindowPass) string {
	e := &trace.Event{Kind: trace.Window, Alpha: w.Alpha, Beta: w.Beta, Value: w.Value, Reason: w.Kind, Detail: w.Outcome,
		Lower: w.Lower, Upper: w.Upper, Has: trace.HasWindow | trace.HasValue | trace.HasInterval}
	x := &say{in: in, e: e}
	c := x.passClaims()
	switch {
	case w.Kind == trace.ReasonMTDF:
		return fmt.Sprintf("zero window %s → %s, %s bound; in [%s, %s]", in.Window(w.Alpha, w.Beta), c[0].words(in), w.Outcome, in.Format(w.Lower), in.Format(w.Upper))
	case w.Outcome == trace.WindowFailLow, w.Outcome == trace.WindowFailHigh:
		return fmt.Sprintf("window %s → %s: %s", in.Window(w.Alpha, w.Beta), c[0].words(in), w.Outcome)
	case c[0].Rel == EQ: // ±∞ at an open edge
		return fmt.Sprintf("window %s → %s: exact", in.Window(w.Alpha, w.Beta), c[0].words(in))
	}
	return fmt.Sprintf("window %s → %s: inside", in.Window(w.Alpha, w.Beta), in.Format(w.Value))
}

// RangeWords writes the range of values a node may still take as AIMA
// (Figure 5.5) does: "[−∞, 3]", "[3, 3]".
func RangeWords(in *trace.Info, lo, hi int64) string {
	return "[" + in.Format(lo) + ", " + in.Format(hi) + "]"
}
