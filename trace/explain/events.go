package explain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// MaxMoves is how many moves a sentence lists before it says how many more.
const MaxMoves = 12

// Event explains one event of the kinds that are told as they happen, by
// the sentence their row of the table of kinds names (trace.Spec.Say): a
// cutoff, the null move and threat tests, reductions, extensions, futility,
// razoring, quiescence, stand pat, re-searches, transposition hits and the
// root's window passes. It returns the zero Sentence for other kinds (enter,
// leaf and exit are told with their context: see Enter, Leaf, Exit).
func Event(in *trace.Info, e *trace.Event) Sentence {
	x := &say{in: in, e: e}
	switch e.Kind.Spec().Say {
	case trace.SayCutoff:
		return x.cutoff(false)
	case trace.SayNullTry:
		return x.nullTry()
	case trace.SayNullSkip:
		return x.nullSkip()
	case trace.SayNullPrune:
		return x.nullPrune()
	case trace.SayNullFail:
		return x.nullFail()
	case trace.SayNullVerify:
		return x.nullVerify()
	case trace.SayThreat:
		return x.threat()
	case trace.SayReduce:
		return x.reduce()
	case trace.SayExtend:
		return x.extend()
	case trace.SayFutility:
		return x.futility()
	case trace.SayRazor:
		return x.razor()
	case trace.SayQuiescence:
		return x.sentence(fmt.Sprintf("≈ quiescence search from %s: %s, window %s", x.name(), x.quiescenceMoves(), x.window()))
	case trace.SayStandPat:
		return x.standPat()
	case trace.SayResearch:
		return x.research()
	case trace.SayTTHit:
		return x.ttHit()
	case trace.SayWindow:
		return x.pass()
	case trace.SayChanceCut:
		return x.chanceCut(false)
	case trace.SayLatePrune:
		return x.latePrune()
	case trace.SayRFP: // issue21.go
		return x.rfp()
	case trace.SayIID:
		return x.iid()
	case trace.SayIIDDone:
		return x.iidDone()
	case trace.SayEvasions:
		return x.evasions()
	}
	return Sentence{}
}

// Claims returns the claims Event's sentence makes, without writing it:
// the JSON Lines trace carries them (Sentence.Claim) for other tools to
// check.
func Claims(in *trace.Info, e *trace.Event) []Claim {
	x := &say{in: in, e: e}
	return x.claims()
}

// claims are the claims of the event's sentence, by the sentence its kind
// is told with: what each sentence below renders.
func (x *say) claims() []Claim { return x.claimsInto(nil) }

// claimsInto appends the claims to dst.
func (x *say) claimsInto(dst []Claim) []Claim {
	e := x.e
	one := func(c Claim) []Claim { return append(dst, c) }
	switch e.Kind.Spec().Say {
	case trace.SayCutoff:
		return one(x.reaches(x.value()))
	case trace.SayNullPrune, trace.SayNullVerify:
		return one(x.nullGoal(true))
	case trace.SayNullFail:
		return one(x.nullGoal(false))
	case trace.SayThreat:
		return one(x.threatEdge(e.Reason == trace.ReasonThreat))
	case trace.SayReduce, trace.SayFutility:
		if e.Reason == trace.ReasonReduceLate { // LMR: the move's number, not its score
			break
		}
		return one(x.static("its static score"))
	case trace.SayRazor:
		return one(x.static("the static eval"))
	case trace.SayStandPat:
		if e.Reason == trace.ReasonStandCut {
			return one(x.reaches(x.value()))
		}
	case trace.SayResearch:
		switch e.Reason {
		case trace.ReasonPVS, trace.ReasonLMR:
			return one(x.gained())
		case trace.ReasonVerifyFail:
			c := x.reaches(x.value())
			c.Rel = c.Rel.Not()
			return one(c)
		case trace.ReasonAspiration:
			if e.Max {
				return one(x.compare(x.value(), GE, x.beta()))
			}
			return one(x.compare(x.value(), LE, x.alpha()))
		}
	case trace.SayTTHit:
		return append(dst, x.ttClaims()...)
	case trace.SayWindow:
		return x.passClaimsInto(dst)
	case trace.SayChanceCut:
		return append(dst, x.chanceCut(false).Claims...)
	case trace.SayRFP:
		return one(x.rfpClaim())
	}
	return one(x.who())
}

