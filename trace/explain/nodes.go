package explain

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Open is what a sink knows of a node on the current line while it is
// searched: who moves, the window it was entered with, and the best value
// its completed moves returned so far (MAX's view). The sentences about a
// node's return and its effect on its parent read it.
type Open struct {
	Path      string
	Max       bool
	Ply       int
	HasWindow bool
	Alpha     int64
	Beta      int64
	// AlphaFrom and BetaFrom are where the window's edges came from
	// (Origins).
	AlphaFrom, BetaFrom Source
	HasBest             bool
	Best                int64
	// Chance: a chance node, whose searched children are Outcomes (its
	// best is none). PNum/PDen: the node's own probability as a chance
	// node's child (PDen 0 else).
	Chance     bool
	Outcomes   []Outcome
	PNum, PDen int64
}

// Current is the node's window as it stands: the window it was entered
// with, α raised (at MAX) or β lowered (at MIN) by the best value its moves
// returned so far.
func (p *Open) Current() (alpha, beta int64) {
	alpha, beta = p.Alpha, p.Beta
	switch {
	case p.HasBest && p.Max:
		alpha = max(alpha, p.Best)
	case p.HasBest:
		beta = min(beta, p.Best)
	}
	return alpha, beta
}

// Place is where a step stands in an iterative or multi-pass search: the
// iterations completed and the passes of the root made in the current one.
type Place struct{ Iteration, Pass int }

// Enter explains entering a node: who moves, the depth left, and what its
// window means, which depends on where its edges came from (Origins): p
// is the node's parent as the sink knows it, nil at the root.
func Enter(in *trace.Info, e *trace.Event, at Place, p *Open) Sentence {
	x := &say{in: in, e: e}
	P := Printer(in)
	var s string
	switch {
	case e.Ply == 0 && (at.Iteration > 0 || at.Pass > 0):
		s = P.T("explain.enter.pass", "Iteration", at.Iteration+1, "Pass", at.Pass+1, "Depth", e.Depth, "Side", x.side())
	case e.Ply == 0:
		s = P.T("explain.enter.root", "Side", x.side(), "Depth", e.Depth)
	case e.Move == trace.PassMove:
		s = P.T("explain.enter.null", "Node", x.name(), "Passed", x.side().Other(), "Side", x.side(), "Depth", e.Depth)
	case e.Chance:
		s = x.chanceEnter()
	default:
		s = P.T("explain.enter.node", "Node", x.name(), "Side", x.side(), "Depth", e.Depth)
	}
	s += x.probability()
	switch e.Reason {
	case trace.ReasonQS:
		s += P.T("explain.enter.qs", "Moves", x.quiescenceMoves())
	case trace.ReasonProbe:
		s += P.T("explain.enter.probe")
	}
	who := x.who()
	if e.Chance {
		who = Claim{Who: Nobody, Ply: e.Ply}
	}
	if e.Has&trace.HasWindow == 0 {
		return x.sentence(s+".", who)
	}
	s += P.T("explain.enter.window", "Window", x.window())
	a, b := e.Alpha, e.Beta
	fa, fb := Origins(in, p, e)
	claims := []Claim{who}
	switch {
	case !score.IsInf(a) && !score.IsInf(b) && b-a == 1:
		s += " " + P.T("explain.enter.nullwindow", "Value", x.v(a))
	case score.IsInf(a) && score.IsInf(b):
		if e.Ply > 0 {
			s += " " + P.T("explain.enter.nothing")
		}
	case e.Ply == 0 && fa.From != FromPass && fb.From != FromPass && in != nil && in.RootWindow != nil:
		s += " " + P.T("explain.enter.given", "Alpha", x.v(a), "Beta", x.v(b))
	case e.Ply == 0:
		s += " " + P.T("explain.enter.aspiration")
	case a == b && x.strict():
		s += " " + P.T("explain.enter.tie", "Value", x.v(a))
	case score.IsInf(b):
		s += " " + P.T("explain.enter.above", "Edge", upper(edgeWords(in, e.Ply, a, true, fa)), "Value", x.v(a))
		claims = append(claims, edgeClaim(e.Path, e.Ply, a, true, fa))
	case score.IsInf(a):
		s += " " + P.T("explain.enter.below", "Edge", upper(edgeWords(in, e.Ply, b, false, fb)), "Value", x.v(b))
		claims = append(claims, edgeClaim(e.Path, e.Ply, b, false, fb))
	default:
		claims = append(claims, edgeClaim(e.Path, e.Ply, a, true, fa), edgeClaim(e.Path, e.Ply, b, false, fb))
		if both := bothEdges(in, a, b, fa, fb); both != "" {
			s += " " + P.T("explain.enter.between.both", "Both", both)
			break
		}
		s += " " + P.T("explain.enter.between", "Low", upper(edgeWords(in, e.Ply, a, true, fa)), "High", edgeWords(in, e.Ply, b, false, fb))
	}
	return x.sentence(s, claims...)
}

