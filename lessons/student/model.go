package student

import (
	"slices"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
)

// A model is a student's search of a toy tree written out as students
// write it, MAX and MIN (and chance) nodes in turn, values and windows
// from MAX's point of view: alpha-beta with the conventions, principal
// variation search, a transposition table, expectimax. Written without the
// engine, so that what it does right can be held to the engine's search
// (TestModelIsTheEngine), and with the mistakes students make in such a
// search as switches (bug), so that check can tell a student's trace is one
// of them, event for event.
type model struct {
	tr    *tree.Tree
	isMax map[*tree.Node]bool // the player at the node (a chance node: the one who moves after it)
	algo  engine.Algo         // AlphaBeta, PVS or Expectimax
	fail  engine.Fail
	cut   engine.Cutoff
	rtl   bool
	tt    bool // a transposition table as the engine's (tt.go): by key, depth-preferred for the same key
	bug   bug

	table map[any]modelEntry
	steps []Step
	short bool // a depth limit fell where the tree has no evaluation: not a search there is
}

// bug is a mistake a student's search makes.
type bug int

const (
	noBug bug = iota
	// notPassed: each node searches every child with the window it was
	// given, never the one its earlier children narrowed (α not raised at
	// MAX, β not lowered at MIN), though it still cuts when a child reaches
	// the given bound.
	notPassed
	// swappedAtMin: a MIN node passes its children its window's bounds the
	// other way round, (β, α).
	swappedAtMin
	// cachedExact: the transposition table keeps every value as exact, the
	// bound a window gave taken for the value; an entry deep enough then
	// always ends the node.
	cachedExact
	// noResearch: principal variation search takes a null-window probe
	// that fails high (a bound) as the move's value, with no search again.
	noResearch
	// chanceTwice: the ply is counted twice at a chance node (depth − 2 to
	// its children); chanceUncounted: not at all (depth to its children).
	chanceTwice
	chanceUncounted
)

type modelEntry struct {
	value int64 // the side to move's view at the node that stored it, as the engine keeps it
	depth int
	bound score.Bound
}

func newModel(tr *tree.Tree, algo engine.Algo, fail engine.Fail, cut engine.Cutoff, rtl, tt bool, b bug) *model {
	return &model{tr: tr, isMax: maxNodes(tr), algo: algo, fail: fail, cut: cut, rtl: rtl, tt: tt, bug: b}
}

// run searches the tree to depth and returns its steps; ok is false when a
// depth limit fell on a node without a static evaluation.
func (m *model) run(depth int) ([]Step, bool) {
	m.table = map[any]modelEntry{}
	m.steps = m.steps[:0]
	if m.algo == engine.Expectimax {
		m.expectimax(m.tr.Root, depth)
	} else {
		m.search(m.tr.Root, 0, depth, -score.Inf, score.Inf)
	}
	return m.steps, !m.short
}

// kids are n's children in the order the search takes them.
func (m *model) kids(n *tree.Node) []*tree.Node {
	k := n.MoveChildren()
	if m.rtl {
		slices.Reverse(k)
	}
	return k
}

// frontier ends the line at a leaf or at the depth limit: its value, and
// whether the line ends.
func (m *model) frontier(n *tree.Node, depth int) (int64, bool) {
	switch {
	case n.Leaf:
		return n.Value, true
	case depth <= 0:
		if !n.HasEval {
			m.short = true
		}
		return n.Eval, true
	}
	return 0, false
}

func (m *model) enter(n *tree.Node) { m.steps = append(m.steps, Step{Key: n.Label(), Node: n}) }

func (m *model) exit(n *tree.Node, v int64) int64 {
	m.steps = append(m.steps, Step{Exit: true, Key: n.Label(), Node: n, Value: v})
	return v
}

func (m *model) reaches(v, bound int64) bool {
	if m.cut == engine.CutGT {
		return v > bound
	}
	return v >= bound
}

// clamp is the fail convention on the best value found, MAX's view, at a
// node whose player isMax with the window (alpha, beta).
func (m *model) clamp(isMax bool, best, alpha, beta int64) int64 {
	switch m.fail {
	case engine.FailHard:
		return min(max(best, alpha), beta)
	case engine.FailF2: // F2's running maximum starts at the side to move's own bound
		if isMax {
			return max(best, alpha)
		}
		return min(best, beta)
	}
	return best
}

// key is the node's position for the table: its key when the tree gives
// one (a transposition), else the node itself.
func key(n *tree.Node) any {
	if n.KeyText != "" {
		return n.KeyText
	}
	return n
}

// mover turns a MAX-view value and window into the side to move's view.
func mover(isMax bool, v, alpha, beta int64) (int64, int64, int64) {
	if isMax {
		return v, alpha, beta
	}
	return -v, -beta, -alpha
}

