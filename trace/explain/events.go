package explain

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
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
		if x.e.Path == "" {
			return x.sentence(Printer(x.in).T("ev.quiescence.root", "Moves", x.quiescenceMoves(), "Window", x.window()))
		}
		return x.sentence(Printer(x.in).T("ev.quiescence", "Node", x.name(), "Moves", x.quiescenceMoves(), "Window", x.window()))
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

// v is a value as the sentence's language writes it in prose: 3.5, or
// 3,5 in Russian and Czech.
func (x *say) v(n int64) string { return Printer(x.in).Decimal(x.in.Format(n)) }

// at is where the event's node is, as a sentence says it after the
// event's name: "at 2", "at root" (Russian "в узле 2", "в корне"): a
// whole prepositional phrase, which reads the same wherever it stands.
func (x *say) at() string {
	if x.e.Path == "" {
		return Printer(x.in).T("ev.at.root")
	}
	return Printer(x.in).T("ev.at.node", "Node", x.e.Path)
}

// root reports whether the event is at the root.
func (x *say) root() bool { return x.e.Path == "" }

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

// NodeNameIn is NodeName where a person reads it, in the language of in:
// the root is "корень" in Russian, "kořen" in Czech, in the nominative.
func NodeNameIn(in *trace.Info, path string) string {
	if path == "" {
		return Printer(in).T("explain.nodename.root")
	}
	return path
}

func (x *say) window() string { return window(x.in, x.e.Alpha, x.e.Beta) }

// window writes a window (a, b) as the sentence's language does: as
// in.Window does in English; in Russian and Czech, whose decimal point is
// a comma, "(0,5; 1,25)" when an edge has decimals.
func window(in *trace.Info, a, b int64) string { return span(in, "(", a, b, ")") }

// interval writes [lo, hi] so.
func interval(in *trace.Info, lo, hi int64) string { return span(in, "[", lo, hi, "]") }

func span(in *trace.Info, open string, a, b int64, end string) string {
	p := Printer(in)
	fa, fb := in.Format(a), in.Format(b)
	sep := ", "
	if da, db := p.Decimal(fa), p.Decimal(fb); da != fa || db != fb {
		fa, fb, sep = da, db, "; "
	}
	return open + fa + sep + fb + end
}

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

// list names moves, at most max of them, in English.
func list(moves []string, max int) string { return listIn(nil, moves, max) }

// listIn names moves, at most max of them, saying how many more in the
// language of in.
func listIn(in *trace.Info, moves []string, max int) string {
	if max > 0 && len(moves) > max {
		return strings.Join(moves[:max], ", ") + Printer(in).T("ev.more", "Count", len(moves)-max)
	}
	return strings.Join(moves, ", ")
}

func (x *say) list(moves []string, max int) string { return listIn(x.in, moves, max) }

func (x *say) cutoff(long bool) Sentence {
	e := x.e
	c := x.claims()
	by := Printer(x.in).T("ev.by.any")
	if e.Move != "" {
		by = Printer(x.in).T("ev.by.move", "Move", e.Move)
	}
	claim := c[0].words(x.in)
	var head string
	switch {
	case e.Max && e.Ply == 0:
		head = Printer(x.in).T("ev.cutoff.max.root", "By", by, "Claim", claim)
	case e.Max:
		head = Printer(x.in).T("ev.cutoff.max.node", "Node", x.name(), "By", by, "Claim", claim)
	case e.Ply == 0:
		head = Printer(x.in).T("ev.cutoff.min.root", "By", by, "Claim", claim)
	default:
		head = Printer(x.in).T("ev.cutoff.min.node", "Node", x.name(), "By", by, "Claim", claim)
	}
	short := Printer(x.in).T("ev.cutoff.short", "Head", head, "Moves", x.list(e.Pruned, MaxMoves))
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
	rest := Printer(x.in).N("ev.cutoff.rest", int64(len(e.Pruned)), "Moves", x.list(e.Pruned, 8))
	if len(e.Pruned) == 1 {
		rest = Printer(x.in).T("ev.cutoff.rest.one", "Moves", e.Pruned[0])
	}
	text := Printer(x.in).T("ev.cutoff.long", "Head", head, "Why", capital(why), "Rest", rest)
	return Sentence{Text: text, Short: short, Claims: c}
}

