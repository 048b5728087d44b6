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
//     same rule, and the root value is the same either way.
func (s *searcher) alphaBeta(ply, depth int, alpha, beta int64) int64 {
	s.enter(ply, depth, alpha, beta, true)
	if v, done := s.horizon(ply, depth); done {
		return v
	}
	moves := s.generate(ply)
	if len(moves) == 0 {
		return s.noMoves(ply, depth)
	}
	best := -Inf // best child value, kept fail-soft for the bound type
	cut := false
	for i, mv := range moves {
		m := max(alpha, best) // F2's running maximum: alpha or the best so far
		s.makeMove(ply, mv)
		t := -s.alphaBeta(ply+1, depth-1, -beta, -m)
		s.pos.Unmake(mv)
		if s.abort {
			return 0
		}
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
	// The bound type. Under CutGE a value on the window's edge is a bound. Under
	// CutGT fail-soft values on the edge are exact (ties are searched out), but a
	// fail-hard child may have been clamped onto the edge, so there the edge is
	// taken as a bound: always true, if sometimes less than could be said.
	hard := s.opt.Fail == FailHard
	b := trace.Exact
	switch {
	case cut, hard && best >= beta:
		b = trace.Lower
	case best < alpha, best == alpha && (hard || s.opt.Cutoff == CutGE):
		b = trace.Upper // no move raised alpha: every move may have been a bound
	}
	v := best
	if hard {
		v = min(max(v, alpha), beta)
	}
	s.exit(ply, depth, v, b)
	return v
}
