package engine

import (
	"fmt"
	"math"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Quiescence search (Němec; seed 003).
//
// At the horizon the position may be in the middle of an exchange, and its
// static evaluation a lie. Quiescence search goes on with captures and
// promotions only until the position is quiet. The side to move may always
// decline to capture and keep its static evaluation ("stand pat"), so a node's
// value is the larger of its static evaluation and its captures' values; a
// stand pat that reaches beta ends the node at once. MaxDepth caps the number
// of quiescence plies.
//
// The captures are tried most valuable victim first, least valuable attacker
// first (MVV-LVA) where the game values its pieces: in generation order a
// capture-rich position (Kiwipete) needs millions of quiescence nodes for a
// one-ply search, because the cutoffs that stand pat and good captures bring
// come too late.
//
// In check the side to move cannot decline: standing pat there would value
// a position by its static evaluation when the king may be lost. A
// quiescence node in check searches every legal move (the evasions) instead,
// without a stand pat, as engines do (chessprogramming wiki, "Quiescence
// Search", "Check evasions"; Stockfish's qsearch). The search stays finite:
// a node not in check plays captures and promotions only, and the side in
// check cannot give check back with a quiet move here, so every second ply
// of a line takes a piece or promotes a pawn. The seed's rule as written
// (stand pat in check too) is the switch StandInCheck (--qs-stand-in-check).
// A threat test's quiescence (nullmove.go) keeps to captures, as it says,
// and at the MaxDepth cap a node in check takes its static evaluation.
//
// Contract: like alphaBeta, for the side to move, in the window (alpha, beta).

// Quiescence configures quiescence search.
type Quiescence struct {
	On       bool
	MaxDepth int // plies of quiescence at most; 0: no limit
	// StandInCheck: stand pat in check too, captures only (the seed's rule
	// as written); false: a node in check searches its evasions.
	StandInCheck bool
}

var quiescenceTechnique = technique{
	name: "quiescence", aliases: []string{"qs"}, family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Quiescence.On },
	switchOn: func(o *Options) { o.Sel.Quiescence.On = true },
	check: func(o *Options) error {
		if o.Sel.Quiescence.MaxDepth < 0 {
			return i18n.Errorf("quiescence: the depth cap must be 0 (none) or more")
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		q := o.Sel.Quiescence
		what := "captures and promotions, every move in check"
		if q.StandInCheck {
			what = "captures and promotions, stand pat even in check"
		}
		if q.MaxDepth > 0 {
			return fmt.Sprintf("quiescence (%s, %d plies at most)", what, q.MaxDepth)
		}
		return "quiescence (" + what + ")"
	},
	params: []Param{
		{Name: "quiescence", Kind: SwitchParam, Usage: "quiescence search at the horizon: captures and promotions with stand pat; in check every move (the evasions), no stand pat"},
		{Name: "qs-depth", Kind: CountParam, Usage: "quiescence: at most this many plies (0: no limit)"},
		{Name: "qs-stand-in-check", Kind: SwitchParam, Usage: "quiescence: stand pat and play captures only even in check (the seed's rule as written), instead of searching the evasions"},
	},
	apply: func(o *Options, g Given) error {
		o.Sel.Quiescence.MaxDepth = g.Int("qs-depth")
		o.Sel.Quiescence.StandInCheck = g.Bool("qs-stand-in-check")
		return nil
	},
}

// quiesceHere turns the node at ply, already entered, into the root of a
// quiescence search.
func (s *searcher) quiesceHere(ply int, alpha, beta int64) (int64, score.Bound) {
	f := s.stack[ply]
	if f.qs == 0 {
		f.qs = 1
		if s.on(trace.QSEnter) {
			e := s.event(trace.QSEnter, ply, 0)
			e.Has |= trace.HasWindow
			e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
			s.emit(e)
		}
	}
	return s.quiesceMoves(ply, alpha, beta)
}

// quiesce enters the node at ply as a quiescence node and searches it.
func (s *searcher) quiesce(ply int, alpha, beta int64) (int64, score.Bound) {
	if !s.enter(ply, 0, alpha, beta, true) {
		return 0, score.NoBound
	}
	if v, over := s.pos.Terminal(ply); over {
		return v, s.leaf(ply, 0, v, trace.ReasonTerminal)
	}
	return s.quiesceMoves(ply, alpha, beta)
}

// quiesceMoves is the body of a quiescence node: stand pat, then captures;
// in check, the evasions.
func (s *searcher) quiesceMoves(ply int, alpha, beta int64) (int64, score.Bound) {
	f := s.stack[ply]
	q := s.opt.Sel.Quiescence
	if !q.StandInCheck && !(q.MaxDepth > 0 && f.qs > q.MaxDepth) && !f.moverOnly && !s.threatening && s.inCheck() {
		return s.evasions(ply, alpha, beta)
	}
	stand, ok := s.pos.Evaluate()
	if !ok {
		s.staticLeaf(ply, 0) // reports the missing evaluation
		return 0, score.NoBound
	}
	standCut := s.reaches(stand, beta)
	if s.on(trace.StandPat) {
		e := s.event(trace.StandPat, ply, 0)
		e.Has |= trace.HasValue | trace.HasWindow
		e.Value = view(f.max, stand)
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		if standCut {
			e.Reason = trace.ReasonStandCut
		}
		s.emit(e)
	}
	var proof score.Proof
	proof.Add(stand, score.Exact)
	best := stand
	if standCut {
		return s.settleQS(ply, alpha, beta, best, proof, true)
	}
	if q := s.opt.Sel.Quiescence.MaxDepth; q > 0 && f.qs > q {
		return s.settleQS(ply, alpha, beta, best, proof, false)
	}
	s.moves[ply] = s.captures(s.moveBuf(ply))
	if f.moverOnly { // a threat test under the seed's rule
		if mc, ok := s.pos.(MoverCapturer); ok {
			if ms, ok := mc.MoverCaptures(s.moves[ply][:0]); ok {
				s.moves[ply] = ms
			}
		}
	}
	if s.threatening { // the threat test searches captures only, as it says
		kept := s.moves[ply][:0]
		for _, mv := range s.moves[ply] {
			if s.tact.IsCapture(mv) {
				kept = append(kept, mv)
			}
		}
		s.moves[ply] = kept
	}
	moves := s.moves[ply]
	if s.values != nil {
		orderCaptures(moves, s.values)
	}
	return s.quiesceList(ply, alpha, beta, moves, best, proof)
}

// evasions is the body of a quiescence node in check: no stand pat, every
// legal move searched, captures first (most valuable victim first) and the
// others in generation order.
func (s *searcher) evasions(ply int, alpha, beta int64) (int64, score.Bound) {
	f := s.stack[ply]
	moves := s.generate(ply)
	if s.on(trace.Evasions) {
		e := s.event(trace.Evasions, ply, 0)
		e.Has |= trace.HasWindow
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		labels := make([]string, len(moves))
		for i, m := range moves {
			labels[i] = s.pos.MoveLabel(m)
		}
		e.Detail = strings.Join(labels, ", ") // in generation order
		s.emit(e)
	}
	if len(moves) == 0 { // checkmate (a game whose Terminal did not say so)
		v := s.pos.NoMoves(ply)
		return v, s.leaf(ply, 0, v, trace.ReasonNoMoves)
	}
	s.orderEvasions(moves)
	return s.quiesceList(ply, alpha, beta, moves, -score.Inf, score.Proof{})
}

// quiesceList searches the moves of a quiescence node, best being the
// value the node has without them (its stand pat, or −∞ in check) and
// proof what that value proves.
func (s *searcher) quiesceList(ply int, alpha, beta int64, moves []Move, best int64, proof score.Proof) (int64, score.Bound) {
	f := s.stack[ply]
	for i, mv := range moves {
		m := max(alpha, best)
		tactical := s.isCapture(mv) || s.isPromotion(mv)
		s.makeMove(ply, mv)
		c := s.stack[ply+1]
		c.qs = f.qs + 1
		c.capInto, c.nullInto, c.nullOnLine, c.noNull, c.extended, c.exts = tactical, false, f.nullOnLine, f.noNull, false, f.exts
		t, b := s.quiesce(ply+1, -beta, -m)
		s.pos.Unmake(mv)
		if s.abort {
			return 0, score.NoBound
		}
		t = -t
		proof.Add(t, b.Flip())
		if t > best {
			best = t
			s.updateLine(ply, mv, b.Flip())
		}
		if s.reaches(best, beta) {
			s.cutoff(ply, 0, best, alpha, beta, m, moves, i)
			return s.settleQS(ply, alpha, beta, best, proof, i+1 < len(moves))
		}
	}
	return s.settleQS(ply, alpha, beta, best, proof, false)
}

// settleQS closes a quiescence node as settle does an ordinary one.
func (s *searcher) settleQS(ply int, alpha, beta, best int64, proof score.Proof, cut bool) (int64, score.Bound) {
	v, _, known := s.settle(ply, 0, alpha, beta, best, proof, cut)
	return v, known
}

// orderEvasions sorts the evasions in place: captures and promotions first,
// most valuable victim first as orderCaptures has them, then the other moves
// in generation order (insertion sort, stable).
func (s *searcher) orderEvasions(moves []Move) {
	key := func(m Move) int {
		switch {
		case !s.isCapture(m) && !s.isPromotion(m):
			return math.MinInt
		case s.values == nil:
			return 0
		}
		return s.values.Victim(m)*64 - s.values.Attacker(m)/16
	}
	sortByKey(moves, key)
}

// orderCaptures sorts captures in place, most valuable victim first and, among
// equal victims, least valuable attacker first. The lists are short: an
// insertion sort, stable, without allocating.
func orderCaptures(moves []Move, v CaptureValuer) {
	sortByKey(moves, func(m Move) int { return v.Victim(m)*64 - v.Attacker(m)/16 })
}

// sortByKey sorts moves in place, highest key first, moves of equal key in
// their order: an insertion sort, stable, without allocating.
func sortByKey(moves []Move, key func(Move) int) {
	for i := 1; i < len(moves); i++ {
		m, k := moves[i], key(moves[i])
		j := i
		for j > 0 && key(moves[j-1]) < k {
			moves[j] = moves[j-1]
			j--
		}
		moves[j] = m
	}
}