// capital starts a clause that begins a sentence with a capital letter,
// Latin or Cyrillic (a Greek α or β is a name, and stays as it is).
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.In(r, unicode.Greek) || !unicode.IsLower(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
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
	if e.Reason == trace.ReasonThreat {
		// threat if the value falls below T (MAX) or rises above it (MIN):
		// the test's zero window is (T-1, T) at MAX and (T, T+1) at MIN.
		if e.Max {
			return x.sentence(Printer(x.in).T("ev.threattest.max", "At", x.at(), "Edge", x.v(e.Beta), "Margin", x.v(e.Margin)))
		}
		return x.sentence(Printer(x.in).T("ev.threattest.min", "At", x.at(), "Edge", x.v(e.Alpha), "Margin", x.v(e.Margin)))
	}
	var text string
	if e.Max {
		text = Printer(x.in).T("ev.null.max", "At", x.at(), "Depth", e.To, "Window", x.window(), "Beta", x.v(e.Beta))
	} else {
		text = Printer(x.in).T("ev.null.min", "At", x.at(), "Depth", e.To, "Window", x.window(), "Alpha", x.v(e.Alpha))
	}
	if e.Detail != "" {
		text = Printer(x.in).T("ev.null.detail", "Text", text, "Detail", x.nullDetail())
	}
	return x.sentence(text)
}

// nullDetail is the null move's detail in the sentence's language: its
// reduction and the conditions that held ("R=2; not in check, β finite"),
// which the engine writes in English.
func (x *say) nullDetail() string {
	d := x.e.Detail
	if Printer(x.in).Lang() == i18n.En {
		return d
	}
	r, conds, ok := strings.Cut(d, "; ")
	if !ok || !strings.HasPrefix(r, "R=") {
		return d
	}
	parts := strings.Split(conds, ", ")
	for i, c := range parts {
		parts[i] = x.nullCond(c)
	}
	return r + "; " + strings.Join(parts, ", ")
}

// nullCond is a condition of the null move that held, by the engine's
// words for it.
func (x *say) nullCond(c string) string {
	switch c {
	case "past the first plies":
		return Printer(x.in).T("ev.nullcond.firstplies")
	case "not in check":
		return Printer(x.in).T("ev.nullcond.incheck")
	case "not after a capture":
		return Printer(x.in).T("ev.nullcond.capture")
	case "not extended":
		return Printer(x.in).T("ev.nullcond.extended")
	case "first null move on the line":
		return Printer(x.in).T("ev.nullcond.once")
	case "not after a null move":
		return Printer(x.in).T("ev.nullcond.twice")
	case "a piece besides king and pawns":
		return Printer(x.in).T("ev.nullcond.pawns")
	case "β finite":
		return Printer(x.in).T("ev.nullcond.betafinite")
	case "α finite":
		return Printer(x.in).T("ev.nullcond.alphafinite")
	case "static eval - margin ≥ β":
		return Printer(x.in).T("ev.nullcond.eval.max")
	case "static eval + margin ≤ α":
		return Printer(x.in).T("ev.nullcond.eval.min")
	}
	return c
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
	s, o := x.side().String(), x.side().Other().String()
	c := x.claims()
	w := c[0].words(x.in)
	switch {
	case e.Reason != trace.ReasonThreat:
		return x.sentence(Printer(x.in).T("ev.threat.no", "At", x.at(), "Side", s, "Other", o, "Claim", w), c...)
	case x.root():
		return x.sentence(Printer(x.in).T("ev.threat.yes.root", "Side", s, "Other", o, "Claim", w), c...)
	}
	return x.sentence(Printer(x.in).T("ev.threat.yes", "Node", x.name(), "Side", s, "Other", o, "Claim", w), c...)
}

// skipWords are the reasons a null move was not tried, by the engine's
// reason key: what blocked it, said of the node.
func (x *say) skipWords() string { return skipWords(x.in, x.e.Reason, x.e.Max, x.e.Detail) }