// relational are the sentences that compare the event's own numbers: the
// JSON trace carries their claim.
var relational = [trace.NumSentences]bool{
	trace.SayCutoff: true, trace.SayNullPrune: true, trace.SayNullFail: true, trace.SayNullVerify: true,
	trace.SayThreat: true, trace.SayReduce: true, trace.SayFutility: true, trace.SayRazor: true,
	trace.SayStandPat: true, trace.SayResearch: true, trace.SayTTHit: true, trace.SayWindow: true,
	trace.SayChanceCut: true, trace.SayRFP: true,
}

// CutLong explains a cutoff or a chance cut in full, for the step-through
// player: which move reached which bound, why the rest cannot matter (by
// where that bound came from: self is the node as the sink knows it, with
// its window's origins; nil if unknown), and what is left.
func CutLong(in *trace.Info, e *trace.Event, self *Open) Sentence {
	x := &say{in: in, e: e, self: self}
	if e.Kind == trace.ChanceCut {
		return x.chanceCut(true)
	}
	return x.cutoff(true)
}

// say holds what every sentence about one event needs, and what the sink
// knows of the event's node (self: its window's origins), nil if nothing.
type say struct {
	in   *trace.Info
	e    *trace.Event
	self *Open
}

// edgeSource is where the edge of the event's node's window (α when low)
// came from, as the sink knows it: unknown (FromNothing) without it.
func (x *say) edgeSource(low bool) Source {
	switch {
	case x.self == nil:
		return Source{}
	case low:
		return x.self.AlphaFrom
	}
	return x.self.BetaFrom
}

func (x *say) v(n int64) string { return x.in.Format(n) }

func (x *say) side() Side { return SideOf(x.e.Max) }

// who is the claim that the side named is the side to move at the event's node.
func (x *say) who() Claim { return Claim{Who: x.side(), Ply: x.e.Ply} }

func (x *say) strict() bool { return x.in != nil && x.in.Cutoff == "gt" }

// name is the event's node as a sentence names it: its path, "root" at the root.
func (x *say) name() string { return NodeName(x.e.Path) }

// NodeName is a node's name for people: its path, "root" for the root.
func NodeName(path string) string {
	if path == "" {
		return "root"
	}
	return path
}

func (x *say) window() string { return x.in.Window(x.e.Alpha, x.e.Beta) }

func (x *say) value() Term { return field(FValue, "", x.e.Value) }
func (x *say) alpha() Term { return field(FAlpha, "α", x.e.Alpha) }
func (x *say) beta() Term  { return field(FBeta, "β", x.e.Beta) }

// compare is the claim "l rel r", made of the event's side to move.
func (x *say) compare(l Term, rel Rel, r Term) Claim {
	return Claim{Who: x.side(), Ply: x.e.Ply, L: l, Rel: rel, R: r}
}

// reaches is the claim that the value reached the bound the side to move
// cuts on: ≥ β at MAX, ≤ α at MIN (> and < under the strict rule).
func (x *say) reaches(v Term) Claim {
	if x.e.Max {
		rel := GE
		if x.strict() {
			rel = GT
		}
		return x.compare(v, rel, x.beta())
	}
	rel := LE
	if x.strict() {
		rel = LT
	}
	return x.compare(v, rel, x.alpha())
}

// sentence makes a sentence of text and claims; with none, the claim that
// the side it names is the side to move.
func (x *say) sentence(text string, claims ...Claim) Sentence {
	if len(claims) == 0 {
		claims = []Claim{x.who()}
	}
	return Sentence{Text: text, Short: text, Claims: claims}
}

