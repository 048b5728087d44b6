package explain

import (
	"fmt"
	"strings"

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
	var s string
	switch {
	case e.Ply == 0 && (at.Iteration > 0 || at.Pass > 0):
		s = fmt.Sprintf("Iteration %d, pass %d: the root is searched to depth %d, %s to move", at.Iteration+1, at.Pass+1, e.Depth, x.side())
	case e.Ply == 0:
		s = fmt.Sprintf("The search starts at the root, %s to move, depth %d", x.side(), e.Depth)
	case e.Move == trace.PassMove:
		s = fmt.Sprintf("Node %s: the null move: %s passed, so %s moves again, depth %d left", x.name(), x.side().Other(), x.side(), e.Depth)
	case e.Chance:
		s = x.chanceEnter()
	default:
		s = fmt.Sprintf("Node %s: %s to move, depth %d left", x.name(), x.side(), e.Depth)
	}
	s += x.probability()
	switch e.Reason {
	case trace.ReasonQS:
		s += " (quiescence search: " + x.quiescenceMoves() + ")"
	case trace.ReasonProbe:
		s += " (a Star2 probe: only its first move is searched, which bounds its value)"
	}
	who := x.who()
	if e.Chance {
		who = Claim{Who: Nobody, Ply: e.Ply}
	}
	if e.Has&trace.HasWindow == 0 {
		return x.sentence(s+".", who)
	}
	s += ", window " + x.window() + "."
	a, b := e.Alpha, e.Beta
	fa, fb := Origins(in, p, e)
	claims := []Claim{who}
	switch {
	case !score.IsInf(a) && !score.IsInf(b) && b-a == 1:
		s += fmt.Sprintf(" A null window: the search only asks whether the value is above %s.", x.v(a))
	case score.IsInf(a) && score.IsInf(b):
		if e.Ply > 0 {
			s += " Nothing is known yet that could cut this node short."
		}
	case e.Ply == 0 && fa.From != FromPass && fb.From != FromPass && in != nil && in.RootWindow != nil:
		s += fmt.Sprintf(" The window given: the root is searched once, a value at or below α %s only says the root's value is at most that, one at or above β %s that it is at least that.", x.v(a), x.v(b))
	case e.Ply == 0:
		s += " An aspiration window: a value outside it only says the root failed low or high, and the root is searched again with a wider window."
	case a == b && x.strict():
		s += fmt.Sprintf(" A tie window: under the strict rule a tie with %s did not cut above, so this node still asks whether a move passes %s.", x.v(a), x.v(a))
	case score.IsInf(b):
		s += fmt.Sprintf(" %s: only values above %s matter here.", upper(edgeWords(in, e.Ply, a, true, fa)), x.v(a))
		claims = append(claims, edgeClaim(e.Path, e.Ply, a, true, fa))
	case score.IsInf(a):
		s += fmt.Sprintf(" %s: only values below %s matter here.", upper(edgeWords(in, e.Ply, b, false, fb)), x.v(b))
		claims = append(claims, edgeClaim(e.Path, e.Ply, b, false, fb))
	default:
		claims = append(claims, edgeClaim(e.Path, e.Ply, a, true, fa), edgeClaim(e.Path, e.Ply, b, false, fb))
		if both := bothEdges(in, a, b, fa, fb); both != "" {
			s += " " + both + ": only values between them matter here."
			break
		}
		s += fmt.Sprintf(" %s, and %s: only values between them matter here.", upper(edgeWords(in, e.Ply, a, true, fa)), edgeWords(in, e.Ply, b, false, fb))
	}
	return x.sentence(s, claims...)
}

