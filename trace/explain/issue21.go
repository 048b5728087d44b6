package explain

import (
	"fmt"
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
	keeps := "stay at or above β"
	if !x.e.Max {
		keeps = "hold the value at or below α"
	}
	return x.sentence(fmt.Sprintf("✂ reverse futility (static null move) at %s, depth %d: %s: %s is expected to %s whatever %s does, so its moves are not searched",
		x.name(), x.e.Depth, c[0].words(x.in), x.side(), keeps, x.side().Other()), c...)
}

func (x *say) iid() Sentence {
	e := x.e
	return x.sentence(fmt.Sprintf("⇣ internal iterative deepening at %s: no move from the table, so it is first searched to depth %d with the window %s, to find the move to try first at depth %d",
		x.name(), e.To, x.window(), e.Depth))
}

func (x *say) iidDone() Sentence {
	e := x.e
	if e.Detail == "" {
		return x.sentence(fmt.Sprintf("⇡ %s searched again at depth %d: the shallower search found no move", x.name(), e.To))
	}
	return x.sentence(fmt.Sprintf("⇡ %s searched again at depth %d, %s first: the shallower search's best move (its value %s)",
		x.name(), e.To, e.Detail, x.v(e.Value)))
}

// quiescenceMoves says which moves the run's quiescence search plays, as its
// options in the start event have it.
func (x *say) quiescenceMoves() string {
	for _, o := range x.in.Options {
		if strings.Contains(o, "every move in check") {
			return "captures and promotions (in check, every move)"
		}
	}
	return "captures and promotions only"
}

// evasions tells a quiescence node in check: it has no stand pat.
func (x *say) evasions() Sentence {
	n := 0
	if x.e.Detail != "" {
		n = len(strings.Split(x.e.Detail, ", "))
	}
	moves := fmt.Sprintf("all %d of its moves (%s) are searched", n, x.e.Detail)
	if n == 1 {
		moves = "its only move, " + x.e.Detail + ", is searched"
	}
	return x.sentence(fmt.Sprintf("+ %s is in check: %s may not stand pat (the static eval would ignore the check), so %s, window %s",
		x.name(), x.side(), moves, x.window()))
}

// note21 is what reverse futility and internal iterative deepening add to a
// node's line in the compact tree; "" for other events.
func note21(e *trace.Event) string {
	switch e.Kind.Spec().Say {
	case trace.SayRFP:
		return "reverse futility prune"
	case trace.SayIID:
		return fmt.Sprintf("iid: depth %d first", e.To)
	case trace.SayIIDDone:
		if e.Detail == "" {
			return "iid: no move"
		}
		return "iid: " + e.Detail + " first"
	case trace.SayEvasions:
		return "in check: every move, no stand pat"
	}
	return ""
}
