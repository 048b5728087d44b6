package quiz

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/internal/score"
)

// An independent reference for the quiz's property test (property_test.go):
// random trees written out as text, with what the generator put in them
// (players, chance nodes, probabilities, values) kept aside; the true value
// of every node by plain recursive minimax and expectimax on those, in exact
// fractions; and plain reference searches — alpha-beta, branch and bound,
// Ballard's Star1 — written here in MAX's point of view (no negamax), that
// say which nodes are entered with which window, what each returns and where
// each stops. Nothing here comes from the engine, the recorder or the quiz.

const refInf = score.Inf

// gnode is a node of a generated tree as the generator made it.
type gnode struct {
	path   string
	max    bool // MAX moves here (at a chance node: the player who moves after it)
	chance bool
	value  *big.Rat // a leaf's value
	eval   *big.Rat // an inner node's static evaluation (horizon trees)
	w      int64    // weight among a chance node's outcomes (0: all equally likely)
	kids   []*gnode
	mark   string // the [max]/[min] mark written, if any
}

func (n *gnode) leaf() bool { return len(n.kids) == 0 }

// gtree is a generated tree and its text.
type gtree struct {
	root     *gnode
	byPath   map[string]*gnode
	nodes    []*gnode // preorder
	text     string
	height   int
	chance   bool
	evals    bool
	decimals bool
	rootMin  bool // the root is MIN (a [min] mark or --root min)
	markRoot bool // by a [min] mark on the root (else the quiz is told, as --root min)
}

// genOptions says what a generated tree may hold.
type genOptions struct {
	chance, marks, evals, decimals bool
}

// genTree draws a tree: 1 to 4 plies, 1 to 3 children a node, values from
// -6 to 6 (ties are frequent), halves with decimals; with chance, chance
// nodes below the root with probabilities written now and then; with marks,
// [max]/[min] marks that agree with the players; with evals, a static
// evaluation at every inner node.
func genTree(rng *rand.Rand, o genOptions) *gtree {
	g := &gtree{byPath: map[string]*gnode{}, chance: o.chance, evals: o.evals, decimals: o.decimals}
	g.rootMin = rng.IntN(3) == 0
	g.markRoot = g.rootMin && rng.IntN(2) == 0
	depth := 1 + rng.IntN(4)
	num := func() *big.Rat {
		v := big.NewRat(int64(rng.IntN(13)-6), 1)
		if o.decimals && rng.IntN(2) == 0 {
			v.Add(v, big.NewRat(1, 2))
		}
		return v
	}
	var gen func(path string, ply int, isMax bool) *gnode
	gen = func(path string, ply int, isMax bool) *gnode {
		n := &gnode{path: path, max: isMax}
		g.byPath[path] = n
		g.nodes = append(g.nodes, n)
		g.height = max(g.height, ply)
		if ply == depth || (ply > 0 && rng.IntN(5) == 0) {
			n.value = num()
			return n
		}
		if o.chance && ply > 0 && rng.IntN(3) == 0 {
			n.chance = true
		}
		if o.evals {
			n.eval = num()
		}
		if o.marks && ply > 0 && !n.chance && rng.IntN(3) == 0 {
			n.mark = "min"
			if isMax {
				n.mark = "max"
			}
		}
		k := 1 + rng.IntN(3)
		if n.chance {
			k = 2 + rng.IntN(2)
		}
		uneven := n.chance && rng.IntN(2) == 0
		for i := range k {
			p := fmt.Sprint(i + 1)
			if path != "" {
				p = path + "." + p
			}
			childMax := !isMax
			if n.chance {
				childMax = isMax // a chance node takes no turn
			}
			c := gen(p, ply+1, childMax)
			if uneven {
				c.w = 1 + int64(rng.IntN(3))
			}
			n.kids = append(n.kids, c)
		}
		if uneven && slices.MinFunc(n.kids, func(a, b *gnode) int { return int(a.w - b.w) }).w == slices.MaxFunc(n.kids, func(a, b *gnode) int { return int(a.w - b.w) }).w {
			n.kids[0].w++ // written probabilities that differ
		}
		return n
	}
	// A chance node's player is the one who moves after it: the other
	// player than its parent's, as its children are.
	g.root = gen("", 0, !g.rootMin)
	g.chance = slices.ContainsFunc(g.nodes, func(n *gnode) bool { return n.chance })
	g.text = g.write(g.root, nil)
	return g
}

