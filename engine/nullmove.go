package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
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
// Conditions for trying it, each a switch but the check, tested in this
// order and the first that fails reported (null_skip): not within the first
// MinPly plies of the line; the side to move is not in check (always: a pass
// in check is illegal); the move into the node was not a capture; the node
// is not being extended; only one null move per line (the flag passed down),
// or at least never two in a row; the side to move has a piece besides king
// and pawns (Pieces, the zugzwang guard, not in the seed; games without
// pieces ignore it); beta is finite (always: no value reaches +∞); and the
// static evaluation minus a margin reaches beta.
//
// Threat detection turns the null move around: after a move, pass, and let
// the mover move again in a capture-only search; if the mover then wins
// material, the move holds a threat, and the node is extended instead of
// pruned.

// NullMove configures null-move pruning, each condition a switch with the
// parameters the seed names.
type NullMove struct {
	On       bool
	R        int        // the reduction: the null move is searched to depth-1-R
	RDeep    int        // a larger R used above remaining depth DeepFrom
	DeepFrom int        // RDeep applies at remaining depths above this one (0: never)
	Window   NullWindow // zero window (beta-1, beta) or the node's own window
	// The conditions for trying it, each a switch. (Not in check is no
	// switch: a pass in check is illegal, so it is always a condition.)
	NoCapture   bool  // the move into this node was not a capture
	NotExtended bool  // the node is not being extended
	EvalAbove   bool  // static eval - Margin >= beta
	Margin      int64 // margin of the eval condition (usually 0)
	MinPly      int   // not within the first MinPly plies of the line
	Once        NullOnce
	// Pieces is the zugzwang guard (not in the seed): no null move when the
	// side to move has only king and pawns, where passing is most often
	// better than any move. Games without pieces (PieceHolder) ignore it.
	Pieces bool
	// Threat detection: after the move into this node, a pass answered by a
	// capture-only search; if the mover then wins material (ThreatMargin or
	// more), the move carried a threat and the node is extended, not pruned.
	Threat       bool
	ThreatMargin int64
	ThreatRule   ThreatRule // which captures the mover may make after the pass
	// Verify re-searches a null-move fail-high with an ordinary search one ply
	// shallower (and no null move below) before pruning: the cure for
	// zugzwang, where passing would be the best move.
	Verify bool
}

// NullWindow selects the window of the null-move search.
type NullWindow uint8

const (
	NullZero NullWindow = iota // (beta-1, beta): only "does it reach beta?" is asked
	NullFull                   // (alpha, beta), as in the first version of the article
)

// ThreatRule selects the captures of threat detection's capture-only search.
type ThreatRule uint8

const (
	// ThreatMoved: only captures by the piece that moved into the node, the
	// seed's rule ("the attack is determined only for the piece that moved").
	// Games without pieces (no MoverCapturer) use every capture.
	ThreatMoved ThreatRule = iota
	// ThreatAny: every capture of the mover.
	ThreatAny
)

// NullOnce selects how often a line may pass.
type NullOnce uint8

const (
	OncePerLine    NullOnce = iota // one null move per line (the article's flag passed down)
	NotTwiceInARow                 // any number, but never two in a row
)

