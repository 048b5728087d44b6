package engine

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Reverse futility pruning, also called static null move pruning
// (chessprogramming wiki, "Reverse Futility Pruning"; the static counterpart
// of Kornilov's null move, not in the seeds).
//
// Near the horizon, a node whose static evaluation stays at or above beta
// even after a margin for the remaining depth is taken off is expected to
// fail high: the side to move is so far ahead that no move of the opponent
// below can bring the value under beta in the plies left. The node returns
// without searching its moves. The conditions, as engines have them: not the
// root, not in check (a check may lose everything at once), a node searched
// with a null window (not a PV node, unless PV says so), a remaining depth of
// 1 to Depth with a margin for it, and a beta that is no mate score.
//
// What it returns follows the search's convention, as the null move's prune
// does: fail-hard returns beta; fail-soft and F2 return the evaluation minus
// the margin, which is at least beta (the wiki's "return static_eval -
// eval_margin").
//
// Futility pruning (futility.go) tests a move's static score plus a margin
// against alpha: "this move cannot raise alpha". Reverse futility tests the
// node's own evaluation minus a margin against beta: "the opponent cannot
// bring this node under beta".

// ReverseFutility configures reverse futility pruning.
type ReverseFutility struct {
	On bool
	// Depth is the deepest remaining depth it applies at; it applies at
	// remaining depths 1 to min(Depth, len(Margins)).
	Depth int
	// Margins[d-1] is the margin at remaining depth d: 75·d centipawns in
	// chess by default (0 in games without pawns: the plain test eval ≥ β).
	Margins []int64
	// PV: also at nodes searched with an open window (β − α > 1, PV nodes);
	// engines prune only where a null window is searched.
	PV bool
}

var rfpTechnique = technique{
	name: "rfp", aliases: []string{"static-null-move"}, family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.RFP.On },
	switchOn: func(o *Options) { o.Sel.RFP.On = true },
	defaults: func(s *Selective, u Units) {
		ms := make([]int64, rfpDepth)
		for d := range ms {
			ms[d] = u.Pawn * rfpMargin * int64(d+1) / 100 // Units.of takes whole pawns and halves only
		}
		s.RFP = ReverseFutility{Depth: rfpDepth, Margins: ms}
	},
	check: func(o *Options) error { return nonNegative("reverse futility", o.Sel.RFP.Margins...) },
	describe: func(o *Options, format func(int64) string) string {
		r := o.Sel.RFP
		n := min(r.Depth, len(r.Margins))
		if n == 0 {
			return "reverse futility (static null move): no depth to apply at (depth 0 or no margins)"
		}
		d := "reverse futility (static null move) margins " + margins(r.Margins[:n], format)
		if r.PV {
			return d + ", at every node"
		}
		return d + ", at null-window nodes only"
	},
	params: []Param{
		{Name: "rfp", Kind: SwitchParam, Usage: "reverse futility pruning (static null move): return without searching a node whose static eval - margin ≥ β near the horizon"},
		{Name: "rfp-depth", Kind: CountParam, Int: rfpDepth, Max: MaxDepth, Usage: "reverse futility: at remaining depths 1 to N only (and no deeper than --rfp-margins has margins)"},
		{Name: "rfp-margins", Kind: TextParam, Usage: "reverse futility: margins by remaining depth 1, 2, ... (default: 75 a ply in chess, 75,150,...,450; 0 otherwise)"},
		{Name: "rfp-pv", Kind: SwitchParam, Usage: "reverse futility: also at nodes searched with an open window (PV nodes), not only null windows"},
	},
	apply: func(o *Options, g Given) error {
		r := &o.Sel.RFP
		r.Depth, r.PV = g.Int("rfp-depth"), g.Bool("rfp-pv")
		return setMargins(&r.Margins, g, "rfp-margins")
	},
}

// reverseFutility tests the node at ply, not the root, before its moves
// (this is reverse futility pruning). It returns the node's value and true
// when the node is pruned; it has then reported the prune, not the exit.
func (s *searcher) reverseFutility(ply, depth int, alpha, beta int64) (int64, bool) {
	r := &s.opt.Sel.RFP
	if depth < 1 || depth > r.Depth || depth > len(r.Margins) {
		return 0, false
	}
	if (!r.PV && beta-alpha > 1) || beta >= score.Inf || s.isMate(beta) || s.inCheck() {
		return 0, false
	}
	v, ok := s.pos.Evaluate()
	margin := r.Margins[depth-1]
	if !ok || v-margin < beta {
		return 0, false
	}
	if s.on(trace.RFP) {
		f := s.stack[ply]
		e := s.event(trace.RFP, ply, depth)
		e.Has |= trace.HasValue | trace.HasMargin | trace.HasWindow
		e.Value = view(f.max, v)
		e.Margin = margin
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		s.emit(e)
	}
	if s.opt.Fail == FailHard {
		return beta, true
	}
	return v - margin, true
}