// write writes n in the tree text syntax.
func (g *gtree) write(n *gnode, parent *gnode) string {
	var b strings.Builder
	if n.leaf() {
		b.WriteString(ratText(n.value))
	} else {
		b.WriteString("(")
		for i, c := range n.kids {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(g.write(c, n))
		}
		b.WriteString(")")
	}
	var ann []string
	if n.chance {
		ann = append(ann, "chance")
	}
	if n.mark != "" {
		ann = append(ann, n.mark)
	}
	if n == g.root && g.markRoot {
		ann = append(ann, "min")
	}
	if n.eval != nil {
		ann = append(ann, "eval="+ratText(n.eval))
	}
	if parent != nil && parent.chance && n.w > 0 {
		sum := int64(0)
		for _, s := range parent.kids {
			sum += s.w
		}
		ann = append(ann, fmt.Sprintf("p=%d/%d", n.w, sum))
	}
	if len(ann) > 0 {
		b.WriteString("[" + strings.Join(ann, ",") + "]")
	}
	return b.String()
}

// weights are a chance node's outcomes' weights and their sum.
func (n *gnode) weights() ([]int64, int64) {
	w := make([]int64, len(n.kids))
	var sum int64
	for i, c := range n.kids {
		w[i] = c.w
		if c.w == 0 {
			w[i] = 1
		}
		sum += w[i]
	}
	return w, sum
}

// point reports whether a search to depth takes a value at n (at ply).
func point(n *gnode, ply, depth int) bool { return n.leaf() || ply == depth }

// pointValue is the value a search to depth takes at n.
func pointValue(n *gnode) *big.Rat {
	if n.leaf() {
		return n.value
	}
	return n.eval
}

// chance modes of the true value: how a chance node is taken.
const (
	chanceAverage    = iota // the average weighted by the probabilities
	chanceUnweighted        // the plain average
	chanceMin               // its smallest outcome
	chanceMaxOutcome        // its largest outcome
	chanceOther             // as the player who moves after it
)

// truth is the true value of n (at ply) in a search to depth: plain
// minimax, a chance node taking its outcomes as mode says.
func truth(n *gnode, ply, depth, mode int) *big.Rat {
	if point(n, ply, depth) {
		return pointValue(n)
	}
	vals := make([]*big.Rat, len(n.kids))
	for i, c := range n.kids {
		vals[i] = truth(c, ply+1, depth, mode)
	}
	takeMax := n.max
	if n.chance {
		switch mode {
		case chanceAverage, chanceUnweighted:
			w, sum := n.weights()
			s := new(big.Rat)
			for i, v := range vals {
				wi := w[i]
				if mode == chanceUnweighted {
					wi, sum = 1, int64(len(vals))
				}
				s.Add(s, new(big.Rat).Mul(v, big.NewRat(wi, sum)))
			}
			return s
		case chanceMin:
			takeMax = false
		case chanceMaxOutcome:
			takeMax = true
		}
	}
	best := vals[0]
	for _, v := range vals[1:] {
		if (takeMax && v.Cmp(best) > 0) || (!takeMax && v.Cmp(best) < 0) {
			best = v
		}
	}
	return best
}

// refConfig is a reference search: the algorithm (ab, bb, minimax, star1,
// expectimax), its conventions, the order of the children, its depth, the
// node that does not pass its narrowed window on (a mutant), and how chance
// nodes are taken when alpha-beta searches them as players' nodes.
type refConfig struct {
	algo     string
	fail     string // hard, soft, f2
	gt       bool
	rtl      bool
	depth    int
	noPass   string // a node's path; "-" for none
	chanceAs int    // chanceAverage: chance nodes are chance nodes; chanceMin/MaxOutcome/Other: players'
	lo, hi   int64  // Star1's bounds, raw
	scale    int64  // the tree's raw units (Star1 rounds windows to them)
}

// refVisit is what a reference search did at a node.
type refVisit struct {
	hasWindow   bool
	alpha, beta int64 // raw, MAX's view
	value       int64 // raw, MAX's view
	evaluated   bool
	cut         bool // stopped with moves left
	cutBy       string
	cutBefore   bool // a chance node cut before any outcome
	pruned      []string
	chanceCut   bool
}

// refRun is a reference search of a tree.
type refRun struct {
	cfg    refConfig
	g      *gtree
	visits map[string]*refVisit
	value  int64
	best   string
	never  []string // the points never evaluated, in tree order
}

