package engine

import (
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace"
)

// The null move (Kornilov; seed 000).
//
// Before generating its moves, a node lets the opponent move twice: the side
// to move passes, and the position is searched to the reduced depth
// depth-1-R with a zero window (beta-1, beta). If even after passing the score
// reaches beta, a real move would do at least as well, so the node returns
// beta without searching its moves. It is a heuristic: in zugzwang, where the
// side to move would rather pass, the reasoning is wrong (Verify is the cure).
//
// Conditions for trying it, each a switch, in the article's order: the side
// to move is not in check; the move into the node was not a capture; the node
// is not being extended; the static evaluation minus a margin reaches beta;
// the node is not within the first MinPly plies of the line; and only one null
// move per line (the flag passed down), or at least never two in a row.
//
// Threat detection turns the null move around: after a move, pass, and let
// the mover move again in a capture-only search; if the mover then wins
// material, the move holds a threat, and the node is extended instead of
// pruned.

// nullMove tries the null move at the node at ply. It returns the node's value
// and true when the node is pruned.
func (s *searcher) nullMove(ply, depth int, alpha, beta int64) (int64, bool) {
	n := &s.opt.Sel.Null
	f := &s.stack[ply]
	if !s.pos.CanPass() {
		return 0, false // the game does not allow a pass here
	}
	if f.noNull {
		s.nullSkip(ply, depth, "verification", "inside a null-move verification search")
		return 0, false
	}
	// The conditions in the article's order; the first that fails blocks the
	// null move and is reported.
	evalOK := false
	if n.EvalAbove {
		v, ok := s.pos.Evaluate()
		evalOK = ok && v-n.Margin >= beta
	}
	once, onceOK := n.Once == OncePerLine, !f.nullOnLine
	if !once {
		onceOK = !f.nullInto
	}
	conds := [...]nullCondition{
		{n.NotInCheck, !s.pos.InCheck(), "in check", "not in check", "the side to move is in check"},
		{n.NoCapture, !f.capInto, "after a capture", "not after a capture", "the move into this node was a capture"},
		{n.NotExtended, !f.extended, "extended", "not extended", "the node is being extended"},
		{n.EvalAbove, evalOK, "eval below beta", "static eval - margin ≥ β", "the static evaluation minus the margin is below β"},
		{n.MinPly > 0, ply >= n.MinPly, "first plies", "past the first plies", "the node is within the first plies of the line"},
		{once, onceOK, "once per line", "first null move on the line", "the line already has a null move"},
		{!once, onceOK, "twice in a row", "not after a null move", "the move into this node was a null move"},
	}
	for i := range conds {
		if c := &conds[i]; c.on && !c.holds {
			s.nullSkip(ply, depth, c.name, c.blocks)
			return 0, false
		}
	}

	r := n.R
	if n.DeepFrom > 0 && depth >= n.DeepFrom {
		r = n.RDeep
	}
	nd := max(depth-1-r, 0)
	lo := alpha // the null search's window, side to move's view
	if n.Window == NullZero {
		lo = beta - 1
	}
	if s.on(trace.NullTry) {
		e := s.event(trace.NullTry, ply, depth)
		e.Has |= trace.HasTo | trace.HasWindow
		e.To = nd
		e.Alpha, e.Beta = viewWindow(f.max, lo, beta)
		var held []string
		for _, c := range conds {
			if c.on {
				held = append(held, c.says)
			}
		}
		e.Detail = "R=" + strconv.Itoa(r) + "; " + strings.Join(held, ", ")
		s.emit(e)
	}
	s.makeNull(ply)
	t, _ := s.alphaBeta(ply+1, nd, -beta, -lo)
	s.pos.UnmakeNull()
	if s.abort {
		return 0, false
	}
	t = -t
	if t < beta {
		s.nullOutcome(trace.NullFail, ply, depth, t, "the null move stays below β: search the moves")
		return 0, false
	}
	if n.Verify {
		// Verified null move: search the node one ply shallower with no null
		// move below; prune only if that reaches beta too.
		s.nullOutcome(trace.NullFail, ply, depth, t, "verify")
		f.noNull = true
		best, _, _, _ := s.searchMoves(ply, depth-1, alpha, beta, 0, false) // no moves: best is the game's value
		f.noNull = false
		if s.abort {
			return 0, false
		}
		if !s.reaches(best, beta) {
			if s.on(trace.Research) {
				e := s.event(trace.Research, ply, depth)
				e.Has |= trace.HasValue | trace.HasTo
				e.Value, e.To = view(f.max, best), depth
				e.Reason = "null-move verification failed: zugzwang? search at full depth"
				s.emit(e)
			}
			return 0, false
		}
		t = best
	}
	s.nullOutcome(trace.NullPrune, ply, depth, t, "")
	if s.opt.Fail == FailHard || s.isMate(t) {
		return beta, true // a mate found after a pass proves nothing
	}
	return t, true
}

