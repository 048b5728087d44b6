package quiz

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace/explain"
)

var propCases = flag.Int("quiz.cases", 0, "random cases for TestQuizClaimsAreTrue (default 400, 100 with -short)")

// TestQuizClaimsAreTrue is the quiz's property test. It draws random trees
// — chance nodes with Star1's bounds, [max]/[min] marks, MIN roots,
// decimals, static evaluations and a horizon — and quizzes them under every
// algorithm and convention the quiz knows (every fail convention, both
// cutoff rules, the children right to left), builds the key, answers it in
// right and wrong ways (the mistakes the checker knows, computed here, and
// random ones), and holds every claim of the key and of the feedback — each
// value, window, bound, cut, node never searched or leaf never evaluated,
// each relation between numbers, each "your answer is what … gives" — to an
// independent reference (reference_test.go): plain recursive minimax and
// expectimax for true values, plain reference searches for windows, values
// and which leaves are evaluated. It also holds the verdicts to it: a true
// answer in the key's form is right, and an answer marked right is true.
//
// go test ./lessons/quiz -run TestQuizClaimsAreTrue -quiz.cases 10000 runs
// it on 10,000 cases.
func TestQuizClaimsAreTrue(t *testing.T) {
	cases := 400
	if testing.Short() {
		cases = 100
	}
	if *propCases > 0 {
		cases = *propCases
	}
	st := &propStats{claims: map[string]int{}, kinds: map[string]int{}}
	for i := range cases {
		c := newPropCase(t, uint64(i))
		if c == nil {
			continue
		}
		c.check(t, st)
		if st.falseClaims > 20 {
			t.Fatalf("more than 20 false claims: stopping")
		}
	}
	t.Logf("%d cases (%v), %d claims checked, %d false: %v", cases, st.kinds, st.total(), st.falseClaims, st.claims)
	for _, kind := range []string{"key value", "key best", "key never", "key window", "key returns", "key bound", "key cut", "key not searched",
		"verdict", "window", "cut fact", "outline", "conventions", "true value", "returns", "evaluated", "variant list", "variant answer", "children", "relation", "chance cut", "root value when", "subtree note"} {
		if st.claims[kind] == 0 && cases >= 200 {
			t.Errorf("no claim of kind %q was checked: the cases do not reach what they should", kind)
		}
	}
}

type propStats struct {
	claims      map[string]int
	kinds       map[string]int
	falseClaims int
}

func (s *propStats) total() int {
	n := 0
	for _, k := range s.claims {
		n += k
	}
	return n
}

// propCase is one random quiz and its reference.
type propCase struct {
	g      *gtree
	q      *Quiz
	what   string // the tree and the options, for messages
	algo   string
	cfg    refConfig
	key    *refRun
	rng    *rand.Rand
	st     *propStats
	t      *testing.T
	scale  int64
	failed bool
}

var propAlgos = []string{
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt",
	"branch-bound:ge", "branch-bound:gt", "minimax", "negamax",
}

var propChanceAlgos = []string{
	"expectimax", "star1:hard", "star1:soft", // Star1: fail-hard or fail-soft, and --cutoff ge only (it cuts on ties)
}

