package engine

import "github.com/prunescope/prunescope/internal/score"

// Branch and bound: F1 of Knuth and Moore (1975), with a single bound.
//
// Contract: branchBound(p, bound) returns the exact value of p for the side to
// move when that value is below bound, and some value >= bound (a lower bound
// on the true value) otherwise. It scans the moves while the running maximum m
// stays below bound; each child is searched with the bound -m, because the
// child only matters while it can still bring our maximum above m. The root is
// searched with bound +∞. A child where the same player moves again (a toy
// tree's [max] or [min] marks) is searched with the node's own bound, and its
// value taken as it is. With one bound only, a cutoff can never reach more
// than one ply down: the deep cutoffs of alpha-beta are missing.
func (s *searcher) branchBound(ply, depth int, bound int64) (int64, score.Bound) {
	if !s.enter(ply, depth, -score.Inf, bound, true) {
		return 0, score.NoBound
	}
	if v, done := s.horizon(ply, depth); done {
		return v, score.Exact
	}
	moves := s.generate(ply)
	if len(moves) == 0 {
		return s.noMoves(ply, depth), score.Exact
	}
	m := -score.Inf
	var proof score.Proof
	for i, mv := range moves {
		before := m
		s.makeMove(ply, mv)
		childBound := -m
		if !s.flips(ply) {
			// The same player moves again: the child can only raise our
			// maximum, and matters until it reaches our own bound.
			childBound = bound
		}
		t, b := s.branchBound(ply+1, depth-1, childBound)
		t, b = s.fromChild(ply, t, b)
		s.pos.Unmake(mv)
		if s.abort {
			return 0, score.NoBound
		}
		proof.Add(t, b)
		if t > m {
			m = t
			s.updateLine(ply, mv, b)
		}
		if s.reaches(m, bound) { // the opponent already has something better: stop here
			s.cutoff(ply, depth, m, -score.Inf, bound, before, moves, i)
			if i+1 < len(moves) {
				proof.Cut()
			}
			break
		}
	}
	// The window is (-∞, bound), the value never clamped: below bound it is
	// exact, at or above it a lower bound.
	_, known := s.exit(ply, depth, m, false, proof.Bound(m))
	return m, known
}