var nullMoveTechnique = technique{
	name: "null-move", aliases: []string{"null"}, family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Null.On },
	switchOn: func(o *Options) { o.Sel.Null.On = true },
	defaults: func(s *Selective, u Units) {
		s.Null = NullMove{R: nullR, RDeep: nullRDeep, DeepFrom: nullDeepFrom, Window: NullZero,
			NoCapture: true, NotExtended: true, EvalAbove: true, MinPly: nullMinPly, Pieces: true,
			ThreatMargin: u.of(threatMargin)}
	},
	check: func(o *Options) error {
		n := &o.Sel.Null
		if !n.On {
			return nil
		}
		if n.R < 0 || n.RDeep < 0 || n.DeepFrom < 0 || n.MinPly < 0 {
			return i18n.Errorf("null move: R, R deep, deep-from depth and minimum ply must be 0 or more")
		}
		return nonNegative("null move", n.Margin, n.ThreatMargin)
	},
	describe: describeNull,
	params: []Param{
		{Name: "null-move", Kind: SwitchParam, Usage: "null-move pruning (Kornilov): pass, search depth-1-R; if that still reaches β, prune"},
		{Name: "null-r", Kind: CountParam, Int: nullR, Usage: "null move: the reduction R"},
		{Name: "null-r-deep", Kind: CountParam, Int: nullRDeep, Usage: "null move: the R used above remaining depth --null-deep-from"},
		{Name: "null-deep-from", Kind: CountParam, Int: nullDeepFrom, Usage: "null move: --null-r-deep applies at remaining depths above this one (0: never)"},
		{Name: "null-window", Kind: TextParam, Text: "zero", Usage: "null move: search window, zero (β-1, β) or full (α, β)"},
		{Name: "null-if-no-capture", Kind: SwitchParam, Bool: true, Usage: "null move condition: the move into the node was not a capture"},
		{Name: "null-if-not-extended", Kind: SwitchParam, Bool: true, Usage: "null move condition: the node is not being extended"},
		{Name: "null-if-eval", Kind: SwitchParam, Bool: true, Usage: "null move condition: static eval - --null-margin ≥ β"},
		{Name: "null-margin", Kind: TextParam, Text: "0", Usage: "null move: the margin of the eval condition"},
		{Name: "null-min-ply", Kind: CountParam, Int: nullMinPly, Usage: "null move condition: not within the first N plies of the line (0: anywhere but the root)"},
		{Name: "null-if-pieces", Kind: SwitchParam, Bool: true, Usage: "null move condition: the side to move has a piece besides king and pawns (the zugzwang guard)"},
		{Name: "null-once", Kind: TextParam, Text: "line", Usage: "null move: at most once per line, or never twice in a row (row)"},
		{Name: "null-threat", Kind: SwitchParam, Usage: "null move threat detection: after a move, pass and let the mover capture; if it wins material, extend the node"},
		{Name: "null-threat-rule", Kind: TextParam, Text: "moved", Usage: "threat detection: the mover's captures after the pass, moved (by the piece that moved, as the seed says) or any; toy trees have no pieces, so there moved works as any"},
		{Name: "null-threat-margin", Kind: TextParam, Usage: "threat detection: material the mover must win (default: a pawn in chess, 0 otherwise: any gain)"},
		{Name: "null-verify", Kind: SwitchParam, Usage: "verify a null-move cutoff with an ordinary search one ply shallower before pruning (against zugzwang)"},
	},
	apply: func(o *Options, g Given) error {
		n := &o.Sel.Null
		n.R, n.RDeep, n.DeepFrom, n.MinPly = g.Int("null-r"), g.Int("null-r-deep"), g.Int("null-deep-from"), g.Int("null-min-ply")
		w, err := choice(g, "null-window", choices["null-window"]...)
		if err != nil {
			return err
		}
		once, err := choice(g, "null-once", choices["null-once"]...)
		if err != nil {
			return err
		}
		n.Window, n.Once = NullWindow(w), NullOnce(once)
		n.NoCapture, n.NotExtended, n.EvalAbove, n.Pieces = g.Bool("null-if-no-capture"), g.Bool("null-if-not-extended"), g.Bool("null-if-eval"), g.Bool("null-if-pieces")
		if n.Margin, err = g.Value("null-margin"); err != nil {
			return err
		}
		n.Threat, n.Verify = g.Bool("null-threat"), g.Bool("null-verify")
		rule, err := choice(g, "null-threat-rule", choices["null-threat-rule"]...)
		if err != nil {
			return err
		}
		n.ThreatRule = ThreatRule(rule)
		if g.Text("null-threat-margin") != "" {
			n.ThreatMargin, err = g.Value("null-threat-margin")
		}
		return err
	},
}