func (r *refRun) raw(v *big.Rat) int64 {
	x := new(big.Rat).Mul(v, big.NewRat(r.cfg.scale, 1))
	if !x.IsInt() {
		panic(fmt.Sprintf("%s is no whole number of 1/%d", v.RatString(), r.cfg.scale))
	}
	return x.Num().Int64()
}

// isMax is the player who takes n's children's best; at a chance node taken
// for a player's node, the player the mode says.
func (r *refRun) isMax(n *gnode) bool {
	if n.chance {
		switch r.cfg.chanceAs {
		case chanceMin:
			return false
		case chanceMaxOutcome:
			return true
		}
	}
	return n.max
}

func (r *refRun) kids(n *gnode) []*gnode {
	out := slices.Clone(n.kids)
	if r.cfg.rtl {
		slices.Reverse(out)
	}
	return out
}

// reference runs the search cfg describes on g.
func reference(g *gtree, cfg refConfig) *refRun {
	r := &refRun{cfg: cfg, g: g, visits: map[string]*refVisit{}}
	switch cfg.algo {
	case "minimax", "expectimax":
		r.value = r.full(g.root, 0)
	case "bb":
		bound := refInf
		if !g.root.max {
			bound = -refInf
		}
		r.value = r.bb(g.root, 0, bound)
	default:
		r.value = r.ab(g.root, 0, -refInf, refInf)
	}
	for _, n := range g.nodes {
		ply := strings.Count(n.path, ".") + 1
		if n.path == "" {
			ply = 0
		}
		if ply <= cfg.depth && point(n, ply, cfg.depth) && (r.visits[n.path] == nil || !r.visits[n.path].evaluated) {
			r.never = append(r.never, n.path)
		}
	}
	return r
}

func (r *refRun) enter(n *gnode, hasWindow bool, alpha, beta int64) *refVisit {
	v := &refVisit{hasWindow: hasWindow, alpha: alpha, beta: beta}
	r.visits[n.path] = v
	return v
}

func (r *refRun) better(isMax bool, t, best int64) bool {
	if isMax {
		return t > best
	}
	return t < best
}

// reaches is the cutoff test of a node's best value against its own bound.
func (r *refRun) reaches(isMax bool, best, alpha, beta int64) bool {
	switch {
	case isMax && r.cfg.gt:
		return best > beta
	case isMax:
		return best >= beta
	case r.cfg.gt:
		return best < alpha
	}
	return best <= alpha
}

// failValue is what a node returns of its best value under the fail
// convention: fail-hard clamps it into the window, fail-soft keeps it, F2
// as printed raises it to α (the side to move's α: β at a MIN node).
func (r *refRun) failValue(isMax bool, best, alpha, beta int64) int64 {
	switch r.cfg.fail {
	case "hard":
		return min(max(best, alpha), beta)
	case "f2":
		if isMax {
			return max(best, alpha)
		}
		return min(best, beta)
	}
	return best
}

// full is minimax or expectimax: every node searched, no window.
func (r *refRun) full(n *gnode, ply int) int64 {
	v := r.enter(n, false, 0, 0)
	if point(n, ply, r.cfg.depth) {
		v.evaluated, v.value = true, r.raw(pointValue(n))
		return v.value
	}
	v.value = r.raw(truth(n, ply, r.cfg.depth, chanceAverage))
	best := int64(0)
	for i, c := range r.kids(n) {
		t := r.full(c, ply+1)
		if ply == 0 && (i == 0 || r.better(n.max, t, best)) {
			best, r.best = t, c.path
		}
	}
	return v.value
}

// ab is alpha-beta (F2 of Knuth and Moore, MAX's view), with Star1 at chance
// nodes, the mutant's mistake at cfg.noPass.
func (r *refRun) ab(n *gnode, ply int, alpha, beta int64) int64 {
	v := r.enter(n, true, alpha, beta)
	if point(n, ply, r.cfg.depth) {
		v.evaluated, v.value = true, r.raw(pointValue(n))
		return v.value
	}
	if n.chance && r.cfg.chanceAs == chanceAverage {
		v.value = r.star(n, ply, alpha, beta, v)
		return v.value
	}
	isMax := r.isMax(n)
	best := refInf
	if isMax {
		best = -refInf
	}
	kids := r.kids(n)
	for i, c := range kids {
		a, b := alpha, beta
		if r.cfg.noPass != n.path { // the window its earlier children narrowed
			if isMax {
				a = max(alpha, best)
			} else {
				b = min(beta, best)
			}
		}
		t := r.ab(c, ply+1, a, b)
		if r.better(isMax, t, best) {
			best = t
			if ply == 0 {
				r.best = c.path
			}
		}
		if r.reaches(isMax, best, alpha, beta) {
			if i+1 < len(kids) {
				v.cut, v.cutBy, v.pruned = true, c.path, paths(kids[i+1:])
			}
			break
		}
	}
	v.value = r.failValue(isMax, best, alpha, beta)
	return v.value
}

