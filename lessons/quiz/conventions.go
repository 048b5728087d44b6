package quiz

import (
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace/explain"
)

// failConvention is what the quiz knows of one of alpha-beta's fail
// conventions: its name, how the quiz describes it, what a node returns of
// the best value it found, and whether that clamps the value onto its
// window's edge. A convention the engine gains (Knuth & Moore's F2 as
// printed: m := α, clamped at α only) is one more line in fails.
type failConvention struct {
	fail   engine.Fail
	name   string // in a sentence: "fail-hard"
	words  string // in the quiz's conventions
	clamps bool
	// value is what a node returns of the best value it found, in the side
	// to move's view.
	value func(best, alpha, beta int64) int64
}

var fails = []failConvention{
	{engine.FailHard, explain.FailShort("hard"), explain.FailName("hard"), true, func(v, a, b int64) int64 { return min(max(v, a), b) }},
	{engine.FailSoft, explain.FailShort("soft"), explain.FailName("soft"), false, func(v, _, _ int64) int64 { return v }},
	{engine.FailF2, explain.FailShort("f2"), explain.FailName("f2"), true, func(v, a, _ int64) int64 { return max(v, a) }},
}

// failOf returns what the quiz knows of a fail convention; ok is false for
// one it does not know.
func failOf(f engine.Fail) (fc failConvention, ok bool) {
	for _, fc := range fails {
		if fc.fail == f {
			return fc, true
		}
	}
	return failConvention{fail: f, name: explain.FailShort(f.String()), words: explain.FailName(f.String()), value: func(v, _, _ int64) int64 { return v }}, false
}

// failNames lists the fail conventions the quiz knows, for an error.
func failNames() string {
	names := make([]string, len(fails))
	for i, fc := range fails {
		names[i] = fc.name
	}
	return strings.Join(names, " and ")
}

// clamps reports whether a search with opt clamps a node's value onto its
// window's edge, so that such a value on an empty window is no bound.
// Branch and bound returns the best value it found: it never clamps.
func clamps(opt engine.Options) bool {
	fc, _ := failOf(opt.Fail)
	return opt.Algo == engine.AlphaBeta && fc.clamps
}

// boundOf labels the value v a node returned from its window (alpha, beta),
// all from MAX's point of view, by the textbook rule (score.BoundOf). The
// rule is applied in the side to move's view — at a MIN node to -v and
// (-beta, -alpha) — because on an empty window a fail-soft value equal to
// the edge is a lower bound for the side to move, an upper bound for MAX
// at a MIN node.
func boundOf(isMax bool, v, alpha, beta int64, clamps bool) score.Bound {
	if isMax {
		return score.BoundOf(v, alpha, beta, clamps)
	}
	return score.BoundOf(-v, -beta, -alpha, clamps).Flip()
}