// describeNull says R, the window, the conditions, threat detection and
// verification.
func describeNull(o *Options, format func(int64) string) string {
	n := o.Sel.Null
	d := "null move R=" + strconv.Itoa(n.R)
	if n.DeepFrom > 0 && n.RDeep != n.R {
		d += fmt.Sprintf(" (R=%d above depth %d)", n.RDeep, n.DeepFrom)
	}
	if n.Window == NullFull {
		d += ", full window"
	} else {
		d += ", zero window"
	}
	cond := saying(
		said{n.NoCapture, "not after a capture"},
		said{n.NotExtended, "not extended"},
		said{n.EvalAbove, "eval - " + format(n.Margin) + " ≥ β at MAX (eval + " + format(n.Margin) + " ≤ α at MIN)"},
		said{n.MinPly > 0, fmt.Sprintf("ply ≥ %d", n.MinPly)},
		said{n.Once == OncePerLine, "once per line"},
		said{n.Once != OncePerLine, "not twice in a row"},
		said{n.Pieces, "not with king and pawns only"},
	)
	d += ", if " + strings.Join(cond, ", ")
	if n.Threat {
		d += ", threat detection (margin " + format(n.ThreatMargin)
		if n.ThreatRule == ThreatAny {
			d += ", any capture)"
		} else {
			d += ", captures by the piece that moved)"
		}
	}
	if n.Verify {
		d += ", verified"
	}
	return d
}

// nullMove tries the null move at the node at ply. It returns the node's value
// and true when the node is pruned.
func (s *searcher) nullMove(ply, depth int, alpha, beta int64) (int64, bool) {
	n := &s.opt.Sel.Null
	f := s.stack[ply]
	inCheck := s.inCheck()
	if s.pass == nil || (!s.canPass() && !inCheck) {
		return 0, false // the game does not allow a pass here: nothing to consider
	}
	if f.noNull {
		s.nullSkip(ply, depth, trace.ReasonNullVerifying, "inside a null-move verification search")
		return 0, false
	}
	for c := nullCond(0); c < numNullConds; c++ {
		if on, holds := s.nullCondition(c, ply, beta, inCheck); on && !holds {
			s.nullSkip(ply, depth, nullConds[c].reason, c.blocks(f.max))
			return 0, false
		}
	}

	r := n.R
	if n.DeepFrom > 0 && depth > n.DeepFrom { // "3 or 4 when the depth is above about 6"
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
		for c := nullCond(0); c < numNullConds; c++ {
			if on, _ := s.nullCondition(c, ply, beta, inCheck); on {
				held = append(held, c.said(f.max))
			}
		}
		e.Detail = "R=" + strconv.Itoa(r) + "; " + strings.Join(held, ", ")
		s.emit(e)
	}
	s.makeNull(ply)
	t, _ := s.alphaBeta(ply+1, nd, -beta, -lo)
	s.pass.UnmakeNull()
	if s.abort {
		return 0, false
	}
	t = -t
	if t < beta {
		s.nullOutcome(trace.NullFail, ply, depth, t, lo, beta)
		return 0, false
	}
	if n.Verify {
		// Verified null move: search the node one ply shallower with no null
		// move below; prune only if that reaches beta too.
		if s.on(trace.NullVerify) {
			e := s.event(trace.NullVerify, ply, depth)
			e.Has |= trace.HasValue | trace.HasTo | trace.HasWindow
			e.Value, e.To = view(f.max, t), depth-1
			e.Alpha, e.Beta = viewWindow(f.max, lo, beta)
			s.emit(e)
		}
		f.noNull = true
		best, _, _, _ := s.searchMoves(ply, depth-1, alpha, beta, 0, false) // no moves: best is the game's value
		f.noNull = false
		if s.abort {
			return 0, false
		}
		if !s.reaches(best, beta) {
			if s.on(trace.Research) {
				e := s.event(trace.Research, ply, depth)
				e.Has |= trace.HasValue | trace.HasTo | trace.HasWindow
				e.Value, e.To = view(f.max, best), depth
				e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
				e.Reason = trace.ReasonVerifyFail
				s.emit(e)
			}
			return 0, false
		}
		t = best
	}
	s.nullOutcome(trace.NullPrune, ply, depth, t, lo, beta)
	// Fail-hard returns beta (the seed's "return beta"); fail-soft and F2
	// the value found, which is at least beta. A mate found after a pass
	// proves nothing: beta.
	if s.opt.Fail == FailHard || s.isMate(t) {
		return beta, true
	}
	return t, true
}