// newPropCase draws case i: a tree and a quiz on it.
func newPropCase(t *testing.T, i uint64) *propCase {
	t.Helper()
	rng := rand.New(rand.NewPCG(i, 0x5eed))
	chance := rng.IntN(3) == 0
	o := genOptions{chance: chance, marks: rng.IntN(3) == 0, decimals: rng.IntN(4) == 0}
	o.evals = !chance && rng.IntN(4) == 0
	g := genTree(rng, o)
	if g.height == 0 {
		return nil
	}
	algos := propAlgos
	if g.chance {
		algos = propChanceAlgos
	}
	algo := algos[rng.IntN(len(algos))]
	tr, err := tree.Parse("t", g.text)
	if err != nil {
		t.Fatalf("case %d: %s: %v", i, g.text, err)
	}
	if g.rootMin && !g.markRoot {
		tr.RootMin = true // --root min
	}
	s := Spec{Tree: tr, Opt: spec(t, algo), RightToLeft: rng.IntN(3) == 0}
	depth := g.height
	if o.evals && g.height > 1 && rng.IntN(2) == 0 {
		depth = 1 + rng.IntN(g.height-1)
		s.Horizon = depth
	}
	scale := max(tr.Scale, 1)
	c := &propCase{g: g, algo: algo, rng: rng, t: t, scale: scale}
	c.cfg = refConfig{depth: depth, rtl: s.RightToLeft, noPass: "-", scale: scale}
	switch name, conv, _ := strings.Cut(algo, ":"); name {
	case "alphabeta", "star1":
		c.cfg.algo = "ab"
		c.cfg.fail, _, _ = strings.Cut(conv, ":")
		c.cfg.gt = strings.HasSuffix(conv, "gt")
	case "branch-bound":
		c.cfg.algo, c.cfg.fail, c.cfg.gt = "bb", "soft", strings.HasSuffix(conv, "gt")
	case "negamax":
		c.cfg.algo = "minimax" // the same search, in the side to move's view
	default:
		c.cfg.algo = name
	}
	if strings.HasPrefix(algo, "star1") {
		least, most := refInf, -refInf
		for _, n := range g.nodes {
			if n.leaf() {
				v := refRaw(n.value, scale)
				least, most = min(least, v), max(most, v)
			}
		}
		lo := least/scale - int64(rng.IntN(3)) - 1
		hi := (most+scale-1)/scale + int64(rng.IntN(3))
		s.Bounds = fmt.Sprintf("%d,%d", lo, hi)
		c.cfg.lo, c.cfg.hi = lo*scale, hi*scale
	}
	if !g.chance && algo != "minimax" && algo != "negamax" && rng.IntN(2) == 0 {
		// Ask for the windows and values of a few nodes, reached or not.
		for _, n := range g.nodes {
			if n.path != "" && refPly(n.path) <= depth && rng.IntN(3) == 0 && len(s.At) < 4 {
				s.At = append(s.At, n.path)
			}
		}
	} else if !g.chance && rng.IntN(2) == 0 {
		s.AskWindows = true
	}
	q, err := New(context.Background(), s)
	if err != nil {
		t.Fatalf("case %d: %s %s: %v", i, g.text, algo, err)
	}
	c.q = q
	c.what = fmt.Sprintf("case %d: %s %s (root %s, rtl %v, depth %d, bounds %q)", i, g.text, algo, map[bool]string{true: "MIN", false: "MAX"}[g.rootMin], s.RightToLeft, depth, s.Bounds)
	if q.Depth != depth {
		t.Fatalf("%s: the quiz searches %d plies", c.what, q.Depth)
	}
	c.key = reference(g, c.cfg)
	return c
}

func refPly(path string) int {
	if path == "" {
		return 0
	}
	return strings.Count(path, ".") + 1
}

func refRaw(v *big.Rat, scale int64) int64 {
	x := new(big.Rat).Mul(v, big.NewRat(scale, 1))
	return x.Num().Int64() / x.Denom().Int64()
}

// lie records a false claim.
func (c *propCase) lie(kind, format string, args ...any) {
	c.t.Helper()
	c.st.falseClaims++
	c.failed = true
	c.t.Errorf("%s\n  false %s claim: %s", c.what, kind, fmt.Sprintf(format, args...))
}

func (c *propCase) claim(kind string) { c.st.claims[kind]++ }

// --- numbers -------------------------------------------------------------

const numPat = `([−+-]?(?:∞|[0-9]+(?:\.[0-9]+)?(?:/[0-9]+)?))`

// rat reads a number as the quiz writes it; nil for ±∞.
func rat(s string) (*big.Rat, int) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "−", "-")
	switch s {
	case "∞", "+∞", "+inf", "inf":
		return nil, 1
	case "-∞", "-inf":
		return nil, -1
	}
	r, ok := new(big.Rat).SetString(strings.TrimPrefix(s, "+"))
	if !ok {
		return nil, 0
	}
	return r, 0
}

// raw reads a number the quiz writes into raw units (±refInf for ±∞).
func (c *propCase) raw(s string) (int64, bool) {
	r, inf := rat(s)
	switch {
	case inf != 0:
		return int64(inf) * refInf, true
	case r == nil:
		return 0, false
	}
	x := new(big.Rat).Mul(r, big.NewRat(c.scale, 1))
	if !x.IsInt() {
		return 0, false
	}
	return x.Num().Int64(), true
}

// truthAt is the true value of the node at path in the quiz's search.
func (c *propCase) truthAt(path string, mode int) *big.Rat {
	return truth(c.g.byPath[path], refPly(path), c.cfg.depth, mode)
}

