package tree

import (
	"cmp"
	"fmt"
	"github.com/prunescope/prunescope/internal/i18n"
	"math/rand/v2"
	"slices"
)

// Limits of the generators: a generated tree has at most MaxNodes nodes, so
// that it can be read back.
const (
	maxBranching = 20
	maxDepth     = 12
)

// Random returns a uniform tree of branching b and depth d (d = 0 is a single
// leaf) whose leaf values are drawn uniformly from the integers in [lo, hi].
// The same arguments give the same tree.
func Random(b, d int, lo, hi int64, seed uint64) (*Tree, error) {
	g, err := newGen("random", b, d, lo, hi, seed)
	if err != nil {
		return nil, err
	}
	for _, leaf := range g.leaves {
		leaf.Value = lo + g.rng.Int64N(hi-lo+1)
	}
	return g.tree(), nil
}

// Ordered returns a uniform tree of branching b and depth d with distinct leaf
// values from [lo, hi], ordered so that at every inner node the children run
// from best to worst for the side to move (MAX: largest minimax value first;
// MIN: smallest first). It is the best case of alpha-beta: the search
// evaluates exactly the leaves of the Knuth–Moore minimal tree.
func Ordered(b, d int, lo, hi int64, seed uint64) (*Tree, error) {
	g, values, err := distinct("ordered", b, d, lo, hi, seed)
	if err != nil {
		return nil, err
	}
	for i, leaf := range g.leaves {
		leaf.Value = values[i]
	}
	sortChildren(g.root, true)
	link(g.root)
	return g.tree(), nil
}

// Worst returns a uniform tree of branching b and depth d with distinct leaf
// values from [lo, hi] whose children run from worst to best for the side to
// move at every inner node: the worst case of alpha-beta, which then evaluates
// all b^d leaves.
//
// Sorting children worst first is not enough for that: a bound from far up the
// tree can still cut deep down (a deep cutoff). So the sorted values are laid
// out in nested ranges: the children of a MAX node hold ever higher ranges,
// those of a MIN node ever lower ones, and every value below a node lies
// inside its window, so nothing is ever cut.
func Worst(b, d int, lo, hi int64, seed uint64) (*Tree, error) {
	g, values, err := distinct("worst", b, d, lo, hi, seed)
	if err != nil {
		return nil, err
	}
	slices.Sort(values)
	nest(g.root, true, values)
	return g.tree(), nil
}

// distinct builds the shape of a uniform tree and draws one distinct value per
// leaf from [lo, hi], in random order.
func distinct(kind string, b, d int, lo, hi int64, seed uint64) (*gen, []int64, error) {
	g, err := newGen(kind, b, d, lo, hi, seed)
	if err != nil {
		return nil, nil, err
	}
	n, size := int64(len(g.leaves)), hi-lo+1
	if size < n {
		return nil, nil, i18n.Errorf("min %d and max %d allow %d distinct values but branching %d and depth %d need %d distinct leaf values: make max-min+1 at least %d (e.g. max %d)",
			lo, hi, size, b, d, n, n, lo+n-1)
	}
	// Draw without replacement: a Fisher–Yates shuffle of the first n places
	// of the range, kept sparse because the range may be huge.
	moved := make(map[int64]int64, n)
	at := func(i int64) int64 {
		if v, ok := moved[i]; ok {
			return v
		}
		return i
	}
	values := make([]int64, n)
	for i := range values {
		j := int64(i) + g.rng.Int64N(size-int64(i))
		values[i] = lo + at(j)
		moved[j] = at(int64(i))
	}
	return g, values, nil
}

// nest gives the leaves below n the values, sorted ascending, one per leaf:
// the children of a MAX node take ever higher slices of them, the children of
// a MIN node ever lower ones. max tells whether MAX is to move at n.
func nest(n *Node, max bool, values []int64) {
	if n.Leaf {
		n.Value = values[0]
		return
	}
	size := len(values) / len(n.Children)
	for i, c := range n.Children {
		k := i
		if !max {
			k = len(n.Children) - 1 - i
		}
		nest(c, !max, values[k*size:(k+1)*size])
	}
}

// sortChildren orders the children of n and of every node below it by
// minimax value, best first for the side to move, and returns the minimax value
// of n. max tells whether MAX is to move at n.
func sortChildren(n *Node, max bool) int64 {
	if n.Leaf {
		return n.Value
	}
	type child struct {
		n *Node
		v int64
	}
	cs := make([]child, len(n.Children))
	for i, c := range n.Children {
		cs[i] = child{c, sortChildren(c, !max)}
	}
	slices.SortStableFunc(cs, func(a, b child) int {
		if max { // MAX's best is the largest value
			return cmp.Compare(b.v, a.v)
		}
		return cmp.Compare(a.v, b.v) // MIN's the smallest
	})
	for i, c := range cs {
		n.Children[i] = c.n
	}
	return cs[0].v
}

// gen builds the shape of a generated tree.
type gen struct {
	root   *Node
	leaves []*Node
	rng    *rand.Rand
	source string
}

// newGen checks the parameters and builds a uniform tree of branching b and
// depth d with unset leaf values.
func newGen(kind string, b, d int, lo, hi int64, seed uint64) (*gen, error) {
	switch {
	case b < 1 || b > maxBranching:
		return nil, i18n.Errorf("branching %d: must be between 1 and %d", b, maxBranching)
	case d < 0 || d > maxDepth:
		return nil, i18n.Errorf("depth %d: must be between 0 and %d", d, maxDepth)
	case lo < -maxMagnitude || lo > maxMagnitude:
		return nil, i18n.Errorf("min %d: must be between %d and %d", lo, -maxMagnitude, maxMagnitude)
	case hi < -maxMagnitude || hi > maxMagnitude:
		return nil, i18n.Errorf("max %d: must be between %d and %d", hi, -maxMagnitude, maxMagnitude)
	case lo > hi:
		return nil, i18n.Errorf("min %d is greater than max %d", lo, hi)
	}
	nodes, level := int64(1), int64(1)
	for range d {
		level *= int64(b)
		nodes += level
	}
	if nodes > MaxNodes {
		return nil, i18n.Errorf("branching %d and depth %d make %d nodes: at most %d are allowed", b, d, nodes, MaxNodes)
	}
	g := &gen{
		rng:    rand.New(rand.NewPCG(seed, seed)),
		leaves: make([]*Node, 0, level),
		source: fmt.Sprintf("%s b=%d d=%d min=%d max=%d seed=%d", kind, b, d, lo, hi, seed),
	}
	g.root = g.shape(b, d)
	link(g.root)
	return g, nil
}

// shape builds a uniform subtree of branching b and depth d.
func (g *gen) shape(b, d int) *Node {
	if d == 0 {
		n := &Node{Leaf: true}
		g.leaves = append(g.leaves, n)
		return n
	}
	n := &Node{Children: make([]*Node, b)}
	for i := range n.Children {
		n.Children[i] = g.shape(b, d-1)
	}
	return n
}

func (g *gen) tree() *Tree {
	return &Tree{Root: g.root, Scale: 1, Source: g.source}
}