// Leaf explains a node whose value is used as it is (enter and leaf are its
// events), and what the value does to its parent p (nil at the root).
func Leaf(in *trace.Info, enter, leaf *trace.Event, p *Open) Sentence {
	x := &say{in: in, e: leaf}
	P := Printer(in)
	name, v := x.name(), x.v(leaf.Value)
	at := atBare(P, leaf.Path)
	var s string
	switch leaf.Reason {
	case trace.ReasonStatic:
		s = P.T("explain.leaf.static", "At", at, "Value", v)
	case trace.ReasonNoMoves:
		s = upper(P.T("explain.leaf.nomoves", "At", at, "Value", v))
	default:
		if in.Game == "tree" {
			s = P.T("explain.leaf.tree", "Node", NameIn(P, leaf.Path), "Value", v)
		} else {
			s = P.T("explain.leaf.over", "At", at, "Value", v)
		}
	}
	out := Sentence{Text: s, Short: s, Claims: []Claim{x.who()}}
	if p != nil && p.Chance {
		self := &Open{PNum: enter.PNum, PDen: enter.PDen}
		return out.with(outcomeEffect(in, p, leaf, self, score.Exact))
	}
	if r := research(in, p, enter, name, leaf.Value); r.Text != "" {
		return out.with(r)
	}
	return out.with(Effect(in, p, enter.Move, name, leaf.Value, score.Exact))
}

// research says what the value v of a PVS probe (the child name of p,
// entered with e's null window) does when it passes the window: nothing
// yet, for the move is searched again with p's full window to learn its
// value. It returns the zero Sentence for any other child.
func research(in *trace.Info, p *Open, e *trace.Event, name string, v int64) Sentence {
	if in == nil || in.Algo != "pvs" || p == nil || !p.HasWindow || p.Chance || e.Has&trace.HasWindow == 0 || e.Beta-e.Alpha != 1 || e.Move == trace.PassMove {
		return Sentence{}
	}
	curA, curB := p.Current()
	if curB-curA <= 1 || v <= curA || v >= curB {
		return Sentence{} // p's own window is null, or the probe failed: its value is what it is
	}
	who := SideOf(p.Max)
	P := Printer(in)
	a, b := num("α", curA), num("β", curB)
	a.Role, b.Role = CurAlpha, CurBeta
	c := []Claim{{Ply: p.Ply, L: a, Rel: LT, R: num("", v), Node: p.Path}, {Ply: p.Ply, L: num("", v), Rel: LT, R: b, Node: p.Path}}
	edge := fmt.Sprintf("%s > α %s", dec(in, v), dec(in, curA))
	if !p.Max {
		edge = fmt.Sprintf("%s < β %s", dec(in, v), dec(in, curB))
	}
	args := []any{"Edge", edge, "Node", name, "Side", who, "Window", window(in, curA, curB)}
	if p.Path == "" {
		return Sentence{Text: P.T("explain.research.probe.root", args...), Claims: c}
	}
	return Sentence{Text: P.T("explain.research.probe", append(args, "At", p.Path)...), Claims: c}
}