func (c *propCase) truthRaw(path string) *big.Rat {
	return new(big.Rat).Mul(c.truthAt(path, chanceAverage), big.NewRat(c.scale, 1))
}

// pathOf reads a node's name in a sentence ("root", "2.1"); ok is false for
// a name the tree does not have.
func (c *propCase) pathOf(name string) (string, bool) {
	name = strings.TrimRight(name, ".,:;")
	if name == "root" || name == "the root" {
		return "", true
	}
	_, ok := c.g.byPath[name]
	return name, ok
}

// list reads a list as the quiz writes it: "2.1, 2.2 and 2.3", "nothing".
func (c *propCase) list(s string) ([]string, bool) {
	s = strings.TrimSpace(s)
	if s == "nothing" || s == "none" {
		return nil, true
	}
	var out []string
	for _, f := range regexp.MustCompile(`, | and | `).Split(s, -1) {
		if f == "" {
			continue
		}
		p, ok := c.pathOf(f)
		if !ok {
			return nil, false
		}
		out = append(out, p)
	}
	return out, true
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// --- the stated bound rule -----------------------------------------------

// label is the bound the quiz's stated rule gives the value v returned at
// the node at path from the window of run r: a leaf's (or a static
// evaluation's) value is exact; an inner node's is exact without a window,
// else by the textbook rule in the side to move's view, a value on the
// edge of a tie window no bound where the rule says a clamp may have put
// it there.
func (c *propCase) label(r *refRun, path string) score.Bound {
	v := r.visits[path]
	n := c.g.byPath[path]
	if v.evaluated || !v.hasWindow {
		return score.Exact
	}
	isMax := r.isMax(n)
	val, a, b := v.value, v.alpha, v.beta
	if !isMax {
		val, a, b = -val, -b, -a
	}
	var bd score.Bound
	switch {
	case a == b && val == a && r.cfg.algo == "ab" && r.cfg.fail != "soft":
		return score.NoBound // fail-hard and F2 may have clamped it there
	case val >= b:
		bd = score.Lower
	case val <= a:
		bd = score.Upper
	default:
		bd = score.Exact
	}
	if !isMax {
		bd = bd.Flip()
	}
	return bd
}

// holds reports whether the bound b of the raw value v is true of the
// node's true value.
func (c *propCase) holds(path string, v int64, b score.Bound) bool {
	tv := c.truthRaw(path)
	cmp := big.NewRat(v, 1).Cmp(tv)
	switch b {
	case score.Exact:
		return cmp == 0
	case score.Lower:
		return cmp <= 0
	case score.Upper:
		return cmp >= 0
	}
	return true
}

func markOf(s string) (score.Bound, string) {
	for _, m := range []struct {
		p string
		b score.Bound
	}{{"≤", score.Upper}, {"<=", score.Upper}, {"≥", score.Lower}, {">=", score.Lower}} {
		if rest, ok := strings.CutPrefix(s, m.p); ok {
			return m.b, rest
		}
	}
	return score.Exact, s
}

// --- the key -------------------------------------------------------------

func (c *propCase) check(t *testing.T, st *propStats) {
	c.st = st
	st.kinds[strings.SplitN(c.algo, ":", 2)[0]]++
	var text, js bytes.Buffer
	c.q.WriteKey(&text)
	// The rule the key states for a tie window (only the strict rule makes
	// them): no bound where the convention clamps, else a bound for the
	// side to move.
	clamps := c.cfg.algo == "ab" && c.cfg.fail != "soft"
	if c.cfg.gt && (c.cfg.algo == "ab" || c.cfg.algo == "bb") {
		c.claim("conventions")
		if strings.Contains(text.String(), "fail-hard may have clamped it there") != clamps || strings.Contains(text.String(), "a bound for the side to move") == clamps {
			c.lie("conventions", "the key states the tie window's rule wrongly for %s:\n%s", c.algo, text.String())
		}
	}
	if err := c.q.WriteKeyJSON(&js); err != nil {
		t.Fatal(err)
	}
	var key jsonKey
	if err := json.Unmarshal(js.Bytes(), &key); err != nil {
		t.Fatal(err)
	}
	c.checkKeyNodes(key)
	c.checkKeyText(text.String())
	c.checkOutline(text.String())
	c.checkConventions(c.q.Conventions())
	c.checkKeyLine(key.Answer, "key")
	for range 3 {
		c.checkAnswers(c.answers())
		if c.failed {
			return
		}
	}
}

// checkKeyNodes holds every node of the JSON key to the reference.
func (c *propCase) checkKeyNodes(key jsonKey) {
	for _, jn := range key.Nodes {
		n := c.g.byPath[jn.Path]
		if n == nil {
			c.lie("key node", "no node %q", jn.Path)
			continue
		}
		side := "min"
		switch {
		case n.chance:
			side = "chance"
		case n.max:
			side = "max"
		}
		c.claim("key side")
		if jn.Side != side || jn.Leaf != n.leaf() {
			c.lie("key side", "%s is %s (leaf %v), the reference %s (leaf %v)", jn.Path, jn.Side, jn.Leaf, side, n.leaf())
		}
		v := c.key.visits[jn.Path]
		c.claim("key not searched")
		if jn.Searched != (v != nil) {
			c.lie("key not searched", "%s searched %v, the reference %v", jn.Path, jn.Searched, v != nil)
			continue
		}
		if v == nil {
			continue
		}
		if v.hasWindow {
			c.claim("key window")
			if w := c.window(jn.Window); w == nil || w[0] != v.alpha || w[1] != v.beta {
				c.lie("key window", "%s searched with %s, the reference (%d, %d)/%d", jn.Path, jn.Window, v.alpha, v.beta, c.scale)
			}
		} else if jn.Window != "" {
			c.lie("key window", "%s searched with %s by %s, which has no window", jn.Path, jn.Window, c.algo)
		}
		c.claim("key returns")
		b, num := markOf(jn.Returns)
		val, ok := c.raw(num)
		if !ok || val != v.value {
			c.lie("key returns", "%s returns %s, the reference %d/%d", jn.Path, jn.Returns, v.value, c.scale)
			continue
		}
		c.claim("key bound")
		want := c.label(c.key, jn.Path)
		bound := map[string]score.Bound{"exact": score.Exact, "lower": score.Lower, "upper": score.Upper, "none": score.NoBound}[jn.Bound]
		if bound != want || (bound != b && bound != score.NoBound) || !c.holds(jn.Path, val, bound) {
			c.lie("key bound", "%s returns %s (%s): the stated rule gives %s; its true value is %s", jn.Path, jn.Returns, jn.Bound, want, c.truthAt(jn.Path, chanceAverage).RatString())
		}
		if jn.Evaluated != v.evaluated {
			c.lie("key evaluated", "%s evaluated %v, the reference %v", jn.Path, jn.Evaluated, v.evaluated)
		}
		c.claim("key cut")
		switch {
		case len(jn.Pruned) > 0 != v.cut:
			c.lie("key cut", "%s cut: pruned %v, the reference cut %v", jn.Path, jn.Pruned, v.cut)
		case v.cut && (!sameSet(jn.Pruned, v.pruned) || jn.CutAfter != v.cutBy):
			c.lie("key cut", "%s cut after %q: %v pruned, the reference after %q: %v", jn.Path, jn.CutAfter, jn.Pruned, v.cutBy, v.pruned)
		}
		if jn.Deep {
			c.claim("key deep")
			if setter, ok := c.deepSetter(c.key, jn.Path); !ok {
				c.lie("key deep", "%s: a deep cutoff, but its bound was set by its parent (%q)", jn.Path, setter)
			}
		}
	}
}

// deepSetter finds the node whose move set the bound n's cutoff reached
// in run r (β at a MAX node, α at a MIN node): the nearest ancestor whose
// child on the way down was searched with that edge while its own differed.
// ok reports a deep cutoff: that node is not n's parent.
func (c *propCase) deepSetter(r *refRun, path string) (string, bool) {
	n := c.g.byPath[path]
	edge := func(p string) int64 {
		if n.max {
			return r.visits[p].beta
		}
		return r.visits[p].alpha
	}
	e := edge(path)
	if e == refInf || e == -refInf {
		return "", false
	}
	for p := parentPath(path); ; p = parentPath(p) {
		if edge(p) != e {
			return p, p != parentPath(path)
		}
		if p == "" {
			return "", false
		}
	}
}

func parentPath(p string) string {
	i := strings.LastIndex(p, ".")
	if i < 0 {
		return ""
	}
	return p[:i]
}

// window reads "(a, b)" in the answer syntax or as people read it.
func (c *propCase) window(s string) []int64 {
	m := regexp.MustCompile(`^\(` + numPat + `, ` + numPat + `\)$`).FindStringSubmatch(strings.ReplaceAll(strings.ReplaceAll(s, "inf", "∞"), "+∞", "∞"))
	if m == nil {
		return nil
	}
	a, ok1 := c.raw(m[1])
	b, ok2 := c.raw(m[2])
	if !ok1 || !ok2 {
		return nil
	}
	return []int64{a, b}
}

// checkKeyText holds the text key's notes to the reference: the nodes not
// searched and where they were cut, the horizon, the tie windows, the
// example of the never-evaluated format.
func (c *propCase) checkKeyText(text string) {
	for _, line := range strings.Split(text, "\n") {
		if m := regexp.MustCompile(`^(\S+)\s+.*not searched \(cut at (\S+)\)`).FindStringSubmatch(line); m != nil {
			c.claim("key not searched")
			p, _ := c.pathOf(m[1])
			z, _ := c.pathOf(m[2])
			if zv := c.key.visits[z]; zv == nil || !zv.cut || !slices.ContainsFunc(zv.pruned, func(x string) bool { return x == p || strings.HasPrefix(p, x+".") }) {
				c.lie("key not searched", "%q: %s did not cut %s off", line, m[2], m[1])
			}
		}
		if m := regexp.MustCompile(`a deep cutoff: the bound comes from (the root|\S+)\)`).FindStringSubmatch(line); m != nil {
			c.claim("key deep")
			p, _ := c.pathOf(strings.Fields(line)[0])
			z, _ := c.pathOf(m[1])
			if setter, ok := c.deepSetter(c.key, p); !ok || setter != z {
				c.lie("key deep", "%q: the bound comes from %q (deep %v)", line, setter, ok)
			}
		}
		if m := regexp.MustCompile(`e\.g\. (\S+) for (.*)\)$`).FindStringSubmatch(line); m != nil {
			c.claim("subtree note")
			c.checkSubtree(m[1], m[2], line)
		}
	}
	if m := regexp.MustCompile(`(?m)^ 3\. never evaluated\s+(.*)$`).FindStringSubmatch(text); m != nil {
		c.claim("key never")
		got := strings.Fields(m[1])
		if m[1] == "none" {
			got = nil
		}
		if !sameSet(got, c.key.never) {
			c.lie("key never", "never evaluated %s, the reference %v", m[1], c.key.never)
		}
	}
}

// checkSubtree holds "X for LIST" to the reference: X is never entered,
// and LIST are the evaluation points below it.
func (c *propCase) checkSubtree(root, list, where string) {
	x, ok := c.pathOf(root)
	l, ok2 := c.list(list)
	if !ok || !ok2 || c.key.visits[x] != nil {
		c.lie("subtree note", "%q: %s is entered", where, root)
		return
	}
	var want []string
	for _, p := range c.key.never {
		if strings.HasPrefix(p, x+".") {
			want = append(want, p)
		}
	}
	if !sameSet(l, want) {
		c.lie("subtree note", "%q: the points below %s are %v", where, root, want)
	}
}

// checkKeyLine holds the key in the answer syntax to the reference.
func (c *propCase) checkKeyLine(line, where string) {
	for _, clause := range strings.Split(line, "; ") {
		word, rest, _ := strings.Cut(clause, " ")
		switch word {
		case "value":
			c.claim("key value")
			r, _ := rat(rest)
			if r == nil || r.Cmp(c.truthAt("", chanceAverage)) != 0 {
				c.lie("key value", "%s: %q; the root's value is %s", where, clause, c.truthAt("", chanceAverage).RatString())
			}
		case "best":
			c.claim("key best")
			p, ok := c.pathOf(rest)
			if !ok || parentPath(p) != "" || p == "" || c.truthAt(p, chanceAverage).Cmp(c.truthAt("", chanceAverage)) != 0 {
				c.lie("key best", "%s: %q is no best move", where, clause)
			}
		case "never":
			c.claim("key never")
			l := strings.Fields(rest)
			if rest == "none" {
				l = nil
			}
			if !sameSet(l, c.key.never) {
				c.lie("key never", "%s: %q; the reference never evaluates %v", where, clause, c.key.never)
			}
		case "window", "at":
			node, ans, _ := strings.Cut(rest, ": ")
			p, _ := c.pathOf(node)
			v := c.key.visits[p]
			if word == "window" {
				c.claim("key window")
				if w := c.window(ans); (v == nil) != (ans == "not searched") || (v != nil && (w == nil || w[0] != v.alpha || w[1] != v.beta)) {
					c.lie("key window", "%s: %q", where, clause)
				}
				continue
			}
			c.claim("key returns")
			b, num := markOf(ans)
			val, ok := c.raw(num)
			// A value the rule makes no bound (clamped onto a tie window)
			// is written as its number: the answer the key takes, the table
			// saying "no bound" beside it.
			nb := v != nil && c.label(c.key, p) == score.NoBound
			if (v == nil) != (ans == "not searched") || (v != nil && (!ok || val != v.value || (b != c.label(c.key, p) && !nb) || (!nb && !c.holds(p, val, b)))) {
				c.lie("key returns", "%s: %q (true value %s)", where, clause, c.truthAt(p, chanceAverage).RatString())
			}
		}
	}
}

// probability is the chance of the outcome c of its chance node, as the
// generator drew it.
func (c *propCase) probability(n *gnode) *big.Rat {
	p := c.g.byPath[parentPath(n.path)]
	w, sum := p.weights()
	return big.NewRat(w[slices.Index(p.kids, n)], sum)
}

// checkOutline holds the tree's outline (the quiz and the key print it) to
// the tree as it was generated: who moves at each node, every leaf's value
// and static evaluation, every outcome's probability.
func (c *propCase) checkOutline(text string) {
	nodeRE := regexp.MustCompile(`^\s*(MAX|MIN|CHANCE) (\S+)(?:  eval ` + numPat + `)?`)
	itemRE := regexp.MustCompile(`(?:^\s*leaf |: |; below it: | · )([0-9.]+) = ` + numPat + `(?: \(p ` + numPat + `\))?`)
	outcome := regexp.MustCompile(`^\s*outcome \(p ` + numPat + `\):$`)
	var pending *big.Rat
	for _, line := range strings.Split(text, "\n") {
		if m := outcome.FindStringSubmatch(line); m != nil {
			pending, _ = rat(m[1])
			continue
		}
		if m := nodeRE.FindStringSubmatch(line); m != nil {
			c.claim("outline")
			p, _ := c.pathOf(m[2])
			n := c.g.byPath[p]
			side := map[bool]string{true: "MAX", false: "MIN"}[n.max]
			if n.chance {
				side = "CHANCE"
			}
			if side != m[1] || (m[3] != "" && !c.ratIs(m[3], n.eval)) || (pending != nil && pending.Cmp(c.probability(n)) != 0) {
				c.lie("outline", "%q: %s", line, side)
			}
		}
		pending = nil
		for _, m := range itemRE.FindAllStringSubmatch(line, -1) {
			c.claim("outline")
			n := c.g.byPath[m[1]]
			if n == nil || !c.ratIs(m[2], pointValue(n)) || (m[3] != "") != c.g.byPath[parentPath(n.path)].chance || (m[3] != "" && !c.ratIs(m[3], c.probability(n))) {
				c.lie("outline", "%q: %s", line, m[0])
			}
		}
	}
}

// checkConventions holds the sentence that says how the quiz searches to
// the case: its algorithm's conventions, the order, the horizon, the bounds.
func (c *propCase) checkConventions(s string) {
	c.claim("conventions")
	want := []string{"values are from MAX's point of view"}
	if c.cfg.rtl {
		want = append(want, "children are searched right to left")
	} else {
		want = append(want, "children are searched left to right")
	}
	if c.cfg.depth < c.g.height {
		want = append(want, fmt.Sprintf("the search looks %d plies ahead", c.cfg.depth))
	}
	switch c.cfg.algo {
	case "ab":
		want = append(want, explain.FailName(c.cfg.fail), explain.CutoffName(map[bool]string{true: "gt", false: "ge"}[c.cfg.gt]))
	case "bb":
		if c.cfg.gt {
			want = append(want, "passes it (> β at MAX, < α at MIN; ties are searched)")
		} else {
			want = append(want, "reaches it (≥ β at MAX, ≤ α at MIN)")
		}
	}
	if strings.HasPrefix(c.algo, "star1") {
		want = append(want, fmt.Sprintf("between %s and %s", c.q.Format(c.cfg.lo), c.q.Format(c.cfg.hi)))
	}
	for _, w := range want {
		if !strings.Contains(s, w) {
			c.lie("conventions", "%q does not say %q", s, w)
		}
	}
}