// nullCondition is one of the null move's conditions: whether it is switched
// on, whether it holds here, and its name, what it says when it holds, and
// why it blocks when it does not.
type nullCondition struct {
	on, holds          bool
	name, says, blocks string
}

// isMate reports whether v is a mate score of the game.
func (s *searcher) isMate(v int64) bool {
	return s.mate > 0 && (v > s.mate-trace.MateWindow || v < -s.mate+trace.MateWindow)
}

func (s *searcher) nullSkip(ply, depth int, reason, detail string) {
	if s.on(trace.NullSkip) {
		e := s.event(trace.NullSkip, ply, depth)
		e.Reason = reason
		e.Detail = detail
		s.emit(e)
	}
}

func (s *searcher) nullOutcome(k trace.Kind, ply, depth int, v int64, reason string) {
	if s.on(k) {
		e := s.event(k, ply, depth)
		e.Has |= trace.HasValue
		e.Value = view(s.stack[ply].max, v)
		e.Reason = reason
		s.emit(e)
	}
}

// threat is the null move's threat detection at the node at ply, reached by
// the opponent's move: pass, and let the mover capture. If the mover then wins
// ThreatMargin or more against the static evaluation, the move into this node
// is a threat and the node is extended by one ply. It returns the depth to
// search the node with.
func (s *searcher) threat(ply, depth int) int {
	n := &s.opt.Sel.Null
	f := &s.stack[ply]
	if f.nullInto || f.noNull || !s.pos.CanPass() || s.pos.InCheck() {
		return depth
	}
	e, ok := s.pos.Evaluate()
	if !ok {
		return depth
	}
	bound := e - n.ThreatMargin // below this the side to move has lost material
	if s.on(trace.NullTry) {
		ev := s.event(trace.NullTry, ply, depth)
		ev.Has |= trace.HasTo | trace.HasWindow | trace.HasMargin
		ev.To = 0
		ev.Alpha, ev.Beta = viewWindow(f.max, bound-1, bound)
		ev.Margin = n.ThreatMargin
		ev.Reason = "threat"
		ev.Detail = "threat test: pass, and a capture-only search for the mover"
		s.emit(ev)
	}
	s.makeNull(ply)
	// The pass is a node of the tree like any other: entered, searched
	// (captures only, from here), left.
	s.enter(ply+1, 0, -bound, -bound+1, true)
	t, _ := s.quiesceHere(ply+1, -bound, -bound+1)
	s.pos.UnmakeNull()
	if s.abort {
		return depth
	}
	if -t >= bound { // the mover wins nothing
		s.nullOutcome(trace.NullFail, ply, depth, -t, "no threat")
		return depth
	}
	f.extended = true
	if x := &s.opt.Sel.Extensions; x.On && f.exts >= x.Limit {
		return depth // extended in spirit (no null-move prune), but the line has no extensions left
	}
	f.exts++
	if s.on(trace.Extend) {
		ev := s.event(trace.Extend, ply, depth)
		ev.Has |= trace.HasTo | trace.HasValue
		ev.To = depth + 1
		ev.Value = view(f.max, -t)
		ev.Reason = "threat"
		s.emit(ev)
	}
	return depth + 1
}