// search is alpha-beta (or PVS) at n, ply from the root, depth plies left,
// the window (alpha, beta) and the value MAX's view.
func (m *model) search(n *tree.Node, ply, depth int, alpha, beta int64) int64 {
	m.enter(n)
	if v, done := m.frontier(n, depth); done {
		return m.exit(n, v)
	}
	isMax := m.isMax[n]
	if m.tt && ply > 0 {
		if e, ok := m.table[key(n)]; ok && e.depth >= depth {
			_, a, b := mover(isMax, 0, alpha, beta)
			if m.bug == cachedExact || e.bound == score.Exact || (e.bound == score.Lower && e.value >= b) || (e.bound == score.Upper && e.value <= a) {
				v := e.value
				if !isMax {
					v = -v
				}
				return m.exit(n, m.clamp(isMax, v, alpha, beta))
			}
		}
	}
	var best int64
	if isMax {
		best = -score.Inf
		for i, c := range m.kids(n) {
			a := max(alpha, best)
			if m.bug == notPassed {
				a = alpha
			}
			t := m.child(c, ply, depth, i, a, beta, a, beta)
			best = max(best, t)
			if m.reaches(best, beta) {
				break
			}
		}
	} else {
		best = score.Inf
		for i, c := range m.kids(n) {
			b := min(beta, best)
			if m.bug == notPassed {
				b = beta
			}
			lo, hi := alpha, b
			if m.bug == swappedAtMin {
				lo, hi = b, alpha
			}
			t := m.child(c, ply, depth, i, lo, hi, alpha, b)
			best = min(best, t)
			if m.reaches(-best, -alpha) {
				break
			}
		}
	}
	v := m.clamp(isMax, best, alpha, beta)
	if m.tt {
		vm, a, b := mover(isMax, v, alpha, beta)
		bound := score.BoundOf(vm, a, b, m.fail != engine.FailSoft)
		if m.bug == cachedExact {
			bound = score.Exact
		}
		if e, ok := m.table[key(n)]; bound != score.NoBound && (!ok || e.depth <= depth) {
			m.table[key(n)] = modelEntry{value: vm, depth: depth, bound: bound}
		}
	}
	return m.exit(n, v)
}

// child searches c, the i-th child searched, with the window (lo, hi); a
// node searched with PVS probes every child after the first with a null
// window at the node's own edge of (alpha, beta), the node's window
// narrowed by its earlier children, and searches it again in full when
// the probe fails high.
func (m *model) child(c *tree.Node, ply, depth, i int, lo, hi, alpha, beta int64) int64 {
	if m.algo != engine.PVS || i == 0 || beta-alpha <= 1 {
		return m.search(c, ply+1, depth-1, lo, hi)
	}
	if m.isMax[c.Parent()] {
		if alpha == -score.Inf {
			return m.search(c, ply+1, depth-1, lo, hi)
		}
		t := m.search(c, ply+1, depth-1, alpha, alpha+1)
		if t > alpha && t < beta && m.bug != noResearch {
			t = m.search(c, ply+1, depth-1, alpha, beta)
		}
		return t
	}
	if beta == score.Inf {
		return m.search(c, ply+1, depth-1, lo, hi)
	}
	t := m.search(c, ply+1, depth-1, beta-1, beta)
	if t < beta && t > alpha && m.bug != noResearch {
		t = m.search(c, ply+1, depth-1, alpha, beta)
	}
	return t
}

// expectimax searches every child of n: a player takes its best child's
// value, a chance node the average weighted by the probabilities.
func (m *model) expectimax(n *tree.Node, depth int) int64 {
	m.enter(n)
	if v, done := m.frontier(n, depth); done {
		return m.exit(n, v)
	}
	if n.Chance {
		next := depth - 1
		switch m.bug {
		case chanceTwice:
			next = depth - 2
		case chanceUncounted:
			next = depth
		}
		// Σ p·v over a common denominator: the tree's units make it whole.
		var sum, den int64 = 0, 1
		for i, c := range n.Children {
			if !c.Pass {
				_, d := n.Weight(i)
				den = lcm(den, d)
			}
		}
		order := make([]int, 0, len(n.Children))
		for i, c := range n.Children {
			if !c.Pass {
				order = append(order, i)
			}
		}
		if m.rtl {
			slices.Reverse(order)
		}
		for _, i := range order {
			num, d := n.Weight(i)
			sum += num * (den / d) * m.expectimax(n.Children[i], next)
		}
		return m.exit(n, sum/den)
	}
	isMax := m.isMax[n]
	best := score.Inf
	if isMax {
		best = -score.Inf
	}
	for _, c := range m.kids(n) {
		t := m.expectimax(c, depth-1)
		if (isMax && t > best) || (!isMax && t < best) {
			best = t
		}
	}
	return m.exit(n, best)
}

func lcm(a, b int64) int64 { return a / score.GCD(a, b) * b }
