package explain

import (
	"strings"

	"github.com/prunescope/prunescope/trace"
)

// The sentences of reverse futility pruning and internal iterative
// deepening (issue 21).

// rfpClaim is reverse futility's test: the static eval with the margin
// against the side to move stays on the far side of the bound it cuts on:
// eval − margin ≥ β at MAX, eval + margin ≤ α at MIN.
func (x *say) rfpClaim() Claim {
	e := x.e
	eval := Part{F: FValue, Name: "the static eval", V: e.Value}
	margin := Part{F: FMargin, Name: "margin", V: e.Margin}
	if e.Max {
		margin.Neg = true
		return x.compare(sum(eval, margin), GE, x.beta())
	}
	return x.compare(sum(eval, margin), LE, x.alpha())
}

func (x *say) rfp() Sentence {
	c := x.claims()
	if x.e.Max {
		return x.sentence(Printer(x.in).T("ev.rfp.max", "At", x.at(), "Depth", x.e.Depth, "Claim", c[0].words(x.in)), c...)
	}
	return x.sentence(Printer(x.in).T("ev.rfp.min", "At", x.at(), "Depth", x.e.Depth, "Claim", c[0].words(x.in)), c...)
}

func (x *say) iid() Sentence {
	e := x.e
	return x.sentence(Printer(x.in).T("ev.iid", "At", x.at(), "To", e.To, "Window", x.window(), "Depth", e.Depth))
}

func (x *say) iidDone() Sentence {
	e := x.e
	switch {
	case e.Detail == "" && x.root():
		return x.sentence(Printer(x.in).T("ev.iiddone.none.root", "To", e.To))
	case e.Detail == "":
		return x.sentence(Printer(x.in).T("ev.iiddone.none", "Node", x.name(), "To", e.To))
	case x.root():
		return x.sentence(Printer(x.in).T("ev.iiddone.root", "To", e.To, "Move", e.Detail, "Value", x.v(e.Value)))
	}
	return x.sentence(Printer(x.in).T("ev.iiddone", "Node", x.name(), "To", e.To, "Move", e.Detail, "Value", x.v(e.Value)))
}

// quiescenceMoves says which moves the run's quiescence search plays, as its
// options in the start event have it.
func (x *say) quiescenceMoves() string {
	for _, o := range x.in.Options {
		if strings.Contains(o, "every move in check") {
			return Printer(x.in).T("ev.qmoves.check")
		}
	}
	return Printer(x.in).T("ev.qmoves")
}

// evasions tells a quiescence node in check: it has no stand pat.
func (x *say) evasions() Sentence {
	n := 0
	if x.e.Detail != "" {
		n = len(strings.Split(x.e.Detail, ", "))
	}
	s, w, m := x.side().String(), x.window(), x.e.Detail
	switch {
	case n == 1 && x.root():
		return x.sentence(Printer(x.in).T("ev.evasions.one.root", "Side", s, "Moves", m, "Window", w))
	case n == 1:
		return x.sentence(Printer(x.in).T("ev.evasions.one", "Node", x.name(), "Side", s, "Moves", m, "Window", w))
	case x.root():
		return x.sentence(Printer(x.in).N("ev.evasions.root", int64(n), "Side", s, "Moves", m, "Window", w))
	}
	return x.sentence(Printer(x.in).N("ev.evasions", int64(n), "Node", x.name(), "Side", s, "Moves", m, "Window", w))
}

// note21 is what reverse futility and internal iterative deepening add to a
// node's line in the compact tree, in English; "" for other events.
func note21(e *trace.Event) string { return note21In(nil, e) }

// note21In is that note in the language of in.
func note21In(in *trace.Info, e *trace.Event) string {
	p := Printer(in)
	switch e.Kind.Spec().Say {
	case trace.SayRFP:
		return p.T("ev.note.rfp")
	case trace.SayIID:
		return p.T("ev.note.iid", "Depth", e.To)
	case trace.SayIIDDone:
		if e.Detail == "" {
			return p.T("ev.note.iiddone.none")
		}
		return p.T("ev.note.iiddone", "Move", e.Detail)
	case trace.SayEvasions:
		return p.T("ev.note.evasions")
	}
	return ""
}
