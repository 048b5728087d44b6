package engine

import (
	"strings"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Chance nodes: expectimax, and Ballard's Star1 and Star2.
//
// A chance node (Chance) is a position where nobody chooses: its value is the
// average of its children's values weighted by their probabilities. It takes
// no turn: its frame's player is the one who moves after it, and values pass
// between it and its children as between nodes of the same player.
//
// Expectimax searches every child of every node: a player's node takes the
// best child value, a chance node the weighted average.
//
// Star1 (Bruce W. Ballard, "The *-Minimax Search Procedure for Trees
// Containing Chance Nodes", Artificial Intelligence 21, 1983) is alpha-beta
// at the players' nodes and prunes at chance nodes with the bounds L ≤ v ≤ U
// every value of the game is known to lie in (Options.Bounds). After some
// children of a chance node are searched, its value lies between the average
// with every other child at L and the average with every other child at U;
// as soon as that interval lies at or above β, or at or below α, the
// remaining children cannot matter and are cut. Each child is searched with
// the window of values that would not settle the node: in the chance node's
// units, with S the weighted sum of the searched children's values, a the
// child's weight and r the weight of the children after it,
//
//	A = (α·den − S − r·U) / a,   B = (β·den − S − r·L) / a,
//
// and the child's window is (max(A, L), min(B, U)): a child worth A or less
// fails the node low, B or more fails it high.
//
// Star2 adds Ballard's probing phase for regular trees (the chance node's
// children are nodes of one player): before the children are searched in
// full, each is probed by searching its first move only, which bounds the
// child from the side of its player (a player gets at least what one move
// gives). The probes' bounds replace L for the children not yet searched,
// so the node can fail high before any child is searched in full.
//
// Values are whole numbers of raw units: a tree with chance nodes holds its
// values in units fine enough that every average is whole (the tree's scale).
// A bound on a chance node mixes L or U with the children's values; it is
// rounded outwards (a lower bound down, an upper bound up), which keeps it a
// bound.

// expectimax returns the value of the node at ply, side to move's view,
// searching every move: the best child value at a player's node, the
// weighted average at a chance node.
func (s *searcher) expectimax(ply, depth int) int64 {
	if !s.enter(ply, depth, 0, 0, false) {
		return 0
	}
	if v, done := s.horizon(ply, depth); done {
		return v
	}
	moves := s.generate(ply)
	if len(moves) == 0 {
		return s.noMoves(ply, depth)
	}
	f := s.stack[ply]
	best := -score.Inf
	var sum, den int64
	for _, m := range moves {
		var num int64
		if f.chance {
			num, den = s.chance.Weight(m)
		}
		s.makeMove(ply, m)
		v := s.expectimax(ply+1, depth-1)
		v, _ = s.fromChild(ply, v, score.Exact)
		s.pos.Unmake(m)
		if s.abort {
			return 0
		}
		if f.chance {
			sum += num * v
		} else if v > best {
			best = v
			s.updatePV(ply, m)
		}
	}
	if f.chance {
		best = sum / den // whole: the tree's units make every average so
	}
	s.exit(ply, depth, best, false, score.Exact)
	return best
}

// starBounds returns the bounds of every value, L and U, from the view of
// the side to move at ply.
func (s *searcher) starBounds(ply int) (lo, hi int64) {
	b := &s.opt.Bounds
	if s.stack[ply].max {
		return b.Lo, b.Hi
	}
	return -b.Hi, -b.Lo
}

// chanceSearch is Star1 (Star2 with probing) at the chance node at ply, with
// the window (alpha, beta), side to move's view. It returns the node's value
// (exact when every child was searched) or, when it is cut, a bound on it,
// with what is known of it.
func (s *searcher) chanceSearch(ply, depth int, alpha, beta int64) (int64, score.Bound) {
	if !s.enter(ply, depth, alpha, beta, true) {
		return 0, score.NoBound
	}
	if v, b, done := s.frontier(ply, depth, alpha, beta); done {
		return v, b
	}
	lo, hi := s.starBounds(ply)
	// A window edge beyond the bounds can never be reached: it is as good as
	// infinite, and keeps the products below in range.
	if alpha < lo {
		alpha = -score.Inf
	}
	if beta > hi {
		beta = score.Inf
	}
	moves := s.generate(ply)
	_, den := s.chance.Weight(moves[0])
	st := chanceState{lo: lo, hi: hi, den: den, alpha: alpha, beta: beta, left: den}
	// What the children not yet searched are worth at least: L, or with
	// Star2 what their probes showed (lows[i], for moves[i]).
	lows, probed := s.chanceLows(ply, len(moves))
	for i := range moves {
		lows[i], probed[i] = lo, false
	}
	st.restLow = den * lo
	// The window may be settled by the bounds alone, before any child: then
	// there is nothing to search, and nothing to probe either.
	if v, cut := st.cut(); cut {
		s.chanceCut(ply, depth, v, &st, moves, -1, false)
		return s.chanceExit(ply, depth, v, st.bound())
	}
	if s.opt.Algo == Star2 {
		if v, cut := s.probe(ply, depth, moves, lows, &st); cut || s.abort {
			if s.abort {
				return 0, score.NoBound
			}
			return s.chanceExit(ply, depth, v, st.bound())
		}
	}
	for i, m := range moves {
		a, _ := s.chance.Weight(m)
		st.restLow -= a * lows[i]
		clo, chi := st.childWindow(a)
		s.makeMove(ply, m)
		lo2, hi2 := s.childWindow(ply, clo, chi)
		t, b := s.alphaBeta(ply+1, depth-1, lo2, hi2)
		t, b = s.fromChild(ply, t, b)
		s.pos.Unmake(m)
		if s.abort {
			return 0, score.NoBound
		}
		st.add(a, t, b)
		if v, cut := st.cut(); cut {
			if i+1 < len(moves) {
				s.chanceCut(ply, depth, v, &st, moves, i, false)
			} else {
				s.cuts.OnLast++
			}
			return s.chanceExit(ply, depth, v, st.bound())
		}
	}
	return s.chanceExit(ply, depth, st.lo2/den, score.Exact)
}

// chanceExit closes a chance node with the value v it found (side to move's
// view) under the fail convention, proved exact or not.
func (s *searcher) chanceExit(ply, depth int, v int64, proved score.Bound) (int64, score.Bound) {
	f := s.stack[ply]
	c := s.clamp(v, f.alpha, f.beta)
	if c != v && proved == score.Exact {
		proved = score.NoBound // a clamped exact value is a bound only
	}
	_, known := s.exit(ply, depth, c, s.clamps(), proved)
	return c, known
}

// chanceLows returns room for n children of the chance node at ply: the
// probes' lower bounds, and whether a probe entered each (a later cut does
// not count a probed child as pruned).
func (s *searcher) chanceLows(ply, n int) ([]int64, []bool) {
	for len(s.lows) <= ply {
		s.lows = append(s.lows, nil)
		s.probed = append(s.probed, nil)
	}
	if cap(s.lows[ply]) < n { // room for any node's moves, once per ply
		s.lows[ply] = make([]int64, max(n, maxMoves))
		s.probed[ply] = make([]bool, max(n, maxMoves))
	}
	return s.lows[ply][:n], s.probed[ply][:n]
}

// chanceState is what a chance node knows while its children are searched,
// in units of 1/den of the node's raw units (side to move's view): the
// weighted sum of the children searched so far, the weight left, and the
// least the children not searched yet are worth together.
type chanceState struct {
	lo, hi      int64 // the bounds of every value, L and U
	den         int64 // the probabilities' common denominator
	alpha, beta int64 // the node's window, ±∞ where the bounds make an edge unreachable
	// lo2 and hi2 are Σ weight·value over the children searched, counting
	// a child that returned a bound at L (an upper bound) or at U (a lower
	// bound) on the side the bound leaves open: equal while every child
	// returned its exact value.
	lo2, hi2 int64
	left     int64 // the weight of the children not searched yet
	restLow  int64 // Σ weight·(least value) over the children not searched yet
	// lower and upper are the node's interval at the last test (raw
	// units), for the trace; high says a cut was at or above beta.
	lower, upper int64
	high         bool
}

// add records that a child of weight a returned t: exact, or a bound that
// fails the node (a child searched in the window childWindow gives either
// settles the node or is exact), which cut then finds.
func (c *chanceState) add(a, t int64, b score.Bound) {
	lo, hi := t, t
	switch b {
	case score.Exact:
	case score.Upper:
		lo = c.lo
	case score.Lower:
		hi = c.hi
	default:
		lo, hi = c.lo, c.hi
	}
	c.lo2 += a * lo
	c.hi2 += a * hi
	c.left -= a
}

// cut reports whether the node's interval settles the window: at or above
// beta (the node's value is a lower bound, returned) or at or below alpha
// (an upper bound). The interval counts the children searched as they
// returned, the others at least at their lows and at most at U. It is false
// when every child is searched and each returned its exact value: the
// node's value is then exact.
func (c *chanceState) cut() (int64, bool) {
	lower, upper := c.lo2+c.restLow, c.hi2+c.left*c.hi
	c.lower, c.upper = score.FloorDiv(lower, c.den), score.CeilDiv(upper, c.den)
	switch {
	case c.left == 0 && lower == upper:
		return 0, false
	case c.beta < score.Inf && lower >= c.beta*c.den:
		c.high = true
		return c.lower, true
	case c.alpha > -score.Inf && upper <= c.alpha*c.den:
		c.high = false
		return c.upper, true
	}
	return 0, false
}

// bound is what the node's value proves after a cut: a lower bound at or
// above beta, an upper bound at or below alpha (side to move's view).
func (c *chanceState) bound() score.Bound {
	if c.high {
		return score.Lower
	}
	return score.Upper
}

// childWindow is the window of the next child, of weight a (restLow already
// without it): a value at or below its lower edge fails the node low (or is
// L itself), at or above its upper edge fails it high (or is U itself).
func (c *chanceState) childWindow(a int64) (lo, hi int64) {
	rest := c.left - a
	lo, hi = c.lo, c.hi
	if c.alpha > -score.Inf {
		lo = max(lo, score.FloorDiv(c.alpha*c.den-c.hi2-rest*c.hi, a))
	}
	if c.beta < score.Inf {
		hi = min(hi, score.CeilDiv(c.beta*c.den-c.lo2-c.restLow, a))
	}
	return lo, hi
}

// probe is Star2's probing phase at the chance node at ply: each child of
// the chance node's own player is entered and only its first move searched,
// which shows the child is worth at least that much (lows). It reports a
// cut when the probes alone put the node at or above beta.
func (s *searcher) probe(ply, depth int, moves []Move, lows []int64, st *chanceState) (int64, bool) {
	if st.beta >= score.Inf || depth <= 1 {
		return 0, false // nothing to reach, or the children are at the horizon
	}
	for i, m := range moves {
		a, _ := s.chance.Weight(m)
		s.makeMove(ply, m)
		if s.flips(ply) || s.chance.IsChance() {
			s.pos.Unmake(m)
			continue // the child's player is not the node's: a move bounds it from the other side
		}
		if _, over := s.pos.Terminal(ply + 1); over {
			s.pos.Unmake(m)
			continue
		}
		// The probe reaches beta for the node when the child is worth
		// need or more: its window's upper edge.
		need := score.CeilDiv(st.beta*st.den-st.restLow+a*lows[i], a)
		t, ok := s.probeChild(ply+1, depth-1, st.lo, min(st.hi, need))
		s.probed[ply][i] = true
		s.pos.Unmake(m)
		if s.abort {
			return 0, false
		}
		if ok && t > lows[i] {
			st.restLow += a * (t - lows[i])
			lows[i] = t
		}
		if v, cut := st.cut(); cut {
			s.chanceCut(ply, depth, v, st, moves, i, true)
			return v, true
		}
	}
	return 0, false
}

// probeChild enters the node at ply, a player's node, and searches its first
// move with the window (lo, hi) from the node's view: the node is worth at
// least that move's value. It closes the node with that value as a lower
// bound (a probe). ok is false when the first move's value is no lower
// bound (it failed low).
func (s *searcher) probeChild(ply, depth int, lo, hi int64) (int64, bool) {
	f := s.stack[ply]
	f.probe = true
	entered := s.enter(ply, depth, lo, hi, true)
	f.probe = false
	if !entered {
		return 0, false
	}
	moves := s.generate(ply)
	if len(moves) == 0 {
		s.probeExit(ply, depth, lo)
		return 0, false
	}
	m := moves[0]
	s.makeMove(ply, m)
	clo, chi := s.childWindow(ply, lo, hi)
	t, b := s.alphaBeta(ply+1, depth-1, clo, chi)
	t, b = s.fromChild(ply, t, b)
	s.pos.Unmake(m)
	if s.abort {
		return 0, false
	}
	ok := b == score.Exact || b == score.Lower
	if ok {
		s.updatePV(ply, m)
	}
	s.probeExit(ply, depth, t)
	return t, ok
}

// probeExit closes a probed node with the value of its first move, a lower
// bound from its side's view whatever its window says.
func (s *searcher) probeExit(ply, depth int, v int64) {
	if !s.on(trace.Exit) {
		return
	}
	f := s.stack[ply]
	e := s.event(trace.Exit, ply, depth)
	e.Has |= trace.HasValue | trace.HasWindow
	e.Value = view(f.max, v)
	e.Bound = viewBound(f.max, score.Lower)
	e.Alpha, e.Beta = viewWindow(f.max, f.alpha, f.beta)
	e.Reason = trace.ReasonProbe
	s.emit(e)
}

// chanceCut reports that the chance node at ply was settled after moves[i]
// (i is -1 when before any child, and probed when by Star2's probes): its
// interval lies at or beyond an edge of its window, and the children after
// moves[i] (every child, after probes) are never searched in full.
func (s *searcher) chanceCut(ply, depth int, v int64, st *chanceState, moves []Move, i int, probed bool) {
	first := i + 1
	if probed {
		first = 0
	}
	// The children a probe entered are searched in part: what the cut
	// prunes are the others, never entered (a probe's own moves after its
	// first are not counted as pruned: no cut test left them).
	work := s.probed[ply][first:len(moves)]
	if s.rest == nil {
		s.rest = make([]Move, 0, maxMoves)
	}
	rest := s.rest[:0] // reused: an untraced search allocates nothing per cut
	for j, m := range moves[first:] {
		if !work[j] {
			rest = append(rest, m)
		}
	}
	s.rest = rest
	s.countPruned(rest)
	if !s.on(trace.ChanceCut) {
		return
	}
	f := s.stack[ply]
	e := s.event(trace.ChanceCut, ply, depth)
	e.Has |= trace.HasValue | trace.HasWindow | trace.HasInterval
	e.Value = view(f.max, v)
	e.Alpha, e.Beta = viewWindow(f.max, f.alpha, f.beta)
	e.Lower, e.Upper = viewWindow(f.max, st.lower, st.upper)
	if f.max == st.high { // at or above beta in the node's view: MAX's beta at a MAX-view node
		e.Reason = trace.ReasonBeta
	} else {
		e.Reason = trace.ReasonAlpha
	}
	if probed {
		e.Reason = trace.ReasonProbe + " " + e.Reason
	}
	if i >= 0 && !probed {
		e.Move = s.pos.MoveLabel(moves[i])
	}
	if !probed {
		// Children a probe entered before the full searches began are left
		// too, searched in part: the sentence names them apart.
		var left []string
		for j, m := range moves[first:] {
			if work[j] {
				left = append(left, s.pos.MoveLabel(m))
			}
		}
		if len(left) > 0 {
			e.Detail = trace.DetailProbed + strings.Join(left, ", ")
		}
	}
	s.pruned(e, rest)
	s.emit(e)
}
