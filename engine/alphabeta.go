package engine

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

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
// here is passed down and can cut several plies below (deep cutoffs). A child
// where the same player moves again (a toy tree's [max] or [min] marks) is
// searched with (m, beta) and its value taken as it is (childWindow,
// fromChild). The root
// is searched with (-∞, +∞) and its value is exact.
//
// Conventions (Options):
//   - FailHard clamps the value of an inner node into [alpha, beta]; FailSoft
//     returns the best child value even when it lies outside the window, which
//     is then a tighter bound; FailF2 is F2 as printed, m := alpha, so the
//     value is clamped at alpha only and a value at or above beta is returned
//     as found.
//   - CutGE stops at m >= beta as F2 does; CutGT stops only at m > beta, so a
//     tie never prunes (UC Berkeley CS188). The children's windows follow the
//     same rule, and the root value is the same either way. CutGT prunes less
//     with FailHard than with FailSoft: a child that fails low returns exactly
//     alpha, which ties the bound instead of passing it.
//
// It returns the value and what is known of it: the textbook label on the
// window (exact inside, an upper bound at or below alpha, a lower bound at or
// above beta; see score.BoundOf), or exact where the searched children prove
// it (score.Proof, in searches without a selective technique). The exit event
// carries the textbook label, and the proof as its Proved mark.
//
// The selective techniques (Options.Sel) hook in at fixed places, each in a
// file of its own: at the horizon quiescence search (quiescence.go); before the
// moves the threat test and null move (nullmove.go) and razoring
// (razoring.go); for each move its extension, futility pruning and reduction
// (plan.go). With them the value is the search's estimate, not a proven bound.
func (s *searcher) alphaBeta(ply, depth int, alpha, beta int64) (int64, score.Bound) {
	if s.stack[ply].chance { // Star1 and Star2 (chance.go)
		return s.chanceSearch(ply, depth, alpha, beta)
	}
	if !s.enter(ply, depth, alpha, beta, true) {
		return 0, score.NoBound
	}
	if s.tt != nil && depth > 0 {
		s.tt.touch(s.pos.Key()) // the slot is on its way while the game tells whether it is over
	}
	if v, b, done := s.frontier(ply, depth, alpha, beta); done {
		return v, b
	}
	var tt ttResult
	if s.tt != nil {
		if tt = s.ttProbe(ply, depth, alpha, beta); tt.cut { // a TT cutoff
			v := s.clamp(tt.value, alpha, beta)
			proved := score.NoBound
			if v == tt.value && tt.bound == score.Exact {
				proved = score.Exact // an earlier search proved it
			}
			_, known := s.exit(ply, depth, v, s.clamps(), proved)
			return v, known
		}
	}
	sel := &s.opt.Sel
	if s.selective && ply > 0 {
		if sel.Null.On && sel.Null.Threat {
			depth = s.threat(ply, depth)
			if s.abort {
				return 0, score.NoBound
			}
		}
		if sel.Razoring.On {
			if depth = s.razor(ply, depth, alpha, beta); depth <= 0 {
				return s.horizonValue(ply, depth, alpha, beta)
			}
		}
		if sel.RFP.On {
			if v, pruned := s.reverseFutility(ply, depth, alpha, beta); pruned {
				_, known := s.exit(ply, depth, v, s.clamps(), score.NoBound)
				return v, known
			}
		}
		if sel.Null.On {
			v, pruned := s.nullMove(ply, depth, alpha, beta)
			if s.abort {
				return 0, score.NoBound
			}
			if pruned {
				_, known := s.exit(ply, depth, v, s.clamps(), score.NoBound)
				return v, known
			}
		}
	}
	if s.selective && sel.IID.On {
		f := s.stack[ply]
		f.first, f.hasFirst = s.iid(ply, depth, alpha, beta, tt.hasMove)
		if s.abort {
			return 0, score.NoBound
		}
	}
	best, proof, cut, none := s.searchMoves(ply, depth, alpha, beta, tt.move, tt.hasMove)
	s.stack[ply].hasFirst = false
	if s.abort {
		return 0, score.NoBound
	}
	beta = s.stack[ply].beta // an aspiration root whose upper edge a move opened
	var v int64
	var b, known score.Bound
	if none { // no legal move: the game's value, and the node is closed
		v = s.pos.NoMoves(ply)
		known = s.leaf(ply, depth, v, trace.ReasonNoMoves)
		b = score.BoundOf(v, alpha, beta, false)
	} else {
		v, b, known = s.settle(ply, depth, alpha, beta, best, proof, cut)
	}
	// The table keeps the textbook bound, as the exit says it (and as
	// Plaat's MTD(f) stores it), whatever the children happen to prove.
	if s.tt != nil {
		n := s.pvLen[ply]
		var bm Move
		if n > 0 {
			bm = s.pv[ply][0]
		}
		s.ttStore(ply, depth, v, b, bm, n > 0)
	}
	return v, known
}