// nullCond is one of the null move's conditions, in the order they are
// tested.
type nullCond uint8

const (
	condFirstPlies nullCond = iota
	condInCheck
	condCapture
	condExtended
	condOnce
	condTwice
	condPawns
	condInfinite
	condEval
	numNullConds
)

// nullConds are the conditions' reasons (null_skip), what each says when it
// holds (null_try's detail) and why it blocks when it does not, at a MAX
// node; minSays and minBlocks are what they say at a MIN node, where they
// differ: details are in MAX's view, as the events' numbers are.
var nullConds = [numNullConds]struct{ reason, says, blocks, minSays, minBlocks string }{
	// The conditions the same in both views: minSays and minBlocks empty.
	condFirstPlies: {trace.ReasonNullFirstPlies, "past the first plies", "the node is within the first plies of the line", "", ""},
	condInCheck:    {trace.ReasonNullInCheck, "not in check", "the side to move is in check: passing is illegal", "", ""},
	condCapture:    {trace.ReasonNullCapture, "not after a capture", "the move into this node was a capture", "", ""},
	condExtended:   {trace.ReasonNullExtended, "not extended", "the node is being extended", "", ""},
	condOnce:       {trace.ReasonNullOnce, "first null move on the line", "the line already has a null move", "", ""},
	condTwice:      {trace.ReasonNullTwice, "not after a null move", "the move into this node was a null move", "", ""},
	condPawns:      {trace.ReasonNullPawns, "a piece besides king and pawns", "the side to move has only king and pawns: zugzwang is likely", "", ""},
	condInfinite: {trace.ReasonNullInfinite, "β finite", "β is +∞: no value reaches it",
		"α finite", "α is −∞: no value reaches it"},
	condEval: {trace.ReasonNullEval, "static eval - margin ≥ β", "the static evaluation minus the margin is below β",
		"static eval + margin ≤ α", "the static evaluation plus the margin is above α"},
}

// said is what condition c says when it holds at a node where MAX moves
// when max.
func (c nullCond) said(max bool) string {
	if !max && nullConds[c].minSays != "" {
		return nullConds[c].minSays
	}
	return nullConds[c].says
}

// blocks is why condition c blocks the null move when it does not hold at
// a node where MAX moves when max.
func (c nullCond) blocks(max bool) string {
	if !max && nullConds[c].minBlocks != "" {
		return nullConds[c].minBlocks
	}
	return nullConds[c].blocks
}

// nullCondition reports whether condition c is switched on and, if so,
// whether it holds at the node at ply with window top beta.
func (s *searcher) nullCondition(c nullCond, ply int, beta int64, inCheck bool) (on, holds bool) {
	n := &s.opt.Sel.Null
	f := s.stack[ply]
	switch c {
	case condFirstPlies:
		return n.MinPly > 0, ply >= n.MinPly
	case condInCheck:
		return true, !inCheck
	case condCapture:
		return n.NoCapture, !f.capInto
	case condExtended:
		return n.NotExtended, !f.extended
	case condOnce:
		return n.Once == OncePerLine, !f.nullOnLine
	case condTwice:
		return n.Once == NotTwiceInARow, !f.nullInto
	case condPawns:
		if !n.Pieces {
			return false, true
		}
		p, ok := s.pos.(PieceHolder)
		return ok, !ok || p.HasPieces()
	case condInfinite: // a pass can never reach +∞, and (β-1, β) would be no window (nor at β −∞)
		return true, beta < score.Inf && beta > -score.Inf
	case condEval:
		if !n.EvalAbove {
			return false, true
		}
		v, ok := s.pos.Evaluate()
		return true, ok && score.Add(v, -n.Margin) >= beta
	}
	return false, true
}

// isMate reports whether v is a mate score of the game.
func (s *searcher) isMate(v int64) bool {
	return s.mate > 0 && (v > s.mate-score.MateWindow || v < -s.mate+score.MateWindow)
}

