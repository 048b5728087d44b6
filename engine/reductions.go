package engine

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Depth reductions instead of prunes (Kornilov; seed 002).
//
// Where static pruning would skip a move, reduce its depth instead: the move
// is still searched, only shallower. The article's scheme: the new depth is
// depth-1 as usual (a capture), a checking move keeps the depth, and a quiet
// move whose static score after the move does not improve alpha gets depth-2,
// in the expectation that it will not improve alpha at full depth either.
//
// A margin makes the test safer: a move counts as unable to improve alpha only
// when its static score plus the margin for the remaining depth stays at or
// below alpha.
//
// Two guards: the "mate balance" (no reduction while alpha or beta is within
// MateBand of a mate score, or infinite in games without mates: "until we know
// about mate, we do not cut"), and no reduction after the opponent's attack
// until a move restores the material of before it, so that a lone defence in
// a tactical line is searched at full depth.

// Reductions configures depth reductions.
type Reductions struct {
	On bool
	// MateGuard: no reduction while alpha or beta is within MateBand of a mate
	// score (or infinite, in games without mates): "until we know about mate,
	// we do not cut".
	MateGuard bool
	// AfterAttack: after the opponent's attack (a capture or a check into this
	// node) no move is reduced until it restores the material of before.
	AfterAttack bool
	// Margins[d-1] is the margin at remaining depth d (the last one beyond
	// the list): a quiet move is reduced only when its static score plus the
	// margin stays at or below alpha. The article: a margin "emulates a full
	// search", half a pawn in the last two plies, growing toward the root.
	Margins []int64
}

var reductionsTechnique = technique{
	name: "reductions", family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Reductions.On },
	switchOn: func(o *Options) { o.Sel.Reductions.On = true },
	defaults: func(s *Selective, u Units) {
		s.Reductions = Reductions{MateGuard: true, AfterAttack: true, Margins: u.all(reductionMargins)}
	},
	check: func(o *Options) error { return nonNegative("reductions", o.Sel.Reductions.Margins...) },
	describe: func(o *Options, format func(int64) string) string {
		r := o.Sel.Reductions
		d := "reductions (check keeps depth, capture -1, quiet not improving α -2, margins " + margins(r.Margins, format)
		if len(r.Margins) > 0 {
			d += " and the last deeper"
		}
		if r.MateGuard {
			d += "; mate guard"
		}
		if r.AfterAttack {
			d += "; not after an attack until material is restored"
		}
		return d + ")"
	},
	params: []Param{
		{Name: "reductions", Kind: SwitchParam, Usage: "depth reductions (Kornilov): a check keeps its depth, a capture -1, a quiet move not improving α -2"},
		{Name: "reduce-mate-guard", Kind: SwitchParam, Bool: true, Usage: "reductions: not while α or β is within 100 of a mate score (or infinite)"},
		{Name: "reduce-after-attack", Kind: SwitchParam, Bool: true, Usage: "reductions: not after the opponent's capture or check until material is restored"},
		{Name: "reduction-margins", Kind: TextParam, Usage: "reductions: margins by remaining depth 1, 2, ..., the last for deeper (default: 50,50,100,150,200 in chess, 0 otherwise)"},
	},
	apply: func(o *Options, g Given) error {
		r := &o.Sel.Reductions
		r.MateGuard, r.AfterAttack = g.Bool("reduce-mate-guard"), g.Bool("reduce-after-attack")
		return setMargins(&r.Margins, g, "reduction-margins")
	},
}

// reduction returns the depth to search the move just made at ply with, under
// the reductions scheme, and reports the rule that changed it.
func (s *searcher) reduction(ply, depth int, node *nodeInfo, givesCheck, capture bool, scoreAfter func() (int64, bool), alpha, beta int64) int {
	switch {
	case givesCheck: // a check keeps its depth
		s.stack[ply+1].extended = true
		s.extendEvent(ply, depth, depth, trace.ReasonExtendCheckKept)
		return depth
	case capture, depth < 2: // a capture loses one ply; at the horizon there is nothing to reduce
		return depth - 1
	}
	red := &s.opt.Sel.Reductions
	r, ok := scoreAfter()
	margin := reductionMargin(red.Margins, depth)
	if !ok || score.Add(r, margin) > alpha { // the static score (plus the margin) may improve alpha: a full search
		return depth - 1
	}
	if red.MateGuard && s.nearMate(alpha, beta) {
		return depth - 1
	}
	if red.AfterAttack && s.stack[ply].attacked {
		// The move restores the material of before the opponent's attack only
		// if the material after it, from the mover's view, is back there.
		m, known := s.material()
		if !known || -m < s.stack[ply].restore {
			return depth - 1
		}
	}
	if s.on(trace.Reduce) {
		e := s.event(trace.Reduce, ply, depth)
		e.Move = s.stack[ply+1].move
		e.Has |= trace.HasTo | trace.HasValue | trace.HasWindow | trace.HasMargin
		e.To = depth - 2
		e.Margin = margin
		e.Value = view(s.stack[ply].max, r)
		e.Alpha, e.Beta = viewWindow(s.stack[ply].max, alpha, beta)
		e.Reason = trace.ReasonReduceQuiet
		s.emit(e)
	}
	return depth - 2
}

// reductionMargin is the margin at remaining depth d: Margins[d-1], the last
// margin beyond the list, 0 without margins.
func reductionMargin(ms []int64, d int) int64 {
	switch {
	case len(ms) == 0:
		return 0
	case d-1 < len(ms):
		return ms[max(d-1, 0)]
	}
	return ms[len(ms)-1]
}

// nearMate reports whether alpha or beta is within MateBand of a mate score,
// or of infinity in a game without mates: the mate balance is not settled.
func (s *searcher) nearMate(alpha, beta int64) bool {
	limit := s.mate
	if limit == 0 {
		limit = score.Inf
	}
	return alpha <= -limit+MateBand || beta >= limit-MateBand
}
