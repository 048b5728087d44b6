package engine

import "github.com/prunescope/prunescope/trace"

// Futility pruning (seeds 000 and 002).
//
// A static score plus a margin is compared with alpha, with margins by
// remaining depth: half a pawn in the last two plies ("margin ... emulates a
// full search"). Futility pruning skips a quiet move near the horizon whose
// static score after the move plus the margin stays at or below alpha (the
// decision is taken in plan.go, move by move); the side to move must not be
// in check and the move must not capture, promote or give check. Razoring
// (razoring.go) applies the same test to the node itself.

// Futility configures futility pruning: Margins[d-1] is the margin at
// remaining depth d; beyond the last one the rule does not apply.
type Futility struct {
	On      bool
	Margins []int64
}

var futilityTechnique = marginTechnique("futility", futilityMargins,
	func(s *Selective) *margined { return (*margined)(&s.Futility) },
	"futility pruning: skip a quiet move whose static score + margin ≤ α near the horizon",
	"futility-margins", "futility margins by remaining depth 1, 2, ... (default: 50,50 in chess, 0,0 otherwise)")

// futilityEvent reports a move skipped by futility pruning.
func (s *searcher) futilityEvent(ply, depth int, score, margin, alpha, beta int64) {
	if s.on(trace.Futility) {
		f := s.stack[ply]
		e := s.event(trace.Futility, ply, depth)
		e.Move = s.stack[ply+1].move
		e.Has |= trace.HasValue | trace.HasWindow | trace.HasMargin
		e.Value = view(f.max, score)
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		e.Margin = margin
		s.emit(e)
	}
}
