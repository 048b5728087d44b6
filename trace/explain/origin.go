package explain

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Where a window's edges come from. A sentence that says why a bound
// matters ("MIN can already hold MAX to 3 elsewhere") must say where the
// bound came from: only a value a move searched earlier returned is
// something a player "can already get elsewhere". A window given for the
// root, the bounds on every value or Ballard's arithmetic at a chance node
// are other reasons, and said as such.

// Origin is where an edge of a node's window came from.
type Origin uint8

const (
	// FromNothing: the edge is ±∞, nothing is known.
	FromNothing Origin = iota
	// FromMove: a move searched earlier at the node At, where the edge's
	// player chooses (α: MAX, β: MIN), returned it: that player can
	// already get it elsewhere.
	FromMove
	// FromWindow: the window given for the root (--window).
	FromWindow
	// FromPass: the root's window for this pass, which the algorithm
	// chose: an aspiration window, an MTD(f) test.
	FromPass
	// FromBounds: the least (α) or the greatest (β) value any position
	// may take (--bounds).
	FromBounds
	// FromChance: Ballard's arithmetic at the chance node At, from its
	// window, the bounds and the outcomes searched before: a value at or
	// beyond it here brings the chance node's average to its window's
	// edge or beyond.
	FromChance
	// FromTest: a window a test made at the node At: a null window (a PVS
	// probe, a null move, a threat test) or another window a technique
	// chose.
	FromTest
)

// Source is where an edge of a node's window came from: how, and the node
// (its path, "" for the root) where it was set.
type Source struct {
	From Origin
	At   string
	Ply  int // the ply of At
}

// Origins says where the edges of a node's window came from: e is the
// node's enter event (with its window) and p its parent as the sink knows
// it, nil at the root. An edge equal to the parent's comes from where the
// parent's did; one that a move searched at the parent raised (α at a
// MAX node) or lowered (β at a MIN node) comes from that move; at a chance
// node's child from the bounds or Ballard's arithmetic; any other from a
// test the parent made. A root's edges are the window given for it, or
// the pass's.
func Origins(in *trace.Info, p *Open, e *trace.Event) (alpha, beta Source) {
	if e.Has&trace.HasWindow == 0 {
		return Source{}, Source{}
	}
	return origin(in, p, e.Alpha, true), origin(in, p, e.Beta, false)
}

// origin is where the edge v (α when low) of a child of p came from.
func origin(in *trace.Info, p *Open, v int64, low bool) Source {
	switch {
	case score.IsInf(v):
		return Source{}
	case p == nil: // the root
		if w := rootWindow(in); w != nil && ((low && v == w.Alpha) || (!low && v == w.Beta)) {
			return Source{From: FromWindow}
		}
		return Source{From: FromPass}
	case p.Chance:
		if b := valueBounds(in); b != nil && ((low && v == b.Alpha) || (!low && v == b.Beta)) {
			return Source{From: FromBounds, At: p.Path, Ply: p.Ply}
		}
		return Source{From: FromChance, At: p.Path, Ply: p.Ply}
	case p.HasWindow && low && v == p.Alpha:
		return p.AlphaFrom
	case p.HasWindow && !low && v == p.Beta:
		return p.BetaFrom
	case p.HasBest && v == p.Best && p.Max == low:
		return Source{From: FromMove, At: p.Path, Ply: p.Ply}
	}
	return Source{From: FromTest, At: p.Path, Ply: p.Ply}
}

// rootWindow is the window given for the root, nil when none.
func rootWindow(in *trace.Info) *trace.Span {
	if in == nil {
		return nil
	}
	return in.RootWindow
}

// valueBounds are the bounds on every value, nil when none were given.
func valueBounds(in *trace.Info) *trace.Span {
	if in == nil {
		return nil
	}
	return in.Bounds
}

// direct reports whether src was set at the parent of the node at ply:
// Ballard's arithmetic then says what a value here does to the chance node.
func (src Source) direct(ply int) bool { return src.Ply == ply-1 }

// edgeClaim is the claim that the edge v of node's window (α when low),
// at ply, came from src.
func edgeClaim(node string, ply int, v int64, low bool, src Source) Claim {
	name := "β"
	if low {
		name = "α"
	}
	c := Claim{Ply: ply, L: num(name, v), Src: src, Node: node, Low: low}
	if src.From == FromMove { // the side that chose there
		c.Who, c.Ply = SideOf(low), src.Ply
	}
	return c
}