// searchMoves searches the moves of the node at ply: F2's loop. The moves come
// in generation order, or as move ordering sorts them; at the root of an
// iterative search, in the order the earlier iterations left them. With PVS
// every move after the first is probed with a null window first.
// It returns the best value found (fail-soft), what the searched moves prove
// about the node's value, and whether a move reached beta with moves left
// unsearched (a cutoff); none when the node
// has no legal move (then it reports nothing: the caller closes the node with
// the game's value, once).
func (s *searcher) searchMoves(ply, depth int, alpha, beta int64, ttMove Move, hasTT bool) (best int64, proof score.Proof, cut, none bool) {
	best = -score.Inf
	moves := s.nodeMoves(ply, ttMove, hasTT)
	if len(moves) == 0 {
		return s.pos.NoMoves(ply), proof, false, true
	}
	selective := s.selective
	var node nodeInfo
	if selective {
		node = s.nodeInfo(ply)
	}
	pvs := s.opt.Algo == PVS
	searched := 0
	bestBound := score.NoBound // what is known of best (the node's view)
	picking := s.stack[ply].picking
	s.stack[ply].picking = false
	for i := 0; i < len(moves); i++ {
		if picking && i > 0 { // move ordering: the best-scored move left comes next
			if i < pickFirst {
				pick(moves, s.scores[ply], i)
			} else { // a node that got this far likely searches them all: sort the rest once
				sortFrom(moves, s.scores[ply], i)
				picking = false
			}
		}
		mv := moves[i]
		m := max(alpha, best) // F2's running maximum: alpha or the best so far
		newDepth := depth - 1
		var info moveInfo
		if selective {
			info = s.moveInfo(ply, i, mv, ttMove, hasTT)
		}
		s.makeMove(ply, mv)
		if selective {
			var skip bool
			var bound int64
			if newDepth, skip, bound = s.plan(ply, depth, &node, &info, m, beta); skip {
				s.pos.Unmake(mv)
				if bound == unsearched { // late move pruning: nothing known of it
					proof.Cut()
					continue
				}
				proof.Add(bound, score.Upper) // futility: expected to stay at or below alpha
				best = max(best, bound)
				continue
			}
		}
		var t int64
		var b score.Bound
		probe := pvs && searched > 0 && beta-m > 1 && m > -score.Inf
		var child frame // the child as the move left it, for a second search
		if probe || info.full > 0 || (ply == 0 && s.fromMove()) {
			child = *s.stack[ply+1]
		}
		if probe || info.full > 0 {
			// PVS: is this move better than m? Ask with a null window first.
			// (Not while m is −∞, after moves worth −∞: no null window
			// (m, m+1) sits above −∞; the move is searched in full.)
			// A late move reduced (lmr.go) is asked at its reduced depth
			// first, and again at full depth when it beats m.
			edge := beta
			if probe {
				edge = m + 1
			}
			lo, hi := s.childWindow(ply, m, edge)
			t, b = s.alphaBeta(ply+1, newDepth, lo, hi)
			t, b = s.fromChild(ply, t, b)
			if info.full > 0 && !s.abort && t > m { // the reduced move beat α: full depth
				s.lmrResearchEvent(ply, depth, newDepth, &info, t, m, edge)
				newDepth = info.full
				*s.stack[ply+1] = child
				t, b = s.alphaBeta(ply+1, newDepth, lo, hi)
				t, b = s.fromChild(ply, t, b)
			}
			if probe && !s.abort && t > m && t < beta { // the probe failed high: search it in full
				s.researchEvent(ply, depth, t, m, beta)
				*s.stack[ply+1] = child
				lo, hi = s.childWindow(ply, m, beta)
				t, b = s.alphaBeta(ply+1, newDepth, lo, hi)
				t, b = s.fromChild(ply, t, b)
			}
		} else {
			lo, hi := s.childWindow(ply, m, beta)
			t, b = s.alphaBeta(ply+1, newDepth, lo, hi)
			t, b = s.fromChild(ply, t, b)
		}
		if ply == 0 && s.fromMove() && beta < score.Inf && !s.abort && t >= beta {
			// Aspiration, re-searched from the move (Němec): the move failed
			// high against the window's upper edge; open the edge and search
			// it again at once, then go on with the other moves in the wider
			// window, which is the root's now.
			beta = score.Inf
			s.stack[0].beta = score.Inf
			s.aspirationResearch(depth, t, m)
			*s.stack[ply+1] = child
			lo, hi := s.childWindow(ply, m, beta)
			t, b = s.alphaBeta(ply+1, newDepth, lo, hi)
			t, b = s.fromChild(ply, t, b)
		}
		s.pos.Unmake(mv)
		if s.abort {
			return 0, proof, false, false
		}
		searched++
		proof.Add(t, b) // b is the node's view already (fromChild)
		// The best move is the first to reach the best value, but a move
		// whose value is only known to be at most that much (it failed
		// low, clamped onto the window) gives way to a later move proved
		// to be worth it: the line must follow a move known to be best.
		if t > best || (t == best && bestBound == score.Upper && b == score.Exact) {
			best, bestBound = t, b
			s.updateLine(ply, mv, b)
			if ply == 0 {
				s.newLead(i, t)
			}
		}
		if s.reaches(best, beta) { // beta cutoff: the opponent will not allow this node
			if s.ordering && !s.isCapture(mv) && !s.isPromotion(mv) { // a quiet move (asked in the node's position, as generated)
				s.rememberCutoff(ply, depth, mv)
			}
			if picking && s.hook != nil { // the cut's event names the rest in order
				sortFrom(moves, s.scores[ply], i+1)
			}
			s.cutoff(ply, depth, best, alpha, beta, m, moves, i)
			return best, proof, i+1 < len(moves), false
		}
	}
	return best, proof, false, false
}