// skipWords says why a null move was not tried at a node, by the engine's
// reason key, with max whether MAX is to move there; the engine's detail
// (English) for a reason not known here, else the key.
func skipWords(in *trace.Info, reason string, max bool, detail string) string {
	p := Printer(in)
	s := SideOf(max).String()
	switch reason {
	case trace.ReasonNullInCheck:
		return p.T("ev.skip.incheck", "Side", s)
	case trace.ReasonNullCapture:
		return p.T("ev.skip.capture")
	case trace.ReasonNullExtended:
		return p.T("ev.skip.extended")
	case trace.ReasonNullEval:
		if max {
			return p.T("ev.skip.eval.max")
		}
		return p.T("ev.skip.eval.min")
	case trace.ReasonNullFirstPlies:
		return p.T("ev.skip.firstplies")
	case trace.ReasonNullOnce:
		return p.T("ev.skip.once")
	case trace.ReasonNullTwice:
		return p.T("ev.skip.twice")
	case trace.ReasonNullVerifying:
		return p.T("ev.skip.verifying")
	case trace.ReasonNullInfinite:
		if max {
			return p.T("ev.skip.inf.max")
		}
		return p.T("ev.skip.inf.min")
	case trace.ReasonNullPawns:
		return p.T("ev.skip.pawns", "Side", s)
	}
	if detail != "" {
		return detail
	}
	return reason
}

func (x *say) nullSkip() Sentence {
	return x.sentence(Printer(x.in).T("ev.nullskip", "At", x.at(), "Why", x.skipWords()))
}

func (x *say) nullPrune() Sentence {
	c := x.claims()
	return x.sentence(Printer(x.in).T("ev.nullprune", "At", x.at(), "Side", x.side().String(), "Claim", c[0].words(x.in)), c...)
}

func (x *say) nullVerify() Sentence {
	c := x.claims()
	return x.sentence(Printer(x.in).T("ev.nullverify", "At", x.at(), "Claim", c[0].words(x.in)), c...)
}

func (x *say) nullFail() Sentence {
	c := x.claims()
	return x.sentence(Printer(x.in).T("ev.nullfail", "At", x.at(), "Side", x.side().String(), "Claim", c[0].words(x.in)), c...)
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
		return Printer(x.in).T("ev.cannot.max")
	}
	return Printer(x.in).T("ev.cannot.min")
}

func (x *say) reduce() Sentence {
	e := x.e
	c := x.claims()
	if e.Reason == trace.ReasonReduceLate {
		return x.sentence(Printer(x.in).T("ev.reduce.late", "Move", e.Move, "From", e.Depth-1, "To", e.To, "Late", x.late(), "By", e.Depth-1-e.To), c...)
	}
	return x.sentence(Printer(x.in).T("ev.reduce.quiet", "Move", e.Move, "From", e.Depth-1, "To", e.To, "Claim", c[0].words(x.in), "Cannot", x.cannot()), c...)
}

func (x *say) futility() Sentence {
	c := x.claims()
	return x.sentence(Printer(x.in).T("ev.futility", "At", x.at(), "Move", x.e.Move, "Claim", c[0].words(x.in), "Cannot", x.cannot()), c...)
}

func (x *say) razor() Sentence {
	e := x.e
	c := x.claims()
	return x.sentence(Printer(x.in).T("ev.razor", "At", x.at(), "Claim", c[0].words(x.in), "From", e.Depth, "To", e.To), c...)
}

// extendWords names the rule of an extension by its reason key, in English.
func extendWords(reason string) string { return extendWordsIn(nil, reason) }

// extendWordsIn names it in the language of in.
func extendWordsIn(in *trace.Info, reason string) string {
	p := Printer(in)
	switch reason {
	case trace.ReasonExtendCheck:
		return p.T("ev.extwhy.check")
	case trace.ReasonExtendRecapture:
		return p.T("ev.extwhy.recapture")
	case trace.ReasonExtendPromotion:
		return p.T("ev.extwhy.promotion")
	case trace.ReasonThreat:
		return p.T("ev.extwhy.threat")
	case trace.ReasonExtendSeventh:
		return p.T("ev.extwhy.seventh")
	case trace.ReasonExtendCheckKept:
		return p.T("ev.extwhy.checkkept")
	}
	return reason
}

func (x *say) extendWords() string { return extendWordsIn(x.in, x.e.Reason) }

