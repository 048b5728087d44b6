package tree

import (
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// placer tells where a node was written: a line and column for text, a JSON
// path for JSON.
type placer func(n *Node) (line, col int, where string)

// checker completes a tree read from text or JSON and checks the rules that
// span several nodes.
type checker struct {
	source string
	place  placer
	names  map[string]*Node
}

// finish links every node to its parent (for its path), checks that explicit names are unique and
// that pass children follow their rules, and scales the values: they were read
// in hundredths, and stay so only when some value has decimals.
func finish(t *Tree, source string, place placer) error {
	c := &checker{source: source, place: place, names: map[string]*Node{}}
	link(t.Root)
	if err := c.check(t.Root, true); err != nil {
		return err
	}
	// An infinity (±score.Inf) is the same raw value at every scale.
	decimals := false
	walk(t.Root, func(n *Node) {
		decimals = decimals || finite(n.Value)%100 != 0 || finite(n.Eval)%100 != 0
	})
	t.Scale = 100
	if !decimals {
		t.Scale = 1
		walk(t.Root, func(n *Node) {
			n.Value = rescale(n.Value, 1, 100)
			n.Eval = rescale(n.Eval, 1, 100)
		})
	}
	return c.scaleChance(t)
}

// finite is v, or 0 for an infinity.
func finite(v int64) int64 {
	if score.IsInf(v) {
		return 0
	}
	return v
}

// rescale is v*mul/div, an infinity staying as it is.
func rescale(v, mul, div int64) int64 {
	if score.IsInf(v) {
		return v
	}
	return v * mul / div
}

// The limits of exact averages: every value of a tree with chance nodes is
// held in units fine enough that each average is a whole number of them, at
// most 1/maxChanceUnits of the tree's unit, and a weighted sum of values,
// held before its division, must fit in 64 bits.
const (
	maxChanceUnits = 1_000_000_000
	maxWeightedSum = 4_000_000_000_000_000_000
)

// scaleChance makes every average of the tree's chance nodes a whole number
// of raw units: it multiplies the values, and the scale, by D, the least
// common multiple over the leaves of the product of the denominators of the
// chance nodes above them (a chance node's denominator is its number of
// children, or the least common multiple of its probabilities'
// denominators). By induction from the leaves, the value of a node is then
// a whole multiple of D over the products below it.
func (c *checker) scaleChance(t *Tree) error {
	d, maxDen, err := c.chanceUnits(t.Root, 1)
	if err != nil || d == 1 {
		return err
	}
	var most int64
	walk(t.Root, func(n *Node) {
		most = max(most, abs(finite(n.Value)), abs(finite(n.Eval)))
	})
	if most > maxWeightedSum/d/maxDen {
		return c.errorf(t.Root, "the chance nodes' averages need values in units of 1/%d, too fine to hold values as large as %s exactly: use smaller values, fewer nested chance nodes or simpler probabilities", d, score.Number(most, t.Scale, 0))
	}
	walk(t.Root, func(n *Node) {
		n.Value = rescale(n.Value, d, 1)
		n.Eval = rescale(n.Eval, d, 1)
	})
	t.Scale *= d
	return nil
}

// chanceUnits returns the least common multiple, over the leaves below n, of
// the products of the chance denominators from n down (above is the product
// from the root to n's parent, for the limit), and the largest denominator
// of a chance node below n.
func (c *checker) chanceUnits(n *Node, above int64) (d, maxDen int64, err error) {
	own := int64(1)
	if n.Chance {
		for i := range n.Children {
			_, den := n.Weight(i)
			own = score.LCM(own, den)
		}
		if above > maxChanceUnits/own {
			return 0, 0, c.errorf(n, "chance node %s: with the chance nodes above it, its averages need units finer than 1/%d: use fewer nested chance nodes or simpler probabilities", n.Label(), maxChanceUnits)
		}
	}
	d, maxDen = 1, own
	for _, ch := range n.Children {
		cd, cm, err := c.chanceUnits(ch, above*own)
		if err != nil {
			return 0, 0, err
		}
		d = score.LCM(d, cd)
		maxDen = max(maxDen, cm)
		if d > maxChanceUnits {
			return 0, 0, c.errorf(n, "node %s: the averages below it need units finer than 1/%d: use fewer nested chance nodes or simpler probabilities", n.Label(), maxChanceUnits)
		}
	}
	return d * own, maxDen, nil
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// checkChance checks the rules of chance nodes at n, whose pass child, if
// any, is pass: a chance node has outcomes and no player or pass, and its
// children's probabilities are all given or none, adding up to 1; only a
// chance node's children have probabilities.
func (c *checker) checkChance(n, pass *Node) error {
	if !n.Chance {
		for _, ch := range n.Children {
			if ch.PDen > 0 {
				return c.errorf(ch, "a probability on a child of %s, which is not a chance node (mark it [chance])", n.Label())
			}
		}
		return nil
	}
	switch {
	case n.Leaf:
		return c.errorf(n, "chance on a leaf: a chance node needs outcomes, its children")
	case n.Turn != TurnAlternate:
		return c.errorf(n, "chance on a node marked %s: nobody moves at a chance node", n.Turn)
	case n.Pass:
		return c.errorf(n, "chance on a pass: a pass is a player's move")
	case pass != nil:
		return c.errorf(pass, "a pass below chance node %s: nobody moves at a chance node", n.Label())
	}
	if inf := infiniteBelow(n); inf != nil {
		v := inf.Value
		if !inf.Leaf {
			v = inf.Eval
		}
		return c.errorf(inf, "%s %s is %s below chance node %s: a chance node's value is an average, infinite with an infinite outcome and undefined with +∞ and −∞: give it a finite value",
			map[bool]string{true: "leaf", false: "the evaluation of node"}[inf.Leaf], inf.Label(), score.Number(v, 1, 0), n.Label())
	}
	given := 0
	var num, den int64 = 0, 1
	for _, ch := range n.Children {
		if ch.PDen == 0 {
			continue
		}
		given++
		l := score.LCM(den, ch.PDen)
		if l > maxChanceUnits {
			return c.errorf(ch, "the probabilities of chance node %s's children have denominators too far apart to add exactly: simplify them", n.Label())
		}
		num, den = num*(l/den)+ch.PNum*(l/ch.PDen), l
		g := score.GCD(num, den)
		num, den = num/g, den/g
	}
	switch {
	case given > 0 && given < len(n.Children):
		for _, ch := range n.Children {
			if ch.PDen == 0 {
				return c.errorf(ch, "no probability on this child of chance node %s: give every child one, or none (equally likely)", n.Label())
			}
		}
	case given > 0 && num != den:
		return c.errorf(n, "the probabilities of chance node %s's children add up to %s, not 1", n.Label(), score.AppendDecimal(nil, num, den))
	}
	return nil
}

// infiniteBelow returns the first node below n whose value or evaluation is
// an infinity, or nil.
func infiniteBelow(n *Node) *Node {
	for _, c := range n.Children {
		if (c.Leaf && score.IsInf(c.Value)) || (c.HasEval && score.IsInf(c.Eval)) {
			return c
		}
		if d := infiniteBelow(c); d != nil {
			return d
		}
	}
	return nil
}

// errorf returns an error placed at n.
func (c *checker) errorf(n *Node, format string, args ...any) *SyntaxError {
	line, col, where := c.place(n)
	return syntaxError(SyntaxError{Source: c.source, Line: line, Col: col, Where: where}, i18n.Errorf(format, args...))
}

// at names the place of n in a message about another node.
func (c *checker) at(n *Node) string {
	line, col, where := c.place(n)
	if where != "" {
		return where
	}
	return fmt.Sprintf("%d:%d", line, col)
}

func (c *checker) check(n *Node, root bool) error {
	if n.Name != "" {
		if n.Name == rootLabel && !root {
			return c.errorf(n, "the name %q is reserved for the root", n.Name)
		}
		if first, dup := c.names[n.Name]; dup {
			return c.errorf(n, "name %q is already used at %s", n.Name, c.at(first))
		}
		c.names[n.Name] = n
	}
	var pass *Node
	for _, ch := range n.Children {
		if ch.Pass {
			if pass != nil {
				return c.errorf(ch, "a node has at most one pass child; the first is at %s", c.at(pass))
			}
			pass = ch
		}
	}
	if pass != nil && len(n.Children) == 1 {
		return c.errorf(n, "a node needs at least one child that is not a pass")
	}
	if err := c.checkChance(n, pass); err != nil {
		return err
	}
	for _, ch := range n.Children {
		if err := c.check(ch, false); err != nil {
			return err
		}
	}
	return nil
}