// edgeWords says where the edge v (α when low) of the window of the node
// at ply came from, as a clause: "MAX can already get α = 3 elsewhere".
func edgeWords(in *trace.Info, ply int, v int64, low bool, src Source) string {
	P := Printer(in)
	f := dec(in, v)
	switch src.From {
	case FromMove:
		if low {
			return P.T("explain.edge.move.alpha", "Value", f)
		}
		return P.T("explain.edge.move.beta", "Value", f)
	case FromWindow:
		if low {
			return P.T("explain.edge.window.alpha", "Value", f)
		}
		return P.T("explain.edge.window.beta", "Value", f)
	case FromPass:
		if low {
			return P.T("explain.edge.pass.alpha", "Value", f)
		}
		return P.T("explain.edge.pass.beta", "Value", f)
	case FromBounds:
		if low {
			return P.T("explain.edge.bounds.alpha", "Value", f)
		}
		return P.T("explain.edge.bounds.beta", "Value", f)
	case FromChance:
		at := atChance(P, src.At)
		switch {
		case !src.direct(ply) && low:
			return P.T("explain.edge.ballard.alpha", "Value", f, "At", at)
		case !src.direct(ply):
			return P.T("explain.edge.ballard.beta", "Value", f, "At", at)
		case low:
			return P.T("explain.edge.chance.alpha", "Value", f, "At", at)
		}
		return P.T("explain.edge.chance.beta", "Value", f, "At", at)
	case FromTest:
		if low {
			return P.T("explain.edge.test.alpha", "Value", f, "At", atBare(P, src.At))
		}
		return P.T("explain.edge.test.beta", "Value", f, "At", atBare(P, src.At))
	}
	if low {
		return "α = " + f
	}
	return "β = " + f
}

// reachWhy says why a value that reached the edge v (α when low) of the
// window of node, at ply, need not be known better, by where the edge
// came from: a clause that stands as a sentence of its own (a cutoff's
// long sentence starts with it, capitalised, and goes on ", so …").
func reachWhy(in *trace.Info, node string, ply int, v int64, low bool, src Source) string {
	P := Printer(in)
	f := dec(in, v)
	switch src.From {
	case FromMove:
		at := atBare(P, node)
		if low {
			return P.T("explain.why.move.alpha", "Value", f, "At", at)
		}
		return P.T("explain.why.move.beta", "Value", f, "At", at)
	case FromWindow:
		if low {
			return P.T("explain.why.window.alpha", "Value", f)
		}
		return P.T("explain.why.window.beta", "Value", f)
	case FromPass:
		if low {
			return P.T("explain.why.pass.alpha", "Value", f)
		}
		return P.T("explain.why.pass.beta", "Value", f)
	case FromBounds:
		if low {
			return P.T("explain.why.bounds.alpha", "Value", f)
		}
		return P.T("explain.why.bounds.beta", "Value", f)
	case FromChance:
		at := atChance(P, src.At)
		switch {
		case !src.direct(ply):
			return P.T("explain.why.ballard", "Value", f, "At", at)
		case low:
			return P.T("explain.why.chance.alpha", "Value", f, "At", at)
		}
		return P.T("explain.why.chance.beta", "Value", f, "At", at)
	case FromTest:
		if low {
			return P.T("explain.why.test.alpha", "Value", f, "At", atBare(P, src.At))
		}
		return P.T("explain.why.test.beta", "Value", f, "At", atBare(P, src.At))
	}
	return P.T("explain.why.outside")
}

// bothEdges says where both edges of a window (a, b) came from when they
// came from the same place as a whole: the window given for the root, the
// root's window for the pass, the bounds on every value; "" otherwise.
func bothEdges(in *trace.Info, a, b int64, fa, fb Source) string {
	if fa.From != fb.From {
		return ""
	}
	P := Printer(in)
	w := window(in, a, b)
	switch fa.From {
	case FromWindow:
		return P.T("explain.both.window", "Window", w)
	case FromPass:
		return P.T("explain.both.pass", "Window", w)
	case FromBounds:
		return P.T("explain.both.bounds", "Alpha", dec(in, a), "Beta", dec(in, b))
	}
	return ""
}

// reachTail says, after "which reaches β" (α when low), why the parent p
// need not search on, by where that edge v of its window came from.
func reachTail(in *trace.Info, p *Open, v int64, low bool) string {
	P := Printer(in)
	src := p.BetaFrom
	if low {
		src = p.AlphaFrom
	}
	switch {
	case src.From == FromMove && low:
		return P.T("explain.tail.move.alpha") // it can get α elsewhere
	case src.From == FromMove:
		return P.T("explain.tail.move.beta") // it can hold MAX to β elsewhere
	case src.From == FromWindow && low:
		return P.T("explain.tail.window.alpha")
	case src.From == FromWindow:
		return P.T("explain.tail.window.beta")
	case src.From == FromPass && low:
		return P.T("explain.tail.pass.alpha")
	case src.From == FromPass:
		return P.T("explain.tail.pass.beta")
	case src.From == FromBounds && low:
		return P.T("explain.tail.bounds.alpha")
	case src.From == FromBounds:
		return P.T("explain.tail.bounds.beta")
	case src.From == FromChance && !src.direct(p.Ply):
		return P.T("explain.tail.ballard", "At", atChance(P, src.At))
	case src.From == FromChance && low:
		return P.T("explain.tail.chance.alpha", "At", atChance(P, src.At))
	case src.From == FromChance:
		return P.T("explain.tail.chance.beta", "At", atChance(P, src.At))
	case src.From == FromTest:
		return P.T("explain.tail.test", "At", atBare(P, src.At))
	}
	return ""
}
