package explain

import (
	"fmt"
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

// outcomeEffect says what a child's value does to its parent p, a chance
// node: it is one outcome of the average. e is the child's exit (or leaf)
// event, self the child as the sink knows it (its probability, its
// window's origins), bound what is known of the value. A bound at an edge
// of the bounds on every value is that value exactly; any other bound
// comes from a window Ballard's arithmetic gave the child, and says on
// which side of the chance node's window its average lies.
func outcomeEffect(in *trace.Info, p *Open, e *trace.Event, self *Open, bound score.Bound) Sentence {
	at := NodeName(p.Path)
	prob := ""
	if self != nil && self.PDen > 0 {
		prob = " with probability " + Probability(self.PNum, self.PDen)
	}
	counts := Sentence{Text: fmt.Sprintf("It counts%s in the average of chance node %s.", prob, at), Claims: []Claim{{Who: Nobody, Ply: p.Ply}}}
	if e.Reason == trace.ReasonProbe {
		return Sentence{Text: fmt.Sprintf("Chance node %s keeps it as a bound on this outcome.", at), Claims: counts.Claims}
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
	switch {
	case src.From == FromBounds && v == edge:
		what := "the greatest"
		if low {
			what = "the least"
		}
		counts.Text = fmt.Sprintf("The bound is %s any value can be, so %s is its value exactly: it counts%s in the average of chance node %s.", what, in.Format(v), prob, at)
		counts.Claims = append(counts.Claims, c)
		return counts
	case src.From == FromChance && src.direct(e.Ply) && src.At == p.Path:
		side := "at or below " + in.Format(edge) + ", it brings the average of chance node " + at + " to its α or below"
		if !low {
			side = "at or above " + in.Format(edge) + ", it brings the average of chance node " + at + " to its β or above"
		}
		return Sentence{Text: "As a bound it is enough: " + side + ".", Claims: []Claim{{Who: Nobody, Ply: p.Ply}, c}}
	}
	return Sentence{Text: fmt.Sprintf("It is only a bound on one outcome of the average of chance node %s.", at), Claims: []Claim{{Who: Nobody, Ply: p.Ply}}}
}

// chanceCut explains Star1 or Star2 cutting a chance node: its interval,
// from the outcomes searched (or probed) and the bounds on every value, lies
// at or beyond an edge of its window, so the other outcomes cannot matter.
func (x *say) chanceCut(long bool) Sentence {
	e := x.e
	high := e.Reason == trace.ReasonBeta || e.Reason == trace.ReasonProbeBeta
	c := Claim{Who: Nobody, Ply: e.Ply, L: field(FLower, "", e.Lower), Rel: GE, R: x.beta()}
	edge, v := "at least", e.Beta
	if !high {
		c = Claim{Who: Nobody, Ply: e.Ply, L: field(FUpper, "", e.Upper), Rel: LE, R: x.alpha()}
		edge, v = "at most", e.Alpha
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
	others := "the other outcomes"
	if e.Move == "" && !strings.HasPrefix(e.Reason, trace.ReasonProbe) {
		others = "every outcome"
	}
	bounds := others
	if x.in != nil && x.in.Bounds != nil {
		bounds = fmt.Sprintf("%s between %s and %s", others, x.v(x.in.Bounds.Alpha), x.v(x.in.Bounds.Beta))
	}
	tail := func(max int) string {
		probed, _ := strings.CutPrefix(e.Detail, trace.DetailProbed)
		switch {
		case probed == "" || !strings.HasPrefix(e.Detail, trace.DetailProbed):
			return "not searched: " + list(e.Pruned, max)
		case len(e.Pruned) == 0:
			return "the outcomes left, " + probed + ", were probed and are searched no further"
		}
		return "not searched: " + list(e.Pruned, max) + "; probed only, and searched no further: " + probed
	}
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
	claims := []Claim{c}
	src := x.edgeSource(!high)
	if src.From != FromNothing {
		claims = append(claims, edgeClaim(e.Path, e.Ply, v, !high, src))
	}
	text := fmt.Sprintf("✂ Chance cut at %s %s: counting %s, its average lies in [%s, %s], so it is %s %s. %s, so its other outcomes cannot matter; %s.",
		x.name(), from, bounds, x.v(e.Lower), x.v(e.Upper), edge, c.words(x.in), upper(reachWhy(x.in, e.Path, e.Ply, v, !high, src)), tail(8))
	return Sentence{Text: text, Short: short, Claims: claims}
}
