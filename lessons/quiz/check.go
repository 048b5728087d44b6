package quiz

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Report is the verdict on a set of answers.
type Report struct {
	Items        []*Item
	Score, Total int
	// Name, when set, names a misconception in WriteText (a translation:
	// the command line's language); nil: its Name.
	Name func(*Misconception) string
	// Lang is the language of WriteText's own words (the quiz's).
	Lang i18n.Lang
}

// name is m's name as WriteText writes it.
func (r *Report) name(m *Misconception) string {
	if r.Name != nil {
		return r.Name(m)
	}
	return m.Name
}

// Item is the verdict on one answer.
type Item struct {
	Question
	Asked    bool    // a question of the quiz (else a node the student chose to answer about)
	Answer   *Answer // nil: not answered
	Correct  bool
	Expected string // the right answer, as people read it
	Given    string // the answer, as people read it ("" when not answered)
	Note     string // a remark on a right answer
	Mistakes []Mistake
}

// Mistake explains one thing wrong in an answer, naming the misconception
// behind it when a mistaken search gives the answer.
type Mistake struct {
	Misconception *Misconception // nil when no named misconception explains it
	Text          string
}

// AllCorrect reports whether every question was answered, and right.
func (r *Report) AllCorrect() bool { return r.Score == r.Total }

// Misconceptions lists the misconceptions found, in the order first met.
func (r *Report) Misconceptions() []*Misconception {
	var out []*Misconception
	for _, it := range r.Items {
		for _, m := range it.Mistakes {
			if m.Misconception != nil && !slices.Contains(out, m.Misconception) {
				out = append(out, m.Misconception)
			}
		}
	}
	return out
}

// checker checks answers against the key and explains mistakes with other
// searches of the same tree.
type checker struct {
	q   *Quiz
	ctx context.Context
	err error

	depthRuns []*Run // depths, once worked out
	depthsSet bool
	described *trace.Info // the quiz's Info, once worked out (cutWords)
}

