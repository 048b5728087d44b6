package quiz

import (
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// The student model: alpha-beta (F2) and branch and bound (F1) written out
// again over the quiz tree, so that they can be told to make one classic
// mistake the engine never makes.
//
// The mistake: at the nodes in noPass, every child is searched with the
// node's own window, as if its earlier siblings had not narrowed it (α at a
// MAX node, β at a MIN node: "α was not passed on to the next sibling"). The
// node itself still keeps its best value and cuts when it reaches its bound.
//
// Without mistakes the model searches exactly as the engine does — the same
// windows, values, cutoffs and evaluations at every node, its values
// labelled by the same rule as the key's (Run.label); a test
// holds it to that on many random trees, under every convention. So what the
// model answers with a mistake is what a student who makes that mistake, and
// no other, would answer.
//
// Sharing the key's search. Given base, the key (the same algorithm,
// conventions and depth, searched without a mistake), the model does not
// search again a subtree that holds no node of noPass and that it enters
// with the window and depth the key entered it with: without a mistake it
// searches such a subtree exactly as the key did, so it takes the key's
// value for it and records the subtree as shared (Run.shared) instead of
// copying it. What a mutant costs is then the part of the tree its mistake
// changes, not the whole tree: a quiz check keeps memory linear in the
// tree however many nodes it tries the mistake at.
type model struct {
	ix     *index
	opt    engine.Options
	noPass map[*tree.Node]bool
	holds  map[*tree.Node]bool // the nodes of noPass and their ancestors: never shared
	run    *Run
	err    error
}

// mistaken searches the quiz tree with alpha-beta or branch and bound as opt
// says, to depth, making the mistake at the nodes in noPass; with base (the
// key's run of the same search), it shares what it searches as base did.
func mistaken(ix *index, opt engine.Options, depth int, noPass map[*tree.Node]bool, base *Run) (*Run, error) {
	m := &model{ix: ix, opt: opt, noPass: noPass, run: &Run{Opt: opt, Depth: depth, Visits: map[*tree.Node]*Visit{}, rtl: ix.rtl}}
	if base != nil {
		if base.base != nil || base.Depth != depth || base.Opt.Algo != opt.Algo || base.Opt.Fail != opt.Fail || base.Opt.Cutoff != opt.Cutoff {
			return nil, i18n.Errorf("the student model shares a search of the same algorithm, conventions and depth only")
		}
		m.run.base, m.run.shared, m.run.ix = base, map[*tree.Node]bool{}, ix
		m.holds = map[*tree.Node]bool{}
		for s := range noPass {
			for a := s; a != nil && !m.holds[a]; a = ix.parent[a] {
				m.holds[a] = true
			}
		}
	}
	root := ix.t.Root
	isMax := ix.max[root]
	var v int64
	switch opt.Algo {
	case engine.AlphaBeta:
		v = m.alphaBeta(root, depth, -score.Inf, score.Inf)
	case engine.BranchBound:
		v = m.branchBound(root, depth, score.Inf)
	default:
		return nil, i18n.Errorf("the student model searches with alphabeta or branch-bound, not %s", opt.Algo)
	}
	if m.err != nil {
		return nil, m.err
	}
	m.run.Value = view(isMax, v)
	m.run.finish(ix)
	return m.run, nil
}

// share takes the key's value for the subtree of n, entered with the window
// (alpha, beta) (side to move's view), when the model would search it as
// the key did; ok is false when n must be searched.
func (m *model) share(n *tree.Node, alpha, beta int64) (v int64, ok bool) {
	r := m.run
	if r.base == nil || m.holds[n] {
		return 0, false
	}
	bv := r.base.visit(n)
	if bv == nil || !bv.HasWindow {
		return 0, false
	}
	isMax := m.ix.max[n]
	if a, b := viewWindow(isMax, alpha, beta); a != bv.Alpha || b != bv.Beta {
		return 0, false
	}
	r.shared[n] = true
	return view(isMax, bv.Value), true
}

// enter registers a visit; alpha and beta are from the side to move's view.
func (m *model) enter(n *tree.Node, alpha, beta int64) *Visit {
	v := &Visit{HasWindow: true}
	v.Alpha, v.Beta = viewWindow(m.ix.max[n], alpha, beta)
	m.run.Visits[n] = v
	m.run.Order = append(m.run.Order, n)
	return v
}

// frontier uses the value of a leaf, or the static evaluation at the depth
// limit; ok is false when the search goes on below n.
func (m *model) frontier(n *tree.Node, depth int, v *Visit) (int64, bool) {
	isMax := m.ix.max[n]
	switch {
	case n.Leaf:
		v.Value = n.Value
	case depth > 0:
		return 0, false
	case n.HasEval:
		v.Value = n.Eval
	default:
		if m.err == nil {
			m.err = &engine.NoEvalError{Path: n.Label(), Depth: m.run.Depth}
		}
		return 0, true
	}
	v.Evaluated = true
	return view(isMax, v.Value), true
}

func (m *model) reaches(v, bound int64) bool {
	if m.opt.Cutoff == engine.CutGT {
		return v > bound
	}
	return v >= bound
}

// alphaBeta is F2 as engine/alphabeta.go has it, for the side to move. The
// values it returns are labelled afterwards, by the same rule as the key's
// (Run.label).
func (m *model) alphaBeta(n *tree.Node, depth int, alpha, beta int64) int64 {
	if t, ok := m.share(n, alpha, beta); ok {
		return t
	}
	v := m.enter(n, alpha, beta)
	if t, done := m.frontier(n, depth, v); done {
		return t
	}
	isMax := m.ix.max[n]
	kids := m.ix.searched(n)
	best := -score.Inf
	for i, c := range kids {
		lo := max(alpha, best) // the window narrowed by the earlier siblings
		if m.noPass[n] {
			lo = alpha // the mistake: the node's own window again
		}
		t := -m.alphaBeta(c, depth-1, -beta, -lo)
		if m.err != nil {
			return 0
		}
		if m.take(n, v, kids, i, t, &best, beta) {
			break
		}
	}
	fc, _ := failOf(m.opt.Fail)
	val := fc.value(best, alpha, beta)
	v.Value = view(isMax, val)
	return val
}

// take takes the value t of the i-th child into best, the node's value so
// far (the root's best move with it), and reports whether best reaches
// bound: a cutoff, recorded on v when moves are left.
func (m *model) take(n *tree.Node, v *Visit, kids []*tree.Node, i int, t int64, best *int64, bound int64) bool {
	c := kids[i]
	if t > *best {
		*best = t
		if n == m.ix.t.Root {
			m.run.Best = c
		}
	}
	if !m.reaches(*best, bound) {
		return false
	}
	if i+1 < len(kids) {
		m.run.Cutoffs++
		v.Cut = &Cut{By: c, Value: view(m.ix.max[n], *best), Pruned: kids[i+1:]}
	}
	return true
}

// branchBound is F1 as engine/branchbound.go has it, for the side to move.
func (m *model) branchBound(n *tree.Node, depth int, bound int64) int64 {
	if t, ok := m.share(n, -score.Inf, bound); ok {
		return t
	}
	v := m.enter(n, -score.Inf, bound)
	if t, done := m.frontier(n, depth, v); done {
		return t
	}
	isMax := m.ix.max[n]
	kids := m.ix.searched(n)
	best := -score.Inf
	for i, c := range kids {
		cb := -best
		if m.noPass[n] {
			cb = score.Inf
		}
		t := -m.branchBound(c, depth-1, cb)
		if m.err != nil {
			return 0
		}
		if m.take(n, v, kids, i, t, &best, bound) {
			break
		}
	}
	v.Value = view(isMax, best)
	return best
}

// view converts a value of the side to move to MAX's point of view.
func view(isMax bool, v int64) int64 {
	if isMax {
		return v
	}
	return -v
}

func viewWindow(isMax bool, alpha, beta int64) (int64, int64) {
	if isMax {
		return alpha, beta
	}
	return -beta, -alpha
}