// Leaf explains a node whose value is used as it is (enter and leaf are its
// events), and what the value does to its parent p (nil at the root).
func Leaf(in *trace.Info, enter, leaf *trace.Event, p *Open) Sentence {
	x := &say{in: in, e: leaf}
	name, v := x.name(), x.v(leaf.Value)
	var s string
	switch leaf.Reason {
	case trace.ReasonStatic:
		s = fmt.Sprintf("Depth limit at %s: its static evaluation, %s, is used.", name, v)
	case trace.ReasonNoMoves:
		s = fmt.Sprintf("%s has no moves: %s.", upper(name), v)
	default:
		if in.Game == "tree" {
			s = fmt.Sprintf("Leaf %s = %s.", name, v)
		} else {
			s = fmt.Sprintf("The game is over at %s: %s.", name, v)
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
	at := NodeName(p.Path)
	if at == "root" {
		at = "the root"
	}
	a, b := num("α", curA), num("β", curB)
	a.Role, b.Role = CurAlpha, CurBeta
	c := []Claim{{Ply: p.Ply, L: a, Rel: LT, R: num("", v), Node: p.Path}, {Ply: p.Ply, L: num("", v), Rel: LT, R: b, Node: p.Path}}
	edge := fmt.Sprintf("%s > α %s", in.Format(v), in.Format(curA))
	if !p.Max {
		edge = fmt.Sprintf("%s < β %s", in.Format(v), in.Format(curB))
	}
	return Sentence{Text: fmt.Sprintf("A null-window probe that passed its window (%s): %s may be better for %s at %s than its other moves, so it is searched again with %s's window %s to learn its value.",
		edge, name, who, at, at, in.Window(curA, curB)), Claims: c}
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
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Exit explains the value a node returns (e is its exit event, self what the
// sink knew of the node, nil if nothing) and what it does to its parent p.
func Exit(in *trace.Info, e *trace.Event, self, p *Open, move string) Sentence {
	x := &say{in: in, e: e}
	v := x.v(e.Value)
	head := fmt.Sprintf("Node %s returns ", x.name())
	if e.Ply == 0 {
		head = "The root returns "
	} else if e.Chance {
		head = fmt.Sprintf("Chance node %s returns ", x.name())
	}
	b := ReturnWords(in, e)
	s := Sentence{Text: head + b.Text + ".", Short: fmt.Sprintf("%s = %s", x.name(), v) + " " + b.Short, Claims: b.Claims}
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
	v := x.v(e.Value)
	windowed := e.Has&trace.HasWindow != 0
	proved := ""
	if e.Proved {
		proved = "; every move was searched, and its children prove it exact"
	}
	if e.Reason == trace.ReasonProbe {
		kind, sym := "a lower bound", "≥"
		if e.Bound == score.Upper {
			kind, sym = "an upper bound", "≤"
		}
		gets := "MAX gets at least what one move gives"
		if !e.Max {
			gets = "MIN can hold the value to what one move gives, or lower"
		}
		return Sentence{Text: fmt.Sprintf("%s, %s: only its first move was searched (a probe), and %s", v, kind, gets),
			Short: BoundWord(e.Bound) + " (probe: true value " + sym + " " + v + ")"}
	}
	switch e.Bound {
	case score.Exact:
		if windowed && !score.IsInf(e.Alpha) || windowed && !score.IsInf(e.Beta) {
			c := []Claim{x.compare(x.alpha(), LT, x.value()), x.compare(x.value(), LT, x.beta())}
			c[0].Who, c[1].Who = Nobody, Nobody
			return Sentence{Text: fmt.Sprintf("%s, exact (inside its window %s)", v, x.window()), Short: "exact", Claims: c}
		}
		return Sentence{Text: v + ", exact", Short: "exact"}
	case score.Upper, score.Lower:
		kind, more, sym, c := "an upper bound", "or less", "≤", x.compare(x.value(), LE, x.alpha())
		if e.Bound == score.Lower {
			kind, more, sym, c = "a lower bound", "or more", "≥", x.compare(x.value(), GE, x.beta())
		}
		short := BoundWord(e.Bound) + " (true value " + sym + " " + v + ")"
		if !windowed {
			return Sentence{Text: fmt.Sprintf("%s, %s: its true value is %s %s", v, kind, v, more), Short: short}
		}
		c.Who = Nobody
		return Sentence{Text: fmt.Sprintf("%s, %s (%s): its true value is %s %s%s", v, kind, c.words(in), v, more, proved),
			Short: short + provedShort(e), Claims: []Claim{c}}
	}
	if windowed && e.Alpha == e.Beta {
		c := []Claim{x.compare(x.value(), EQ, x.alpha()), x.compare(x.alpha(), EQ, x.beta())}
		c[0].Who, c[1].Who = Nobody, Nobody
		if e.Proved {
			return Sentence{Text: fmt.Sprintf("%s, exact: on the tie window %s a value is no bound by itself, but every move was searched, and its children prove it exact", v, x.window()),
				Short: "exact (proved; on the tie window " + x.window() + ")", Claims: c}
		}
		return Sentence{Text: fmt.Sprintf("%s: no bound — a value clamped onto the tie window %s may lie above or below the true value", v, x.window()),
			Short: "(no bound: clamped onto the tie window " + x.window() + ")", Claims: c}
	}
	return Sentence{Text: v, Short: ""}
}

func provedShort(e *trace.Event) string {
	if e.Proved {
		return ", proved exact"
	}
	return ""
}

// Clamp says that a fail-hard (or F2) node returned an edge of its window
// instead of the best value its moves found, when it did: "Fail-hard: the
// best found, 2, lies below α 3, so the node returns α."
func Clamp(in *trace.Info, e *trace.Event, self *Open) Sentence {
	if self == nil || !self.HasBest || e.Has&trace.HasWindow == 0 || in == nil || (in.Fail != "hard" && in.Fail != "f2") {
		return Sentence{}
	}
	x := &say{in: in, e: e}
	conv := "fail-hard"
	if in.Fail == "f2" {
		conv = "F2 as printed"
	}
	best := num("", self.Best)
	switch {
	case self.Best < e.Value && e.Value == e.Alpha:
		c := Claim{L: best, Rel: LT, R: x.alpha()}
		return Sentence{Text: fmt.Sprintf("%s: the best found, %s, lies below α %s, so the node returns α.", upper(conv), x.v(self.Best), x.v(e.Alpha)),
			Short: fmt.Sprintf("%s: the best found, %s, is clamped to α", conv, x.v(self.Best)), Claims: []Claim{c}}
	case self.Best > e.Value && e.Value == e.Beta && in.Fail == "hard":
		c := Claim{L: best, Rel: GT, R: x.beta()}
		return Sentence{Text: fmt.Sprintf("%s: the best found, %s, lies above β %s, so the node returns β.", upper(conv), x.v(self.Best), x.v(e.Beta)),
			Short: fmt.Sprintf("%s: the best found, %s, is clamped to β", conv, x.v(self.Best)), Claims: []Claim{c}}
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
	who := SideOf(p.Max)
	at := NodeName(p.Path)
	if at == "root" {
		at = "the root"
	}
	if move == trace.PassMove {
		return Sentence{Text: fmt.Sprintf("It is the value after %s passed at %s: it decides the null move, and is not one of %s's moves.", who, at, who),
			Claims: []Claim{{Who: who, Ply: p.Ply}}}
	}
	f := func(n int64) string { return in.Format(n) }
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
			s := fmt.Sprintf("%s at %s keeps %s: %s is no better", who, at, f(p.Best), name)
			if bound != score.Exact && !in.NodesOnly {
				s += " (a bound is enough to know that)"
			}
			return Sentence{Text: s + ".", Claims: []Claim{c}}
		}
	}
	s := fmt.Sprintf("%s at %s now has %s", who, at, f(v))
	var claims []Claim
	if p.HasBest {
		s += " instead of " + f(p.Best)
		rel := GT
		if !p.Max {
			rel = LT
		}
		claims = append(claims, Claim{Who: who, Ply: p.Ply, L: val, Rel: rel, R: best, Node: p.Path})
	} else {
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
		c, tail = Claim{L: val, Rel: GE, R: beta}, ", which reaches β"+reachTail(in, p, curB, false)
		src = []Claim{edgeClaim(node, p.Ply, curB, false, p.BetaFrom)}
		if strict {
			c.Rel = GT
		}
	case !p.Max && !score.IsInf(curA) && (v < curA || v == curA && !strict):
		c, tail = Claim{L: val, Rel: LE, R: alpha}, ", which reaches α"+reachTail(in, p, curA, true)
		src = []Claim{edgeClaim(node, p.Ply, curA, true, p.AlphaFrom)}
		if strict {
			c.Rel = LT
		}
	case p.Max && v > curA:
		c, tail = Claim{L: val, Rel: GT, R: alpha}, fmt.Sprintf(": α rises to %s for its other moves", f(v))
	case !p.Max && v < curB:
		c, tail = Claim{L: val, Rel: LT, R: beta}, fmt.Sprintf(": β falls to %s for its other moves", f(v))
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

// Done explains the end of a search.
func Done(in *trace.Info, e *trace.Event) Sentence {
	sum := e.Summary
	if sum == nil {
		return Sentence{Text: "The search is over.", Short: "The search is over."}
	}
	if sum.Stopped != "" && e.Has&trace.HasValue == 0 {
		s := fmt.Sprintf("The search stopped (%s) before it found a value. %s.", sum.Stopped, Counts(in, sum))
		return Sentence{Text: s, Short: s}
	}
	s := "The search is over: value " + RootValue(in, sum)
	if sum.Stopped != "" {
		s = fmt.Sprintf("The search stopped (%s); the last completed iteration says: value %s", sum.Stopped, RootValue(in, sum))
	}
	x := &say{in: in, e: e}
	var claims []Claim
	if e.Has&trace.HasWindow != 0 { // a window given for the root
		claims = x.windowClaims(sum.Bound)
		rel := claims[0].words(in) // "2 ≤ α 3"
		if len(claims) > 1 {
			rel += " " + claims[1].Rel.Symbol() + " " + claims[1].R.words(in) // "α 3 < 5 < β 8"
		}
		s += fmt.Sprintf(" (%s, on the window given %s)", rel, x.window())
	}
	parts := ResultParts(in, sum, true)[1:] // after the value: the best move, the line
	for i, p := range parts {
		if rest, ok := strings.CutPrefix(p, "PV "); ok {
			parts[i] = "principal variation " + rest
		}
	}
	if len(parts) > 0 {
		s += ", " + strings.Join(parts, ", ")
	}
	s += ". " + Counts(in, sum) + "."
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
	v := in.Format(sum.Value)
	switch sum.Bound {
	case score.Upper:
		v = "at most " + v
	case score.Lower:
		v = "at least " + v
	default:
		return v
	}
	if sum.Proved {
		v += ", proved exact"
	}
	return v
}

// BestWords names a result's best move: "best move e4"; after a root
// window's fail high, the move that reached its edge, "move e4 reaches the
// bound (not known to be best)"; after a fail low, "no move is known best".
func BestWords(sum *trace.Summary) string {
	bound := (sum.Bound == score.Upper || sum.Bound == score.Lower) && !sum.Proved
	switch {
	case !bound && sum.Best != "":
		return "best move " + sum.Best
	case !bound:
		return ""
	case sum.Best != "":
		return "move " + sum.Best + " reaches the bound (not known to be best)"
	}
	return "no move is known best"
}

// PassLabel names a null-move node in a line of the text trace: "-- (null
// move: MAX passed)"; e is its enter event (the side to move after the pass).
func PassLabel(e *trace.Event) string {
	return trace.PassMove + " (null move: " + SideOf(e.Max).Other().String() + " passed)"
}

// ResultParts are a result's value, best move and, with pv, its principal
// variation, as the one-line summaries list them (joined by " · "): "value
// 3", "best move b", "PV b b1". A value that is a bound says so (RootValue,
// BestWords), and the line after a fail high's move is only "line b b1".
func ResultParts(in *trace.Info, sum *trace.Summary, pv bool) []string {
	parts := []string{"value " + RootValue(in, sum)}
	if b := BestWords(sum); b != "" {
		parts = append(parts, b)
	}
	if pv && len(sum.PV) > 0 {
		name := "PV "
		if sum.Bound != score.NoBound && !sum.Proved {
			name = "line "
		}
		parts = append(parts, name+strings.Join(sum.PV, " "))
	}
	return parts
}

// SummaryLines are what a search found, as search's summary prints it: the
// algorithm and conventions, the options ("+ …"), the input, the result,
// the counts and, when any, the cuts' counts.
func SummaryLines(in *trace.Info, sum *trace.Summary) []string {
	out := []string{Describe(in)}
	for _, o := range in.Options {
		out = append(out, "+ "+o)
	}
	out = append(out, InputLine(in), strings.Join(ResultParts(in, sum, true), " · "), Counts(in, sum))
	if cuts := CutCounts(sum); cuts != "" {
		out = append(out, cuts)
	}
	return out
}
