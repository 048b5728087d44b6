package quiz

import (
	"context"
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
	m  *Misconception
	as int // how a chance node is taken: asMin, asMax, asOther, or unweighted
	// value is the root's value the mistake gives, exactly (a plain
	// average may be no whole number of the quiz tree's units).
	value *big.Rat
	best  *tree.Node
	never []*tree.Node // alpha-beta's on the tree as the mistake has it (ChancePruned)
}

// The ways a chance node is taken for a player's node.
const (
	asMin      = iota // every chance node takes its smallest outcome
	asMax             // its largest
	asOther           // the other player than the one above it: the one who moves after it
	unweighted        // the plain average (UnweightedAverage)
)

// when says the mistake as a clause: "every chance node takes the smallest
// of its outcomes (as a MIN node would)"; instead adds what it leaves out
// (" instead of the average weighted by their probabilities").
func (v *chanceVariant) when(p *i18n.Printer, instead bool) string {
	switch {
	case v.as == asMin && instead:
		return p.T("quizx.chance.min.instead")
	case v.as == asMin:
		return p.T("quizx.chance.min")
	case v.as == asMax && instead:
		return p.T("quizx.chance.max.instead")
	case v.as == asMax:
		return p.T("quizx.chance.max")
	case v.as == asOther && instead:
		return p.T("quizx.chance.other.instead")
	case v.as == asOther:
		return p.T("quizx.chance.other")
	case instead:
		return p.T("quizx.chance.unweighted.instead")
	}
	return p.T("quizx.chance.unweighted")
}

// chanceVariants are the searches of the quiz tree that each make one
// mistake about chance nodes, cached on the quiz.
func (c *checker) chanceVariants() []*chanceVariant {
	q := c.q
	if q.chanceMistakes != nil || c.err != nil {
		return q.chanceMistakes
	}
	var out []*chanceVariant
	for as := range []int{asMin, asMax, asOther} {
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
	v := &chanceVariant{m: ChanceAsPlayer, as: as,
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
	v := &chanceVariant{m: UnweightedAverage, as: unweighted,
		value: big.NewRat(r.Value, max(t.Scale, 1))}
	if r.Best != nil {
		v.best = q.ix.byName[r.Best.Path()]
	}
	return v, nil
}

// chanceValue checks the root's value of a quiz on chance nodes.
func (c *checker) chanceValue(it *Item) {
	q, k, a, p := c.q, c.q.Key, it.Answer, c.p()
	if a.Bound != score.Exact {
		it.say(nil, p.T("quizx.chance.value.bound", "Value", c.f(k.Value)))
		return
	}
	if a.numIs(k.Value) {
		it.Correct = true
		return
	}
	for _, v := range c.chanceVariants() {
		if r := q.numRat(a); r != nil && v.value.Cmp(r) == 0 {
			it.say(v.m, p.T("quizx.chance.value", "Value", p.Decimal(ratText(r)), "When", v.when(p, true), "Worth", c.rootWorth()))
			return
		}
	}
	it.say(nil, c.rootWorth())
}

// rootWorth says what the root takes of its children's values, and its
// value: "the root (MAX) takes the largest of its children's values: 1 →
// 7.5, 2 → 3; so it is worth 7.5".
func (c *checker) rootWorth() string {
	q, k, p := c.q, c.q.Key, c.p()
	root := q.Tree.Root
	if root.Chance {
		return p.T("quizx.chance.root", "Kids", c.childValues(k, root), "Probs", c.probabilities(root), "Value", c.f(k.Value))
	}
	return c.rootTakes()
}

// probabilities lists a chance node's outcomes' probabilities: "1 with 1/4,
// 2 with 3/4".
func (c *checker) probabilities(n *tree.Node) string {
	p := c.p()
	parts := make([]string, len(n.Children))
	for i, k := range n.Children {
		num, den := n.Weight(i)
		parts[i] = p.T("quizx.chance.with", "Node", label(k), "P", p.Decimal(explain.Probability(num, den)))
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
			it.Mistakes[0].Text = c.p().T("quizx.chance.best", "Text", it.Mistakes[0].Text, "Move", label(a.Move), "When", v.when(c.p(), true))
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
			it.say(ChancePruned, c.p().T("quizx.chance.pruned", "When", v.when(c.p(), false), "Rule", c.chanceRule()))
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
		it.say(nil, c.p().N("quizx.chance.inner", int64(len(seen)), "Node", label(x), "Seen", listIn(c.p(), seen)))
	}
	if len(evaluated) > 0 {
		it.say(nil, c.p().N("quizx.chance.evaluated", int64(len(evaluated)), "Leaves", listIn(c.p(), evaluated), "Rule", c.chanceRule()))
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
		it.say(nil, c.p().N("quizx.chance.never", int64(len(left)), "Leaves", listIn(c.p(), left), "Why", c.cutWords(n)))
	}
}

// chanceRule says when the quiz's algorithm leaves an outcome of a chance
// node unsearched, and which leaves it never evaluates.
func (c *checker) chanceRule() string {
	q, k, p := c.q, c.q.Key, c.p()
	if q.Opt.Algo == engine.Expectimax {
		return p.T("quizx.chance.rule.expectimax")
	}
	b := q.Opt.Bounds
	if len(k.Never) > 0 {
		return p.T("quizx.chance.rule.star1.never", "Lo", c.f(b.Lo), "Hi", c.f(b.Hi), "Never", listIn(p, k.Never))
	}
	return p.T("quizx.chance.rule.star1", "Lo", c.f(b.Lo), "Hi", c.f(b.Hi))
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
	return c.p().T("quizx.chance.cut", "Why", c.cutWhy(c.q.Key, n), "Pruned", listIn(c.p(), v.Cut.Pruned))
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
