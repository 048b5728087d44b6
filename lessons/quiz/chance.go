package quiz

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Quizzes on trees with chance nodes: expectimax, which averages every
// chance node's outcomes weighted by their probabilities and prunes nothing,
// and Ballard's Star1, which cuts a chance node only with bounds on every
// value (--bounds). They ask for the root's value (a fraction or a decimal),
// the best move and the leaves never evaluated.
//
// The mistakes are recognised as the other quizzes' are, by searching the
// tree as the mistake would and comparing answers: the tree with every
// chance node made a player's node (taking the smallest or the largest
// outcome; alpha-beta on it prunes as if no average were taken, which is
// unsound without bounds on the values), and the tree with its
// probabilities dropped (a plain average).

// index makes the quiz's index of t.
func (q *Quiz) index(t *tree.Tree) *index {
	ix := newIndex(t)
	ix.rtl = q.RightToLeft
	return ix
}

// chanceFits refuses a tree with chance nodes under an algorithm that takes
// no averages, and the reverse.
func (q *Quiz) chanceFits(ix *index, where string) error {
	switch a := q.Opt.Algo; {
	case ix.chance && !a.ForChance():
		return errorf("--algo", "%s: the tree has chance nodes ([chance]), whose value is an average: a quiz on it asks about expectimax or star1", a)
	case !ix.chance && a.ForChance():
		return errorf(where, "the tree has no chance node ([chance]), and --algo %s asks about chance nodes (a generated tree gets them with --chance)", a)
	}
	return nil
}

// setBounds sets the bounds Star1 prunes with on the tree t: the ones given,
// else lo..hi (a generated tree's range) when gen, else the tree's least and
// greatest leaf.
func (q *Quiz) setBounds(t *tree.Tree, lo, hi int64, gen bool) error {
	if q.Opt.Algo != engine.Star1 {
		return nil
	}
	scale := max(t.Scale, 1)
	least, most := score.Inf, -score.Inf
	for _, p := range newIndex(t).points(engine.MaxDepth) {
		least, most = min(least, p.Value), max(most, p.Value)
	}
	switch {
	case q.bounds != "":
		var err error
		if lo, hi, err = score.ParseSpan(q.bounds, scale, false); err != nil {
			return errorf("--bounds", "%v", err)
		}
	case gen:
		lo, hi = lo*scale, hi*scale
	default:
		lo, hi = least, most
		if lo == hi {
			hi = lo + scale
		}
	}
	f := func(v int64) string { return score.Number(v, scale, 0) }
	if least < lo || most > hi {
		return errorf("--bounds", "%s,%s: the tree's values run from %s to %s, so these are no bounds on them", f(lo), f(hi), f(least), f(most))
	}
	q.Opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
	return nil
}

// chanceTree makes every inner node of t on an odd ply a chance node, its
// outcomes weighted 1, 2 or 3 as drawn from the seed (written as a plain
// list when the weights are equal), and reads the tree again so that its
// values are held in units every average fits.
func chanceTree(t *tree.Tree, seed uint64) (*tree.Tree, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var mark func(n *tree.Node, ply int)
	mark = func(n *tree.Node, ply int) {
		if n.Leaf {
			return
		}
		if ply%2 == 1 {
			n.Chance = true
			w := make([]int64, len(n.Children))
			var sum int64
			for i := range w {
				w[i] = 1 + rng.Int64N(3)
				sum += w[i]
			}
			if slices.Min(w) != slices.Max(w) {
				for i, c := range n.Children {
					g := score.GCD(w[i], sum)
					c.PNum, c.PDen = w[i]/g, sum/g
				}
			}
		}
		for _, c := range n.Children {
			mark(c, ply+1)
		}
	}
	mark(t.Root, 0)
	out, err := tree.Parse(t.Source, tree.Format(t))
	if err != nil {
		return nil, i18n.Errorf("making the chance tree: %w", err)
	}
	return out, nil
}

// chanceVariant is the tree searched as one mistake about chance nodes
// would: its root value, best move and the leaves it leaves unevaluated,
// all of the quiz's tree.
type chanceVariant struct {
	m     *Misconception
	words string // "every chance node takes the smallest of its outcomes (as a MIN node would)"
	// instead says what the mistake leaves out: " instead of their average
	// weighted by their probabilities".
	instead string
	// value is the root's value the mistake gives, exactly (a plain
	// average may be no whole number of the quiz tree's units).
	value *big.Rat
	best  *tree.Node
	never []*tree.Node // alpha-beta's on the tree as the mistake has it (ChancePruned)
}

// The ways a chance node is taken for a player's node.
const (
	asMin   = iota // every chance node takes its smallest outcome
	asMax          // its largest
	asOther        // the other player than the one above it: the one who moves after it
)

var asWords = []string{
	asMin:   "every chance node takes the smallest of its outcomes (as a MIN node would)",
	asMax:   "every chance node takes the largest of its outcomes (as a MAX node would)",
	asOther: "every chance node is taken for a node of the player who moves after it (the smallest outcome below MAX, the largest below MIN)",
}