// list names moves, at most max of them.
func list(moves []string, max int) string {
	if max > 0 && len(moves) > max {
		return strings.Join(moves[:max], ", ") + fmt.Sprintf(", … (%d more)", len(moves)-max)
	}
	return strings.Join(moves, ", ")
}

func (x *say) cutoff(long bool) Sentence {
	e := x.e
	c := x.claims()
	kind, node := "β-cutoff", "MAX node"
	if !e.Max {
		kind, node = "α-cutoff", "MIN node"
	}
	if e.Ply == 0 {
		node = strings.TrimSuffix(node, " node") + " at the root"
	} else {
		node += " " + x.name()
	}
	by := e.Move
	if by == "" {
		by = "a move"
	}
	short := fmt.Sprintf("✂ %s at %s: %s returned %s; not searched: %s", kind, node, by, c[0].words(x.in), list(e.Pruned, MaxMoves))
	if !long {
		return Sentence{Text: short, Short: short, Claims: c}
	}
	edge, low := e.Beta, false
	if !e.Max {
		edge, low = e.Alpha, true
	}
	src := x.edgeSource(low)
	why := reachWhy(x.in, e.Path, e.Ply, edge, low, src)
	if src.From != FromNothing {
		c = append(c, edgeClaim(e.Path, e.Ply, edge, low, src))
	}
	rest := fmt.Sprintf("so the %d remaining moves of this node are not searched: %s.", len(e.Pruned), list(e.Pruned, 8))
	if len(e.Pruned) == 1 {
		rest = "so the remaining move of this node is not searched: " + e.Pruned[0] + "."
	}
	text := fmt.Sprintf("✂ %s at %s: %s returned %s. %s, %s", kind, node, by, c[0].words(x.in), upper(why), rest)
	return Sentence{Text: text, Short: short, Claims: c}
}

// nullGoal is the claim a null move's value makes about the node's bound:
// at a MAX node the pass must still reach β, at a MIN node still hold the
// value to α. held tells whether it did.
func (x *say) nullGoal(held bool) Claim {
	if x.e.Max {
		rel := GE
		if !held {
			rel = LT
		}
		return x.compare(x.value(), rel, x.beta())
	}
	rel := LE
	if !held {
		rel = GT
	}
	return x.compare(x.value(), rel, x.alpha())
}

func (x *say) nullTry() Sentence {
	e := x.e
	s, o := x.side(), x.side().Other()
	if e.Reason == trace.ReasonThreat {
		return x.sentence(fmt.Sprintf("Ø threat test at %s: %s passes and %s may capture (a capture-only search); a threat if %s",
			x.name(), s, o, x.threatLine()))
	}
	goal := fmt.Sprintf("does MAX still reach β %s?", x.v(e.Beta))
	if !e.Max {
		goal = fmt.Sprintf("does MIN still hold the value to α %s?", x.v(e.Alpha))
	}
	text := fmt.Sprintf("Ø null move at %s: %s passes and %s moves again, searched to depth %d with the window %s: %s",
		x.name(), s, o, e.To, x.window(), goal)
	if e.Detail != "" {
		text += " (" + e.Detail + ")"
	}
	return x.sentence(text)
}

// threatLine says when a threat test finds a threat, in MAX's view: at a
// MAX node when the value falls below the static evaluation minus the
// margin, at a MIN node when it rises above the evaluation plus it. The
// test's zero window is (T-1, T) at MAX and (T, T+1) at MIN.
func (x *say) threatLine() string {
	e := x.e
	if e.Max {
		return fmt.Sprintf("the value falls below %s (the static evaluation − margin %s): MAX would lose material", x.v(e.Beta), x.v(e.Margin))
	}
	return fmt.Sprintf("the value rises above %s (the static evaluation + margin %s): MIN would lose material", x.v(e.Alpha), x.v(e.Margin))
}

