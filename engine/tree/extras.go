package tree

import (
	"fmt"
	"math/rand/v2"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Extras for generated trees: static evaluations on the inner nodes, so that
// a tree can be searched to any depth (iterative deepening searches depth 1
// first), and transpositions, so that a transposition table has something to
// find.

// AddEvals gives every inner node a static evaluation: its minimax value plus
// a noise drawn from [-noise, noise], the same for nodes that share a key (one
// position, one evaluation). An evaluation that is right up to some noise is
// what a real program has: it orders moves well, but not perfectly.
func (t *Tree) AddEvals(noise int64, seed uint64) error {
	if noise < 0 || noise > maxMagnitude {
		return i18n.Errorf("eval noise %d: must be between 0 and %d", noise, maxMagnitude)
	}
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	byKey := map[string]int64{}
	var walkEval func(n *Node, max bool) int64
	walkEval = func(n *Node, max bool) int64 {
		if n.Leaf {
			return n.Value
		}
		v := int64(0)
		first := true
		for _, c := range n.Children {
			if c.Pass {
				continue
			}
			cv := walkEval(c, ChildMax(n, max, c))
			if first || (max && cv > v) || (!max && cv < v) {
				v, first = cv, false
			}
		}
		d, known := byKey[n.KeyText]
		if n.KeyText == "" || !known {
			d = 0
			if noise > 0 {
				d = rng.Int64N(2*noise+1) - noise
			}
			if n.KeyText != "" {
				byKey[n.KeyText] = d
			}
		}
		n.Eval, n.HasEval = score.Add(v, d*t.Scale), true // ±∞ plus a noise is ±∞
		return v
	}
	walkEval(t.Root, !t.RootMin)
	return nil
}

// AddTranspositions makes k pairs of nodes the same position: for each pair of
// different nodes on the same ply (neither inside the other), the second's
// subtree becomes a copy of the first's, and every node of the two subtrees
// gets a key it shares with its counterpart ("t1", "t1.2", ...). It returns
// the number of pairs made (fewer than k when the tree has no room).
func (t *Tree) AddTranspositions(k int, seed uint64) (int, error) {
	if k < 0 || k > 1000 {
		return 0, i18n.Errorf("transpositions %d: must be between 0 and 1000", k)
	}
	rng := rand.New(rand.NewPCG(seed^0x5bd1e995, seed))
	byPly := map[int][]*Node{}
	var collect func(n *Node, ply int)
	collect = func(n *Node, ply int) {
		if ply >= 2 && !n.Leaf && n.KeyText == "" {
			byPly[ply] = append(byPly[ply], n)
		}
		for _, c := range n.Children {
			collect(c, ply+1)
		}
	}
	collect(t.Root, 0)
	var plies []int
	for p := range byPly {
		if len(byPly[p]) >= 2 {
			plies = append(plies, p)
		}
	}
	sortInts(plies)
	made := 0
	for i := 0; i < k && len(plies) > 0; i++ {
		p := plies[rng.IntN(len(plies))]
		nodes := byPly[p]
		a, b := nodes[rng.IntN(len(nodes))], nodes[rng.IntN(len(nodes))]
		if a == b || a.KeyText != "" || b.KeyText != "" || contains(a, b) || contains(b, a) {
			continue
		}
		made++
		copySubtree(b, a)
		shareKeys(a, b, fmt.Sprintf("t%d", made))
	}
	link(t.Root)
	return made, nil
}

// copySubtree makes dst's subtree a copy of src's (dst keeps its own flags of
// the move into it).
func copySubtree(dst, src *Node) {
	dst.Leaf, dst.Value, dst.Eval, dst.HasEval = src.Leaf, src.Value, src.Eval, src.HasEval
	dst.Children = make([]*Node, len(src.Children))
	for i, c := range src.Children {
		n := &Node{Capture: c.Capture, Check: c.Check, Promotion: c.Promotion, Pass: c.Pass}
		copySubtree(n, c)
		dst.Children[i] = n
	}
}

// shareKeys gives a and b, and their counterparts below, the same keys.
func shareKeys(a, b *Node, key string) {
	a.KeyText, b.KeyText = key, key
	for i := range a.Children {
		shareKeys(a.Children[i], b.Children[i], fmt.Sprintf("%s.%d", key, i+1))
	}
}

// contains reports whether n is in the subtree of root.
func contains(root, n *Node) bool {
	if root == n {
		return true
	}
	for _, c := range root.Children {
		if contains(c, n) {
			return true
		}
	}
	return false
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j-1] > a[j]; j-- {
			a[j-1], a[j] = a[j], a[j-1]
		}
	}
}
