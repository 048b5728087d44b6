package engine

import (
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// Internal iterative deepening (chessprogramming wiki, "Internal Iterative
// Deepening"; Slate and Atkin's Chess 4.5 searched the root this way, and
// engines since do it at inner nodes; not in the seeds).
//
// Alpha-beta prunes most when the best move comes first, and the
// transposition table usually supplies it. Where a node searched with an
// open window (a PV node, whose moves are all searched whatever comes first
// unless one cuts) has no move from the table, it is first searched to the
// reduced depth depth-Reduction, with the same window: the best move of that
// shallower search is tried first in the search at full depth. With the
// table on, the shallower search stores its entries as any search does;
// without it the move is taken from the shallower search directly. Either
// way the node's value is its full-depth search's: only the order of its
// moves changes.
//
// It runs at remaining depths of Depth and more where depth-Reduction is at
// least 1, and not at the root of an iterative search (the earlier
// iterations order the root) or of one with an aspiration window (whose
// passes are the root's own).

// IID configures internal iterative deepening.
type IID struct {
	On        bool
	Depth     int  // the least remaining depth it runs at
	Reduction int  // the shallower search's depth is depth-Reduction
	All       bool // at every node without a table move, not only open-window (PV) nodes
}

var iidTechnique = technique{
	name: "iid", family: SelectiveFamily,
	on: func(o *Options) bool { return o.Sel.IID.On },
	// Switched on in options that never had its defaults (a spec parsed
	// over zero options), it gets them: a reduction of 0 is no IID.
	switchOn: func(o *Options) {
		if o.Sel.IID.Reduction == 0 {
			o.Sel.IID = IID{Depth: iidDepth, Reduction: iidReduction}
		}
		o.Sel.IID.On = true
	},
	defaults: func(s *Selective, _ Units) {
		s.IID = IID{Depth: iidDepth, Reduction: iidReduction}
	},
	check: func(o *Options) error {
		if i := o.Sel.IID; i.On && i.Reduction < 1 {
			return i18n.Errorf("internal iterative deepening: the reduction must be 1 or more")
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		i := o.Sel.IID
		where := "open-window (PV) nodes"
		if i.All {
			where = "every node"
		}
		return fmt.Sprintf("internal iterative deepening (depth ≥ %d, searched first to depth-%d, at %s without a table move)", max(i.Depth, i.Reduction+1), i.Reduction, where)
	},
	params: []Param{
		{Name: "iid", Kind: SwitchParam, Usage: "internal iterative deepening: a PV node without a table move is searched shallower first, to find the move to try first"},
		{Name: "iid-depth", Kind: CountParam, Int: iidDepth, Max: MaxDepth, Usage: "internal iterative deepening: at remaining depths of N and more"},
		{Name: "iid-reduction", Kind: IntParam, Int: iidReduction, Usage: "internal iterative deepening: the shallower search's depth is depth-N (1 or more)"},
		{Name: "iid-all", Kind: SwitchParam, Usage: "internal iterative deepening: at every node without a table move, not only open-window (PV) nodes"},
	},
	apply: func(o *Options, g Given) error {
		i := &o.Sel.IID
		i.Depth, i.Reduction, i.All = g.Int("iid-depth"), g.Int("iid-reduction"), g.Bool("iid-all")
		if i.Reduction < 1 || i.Reduction > MaxDepth {
			return i18n.Errorf("--iid-reduction: %d must be between 1 and %d", i.Reduction, MaxDepth)
		}
		return nil
	},
}

// iid searches the node at ply to a reduced depth when internal iterative
// deepening applies there (this is internal iterative deepening), and
// returns the best move that search found, to be tried first; ok false when
// it did not run or found none. hasTT: the table has a move for the node.
func (s *searcher) iid(ply, depth int, alpha, beta int64, hasTT bool) (Move, bool) {
	i := &s.opt.Sel.IID
	nd := depth - i.Reduction
	if hasTT || depth < i.Depth || nd < 1 || (!i.All && beta-alpha <= 1) || (ply == 0 && (s.keepRoot || s.opt.Aspiration.Width > 0)) {
		return 0, false
	}
	if len(s.generate(ply)) == 0 {
		return 0, false // no move to order: the search says what the game is worth
	}
	f := s.stack[ply]
	if s.on(trace.IID) {
		e := s.event(trace.IID, ply, depth)
		e.Has |= trace.HasTo | trace.HasWindow
		e.To = nd
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		s.emit(e)
	}
	best, _, _, _ := s.searchMoves(ply, nd, alpha, beta, 0, false)
	if s.abort {
		if e, ok := s.err.(*NoEvalError); ok && !e.IID { // the shallower search ended the line, not the depth limit
			e.IID, e.IIDAt, e.IIDDepth = true, "root", nd
			if n, ok := s.pos.(Namer); ok && ply > 0 {
				e.IIDAt = n.NodeName() // the position is the node's again
			} else if ply > 0 {
				e.IIDAt = fmt.Sprintf("the node at ply %d", ply)
			}
		}
		return 0, false
	}
	var m Move
	found := s.pvLen[ply] > 0
	if found {
		m = s.pv[ply][0]
	}
	s.pvLen[ply] = 0
	if s.on(trace.IIDDone) {
		e := s.event(trace.IIDDone, ply, depth)
		e.Has |= trace.HasTo | trace.HasValue | trace.HasWindow
		e.To = depth
		e.Value = view(f.max, best)
		e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		if found {
			e.Detail = s.pos.MoveLabel(m)
		}
		s.emit(e)
	}
	return m, found
}

// iidFirst puts m, the move internal iterative deepening found, first in
// moves, the others in their order.
func iidFirst(moves []Move, m Move) {
	for i, x := range moves {
		if x == m {
			moveToFront(moves, i)
			return
		}
	}
}