// threatEdge is the claim about a threat test's value: below T at MAX (a
// threat) or at or above it (none); above T at MIN or at or below it.
func (x *say) threatEdge(threat bool) Claim {
	e := x.e
	if e.Max {
		rel := GE
		if threat {
			rel = LT
		}
		return x.compare(x.value(), rel, field(FBeta, "", e.Beta))
	}
	rel := LE
	if threat {
		rel = GT
	}
	return x.compare(x.value(), rel, field(FAlpha, "", e.Alpha))
}

func (x *say) threat() Sentence {
	e := x.e
	s, o := x.side(), x.side().Other()
	c := x.claims()
	if e.Reason == trace.ReasonThreat {
		return x.sentence(fmt.Sprintf("Ø a threat at %s: after %s passes, %s's captures bring the value to %s: the move into %s threatens material, so it is not pruned",
			x.name(), s, o, c[0].words(x.in), x.name()), c...)
	}
	return x.sentence(fmt.Sprintf("Ø no threat at %s: after %s passes, %s's captures leave the value at %s", x.name(), s, o, c[0].words(x.in)), c...)
}

// skipWords are the reasons a null move was not tried, by the engine's
// reason key: what blocked it, said of the node.
func (x *say) skipWords() string {
	e := x.e
	s := x.side()
	switch e.Reason {
	case trace.ReasonNullInCheck:
		return fmt.Sprintf("%s is in check, and a pass in check is illegal", s)
	case trace.ReasonNullCapture:
		return "the move into it was a capture (a recapture may be needed)"
	case trace.ReasonNullExtended:
		return "it is being extended"
	case trace.ReasonNullEval:
		if e.Max {
			return "its static evaluation minus the margin is below β"
		}
		return "its static evaluation plus the margin is above α"
	case trace.ReasonNullFirstPlies:
		return "it lies within the first plies of the line"
	case trace.ReasonNullOnce:
		return "the line already has a null move"
	case trace.ReasonNullTwice:
		return "the move into it was a null move"
	case trace.ReasonNullVerifying:
		return "it lies inside a null-move verification search"
	case trace.ReasonNullInfinite:
		if e.Max {
			return "β is +∞, which no value reaches"
		}
		return "α is −∞, which no value reaches"
	case trace.ReasonNullPawns:
		return fmt.Sprintf("%s has only king and pawns, where zugzwang is likely", s)
	}
	if e.Detail != "" {
		return e.Detail
	}
	return e.Reason
}

func (x *say) nullSkip() Sentence {
	return x.sentence(fmt.Sprintf("Ø no null move at %s: %s", x.name(), x.skipWords()))
}

func (x *say) nullPrune() Sentence {
	c := x.claims()
	return x.sentence(fmt.Sprintf("Ø null-move prune at %s: even after %s passes the value is %s, so its moves are not searched",
		x.name(), x.side(), c[0].words(x.in)), c...)
}

func (x *say) nullVerify() Sentence {
	c := x.claims()
	return x.sentence(fmt.Sprintf("Ø the null move at %s reached the bound (%s): it is verified by an ordinary search one ply shallower, with no null move below",
		x.name(), c[0].words(x.in)), c...)
}

func (x *say) nullFail() Sentence {
	c := x.claims()
	return x.sentence(fmt.Sprintf("Ø the null move fails at %s: after %s passes the value is %s, so its moves are searched",
		x.name(), x.side(), c[0].words(x.in)), c...)
}

// static is the claim of futility, razoring and reductions: the static
// score with the margin in the side to move's favour stays on the wrong side
// of the bound: score + margin ≤ α at MAX, score − margin ≥ β at MIN.
func (x *say) static(what string) Claim {
	e := x.e
	score := Part{F: FValue, Name: what, V: e.Value}
	margin := Part{F: FMargin, Name: "margin", V: e.Margin}
	if e.Max {
		return x.compare(sum(score, margin), LE, x.alpha())
	}
	margin.Neg = true
	return x.compare(sum(score, margin), GE, x.beta())
}

// cannot says what a move that fails the static test cannot do.
func (x *say) cannot() string {
	if x.e.Max {
		return "it cannot raise α"
	}
	return "it cannot lower β"
}