func (x *say) extend() Sentence {
	e := x.e
	switch {
	case e.Move != "":
		return x.sentence(Printer(x.in).T("ev.extend.move", "Move", e.Move, "From", e.Depth-1, "To", e.To, "Why", x.extendWords()))
	case x.root(): // the node itself: a threat found at it
		return x.sentence(Printer(x.in).T("ev.extend.root", "From", e.Depth, "To", e.To, "Why", x.extendWords()))
	}
	return x.sentence(Printer(x.in).T("ev.extend.node", "Node", x.name(), "From", e.Depth, "To", e.To, "Why", x.extendWords()))
}

func (x *say) standPat() Sentence {
	e := x.e
	c := x.claims()
	if e.Reason == trace.ReasonStandCut {
		return x.sentence(Printer(x.in).T("ev.standpat.cut", "At", x.at(), "Claim", c[0].words(x.in), "Side", x.side().String()), c...)
	}
	return x.sentence(Printer(x.in).T("ev.standpat", "At", x.at(), "Value", x.v(e.Value), "Side", x.side().String()), c...)
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
		return x.sentence(Printer(x.in).T("ev.research.pvs", "Move", e.Move, "At", x.at(), "Claim", c[0].words(x.in), "Side", x.side().String()), c...)
	case trace.ReasonLMR:
		return x.sentence(Printer(x.in).T("ev.research.lmr", "Move", e.Move, "At", x.at(), "To", e.To, "Claim", c[0].words(x.in), "Side", x.side().String(), "Depth", e.Depth-1), c...)
	case trace.ReasonVerifyFail:
		if x.root() {
			return x.sentence(Printer(x.in).T("ev.research.verify.root", "Claim", c[0].words(x.in)), c...)
		}
		return x.sentence(Printer(x.in).T("ev.research.verify", "Node", x.name(), "Claim", c[0].words(x.in)), c...)
	case trace.ReasonAspiration:
		if e.Max {
			return x.sentence(Printer(x.in).T("ev.research.aspiration.max", "Move", e.Move, "Claim", c[0].words(x.in)), c...)
		}
		return x.sentence(Printer(x.in).T("ev.research.aspiration.min", "Move", e.Move, "Claim", c[0].words(x.in)), c...)
	}
	switch {
	case e.Move != "":
		return x.sentence(Printer(x.in).T("ev.research.move", "Move", e.Move, "At", x.at(), "Reason", e.Reason), c...)
	case x.root():
		return x.sentence(Printer(x.in).T("ev.research.root", "Reason", e.Reason), c...)
	}
	return x.sentence(Printer(x.in).T("ev.research.node", "Node", x.name(), "Reason", e.Reason), c...)
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
	var what string
	switch e.Bound {
	case score.Exact:
		what = Printer(x.in).T("ev.tt.exact", "Value", x.v(e.Value), "Depth", e.To)
	case score.Lower:
		what = Printer(x.in).T("ev.tt.lower", "Value", x.v(e.Value), "Depth", e.To)
	case score.Upper:
		what = Printer(x.in).T("ev.tt.upper", "Value", x.v(e.Value), "Depth", e.To)
	default:
		what = Printer(x.in).T("ev.tt.nobound", "Value", x.v(e.Value), "Depth", e.To)
	}
	from := ""
	switch {
	case e.RefPath != "" && e.RefPath == x.name(), e.Has&trace.HasRef != 0 && e.Ref == e.Node:
		from = Printer(x.in).T("ev.tt.from.self")
	case e.RefPath != "":
		from = Printer(x.in).T("ev.tt.from.path", "Node", e.RefPath)
	case e.Has&trace.HasRef != 0:
		from = Printer(x.in).T("ev.tt.from.id", "ID", e.Ref)
	}
	head := Printer(x.in).T("ev.tt.head", "At", x.at(), "What", what, "From", from)
	why := strings.TrimPrefix(e.Reason, "no cut: ")
	switch {
	case e.Reason == trace.ReasonTTCut && e.Bound != score.Exact:
		return x.sentence(Printer(x.in).T("ev.tt.cut.bound", "Head", head, "Claim", c[0].words(x.in)), c...)
	case e.Reason == trace.ReasonTTCut:
		return x.sentence(Printer(x.in).T("ev.tt.cut", "Head", head), c...)
	case why == "too shallow":
		return x.sentence(Printer(x.in).T("ev.tt.shallow", "Head", head, "Claim", c[0].words(x.in)), c...)
	case why == "bound outside the window" && e.Bound == score.Lower:
		return x.sentence(Printer(x.in).T("ev.tt.lowbelow", "Head", head, "Claim", c[0].words(x.in)), c...)
	case why == "bound outside the window" && e.Bound == score.Upper:
		return x.sentence(Printer(x.in).T("ev.tt.upabove", "Head", head, "Claim", c[0].words(x.in)), c...)
	}
	switch why {
	case trace.ReasonTTCutoffsOff:
		why = Printer(x.in).T("ev.tt.why.off")
	case trace.ReasonTTAtRoot:
		why = Printer(x.in).T("ev.tt.why.root")
	case trace.ReasonTTOutside:
		why = Printer(x.in).T("ev.tt.why.outside")
	}
	return x.sentence(Printer(x.in).T("ev.tt.nocut", "Head", head, "Why", why), c...)
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
		what = Printer(x.in).T("ev.pass.mtdf.lower", "Claim", c[0].words(x.in), "Interval", interval(x.in, e.Lower, e.Upper))
	case e.Reason == trace.ReasonMTDF:
		what = Printer(x.in).T("ev.pass.mtdf.upper", "Claim", c[0].words(x.in), "Interval", interval(x.in, e.Lower, e.Upper))
	case e.Detail == trace.WindowFailLow:
		what = Printer(x.in).T("ev.pass.faillow", "Claim", c[0].words(x.in))
	case e.Detail == trace.WindowFailHigh:
		what = Printer(x.in).T("ev.pass.failhigh", "Claim", c[0].words(x.in))
	case c[0].Rel == EQ:
		what = Printer(x.in).T("ev.pass.openedge", "Claim", c[0].words(x.in))
	default:
		what = Printer(x.in).T("ev.pass.inside", "Value", x.v(e.Value))
	}
	text := Printer(x.in).T("ev.pass.aspiration", "Pass", e.Pass, "Window", x.window(), "What", what)
	if e.Reason == trace.ReasonMTDF {
		text = Printer(x.in).T("ev.pass.mtdf", "Pass", e.Pass, "Window", x.window(), "What", what)
	}
	return Sentence{Text: text, Short: text, Claims: c}
}

