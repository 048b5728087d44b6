package tree

import (
	"github.com/prunescope/prunescope/internal/i18n"
)

// The trees a mistake about chance nodes searches: the quiz names such a
// mistake in an answer, check in a student's trace.

// Copy is a copy of t to change, read again from its text; t's root player
// is kept.
func (t *Tree) Copy() (*Tree, error) {
	c, err := Parse(t.Source, Format(t))
	if err != nil {
		return nil, i18n.Errorf("copying the tree: %w", err)
	}
	c.RootMin = t.RootMin
	return c, nil
}

// ChanceAsPlayer is a copy of t with every chance node made a MAX node
// (toMax) or a MIN node, its outcomes' probabilities dropped, every other
// node kept to its player.
func (t *Tree) ChanceAsPlayer(toMax bool) (*Tree, error) {
	c, err := t.Copy()
	if err != nil {
		return nil, err
	}
	// The players as the tree has them, before any chance node changes.
	players := map[*Node]bool{}
	var find func(n *Node, isMax bool)
	find = func(n *Node, isMax bool) {
		players[n] = isMax
		for _, k := range n.Children {
			find(k, ChildMax(n, isMax, k))
		}
	}
	find(c.Root, !c.RootMin)
	for n, mx := range players {
		if n.Chance {
			n.Chance, mx = false, toMax
			for _, k := range n.Children {
				k.PNum, k.PDen = 0, 0
			}
		}
		switch {
		case n.parent == nil:
			c.RootMin = !mx
		case mx:
			n.Turn = TurnMax
		default:
			n.Turn = TurnMin
		}
	}
	return c, nil
}

// Unweighted is a copy of t with its chance nodes' probabilities dropped,
// every outcome equally likely, read again so that the plain averages get
// units of their own; nil when every chance node's outcomes are equally
// likely already.
func (t *Tree) Unweighted() (*Tree, error) {
	uneven := false
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Chance {
			for i := range n.Children {
				if num, den := n.Weight(i); num*int64(len(n.Children)) != den {
					uneven = true
				}
			}
		}
		for _, k := range n.Children {
			walk(k)
		}
	}
	walk(t.Root)
	if !uneven {
		return nil, nil
	}
	c, err := t.Copy()
	if err != nil {
		return nil, err
	}
	var drop func(n *Node)
	drop = func(n *Node) {
		n.PNum, n.PDen = 0, 0
		for _, k := range n.Children {
			drop(k)
		}
	}
	drop(c.Root)
	u, err := Parse(t.Source, Format(c))
	if err != nil {
		return nil, i18n.Errorf("copying the tree: %w", err)
	}
	u.RootMin = t.RootMin
	return u, nil
}
