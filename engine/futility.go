package engine

import "github.com/prunescope/prunescope/trace"

// Futility pruning and razoring (seeds 000 and 002).
//
// Both compare a static score plus a margin with alpha, with margins by
// remaining depth: half a pawn in the last two plies, growing toward the root
// ("margin ... emulates a full search"). Futility pruning skips a quiet move
// near the horizon whose static score after the move plus the margin stays at
// or below alpha (the decision is taken in plan.go, move by move); the side to
// move must not be in check and the move must not capture, promote or give
// check. Razoring looks at the node itself: when its static evaluation plus
// the margin stays at or below alpha, the node is cut short by one ply (one
// ply from the horizon: to its static evaluation, or to quiescence search).

// Futility configures futility pruning: Margins[d-1] is the margin at
// remaining depth d; beyond the last one the rule does not apply.
type Futility struct {
	On      bool
	Margins []int64
}

// Razoring configures razoring: Margins[d-1] is the margin at remaining depth
// d; beyond the last one the rule does not apply.
type Razoring struct {
	On      bool
	Margins []int64
}

var futilityTechnique = technique{
	name: "futility", family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Futility.On },
	switchOn: func(o *Options) { o.Sel.Futility.On = true },
	defaults: func(s *Selective, u Units) { s.Futility = Futility{Margins: u.all(futilityMargins)} },
	check:    func(o *Options) error { return nonNegative("futility", o.Sel.Futility.Margins...) },
	describe: func(o *Options, format func(int64) string) string {
		return "futility margins " + margins(o.Sel.Futility.Margins, format)
	},
	params: []Param{
		{Name: "futility", Kind: SwitchParam, Usage: "futility pruning: skip a quiet move whose static score + margin ≤ α near the horizon"},
		{Name: "futility-margins", Kind: TextParam, Usage: "futility margins by remaining depth 1, 2, ... (default: 50,50 in chess, 0,0 otherwise)"},
	},
	apply: func(o *Options, g Given) error {
		o.Sel.Futility.On = g.On("futility")
		return setMargins(&o.Sel.Futility.Margins, g, "futility-margins")
	},
}

var razoringTechnique = technique{
	name: "razoring", family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Razoring.On },
	switchOn: func(o *Options) { o.Sel.Razoring.On = true },
	defaults: func(s *Selective, u Units) { s.Razoring = Razoring{Margins: u.all(razorMargins)} },
	check:    func(o *Options) error { return nonNegative("razoring", o.Sel.Razoring.Margins...) },
	describe: func(o *Options, format func(int64) string) string {
		return "razoring margins " + margins(o.Sel.Razoring.Margins, format)
	},
	params: []Param{
		{Name: "razoring", Kind: SwitchParam, Usage: "razoring: search a node one ply shallower when its static eval + margin ≤ α"},
		{Name: "razor-margins", Kind: TextParam, Usage: "razoring margins by remaining depth 1, 2, ... (default: 200,300,500 in chess, 0,0,0 otherwise)"},
	},
	apply: func(o *Options, g Given) error {
		o.Sel.Razoring.On = g.On("razoring")
		return setMargins(&o.Sel.Razoring.Margins, g, "razor-margins")
	},
}

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

// razor returns the depth the node at ply is searched with: one ply less when
// its static evaluation plus the margin for its depth stays at or below
// alpha, and not in check (this is razoring).
func (s *searcher) razor(ply, depth int, alpha, beta int64) int {
	ms := s.opt.Sel.Razoring.Margins
	if depth < 1 || depth > len(ms) || s.pos.InCheck() {
		return depth
	}
	v, ok := s.pos.Evaluate()
	if !ok || v+ms[depth-1] > alpha {
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
