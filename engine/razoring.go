package engine

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Razoring (seed 002: the margin test of futility pruning applied to the node).
//
// When the static evaluation of a node plus the margin for its remaining depth
// stays at or below alpha, and the side to move is not in check, the node is
// cut short by one ply (one ply from the horizon: to its static evaluation, or
// to quiescence search). The margins grow toward the root, wider than
// futility's, since the node's own evaluation stands for all its moves.

// Razoring configures razoring: Margins[d-1] is the margin at remaining depth
// d; beyond the last one the rule does not apply.
type Razoring struct {
	On      bool
	Margins []int64
}

var razoringTechnique = marginTechnique("razoring", razorMargins,
	func(s *Selective) *margined { return (*margined)(&s.Razoring) },
	"razoring: search a node one ply shallower when its static eval + margin ≤ α",
	"razor-margins", "razoring margins by remaining depth 1, 2, ... (default: 200,300,500 in chess, 0,0,0 otherwise)")

// razor returns the depth the node at ply is searched with: one ply less when
// its static evaluation plus the margin for its depth stays at or below
// alpha, and not in check (this is razoring).
func (s *searcher) razor(ply, depth int, alpha, beta int64) int {
	ms := s.opt.Sel.Razoring.Margins
	if depth < 1 || depth > len(ms) || s.inCheck() {
		return depth
	}
	v, ok := s.pos.Evaluate()
	if !ok || score.Add(v, ms[depth-1]) > alpha {
		return depth
	}
	if s.on(trace.Razor) {
		f := s.stack[ply]
		e := s.event(trace.Razor, ply, depth)
		e.Has |= trace.HasValue | trace.HasMargin | trace.HasTo | trace.HasWindow
		e.Value = view(f.max, v)
		e.Margin = ms[depth-1]
		e.To = depth - 1
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		s.emit(e)
	}
	return depth - 1
}
