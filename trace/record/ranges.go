package record

import "github.com/prunescope/prunescope/internal/score"

// Ranges (Russell & Norvig, AIMA Figure 5.5): the interval [Lo, Hi] a
// node's value may still take, as the search knows it at a moment. All in
// MAX's view, as the events are, so a child of the same player ([max] and
// [min] marks) folds in as it is.
//
//   - Before the node is entered nothing is known (ok is false); once
//     entered, [−∞, +∞].
//   - A leaf, once its value is used: [v, v].
//   - A node that has returned: what its value is known to be. An exact
//     value, or a bound its children prove exact (the exit's Proved mark),
//     is [v, v]; a lower bound [v, +∞]; an upper bound [−∞, v]; a value
//     that is no bound (clamped onto a tie window) [−∞, +∞]. This is what is
//     proved: the textbook label stays where it is drawn.
//   - A node still searched folds its children's ranges (fold): a MAX
//     node's Lo rises to the highest Lo of its children so far and, once
//     every move has been entered, its Hi is the highest Hi; a MIN node's
//     Hi falls to the lowest Hi so far and, once every move has been
//     entered, its Lo is the lowest Lo.
//
// The node's moves are its searched children and the moves a cutoff left
// unsearched: the search generated them all when it entered the node. A
// null move (a pass) is no move of the node: its value does not bound it.

// Range is an interval of values, MAX's view; ±∞ are score.Inf.
type Range struct{ Lo, Hi int64 }

// Everything is the range of a node nothing is known about yet.
var Everything = Range{-score.Inf, score.Inf}

// RangeAt returns the range of n as known after the event with sequence
// number at (at < 0: at the end of the search), and false when n was not
// entered yet.
func (n *Node) RangeAt(at int64) (Range, bool) { return n.RangeWithin(at, Everything) }

// RangeWithin is RangeAt where every value is known to lie in within
// (Star1's bounds, AIMA's "the leaf values are known to lie between -2 and
// 2"): a chance node's outcomes not searched yet count at its edges.
func (n *Node) RangeWithin(at int64, within Range) (Range, bool) {
	if at >= 0 && n.Seq > at {
		return Range{}, false
	}
	if n.Closed && (at < 0 || n.End <= at) {
		return n.finalRange(), true
	}
	if n.Leaf || len(n.Children) == 0 {
		return Everything, true
	}
	var kids []Range
	var weights [][2]int64
	moves := map[string]bool{}
	for _, c := range n.Children {
		if c.Null || c.Probe {
			continue
		}
		if r, ok := c.RangeWithin(at, within); ok {
			kids = append(kids, r)
			weights = append(weights, [2]int64{c.PNum, c.PDen})
			moves[c.Move] = true
		}
	}
	if n.Chance {
		return average(kids, weights, within), true
	}
	all := n.Below.Nodes == 0 && len(moves) == n.moveCount()
	return fold(n.Max, kids, all), true
}

// average is a chance node's range from its outcomes' ranges so far and
// their probabilities: the weighted sums of their lows and of their highs,
// the outcomes not searched yet counting at within's edges (−∞ and +∞ when
// nothing bounds the values: one outcome can then move the average
// anywhere). Rounded outwards to whole raw units.
func average(kids []Range, weights [][2]int64, within Range) Range {
	var den int64 = 1
	for _, w := range weights {
		den = den / score.GCD(den, w[1]) * w[1]
	}
	var lo, hi, used int64
	loInf, hiInf := false, false
	for i, k := range kids {
		a := weights[i][0] * (den / weights[i][1])
		used += a
		loInf = loInf || score.IsInf(k.Lo)
		hiInf = hiInf || score.IsInf(k.Hi)
		if !loInf {
			lo += a * k.Lo
		}
		if !hiInf {
			hi += a * k.Hi
		}
	}
	if rest := den - used; rest > 0 {
		loInf = loInf || score.IsInf(within.Lo)
		hiInf = hiInf || score.IsInf(within.Hi)
		if !loInf {
			lo += rest * within.Lo
		}
		if !hiInf {
			hi += rest * within.Hi
		}
	}
	r := Everything
	if !loInf {
		r.Lo = score.FloorDiv(lo, den)
	}
	if !hiInf {
		r.Hi = score.CeilDiv(hi, den)
	}
	return r
}

// finalRange is what a returned node's value is known to be.
func (n *Node) finalRange() Range {
	v := n.Value
	switch {
	case !n.HasValue:
		return Everything
	case n.Leaf || n.Bound == score.Exact || n.Proved:
		return Range{v, v}
	case n.Bound == score.Lower:
		return Range{v, score.Inf}
	case n.Bound == score.Upper:
		return Range{-score.Inf, v}
	}
	return Everything
}

// moveCount is the number of moves of n: those searched (each once, a
// re-search or the null move not counted) and those a cutoff left.
func (n *Node) moveCount() int {
	seen := map[string]bool{}
	for _, c := range n.Children {
		if !c.Null {
			seen[c.Move] = true
		}
	}
	k := len(seen)
	if n.Cut != nil {
		k += len(n.Cut.Pruned)
	}
	return k
}

// fold is the range of a node from its children's ranges so far (kids),
// all when every move has been entered: the one rule for a node's player.
// A node of another kind (a chance node) gets its own case here.
func fold(isMax bool, kids []Range, all bool) Range {
	r := Everything
	if len(kids) == 0 {
		return r
	}
	if isMax {
		r.Lo, r.Hi = -score.Inf, -score.Inf
		for _, k := range kids {
			r.Lo, r.Hi = max(r.Lo, k.Lo), max(r.Hi, k.Hi)
		}
		if !all {
			r.Hi = score.Inf
		}
		return r
	}
	r.Lo, r.Hi = score.Inf, score.Inf
	for _, k := range kids {
		r.Lo, r.Hi = min(r.Lo, k.Lo), min(r.Hi, k.Hi)
	}
	if !all {
		r.Lo = -score.Inf
	}
	return r
}