// bb is branch and bound (F1, MAX's view): a MAX node has an upper bound
// only, a MIN node a lower one, its parent's best so far; it returns the
// best value it found.
func (r *refRun) bb(n *gnode, ply int, bound int64) int64 {
	alpha, beta := bound, refInf
	if n.max {
		alpha, beta = -refInf, bound
	}
	v := r.enter(n, true, alpha, beta)
	if point(n, ply, r.cfg.depth) {
		v.evaluated, v.value = true, r.raw(pointValue(n))
		return v.value
	}
	best := refInf
	if n.max {
		best = -refInf
	}
	kids := r.kids(n)
	for i, c := range kids {
		cb := best
		if r.cfg.noPass == n.path { // the mistake: no bound passed on
			if n.max {
				cb = -refInf
			} else {
				cb = refInf
			}
		}
		t := r.bb(c, ply+1, cb)
		if r.better(n.max, t, best) {
			best = t
			if ply == 0 {
				r.best = c.path
			}
		}
		if r.reaches(n.max, best, alpha, beta) {
			if i+1 < len(kids) {
				v.cut, v.cutBy, v.pruned = true, c.path, paths(kids[i+1:])
			}
			break
		}
	}
	v.value = best
	return v.value
}

// star is Ballard's Star1 at the chance node n, entered with (alpha, beta),
// MAX's view, in the tree's raw units: with L and U the bounds of every
// value, the node's average lies between the average with every outcome
// not searched yet at L and the one with them at U; as soon as that
// interval lies at or beyond the window the node is cut. Each outcome is
// searched with the window of values that would not settle the node,
// rounded outwards to the tree's units; an outcome that returns a bound
// (at or past an edge of its window) counts at L or U on the side it leaves
// open.
func (r *refRun) star(n *gnode, ply int, alpha, beta int64, v *refVisit) int64 {
	L, U := r.cfg.lo, r.cfg.hi
	a0, b0 := alpha, beta
	if alpha < L {
		alpha = -refInf // an edge beyond the bounds is never reached
	}
	if beta > U {
		beta = refInf
	}
	kids := r.kids(n)
	w, den := n.weights()
	if r.cfg.rtl {
		slices.Reverse(w)
	}
	var sLo, sHi int64
	left := den
	settled := func() (int64, bool) {
		lower, upper := sLo+left*L, sHi+left*U
		switch {
		case left == 0 && lower == upper:
			return 0, false
		case beta < refInf && lower >= beta*den:
			return score.FloorDiv(lower, den), true
		case alpha > -refInf && upper <= alpha*den:
			return score.CeilDiv(upper, den), true
		}
		return 0, false
	}
	for i, c := range kids {
		if val, cut := settled(); cut {
			v.cut, v.chanceCut, v.pruned = true, true, paths(kids[i:])
			if i == 0 {
				v.cutBefore = true
			} else {
				v.cutBy = kids[i-1].path
			}
			return r.failValue(n.max, val, a0, b0)
		}
		rest := left - w[i]
		clo, chi := L, U
		if alpha > -refInf {
			clo = max(L, score.FloorDiv(alpha*den-sHi-rest*U, w[i]))
		}
		if beta < refInf {
			chi = min(U, score.CeilDiv(beta*den-sLo-rest*L, w[i]))
		}
		t := r.ab(c, ply+1, clo, chi)
		lo, hi := t, t
		switch {
		case t >= chi:
			hi = U
		case t <= clo:
			lo = L
		}
		sLo += w[i] * lo
		sHi += w[i] * hi
		left -= w[i]
	}
	if val, cut := settled(); cut { // by the last outcome: nothing left to prune
		return r.failValue(n.max, val, a0, b0)
	}
	if sLo != sHi || sLo%den != 0 {
		panic(fmt.Sprintf("Star1 at %s: every outcome searched, yet [%d, %d]/%d", n.path, sLo, sHi, den))
	}
	return r.failValue(n.max, sLo/den, a0, b0)
}

func paths(ns []*gnode) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = n.path
	}
	return out
}
