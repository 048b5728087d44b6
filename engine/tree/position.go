package tree

import (
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Position walks a Tree for the search engine. It implements engine.Position,
// engine.RootMin, engine.Namer and engine.SubtreeDescriber.
//
// A move is the index of a child in its parent's Children; Moves returns the
// children that are not a pass, in the order written. The side to move is the
// root player at the root and changes with every move and every pass, except
// into a node marked [max] or [min], where the mark says who moves. Values
// handed to the engine are from the side to move's point of view.
//
// Everything is laid out when the position is built, so moving through the
// tree and asking about it never allocates.
type Position struct {
	tree  *Tree
	nodes []pnode  // every node, the children of each node next to each other
	stack []*pnode // the current line, root first; its capacity covers the tree's height

	samePlayer bool  // some node has the same player as its parent ([max] and [min] marks)
	chance     bool  // some node is a chance node
	lo, hi     int64 // the least and greatest leaf value or evaluation
	rtl        bool  // children are searched right to left (SetRightToLeft)
}

// pnode is a node as the position sees it.
type pnode struct {
	n     *Node
	first int    // index in nodes of the node's first child
	pass  int    // index in nodes of the node's pass child, -1 when none
	key   uint64 // transposition key
	max   bool   // MAX is to move here (at a chance node: the player who moves after it)
	// wden is a chance node's common denominator of its children's
	// probabilities, wnum a chance node's child's numerator over it.
	wden, wnum int64
	// leaves and inner count the node's subtree, itself included, reached
	// by moves (not passes): what a cutoff prunes with it (CountSubtree).
	leaves, inner int64
}

var (
	_ engine.Position         = (*Position)(nil)
	_ engine.Passer           = (*Position)(nil)
	_ engine.Tactical         = (*Position)(nil)
	_ engine.RootMin          = (*Position)(nil)
	_ engine.Namer            = (*Position)(nil)
	_ engine.SubtreeDescriber = (*Position)(nil)
	_ engine.Turns            = (*Position)(nil)
	_ engine.SubtreeCounter   = (*Position)(nil)
	_ engine.Chance           = (*Position)(nil)
)

// NewPosition returns a position at the root of t, which must have a root (as
// every tree from Parse, ParseJSON, Load, Builtin and the generators has).
func NewPosition(t *Tree) *Position {
	if !linked(t.Root) { // a tree built by hand: give it its paths
		link(t.Root)
	}
	count, _ := t.Count()
	p := &Position{tree: t, nodes: make([]pnode, 0, count)}
	p.nodes = append(p.nodes, pnode{n: t.Root, max: !t.RootMin})
	keyed := map[string]uint64{}
	// Breadth first, so that the children of each node are contiguous and
	// child m of a node is nodes[first+m].
	for i := 0; i < len(p.nodes); i++ {
		pn := &p.nodes[i]
		pn.first, pn.pass = len(p.nodes), -1
		pn.key = uint64(i)
		if k := pn.n.KeyText; k != "" {
			if first, ok := keyed[k]; ok {
				pn.key = first
			} else {
				keyed[k] = pn.key
			}
		}
		parentMax := pn.max
		if pn.n.Chance {
			p.chance = true
			pn.wden = 1
			for j := range pn.n.Children {
				_, den := pn.n.Weight(j)
				pn.wden = score.LCM(pn.wden, den)
			}
		}
		for j, c := range pn.n.Children {
			if c.Pass {
				p.nodes[i].pass = len(p.nodes)
			}
			cm := ChildMax(pn.n, parentMax, c)
			if cm == parentMax {
				p.samePlayer = true
			}
			ch := pnode{n: c, max: cm}
			if pn.n.Chance {
				num, den := pn.n.Weight(j)
				ch.wnum = num * (p.nodes[i].wden / den)
			}
			p.nodes = append(p.nodes, ch)
		}
	}
	p.lo, p.hi = score.Inf, -score.Inf
	for i := range p.nodes {
		n := p.nodes[i].n
		if n.Leaf {
			p.lo, p.hi = min(p.lo, n.Value), max(p.hi, n.Value)
		}
		if n.HasEval {
			p.lo, p.hi = min(p.lo, n.Eval), max(p.hi, n.Eval)
		}
	}
	// Subtree sizes, children before parents (breadth first backwards), so
	// that counting what a cutoff prunes costs one look-up per move, not a
	// walk of a subtree alpha-beta may never come near.
	for i := len(p.nodes) - 1; i >= 0; i-- {
		pn := &p.nodes[i]
		if pn.n.Leaf {
			pn.leaves = 1
			continue
		}
		pn.inner = 1
		for j, c := range pn.n.Children {
			if !c.Pass {
				ch := &p.nodes[pn.first+j]
				pn.leaves += ch.leaves
				pn.inner += ch.inner
			}
		}
	}
	p.stack = make([]*pnode, 1, t.Height()+2)
	p.stack[0] = &p.nodes[0]
	return p
}

// cur is the current node.
func (p *Position) cur() *pnode { return p.stack[len(p.stack)-1] }

// Tree returns the tree the position walks.
func (p *Position) Tree() *Tree { return p.tree }

// Node returns the current node.
func (p *Position) Node() *Node { return p.cur().n }

// SetRightToLeft makes Moves and Captures hand out each node's children
// right to left, the last written first (--order-children rtl). A move is
// still the child's index, so nodes keep their names and paths.
func (p *Position) SetRightToLeft(rtl bool) { p.rtl = rtl }

// Moves appends the current node's children that are not a pass, in the
// order written (right to left after SetRightToLeft).
func (p *Position) Moves(dst []engine.Move) []engine.Move {
	return p.appendChildren(dst, false)
}

// Captures appends the children reached by a capture or a promotion, in
// written order (right to left after SetRightToLeft): the moves of
// quiescence search.
func (p *Position) Captures(dst []engine.Move) []engine.Move {
	return p.appendChildren(dst, true)
}

func (p *Position) appendChildren(dst []engine.Move, captures bool) []engine.Move {
	cs := p.cur().n.Children
	for k := range cs {
		i := k
		if p.rtl {
			i = len(cs) - 1 - k
		}
		if c := cs[i]; !c.Pass && (!captures || c.Capture || c.Promotion) {
			dst = append(dst, engine.Move(i))
		}
	}
	return dst
}

// IsRecapture reports whether child m is reached by a capture and the move
// into the current node was a capture too: a capture answering a capture (toy
// trees have no squares to compare).
func (p *Position) IsRecapture(m engine.Move) bool {
	n := p.cur().n
	return n.Capture && n.Children[m].Capture
}

// Make descends into child m.
func (p *Position) Make(m engine.Move) {
	p.stack = append(p.stack, &p.nodes[p.cur().first+int(m)])
}

// Unmake returns to the parent.
func (p *Position) Unmake(engine.Move) { p.up() }

func (p *Position) up() {
	if len(p.stack) > 1 {
		p.stack = p.stack[:len(p.stack)-1]
	}
}

// Positions is the number of nodes of the tree (engine.Bounded): every key
// is a node's index (the first node's for a shared key), below it.
func (p *Position) Positions() int { return len(p.nodes) }

// CanPass reports whether the current node has a pass child.
func (p *Position) CanPass() bool { return p.cur().pass >= 0 }

// MakeNull descends into the pass child.
func (p *Position) MakeNull() {
	p.stack = append(p.stack, &p.nodes[p.cur().pass])
}

// UnmakeNull returns from the pass child to its parent.
func (p *Position) UnmakeNull() { p.up() }

// Terminal reports a leaf and its value for the side to move.
func (p *Position) Terminal(int) (int64, bool) {
	c := p.cur()
	if c.n.Leaf {
		return c.view(c.n.Value), true
	}
	return 0, false
}

// NoMoves is never needed: every inner node of a valid tree has a move.
func (p *Position) NoMoves(int) int64 { return 0 }

// Evaluate returns a leaf's value or an inner node's eval annotation, for the
// side to move; ok is false for an inner node without one.
func (p *Position) Evaluate() (int64, bool) {
	c := p.cur()
	switch {
	case c.n.Leaf:
		return c.view(c.n.Value), true
	case c.n.HasEval:
		return c.view(c.n.Eval), true
	}
	return 0, false
}

// view turns a value from MAX's point of view into the side to move's.
func (c *pnode) view(v int64) int64 {
	if c.max {
		return v
	}
	return -v
}

// InCheck reports whether the move into the current node gave check.
func (p *Position) InCheck() bool { return p.cur().n.Check }

// IsCapture reports whether move m is marked as a capture.
func (p *Position) IsCapture(m engine.Move) bool { return p.cur().n.Children[m].Capture }

// IsPromotion reports whether move m is marked as a promotion.
func (p *Position) IsPromotion(m engine.Move) bool { return p.cur().n.Children[m].Promotion }

// Key identifies the current node: nodes with the same key annotation share a
// key, every other node has one of its own.
func (p *Position) Key() uint64 { return p.cur().key }

// MoveLabel is the label of child m: its name, else its path.
func (p *Position) MoveLabel(m engine.Move) string {
	if cs := p.cur().n.Children; int(m) < len(cs) {
		return cs[m].Label()
	}
	return "?" // a move read from a transposition-table entry of another position
}

// NodeName is the current node's name in traces: its explicit name, else its
// path ("" for an unnamed root).
func (p *Position) NodeName() string { return p.cur().n.traceName() }

// MaxToMove reports whether MAX moves at the current node (engine.Turns).
func (p *Position) MaxToMove() bool { return p.cur().max }

// Alternates reports whether the players alternate at every move, as they do
// unless a [max] or [min] mark gives a node the same player as its parent
// (engine.Turns).
func (p *Position) Alternates() bool { return !p.samePlayer }

// HasChance reports whether the tree has a chance node (engine.Chance).
func (p *Position) HasChance() bool { return p.chance }

// IsChance reports whether the current node is a chance node (engine.Chance).
func (p *Position) IsChance() bool { return p.cur().n.Chance }

// Weight returns the probability of child m of the current chance node as
// num/den, den the same for every child of the node (engine.Chance).
func (p *Position) Weight(m engine.Move) (num, den int64) {
	c := p.cur()
	return p.nodes[c.first+int(m)].wnum, c.wden
}

// ValueRange returns the least and greatest value of a leaf or an
// evaluation of the tree, from MAX's point of view (engine.Chance).
func (p *Position) ValueRange() (lo, hi int64) { return p.lo, p.hi }

// RootIsMin reports whether MIN moves first.
func (p *Position) RootIsMin() bool { return p.tree.RootMin }

// Game describes the tree for the trace.
func (p *Position) Game() engine.Game {
	scale := p.tree.Scale
	if scale == 0 {
		scale = 1
	}
	g := engine.Game{Name: "tree", Input: p.tree.Source, Scale: scale}
	if p.rtl {
		g.Order = "rtl"
	}
	return g
}

// DescribeSubtree describes child m and everything below it, leaving out pass
// children, so that a diagram can draw what a cutoff left unsearched.
func (p *Position) DescribeSubtree(m engine.Move, budget int) *trace.Subtree {
	c := p.cur()
	if int(m) >= len(c.n.Children) {
		return nil
	}
	n := c.n.Children[m]
	s := describe(n, ChildMax(c.n, c.max, n), describeDepth(n, budget))
	if c.n.Chance {
		s.PNum, s.PDen = reduced(c.n.Weight(int(m)))
	}
	return s
}

// CountSubtree counts the leaves and inner nodes of child m and everything
// below it, reached by moves (not passes), as DescribeSubtree would describe
// them without a budget.
func (p *Position) CountSubtree(m engine.Move) (leaves, inner int64) {
	c := p.cur()
	if int(m) >= len(c.n.Children) {
		return 0, 0
	}
	ch := &p.nodes[c.first+int(m)]
	return ch.leaves, ch.inner
}

// describeDepth is the deepest level below n (n itself is level 0) such that
// describing n down to it takes at most budget nodes; at least n is described.
func describeDepth(n *Node, budget int) int {
	level := []*Node{n}
	total, depth := 1, 0
	for {
		var next []*Node
		for _, x := range level {
			for _, c := range x.Children {
				if !c.Pass {
					next = append(next, c)
				}
			}
		}
		if len(next) == 0 || total+len(next) > budget {
			return depth
		}
		total += len(next)
		depth++
		level = next
	}
}

// describe describes n and, depth levels down, its subtree; the nodes below
// that are only counted (Below).
func describe(n *Node, max bool, depth int) *trace.Subtree {
	s := &trace.Subtree{Move: n.Label(), Path: n.traceName(), Max: max, Chance: n.Chance, Leaf: n.Leaf}
	if n.Leaf {
		s.Value = n.Value
	}
	for i, c := range n.Children {
		if c.Pass {
			continue
		}
		if depth == 0 {
			s.Below += countMoves(c)
			continue
		}
		cs := describe(c, ChildMax(n, max, c), depth-1)
		if n.Chance {
			cs.PNum, cs.PDen = reduced(n.Weight(i))
		}
		s.Children = append(s.Children, cs)
	}
	return s
}

// countMoves counts n and the nodes below it reached by moves (not passes).
func countMoves(n *Node) int {
	c := 1
	for _, ch := range n.Children {
		if !ch.Pass {
			c += countMoves(ch)
		}
	}
	return c
}

// reduced is num/den in lowest terms.
func reduced(num, den int64) (int64, int64) {
	g := score.GCD(num, den)
	return num / g, den / g
}
