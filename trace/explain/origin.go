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
	f := in.Format(v)
	name, edge := "β = "+f, "upper"
	if low {
		name, edge = "α = "+f, "lower"
	}
	switch src.From {
	case FromMove:
		if low {
			return "MAX can already get " + name + " elsewhere"
		}
		return "MIN can already hold MAX to " + name + " elsewhere"
	case FromWindow:
		return name + " is the " + edge + " edge of the window given for the root"
	case FromPass:
		return name + " is the " + edge + " edge of the root's window for this pass"
	case FromBounds:
		if low {
			return "no value lies below " + name + ", the least any value can be"
		}
		return "no value lies above " + name + ", the greatest any value can be"
	case FromChance:
		at := NodeName(src.At)
		switch {
		case !src.direct(ply):
			return name + " comes from Ballard's arithmetic at chance node " + at
		case low:
			return "at or below " + name + " here, the average at chance node " + at + " falls to its α or below"
		}
		return "at or above " + name + " here, the average at chance node " + at + " reaches its β or above"
	case FromTest:
		return name + " is the " + edge + " edge of the window of a test made at " + NodeName(src.At)
	}
	return name
}

// reachWhy says why a value that reached the edge v (α when low) of the
// window of node, at ply, need not be known better, by where the edge
// came from: the clause after "so".
func reachWhy(in *trace.Info, node string, ply int, v int64, low bool, src Source) string {
	f, name := in.Format(v), NodeName(node)
	switch src.From {
	case FromMove:
		if low {
			return "MAX can already get " + f + " elsewhere and will never let play reach " + name
		}
		return "MIN can already hold MAX to " + f + " elsewhere and will never let play reach " + name
	case FromWindow, FromPass:
		which := "the window given for the root"
		if src.From == FromPass {
			which = "the root's window for this pass"
		}
		if low {
			return f + " is the lower edge of " + which + ", which only asks whether the value is above it: a value at or below it needs to be known no better"
		}
		return f + " is the upper edge of " + which + ", which only asks whether the value is below it: a value at or above it needs to be known no better"
	case FromBounds:
		if low {
			return "no value can be below " + f + ", the least any value can be: no other move can do worse"
		}
		return "no value can be above " + f + ", the greatest any value can be: no other move can do better"
	case FromChance:
		at := NodeName(src.At)
		switch {
		case !src.direct(ply):
			return f + " comes from Ballard's arithmetic at chance node " + at + ": a value beyond it here needs to be known no better"
		case low:
			return "at or below " + f + " here, the average at chance node " + at + " falls to its α or below"
		}
		return "at or above " + f + " here, the average at chance node " + at + " reaches its β or above"
	case FromTest:
		if low {
			return f + " is the lower edge of the window of a test made at " + NodeName(src.At) + ", which only asks whether the value is above it"
		}
		return f + " is the upper edge of the window of a test made at " + NodeName(src.At) + ", which only asks whether the value is below it"
	}
	return "the value is outside the window"
}

// bothEdges says where both edges of a window (a, b) came from when they
// came from the same place as a whole: the window given for the root, the
// root's window for the pass, the bounds on every value; "" otherwise.
func bothEdges(in *trace.Info, a, b int64, fa, fb Source) string {
	if fa.From != fb.From {
		return ""
	}
	w := in.Window(a, b)
	switch fa.From {
	case FromWindow:
		return "It is the window given for the root, " + w
	case FromPass:
		return "It is the root's window for this pass, " + w
	case FromBounds:
		return "No value lies below " + in.Format(a) + " or above " + in.Format(b) + ", the bounds given"
	}
	return ""
}

// reachTail says, after "which reaches β" (α when low), why the parent p
// need not search on, by where that edge v of its window came from.
func reachTail(in *trace.Info, p *Open, v int64, low bool) string {
	src := p.BetaFrom
	if low {
		src = p.AlphaFrom
	}
	switch {
	case src.From == FromMove && low:
		return ": MAX will not allow it" // it can get α elsewhere
	case src.From == FromMove:
		return ": MIN will not allow it" // it can hold MAX to β elsewhere
	case src.From == FromWindow && low:
		return ", the lower edge of the window given for the root"
	case src.From == FromWindow:
		return ", the upper edge of the window given for the root"
	case src.From == FromPass && low:
		return ", the lower edge of the root's window for this pass"
	case src.From == FromPass:
		return ", the upper edge of the root's window for this pass"
	case src.From == FromBounds && low:
		return ", the least any value can be"
	case src.From == FromBounds:
		return ", the greatest any value can be"
	case src.From == FromChance && !src.direct(p.Ply):
		return ", which comes from Ballard's arithmetic at chance node " + NodeName(src.At)
	case src.From == FromChance && low:
		return ": at or below it, the average at chance node " + NodeName(src.At) + " falls to its α or below"
	case src.From == FromChance:
		return ": at or above it, the average at chance node " + NodeName(src.At) + " reaches its β or above"
	case src.From == FromTest:
		return ", the edge of the window of a test made at " + NodeName(src.At)
	}
	return ""
}