// chanceVariants are the searches of the quiz tree that each make one
// mistake about chance nodes, cached on the quiz.
func (c *checker) chanceVariants() []*chanceVariant {
	q := c.q
	if q.chanceMistakes != nil || c.err != nil {
		return q.chanceMistakes
	}
	var out []*chanceVariant
	for as := range asWords {
		v, err := q.asPlayer(c.ctx, as)
		if err != nil {
			c.err = err
			return nil
		}
		if !slices.ContainsFunc(out, func(o *chanceVariant) bool { return o.value.Cmp(v.value) == 0 && sameNodes(o.never, v.never) }) {
			out = append(out, v)
		}
	}
	v, err := q.unweighted(c.ctx)
	if err != nil {
		c.err = err
		return nil
	}
	if v != nil {
		out = append(out, v)
	}
	q.chanceMistakes = out
	return out
}

// mapped returns the nodes of the quiz tree with the paths of nodes.
func (q *Quiz) mapped(nodes []*tree.Node) []*tree.Node {
	out := make([]*tree.Node, 0, len(nodes))
	for _, n := range nodes {
		out = append(out, q.ix.byName[n.Path()])
	}
	return out
}

// asPlayer searches the quiz tree with every chance node made a player's
// node as "as" says, each other node kept to its player: minimax for the
// value and best move, alpha-beta (fail-hard, the quiz's cutoff rule) for
// the leaves it prunes, which is sound for players' nodes only.
func (q *Quiz) asPlayer(ctx context.Context, as int) (*chanceVariant, error) {
	t, err := q.Tree.ChanceAsPlayer(as == asMax)
	if err != nil {
		return nil, err
	}
	ix := newIndex(t)
	ix.rtl = q.RightToLeft
	ab, err := search(ctx, ix, engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailHard, Cutoff: q.Opt.Cutoff}, q.Depth)
	if err != nil {
		return nil, err
	}
	v := &chanceVariant{m: ChanceAsPlayer, words: asWords[as], instead: " instead of the average weighted by their probabilities",
		value: big.NewRat(ab.Value, q.scale()), never: q.mapped(ab.Never)}
	if ab.Best != nil {
		v.best = q.ix.byName[ab.Best.Path()]
	}
	return v, nil
}

// unweighted is expectimax on the quiz tree with its probabilities dropped,
// every outcome equally likely; nil when the tree gives none, or every
// chance node's are equal already.
func (q *Quiz) unweighted(ctx context.Context) (*chanceVariant, error) {
	t, err := q.Tree.Unweighted()
	if err != nil || t == nil {
		return nil, err
	}
	ix := newIndex(t)
	ix.rtl = q.RightToLeft
	r, err := search(ctx, ix, engine.Options{Algo: engine.Expectimax}, q.Depth)
	if err != nil {
		return nil, err
	}
	v := &chanceVariant{m: UnweightedAverage, words: "every chance node takes the plain average of its outcomes", instead: ", ignoring their probabilities",
		value: big.NewRat(r.Value, max(t.Scale, 1))}
	if r.Best != nil {
		v.best = q.ix.byName[r.Best.Path()]
	}
	return v, nil
}

// chanceValue checks the root's value of a quiz on chance nodes.
func (c *checker) chanceValue(it *Item) {
	q, k, a := c.q, c.q.Key, it.Answer
	if a.Bound != score.Exact {
		it.wrong(nil, "the root's value is exact, not a bound: the root is searched with (−∞, +∞), so what it returns is its value, %s", q.Format(k.Value))
		return
	}
	if a.numIs(k.Value) {
		it.Correct = true
		return
	}
	for _, v := range c.chanceVariants() {
		if r := q.numRat(a); r != nil && v.value.Cmp(r) == 0 {
			it.wrong(v.m, "%s is the root's value when %s%s; %s", ratText(r), v.words, v.instead, c.rootWorth())
			return
		}
	}
	it.wrong(nil, "%s", c.rootWorth())
}

// rootWorth says what the root takes of its children's values, and its
// value: "the root (MAX) takes the largest of its children's values: 1 →
// 7.5, 2 → 3; so it is worth 7.5".
func (c *checker) rootWorth() string {
	q, k := c.q, c.q.Key
	root := q.Tree.Root
	if root.Chance {
		return fmt.Sprintf("the root is a chance node: it takes the average of its outcomes (%s) weighted by their probabilities (%s); so it is worth %s", c.childValues(k, root), c.probabilities(root), q.Format(k.Value))
	}
	return fmt.Sprintf("the root (%s) takes the %s of its children's values: %s; so it is worth %s", side(q.ix.max[root]), pick(q.ix.max[root]), c.childValues(k, root), q.Format(k.Value))
}

// probabilities lists a chance node's outcomes' probabilities: "1 with 1/4,
// 2 with 3/4".
func (c *checker) probabilities(n *tree.Node) string {
	parts := make([]string, len(n.Children))
	for i, k := range n.Children {
		num, den := n.Weight(i)
		parts[i] = label(k) + " with " + explain.Probability(num, den)
	}
	return strings.Join(parts, ", ")
}