func (x *say) reduce() Sentence {
	e := x.e
	c := x.claims()
	if e.Reason == trace.ReasonReduceLate {
		return x.sentence(fmt.Sprintf("↓ %s reduced: depth %d → %d (late move reduction: %s, a quiet move, reduced by %d)",
			e.Move, e.Depth-1, e.To, x.late(), e.Depth-1-e.To), c...)
	}
	return x.sentence(fmt.Sprintf("↓ %s reduced: depth %d → %d (a quiet move: %s: %s)", e.Move, e.Depth-1, e.To, c[0].words(x.in), x.cannot()), c...)
}

func (x *say) futility() Sentence {
	e := x.e
	c := x.claims()
	return x.sentence(fmt.Sprintf("× futility at %s: %s skipped (%s: %s)", x.name(), e.Move, c[0].words(x.in), x.cannot()), c...)
}

func (x *say) razor() Sentence {
	e := x.e
	c := x.claims()
	return x.sentence(fmt.Sprintf("✂ razoring at %s: %s: depth %d → %d", x.name(), c[0].words(x.in), e.Depth, e.To), c...)
}

// extendWords names the rule of an extension by its reason key.
func extendWords(reason string) string {
	switch reason {
	case trace.ReasonExtendCheck:
		return "a check: the reply is forced"
	case trace.ReasonExtendRecapture:
		return "a recapture"
	case trace.ReasonExtendPromotion:
		return "a promotion"
	case trace.ReasonThreat:
		return "a threat"
	}
	return reason
}

func (x *say) extend() Sentence {
	e := x.e
	if e.Move == "" { // the node itself: a threat found at it
		return x.sentence(fmt.Sprintf("↑ %s extended: depth %d → %d (%s)", x.name(), e.Depth, e.To, extendWords(e.Reason)))
	}
	return x.sentence(fmt.Sprintf("↑ %s extended: depth %d → %d (%s)", e.Move, e.Depth-1, e.To, extendWords(e.Reason)))
}

func (x *say) standPat() Sentence {
	e := x.e
	c := x.claims()
	if e.Reason == trace.ReasonStandCut {
		return x.sentence(fmt.Sprintf("· stand pat at %s: the static eval %s: %s declines to capture, cutoff", x.name(), c[0].words(x.in), x.side()), c...)
	}
	return x.sentence(fmt.Sprintf("· stand pat at %s: %s (%s may decline to capture)", x.name(), x.v(e.Value), x.side()), c...)
}

// gained is the claim of a move that passed a null window: above α at a MAX
// node, below β at a MIN node.
func (x *say) gained() Claim {
	if x.e.Max {
		return x.compare(x.value(), GT, x.alpha())
	}
	return x.compare(x.value(), LT, x.beta())
}

func (x *say) research() Sentence {
	e := x.e
	c := x.claims()
	switch e.Reason {
	case trace.ReasonPVS:
		return x.sentence(fmt.Sprintf("↻ re-search of %s at %s: its null-window probe returned %s, so it may be better for %s than the moves before it: it is searched again with the full window",
			e.Move, x.name(), c[0].words(x.in), x.side()), c...)
	case trace.ReasonLMR:
		return x.sentence(fmt.Sprintf("↻ re-search of %s at %s: reduced to depth %d, it returned %s, so it may be better for %s than the moves before it: it is searched again at full depth %d",
			e.Move, x.name(), e.To, c[0].words(x.in), x.side(), e.Depth-1), c...)
	case trace.ReasonVerifyFail:
		return x.sentence(fmt.Sprintf("↻ %s searched again at full depth: the null-move verification reached only %s (zugzwang?)", x.name(), c[0].words(x.in)), c...)
	case trace.ReasonAspiration:
		edge := "β opened to +∞"
		if !e.Max {
			edge = "α opened to −∞"
		}
		return x.sentence(fmt.Sprintf("↻ re-search of %s at the root: it returned %s, outside the aspiration window: searched again from it with %s", e.Move, c[0].words(x.in), edge), c...)
	}
	if e.Move != "" {
		return x.sentence(fmt.Sprintf("↻ re-search of %s at %s (%s)", e.Move, x.name(), e.Reason), c...)
	}
	return x.sentence(fmt.Sprintf("↻ %s searched again (%s)", x.name(), e.Reason), c...)
}

