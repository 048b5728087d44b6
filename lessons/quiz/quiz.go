package quiz

import (
	"context"
	"errors"
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

// Spec says how to make a quiz.
type Spec struct {
	Tree *tree.Tree // quiz on this tree; nil to generate one with Gen
	Gen  Gen
	Opt  engine.Options // the algorithm and its conventions
	// Horizon is the number of plies searched; 0 searches to the leaves (a
	// given tree: as deep as its [depth=N] says, else to its leaves). A
	// generated tree searched to a horizon gets a static evaluation at every
	// inner node: its minimax value plus some noise.
	Horizon    int
	AskWindows bool     // ask for the window and value of a few nodes
	At         []string // the nodes to ask about (implies AskWindows); empty: chosen
	// RightToLeft searches each node's children right to left, the last
	// first (--order-children rtl).
	RightToLeft bool
	// Bounds are the least and greatest value of every leaf, "LO,HI" in the
	// tree's units, that Star1 prunes chance nodes with; "" takes the
	// generator's --min and --max, or a given tree's least and greatest leaf.
	Bounds string
}

// Gen says how to generate a quiz tree.
type Gen struct {
	Branching, Depth int
	Min, Max         int64
	Seed             uint64
	MinCutoffs       int  // regenerate until the search has at least this many cutoffs
	DeepCutoff       bool // regenerate until the search has a deep cutoff
	// Chance makes every node on an odd ply a chance node (MAX, chance,
	// MIN, chance, ...), its outcomes' probabilities drawn from the seed.
	Chance bool
}

// MaxAttempts bounds the trees tried to meet --min-cutoffs and --deep-cutoff.
const MaxAttempts = 1000

// MaxLeaves bounds a generated quiz tree: a quiz is solved by hand.
const MaxLeaves = 1000

// MaxNodes bounds the nodes of a given tree a quiz's search can reach (to
// its depth). Checking an answer runs a search of its own for each
// misconception, one per node for a window not passed on; each shares the
// key's search where it searches as the key did, so memory grows linearly
// with the tree, about 3 KB a node at the most (docs/reliability.md): this
// keeps a check well within the 2 GB every command stays under. A quiz
// worked out by hand is a few dozen nodes.
const MaxNodes = 200_000

// Error is a problem with what the quiz was asked to be, or with an answer:
// a usage error. Where names the flag or the place in the answer.
type Error struct {
	Where string
	Msg   string
	msg   error  // Msg, to say in another language
	at    *place // Where, when it is a place in the answers, to say in another language
	// whereIn says Where in another language, when it is words the
	// caller gave (CheckOne's).
	whereIn func(p *i18n.Printer) string
}

// TranslateError is Error in p's language.
func (e *Error) TranslateError(p *i18n.Printer) string {
	msg := e.Msg
	if e.msg != nil {
		msg = p.Error(e.msg)
	}
	if e.Where == "" {
		return msg
	}
	where := e.Where
	if e.at != nil {
		where = e.at.in(p)
	} else if e.whereIn != nil {
		where = e.whereIn(p)
	}
	return where + ": " + msg
}

func (e *Error) Error() string {
	if e.Where == "" {
		return e.Msg
	}
	return e.Where + ": " + e.Msg
}

func errorf(where, format string, args ...any) *Error {
	msg := i18n.Errorf(format, args...)
	return &Error{Where: where, Msg: msg.Error(), msg: msg}
}

// errorfIn is errorf where words the caller gave name the place, said in
// each language as they say themselves.
func errorfIn(where i18n.Phrase, format string, args ...any) *Error {
	e := errorf(where.En, format, args...)
	e.whereIn = where.In
	return e
}

// errorAt is errorf at a place in the answers.
func errorAt(at place, format string, args ...any) *Error {
	e := errorf(at.String(), format, args...)
	if at.clause > 0 || at.line > 0 {
		e.at = &at
	}
	return e
}

// Quiz is a tree, a search and the questions about it, with the key.
type Quiz struct {
	Tree       *tree.Tree
	Opt        engine.Options
	Depth      int  // plies searched
	Horizon    bool // the search stops above some leaves and uses static evaluations
	Generated  bool
	Gen        Gen
	Attempt    int    // the attempt whose tree met the constraints (0: the seed's own)
	TreeSeed   uint64 // the seed the tree was drawn with: Gen.Seed, or one derived from it
	Key        *Run
	Questions  []Question
	AskWindows bool
	// RightToLeft: each node's children are searched right to left.
	RightToLeft bool
	// Lang is the language the quiz is printed and its answers checked
	// in (its JSON stays English): the questions, the tree's outline, the
	// conventions and the report's own words (quiz.LANG.json).
	Lang i18n.Lang

	bounds         string           // Spec.Bounds
	chanceMistakes []*chanceVariant // the mistaken searches of a chance tree, once made
	ix             *index
	perPly         []int           // a given tree's nodes on each ply (sizeFits)
	cache          map[string]*Run // other searches of the tree, by what they are
	exact          *Run            // minimax to the same depth: every node's exact value
}

// Supported reports whether the quiz can ask about the algorithm.
func Supported(a engine.Algo) bool {
	switch a {
	case engine.AlphaBeta, engine.Minimax, engine.Negamax, engine.BranchBound, engine.Expectimax, engine.Star1:
		return true
	}
	return false
}

// New makes the quiz the spec describes: it generates the tree (meeting the
// constraints), searches it and chooses the questions.
func New(ctx context.Context, s Spec) (*Quiz, error) {
	o := s.Opt
	if !Supported(o.Algo) {
		return nil, errorf("--algo", "%s: a quiz asks about alphabeta, minimax, negamax or branch-bound, or on chance nodes expectimax or star1", o.Algo)
	}
	o = engine.Options{Algo: o.Algo, Fail: o.Fail, Cutoff: o.Cutoff}
	if s.Bounds != "" && o.Algo != engine.Star1 {
		return nil, errorf("--bounds", "only with --algo star1, which prunes chance nodes with them")
	}
	if o.Algo.ForChance() && (s.AskWindows || len(s.At) > 0) {
		return nil, errorf("--ask-windows", "not with --algo %s: a quiz on chance nodes asks for the root's value, the best move and the leaves never evaluated", o.Algo)
	}
	if o.Algo == engine.BranchBound {
		o.Fail = engine.FailSoft
	}
	if _, ok := failOf(o.Fail); !ok && o.Algo.Prunes() {
		return nil, errorf("--fail", "%s: the quiz knows %s", o.Fail, failNames())
	}
	if s.Horizon < 0 || s.Horizon > engine.MaxDepth {
		return nil, errorf("--horizon", "%d: must be between 0 and %d, the deepest search prunescope runs", s.Horizon, engine.MaxDepth)
	}
	q := &Quiz{Opt: o, AskWindows: s.AskWindows || len(s.At) > 0, RightToLeft: s.RightToLeft, bounds: s.Bounds, cache: map[string]*Run{}}
	var err error
	if s.Tree != nil {
		err = q.given(ctx, s)
	} else {
		err = q.generate(ctx, s)
	}
	if err != nil {
		return nil, err
	}
	exact := engine.Options{Algo: engine.Minimax}
	if q.ix.chance {
		exact.Algo = engine.Expectimax
	}
	if q.exact, err = q.search(ctx, exact, q.Depth); err != nil {
		return nil, err
	}
	if q.AskWindows {
		if err := q.choose(s.At); err != nil {
			return nil, err
		}
	} else {
		q.Questions = []Question{{Kind: Value}, {Kind: Best}, {Kind: Never}}
	}
	return q, nil
}

// given sets the quiz up on a tree the user gave.
func (q *Quiz) given(ctx context.Context, s Spec) error {
	t := s.Tree
	if s.Gen.MinCutoffs > 0 || s.Gen.DeepCutoff {
		return errorf("--min-cutoffs", "only for generated trees (the tree given with --tree is quizzed as it is)")
	}
	var err error
	if q.perPly, err = sizeFits(t, s.Horizon); err != nil {
		return err
	}
	q.Tree, q.ix = t, q.index(t)
	if err := q.chanceFits(q.ix, "--tree"); err != nil {
		return err
	}
	if !q.ix.alternates() {
		return errorf("--tree", "the tree has a node with the same player as its parent ([max] or [min] marks): a quiz's answers assume the players alternate")
	}
	if q.ix.height == 0 {
		return errorf("--tree", "the tree is a single leaf: a quiz needs at least one move")
	}
	q.Depth = q.ix.height
	if t.Depth > 0 {
		q.Depth = t.Depth
	}
	if s.Horizon > 0 {
		q.Depth = s.Horizon
	}
	q.Horizon = q.Depth < q.ix.height
	if q.ix.chance && q.Horizon {
		return errorf("--horizon", "a quiz on chance nodes searches to the leaves (the tree or --horizon stops at ply %d)", q.Depth)
	}
	if err := t.CheckDepth(q.Depth); err != nil {
		return errorf("--horizon", "%v", err)
	}
	if err := q.setBounds(t, 0, 0, false); err != nil {
		return err
	}
	q.Key, err = q.search(ctx, q.Opt, q.Depth)
	return err
}

// sizeFits refuses a given tree whose search to the quiz's depth (horizon,
// else the tree's [depth=N], else its height) reaches more than MaxNodes
// nodes, before anything is made of it.
func sizeFits(t *tree.Tree, horizon int) ([]int, error) {
	var perPly []int // nodes reached by moves on each ply
	var walk func(n *tree.Node, ply int)
	walk = func(n *tree.Node, ply int) {
		if ply == len(perPly) {
			perPly = append(perPly, 0)
		}
		perPly[ply]++
		for _, c := range n.Children {
			if !c.Pass {
				walk(c, ply+1)
			}
		}
	}
	walk(t.Root, 0)
	depth := len(perPly) - 1
	if t.Depth > 0 {
		depth = min(depth, t.Depth)
	}
	if horizon > 0 {
		depth = min(depth, horizon)
	}
	if nodes := reached(perPly, depth); nodes > MaxNodes {
		return nil, errorf("--tree", "a search of %d plies reaches %d nodes of the tree: a quiz takes at most %d (it is worked out by hand, and checking an answer searches the tree once for each misconception)", depth, nodes, MaxNodes)
	}
	return perPly, nil
}

// reached counts the nodes a search to depth reaches, from the nodes on
// each ply.
func reached(perPly []int, depth int) int {
	nodes := 0
	for _, k := range perPly[:min(depth+1, len(perPly))] {
		nodes += k
	}
	return nodes
}

// generate draws trees from the seed, and from seeds derived from it, until
// one meets the constraints.
func (q *Quiz) generate(ctx context.Context, s Spec) error {
	g := s.Gen
	q.Generated, q.Gen = true, g
	if g.Depth < 1 {
		return errorf("--depth", "%d: a quiz needs a tree of at least one ply", g.Depth)
	}
	if g.Branching < 1 {
		return errorf("--branching", "%d: must be at least 1", g.Branching)
	}
	leaves := int64(1)
	for i := 0; i < g.Depth && leaves <= MaxLeaves; i++ {
		leaves *= int64(g.Branching)
	}
	if leaves > MaxLeaves {
		return errorf("--branching", "branching %d and depth %d make more than %d leaves: too many for a quiz solved by hand", g.Branching, g.Depth, MaxLeaves)
	}
	if g.Chance != q.Opt.Algo.ForChance() {
		if g.Chance {
			return errorf("--chance", "--algo %s takes no averages: a quiz on chance nodes asks about expectimax or star1", q.Opt.Algo)
		}
		return errorf("--algo", "%s asks about chance nodes: generate a tree with them (--chance), or give one (--tree)", q.Opt.Algo)
	}
	if g.Chance && g.Depth < 2 {
		return errorf("--depth", "%d: a tree with chance nodes needs at least 2 plies (a move, then a chance node's outcomes)", g.Depth)
	}
	if g.Chance && (s.Horizon > 0 || g.DeepCutoff) {
		where := "--horizon"
		if g.DeepCutoff {
			where = "--deep-cutoff"
		}
		return errorf(where, "not with --chance: a quiz on chance nodes searches to the leaves, and its cuts are Star1's")
	}
	depth := g.Depth
	if s.Horizon > 0 {
		if s.Horizon > g.Depth {
			return errorf("--horizon", "%d: the tree is only %d plies deep (--depth)", s.Horizon, g.Depth)
		}
		depth = s.Horizon
	}
	q.Depth, q.Horizon = depth, s.Horizon > 0
	if err := q.possible(g, depth); err != nil {
		return err
	}
	noise := max(1, (g.Max-g.Min)/4)
	for attempt := range MaxAttempts {
		seed := SubSeed(g.Seed, attempt)
		t, err := tree.Random(g.Branching, g.Depth, g.Min, g.Max, seed)
		if err != nil {
			return generatorError(err)
		}
		t.Source = fmt.Sprintf("random b=%d d=%d values %d..%d seed %d", g.Branching, g.Depth, g.Min, g.Max, g.Seed)
		if g.Chance {
			if t, err = chanceTree(t, seed); err != nil {
				return err
			}
			if err := q.setBounds(t, g.Min, g.Max, true); err != nil {
				return err
			}
		}
		if q.Horizon {
			if err := t.AddEvals(noise, seed); err != nil {
				return errorf("--horizon", "%v", err)
			}
		}
		ix := q.index(t)
		key, err := search(ctx, ix, q.Opt, depth)
		if err != nil {
			return err
		}
		if key.Cutoffs >= g.MinCutoffs && (!g.DeepCutoff || ix.deepCutoffs(key) > 0) {
			q.Tree, q.ix, q.Key, q.Attempt, q.TreeSeed = t, ix, key, attempt, seed
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	conv := convWords{q.Opt.Algo.String(), q.Opt.Fail.String(), q.Opt.Cutoff.String()}
	// One whole message for each constraint asked.
	switch {
	case g.MinCutoffs == 0:
		return errorf("--deep-cutoff", "no tree with a deep cutoff found in %d attempts from seed %d (branching %d, depth %d, values %d..%d, %v): ask for less, or for a bigger tree or a wider range",
			MaxAttempts, g.Seed, g.Branching, g.Depth, g.Min, g.Max, conv)
	case g.MinCutoffs == 1 && g.DeepCutoff:
		return errorf("--min-cutoffs", "no tree with at least 1 cutoff and a deep cutoff found in %d attempts from seed %d (branching %d, depth %d, values %d..%d, %v): ask for less, or for a bigger tree or a wider range",
			MaxAttempts, g.Seed, g.Branching, g.Depth, g.Min, g.Max, conv)
	case g.MinCutoffs == 1:
		return errorf("--min-cutoffs", "no tree with at least 1 cutoff found in %d attempts from seed %d (branching %d, depth %d, values %d..%d, %v): ask for less, or for a bigger tree or a wider range",
			MaxAttempts, g.Seed, g.Branching, g.Depth, g.Min, g.Max, conv)
	case g.DeepCutoff:
		return errorf("--min-cutoffs", "no tree with at least %d cutoffs and a deep cutoff found in %d attempts from seed %d (branching %d, depth %d, values %d..%d, %v): ask for less, or for a bigger tree or a wider range",
			g.MinCutoffs, MaxAttempts, g.Seed, g.Branching, g.Depth, g.Min, g.Max, conv)
	}
	return errorf("--min-cutoffs", "no tree with at least %d cutoffs found in %d attempts from seed %d (branching %d, depth %d, values %d..%d, %v): ask for less, or for a bigger tree or a wider range",
		g.MinCutoffs, MaxAttempts, g.Seed, g.Branching, g.Depth, g.Min, g.Max, conv)
}

// convWords names a search's conventions in an error (explain.Conventions:
// "fail-hard, cut on > (no pruning on ties)"), in the language the error is
// said in: an error's argument that is an error is said in its printer's
// language.
type convWords struct{ algo, fail, cutoff string }

func (c convWords) Error() string { return explain.Conventions(c.algo, c.fail, c.cutoff) }

// TranslateError is Error in p's language.
func (c convWords) TranslateError(p *i18n.Printer) string {
	return explain.ConventionsIn(&trace.Info{Lang: string(p.Lang())}, c.algo, c.fail, c.cutoff)
}

// possible refuses constraints no tree of the shape can meet.
func (q *Quiz) possible(g Gen, depth int) error {
	if g.MinCutoffs < 0 {
		return errorf("--min-cutoffs", "%d is negative", g.MinCutoffs)
	}
	if !q.Opt.Algo.Prunes() {
		if g.MinCutoffs > 0 {
			return errorf("--min-cutoffs", "%s never cuts off: it searches every node", q.Opt.Algo)
		}
		if g.DeepCutoff {
			return errorf("--deep-cutoff", "%s never cuts off: it searches every node", q.Opt.Algo)
		}
	}
	if g.DeepCutoff && q.Opt.Algo == engine.BranchBound {
		return errorf("--deep-cutoff", "branch and bound has no deep cutoffs: its one bound goes one ply down only")
	}
	if g.DeepCutoff && g.Branching < 2 {
		return errorf("--deep-cutoff", "with branching 1 nothing is ever left to cut")
	}
	if g.DeepCutoff && depth < 4 {
		return errorf("--deep-cutoff", "a deep cutoff needs a search of at least 4 plies (the node that cuts off is 3 plies below the node that set its bound, and has moves), and this one searches %d", depth)
	}
	// A cutoff leaves moves unsearched, so it happens at a node with two
	// moves or more; the root, searched with (−∞, +∞), never cuts.
	most := 0
	if g.Branching >= 2 {
		level := 1
		for p := 1; p < depth; p++ {
			level *= g.Branching
			most += level
		}
	}
	if g.MinCutoffs > most {
		return errorf("--min-cutoffs", "%d: a search of %d plies of a tree with branching %d has at most %d nodes that can cut off", g.MinCutoffs, depth, g.Branching, most)
	}
	return nil
}

// generatorError turns the generator's complaint into a flag error.
func generatorError(err error) error {
	msg := err.Error()
	where := ""
	switch {
	case strings.HasPrefix(msg, "branching"):
		where = "--branching"
	case strings.HasPrefix(msg, "depth"):
		where = "--depth"
	case strings.HasPrefix(msg, "min"):
		where = "--min"
	case strings.HasPrefix(msg, "max"):
		where = "--max"
	}
	return &Error{Where: where, Msg: msg}
}

// SubSeed is the seed of the given attempt at meeting the constraints: the
// seed itself first, then seeds derived from it (SplitMix64), so that the
// same flags and seed always give the same tree.
func SubSeed(seed uint64, attempt int) uint64 {
	if attempt == 0 {
		return seed
	}
	z := seed + uint64(attempt)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// search runs the engine on the quiz tree, once per configuration.
func (q *Quiz) search(ctx context.Context, opt engine.Options, depth int) (*Run, error) {
	id := fmt.Sprintf("%s@%d", opt.Spec(), depth)
	if r, ok := q.cache[id]; ok {
		return r, nil
	}
	r, err := search(ctx, q.ix, opt, depth)
	if err != nil {
		var noEval *engine.NoEvalError
		if errors.As(err, &noEval) {
			return nil, errorf("--horizon", "%v", err)
		}
		return nil, err
	}
	q.cache[id] = r
	return r, nil
}

// choose picks the nodes whose window and value the quiz asks for: the ones
// named, else up to three interesting ones.
func (q *Quiz) choose(at []string) error {
	q.Questions = []Question{{Kind: Value}, {Kind: Best}, {Kind: Never}}
	var nodes []*tree.Node
	if len(at) > 0 {
		for _, name := range at {
			n := q.ix.find(strings.TrimSpace(name))
			if n == nil {
				return errorf("--at", "the tree has no node named %q (name nodes by path, such as 2.1, or by name)", name)
			}
			if !slices.Contains(nodes, n) {
				nodes = append(nodes, n)
			}
		}
	} else {
		nodes = q.interesting()
	}
	for _, n := range nodes {
		if q.Opt.Algo.Prunes() {
			q.Questions = append(q.Questions, Question{Kind: Window, Node: n})
		}
		q.Questions = append(q.Questions, Question{Kind: At, Node: n})
	}
	return nil
}

// interesting chooses two or three nodes worth asking about, always the same
// for the same quiz: nodes that cut off (deep cutoffs first), nodes whose
// window an earlier sibling narrowed, nodes that return a bound. They are
// asked in the order the search meets them.
func (q *Quiz) interesting() []*tree.Node {
	type cand struct {
		n     *tree.Node
		score int
		seq   int
	}
	var cs []cand
	r := q.Key
	for seq, n := range r.Order {
		if n == q.Tree.Root {
			continue
		}
		v := r.visit(n)
		if v.Bound == score.NoBound {
			continue // a value clamped onto an empty window says nothing: no question for a student
		}
		s := 0
		if v.Cut != nil {
			s += 4
			if q.ix.deep(r, n) {
				s += 3
			}
		}
		if q.narrowed(n) {
			s += 2
		}
		if v.Bound != score.Exact {
			s++
		}
		if !v.Evaluated { // an inner node: a leaf's value is no question
			s++
		}
		cs = append(cs, cand{n, s, seq})
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return b.score - a.score })
	var chosen []cand
	leaves := 0
	for _, c := range cs {
		if len(chosen) == 3 || (len(chosen) == 2 && c.score <= 1) {
			break // a third node only when it teaches something
		}
		if r.visit(c.n).Evaluated {
			if leaves > 0 {
				continue // one leaf's window is enough
			}
			leaves++
		}
		chosen = append(chosen, c)
	}
	slices.SortFunc(chosen, func(a, b cand) int { return a.seq - b.seq })
	out := make([]*tree.Node, len(chosen))
	for i, c := range chosen {
		out[i] = c.n
	}
	return out
}

// narrowed reports whether n's window is narrower than its parent's: an
// earlier sibling moved a bound.
func (q *Quiz) narrowed(n *tree.Node) bool {
	p := q.ix.parent[n]
	if p == nil {
		return false
	}
	v, pv := q.Key.visit(n), q.Key.visit(p)
	return v.HasWindow && pv.HasWindow && (v.Alpha != pv.Alpha || v.Beta != pv.Beta)
}

// Find returns the node of the quiz tree a person names, or nil.
func (q *Quiz) Find(name string) *tree.Node { return q.ix.find(name) }

// Format formats a value of the quiz tree as people read it (±∞ included).
func (q *Quiz) Format(v int64) string { return score.Number(v, q.scale(), 0) }

func (q *Quiz) scale() int64 { return max(q.Tree.Scale, 1) }