// Check checks the answers: every question of the quiz, answered or not, and
// any other node's window or value the student gave.
func (q *Quiz) Check(ctx context.Context, a *Answers) (*Report, error) {
	c := &checker{q: q, ctx: ctx}
	r := &Report{Lang: q.Lang}
	for _, qu := range q.Questions {
		r.Items = append(r.Items, c.item(qu, a.Get(qu), true))
	}
	if a != nil {
		for _, x := range a.List {
			if !slices.ContainsFunc(q.Questions, func(qu Question) bool { return qu.Kind == x.Kind && qu.Node == x.Node }) {
				r.Items = append(r.Items, c.item(x.Question, x, false))
			}
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	for _, it := range r.Items {
		r.Total++
		if it.Correct {
			r.Score++
		}
	}
	return r, nil
}

func (c *checker) item(qu Question, a *Answer, asked bool) *Item {
	q := c.q
	it := &Item{Question: qu, Asked: asked, Answer: a, Expected: q.expected(qu)}
	if a == nil {
		return it
	}
	it.Given = q.givenText(a)
	if q.ix.chance {
		switch qu.Kind {
		case Value:
			c.chanceValue(it)
		case Best:
			c.chanceBest(it)
		case Never:
			c.chanceNever(it)
		}
		return it
	}
	switch qu.Kind {
	case Value:
		c.value(it)
	case Best:
		c.best(it)
	case Never:
		c.never(it)
	case Window:
		c.window(it)
	case At:
		c.at(it)
	}
	return it
}

// given is an answer as people read it.
func (q *Quiz) givenText(a *Answer) string {
	switch a.Kind {
	case Best:
		return label(a.Move)
	case Never:
		return labels(a.Nodes)
	case Window:
		if a.Unsearched {
			return "not searched"
		}
		return q.givenWindow(a)
	}
	if a.Unsearched {
		return "not searched"
	}
	return q.givenNum(a)
}

func (it *Item) wrong(m *Misconception, format string, args ...any) {
	it.Mistakes = append(it.Mistakes, Mistake{Misconception: m, Text: fmt.Sprintf(format, args...)})
}

// --- the other searches -----------------------------------------------------

func (c *checker) run(opt engine.Options, depth int) *Run {
	if c.err != nil {
		return nil
	}
	r, err := c.q.search(c.ctx, opt, depth)
	if err != nil {
		c.err = err
		return nil
	}
	return r
}

// otherCutoff is the key's search under the other cutoff rule.
func (c *checker) otherCutoff() *Run {
	o := c.q.Opt
	o.Cutoff = 1 - o.Cutoff
	return c.run(o, c.q.Depth)
}

// otherFails are the key's search under each other fail convention the
// quiz knows, for alpha-beta (branch and bound has one convention only).
func (c *checker) otherFails() []*Run {
	q := c.q
	var out []*Run
	if q.Opt.Algo != engine.AlphaBeta {
		return nil
	}
	for _, fc := range fails {
		if fc.fail == q.Opt.Fail {
			continue
		}
		o := q.Opt
		o.Fail = fc.fail
		if r := c.run(o, q.Depth); r != nil {
			out = append(out, r)
		}
	}
	return out
}

// alphaBetas are alpha-beta under every convention the quiz knows, the key's
// cutoff rule first.
func (c *checker) alphaBetas() []*Run {
	var out []*Run
	for _, cut := range []engine.Cutoff{c.q.Opt.Cutoff, 1 - c.q.Opt.Cutoff} {
		for _, fc := range fails {
			if r := c.run(engine.Options{Algo: engine.AlphaBeta, Fail: fc.fail, Cutoff: cut}, c.q.Depth); r != nil {
				out = append(out, r)
			}
		}
	}
	return out
}

// alphaBetaWords names an alpha-beta search with its conventions:
// "alpha-beta (fail-soft, --cutoff gt)".
func alphaBetaWords(o engine.Options) string {
	fc, _ := failOf(o.Fail)
	return fmt.Sprintf("alpha-beta (%s, --cutoff %s)", fc.name, o.Cutoff)
}

// variant is a search the key's may be mistaken for: one misconception, the
// search it makes, and what that search is in a sentence.
type variant struct {
	m      *Misconception
	run    *Run
	setter *tree.Node // WindowNotPassed: the node that passes its own window on
	words  string     // "the same search under fail-soft"
}

// variants lists the searches that each make one mistake the checker names
// and whose run match accepts, in the order their misconceptions are
// preferred when several give an answer: the other fail convention, the
// other cutoff rule, branch and bound for alpha-beta and the reverse,
// alpha-beta for minimax, one node not passing its narrowed window on, and
// minimax for a search that prunes. Searches one ply shallower or deeper
// are looked at apart (depths). The runs of the student model, one per
// node, are made one at a time, sharing the key's search, and kept only
// when match accepts them: memory stays linear in the tree.
func (c *checker) variants(match func(*Run) bool) []variant {
	q := c.q
	var out []variant
	add := func(v variant) {
		if match(v.run) {
			out = append(out, v)
		}
	}
	if r := c.leftToRight(); r != nil {
		add(variant{m: SearchedLTR, run: r, words: "the same search with every node's children taken left to right"})
	}
	for _, r := range c.otherFails() {
		fc, _ := failOf(r.Opt.Fail)
		add(variant{m: FailConfused, run: r, words: "the same search under " + fc.name})
	}
	if q.windowed() {
		if r := c.otherCutoff(); r != nil {
			v := variant{m: TiePruned, run: r, words: "the same search under --cutoff ge (ties prune)"}
			if q.Opt.Cutoff == engine.CutGE {
				v = variant{m: TieNotPruned, run: r, words: "the same search under --cutoff gt (ties are searched)"}
			}
			add(v)
		}
	}
	switch q.Opt.Algo {
	case engine.AlphaBeta:
		if r := c.branchBound(); r != nil {
			add(variant{m: DeepMissed, run: r, words: "branch and bound, whose one bound goes one ply down only,"})
		}
	case engine.BranchBound:
		for _, r := range c.alphaBetas()[:len(fails)] {
			add(variant{m: DeepInBranchBound, run: r, words: alphaBetaWords(r.Opt) + ", whose bounds go down the whole line,"})
		}
	case engine.Minimax, engine.Negamax:
		for _, r := range c.alphaBetas() {
			add(variant{m: PrunedMinimax, run: r, words: alphaBetaWords(r.Opt)})
		}
	}
	if q.windowed() {
		for _, s := range q.Key.Order {
			if v := q.Key.visit(s); v.Evaluated || len(moves(s)) < 2 {
				continue
			}
			if r := c.mutant(s, false); r != nil {
				sv := q.Key.visit(s)
				add(variant{m: WindowNotPassed, run: r, setter: s,
					words: fmt.Sprintf("the search in which %s passes its own window %s on to every move, instead of the window its earlier moves narrowed,", ref(s), q.window(sv.Alpha, sv.Beta))})
			}
		}
		if r := c.run(engine.Options{Algo: engine.Minimax}, q.Depth); r != nil {
			add(variant{m: NothingPruned, run: r, words: "minimax, which prunes nothing,"})
		}
	}
	return out
}

// leftToRight is the key's search with the children taken left to right,
// for a quiz that searches them right to left; nil else.
func (c *checker) leftToRight() *Run {
	q := c.q
	if !q.RightToLeft || c.err != nil {
		return nil
	}
	id := "ltr:" + q.Opt.Spec()
	if r, ok := q.cache[id]; ok {
		return r
	}
	r, err := search(c.ctx, q.ix.ltr(), q.Opt, q.Depth)
	if err != nil {
		c.err = err
		return nil
	}
	q.cache[id] = r
	return r
}

// branchBound is branch and bound with the key's cutoff rule.
func (c *checker) branchBound() *Run {
	return c.run(engine.Options{Algo: engine.BranchBound, Fail: engine.FailSoft, Cutoff: c.q.Opt.Cutoff}, c.q.Depth)
}

// depths are the searches one ply shallower and deeper, where the tree has
// what they need.
func (c *checker) depths() []*Run {
	if c.depthsSet {
		return c.depthRuns
	}
	q := c.q
	var out []*Run
	defer func() { c.depthRuns, c.depthsSet = out, c.err == nil }()
	for _, d := range []int{q.Depth - 1, q.Depth + 1} {
		if d < 1 || d > q.ix.height || q.Tree.CheckDepth(d) != nil {
			continue
		}
		if q.perPly != nil && reached(q.perPly, d) > MaxNodes {
			continue // one ply deeper reaches more of a given tree than a quiz takes: not looked at
		}
		if r := c.run(q.Opt, d); r != nil {
			out = append(out, r)
		}
	}
	return out
}

// mutant is the student model making the mistake at node s, sharing the
// key's search; keep caches it (the few a window or value question looks
// at), else it is made afresh each time (the one per node a never
// question tries).
func (c *checker) mutant(s *tree.Node, keep bool) *Run {
	q := c.q
	if c.err != nil || (q.Opt.Algo != engine.AlphaBeta && q.Opt.Algo != engine.BranchBound) {
		return nil
	}
	id := "mutant:" + s.Path()
	if r, ok := q.cache[id]; ok {
		return r
	}
	r, err := mistaken(q.ix, q.Opt, q.Depth, map[*tree.Node]bool{s: true}, q.Key)
	if err != nil {
		c.err = err
		return nil
	}
	if keep {
		q.cache[id] = r
	}
	return r
}

func (q *Quiz) windowed() bool {
	return q.Opt.Algo == engine.AlphaBeta || q.Opt.Algo == engine.BranchBound
}

// --- words ------------------------------------------------------------------

// words names a node in a sentence: "MIN node 2", "leaf 2.1", "the root".
func (c *checker) words(n *tree.Node) string { return c.q.nodeWords(n) }

// cutWhy says why node n of run r cut off: "at MIN node 2, searched with (3,
// +∞), 2.1 returned 2 < α 3".
func (c *checker) cutWhy(r *Run, n *tree.Node) string {
	v := r.visit(n)
	return explain.CutWhy(c.q.info(), c.cutFact(r, n, v.Cut.By)).Text
}

// cutFact is node n's test of its move by against its bound in run r.
func (c *checker) cutFact(r *Run, n, by *tree.Node) explain.CutFact {
	q := c.q
	v, bv := r.visit(n), r.visit(by)
	bound, _ := q.ix.cutBound(r, n)
	got := q.bounded(bv.Value, bv.Bound)
	if bv.Evaluated { // a leaf's own value, whatever the rule reports it as
		got = q.Format(bv.Value)
	}
	value := bv.Value
	if v.Cut != nil && v.Cut.By == by {
		value = v.Cut.Value
	}
	return explain.CutFact{Node: c.words(n), Max: q.ix.max[n], Alpha: v.Alpha, Beta: v.Beta, Move: label(by), Got: got,
		Value: value, Exact: bv.Bound == score.Exact || bv.Evaluated, Edge: bound, Rule: r.Opt.Cutoff.String()}
}

// boundWhere says where a bound of n's window comes from in run r.
func (c *checker) boundWhere(r *Run, n *tree.Node, alpha bool) string {
	q := c.q
	v := r.visit(n)
	f := explain.WindowFact{Node: label(n), Alpha: alpha, V: v.Beta}
	if alpha {
		f.V = v.Alpha
	}
	f.OneOnly = q.Opt.Algo == engine.BranchBound && q.ix.parent[n] != nil
	if !score.IsInf(f.V) {
		if setter, by := q.ix.source(r, n, alpha); setter != nil {
			f.Setter = c.words(setter)
			if by != nil {
				f.By = label(by)
			}
			f.Parent, f.Self = setter == q.ix.parent[n], setter == n
		}
	}
	return explain.WindowFrom(q.info(), f).Text
}

// returnWhy explains the value node n returned in run r.
func (c *checker) returnWhy(r *Run, n *tree.Node) string {
	q := c.q
	v := r.visit(n)
	if v.Evaluated {
		if v.Bound != score.Exact && v.HasWindow {
			what := "is a leaf: its value is"
			if !n.Leaf {
				what = "is on the horizon: its static evaluation is"
			}
			return fmt.Sprintf("%s %s %s, but %s, so it returns %s", label(n), what, q.Format(v.Value), c.edge(q.ix.max[n], v.Value, v.Alpha, v.Beta), q.bounded(v.Value, v.Bound))
		}
		if n.Leaf {
			return fmt.Sprintf("%s is a leaf: it returns its value %s", label(n), q.Format(v.Value))
		}
		return fmt.Sprintf("%s is on the horizon: it returns its static evaluation %s", label(n), q.Format(v.Value))
	}
	if !q.Opt.Algo.Prunes() {
		return fmt.Sprintf("%s takes the %s of its children's values (%s): %s", c.words(n), pick(q.ix.max[n]), c.childValues(r, n), q.Format(v.Value))
	}
	kids := c.childValues(r, n)
	best := c.bestFound(r, n)
	switch {
	case v.Cut != nil:
		s := c.cutWhy(r, n) + ", so it stopped: its true value is " + atMost(q.ix.max[n]) + " " + q.Format(best) + ", whatever the moves it did not search are worth"
		return s + c.failWords(v, best)
	case v.Bound == score.Exact:
		return fmt.Sprintf("%s was searched with %s and its children returned %s: its value %s lies strictly within the window %s, so it is exact", c.words(n), q.window(v.Alpha, v.Beta), kids, q.Format(v.Value), q.window(v.Alpha, v.Beta))
	case v.Bound == score.NoBound:
		return fmt.Sprintf("%s was searched with the tie window %s (a tie that did not cut above it): its children returned %s, and the value it returns proves nothing", c.words(n), q.window(v.Alpha, v.Beta), kids)
	}
	s := fmt.Sprintf("%s was searched with %s and its children returned %s: ", c.words(n), q.window(v.Alpha, v.Beta), kids)
	if v.Bound == score.Upper {
		s += fmt.Sprintf("its best, %s, is at or below α %s, which MAX already has elsewhere, so the search only tells that its value is at most %s", q.Format(best), q.Format(v.Alpha), q.Format(best))
	} else {
		s += fmt.Sprintf("its best, %s, is at or above β %s, which MIN already has elsewhere, so the search only tells that its value is at least %s", q.Format(best), q.Format(v.Beta), q.Format(best))
	}
	return s + c.failWords(v, best)
}

// edge says how a value v of a node lies against its window (alpha, beta)
// (MAX's view): "2 ≤ α 3", "9 ≥ β 6", or "3 lies strictly within (2, 5)".
// On an empty window the side to move's edge comes first, as in boundOf.
func (c *checker) edge(isMax bool, v, alpha, beta int64) string {
	return explain.Edge(c.q.info(), isMax, v, alpha, beta).Text
}

// bestFound is the best value a node's searched children gave (MAX's view).
func (c *checker) bestFound(r *Run, n *tree.Node) int64 {
	var best int64
	first := true
	for _, k := range moves(n) {
		kv := r.visit(k)
		if kv == nil {
			continue
		}
		if first || (c.q.ix.max[n] && kv.Value > best) || (!c.q.ix.max[n] && kv.Value < best) {
			best, first = kv.Value, false
		}
	}
	return best
}

// failWords says what the fail convention made of the best value found.
func (c *checker) failWords(v *Visit, best int64) string {
	q := c.q
	return explain.Returned(q.info(), q.Opt.Fail.String(), best, v.Value, q.bounded(v.Value, v.Bound), v.Bound == score.NoBound, v.Alpha, v.Beta)
}

// childValues lists what n's children returned in run r: "2.1 → 2, 2.2 → ≥4,
// 2.3 not searched".
func (c *checker) childValues(r *Run, n *tree.Node) string {
	var parts []string
	for _, k := range moves(n) {
		if kv := r.visit(k); kv != nil {
			parts = append(parts, label(k)+" → "+c.q.bounded(kv.Value, kv.Bound))
		} else {
			parts = append(parts, label(k)+" not searched")
		}
	}
	return strings.Join(parts, ", ")
}

func pick(isMax bool) string {
	if isMax {
		return "largest"
	}
	return "smallest"
}

func atMost(isMax bool) string {
	if isMax {
		return "at least"
	}
	return "at most"
}

// depthWords places an answer in a search of another depth: "in a search
// of 3 plies, one ply deeper than this quiz's 2: ...".
func (c *checker) depthWords(r *Run) string {
	q := c.q
	rel := "one ply deeper than"
	if r.Depth < q.Depth {
		rel = "one ply short of"
	}
	return fmt.Sprintf("in a search of %s, %s this quiz's %d: here the nodes on ply %d take their static evaluation and nothing below them is looked at",
		plies(r.Depth), rel, q.Depth, q.Depth)
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// --- root value and best move -------------------------------------------------

func (c *checker) value(it *Item) {
	q, k, a := c.q, c.q.Key, it.Answer
	if a.Bound != score.Exact {
		it.wrong(nil, "the root's value is exact, not a bound: the root is searched with (−∞, +∞), so what it returns is its minimax value, %s", q.Format(k.Value))
		return
	}
	if a.numIs(k.Value) {
		it.Correct = true
		return
	}
	for _, r := range c.depths() {
		if a.numIs(r.Value) {
			it.wrong(DepthOff, "%s is the root's value %s", q.Format(a.Num), c.depthWords(r))
			return
		}
	}
	it.wrong(nil, "the root (%s) takes the %s of its children's values: %s; so it is worth %s", side(q.ix.max[q.Tree.Root]), pick(q.ix.max[q.Tree.Root]), c.childValues(k, q.Tree.Root), q.Format(k.Value))
}

func (c *checker) best(it *Item) {
	q, k, a := c.q, c.q.Key, it.Answer
	root := q.Tree.Root
	m := a.Move
	if m == k.Best {
		it.Correct = true
		return
	}
	if q.ix.parent[m] != root {
		it.wrong(nil, "%s is not a root move: the root's moves are %s", label(m), list(moves(root)))
		return
	}
	if ev := q.exact.visit(m); ev != nil && ev.Value == k.Value {
		it.Correct = true
		it.Note = fmt.Sprintf("%s is worth %s too; the search keeps %s, the first move that reached %s", label(m), q.Format(k.Value), label(k.Best), q.Format(k.Value))
		return
	}
	for _, r := range c.depths() {
		if r.Best == m {
			it.wrong(DepthOff, "%s is the best move %s", label(m), c.depthWords(r))
			return
		}
	}
	mv := k.visit(m)
	s := fmt.Sprintf("%s returned %s and %s returned %s: %s plays %s", label(m), q.bounded(mv.Value, mv.Bound), label(k.Best), q.Format(k.Value), side(q.ix.max[root]), label(k.Best))
	if mv.Bound != score.Exact {
		s += fmt.Sprintf(" (%s is really worth %s)", label(m), q.Format(q.exact.visit(m).Value))
	}
	it.wrong(nil, "%s", s)
}

// --- never evaluated ------------------------------------------------------------

// finding is a group of leaves one explanation covers.
type finding struct {
	m      *Misconception
	why    string     // which explanation
	node   *tree.Node // the node the explanation is about
	setter *tree.Node // the node that did not pass its window on (WindowNotPassed)
	leaves []*tree.Node
	run    *Run     // the run it is explained with
	v      *variant // the mistaken search that gives the whole list, if one does
}

// never checks the leaves never evaluated. Each leaf listed wrongly, or
// missing, is explained; a misconception is named only when the mistaken
// search it stands for gives exactly the list answered, every leaf of it.
func (c *checker) never(it *Item) {
	q, k := c.q, c.q.Key
	a := c.listed(it)
	if sameNodes(a.Nodes, k.Never) {
		it.Correct = true
		return
	}
	for _, r := range c.depths() {
		if len(r.Never) > 0 && sameNodes(a.Nodes, r.Never) {
			it.wrong(DepthOff, "your list is what goes unevaluated %s", c.depthWords(r))
			return
		}
	}
	lc := c.newListCheck(a.Nodes)
	var exact []*variant
	for _, v := range c.variants(lc.same) {
		if c.deepStory(&v) {
			exact = append(exact, &v)
		}
	}
	cutNode := c.cutNodeExact(a.Nodes)
	named := func(m *Misconception, yes bool) *Misconception {
		if yes {
			return m
		}
		return nil
	}
	var fs []*finding
	type group struct {
		m            *Misconception
		why          string
		node, setter *tree.Node
		v            *variant
	}
	groups := map[group]*finding{}
	add := func(f *finding, leaf *tree.Node) {
		g := group{f.m, f.why, f.node, f.setter, f.v}
		if h := groups[g]; h != nil {
			h.leaves = append(h.leaves, leaf)
			return
		}
		f.leaves = []*tree.Node{leaf}
		groups[g] = f
		fs = append(fs, f)
	}
	// Leaves listed that the search evaluates, and nodes that are no leaves
	// of it: each is evidence of its own.
	covered := map[*tree.Node]bool{}
	for _, x := range a.Nodes {
		if k.unevaluated(q.ix, x) {
			continue
		}
		switch {
		case q.ix.ply[x] > q.Depth:
			add(&finding{why: "below", run: c.deeper()}, x)
		case !q.ix.isPoint(x, q.Depth):
			v := k.visit(x)
			switch {
			case v.Cut != nil: // entered: a subtree never entered stands for its leaves (listed)
				c.cover(covered, v.Cut.Pruned)
				add(&finding{m: named(CutNode, cutNode), why: "cutter", node: x, run: k}, x)
			default:
				add(&finding{why: "inner", node: x, run: k}, x)
			}
		default: // a leaf of the search, and it was evaluated
			p := c.causer(x)
			if p != nil && cutNode {
				c.cover(covered, k.visit(p).Cut.Pruned)
				add(&finding{m: CutNode, why: "causer", node: p, run: k}, x)
				continue
			}
			if v, n := c.prunedBy(exact, x); v != nil {
				add(&finding{m: v.m, why: "pruned elsewhere", node: n, setter: v.setter, run: v.run, v: v}, x)
				continue
			}
			if p != nil {
				c.cover(covered, k.visit(p).Cut.Pruned)
				add(&finding{why: "causer", node: p, run: k}, x)
				continue
			}
			add(&finding{why: "evaluated", run: k}, x)
		}
	}
	// Leaves left out.
	for _, x := range k.Never {
		if lc.listed[x] || covered[x] {
			continue
		}
		n, _ := q.ix.prunedAt(k, x)
		if n == nil { // below a horizon node: not one of this search's leaves
			continue
		}
		f := &finding{why: "missing", node: n, run: k}
		for _, v := range exact {
			if v.run.Evaluated(x) {
				f = &finding{m: v.m, why: "evaluated elsewhere", node: n, setter: v.setter, run: v.run, v: v}
				break
			}
		}
		add(f, x)
	}
	for _, f := range fs {
		it.wrong(f.m, "%s", c.explainLeaves(f))
	}
	// A misconception whose mistaken search gives the list too, but whose
	// explanation an earlier one took, is named all the same, once.
	for _, v := range exact {
		if !slices.ContainsFunc(it.Mistakes, func(m Mistake) bool { return m.Misconception == v.m }) {
			it.wrong(v.m, "your list is also exactly what %s gives", v.words)
		}
	}
}

// listed is the item's answer to the never question with every subtree
// the key's search never entered that it names by its root (3.2) read as
// the leaves below it (3.2.1 3.2.2), in tree order: a common way to write
// the answer, and a right one. A note on the item says how it was read.
func (c *checker) listed(it *Item) *Answer {
	q, k, a := c.q, c.q.Key, it.Answer
	var roots []*tree.Node
	seen := map[*tree.Node]bool{}
	var nodes []*tree.Node
	for _, x := range a.Nodes {
		leaves := []*tree.Node{x}
		if k.visit(x) == nil && q.ix.ply[x] <= q.Depth && !q.ix.isPoint(x, q.Depth) {
			roots, leaves = append(roots, x), q.ix.pointsUnder(x, q.Depth)
		}
		for _, l := range leaves {
			if !seen[l] {
				seen[l] = true
				nodes = append(nodes, l)
			}
		}
	}
	if len(roots) == 0 {
		return a
	}
	slices.SortFunc(nodes, func(x, y *tree.Node) int { return q.ix.order[x] - q.ix.order[y] })
	parts := make([]string, len(roots))
	for i, r := range roots {
		parts[i] = fmt.Sprintf("%s for %s", label(r), list(q.ix.pointsUnder(r, q.Depth)))
	}
	it.Note = fmt.Sprintf("a subtree the search never entered, named by its root, stands for its leaves: %s", strings.Join(parts, "; "))
	x := *a
	x.Nodes = nodes
	return &x
}

// deepStory reports whether what a mistaken search leaves unevaluated
// differs from the key's as its misconception says. Branch and bound and
// alpha-beta differ by alpha-beta's deep cutoffs, which a misconception
// about them names; but they may also differ by fail-hard's clamps, which
// branch and bound never makes (it returns the best value it found): then
// it is not a deep cutoff that was missed, or made.
func (c *checker) deepStory(v *variant) bool {
	k := c.q.Key
	var ab, bb *Run
	switch v.m {
	case DeepMissed:
		ab, bb = k, v.run
	case DeepInBranchBound:
		ab, bb = v.run, k
	default:
		return true
	}
	for _, x := range bb.Never {
		if !ab.unevaluated(c.q.ix, x) {
			return false // branch and bound prunes what alpha-beta searches
		}
	}
	for _, x := range ab.Never {
		if bb.unevaluated(c.q.ix, x) {
			continue
		}
		if n, _ := c.q.ix.prunedAt(ab, x); n == nil || !c.q.ix.deep(ab, n) {
			return false
		}
	}
	return true
}

// prunedBy finds, among the mistaken searches given, one that leaves the
// leaf x unevaluated, and the node whose cutoff left it so there.
func (c *checker) prunedBy(vs []*variant, x *tree.Node) (*variant, *tree.Node) {
	for _, v := range vs {
		if v.run.Evaluated(x) {
			continue
		}
		if n, _ := c.q.ix.prunedAt(v.run, x); n != nil {
			return v, n
		}
	}
	return nil, nil
}

// cutNodeExact reports whether the list answered is the key's once every
// node it names that made a cutoff — the node that cut off, or the leaf
// that made it cut — is read as the leaves that cutoff left unevaluated.
// That is what a student who confuses the node that cut off with the
// never-searched subtree answers, and nothing else. (A subtree the cut left
// unsearched, named by its root, is its leaves: a right answer, listed.)
func (c *checker) cutNodeExact(listed []*tree.Node) bool {
	q, k := c.q, c.q.Key
	got := map[*tree.Node]bool{}
	named := false
	for _, x := range listed {
		var leaves []*tree.Node
		switch {
		case k.unevaluated(q.ix, x):
			leaves = []*tree.Node{x}
		case q.ix.ply[x] > q.Depth:
			return false
		case !q.ix.isPoint(x, q.Depth):
			v := k.visit(x) // entered: a subtree never entered stands for its leaves (listed)
			if v.Cut == nil {
				return false
			}
			leaves, named = c.leavesOf(v.Cut.Pruned), true
		default:
			p := c.causer(x)
			if p == nil {
				return false
			}
			leaves, named = c.leavesOf(k.visit(p).Cut.Pruned), true
		}
		for _, l := range leaves {
			got[l] = true
		}
	}
	if !named || len(got) != len(k.Never) {
		return false
	}
	for _, l := range k.Never {
		if !got[l] {
			return false
		}
	}
	return true
}

// cover marks the leaves under nodes as explained already.
func (c *checker) cover(covered map[*tree.Node]bool, nodes []*tree.Node) {
	for _, l := range c.leavesOf(nodes) {
		covered[l] = true
	}
}

func (c *checker) deeper() *Run {
	for _, r := range c.depths() {
		if r.Depth > c.q.Depth {
			return r
		}
	}
	return nil
}

// causer returns the node whose cutoff the evaluated leaf x caused: x is the
// move that reached the bound, or gave that move its value.
func (c *checker) causer(x *tree.Node) *tree.Node {
	q, k := c.q, c.q.Key
	xv := k.visit(x)
	for n := x; n != nil; n = q.ix.parent[n] {
		p := q.ix.parent[n]
		if p == nil {
			return nil
		}
		pv, nv := k.visit(p), k.visit(n)
		if nv == nil || nv.Value != xv.Value {
			return nil
		}
		if pv.Cut != nil && pv.Cut.By == n {
			return p
		}
	}
	return nil
}

// tie reports whether the cutoff at n in run r was a tie: the value reached
// the bound without passing it.
func (c *checker) tie(r *Run, n *tree.Node) bool {
	bound, _ := c.q.ix.cutBound(r, n)
	return r.visit(n).Cut.Value == bound
}

// explainLeaves words a finding.
func (c *checker) explainLeaves(f *finding) string {
	q, k := c.q, c.q.Key
	ls := list(f.leaves)
	are := "are"
	if len(f.leaves) == 1 {
		are = "is"
	}
	switch f.why {
	case "below":
		s := fmt.Sprintf("%s %s below the horizon (ply %d): the search never looks there, so %s not among its leaves", ls, lieWord(len(f.leaves)), q.Depth, theyAre(len(f.leaves)))
		if r := f.run; r != nil && !slices.ContainsFunc(f.leaves, r.Evaluated) {
			s += fmt.Sprintf("; a search of %s, one too many, would not evaluate %s either", plies(r.Depth), pron(len(f.leaves)))
		}
		return s
	case "cutter":
		n := f.node
		v := k.visit(n).Cut
		return fmt.Sprintf("%s is the node that cut off, not a leaf it skipped: %s, so what it never searched is what came after %s — %s",
			label(n), c.cutWhy(k, n), label(v.By), list(c.leavesOf(v.Pruned)))
	case "inner":
		v := k.visit(f.node)
		var seen []*tree.Node
		for _, p := range q.ix.pointsUnder(f.node, q.Depth) {
			if k.Evaluated(p) {
				seen = append(seen, p)
			}
		}
		with := ""
		if v.HasWindow { // minimax has none
			with = ", with " + q.window(v.Alpha, v.Beta)
		}
		return fmt.Sprintf("%s is an inner node the search entered%s (it returned %s): a node named for its leaves stands for all of them, and %s below it %s evaluated",
			label(f.node), with, q.bounded(v.Value, v.Bound), list(seen), wasWord(len(seen)))
	case "causer":
		n := f.node
		v := k.visit(n).Cut
		return fmt.Sprintf("%s %s evaluated: %s, which is what made %s stop; the leaves never evaluated are the ones after it: %s",
			ls, wasWord(len(f.leaves)), c.cutWhy(k, n), label(n), list(c.leavesOf(v.Pruned)))
	case "evaluated":
		parts := make([]string, len(f.leaves))
		for i, x := range f.leaves {
			v := k.visit(x)
			if v.HasWindow {
				parts[i] = fmt.Sprintf("%s (window %s)", label(x), q.window(v.Alpha, v.Beta))
			} else {
				parts[i] = label(x)
			}
		}
		if !q.Opt.Algo.Prunes() {
			return fmt.Sprintf("%s %s evaluated: %s searches every leaf", strings.Join(parts, ", "), wasWord(len(f.leaves)), q.Opt.Algo)
		}
		return fmt.Sprintf("%s %s evaluated: when the search reached %s, no node above had reached its bound", strings.Join(parts, ", "), wasWord(len(f.leaves)), pron(len(f.leaves)))
	case "missing":
		v := k.visit(f.node).Cut
		return fmt.Sprintf("%s %s never evaluated: %s, so it never searched %s", ls, are, c.cutWhy(k, f.node), list(v.Pruned))
	}
	if f.why == "pruned elsewhere" { // listed, evaluated here, left out by the mistaken search
		n, r := f.node, f.run
		switch {
		case f.m == TiePruned && c.tie(r, n):
			return fmt.Sprintf("%s %s evaluated: under --cutoff gt a tie does not prune. Only the ≥ rule would cut %s off: %s, and a tie is no reason to stop under the strict rule",
				ls, are, pron(len(f.leaves)), c.cutWhy(r, n))
		case f.m == PrunedMinimax:
			return fmt.Sprintf("%s %s evaluated: minimax prunes nothing and evaluates every leaf; %s would cut %s off (%s)",
				ls, are, f.v.words, pron(len(f.leaves)), c.cutWhy(r, n))
		case f.m == DeepInBranchBound && q.ix.deep(r, n):
			_, alpha := q.ix.cutBound(r, n)
			return fmt.Sprintf("%s %s evaluated: branch and bound gives each node one bound, from its parent only, so it has no deep cutoffs; alpha-beta would cut %s off with a bound from further up (%s; %s)",
				ls, are, pron(len(f.leaves)), c.cutWhy(r, n), c.boundWhere(r, n, alpha))
		}
		if why := c.noCutWhy(k, n, r.visit(n).Cut.By); why != "" {
			return fmt.Sprintf("%s %s evaluated: %s; your list is exactly what %s gives: there, %s, so it cuts %s off",
				ls, are, why, f.v.words, c.cutWhy(r, n), pron(len(f.leaves)))
		}
		return fmt.Sprintf("%s %s evaluated; your list is exactly what %s gives: there, %s, so it cuts %s off",
			ls, are, f.v.words, c.cutWhy(r, n), pron(len(f.leaves)))
	}
	// Left out, evaluated by the mistaken search.
	n := f.node
	switch {
	case f.m == TieNotPruned && c.tie(k, n):
		return fmt.Sprintf("%s %s never evaluated: %s, and under --cutoff ge reaching the bound is enough, ties included, so it cut off %s",
			ls, are, c.cutWhy(k, n), list(k.visit(n).Cut.Pruned))
	case f.m == DeepMissed && q.ix.deep(k, n):
		_, alpha := q.ix.cutBound(k, n)
		return fmt.Sprintf("%s %s never evaluated, by a deep cutoff: %s; %s — alpha-beta passes a bound down the whole line, not one ply only as branch and bound does",
			ls, are, c.cutWhy(k, n), c.boundWhere(k, n, alpha))
	case f.m == WindowNotPassed:
		_, alpha := q.ix.cutBound(k, n)
		return fmt.Sprintf("%s %s never evaluated: %s. %s. Your list is what the search gives when %s passes its own window %s on to every move, instead of the window its earlier moves narrowed",
			ls, are, c.cutWhy(k, n), c.boundWhere(k, n, alpha), ref(f.setter), q.window(k.visit(f.setter).Alpha, k.visit(f.setter).Beta))
	}
	s := fmt.Sprintf("%s %s never evaluated: %s, so it never searched %s; your list is exactly what %s gives", ls, are, c.cutWhy(k, n), list(k.visit(n).Cut.Pruned), f.v.words)
	if why := c.noCutWhy(f.run, n, k.visit(n).Cut.By); why != "" {
		return s + fmt.Sprintf(": there, %s, so it evaluates %s", why, pron(len(f.leaves)))
	}
	return s + fmt.Sprintf(", which evaluates %s", pron(len(f.leaves)))
}

// noCutWhy says why node n of run r did not stop after its move by, or ""
// when r did not search that move: "at MIN node 3, searched with (6, +∞),
// 3.1 returned ≤6, a tie with α 6, which does not cut under --cutoff gt".
func (c *checker) noCutWhy(r *Run, n, by *tree.Node) string {
	v, bv := r.visit(n), r.visit(by)
	if v == nil || bv == nil || (v.Cut != nil && v.Cut.By == by) {
		return ""
	}
	if kids := r.searched(n); kids[len(kids)-1] == by {
		return "" // its last move in that search: nothing was left to cut, whatever it returned
	}
	if !r.Opt.Algo.Prunes() {
		// Minimax has no window: no bound to compare the move's value with.
		return fmt.Sprintf("%s searches every move of %s, with no window: there is no α or β for %s's value to reach", r.Opt.Algo, c.words(n), label(by))
	}
	return explain.NoCutWhy(c.q.info(), c.cutFact(r, n, by)).Text
}

// raisedBy words where a moved bound came from: " after its move 1 returned 3
// (α rose to 3)".
func (c *checker) raisedBy(by *tree.Node, alpha bool) string {
	if by == nil {
		return ""
	}
	return explain.Raised(c.q.info(), label(by), c.q.Key.visit(by).Value, alpha)
}

// leavesOf lists the evaluation points under the given nodes.
func (c *checker) leavesOf(nodes []*tree.Node) []*tree.Node {
	var out []*tree.Node
	for _, n := range nodes {
		out = append(out, c.q.ix.pointsUnder(n, c.q.Depth)...)
	}
	return out
}

// ref names a node inside a sentence: "the root", or its label.
func ref(n *tree.Node) string {
	if n.Path() == "" {
		return "the root"
	}
	return label(n)
}

func pron(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func wasWord(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func theyAre(n int) string {
	if n == 1 {
		return "it is"
	}
	return "they are"
}

func lieWord(n int) string {
	if n == 1 {
		return "lies"
	}
	return "lie"
}

// sameNodes reports whether a and b hold the same nodes (each list has no
// node twice).
func sameNodes(a, b []*tree.Node) bool {
	if len(a) != len(b) {
		return false
	}
	in := make(map[*tree.Node]bool, len(b))
	for _, x := range b {
		in[x] = true
	}
	for _, x := range a {
		if !in[x] {
			return false
		}
	}
	return true
}

// listCheck compares the runs of mistaken searches with a list answered
// to the never question.
type listCheck struct {
	c      *checker
	nodes  []*tree.Node
	listed map[*tree.Node]bool
	// wrong counts the points the list gives otherwise than the key: a run
	// gives the list exactly when it differs from the key at those points
	// and nowhere else. evaluated[i] and listedEvaluated[i] count the
	// points the key evaluates among the index's first i nodes, and those
	// of them the list names.
	wrong                      int
	evaluated, listedEvaluated []int
	// nonPoints: the list names a node that is no evaluation point of the
	// search (an inner node, one below the horizon): no run gives it.
	nonPoints bool
}

func (c *checker) newListCheck(nodes []*tree.Node) *listCheck {
	q, k := c.q, c.q.Key
	lc := &listCheck{c: c, nodes: nodes, listed: make(map[*tree.Node]bool, len(nodes))}
	for _, x := range nodes {
		lc.listed[x] = true
		lc.nonPoints = lc.nonPoints || !q.ix.isPoint(x, q.Depth)
	}
	lc.evaluated = make([]int, len(q.ix.nodes)+1)
	lc.listedEvaluated = make([]int, len(q.ix.nodes)+1)
	for i, n := range q.ix.nodes {
		e, le := 0, 0
		if q.ix.isPoint(n, q.Depth) {
			switch ev := k.Evaluated(n); {
			case ev && lc.listed[n]:
				e, le = 1, 1
				lc.wrong++
			case ev:
				e = 1
			case !lc.listed[n]:
				lc.wrong++
			}
		}
		lc.evaluated[i+1] = lc.evaluated[i] + e
		lc.listedEvaluated[i+1] = lc.listedEvaluated[i] + le
	}
	return lc
}

// same reports whether the run r leaves exactly the listed points
// unevaluated. A run that shares the key's search is compared where it
// differs from the key only: the points it evaluates afresh and the
// subtrees the key searched that it never enters.
func (lc *listCheck) same(r *Run) bool {
	if r.base == nil {
		return sameNodes(lc.nodes, r.Never)
	}
	if lc.nonPoints {
		return false
	}
	q, k := lc.c.q, lc.c.q.Key
	flipped := 0
	for _, o := range r.Order {
		if r.Visits[o].Evaluated {
			if !k.Evaluated(o) { // never evaluated by the key, evaluated here
				if lc.listed[o] {
					return false
				}
				flipped++
			}
			continue
		}
		for _, ch := range moves(o) {
			if r.Visits[ch] != nil || r.shared[ch] {
				continue
			}
			// Never entered here: what the key evaluates below it is not.
			i := q.ix.order[ch]
			e := lc.evaluated[q.ix.end[i]] - lc.evaluated[i]
			if lc.listedEvaluated[q.ix.end[i]]-lc.listedEvaluated[i] != e {
				return false
			}
			flipped += e
		}
	}
	return flipped == lc.wrong
}

// --- windows and values of nodes ------------------------------------------------

// visit is the key's visit of the item's node. A node the search never
// entered settles the item: right when the answer says it is unsearched,
// else wrong (notSearched); settled reports that.
func (c *checker) visit(it *Item) (v *Visit, settled bool) {
	v = c.q.Key.visit(it.Node)
	switch {
	case v == nil && it.Answer.Unsearched:
		it.Correct = true
	case v == nil:
		c.notSearched(it)
	default:
		return v, false
	}
	return nil, true
}

func (c *checker) window(it *Item) {
	q, k, a := c.q, c.q.Key, it.Answer
	n := it.Node
	v, settled := c.visit(it)
	switch {
	case settled:
		return
	case a.Unsearched:
		it.wrong(nil, "%s is searched, with %s: %s; %s", label(n), q.window(v.Alpha, v.Beta), c.boundWhere(k, n, true), c.boundWhere(k, n, false))
		return
	case a.windowIs(v.Alpha, v.Beta):
		it.Correct = true
		return
	}
	same := func(r *Run) bool {
		rv := r.visit(n)
		return rv != nil && rv.HasWindow && a.windowIs(rv.Alpha, rv.Beta)
	}
	if m, text := c.windowMistake(n, same); m != nil {
		it.wrong(m, "%s", text)
		return
	}
	it.wrong(nil, "%s is searched with %s: %s; %s", label(n), q.window(v.Alpha, v.Beta), c.boundWhere(k, n, true), c.boundWhere(k, n, false))
}

// windowMistake looks for a mistaken search whose answer about node n the
// student gave (same reports whether a run gives it), for window and value
// questions.
func (c *checker) windowMistake(n *tree.Node, same func(*Run) bool) (*Misconception, string) {
	q, k := c.q, c.q.Key
	v := k.visit(n)
	if r := c.leftToRight(); r != nil && same(r) {
		return SearchedLTR, fmt.Sprintf("your answer is what %s gets when every node's children are searched left to right; this quiz searches them right to left, the last first", label(n))
	}
	for _, r := range c.otherFails() {
		if same(r) {
			fc, _ := failOf(r.Opt.Fail)
			this, _ := failOf(q.Opt.Fail)
			return FailConfused, fmt.Sprintf("your answer is what the same search gives under %s; this quiz is %s", fc.name, this.name)
		}
	}
	// A bound inherited from above the parent that the student did not
	// carry down: what branch and bound gives.
	if q.Opt.Algo == engine.AlphaBeta {
		for _, alpha := range []bool{true, false} {
			setter, _ := q.ix.source(k, n, alpha)
			if setter == nil || setter == q.ix.parent[n] {
				continue
			}
			if r := c.branchBound(); r != nil && same(r) {
				return DeepMissed, fmt.Sprintf("%s is searched with %s: %s; bounds are passed down the whole line, and branch and bound, which passes one bound one ply only, is what gives your answer",
					label(n), q.window(v.Alpha, v.Beta), c.boundWhere(k, n, alpha))
			}
		}
	}
	if q.Opt.Algo == engine.BranchBound {
		for _, r := range c.alphaBetas()[:len(fails)] {
			if same(r) && c.deepAbove(r, n) {
				return DeepInBranchBound, fmt.Sprintf("your answer is what %s gives, whose bounds go down the whole line; branch and bound gives each node one bound, from its parent only", alphaBetaWords(r.Opt))
			}
		}
	}
	if !q.Opt.Algo.Prunes() {
		for _, r := range c.alphaBetas() {
			if same(r) {
				return PrunedMinimax, fmt.Sprintf("your answer is what %s gives; %s prunes nothing, so every value it returns is exact", alphaBetaWords(r.Opt), q.Opt.Algo)
			}
		}
	}
	// A narrowed window not passed on to the next sibling, at n's parent or
	// higher up.
	for s := q.ix.parent[n]; s != nil; s = q.ix.parent[s] {
		if k.visit(s) == nil {
			continue
		}
		r := c.mutant(s, true)
		if r == nil || !same(r) {
			continue
		}
		var moved []string
		for _, kid := range q.ix.searched(s) {
			if !q.ix.under(n, kid) {
				continue
			}
			kv, sv := k.visit(kid), k.visit(s)
			if kv == nil {
				break
			}
			if q.ix.max[s] && kv.Alpha != sv.Alpha {
				setter, by := q.ix.source(k, kid, true)
				if setter == s {
					moved = append(moved, fmt.Sprintf("its move %s is searched with %s%s", label(kid), q.window(kv.Alpha, kv.Beta), c.raisedBy(by, true)))
				}
			}
			if !q.ix.max[s] && kv.Beta != sv.Beta {
				setter, by := q.ix.source(k, kid, false)
				if setter == s {
					moved = append(moved, fmt.Sprintf("its move %s is searched with %s%s", label(kid), q.window(kv.Alpha, kv.Beta), c.raisedBy(by, false)))
				}
			}
		}
		what := ""
		if len(moved) > 0 {
			what = ": " + strings.Join(moved, "; ")
		}
		return WindowNotPassed, fmt.Sprintf("at %s the window narrows from one move to the next%s. Your answer is what %s gets when %s passes its own window %s on to every move instead",
			c.words(s), what, label(n), ref(s), q.window(k.visit(s).Alpha, k.visit(s).Beta))
	}
	if q.windowed() {
		if r := c.otherCutoff(); r != nil && same(r) {
			rule := "--cutoff ge (ties prune)"
			if q.Opt.Cutoff == engine.CutGE {
				rule = "--cutoff gt (ties are searched)"
			}
			m := TiePruned
			if q.Opt.Cutoff == engine.CutGE {
				m = TieNotPruned
			}
			return m, fmt.Sprintf("your answer is what the search gives under %s; this quiz uses --cutoff %s", rule, q.Opt.Cutoff)
		}
	}
	for _, r := range c.depths() {
		if same(r) {
			return DepthOff, "your answer is the one " + c.depthWords(r)
		}
	}
	return nil, ""
}

// ruleGives reports whether the textbook rule makes the bound b of the value
// v returned from its window: ≤ at or below α, ≥ at or above β (both on a
// tie window's edge).
func ruleGives(v *Visit, b score.Bound) bool {
	switch b {
	case score.Upper:
		return v.Value <= v.Alpha
	case score.Lower:
		return v.Value >= v.Beta
	}
	return false
}

// provedButBound says that node n's search found its true value, and why
// what it returns is a bound all the same: "7 is indeed the true value of
// MAX node 2.2 — its whole subtree was searched — but 7 ≥ β 6, so the search
// reports it as a lower bound, ≥7: its parent only learns that 2.2 is worth
// at least 7".
func (c *checker) provedButBound(n *tree.Node) string {
	q, k := c.q, c.q.Key
	v := k.visit(n)
	how, best := "its whole subtree was searched", c.bestFound(k, n)
	switch {
	case v.Evaluated && n.Leaf:
		how, best = "a leaf's value is exact", v.Value
	case v.Evaluated:
		how, best = "its static evaluation is its value in a search to this depth", v.Value
	default:
		for _, p := range q.ix.pointsUnder(n, q.Depth) {
			if !k.Evaluated(p) {
				how = "what its search found proves it, whatever the moves it did not search are worth"
				break
			}
		}
	}
	return explain.ProvedButBound(q.info(), explain.ProvedFact{Node: c.words(n), Label: label(n), How: how, True: v.Lo,
		Max: q.ix.max[n], Best: best, Alpha: v.Alpha, Beta: v.Beta, Value: v.Value, Bound: v.Bound,
		Returned: q.bounded(v.Value, v.Bound), Fail: q.Opt.Fail.String(), Hidden: best != v.Lo}).Text
}

// deepAbove reports whether node n of run r is searched with a bound set
// above its parent, as only alpha-beta passes one down.
func (c *checker) deepAbove(r *Run, n *tree.Node) bool {
	if r.visit(n) == nil {
		return false
	}
	for _, alpha := range []bool{true, false} {
		if setter, _ := c.q.ix.source(r, n, alpha); setter != nil && setter != c.q.ix.parent[n] {
			return true
		}
	}
	return false
}

func (c *checker) notSearched(it *Item) {
	q, k := c.q, c.q.Key
	n := it.Node
	if q.ix.ply[n] > q.Depth {
		it.wrong(nil, "%s lies below the horizon (ply %d): the search never reaches it", label(n), q.Depth)
		return
	}
	cut, _ := q.ix.prunedAt(k, n)
	if cut == nil {
		it.wrong(nil, "%s is never searched", label(n))
		return
	}
	it.wrong(nil, "%s is never searched: %s, so it cut off %s", label(n), c.cutWhy(k, cut), list(k.visit(cut).Cut.Pruned))
}

func (c *checker) at(it *Item) {
	q, k, a := c.q, c.q.Key, it.Answer
	n := it.Node
	v, settled := c.visit(it)
	switch {
	case settled:
		return
	case a.Unsearched:
		it.wrong(nil, "%s is searched: %s", label(n), c.returnWhy(k, n))
		return
	case a.numIs(v.Value) && a.Bound == v.Bound:
		it.Correct = true
		return
	case a.numIs(v.Value) && v.Bound == score.NoBound:
		// The textbook rule cannot decide: any bound, or none, is its answer.
		num := q.Format(v.Value)
		it.Correct = true
		it.Note = fmt.Sprintf("the number is right: %s; the bound rule cannot tell whether a value clamped onto a tie window (α = β) is an upper or a lower bound, so %s, ≤%s and ≥%s are all accepted", c.returnWhy(k, n), num, num, num)
		return
	case a.numIs(v.Value) && v.Evaluated && v.HasWindow && ruleGives(v, a.Bound):
		// A leaf's value is exact; the bound the textbook rule makes of it
		// (a key may give that) is true of it too.
		it.Correct = true
		what := "a leaf's own value"
		if !n.Leaf {
			what = "its static evaluation, its value in a search to this depth"
		}
		it.Note = fmt.Sprintf("%s's value %s is exact (%s), whatever its window; %s, which the bound rule makes of a value with %s, is true of it too and accepted",
			label(n), q.Format(v.Value), what, q.givenNum(a), c.edge(q.ix.max[n], v.Value, v.Alpha, v.Beta))
		return
	}
	if v.Bound != score.Exact && v.Bound != score.NoBound && a.Bound == score.Exact {
		exact := q.exact.visit(n).Value
		switch {
		case a.numIs(exact) && v.Proved():
			it.wrong(BoundAsExact, "%s", c.provedButBound(n))
			return
		case a.numIs(exact):
			it.wrong(BoundAsExact, "%s is the true value of %s, but its search never proved it: %s",
				q.Format(a.Num), c.words(n), c.returnWhy(k, n))
			return
		case a.numIs(v.Value):
			it.wrong(BoundAsExact, "%s is only a bound here, not the value of %s (which is %s): %s",
				q.Format(a.Num), c.words(n), q.Format(exact), c.returnWhy(k, n))
			return
		}
	}
	same := func(r *Run) bool {
		rv := r.visit(n)
		return rv != nil && a.numIs(rv.Value) && (rv.Bound == a.Bound || rv.Bound == score.NoBound)
	}
	for _, r := range c.otherFails() {
		if same(r) {
			fc, _ := failOf(r.Opt.Fail)
			this, _ := failOf(q.Opt.Fail)
			it.wrong(FailConfused, "%s is %s's answer; this quiz is %s: %s", q.bounded(a.Num, a.Bound), fc.name, this.name, c.returnWhy(k, n))
			return
		}
	}
	if m, text := c.windowMistake(n, same); m != nil {
		it.wrong(m, "%s; here %s", text, c.returnWhy(k, n))
		return
	}
	it.wrong(nil, "%s", c.returnWhy(k, n))
}
