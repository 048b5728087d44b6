package quiz

import (
	"context"
	"slices"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Run is one search of the quiz tree, node by node. Values and windows are
// from MAX's point of view, as the quiz shows them.
type Run struct {
	Opt     engine.Options
	Depth   int
	Value   int64
	Best    *tree.Node // the best root move (nil when the root was not expanded)
	Visits  map[*tree.Node]*Visit
	Order   []*tree.Node // the nodes in the order they were entered
	Cutoffs int
	Never   []*tree.Node // the evaluation points never evaluated, in tree order (not listed for a shared run)
	rtl     bool         // the children were searched right to left

	// A run of the student model may share the key's search instead of
	// copying it (model.go): base is the key, shared holds the roots of the
	// subtrees the run searched exactly as base did (the same node, window
	// and depth, and no mistake below), and Visits and Order hold only the
	// nodes it searched itself. Its visits are read through visit; its
	// Never is not listed (checker.sameNever compares it with an answer).
	base   *Run
	shared map[*tree.Node]bool
	ix     *index
}

// searched returns the children of n reached by moves in the order the
// run searched them.
func (r *Run) searched(n *tree.Node) []*tree.Node {
	out := moves(n)
	if r.rtl {
		slices.Reverse(out)
	}
	return out
}

// visit returns what the run did at n, or nil when it never entered n.
func (r *Run) visit(n *tree.Node) *Visit {
	if v := r.Visits[n]; v != nil || r.base == nil {
		return v
	}
	for a := n; a != nil; a = r.ix.parent[a] {
		if r.shared[a] {
			return r.base.visit(n)
		}
		if r.Visits[a] != nil {
			return nil // searched afresh here, and n below it never entered
		}
	}
	return nil
}

// Visit is what the search did at one node.
type Visit struct {
	HasWindow   bool
	Alpha, Beta int64 // the window the node was searched with
	Value       int64 // the value it returned
	// Bound is what Value is by the textbook rule (score.BoundOf): exact
	// strictly inside the window, an upper bound at or below α, a lower
	// bound at or above β; NoBound for a value clamped onto an empty window.
	Bound     score.Bound
	Evaluated bool // a leaf value or a static evaluation was used here
	Cut       *Cut // the node stopped before its last move
	// ChanceCut is the trace's event of a chance node's cut (Star1), its
	// Pruned the outcomes never searched.
	ChanceCut *trace.Event
	engine    score.Bound // what the search labelled Value (chance quizzes keep it)
	// Lo and Hi are what the leaves searched below the node prove about its
	// true value V (minimax to the run's depth): Lo <= V <= Hi. Proved says
	// when they prove it exactly, whatever Bound calls the value returned.
	Lo, Hi int64
}

// Proved reports whether the leaves searched below the node prove its true
// value (then Lo, which is Hi).
func (v *Visit) Proved() bool { return v.Lo == v.Hi }

// Cut is a cutoff at a node.
type Cut struct {
	By     *tree.Node   // the child whose value reached the bound
	Value  int64        // the node's best value when it stopped
	Pruned []*tree.Node // the children never searched
}

// unevaluated reports whether n is one of the evaluation points the run
// never evaluated (one of Never).
func (r *Run) unevaluated(ix *index, n *tree.Node) bool {
	return ix.isPoint(n, r.Depth) && !r.Evaluated(n)
}

// Evaluated reports whether the search used a value at n.
func (r *Run) Evaluated(n *tree.Node) bool {
	v := r.visit(n)
	return v != nil && v.Evaluated
}

// search runs the engine on the quiz tree and records what it did.
func search(ctx context.Context, ix *index, opt engine.Options, depth int) (*Run, error) {
	rec := record.NewRecorder()
	res, err := engine.Search(ctx, ix.position(), engine.Limits{Depth: depth}, opt, rec.Hooks())
	if err != nil {
		return nil, err
	}
	if err := rec.Err(); err != nil {
		return nil, i18n.Errorf("recording the search: %w", err)
	}
	r := &Run{Opt: opt, Depth: depth, Value: res.Value, Visits: map[*tree.Node]*Visit{}, Cutoffs: int(res.Cutoffs()), rtl: ix.rtl}
	if res.HasBest {
		r.Best = childByLabel(ix.t.Root, res.BestLabel)
	}
	for _, rn := range rec.Recording().Nodes {
		n := ix.byName[rn.Path]
		if n == nil || r.visit(n) != nil {
			return nil, i18n.Errorf("recording the search: node %q is unknown or visited twice", rn.Path)
		}
		v := &Visit{HasWindow: rn.HasWindow, Alpha: rn.Alpha, Beta: rn.Beta, Value: rn.Value, Evaluated: rn.Leaf, engine: rn.Bound}
		switch c := rn.Cut; {
		case c != nil && c.Chance:
			kids := map[string]bool{}
			for _, k := range rn.Children {
				kids[k.Path] = true
			}
			v.Cut, v.ChanceCut = chanceCut(n, ix.searched(n), c.ChanceEvent(rn), func(c *tree.Node) bool { return kids[c.Path()] })
		case c != nil:
			kids := make(map[string]*tree.Node, len(n.Children)) // by label: once per cut, not once per pruned move
			for _, k := range n.Children {
				kids[k.Label()] = k
			}
			v.Cut = &Cut{By: kids[c.Move], Value: c.Value}
			for _, p := range c.Pruned {
				v.Cut.Pruned = append(v.Cut.Pruned, kids[p])
			}
		}
		r.Visits[n] = v
		r.Order = append(r.Order, n)
	}
	r.finish(ix)
	return r, nil
}

// finish labels the values the run's nodes returned and lists the
// evaluation points it never evaluated (a shared run: only labels).
func (r *Run) finish(ix *index) {
	r.label(ix)
	if r.base != nil {
		return
	}
	for _, p := range ix.points(r.Depth) {
		if !r.Evaluated(p) {
			r.Never = append(r.Never, p)
		}
	}
}

// label sets the bound of every value the run's inner nodes returned by
// the textbook rule (boundOf), from the window each node was searched with,
// whatever the search labelled it: the key and the student model label
// alike, and the quiz is right whatever the engine's trace says. A leaf's
// value, or a static evaluation at the horizon, is exact: it is the node's
// own value (the value of a search to this depth), whatever its window, as
// AIMA's, CS188's and Wikipedia's keys give it; the bound the rule would
// make of it is accepted as an answer too (checker.at). It also works out
// what the searched leaves prove about every node's true value (Lo, Hi).
func (r *Run) label(ix *index) {
	cl := clamps(r.Opt)
	for i := len(r.Order) - 1; i >= 0; i-- { // children before their parents
		n := r.Order[i]
		v := r.visit(n)
		if v.Evaluated {
			v.Lo, v.Hi = v.Value, v.Value
		} else {
			v.Lo, v.Hi = r.proof(ix, n)
		}
		switch {
		case v.Evaluated:
			v.Bound = score.Exact // a leaf's own value
		case r.Opt.Algo.ForChance():
			v.Bound = v.engine // Star1 bounds a chance node's average by the bounds on every value, not by the textbook rule
		case !r.Opt.Algo.Prunes() || !v.HasWindow:
			v.Bound = score.Exact // minimax searches every move: its values are exact
		default:
			v.Bound = boundOf(ix.max[n], v.Value, v.Alpha, v.Beta, cl)
		}
	}
}

// proof is what the leaves searched below the inner node n prove about its
// true value, from what they prove about its children's: lo <= V <= hi,
// MAX's view. A move not searched could be worth anything.
func (r *Run) proof(ix *index, n *tree.Node) (lo, hi int64) {
	if n.Chance {
		return -score.Inf, score.Inf // an average: nothing claimed here
	}
	isMax := ix.max[n]
	first := true
	for _, c := range moves(n) {
		cl, ch := -score.Inf, score.Inf
		if cv := r.visit(c); cv != nil {
			cl, ch = cv.Lo, cv.Hi
		}
		switch {
		case first:
			lo, hi, first = cl, ch, false
		case isMax:
			lo, hi = max(lo, cl), max(hi, ch)
		default:
			lo, hi = min(lo, cl), min(hi, ch)
		}
	}
	return lo, hi
}

// childByLabel returns the child of n a trace names by its label.
func childByLabel(n *tree.Node, l string) *tree.Node {
	for _, c := range n.Children {
		if c.Label() == l {
			return c
		}
	}
	return nil
}

// source finds where a bound of n's window came from: the ancestor whose
// earlier child raised it (α, at a MAX node) or lowered it (β, at a MIN node),
// and that child. setter is nil when the bound is the root's own (±∞). Alpha-
// beta passes a bound unchanged through the nodes that do not move it, so the
// setter may lie several plies up; branch and bound has a single bound, and
// takes it from the parent alone.
func (ix *index) source(r *Run, n *tree.Node, alpha bool) (setter, by *tree.Node) {
	for c, p := n, ix.parent[n]; p != nil; c, p = p, ix.parent[p] {
		pv, cv := r.visit(p), r.visit(c)
		if pv == nil || cv == nil {
			return nil, nil
		}
		moved := false
		target := cv.Alpha
		if alpha {
			moved = ix.max[p] && cv.Alpha != pv.Alpha
		} else {
			moved = !ix.max[p] && cv.Beta != pv.Beta
			target = cv.Beta
		}
		if moved {
			for _, s := range ix.searched(p) {
				if s == c {
					break
				}
				if sv := r.visit(s); sv != nil && sv.Value == target {
					return p, s
				}
			}
			return p, nil
		}
		if r.Opt.Algo == engine.BranchBound {
			return nil, nil
		}
	}
	return nil, nil
}

// cutBound returns the bound a node that cut off reached: β at a MAX node,
// α at a MIN node, and whether it is α.
func (ix *index) cutBound(r *Run, n *tree.Node) (bound int64, alpha bool) {
	v := r.visit(n)
	if ix.max[n] {
		return v.Beta, false
	}
	return v.Alpha, true
}

// deep reports whether the cutoff at n is a deep cutoff (Knuth & Moore): the
// bound it reached was set by an ancestor above n's parent, not by the parent.
func (ix *index) deep(r *Run, n *tree.Node) bool {
	if ix.chance {
		return false // Star1's windows below a chance node come from its arithmetic, not from an ancestor's move
	}
	_, alpha := ix.cutBound(r, n)
	setter, _ := ix.source(r, n, alpha)
	return setter != nil && setter != ix.parent[n]
}

// deepCutoffs counts the deep cutoffs of a run.
func (ix *index) deepCutoffs(r *Run) int {
	k := 0
	for _, n := range r.Order {
		if r.visit(n).Cut != nil && ix.deep(r, n) {
			k++
		}
	}
	return k
}

// prunedAt returns the visited node whose cutoff left n unsearched, and the
// pruned child of it that n lies under; nil when n was searched.
func (ix *index) prunedAt(r *Run, n *tree.Node) (cut, child *tree.Node) {
	for c, p := n, ix.parent[n]; p != nil; c, p = p, ix.parent[p] {
		if v := r.visit(p); v != nil {
			if v.Cut != nil && slices.Contains(v.Cut.Pruned, c) {
				return p, c
			}
			if r.visit(c) != nil {
				return nil, nil
			}
		}
	}
	return nil, nil
}
