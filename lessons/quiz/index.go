package quiz

import (
	"slices"
	"strings"

	"github.com/prunescope/prunescope/engine/tree"
)

// index knows the quiz tree's shape: every node reached by moves (pass
// children are never moves here), its parent, its ply and its names.
type index struct {
	t      *tree.Tree
	nodes  []*tree.Node // preorder: the tree order an outline shows
	end    []int        // end[i]: where the subtree of nodes[i] ends in nodes (it starts at i)
	parent map[*tree.Node]*tree.Node
	ply    map[*tree.Node]int
	max    map[*tree.Node]bool // MAX is to move at the node
	order  map[*tree.Node]int  // position in nodes
	byName map[string]*tree.Node
	height int
	chance bool // the tree has a chance node
	rtl    bool // each node's children are searched right to left (the last first)
}

func newIndex(t *tree.Tree) *index {
	ix := &index{
		t:      t,
		parent: map[*tree.Node]*tree.Node{},
		ply:    map[*tree.Node]int{},
		max:    map[*tree.Node]bool{},
		order:  map[*tree.Node]int{},
		byName: map[string]*tree.Node{},
	}
	// A chance node takes no turn: it is given to the player who moves after
	// it, as its children are (tree.Position has the same rule).
	var walk func(n *tree.Node, ply int, isMax bool)
	walk = func(n *tree.Node, ply int, isMax bool) {
		ix.chance = ix.chance || n.Chance
		ix.order[n] = len(ix.nodes)
		ix.nodes = append(ix.nodes, n)
		ix.ply[n], ix.max[n] = ply, isMax
		ix.height = max(ix.height, ply)
		ix.byName[n.Path()] = n
		if n.Name != "" {
			ix.byName[n.Name] = n
		}
		i := len(ix.nodes) - 1
		ix.end = append(ix.end, 0)
		for _, c := range moves(n) {
			ix.parent[c] = n
			if n.Chance {
				walk(c, ply+1, isMax)
			} else {
				walk(c, ply+1, !isMax)
			}
		}
		ix.end[i] = len(ix.nodes)
	}
	walk(t.Root, 0, !t.RootMin)
	ix.byName["root"] = t.Root
	return ix
}

// alternates reports whether every [max] or [min] mark of the tree gives
// its node to the player the alternation rule does (across chance nodes,
// which take no turn).
func (ix *index) alternates() bool {
	for _, n := range ix.nodes {
		if n.Turn != tree.TurnAlternate && (n.Turn == tree.TurnMax) != ix.max[n] {
			return false
		}
	}
	return true
}

// searched returns the children of n reached by moves in the order the
// search takes them: as written, or right to left.
func (ix *index) searched(n *tree.Node) []*tree.Node {
	out := moves(n)
	if ix.rtl {
		slices.Reverse(out)
	}
	return out
}

// ltr is the index of the same tree searched left to right.
func (ix *index) ltr() *index {
	c := *ix
	c.rtl = false
	return &c
}

// position is a position at the root of the quiz tree, its children handed
// out in the order the quiz searches them.
func (ix *index) position() *tree.Position {
	p := tree.NewPosition(ix.t)
	p.SetRightToLeft(ix.rtl)
	return p
}

// moves returns the children of n reached by moves, in the order written.
func moves(n *tree.Node) []*tree.Node { return n.MoveChildren() }

// find returns the node a person names: "root", a path such as 2.1, or an
// explicit name. A trailing dot and surrounding quotes are forgiven.
func (ix *index) find(name string) *tree.Node {
	name = strings.Trim(name, `"'`)
	if n, ok := ix.byName[name]; ok {
		return n
	}
	return ix.byName[strings.TrimSuffix(name, ".")]
}

// label is how the quiz names a node: its explicit name, else its path,
// "root" for the root.
func label(n *tree.Node) string { return n.Label() }

// labels joins the labels of nodes with spaces, or says none.
func labels(nodes []*tree.Node) string {
	if len(nodes) == 0 {
		return "none"
	}
	s := make([]string, len(nodes))
	for i, n := range nodes {
		s[i] = label(n)
	}
	return strings.Join(s, " ")
}

// list joins the labels of nodes for a sentence: "2.2", "2.2 and 2.3",
// "2.2, 2.3 and 3.1".
func list(nodes []*tree.Node) string {
	s := make([]string, len(nodes))
	for i, n := range nodes {
		s[i] = label(n)
	}
	switch len(s) {
	case 0:
		return "nothing"
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// points returns the nodes a search to depth takes a value at, in tree order:
// the leaves above the horizon and the inner nodes on it. These are the
// "leaves" of the search, the ones a quiz asks about.
func (ix *index) points(depth int) []*tree.Node {
	var out []*tree.Node
	for _, n := range ix.nodes {
		p := ix.ply[n]
		if (n.Leaf && p <= depth) || (!n.Leaf && p == depth) {
			out = append(out, n)
		}
	}
	return out
}

// isPoint reports whether a search to depth takes a value at n.
func (ix *index) isPoint(n *tree.Node, depth int) bool {
	p := ix.ply[n]
	return (n.Leaf && p <= depth) || (!n.Leaf && p == depth)
}

// under reports whether n is a or lies below it.
func (ix *index) under(n, a *tree.Node) bool {
	i, j := ix.order[n], ix.order[a]
	return j <= i && i < ix.end[j]
}

// subtree returns n and the nodes below it, in tree order.
func (ix *index) subtree(n *tree.Node) []*tree.Node {
	i := ix.order[n]
	return ix.nodes[i:ix.end[i]]
}

// pointsUnder returns the evaluation points of a search to depth below n (n
// itself when it is one), in tree order.
func (ix *index) pointsUnder(n *tree.Node, depth int) []*tree.Node {
	var out []*tree.Node
	for _, p := range ix.subtree(n) {
		if ix.isPoint(p, depth) {
			out = append(out, p)
		}
	}
	return out
}
