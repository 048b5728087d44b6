package engine

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Planning a move: how deep to search it, or whether to skip it.
//
// For each move of a node, once it is made, the selective techniques decide in
// this order:
//  1. extensions (extensions.go): a check, a recapture, a promotion or a pawn
//     push to the seventh rank is searched one ply deeper;
//  2. futility pruning (futility.go): near the horizon a quiet move whose
//     static score cannot bring alpha up is skipped;
//  3. late move pruning (lmp.go): at shallow depth a quiet move after the
//     first few is skipped;
//  4. reductions (reductions.go): a quiet move whose static score does not
//     improve alpha is searched one ply shallower;
//  5. late move reductions (lmr.go): a quiet move late in the list, still at
//     its usual depth, is searched shallower (and searchMoves searches it
//     again at full depth when it beats alpha).
// Deciding in the node before the move (the "pre-node" of seed 000) saves a
// useless call, and lets the rule see the state of the node it leaves.

// nodeInfo is what the node's own state tells the planner.
type nodeInfo struct {
	inCheck  bool
	material int64 // material balance for the side to move (AfterAttack only)
	hasMat   bool
}

// moveInfo is what is known of a move before it is made: what the game
// says of it, its place among the node's moves (index, from 0: late move
// reductions and pruning) and what move ordering knew of it (the table's
// move, a killer), whether or not ordering sorted the moves by it.
type moveInfo struct {
	capture, promotion, recapture, seventh bool
	index                                  int
	ttMove, killer                         bool
	// full is set by the plan of a move late move reductions reduced: the
	// depth it is searched again with when it beats α (0: not reduced).
	full int
}

func (s *searcher) nodeInfo(ply int) nodeInfo {
	n := nodeInfo{inCheck: s.inCheck()}
	if s.opt.Sel.Reductions.On && s.opt.Sel.Reductions.AfterAttack {
		n.material, n.hasMat = s.material()
	}
	return n
}

// moveInfo is what is known of m, the move at index i of the node at ply,
// before it is made; ttMove is the table's move when hasTT.
func (s *searcher) moveInfo(ply, i int, m, ttMove Move, hasTT bool) moveInfo {
	mi := moveInfo{capture: s.isCapture(m), promotion: s.isPromotion(m), recapture: s.isRecapture(m), index: i}
	mi.ttMove = hasTT && m == ttMove
	if s.opt.Order.Killers {
		k := &s.killers[ply]
		mi.killer = (k.has[0] && k.move[0] == m) || (k.has[1] && k.move[1] == m)
	}
	if p, ok := s.pos.(SeventhRankPusher); ok {
		mi.seventh = p.PushesToSeventh(m)
	}
	return mi
}

// material is the material balance for the side to move: Materialist's when
// the game has one, else the static evaluation.
func (s *searcher) material() (int64, bool) {
	if m, ok := s.pos.(Materialist); ok {
		return m.Material(), true
	}
	return s.pos.Evaluate()
}

// plan decides, with the move already made at ply, the depth its child is
// searched with, or that it is skipped (then bound is the value it is expected
// not to exceed). alpha is the node's running maximum. It also fills in the
// child's frame for the techniques further down the line.
func (s *searcher) plan(ply, depth int, node *nodeInfo, mi *moveInfo, alpha, beta int64) (newDepth int, skip bool, bound int64) {
	sel := &s.opt.Sel
	p, c := s.stack[ply], s.stack[ply+1]
	givesCheck := s.inCheck() // the child's side to move is in check
	c.capInto, c.chkInto, c.nullInto = mi.capture, givesCheck, false
	c.nullOnLine, c.noNull = p.nullOnLine, p.noNull
	c.extended, c.exts, c.qs = false, p.exts, 0
	c.attacked = mi.capture || givesCheck
	c.restore = score.Inf // material to get back to after an attack: unknown means never
	if node.hasMat {
		c.restore = -node.material
	}

	newDepth = depth - 1
	// The static score after the move, from the mover's point of view: what
	// futility and reductions compare with alpha.
	var after int64
	scored := false
	scoreAfter := func() (int64, bool) {
		if !scored {
			if v, ok := s.pos.Evaluate(); ok {
				after, scored = -v, true
			} else {
				return 0, false
			}
		}
		return after, true
	}

	if sel.CheckExt.On { // the check extension wins over the extension set's check rule (checkext.go)
		if to, ok := s.checkExtension(ply, depth, givesCheck); ok {
			return to, false, 0
		}
	}
	if sel.Extensions.On {
		if reason := s.extension(ply, mi, givesCheck); reason != "" {
			newDepth = depth
			c.extended, c.exts = true, p.exts+1
			s.extendEvent(ply, depth, newDepth, reason)
			return newDepth, false, 0
		}
	}
	quiet := !mi.capture && !mi.promotion && !givesCheck
	if sel.Futility.On && quiet && ply > 0 && !node.inCheck && depth >= 1 && depth <= len(sel.Futility.Margins) {
		if r, ok := scoreAfter(); ok {
			margin := sel.Futility.Margins[depth-1]
			if score.Add(r, margin) <= alpha { // this is futility pruning
				s.futilityEvent(ply, depth, r, margin, alpha, beta)
				return 0, true, score.Add(r, margin)
			}
		}
	}
	if sel.LMP.On && s.latePrune(ply, depth, node, mi, givesCheck) {
		return 0, true, unsearched
	}
	if sel.Reductions.On {
		newDepth = s.reduction(ply, depth, node, givesCheck, mi.capture, scoreAfter, alpha, beta)
	}
	if sel.LMR.On && newDepth == depth-1 {
		newDepth = s.lateReduction(ply, depth, node, mi, givesCheck)
	}
	return newDepth, false, 0
}

// extendEvent reports that the move just made at ply is searched to depth to
// instead of from-1.
func (s *searcher) extendEvent(ply, from, to int, reason string) {
	if s.on(trace.Extend) {
		e := s.event(trace.Extend, ply, from)
		e.Move = s.stack[ply+1].move
		e.Has |= trace.HasTo
		e.To = to
		e.Reason = reason
		s.emit(e)
	}
}
