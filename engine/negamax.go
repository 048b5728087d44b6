package engine

import "github.com/prunescope/prunescope/internal/score"

// Negamax: F of Knuth and Moore (1975).
//
// Contract: negamax returns the exact value of the node at ply for the side to
// move. A finished game gives f(p), the horizon gives the static evaluation;
// otherwise the value is the maximum over the moves of -F(child). One function
// serves both players because a position that is worth v to one side is worth
// -v to the other (a child where the same player moves again, in a toy tree
// with [max] or [min] marks, is worth the same to it). Nothing is pruned: W^D positions for W moves and D plies.
func (s *searcher) negamax(ply, depth int) int64 {
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
	m := -score.Inf
	for _, mv := range moves {
		s.makeMove(ply, mv)
		t, _ := s.fromChild(ply, s.negamax(ply+1, depth-1), score.Exact)
		s.pos.Unmake(mv)
		if s.abort {
			return 0
		}
		if t > m {
			m = t
			s.updatePV(ply, mv)
		}
	}
	s.exit(ply, depth, m, false, score.Exact)
	return m
}