// with appends a sentence to s.
func (s Sentence) with(t Sentence) Sentence {
	if t.Text != "" {
		s.Text += " " + t.Text
		s.Claims = append(s.Claims, t.Claims...)
	}
	return s
}

// upper starts a sentence with a capital: a Latin letter only (a Greek α
// or β is a name, and stays as it is).
func upper(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if s == "" || !unicode.IsLower(r) || unicode.Is(unicode.Greek, r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// Exit explains the value a node returns (e is its exit event, self what the
// sink knew of the node, nil if nothing) and what it does to its parent p.
func Exit(in *trace.Info, e *trace.Event, self, p *Open, move string) Sentence {
	x := &say{in: in, e: e}
	P := Printer(in)
	v := x.v(e.Value)
	b := ReturnWords(in, e)
	var head string
	switch {
	case e.Ply == 0:
		head = P.T("explain.exit.root", "Returns", b.Text)
	case e.Chance:
		head = P.T("explain.exit.chance", "Node", x.name(), "Returns", b.Text)
	default:
		head = P.T("explain.exit.node", "Node", x.name(), "Returns", b.Text)
	}
	s := Sentence{Text: head, Short: fmt.Sprintf("%s = %s", NameIn(P, e.Path), v) + " " + b.Short, Claims: b.Claims}
	if e.Chance {
		s = s.with(ChanceReturn(in, e, self))
	}
	if c := Clamp(in, e, self); c.Text != "" {
		s.Text += " " + c.Text
		s.Short += " — " + c.Short
		s.Claims = append(s.Claims, c.Claims...)
	}
	if p != nil && p.Chance {
		b := e.Bound
		if e.Proved {
			b = score.Exact
		}
		return s.with(outcomeEffect(in, p, e, self, b))
	}
	if r := research(in, p, e, x.name(), e.Value); r.Text != "" {
		return s.with(r)
	}
	return s.with(Effect(in, p, move, x.name(), e.Value, e.Bound))
}

// ReturnWords says what a returned value is, by the textbook rule, and why:
// "3, an upper bound (3 ≤ α 3): its true value is 3 or less". Its short form
// is what the text trace prints after the value.
func ReturnWords(in *trace.Info, e *trace.Event) Sentence {
	x := &say{in: in, e: e}
	P := Printer(in)
	v := x.v(e.Value)
	windowed := e.Has&trace.HasWindow != 0
	if e.Reason == trace.ReasonProbe {
		upper := e.Bound == score.Upper
		var text, short string
		switch {
		case upper && e.Max:
			text = P.T("explain.return.probe.upper.max", "Value", v)
		case upper:
			text = P.T("explain.return.probe.upper.min", "Value", v)
		case e.Max:
			text = P.T("explain.return.probe.lower.max", "Value", v)
		default:
			text = P.T("explain.return.probe.lower.min", "Value", v)
		}
		if upper {
			short = P.T("explain.return.probe.upper.short", "Value", v)
		} else {
			short = P.T("explain.return.probe.lower.short", "Value", v)
		}
		return Sentence{Text: text, Short: short}
	}
	switch e.Bound {
	case score.Exact:
		if windowed && !score.IsInf(e.Alpha) || windowed && !score.IsInf(e.Beta) {
			c := []Claim{x.compare(x.alpha(), LT, x.value()), x.compare(x.value(), LT, x.beta())}
			c[0].Who, c[1].Who = Nobody, Nobody
			return Sentence{Text: P.T("explain.return.exact.window", "Value", v, "Window", x.window()), Short: P.T("explain.return.exact.short"), Claims: c}
		}
		return Sentence{Text: P.T("explain.return.exact", "Value", v), Short: P.T("explain.return.exact.short")}
	case score.Upper, score.Lower:
		lower := e.Bound == score.Lower
		c := x.compare(x.value(), LE, x.alpha())
		short := P.T("explain.return.upper.short", "Value", v)
		if lower {
			c = x.compare(x.value(), GE, x.beta())
			short = P.T("explain.return.lower.short", "Value", v)
		}
		if !windowed {
			if lower {
				return Sentence{Text: P.T("explain.return.lower.nowindow", "Value", v), Short: short}
			}
			return Sentence{Text: P.T("explain.return.upper.nowindow", "Value", v), Short: short}
		}
		c.Who = Nobody
		var text string
		switch {
		case lower && e.Proved:
			text = P.T("explain.return.lower.proved", "Value", v, "Rel", c.words(in))
		case lower:
			text = P.T("explain.return.lower", "Value", v, "Rel", c.words(in))
		case e.Proved:
			text = P.T("explain.return.upper.proved", "Value", v, "Rel", c.words(in))
		default:
			text = P.T("explain.return.upper", "Value", v, "Rel", c.words(in))
		}
		if e.Proved {
			short += P.T("explain.return.proved.short")
		}
		return Sentence{Text: text, Short: short, Claims: []Claim{c}}
	}
	if windowed && e.Alpha == e.Beta {
		c := []Claim{x.compare(x.value(), EQ, x.alpha()), x.compare(x.alpha(), EQ, x.beta())}
		c[0].Who, c[1].Who = Nobody, Nobody
		if e.Proved {
			return Sentence{Text: P.T("explain.return.tie.proved", "Value", v, "Window", x.window()),
				Short: P.T("explain.return.tie.proved.short", "Window", x.window()), Claims: c}
		}
		return Sentence{Text: P.T("explain.return.tie", "Value", v, "Window", x.window()),
			Short: P.T("explain.return.tie.short", "Window", x.window()), Claims: c}
	}
	return Sentence{Text: v, Short: ""}
}

// Clamp says that a fail-hard (or F2) node returned an edge of its window
// instead of the best value its moves found, when it did: "Fail-hard: the
// best found, 2, lies below α 3, so the node returns α."
func Clamp(in *trace.Info, e *trace.Event, self *Open) Sentence {
	if self == nil || !self.HasBest || e.Has&trace.HasWindow == 0 || in == nil || (in.Fail != "hard" && in.Fail != "f2") {
		return Sentence{}
	}
	x := &say{in: in, e: e}
	P := Printer(in)
	conv := FailShortIn(in, in.Fail)
	best := num("", self.Best)
	switch {
	case self.Best < e.Value && e.Value == e.Alpha:
		c := Claim{L: best, Rel: LT, R: x.alpha()}
		return Sentence{Text: P.T("explain.clamp.alpha", "Conv", upper(conv), "Best", x.v(self.Best), "Alpha", x.v(e.Alpha)),
			Short: P.T("explain.clamp.alpha.short", "Conv", conv, "Best", x.v(self.Best)), Claims: []Claim{c}}
	case self.Best > e.Value && e.Value == e.Beta && in.Fail == "hard":
		c := Claim{L: best, Rel: GT, R: x.beta()}
		return Sentence{Text: P.T("explain.clamp.beta", "Conv", upper(conv), "Best", x.v(self.Best), "Beta", x.v(e.Beta)),
			Short: P.T("explain.clamp.beta.short", "Conv", conv, "Best", x.v(self.Best)), Claims: []Claim{c}}
	}
	return Sentence{}
}

// Effect says what a child's value v (with its bound) does to its parent p:
// it is no better than what p has, or p now has it, with what that means for
// p's window. name is the child's name, move the move into it.
func Effect(in *trace.Info, p *Open, move, name string, v int64, bound score.Bound) Sentence {
	if p == nil {
		return Sentence{}
	}
	P := Printer(in)
	who := SideOf(p.Max)
	at := atThe(P, p.Path)
	if move == trace.PassMove {
		return Sentence{Text: P.T("explain.effect.pass", "Side", who, "At", at),
			Claims: []Claim{{Who: who, Ply: p.Ply}}}
	}
	f := func(n int64) string { return dec(in, n) }
	val := num("", v)
	best := num("", p.Best)
	best.Role = BestSoFar
	if p.HasBest {
		var c Claim
		if p.Max {
			c = Claim{Who: who, Ply: p.Ply, L: val, Rel: LE, R: best, Node: p.Path}
		} else {
			c = Claim{Who: who, Ply: p.Ply, L: val, Rel: GE, R: best, Node: p.Path}
		}
		if c.Rel.Holds(v, p.Best) {
			if bound != score.Exact && !in.NodesOnly {
				return Sentence{Text: P.T("explain.effect.keeps.bound", "Side", who, "At", at, "Best", f(p.Best), "Node", name), Claims: []Claim{c}}
			}
			return Sentence{Text: P.T("explain.effect.keeps", "Side", who, "At", at, "Best", f(p.Best), "Node", name), Claims: []Claim{c}}
		}
	}
	var s string
	var claims []Claim
	if p.HasBest {
		s = P.T("explain.effect.instead", "Side", who, "At", at, "Value", f(v), "Best", f(p.Best))
		rel := GT
		if !p.Max {
			rel = LT
		}
		claims = append(claims, Claim{Who: who, Ply: p.Ply, L: val, Rel: rel, R: best, Node: p.Path})
	} else {
		s = P.T("explain.effect.has", "Side", who, "At", at, "Value", f(v))
		claims = append(claims, Claim{Who: who, Ply: p.Ply})
	}
	if !p.HasWindow {
		return Sentence{Text: s + ".", Claims: claims}
	}
	strict := in.Cutoff == "gt"
	// The window as it stands: α raised (at MAX) or β lowered (at MIN) by
	// the moves searched so far, which are what a value is compared with.
	curA, curB := p.Current()
	alpha, beta := num("α", curA), num("β", curB)
	alpha.Role, beta.Role = CurAlpha, CurBeta
	node := p.Path
	var c Claim
	var tail string
	var src []Claim
	switch {
	case p.Max && !score.IsInf(curB) && (v > curB || v == curB && !strict):
		c, tail = Claim{L: val, Rel: GE, R: beta}, P.T("explain.effect.reaches.beta", "Why", reachTail(in, p, curB, false))
		src = []Claim{edgeClaim(node, p.Ply, curB, false, p.BetaFrom)}
		if strict {
			c.Rel = GT
		}
	case !p.Max && !score.IsInf(curA) && (v < curA || v == curA && !strict):
		c, tail = Claim{L: val, Rel: LE, R: alpha}, P.T("explain.effect.reaches.alpha", "Why", reachTail(in, p, curA, true))
		src = []Claim{edgeClaim(node, p.Ply, curA, true, p.AlphaFrom)}
		if strict {
			c.Rel = LT
		}
	case p.Max && v > curA:
		c, tail = Claim{L: val, Rel: GT, R: alpha}, P.T("explain.effect.alpha.rises", "Value", f(v))
	case !p.Max && v < curB:
		c, tail = Claim{L: val, Rel: LT, R: beta}, P.T("explain.effect.beta.falls", "Value", f(v))
	default:
		return Sentence{Text: s + ".", Claims: claims}
	}
	if !score.IsInf(c.R.V) {
		s += " (" + c.words(in) + ")"
	}
	s += tail
	c.Node, c.Ply = node, p.Ply
	claims = append(claims, c)
	return Sentence{Text: s + ".", Claims: append(claims, src...)}
}

// StopWords names why a search stopped (engine's Stop names: "time
// limit", "node limit"...) in the language of in; another reason as it is.
func StopWords(in *trace.Info, why string) string { return stopWords(Printer(in), why) }

// stopWords is StopWords in the language of p.
func stopWords(p *i18n.Printer, why string) string {
	switch why {
	case "time limit":
		return p.T("explain.stop.time")
	case "node limit":
		return p.T("explain.stop.nodes")
	case "interrupted":
		return p.T("explain.stop.interrupted")
	case "trace limit":
		return p.T("explain.stop.trace")
	}
	return why
}

// Done explains the end of a search.
func Done(in *trace.Info, e *trace.Event) Sentence {
	P := Printer(in)
	sum := e.Summary
	if sum == nil {
		s := P.T("explain.done.over")
		return Sentence{Text: s, Short: s}
	}
	if sum.Stopped != "" && e.Has&trace.HasValue == 0 {
		s := P.T("explain.done.novalue", "Why", stopWords(P, sum.Stopped), "Counts", Counts(in, sum))
		return Sentence{Text: s, Short: s}
	}
	value := RootValue(in, sum)
	x := &say{in: in, e: e}
	var claims []Claim
	given := ""
	if e.Has&trace.HasWindow != 0 { // a window given for the root
		claims = x.windowClaims(sum.Bound)
		rel := claims[0].words(in) // "2 ≤ α 3"
		if len(claims) > 1 {
			rel += " " + claims[1].Rel.Symbol() + " " + claims[1].R.words(in) // "α 3 < 5 < β 8"
		}
		given = P.T("explain.done.given", "Rel", rel, "Window", x.window())
	}
	var rest string
	if parts := resultParts(in, sum, true, true)[1:]; len(parts) > 0 { // after the value: the best move, the line
		rest = ", " + strings.Join(parts, ", ")
	}
	var s string
	if sum.Stopped != "" {
		s = P.T("explain.done.stopped", "Why", stopWords(P, sum.Stopped), "Value", value, "Given", given, "Rest", rest, "Counts", Counts(in, sum))
	} else {
		s = P.T("explain.done", "Value", value, "Given", given, "Rest", rest, "Counts", Counts(in, sum))
	}
	return Sentence{Text: s, Short: s, Claims: claims}
}

// windowClaims are what a root value says of the window given for the root:
// at or below α for an upper bound, at or above β for a lower one, strictly
// inside for an exact value.
func (x *say) windowClaims(b score.Bound) []Claim {
	var c []Claim
	switch b {
	case score.Upper:
		c = []Claim{x.compare(x.value(), LE, x.alpha())}
	case score.Lower:
		c = []Claim{x.compare(x.value(), GE, x.beta())}
	default:
		c = []Claim{x.compare(x.alpha(), LT, x.value()), x.compare(x.value(), LT, x.beta())}
	}
	for i := range c {
		c[i].Who = Nobody
	}
	return c
}

// RootValue is the root's value as a result says it: "3" when exact; "at
// most 3" or "at least 5" when it is a bound (a root window given, the value
// outside it), with ", proved exact" when the searched moves prove it so.
func RootValue(in *trace.Info, sum *trace.Summary) string {
	P := Printer(in)
	v := dec(in, sum.Value)
	switch {
	case sum.Bound == score.Upper && sum.Proved:
		return P.T("explain.value.atmost.proved", "Value", v)
	case sum.Bound == score.Upper:
		return P.T("explain.value.atmost", "Value", v)
	case sum.Bound == score.Lower && sum.Proved:
		return P.T("explain.value.atleast.proved", "Value", v)
	case sum.Bound == score.Lower:
		return P.T("explain.value.atleast", "Value", v)
	}
	return v
}

// BestWords names a result's best move: "best move e4"; after a root
// window's fail high, the move that reached its edge, "move e4 reaches the
// bound (not known to be best)"; after a fail low, "no move is known best".
// In English; BestWordsIn in a search's language.
func BestWords(sum *trace.Summary) string { return BestWordsIn(nil, sum) }

// BestWordsIn is BestWords in the language of in.
func BestWordsIn(in *trace.Info, sum *trace.Summary) string {
	P := Printer(in)
	bound := (sum.Bound == score.Upper || sum.Bound == score.Lower) && !sum.Proved
	switch {
	case !bound && sum.Best != "":
		return P.T("explain.best", "Move", sum.Best)
	case !bound:
		return ""
	case sum.Best != "":
		return P.T("explain.best.reaches", "Move", sum.Best)
	}
	return P.T("explain.best.none")
}

// PassLabel names a null-move node in a line of the text trace: "-- (null
// move: MAX passed)"; e is its enter event (the side to move after the pass).
// In English; PassLabelIn in a search's language.
func PassLabel(e *trace.Event) string { return PassLabelIn(nil, e) }

// PassLabelIn is PassLabel in the language of in.
func PassLabelIn(in *trace.Info, e *trace.Event) string {
	return trace.PassMove + " " + Printer(in).T("explain.passlabel", "Side", SideOf(e.Max).Other())
}

// ResultParts are a result's value, best move and, with pv, its principal
// variation, as the one-line summaries list them (joined by " · "): "value
// 3", "best move b", "PV b b1". A value that is a bound says so (RootValue,
// BestWords), and the line after a fail high's move is only "line b b1".
func ResultParts(in *trace.Info, sum *trace.Summary, pv bool) []string {
	return resultParts(in, sum, pv, false)
}

// resultParts are ResultParts; long names the principal variation in full
// ("principal variation b b1"), as a sentence does.
func resultParts(in *trace.Info, sum *trace.Summary, pv, long bool) []string {
	P := Printer(in)
	parts := []string{P.T("explain.result.value", "Value", RootValue(in, sum))}
	if b := BestWordsIn(in, sum); b != "" {
		parts = append(parts, b)
	}
	if pv && len(sum.PV) > 0 {
		line := strings.Join(sum.PV, " ")
		switch {
		case sum.Bound != score.NoBound && !sum.Proved:
			parts = append(parts, P.T("explain.result.line", "Moves", line))
		case long:
			parts = append(parts, P.T("explain.result.pv.long", "Moves", line))
		default:
			parts = append(parts, P.T("explain.result.pv", "Moves", line))
		}
	}
	return parts
}

// SummaryLines are what a search found, as search's summary prints it: the
// algorithm and conventions, the options ("+ …"), the input, the result,
// the counts and, when any, the cuts' counts.
func SummaryLines(in *trace.Info, sum *trace.Summary) []string {
	out := []string{Describe(in)}
	for _, o := range OptionLines(in) {
		out = append(out, "+ "+o)
	}
	out = append(out, InputLine(in), strings.Join(ResultParts(in, sum, true), " · "), Counts(in, sum))
	if cuts := CutCountsIn(in, sum); cuts != "" {
		out = append(out, cuts)
	}
	return out
}

// The names of nodes in the sentences above: at a node (the locative a
// Russian or Czech sentence needs: "в узле 1.2", "v kořeni"), or the node
// itself ("корень").

// atBare is "at" a node as a sentence puts it, where English says "root"
// ("Depth limit at root"): the path, or the root.
func atBare(p *i18n.Printer, path string) string {
	if path == "" {
		return p.T("explain.at.root")
	}
	return p.T("explain.at.node", "Node", path)
}

// atThe is atBare where English says "the root" ("MAX at the root keeps 3").
func atThe(p *i18n.Printer, path string) string {
	if path == "" {
		return p.T("explain.at.theroot")
	}
	return p.T("explain.at.node", "Node", path)
}

// atChance is at a chance node: "chance node 1.2", "в узле случая 1.2".
func atChance(p *i18n.Printer, path string) string {
	if path == "" {
		return p.T("explain.at.chance.root")
	}
	return p.T("explain.at.chance", "Node", path)
}

// NameIn is a node's name by its path: NodeName's "root" in the language of p.
func NameIn(p *i18n.Printer, path string) string {
	if path == "" {
		return p.T("explain.name.root")
	}
	return path
}