func (s *searcher) nullSkip(ply, depth int, reason, detail string) {
	if s.on(trace.NullSkip) {
		e := s.event(trace.NullSkip, ply, depth)
		e.Reason = reason
		e.Detail = detail
		s.emit(e)
	}
}

// nullOutcome reports how a null move ended: v is the null search's value,
// (lo, beta) its window (side to move's view), which the event carries in
// MAX's view so the sentence's comparison can be checked.
func (s *searcher) nullOutcome(k trace.Kind, ply, depth int, v, lo, beta int64) {
	if s.on(k) {
		max := s.stack[ply].max
		e := s.event(k, ply, depth)
		e.Has |= trace.HasValue | trace.HasWindow
		e.Value = view(max, v)
		e.Alpha, e.Beta = viewWindow(max, lo, beta)
		s.emit(e)
	}
}

// threat is the null move's threat detection at the node at ply, reached by
// the opponent's move: pass, and let the mover capture (with the piece that
// moved only, under ThreatMoved, where the game can tell). If the mover then wins
// ThreatMargin or more against the static evaluation, the move into this node
// is a threat and the node is extended by one ply, if the line has an
// extension left (Extensions.Limit, whether or not the extensions are on: a
// threat extends a node like any extension, and without the limit a line of
// threats never ends). Every test's outcome is reported (a threat event,
// extended or not). It returns the depth to search the node with.
func (s *searcher) threat(ply, depth int) int {
	n := &s.opt.Sel.Null
	f := s.stack[ply]
	if f.nullInto || f.noNull || !s.canPass() || s.inCheck() {
		return depth
	}
	e, ok := s.pos.Evaluate()
	if !ok || score.IsInf(e) { // nothing is won against an infinite evaluation, and (e-1, e) would be no window
		return depth
	}
	bound := e - n.ThreatMargin // below this the side to move has lost material
	if s.on(trace.NullTry) {
		ev := s.event(trace.NullTry, ply, depth)
		ev.Has |= trace.HasTo | trace.HasWindow | trace.HasMargin
		ev.To = 0
		ev.Alpha, ev.Beta = viewWindow(f.max, bound-1, bound)
		ev.Margin = n.ThreatMargin
		ev.Reason = trace.ReasonThreat
		ev.Detail = "threat test: pass, and a capture-only search for the mover"
		s.emit(ev)
	}
	s.makeNull(ply)
	// The pass is a node of the tree like any other: entered, searched
	// (captures only, from here), left.
	var t int64
	if s.enter(ply+1, 0, -bound, -bound+1, true) {
		s.stack[ply+1].moverOnly = n.ThreatRule == ThreatMoved
		s.threatening = true // captures only: no quiet promotion (quiesce)
		t, _ = s.quiesceHere(ply+1, -bound, -bound+1)
		s.threatening = false
	}
	s.pass.UnmakeNull()
	if s.abort {
		return depth
	}
	v := -t                 // the node's value after the pass, side to move's view
	threatened := v < bound // the mover won material
	if s.on(trace.Threat) {
		ev := s.event(trace.Threat, ply, depth)
		ev.Has |= trace.HasValue | trace.HasWindow | trace.HasMargin
		ev.Value = view(f.max, v)
		ev.Alpha, ev.Beta = viewWindow(f.max, bound-1, bound)
		ev.Margin = n.ThreatMargin
		ev.Reason = trace.ReasonNoThreat
		if threatened {
			ev.Reason = trace.ReasonThreat
		}
		s.emit(ev)
	}
	if !threatened || f.exts >= s.opt.Sel.Extensions.Limit {
		return depth // no threat, or a threat on a line with no extension left
	}
	f.exts++
	f.extended = true
	if s.on(trace.Extend) {
		ev := s.event(trace.Extend, ply, depth)
		ev.Has |= trace.HasTo | trace.HasValue
		ev.To = depth + 1
		ev.Value = view(f.max, v)
		ev.Reason = trace.ReasonThreat
		s.emit(ev)
	}
	return depth + 1
}
