package engine

import "github.com/prunescope/prunescope/trace"

// Alpha-beta: F2 of Knuth and Moore (1975).
//
// Contract: alphaBeta(p, alpha, beta) with alpha < beta returns, for the side
// to move,
//   - the exact value v of p when alpha < v < beta;
//   - a value <= alpha when v <= alpha (fail low: an upper bound on v);
//   - a value >= beta when v >= beta (fail high: a lower bound on v).
//
// The running maximum m starts at alpha and the moves are scanned while
// m < beta; each child is searched with the window (-beta, -m), so a bound found
// here is passed down and can cut several plies below (deep cutoffs). The root
// is searched with (-∞, +∞) and its value is exact.
//
// Conventions (Options):
//   - FailHard clamps the value of an inner node into [alpha, beta]; FailSoft
//     returns the best child value even when it lies outside the window, which
//     is then a tighter bound.
//   - CutGE stops at m >= beta as F2 does; CutGT stops only at m > beta, so a
//     tie never prunes (UC Berkeley CS188). The children's windows follow the
//     same rule, and the root value is the same either way. CutGT prunes less
//     with FailHard than with FailSoft: a child that fails low returns exactly
//     alpha, which ties the bound instead of passing it.
//
// It returns the value and what the value is: exact, or a lower or upper bound
// on the true value (see limits).
func (s *searcher) alphaBeta(ply, depth int, alpha, beta int64) (int64, trace.Bound) {
	s.enter(ply, depth, alpha, beta, true)
	if v, done := s.horizon(ply, depth); done {
		return v, trace.Exact
	}
	moves := s.generate(ply)
	if len(moves) == 0 {
		return s.noMoves(ply, depth), trace.Exact
	}
	best := -Inf // best child value, fail-soft
	var proof limits
	cut := false
	for i, mv := range moves {
		m := max(alpha, best) // F2's running maximum: alpha or the best so far
		s.makeMove(ply, mv)
		t, b := s.alphaBeta(ply+1, depth-1, -beta, -m)
		s.pos.Unmake(mv)
		if s.abort {
			return 0, trace.NoBound
		}
		t = -t
		proof.add(t, flip(b))
		if t > best {
			best = t
			s.updatePV(ply, mv)
		}
		if s.reaches(best, beta) { // beta cutoff: the opponent will not allow this node
			cut = true
			s.cutoff(ply, depth, best, alpha, beta, moves, i)
			break
		}
	}
	if cut {
		proof.hi = Inf // the moves not searched could be worth anything
	}
	v := best
	if s.opt.Fail == FailHard {
		v = min(max(v, alpha), beta)
	}
	b := proof.bound(v)
	s.exit(ply, depth, v, b)
	return v, b
}

// limits gathers what the searched children prove about a node's true value
// V: lo <= V <= hi. A child's exact value proves both; a lower bound proves
// only lo; an upper bound only hi; a value that is no bound proves nothing.
//
// Most of the time this gives the familiar rule (exact inside the window, an
// upper bound at or below alpha, a lower bound at or above beta). It matters
// where that rule is wrong: with the strict cutoff rule a tie with beta does not
// cut, so the later children are searched with an empty window (alpha = beta),
// and a fail-hard child clamped onto that window returns a number that says
// nothing about it. Labelling from what was proved keeps every bound shown to
// a student true.
type limits struct {
	lo, hi  int64
	started bool
}

func (l *limits) add(t int64, b trace.Bound) {
	if !l.started {
		l.lo, l.hi, l.started = -Inf, -Inf, true
	}
	if b == trace.Exact || b == trace.Lower {
		l.lo = max(l.lo, t)
	}
	if b == trace.Exact || b == trace.Upper {
		l.hi = max(l.hi, t)
	} else {
		l.hi = Inf
	}
}

// bound tells how v relates to the true value given what was proved.
func (l *limits) bound(v int64) trace.Bound {
	switch {
	case l.lo >= v && l.hi <= v:
		return trace.Exact
	case l.lo >= v:
		return trace.Lower
	case l.hi <= v:
		return trace.Upper
	}
	return trace.NoBound
}

// flip turns a child's bound into its parent's: the negamax value is negated,
// so a lower bound for one side is an upper bound for the other.
func flip(b trace.Bound) trace.Bound {
	switch b {
	case trace.Lower:
		return trace.Upper
	case trace.Upper:
		return trace.Lower
	}
	return b
}