// ttClaims: a table cutoff by a bound claims the bound settles the window;
// a hit that does not cut says why.
func (x *say) ttClaims() []Claim {
	e := x.e
	one := func(c Claim) []Claim { return []Claim{c} }
	switch why := strings.TrimPrefix(e.Reason, "no cut: "); {
	case e.Reason == trace.ReasonTTCut && e.Bound == score.Lower:
		return one(x.compare(x.value(), GE, x.beta()))
	case e.Reason == trace.ReasonTTCut && e.Bound == score.Upper:
		return one(x.compare(x.value(), LE, x.alpha()))
	case why == "too shallow":
		return one(Claim{L: num("depth", int64(e.To)), Rel: LT, R: num("", int64(e.Depth))})
	case why == "bound outside the window" && e.Bound == score.Lower:
		return one(x.compare(x.value(), LT, x.beta()))
	case why == "bound outside the window" && e.Bound == score.Upper:
		return one(x.compare(x.value(), GT, x.alpha()))
	}
	return one(x.who())
}

func (x *say) ttHit() Sentence {
	e := x.e
	c := x.ttClaims()
	what := fmt.Sprintf("%s %s searched to depth %d", BoundWord(e.Bound), x.v(e.Value), e.To)
	from := ""
	switch {
	case e.RefPath != "" && e.RefPath == x.name(), e.Has&trace.HasRef != 0 && e.Ref == e.Node:
		from = " (stored by an earlier search of this node)"
	case e.RefPath != "":
		from = fmt.Sprintf(" (stored by the search of %s)", e.RefPath)
	case e.Has&trace.HasRef != 0:
		from = fmt.Sprintf(" (stored by node %d)", e.Ref)
	}
	head := fmt.Sprintf("≡ transposition at %s: the table knows %s%s", x.name(), what, from)
	why := strings.TrimPrefix(e.Reason, "no cut: ")
	switch {
	case e.Reason == trace.ReasonTTCut && e.Bound != score.Exact:
		return x.sentence(fmt.Sprintf("%s: %s, cutoff", head, c[0].words(x.in)), c...)
	case e.Reason == trace.ReasonTTCut:
		return x.sentence(head+": cutoff", c...)
	case why == "too shallow":
		return x.sentence(fmt.Sprintf("%s, no cutoff: too shallow (%s)", head, c[0].words(x.in)), c...)
	case why == "bound outside the window" && e.Bound == score.Lower:
		return x.sentence(fmt.Sprintf("%s, no cutoff: a lower bound below β (%s)", head, c[0].words(x.in)), c...)
	case why == "bound outside the window" && e.Bound == score.Upper:
		return x.sentence(fmt.Sprintf("%s, no cutoff: an upper bound above α (%s)", head, c[0].words(x.in)), c...)
	}
	return x.sentence(fmt.Sprintf("%s, no cutoff: %s", head, why), c...)
}

// passClaims are a root pass's: where its value lies against its window,
// and for MTD(f) that the interval's new edge is the value. Directions are
// MAX's: a value at or below α fails low.
func (x *say) passClaims() []Claim { return x.passClaimsInto(nil) }

