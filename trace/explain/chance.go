package explain

import (
	"strings"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Chance nodes: what their enter, exit and cut say, and what an outcome's
// value does to the average.

// Outcome is a searched child of a chance node: its probability num/den and
// its value (MAX's view).
type Outcome struct {
	Num, Den int64
	Value    int64
}

// Probability writes a probability num/den as prunescope writes it: a
// decimal when it has at most a few decimals ("0.25"), else the fraction
// ("1/3").
func Probability(num, den int64) string {
	return string(score.AppendDecimal(nil, num, den))
}

// Average returns the weighted average of the outcomes in raw units, and
// false when it is not a whole number of them (the tree's units make every
// true average whole, so that is a bug to report).
func Average(outs []Outcome) (int64, bool) {
	var den int64 = 1
	for _, o := range outs {
		den = score.LCM(den, o.Den)
	}
	var sum int64
	for _, o := range outs {
		sum += o.Num * (den / o.Den) * o.Value
	}
	return sum / den, sum%den == 0
}

// averageWords writes the sum an average is: "1/2·3 + 1/2·12", with
// decimal commas in Russian and Czech.
func averageWords(in *trace.Info, outs []Outcome) string {
	p := Printer(in)
	parts := make([]string, len(outs))
	for i, o := range outs {
		v := p.Decimal(in.Format(o.Value))
		if o.Value < 0 {
			v = "(" + v + ")"
		}
		parts[i] = p.Decimal(Probability(o.Num, o.Den)) + "·" + v
	}
	if len(parts) > MaxMoves {
		return strings.Join(parts[:MaxMoves], " + ") + p.T("ev.more.sum", "Count", len(parts)-MaxMoves)
	}
	return strings.Join(parts, " + ")
}

// chanceEnter is what entering a chance node says.
func (x *say) chanceEnter() string {
	if x.root() {
		return Printer(x.in).T("ev.chance.enter.root", "Depth", x.e.Depth)
	}
	return Printer(x.in).T("ev.chance.enter", "Node", x.name(), "Depth", x.e.Depth)
}

// probability says a chance node's child's probability, when it is one.
func (x *say) probability() string {
	if x.e.PDen == 0 {
		return ""
	}
	return Printer(x.in).T("ev.probability", "P", Printer(x.in).Decimal(Probability(x.e.PNum, x.e.PDen)))
}

// chanceOf names the chance node at path where a sentence says "the
// average of chance node 2" (Russian and Czech: genitive).
func chanceOf(in *trace.Info, path string) string {
	if path == "" {
		return Printer(in).T("ev.chance.of.root")
	}
	return Printer(in).T("ev.chance.of", "Node", path)
}

// ChanceReturn says what a chance node returns when every outcome was
// searched: the weighted average, with its sum when the sink knows the
// outcomes.
func ChanceReturn(in *trace.Info, e *trace.Event, self *Open) Sentence {
	x := &say{in: in, e: e}
	if self == nil || len(self.Outcomes) == 0 || !(e.Bound == score.Exact || e.Proved) {
		return Sentence{}
	}
	avg, whole := Average(self.Outcomes)
	c := Claim{L: num("average", avg), Rel: EQ, R: x.value()}
	if !whole {
		c.L.V = score.Inf / 2 // not a whole number of units: the claim fails, as it must
	}
	p := Printer(in)
	sum := averageWords(in, self.Outcomes)
	text := p.T("ev.chance.return", "Sum", sum, "Value", x.v(e.Value))
	return Sentence{Text: text, Short: p.T("ev.chance.return.short", "Sum", sum), Claims: []Claim{c}}
}

// outcomeEffect says what a child's value does to its parent p, a chance
// node: it is one outcome of the average. e is the child's exit (or leaf)
// event, self the child as the sink knows it (its probability, its
// window's origins), bound what is known of the value. A bound at an edge
// of the bounds on every value is that value exactly; any other bound
// comes from a window Ballard's arithmetic gave the child, and says on
// which side of the chance node's window its average lies.
func outcomeEffect(in *trace.Info, p *Open, e *trace.Event, self *Open, bound score.Bound) Sentence {
	pr := Printer(in)
	of := chanceOf(in, p.Path)
	prob := ""
	if self != nil && self.PDen > 0 {
		prob = pr.Decimal(Probability(self.PNum, self.PDen))
	}
	text := pr.T("ev.outcome.counts", "Of", of)
	if prob != "" {
		text = pr.T("ev.outcome.counts.p", "P", prob, "Of", of)
	}
	counts := Sentence{Text: text, Claims: []Claim{{Who: Nobody, Ply: p.Ply}}}
	if e.Reason == trace.ReasonProbe {
		if p.Path == "" {
			return Sentence{Text: pr.T("ev.outcome.probe.root"), Claims: counts.Claims}
		}
		return Sentence{Text: pr.T("ev.outcome.probe", "Node", p.Path), Claims: counts.Claims}
	}
	if bound == score.Exact || in.NodesOnly { // a trace that tells no bounds (a student's) claims none
		return counts
	}
	low := bound == score.Upper // at or below the child's α
	v, edge := e.Value, e.Beta
	if low {
		edge = e.Alpha
	}
	var src Source
	if self != nil {
		src = self.BetaFrom
		if low {
			src = self.AlphaFrom
		}
	}
	c := edgeClaim(e.Path, e.Ply, edge, low, src)
	f := func(v int64) string { return pr.Decimal(in.Format(v)) }
	switch {
	case src.From == FromBounds && v == edge:
		switch {
		case low && prob != "":
			counts.Text = pr.T("ev.outcome.least.p", "Value", f(v), "P", prob, "Of", of)
		case low:
			counts.Text = pr.T("ev.outcome.least", "Value", f(v), "Of", of)
		case prob != "":
			counts.Text = pr.T("ev.outcome.greatest.p", "Value", f(v), "P", prob, "Of", of)
		default:
			counts.Text = pr.T("ev.outcome.greatest", "Value", f(v), "Of", of)
		}
		counts.Claims = append(counts.Claims, c)
		return counts
	case src.From == FromChance && src.direct(e.Ply) && src.At == p.Path:
		text := pr.T("ev.outcome.enough.high", "Edge", f(edge), "Of", of)
		if low {
			text = pr.T("ev.outcome.enough.low", "Edge", f(edge), "Of", of)
		}
		return Sentence{Text: text, Claims: []Claim{{Who: Nobody, Ply: p.Ply}, c}}
	}
	return Sentence{Text: pr.T("ev.outcome.bound", "Of", of), Claims: []Claim{{Who: Nobody, Ply: p.Ply}}}
}

// chanceCut explains Star1 or Star2 cutting a chance node: its interval,
// from the outcomes searched (or probed) and the bounds on every value, lies
// at or beyond an edge of its window, so the other outcomes cannot matter.
func (x *say) chanceCut(long bool) Sentence {
	e := x.e
	high := e.Reason == trace.ReasonBeta || e.Reason == trace.ReasonProbeBeta
	c := Claim{Who: Nobody, Ply: e.Ply, L: field(FLower, "", e.Lower), Rel: GE, R: x.beta()}
	v := e.Beta
	if !high {
		c = Claim{Who: Nobody, Ply: e.Ply, L: field(FUpper, "", e.Upper), Rel: LE, R: x.alpha()}
		v = e.Alpha
	}
	probe := strings.HasPrefix(e.Reason, trace.ReasonProbe)
	var from string
	switch {
	case probe:
		from = Printer(x.in).T("ev.ccut.from.probes")
	case e.Move != "":
		from = Printer(x.in).T("ev.ccut.from.move", "Move", e.Move)
	default:
		from = Printer(x.in).T("ev.ccut.from.none")
	}
	every := e.Move == "" && !probe
	var bounds string
	switch b := valueBounds(x.in); {
	case b != nil && every:
		bounds = Printer(x.in).T("ev.ccut.every.between", "Least", x.v(b.Alpha), "Greatest", x.v(b.Beta))
	case b != nil:
		bounds = Printer(x.in).T("ev.ccut.others.between", "Least", x.v(b.Alpha), "Greatest", x.v(b.Beta))
	case every:
		bounds = Printer(x.in).T("ev.ccut.every")
	default:
		bounds = Printer(x.in).T("ev.ccut.others")
	}
	tail := func(max int) string {
		probed, _ := strings.CutPrefix(e.Detail, trace.DetailProbed)
		switch {
		case probe && len(e.Pruned) == 0:
			return Printer(x.in).T("ev.ccut.tail.probes")
		case probe:
			return Printer(x.in).T("ev.ccut.tail.probes.rest", "Moves", x.list(e.Pruned, max))
		case probed == "" || !strings.HasPrefix(e.Detail, trace.DetailProbed):
			return Printer(x.in).T("ev.ccut.tail", "Moves", x.list(e.Pruned, max))
		case len(e.Pruned) == 0:
			return Printer(x.in).T("ev.ccut.tail.probed", "Probed", probed)
		}
		return Printer(x.in).T("ev.ccut.tail.both", "Moves", x.list(e.Pruned, max), "Probed", probed)
	}
	iv, w := interval(x.in, e.Lower, e.Upper), c.words(x.in)
	var short string
	if high {
		short = Printer(x.in).T("ev.ccut.high", "At", x.at(), "From", from, "Bounds", bounds, "Interval", iv, "Claim", w, "Tail", tail(MaxMoves))
	} else {
		short = Printer(x.in).T("ev.ccut.low", "At", x.at(), "From", from, "Bounds", bounds, "Interval", iv, "Claim", w, "Tail", tail(MaxMoves))
	}
	if !long {
		return Sentence{Text: short, Short: short, Claims: []Claim{c}}
	}
	claims := []Claim{c}
	src := x.edgeSource(!high)
	if src.From != FromNothing {
		claims = append(claims, edgeClaim(e.Path, e.Ply, v, !high, src))
	}
	why := capital(reachWhy(x.in, e.Path, e.Ply, v, !high, src))
	var text string
	if high {
		text = Printer(x.in).T("ev.ccut.long.high", "At", x.at(), "From", from, "Bounds", bounds, "Interval", iv, "Claim", w, "Why", why, "Tail", tail(8))
	} else {
		text = Printer(x.in).T("ev.ccut.long.low", "At", x.at(), "From", from, "Bounds", bounds, "Interval", iv, "Claim", w, "Why", why, "Tail", tail(8))
	}
	return Sentence{Text: text, Short: short, Claims: claims}
}