// chanceBest checks the best move of a quiz on chance nodes.
func (c *checker) chanceBest(it *Item) {
	q, a := c.q, it.Answer
	c.best(it)
	if it.Correct || len(it.Mistakes) != 1 || it.Mistakes[0].Misconception != nil || q.ix.parent[a.Move] != q.Tree.Root {
		return
	}
	for _, v := range c.chanceVariants() {
		if v.best == a.Move {
			it.Mistakes[0].Misconception = v.m
			it.Mistakes[0].Text += fmt.Sprintf("; %s is the best move when %s%s", label(a.Move), v.words, v.instead)
			return
		}
	}
}

// chanceNever checks the leaves never evaluated in a quiz on chance nodes.
func (c *checker) chanceNever(it *Item) {
	q, k := c.q, c.q.Key
	a := c.listed(it)
	if sameNodes(a.Nodes, k.Never) {
		it.Correct = true
		return
	}
	for _, v := range c.chanceVariants() {
		if v.m == ChanceAsPlayer && len(v.never) > 0 && sameNodes(a.Nodes, v.never) {
			it.wrong(ChancePruned, "your list is what alpha-beta leaves unevaluated when %s; but a chance node's value is the average of all its outcomes weighted by their probabilities, and %s", v.words, c.chanceRule())
			return
		}
	}
	listed := map[*tree.Node]bool{}
	for _, x := range a.Nodes {
		listed[x] = true
	}
	var evaluated, inner []*tree.Node
	for _, x := range a.Nodes {
		switch {
		case k.unevaluated(q.ix, x):
		case !q.ix.isPoint(x, q.Depth):
			inner = append(inner, x)
		default:
			evaluated = append(evaluated, x)
		}
	}
	for _, x := range inner { // entered: a subtree never entered stands for its leaves (listed)
		var seen []*tree.Node
		for _, p := range q.ix.pointsUnder(x, q.Depth) {
			if k.Evaluated(p) {
				seen = append(seen, p)
			}
		}
		it.wrong(nil, "%s is an inner node the search entered: a node named for its leaves stands for all of them, and %s below it %s evaluated", label(x), list(seen), wasWord(len(seen)))
	}
	if len(evaluated) > 0 {
		it.wrong(nil, "%s %s evaluated: %s", list(evaluated), wasWord(len(evaluated)), c.chanceRule())
	}
	// The leaves left out, by the node whose cut left them.
	var cuts []*tree.Node
	seen := map[*tree.Node]bool{}
	for _, x := range k.Never {
		if listed[x] {
			continue
		}
		if n, _ := q.ix.prunedAt(k, x); n != nil && !seen[n] {
			seen[n] = true
			cuts = append(cuts, n)
		}
	}
	for _, n := range cuts {
		var left []*tree.Node
		for _, x := range c.leavesOf(k.visit(n).Cut.Pruned) {
			if !listed[x] {
				left = append(left, x)
			}
		}
		it.wrong(nil, "%s %s never evaluated: %s", list(left), wasWord(len(left)), c.cutWords(n))
	}
}

// chanceRule says when the quiz's algorithm leaves an outcome of a chance
// node unsearched, and which leaves it never evaluates.
func (c *checker) chanceRule() string {
	q, k := c.q, c.q.Key
	if q.Opt.Algo == engine.Expectimax {
		return "with no bounds on the values an outcome not searched could move the average anywhere: expectimax evaluates every leaf"
	}
	b := q.Opt.Bounds
	never := "evaluates every leaf"
	if len(k.Never) > 0 {
		never = "never evaluates " + list(k.Never)
	}
	return fmt.Sprintf("Star1 cuts a chance node only when its average, with the outcomes not searched counted at the bounds %s and %s, lies beyond its window: it %s", q.Format(b.Lo), q.Format(b.Hi), never)
}

// cutWords explains the cut at node n of the key: a chance node's cut in
// the words of the trace's sentence, a player's node's as the other
// quizzes explain a cutoff.
func (c *checker) cutWords(n *tree.Node) string {
	v := c.q.Key.visit(n)
	if v.ChanceCut != nil {
		if c.described == nil {
			c.described = c.q.Info() // a position on the whole tree: once, not once per cut
		}
		return explain.Event(c.described, v.ChanceCut).Text
	}
	return c.cutWhy(c.q.Key, n) + ", so it never searched " + list(v.Cut.Pruned)
}

func isWord(n int) string {
	if n == 1 {
		return "is"
	}
	return "are"
}

// chanceCut turns a chance node's cut (a chance_cut event) into the run's
// cut: the outcome searched last, and the ones never searched.
func chanceCut(n *tree.Node, order []*tree.Node, e trace.Event, searched func(*tree.Node) bool) (*Cut, *trace.Event) {
	cut := &Cut{By: childByLabel(n, e.Move), Value: e.Value}
	e.Pruned = nil
	for _, c := range order {
		if !searched(c) {
			cut.Pruned = append(cut.Pruned, c)
			e.Pruned = append(e.Pruned, label(c))
		}
	}
	return cut, &e
}