// BoundWord is a bound's name: "exact", "lower bound", "upper bound", "no bound".
func BoundWord(b score.Bound) string { return BoundWords(nil, b) }

// BoundWords is a bound's name in the language of in, as a label or a
// subject (Russian nominative): "exact", "lower bound".
func BoundWords(in *trace.Info, b score.Bound) string {
	p := Printer(in)
	switch b {
	case score.Exact:
		return p.T("ev.bound.exact")
	case score.Lower:
		return p.T("ev.bound.lower")
	case score.Upper:
		return p.T("ev.bound.upper")
	}
	return p.T("ev.bound.none")
}

// Iteration explains a completed iteration of iterative deepening.
func Iteration(in *trace.Info, e *trace.Event) Sentence {
	p := Printer(in)
	v := p.Decimal(in.Format(e.Value))
	s := p.T("ev.iteration", "Depth", e.Depth, "Value", v, "Move", e.Move)
	if order, ok := strings.CutPrefix(e.Detail, "root order: "); ok {
		s = p.T("ev.iteration.order", "Text", s, "Order", order)
	}
	return Sentence{Text: s, Short: p.T("ev.iteration.short", "Depth", e.Depth, "Value", v, "Move", e.Move)}
}

// late names a late move by its number among the node's moves and the
// count before it that late move reductions and pruning spare: "move 5
// of 2, after the first 3".
func (x *say) late() string {
	n, count, ok := trace.ParseLateDetail(x.e.Detail)
	switch {
	case !ok:
		return Printer(x.in).T("ev.late.any")
	case count == 1 && x.root():
		return Printer(x.in).T("ev.late.root.first", "N", n, "Count", count)
	case count == 1:
		return Printer(x.in).T("ev.late.first", "N", n, "Node", x.name(), "Count", count)
	case x.root():
		return Printer(x.in).N("ev.late.root", int64(count), "N", n)
	}
	return Printer(x.in).N("ev.late", int64(count), "N", n, "Node", x.name())
}

func (x *say) latePrune() Sentence {
	e := x.e
	return x.sentence(Printer(x.in).T("ev.lmp", "At", x.at(), "Move", e.Move, "Late", x.late(), "Depth", e.Depth))
}
