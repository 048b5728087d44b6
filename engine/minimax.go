package engine

import "github.com/prunescope/prunescope/internal/score"

// Minimax in its textbook two-player form.
//
// Contract: minimax returns the exact value of the node at ply from MAX's point
// of view, searching every move to the depth limit. At a MAX node it is the
// largest child value, at a MIN node the smallest; a finished game or the
// horizon gives the value directly. Nothing is pruned, so it visits the whole
// tree and costs W^D positions (W moves per position, D plies).
func (s *searcher) minimax(ply, depth int) int64 {
	if !s.enter(ply, depth, 0, 0, false) {
		return 0
	}
	max := s.stack[ply].max
	if v, done := s.horizon(ply, depth); done {
		return view(max, v)
	}
	moves := s.generate(ply)
	if len(moves) == 0 {
		return view(max, s.noMoves(ply, depth))
	}
	best := score.Inf // MIN starts from +∞ and takes the smallest value
	if max {
		best = -score.Inf // MAX starts from −∞ and takes the largest value
	}
	for _, m := range moves {
		s.makeMove(ply, m)
		v := s.minimax(ply+1, depth-1)
		s.pos.Unmake(m)
		if s.abort {
			return 0
		}
		if (max && v > best) || (!max && v < best) {
			best = v
			s.updatePV(ply, m)
		}
	}
	s.exit(ply, depth, view(max, best), false, score.Exact)
	return best
}