// passClaimsInto appends them to dst.
func (x *say) passClaimsInto(dst []Claim) []Claim {
	e := x.e
	c := dst
	switch {
	case e.Reason == trace.ReasonMTDF && e.Detail == trace.WindowLower:
		c = append(c, x.compare(x.value(), GE, x.beta()), x.compare(field(FLower, "lower", e.Lower), EQ, x.value()))
	case e.Reason == trace.ReasonMTDF:
		c = append(c, x.compare(x.value(), LE, x.alpha()), x.compare(field(FUpper, "upper", e.Upper), EQ, x.value()))
	case e.Detail == trace.WindowFailLow:
		c = append(c, x.compare(x.value(), LE, x.alpha()))
	case e.Detail == trace.WindowFailHigh:
		c = append(c, x.compare(x.value(), GE, x.beta()))
	case e.Value == e.Alpha && score.IsInf(e.Alpha):
		// −∞ at an edge already open: no fail, nothing lies below it
		c = append(c, x.compare(x.value(), EQ, x.alpha()))
	case e.Value == e.Beta && score.IsInf(e.Beta):
		c = append(c, x.compare(x.value(), EQ, x.beta()))
	default:
		c = append(c, x.compare(x.alpha(), LT, x.value()), x.compare(x.value(), LT, x.beta()))
	}
	for i := len(dst); i < len(c); i++ {
		c[i].Who = Nobody
	}
	return c
}

// pass explains a window event: a pass of the root with an aspiration or
// MTD(f) window.
func (x *say) pass() Sentence {
	e := x.e
	c := x.passClaims()
	var what string
	switch {
	case e.Reason == trace.ReasonMTDF && e.Detail == trace.WindowLower:
		what = fmt.Sprintf("%s, a lower bound: the value lies in [%s, %s]", c[0].words(x.in), x.v(e.Lower), x.v(e.Upper))
	case e.Reason == trace.ReasonMTDF:
		what = fmt.Sprintf("%s, an upper bound: the value lies in [%s, %s]", c[0].words(x.in), x.v(e.Lower), x.v(e.Upper))
	case e.Detail == trace.WindowFailLow:
		what = c[0].words(x.in) + ": fail low, the root is searched again with α opened to −∞"
	case e.Detail == trace.WindowFailHigh:
		what = c[0].words(x.in) + ": fail high, the root is searched again with β opened to +∞"
	case c[0].Rel == EQ:
		what = c[0].words(x.in) + ", the window's open edge: no value lies beyond it, so it is exact"
	default:
		what = fmt.Sprintf("%s, inside the window: exact", x.v(e.Value))
	}
	name := "aspiration"
	if e.Reason == trace.ReasonMTDF {
		name = "MTD(f)"
	}
	return Sentence{Text: fmt.Sprintf("%s pass %d: window %s → %s", name, e.Pass, x.window(), what),
		Short: fmt.Sprintf("%s pass %d: window %s → %s", name, e.Pass, x.window(), what), Claims: c}
}

// BoundWord is a bound's name: "exact", "lower bound", "upper bound", "no bound".
func BoundWord(b score.Bound) string {
	switch b {
	case score.Exact:
		return "exact"
	case score.Lower:
		return "lower bound"
	case score.Upper:
		return "upper bound"
	}
	return "no bound"
}

// Iteration explains a completed iteration of iterative deepening.
func Iteration(in *trace.Info, e *trace.Event) Sentence {
	s := fmt.Sprintf("Iteration %d is complete: value %s, best move %s.", e.Depth, in.Format(e.Value), e.Move)
	if order, ok := strings.CutPrefix(e.Detail, "root order: "); ok {
		s += " The next iteration searches the root moves in this order, the move that took the lead first: " + order + "."
	}
	return Sentence{Text: s, Short: "iteration " + strconv.Itoa(e.Depth) + ": value " + in.Format(e.Value) + " · best move " + e.Move}
}

// late names a late move by its number among the node's moves and the
// count before it that late move reductions and pruning spare: "move 5,
// after the first 3".
func (x *say) late() string {
	n, count, ok := trace.ParseLateDetail(x.e.Detail)
	if !ok {
		return "a late move"
	}
	return fmt.Sprintf("move %d of %s, after the first %d", n, x.name(), count)
}

func (x *say) latePrune() Sentence {
	e := x.e
	return x.sentence(fmt.Sprintf("× late move pruning at %s: %s not searched (%s: a quiet move at depth %d)", x.name(), e.Move, x.late(), e.Depth))
}
