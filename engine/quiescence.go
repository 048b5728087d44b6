package engine

import (
	"fmt"

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
// Contract: like alphaBeta, for the side to move, in the window (alpha, beta).

// Quiescence configures quiescence search.
type Quiescence struct {
	On       bool
	MaxDepth int // plies of quiescence at most; 0: no limit
}

var quiescenceTechnique = technique{
	name: "quiescence", aliases: []string{"qs"}, family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Quiescence.On },
	switchOn: func(o *Options) { o.Sel.Quiescence.On = true },
	check: func(o *Options) error {
		if o.Sel.Quiescence.MaxDepth < 0 {
			return fmt.Errorf("quiescence: the depth cap must be 0 (none) or more")
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		if q := o.Sel.Quiescence; q.MaxDepth > 0 {
			return fmt.Sprintf("quiescence (captures and promotions, %d plies at most)", q.MaxDepth)
		}
		return "quiescence (captures and promotions)"
	},
	params: []Param{
		{Name: "quiescence", Kind: SwitchParam, Usage: "quiescence search at the horizon: captures and promotions only, with stand pat"},
		{Name: "qs-depth", Kind: CountParam, Usage: "quiescence: at most this many plies (0: no limit)"},
	},
	apply: func(o *Options, g Given) error {
		o.Sel.Quiescence.MaxDepth = g.Int("qs-depth")
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

// quiesceMoves is the body of a quiescence node: stand pat, then captures.
func (s *searcher) quiesceMoves(ply int, alpha, beta int64) (int64, score.Bound) {
	f := s.stack[ply]
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
	s.moves[ply] = s.captures(s.moves[ply][:0])
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
	if v, ok := s.pos.(CaptureValuer); ok {
		orderCaptures(moves, v)
	}
	for i, mv := range moves {
		m := max(alpha, best)
		s.makeMove(ply, mv)
		c := s.stack[ply+1]
		c.qs = f.qs + 1
		c.capInto, c.nullInto, c.nullOnLine, c.noNull, c.extended, c.exts = true, false, f.nullOnLine, f.noNull, false, f.exts
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

// orderCaptures sorts captures in place, most valuable victim first and, among
// equal victims, least valuable attacker first. The lists are short: an
// insertion sort, stable, without allocating.
func orderCaptures(moves []Move, v CaptureValuer) {
	key := func(m Move) int { return v.Victim(m)*64 - v.Attacker(m)/16 }
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
