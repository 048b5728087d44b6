package explain

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/engine/score"
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

// averageWords writes the sum an average is: "1/2·3 + 1/2·12".
func averageWords(in *trace.Info, outs []Outcome) string {
	parts := make([]string, len(outs))
	for i, o := range outs {
		v := in.Format(o.Value)
		if o.Value < 0 {
			v = "(" + v + ")"
		}
		parts[i] = Probability(o.Num, o.Den) + "·" + v
	}
	if len(parts) > MaxMoves {
		return strings.Join(parts[:MaxMoves], " + ") + fmt.Sprintf(" + … (%d more)", len(parts)-MaxMoves)
	}
	return strings.Join(parts, " + ")
}

// chanceEnter is what entering a chance node says.
func (x *say) chanceEnter() string {
	return fmt.Sprintf("Chance node %s: nobody chooses here; its value is the average of its outcomes, weighted by their probabilities, depth %d left", x.name(), x.e.Depth)
}

// probability says a chance node's child's probability, when it is one.
func (x *say) probability() string {
	if x.e.PDen == 0 {
		return ""
	}
	return fmt.Sprintf(" (probability %s)", Probability(x.e.PNum, x.e.PDen))
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
	text := fmt.Sprintf("The average of its outcomes: %s = %s.", averageWords(in, self.Outcomes), x.v(e.Value))
	return Sentence{Text: text, Short: "the average " + averageWords(in, self.Outcomes), Claims: []Claim{c}}
}

// outcomeEffect says what a child's value does to its parent, a chance
// node: it is one outcome of the average.
func outcomeEffect(in *trace.Info, p *Open, name string, v int64, self *Open, bound score.Bound) Sentence {
	at := NodeName(p.Path)
	prob := ""
	if self != nil && self.PDen > 0 {
		prob = " with probability " + Probability(self.PNum, self.PDen)
	}
	s := fmt.Sprintf("It counts%s in the average of chance node %s.", prob, at)
	if bound != score.Exact {
		s = fmt.Sprintf("As a bound it is enough: it settles chance node %s against its window.", at)
	}
	return Sentence{Text: s, Claims: []Claim{{Who: Nobody, Ply: p.Ply}}}
}

// chanceCut explains Star1 or Star2 cutting a chance node: its interval,
// from the outcomes searched (or probed) and the bounds on every value, lies
// at or beyond an edge of its window, so the other outcomes cannot matter.
func (x *say) chanceCut(long bool) Sentence {
	e := x.e
	high := e.Reason == trace.ReasonBeta || e.Reason == trace.ReasonProbeBeta
	c := Claim{Who: Nobody, Ply: e.Ply, L: field(FLower, "", e.Lower), Rel: GE, R: x.beta()}
	edge, who := "at least", "MIN can already hold MAX to β elsewhere and will not let play reach it"
	if !high {
		c = Claim{Who: Nobody, Ply: e.Ply, L: field(FUpper, "", e.Upper), Rel: LE, R: x.alpha()}
		edge, who = "at most", "MAX can already get α elsewhere and will not let play reach it"
	}
	from := "with the outcomes searched so far"
	if e.Move != "" {
		from = "after " + e.Move
	}
	if strings.HasPrefix(e.Reason, trace.ReasonProbe) {
		from = "by the probes (each outcome's first move)"
	} else if e.Move == "" {
		from = "before any outcome is searched"
	}
	bounds := "the other outcomes"
	if x.in != nil && x.in.Bounds != nil {
		bounds = fmt.Sprintf("the other outcomes between %s and %s", x.v(x.in.Bounds.Alpha), x.v(x.in.Bounds.Beta))
	}
	tail := func(max int) string { return "not searched: " + list(e.Pruned, max) }
	if strings.HasPrefix(e.Reason, trace.ReasonProbe) {
		tail = func(max int) string {
			if len(e.Pruned) == 0 {
				return "each was probed and is searched no further"
			}
			return "the probed ones are searched no further, and these not at all: " + list(e.Pruned, max)
		}
	}
	short := fmt.Sprintf("✂ chance cut at %s %s: with %s, its average lies in [%s, %s], %s %s; %s",
		x.name(), from, bounds, x.v(e.Lower), x.v(e.Upper), edge, c.words(x.in), tail(MaxMoves))
	if !long {
		return Sentence{Text: short, Short: short, Claims: []Claim{c}}
	}
	text := fmt.Sprintf("✂ Chance cut at %s %s: counting %s, its average lies in [%s, %s], so it is %s %s. %s, so its other outcomes cannot matter; %s.",
		x.name(), from, bounds, x.v(e.Lower), x.v(e.Upper), edge, c.words(x.in), who, tail(8))
	return Sentence{Text: text, Short: short, Claims: []Claim{c}}
}
