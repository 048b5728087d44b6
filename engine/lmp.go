package engine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Late move pruning (LMP), or move count based pruning.
//
// Sources: the chessprogramming wiki, "Futility Pruning", section "Move
// Count Based Pruning" (late move pruning); Stockfish (src/search.cpp,
// futility_move_count: (3 + depth²) moves at remaining depth "depth",
// halved when the position is not improving), Ethereal's LateMovePruning
// counts.
//
// Near the horizon, once a node has gone through the first Count(depth) of
// its moves, the quiet moves after them are not searched at all: with good
// move ordering they are very unlikely to be best, and at shallow depth a
// full search of each is most of the work. Conditions: the remaining depth
// is at most Depth; the node is not the root and its side to move is not in
// check; the move is quiet as late move reductions mean it (not a capture,
// a promotion or a check, neither the table's move nor a killer: lmr.go).
// The count at depth d is Counts[d-1] when given, else 3 + d², Stockfish's
// formula for a position that improves.
//
// It is unsound: a pruned move may have been the best one, and nothing
// searches it again.

// LMP configures late move pruning.
type LMP struct {
	On     bool
	Depth  int   // prune only at remaining depth Depth or less
	Counts []int // Counts[d-1]: the moves searched at depth d before quiet ones are pruned (3 + d² beyond the list)
}

var lmpTechnique = technique{
	name: "lmp", family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.LMP.On },
	switchOn: func(o *Options) { o.Sel.LMP.On = true },
	defaults: func(s *Selective, _ Units) { s.LMP = LMP{Depth: lmpDepth} },
	check: func(o *Options) error {
		p := &o.Sel.LMP
		if !p.On {
			return nil
		}
		for _, c := range p.Counts {
			if c < 1 {
				return i18n.Errorf("late move pruning: every move count must be 1 or more")
			}
		}
		if p.Depth < 0 {
			return i18n.Errorf("late move pruning: the depth must be 0 or more")
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		p := &o.Sel.LMP
		var counts []string
		for d := 1; d <= p.Depth && d <= maxDescribed; d++ {
			counts = append(counts, strconv.Itoa(p.Count(d)))
		}
		if p.Depth > maxDescribed {
			counts = append(counts, "…")
		}
		if p.Depth == 0 {
			return "late move pruning (at depth ≤ 0: no move is pruned)"
		}
		return fmt.Sprintf("late move pruning (at depth ≤ %d, quiet moves after the first %s by remaining depth 1..%d)", p.Depth, strings.Join(counts, ","), p.Depth)
	},
	params: []Param{
		{Name: "lmp", Kind: SwitchParam, Usage: "late move pruning: at shallow depth, quiet moves after the first few of a node are not searched"},
		{Name: "lmp-depth", Kind: CountParam, Int: lmpDepth, Max: MaxDepth, Usage: "late move pruning: only at remaining depth N or less"},
		{Name: "lmp-counts", Kind: CountsParam, Usage: "late move pruning: moves searched before quiet ones are pruned, by remaining depth 1, 2, ... (default: 3+depth², Stockfish's: 4,7,12)"},
	},
	apply: func(o *Options, g Given) error {
		p := &o.Sel.LMP
		p.Depth = g.Int("lmp-depth")
		counts, err := Counts(g, "lmp-counts")
		if err == nil && counts != nil {
			p.Counts = counts
		}
		return err
	},
}

// maxDescribed is how many counts the start event's line lists.
const maxDescribed = 8

// unsearched is the bound plan gives a move late move pruning skips: none,
// the move is not searched and adds nothing to the node's best value.
const unsearched = -score.Inf

// Count is the number of moves searched at remaining depth d before quiet
// ones are pruned: Counts[d-1], or 3 + d².
func (p *LMP) Count(d int) int {
	if d >= 1 && d <= len(p.Counts) {
		return p.Counts[d-1]
	}
	return 3 + d*d
}

// latePrune reports whether the move just made at ply is pruned by late
// move pruning, and traces it.
func (s *searcher) latePrune(ply, depth int, node *nodeInfo, mi *moveInfo, givesCheck bool) bool {
	p := &s.opt.Sel.LMP
	if ply == 0 || depth > p.Depth || depth < 1 || node.inCheck || !lateQuiet(mi, givesCheck) {
		return false
	}
	count := p.Count(depth)
	if mi.index < count {
		return false
	}
	if s.on(trace.LatePrune) { // this is late move pruning
		e := s.event(trace.LatePrune, ply, depth)
		e.Move = s.stack[ply+1].move
		e.Reason = trace.ReasonLMPCount
		e.Detail = trace.LateDetail(mi.index+1, count)
		s.emit(e)
	}
	return true
}