// nodeMoves returns the moves of the node at ply in the order they are
// searched.
func (s *searcher) nodeMoves(ply int, ttMove Move, hasTT bool) []Move {
	if ply == 0 && s.keepRoot {
		if s.rootOrder == nil {
			s.rootOrder = append([]Move(nil), s.generate(0)...)
			if s.ordering { // the first iteration starts from the ordering's guess
				s.order(0, s.rootOrder, ttMove, hasTT)
			}
		}
		return s.rootOrder
	}
	moves := s.generate(ply)
	f := s.stack[ply]
	if s.ordering && len(moves) > 1 {
		// The best first; internal iterative deepening's move before it (iid.go).
		s.orderFirst(ply, moves, ttMove, hasTT, f.first, f.hasFirst)
		f.picking = true
		return moves
	}
	if f.hasFirst { // internal iterative deepening's move first (iid.go)
		iidFirst(moves, f.first)
	}
	return moves
}

// newLead notes that the root move at index i took the lead with value v. In
// an iterative search it moves to the front of the root move list (the
// seed's root ordering) and is remembered as the leader of the iteration.
func (s *searcher) newLead(i int, v int64) {
	if !s.keepRoot {
		return
	}
	m := s.rootOrder[i]
	if i > 0 {
		moveToFront(s.rootOrder, i)
	}
	if s.iteration > 0 {
		s.lead = &Lead{Depth: s.iteration, Move: s.pos.MoveLabel(m), Value: view(s.stack[0].max, v)}
	}
}

// researchEvent reports that a PVS probe of the move just made at ply failed
// high with value t: the node's window at the probe was (m, beta), side to
// move's view; the move is searched again in it.
func (s *searcher) researchEvent(ply, depth int, t, m, beta int64) {
	if e := s.research(ply, depth, t, m, beta); e != nil {
		e.Reason = trace.ReasonPVS
		s.emit(e)
	}
}

// research starts the event of a move at ply searched again after it
// returned t, beyond the node's running maximum m (window (m, beta), side
// to move's view); nil when the search is not traced.
func (s *searcher) research(ply, depth int, t, m, beta int64) *trace.Event {
	if !s.on(trace.Research) {
		return nil
	}
	f := s.stack[ply]
	e := s.event(trace.Research, ply, depth)
	e.Move = s.stack[ply+1].move // the move is made: its label was taken before
	e.Has |= trace.HasValue | trace.HasWindow
	e.Value = view(f.max, t)
	e.Alpha, e.Beta = viewWindow(f.max, m, beta)
	return e
}

// settle turns the best value into the node's value under the fail
// convention and closes the node. Its label is the textbook rule on the
// node's window; what the searched moves prove (proof, with cut when moves
// were left unsearched) marks it proved exact where it is. It returns the
// value, its textbook bound (what the transposition table stores) and the
// bound the parent may rely on.
func (s *searcher) settle(ply, depth int, alpha, beta, best int64, proof score.Proof, cut bool) (int64, score.Bound, score.Bound) {
	v := s.clamp(best, alpha, beta)
	proved := score.NoBound
	if !s.selective {
		if cut {
			proof.Cut()
		}
		proved = proof.Bound(v)
	}
	b, known := s.exit(ply, depth, v, s.clamps(), proved)
	return v, b, known
}

// clamp applies the fail convention to the best value found at a node with
// window (alpha, beta): fail-hard clamps it into [alpha, beta], F2 raises it
// to alpha (its m starts at alpha), fail-soft keeps it.
func (s *searcher) clamp(best, alpha, beta int64) int64 {
	switch s.opt.Fail {
	case FailHard:
		return min(max(best, alpha), beta)
	case FailF2:
		return max(best, alpha)
	}
	return best
}

// frontier ends the line at a finished game or at the horizon, where the value
// is the static evaluation or, with quiescence, the quiescence search's.
func (s *searcher) frontier(ply, depth int, alpha, beta int64) (int64, score.Bound, bool) {
	if v, over := s.pos.Terminal(ply); over {
		return v, s.leaf(ply, depth, v, trace.ReasonTerminal), true
	}
	if depth > 0 {
		return 0, score.NoBound, false
	}
	v, b := s.horizonValue(ply, depth, alpha, beta)
	return v, b, true
}

// horizonValue is the value of a node at the horizon: its static evaluation,
// or the quiescence search from it.
func (s *searcher) horizonValue(ply, depth int, alpha, beta int64) (int64, score.Bound) {
	if s.opt.Sel.Quiescence.On {
		return s.quiesceHere(ply, alpha, beta)
	}
	return s.staticLeaf(ply, depth), score.Exact
}
