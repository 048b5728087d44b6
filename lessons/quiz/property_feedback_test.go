package quiz

import (
	"context"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/internal/score"
)

// The feedback half of TestQuizClaimsAreTrue: answers, right and wrong, and
// every claim the checker makes about them held to the reference.

// variantRef is a mistaken search the reference makes, for answers.
type variantRef struct {
	cfg  refConfig
	mode int // a chance mistake's mode for values (chanceAverage: none)
}

// variants are the mistaken searches of the case's tree, as the reference
// makes them: the other conventions, the other algorithms, one node not
// passing its window on, the children left to right, a ply more or less,
// chance nodes taken for players or averaged plainly.
func (c *propCase) variants() []variantRef {
	var out []variantRef
	k := c.cfg
	add := func(f func(*refConfig)) {
		x := k
		f(&x)
		out = append(out, variantRef{cfg: x})
	}
	if c.g.chance {
		for _, m := range []int{chanceMin, chanceMaxOutcome, chanceOther} {
			x := k
			x.algo, x.fail, x.chanceAs = "ab", "hard", m
			out = append(out, variantRef{cfg: x, mode: m})
		}
		x := k
		x.algo = "expectimax"
		out = append(out, variantRef{cfg: x, mode: chanceUnweighted})
		if k.rtl {
			add(func(x *refConfig) { x.rtl = false })
		}
		return out
	}
	for _, f := range []string{"hard", "soft", "f2"} {
		for _, gt := range []bool{false, true} {
			add(func(x *refConfig) { x.algo, x.fail, x.gt = "ab", f, gt })
		}
	}
	for _, gt := range []bool{false, true} {
		add(func(x *refConfig) { x.algo, x.fail, x.gt = "bb", "soft", gt })
	}
	add(func(x *refConfig) { x.algo = "minimax" })
	if k.rtl {
		add(func(x *refConfig) { x.rtl = false })
	}
	if c.g.evals {
		for _, d := range []int{k.depth - 1, k.depth + 1} {
			if d >= 1 && d <= c.g.height {
				add(func(x *refConfig) { x.depth = d })
			}
		}
	}
	if k.algo == "ab" || k.algo == "bb" {
		var inner []string
		for p, v := range c.key.visits {
			if !v.evaluated {
				inner = append(inner, p)
			}
		}
		slices.Sort(inner)
		for range 2 {
			if len(inner) > 0 {
				s := inner[c.rng.IntN(len(inner))]
				add(func(x *refConfig) { x.noPass = s })
			}
		}
	}
	return out
}

func (c *propCase) run(cfg refConfig) *refRun { return reference(c.g, cfg) }

// answers draws one set of answers to every question, right or wrong.
func (c *propCase) answers() string {
	rng := c.rng
	vs := c.variants()
	pickVariant := func() *refRun {
		if len(vs) == 0 {
			return c.key
		}
		return c.run(vs[rng.IntN(len(vs))].cfg)
	}
	num := func(raw int64) string { return ratText(big.NewRat(raw, c.scale)) }
	var parts []string
	// The root's value.
	switch rng.IntN(5) {
	case 0, 1:
		parts = append(parts, "value "+ratText(c.truthAt("", chanceAverage)))
	case 2:
		if c.g.chance {
			m := []int{chanceUnweighted, chanceMin, chanceMaxOutcome, chanceOther}[rng.IntN(4)]
			parts = append(parts, "value "+ratText(c.truthAt("", m)))
		} else {
			parts = append(parts, "value "+num(pickVariant().value))
		}
	case 3:
		parts = append(parts, "value "+ratText(new(big.Rat).Add(c.truthAt("", chanceAverage), big.NewRat(1, 2))))
	default:
		parts = append(parts, fmt.Sprintf("value %d", rng.IntN(13)-6))
	}
	// The best move.
	root := c.g.root
	parts = append(parts, "best "+root.kids[rng.IntN(len(root.kids))].path)
	// The leaves never evaluated.
	var never []string
	switch rng.IntN(6) {
	case 0:
		never = c.key.never
	case 1:
		never = c.withRoots(c.key.never)
	case 2, 3:
		never = pickVariant().never
	case 4:
		for _, n := range c.g.nodes {
			if p := refPly(n.path); p <= c.cfg.depth && point(n, p, c.cfg.depth) && rng.IntN(3) == 0 {
				never = append(never, n.path)
			}
		}
	default:
		never = append(slices.Clone(c.key.never), c.g.nodes[rng.IntN(len(c.g.nodes))].path)
	}
	if len(never) == 0 {
		parts = append(parts, "never none")
	} else {
		names := make([]string, len(never))
		for i, p := range never {
			names[i] = p
			if p == "" {
				names[i] = "root"
			}
		}
		parts = append(parts, "never "+strings.Join(names, " "))
	}
	// Windows and values of nodes.
	for _, qu := range c.q.Questions {
		if qu.Node == nil {
			continue
		}
		p := qu.Node.Path()
		switch qu.Kind {
		case Window:
			v := pickVariant().visits[p]
			if rng.IntN(3) == 0 {
				v = c.key.visits[p]
			}
			switch {
			case rng.IntN(6) == 0:
				parts = append(parts, "window "+label(qu.Node)+": (-inf, +inf)")
			case v == nil || !v.hasWindow:
				parts = append(parts, "window "+label(qu.Node)+": -")
			default:
				parts = append(parts, fmt.Sprintf("window %s: (%s, %s)", label(qu.Node), c.edgeText(v.alpha), c.edgeText(v.beta)))
			}
		case At:
			r := pickVariant()
			if rng.IntN(3) == 0 {
				r = c.key
			}
			v := r.visits[p]
			switch {
			case v == nil:
				parts = append(parts, "at "+label(qu.Node)+": -")
			case rng.IntN(4) == 0:
				parts = append(parts, "at "+label(qu.Node)+": "+ratText(c.truthAt(p, chanceAverage)))
			default:
				mark := []string{"", "<=", ">="}[rng.IntN(3)]
				if rng.IntN(2) == 0 && r.cfg.algo != "minimax" {
					mark = boundMark(c.label(r, p), true)
				}
				parts = append(parts, "at "+label(qu.Node)+": "+mark+num(v.value))
			}
		}
	}
	return strings.Join(parts, "; ")
}

func (c *propCase) edgeText(v int64) string {
	switch v {
	case refInf:
		return "+inf"
	case -refInf:
		return "-inf"
	}
	return ratText(big.NewRat(v, c.scale))
}

// withRoots writes a list of points never evaluated with the roots of
// subtrees never entered instead of some of their leaves.
func (c *propCase) withRoots(never []string) []string {
	out := slices.Clone(never)
	for _, n := range c.g.nodes {
		if n.leaf() || refPly(n.path) >= c.cfg.depth || c.key.visits[n.path] != nil || c.key.visits[parentPath(n.path)] == nil || c.rng.IntN(2) == 0 {
			continue
		}
		out = slices.DeleteFunc(out, func(p string) bool { return strings.HasPrefix(p, n.path+".") })
		out = append(out, n.path)
	}
	return out
}

// expanded is a never list as the quiz grades it: a node never entered,
// within the search's depth, stands for the evaluation points below it; ok
// is false when the list names a node that is neither.
func (c *propCase) expanded(listed []string) ([]string, bool) {
	seen := map[string]bool{}
	var out []string
	ok := true
	for _, p := range listed {
		n := c.g.byPath[p]
		ply := refPly(p)
		var pts []string
		switch {
		case ply <= c.cfg.depth && point(n, ply, c.cfg.depth):
			pts = []string{p}
		case ply < c.cfg.depth && c.key.visits[p] == nil:
			for _, x := range c.g.nodes {
				if strings.HasPrefix(x.path, p+".") && refPly(x.path) <= c.cfg.depth && point(x, refPly(x.path), c.cfg.depth) {
					pts = append(pts, x.path)
				}
			}
		default:
			ok = false
		}
		for _, x := range pts {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out, ok
}

// checkAnswers checks one set of answers and holds the verdicts and every
// sentence of the feedback to the reference.
func (c *propCase) checkAnswers(text string) {
	a, err := c.q.ParseAnswers(text, "--answer")
	if err != nil {
		c.t.Fatalf("%s: %q: %v", c.what, text, err)
	}
	rep, err := c.q.Check(context.Background(), a)
	if err != nil {
		c.t.Fatalf("%s: %q: %v", c.what, text, err)
	}
	for _, it := range rep.Items {
		if it.Answer == nil {
			continue
		}
		c.checkVerdict(it)
		texts := []string{it.Note}
		for _, m := range it.Mistakes {
			texts = append(texts, m.Text)
		}
		for _, s := range texts {
			if s != "" {
				c.checkSentence(it, s)
			}
		}
	}
}

// answerRat is an answer's number exactly, nil for ±∞.
func (c *propCase) answerRat(a *Answer) *big.Rat {
	return c.q.numRat(a)
}

// checkVerdict holds a verdict to the reference: an answer marked right is
// true (or, on a tie window the rule cannot decide, has the number), and an
// answer in the key's own form is marked right.
func (c *propCase) checkVerdict(it *Item) {
	c.claim("verdict")
	a := it.Answer
	k := c.key
	var right bool
	switch it.Kind {
	case Value:
		r := c.answerRat(a)
		right = a.Bound == score.Exact && r != nil && r.Cmp(c.truthAt("", chanceAverage)) == 0
	case Best:
		p := a.Move.Path()
		right = p != "" && parentPath(p) == "" && c.truthAt(p, chanceAverage).Cmp(c.truthAt("", chanceAverage)) == 0
	case Never:
		var listed []string
		for _, n := range a.Nodes {
			listed = append(listed, n.Path())
		}
		exp, ok := c.expanded(listed)
		right = ok && sameSet(exp, k.never)
	case Window:
		v := k.visits[it.Node.Path()]
		right = (v == nil && a.Unsearched) || (v != nil && !a.Unsearched && a.windowIs(v.alpha, v.beta))
	case At:
		p := it.Node.Path()
		v := k.visits[p]
		switch {
		case v == nil:
			right = a.Unsearched
		case a.Unsearched || !a.numIs(v.value):
			right = false
		default:
			want := c.label(k, p)
			if it.Correct && want != score.NoBound && !c.holds(p, v.value, a.Bound) {
				c.lie("verdict", "%s: %q is marked right, and is false (true value %s)", it.ID(), it.Given, c.truthAt(p, chanceAverage).RatString())
			}
			ruleBound := false
			if v.evaluated && v.hasWindow && ((a.Bound == score.Upper && v.value <= v.alpha) || (a.Bound == score.Lower && v.value >= v.beta)) {
				ruleBound = true // the bound the textbook rule makes of a leaf's value: accepted too
			}
			if (a.Bound == want || want == score.NoBound || ruleBound) != it.Correct {
				c.lie("verdict", "%s: %q marked right %v; the stated rule gives %s (true value %s)", it.ID(), it.Given, it.Correct, boundMark(want, false)+c.q.Format(v.value), c.truthAt(p, chanceAverage).RatString())
			}
			return
		}
	}
	if right != it.Correct {
		c.lie("verdict", "%s: %q marked right %v, the reference says %v (key %s)", it.ID(), it.Given, it.Correct, right, it.Expected)
	}
}

// --- the sentences ---------------------------------------------------------

const (
	listPat = `((?:[0-9.]+|root)(?:(?:, | and )(?:[0-9.]+|root))*)`
	nodePat = `(?:(?:MAX|MIN|chance) node (\S+?)|leaf (\S+?)|(the root))`
)

var (
	windowRE    = regexp.MustCompile(`(?:(?:MAX|MIN|chance) node|leaf) ([0-9.]+),? (?:was )?searched with (?:the tie window )?\(` + numPat + `, ` + numPat + `\)`)
	isSearchRE  = regexp.MustCompile(`(?:^|[;:.] |its move )([0-9.]+|root) is searched,? with \(` + numPat + `, ` + numPat + `\)`)
	cutHeadRE   = regexp.MustCompile(`at (?:(?:MAX|MIN) node ([0-9.]+)|(the root)), searched with \(` + numPat + `, ` + numPat + `\), ([0-9.]+) returned ([≤≥]?)` + numPat)
	pTrueRE     = regexp.MustCompile(numPat + ` is (?:indeed )?the true value of ` + nodePat + `(?:[,:; —]|$)`)
	pOnlyRE     = regexp.MustCompile(numPat + ` is only a bound here, not the value of (?:MAX|MIN) node ([0-9.]+) \(which is ` + numPat + `\)`)
	pTellsRE    = regexp.MustCompile(`(?:MAX|MIN) node ([0-9.]+) was searched with [^;]*?only tells that its value is (at most|at least) ` + numPat)
	pLearnsRE   = regexp.MustCompile(`learns that ([0-9.]+) is worth (at most|at least) ` + numPat)
	reallyRE    = regexp.MustCompile(`([0-9.]+) is really worth ` + numPat)
	tooRE       = regexp.MustCompile(`([0-9.]+) is worth ` + numPat + ` too; the search keeps ([0-9.]+), the first move that reached ` + numPat)
	rootWorthRE = regexp.MustCompile(`so it is worth ` + numPat + `$`)
	rootExactRE = regexp.MustCompile(`what it returns is its (?:minimax )?value, ` + numPat)
	pWithinRE   = regexp.MustCompile(`(?:MAX|MIN) node ([0-9.]+) was searched with \(` + numPat + `, ` + numPat + `\) and its children returned [^:]*: its value ` + numPat + ` lies strictly within the window \(` + numPat + `, ` + numPat + `\), so it is exact`)
	childrenRE  = regexp.MustCompile(`(?:(?:MAX|MIN) node ([0-9.]+)|the root \((?:MAX|MIN)\)) (?:was searched with (?:the tie window )?\([^)]*\) and its children returned|takes the (?:largest|smallest) of its children's values:?) \(?((?:[0-9.]+ (?:→ [≤≥]?` + numPat + `|not searched)(?:, )?)+)\)?`)
	pChildRE    = regexp.MustCompile(`([0-9.]+) (?:→ ([≤≥]?)` + numPat + `|not searched)`)
	takesRE     = regexp.MustCompile(`(?:MAX|MIN) node ([0-9.]+) takes the (?:largest|smallest) of its children's values \([^)]*\): ` + numPat)
	pReturnsRE  = regexp.MustCompile(`\bit returns ([≤≥]?)` + numPat)
	clampRE     = regexp.MustCompile(`clamps that ` + numPat + ` into the window: it returns`)
	pLeafRE     = regexp.MustCompile(`([0-9.]+) is (?:a leaf|on the horizon): (?:it returns its (?:value|static evaluation)|its (?:value|static evaluation) is) ` + numPat)
	neverListRE = regexp.MustCompile(`^` + listPat + ` (?:is|are) never evaluated`)
	pEvalRE     = regexp.MustCompile(`^` + listPat + ` (?:was|were|is|are) evaluated`)
	afterRE     = regexp.MustCompile(`the leaves never evaluated are the ones after it: ` + listPat)
	cameRE      = regexp.MustCompile(`what it never searched is what came after ([0-9.]+) — ` + listPat)
	belowRE     = regexp.MustCompile(listPat + ` (?:lies|lie) below the horizon \(ply (\d+)\)`)
	notSearchRE = regexp.MustCompile(`^([0-9.]+) is never searched`)
	innerRE     = regexp.MustCompile(`^([0-9.]+) is an inner node the search entered(?:, with \(` + numPat + `, ` + numPat + `\))?(?: \(it returned ([≤≥]?)` + numPat + `\))?: a node named for its leaves stands for all of them, and ` + listPat + ` below it (?:was|were) evaluated`)
	starRuleRE  = regexp.MustCompile(`at the bounds ` + numPat + ` and ` + numPat + `, lies beyond its window: it (?:never evaluates ` + listPat + `|evaluates every leaf)$`)
	exactlyRE   = regexp.MustCompile(`your list is (?:also )?exactly what (.+?) gives`)
	mutListRE   = regexp.MustCompile(`Your list is what the search gives when (the root|[0-9.]+) passes its own window \(` + numPat + `, ` + numPat + `\)`)
	depthListRE = regexp.MustCompile(`your list is what goes unevaluated in a search of (\d+) pl`)
	chanceLRE   = regexp.MustCompile(`your list is what alpha-beta leaves unevaluated when (every chance node .*?); `)
	rootWhenRE  = regexp.MustCompile(`^` + numPat + ` is the root's value when (every chance node .*?)(?: instead of|, ignoring)`)
	rootDepthRE = regexp.MustCompile(numPat + ` is the root's value in a search of (\d+) pl`)
	bestWhenRE2 = regexp.MustCompile(`([0-9.]+) is the best move when (every chance node .*?)(?: instead of|, ignoring)`)
	bestDepthRE = regexp.MustCompile(`([0-9.]+) is the best move in a search of (\d+) pl`)
	answerRE    = regexp.MustCompile(`(?i)your answer is (?:what (.+?) (?:gives|gets)|the one in a search of (\d+) pl)`)
	bbAnswerRE  = regexp.MustCompile(`branch and bound, which passes one bound one ply only, is what gives your answer`)
	failAnsRE   = regexp.MustCompile(`^([≤≥]?)` + numPat + ` is (fail-hard|fail-soft|F2 as printed)'s answer`)
	chanceCutRE = regexp.MustCompile(`✂ chance cut at ([0-9.]+) (after ([0-9.]+)|before any outcome is searched): with the other outcomes between ` + numPat + ` and ` + numPat + `, its average lies in \[` + numPat + `, ` + numPat + `\], (at least|at most) ` + numPat + ` (≥|≤) (α|β) ` + numPat + `; not searched: ` + listPat)
	sourceRE    = regexp.MustCompile(`(α|β) ` + numPat + ` comes from (?:the root|(?:MAX|MIN) node ([0-9.]+))(?:: its move ([0-9.]+) returned ` + numPat + `)?`)
	openRE      = regexp.MustCompile(`(α|β) (−∞|\+∞): no node above ([0-9.]+) has a value yet to bound it`)
	raisedRE    = regexp.MustCompile(`after its move ([0-9.]+|root) returned ` + numPat + ` \((α|β) (rose|fell) to ` + numPat + `\)`)
	pRelationRE = regexp.MustCompile(numPat + ` ([<>=≤≥]) (α|β) ` + numPat)
	bestAtRE    = regexp.MustCompile(`its best, ` + numPat + `, is at or (below α|above β) ` + numPat)
	subtreesRE  = regexp.MustCompile(`stands for its leaves: (.*)$`)
	leafNoteRE  = regexp.MustCompile(`^([0-9.]+)'s value ` + numPat + ` is exact \(.*which the bound rule makes of a value with ` + numPat + ` (≤|≥) (α|β) ` + numPat)
	bestLineRE  = regexp.MustCompile(`^([0-9.]+) returned ([≤≥]?)` + numPat + ` and ([0-9.]+) returned ` + numPat + `: (?:MAX|MIN) plays ([0-9.]+)`)
)

// chanceWords maps the words of a chance mistake to its mode.
var chanceWords = map[string]int{
	"every chance node takes the smallest of its outcomes (as a MIN node would)":                                                     chanceMin,
	"every chance node takes the largest of its outcomes (as a MAX node would)":                                                      chanceMaxOutcome,
	"every chance node is taken for a node of the player who moves after it (the smallest outcome below MAX, the largest below MIN)": chanceOther,
	"every chance node takes the plain average of its outcomes":                                                                      chanceUnweighted,
}

// variantOf reads the words that name a mistaken search into the reference
// searches they may stand for.
func (c *propCase) variantOf(words string) []refConfig {
	k := c.cfg
	one := func(f func(*refConfig)) []refConfig {
		x := k
		f(&x)
		return []refConfig{x}
	}
	fails := map[string]string{"fail-hard": "hard", "fail-soft": "soft", "F2 as printed": "f2"}
	if m := regexp.MustCompile(`^the same search under (fail-hard|fail-soft|F2 as printed)$`).FindStringSubmatch(words); m != nil {
		return one(func(x *refConfig) { x.fail = fails[m[1]] })
	}
	if m := regexp.MustCompile(`^the same search under --cutoff (ge|gt)`).FindStringSubmatch(words); m != nil {
		return one(func(x *refConfig) { x.gt = m[1] == "gt" })
	}
	if strings.HasPrefix(words, "branch and bound, whose one bound") {
		return one(func(x *refConfig) { x.algo, x.fail = "bb", "soft" })
	}
	if m := regexp.MustCompile(`^alpha-beta \((fail-hard|fail-soft|F2 as printed), --cutoff (ge|gt)\)`).FindStringSubmatch(words); m != nil {
		return one(func(x *refConfig) { x.algo, x.fail, x.gt = "ab", fails[m[1]], m[2] == "gt" })
	}
	if strings.HasPrefix(words, "minimax, which prunes nothing") {
		return one(func(x *refConfig) { x.algo = "minimax" })
	}
	if strings.HasPrefix(words, "the same search with every node's children taken left to right") {
		return one(func(x *refConfig) { x.rtl = false })
	}
	if m := regexp.MustCompile(`^the search in which (the root|[0-9.]+) passes its own window`).FindStringSubmatch(words); m != nil {
		p, _ := c.pathOf(m[1])
		return one(func(x *refConfig) { x.noPass = p })
	}
	return nil
}

// segments splits a sentence into the part about the quiz's own search and
// the part about a mistaken one ("…gives: there, …"), each with the
// reference searches it may be about.
func (c *propCase) segments(s string) []struct {
	text string
	runs []*refRun
} {
	type seg = struct {
		text string
		runs []*refRun
	}
	runs := func(cfgs []refConfig) []*refRun {
		var out []*refRun
		for _, x := range cfgs {
			out = append(out, c.run(x))
		}
		return out
	}
	for _, m := range []struct {
		re   *regexp.Regexp
		cfgs func([]string) []refConfig
	}{
		{regexp.MustCompile(`your list is exactly what (.+?) gives: there, `), func(m []string) []refConfig { return c.variantOf(m[1]) }},
		{regexp.MustCompile(`Only the ≥ rule would cut (?:them|it) off: `), func([]string) []refConfig {
			x := c.cfg
			x.gt = false
			return []refConfig{x}
		}},
		{regexp.MustCompile(`(alpha-beta \([^)]*\)) would cut (?:them|it) off \(`), func(m []string) []refConfig { return c.variantOf(m[1]) }},
		{regexp.MustCompile(`alpha-beta would cut (?:them|it) off with a bound from further up \(`), func([]string) []refConfig {
			var out []refConfig
			for _, f := range []string{"hard", "soft", "f2"} {
				x := c.cfg
				x.algo, x.fail = "ab", f
				out = append(out, x)
			}
			return out
		}},
	} {
		if loc := m.re.FindStringSubmatchIndex(s); loc != nil {
			var sub []string
			for i := 0; i < len(loc); i += 2 {
				if loc[i] >= 0 {
					sub = append(sub, s[loc[i]:loc[i+1]])
				} else {
					sub = append(sub, "")
				}
			}
			cfgs := m.cfgs(sub)
			if len(cfgs) == 0 {
				c.lie("variant", "%q: no search is named %q", s, sub[0])
				return []seg{{s, []*refRun{c.key}}}
			}
			return []seg{{s[:loc[1]], []*refRun{c.key}}, {s[loc[1]:], runs(cfgs)}}
		}
	}
	return []seg{{s, []*refRun{c.key}}}
}

// checkSentence holds every claim of one sentence of feedback about item it
// to the reference.
func (c *propCase) checkSentence(it *Item, s string) {
	for _, sg := range c.segments(s) {
		c.checkRunClaims(sg.text, sg.runs, s)
	}
	c.checkTruthClaims(it, s)
	c.checkKeyClaims(it, s)
	c.checkVariantClaims(it, s)
}

// anyRun reports whether f holds for one of the runs.
func anyRun(runs []*refRun, f func(*refRun) bool) bool {
	return slices.ContainsFunc(runs, f)
}

// checkRunClaims checks the claims about a search — windows, what a
// child returned, how it lies against the bound, whether the node stopped
// there — against the runs the segment is about.
func (c *propCase) checkRunClaims(seg string, runs []*refRun, s string) {
	for _, m := range windowRE.FindAllStringSubmatch(seg, -1) {
		c.claim("window")
		p, _ := c.pathOf(m[1])
		a, _ := c.raw(m[2])
		b, _ := c.raw(m[3])
		if !anyRun(runs, func(r *refRun) bool {
			v := r.visits[p]
			return v != nil && v.hasWindow && v.alpha == a && v.beta == b
		}) {
			c.lie("window", "%q in %q", m[0], s)
		}
	}
	for _, loc := range cutHeadRE.FindAllStringSubmatchIndex(seg, -1) {
		m := submatches(seg, loc)
		c.claim("cut fact")
		x, _ := c.pathOf(m[1] + m[2])
		a, _ := c.raw(m[3])
		b, _ := c.raw(m[4])
		y, _ := c.pathOf(m[5])
		val, _ := c.raw(m[7])
		tail := seg[loc[1]:]
		if !anyRun(runs, func(r *refRun) bool { return c.cutFactHolds(r, x, a, b, y, m[6], val, tail) }) {
			c.lie("cut fact", "%q… in %q", seg[loc[0]:min(len(seg), loc[1]+60)], s)
		}
	}
	for _, m := range pRelationRE.FindAllStringSubmatch(seg, -1) {
		c.claim("relation")
		v, ok1 := c.raw(m[1])
		e, ok2 := c.raw(m[4])
		if !ok1 || !ok2 || !rel(v, m[2], e) {
			c.lie("relation", "%q in %q", m[0], s)
		}
	}
}

func submatches(s string, loc []int) []string {
	var out []string
	for i := 0; i < len(loc); i += 2 {
		if loc[i] >= 0 {
			out = append(out, s[loc[i]:loc[i+1]])
		} else {
			out = append(out, "")
		}
	}
	return out
}

func rel(a int64, op string, b int64) bool {
	switch op {
	case "<":
		return a < b
	case ">":
		return a > b
	case "=":
		return a == b
	case "≤", "at most":
		return a <= b
	case "≥", "at least":
		return a >= b
	}
	return false
}

// cutFactHolds checks "at node x, searched with (a, b), y returned
// [mark]val…" and what follows it (tail) against the run r.
func (c *propCase) cutFactHolds(r *refRun, x string, a, b int64, y, mark string, val int64, tail string) bool {
	xv, yv := r.visits[x], r.visits[y]
	if xv == nil || yv == nil || !xv.hasWindow || xv.alpha != a || xv.beta != b || parentPath(y) != x || yv.value != val {
		return false
	}
	if want := boundMark(c.label(r, y), false); !yv.evaluated && mark != want && !(want == "" && mark == "") {
		return false
	}
	if yv.evaluated && mark != "" {
		return false
	}
	xn := c.g.byPath[x]
	edgeName, edge := "β", xv.beta
	if !r.isMax(xn) {
		edgeName, edge = "α", xv.alpha
	}
	stopped := xv.cut && xv.cutBy == y
	last := r.kids(xn)[len(xn.kids)-1].path == y
	m := regexp.MustCompile(`^(?: ([<>=]) (α|β) ` + numPat + `( \(a tie\))?|, which reaches (α|β) ` + numPat + `|, which does not reach (α|β) ` + numPat + `|, a tie with (α|β) ` + numPat + `, which does not cut under --cutoff (ge|gt))`).FindStringSubmatch(tail)
	if m == nil {
		return false
	}
	rest := tail[len(m[0]):]
	positive := true
	switch {
	case m[1] != "":
		e, _ := c.raw(m[3])
		if m[2] != edgeName || e != edge || !rel(val, m[1], e) || (m[4] != "") != (val == e) {
			return false
		}
	case m[5] != "":
		e, _ := c.raw(m[6])
		if m[5] != edgeName || e != edge || val != e {
			return false
		}
	case m[7] != "":
		e, _ := c.raw(m[8])
		if m[7] != edgeName || e != edge || (edgeName == "β" && val >= e) || (edgeName == "α" && val <= e) {
			return false
		}
		positive = false
	default:
		e, _ := c.raw(m[10])
		if m[9] != edgeName || e != edge || val != e || (m[11] == "gt") != r.cfg.gt || !r.cfg.gt {
			return false
		}
		positive = false
	}
	if !positive {
		return !stopped
	}
	if !stopped && !last {
		return false
	}
	if lm := regexp.MustCompile(`^, so it (?:never searched|cut off) ` + listPat).FindStringSubmatch(rest); lm != nil {
		l, ok := c.list(lm[1])
		if !ok || !sameSet(l, xv.pruned) {
			return false
		}
	}
	if tm := regexp.MustCompile(`^, so it stopped: its true value is (at most|at least) ` + numPat).FindStringSubmatch(rest); tm != nil {
		v, _ := c.raw(tm[2])
		if !c.relTruth(x, tm[1], v) {
			return false
		}
	}
	return true
}

// relTruth reports whether the true value of x stands in relation op
// ("at most", "≤", …) to the raw value v.
func (c *propCase) relTruth(x, op string, v int64) bool {
	cmp := c.truthRaw(x).Cmp(big.NewRat(v, 1)) // true value against v
	switch op {
	case "at most", "≤":
		return cmp <= 0
	case "at least", "≥":
		return cmp >= 0
	}
	return cmp == 0
}

func (c *propCase) ratIs(s string, v *big.Rat) bool {
	r, _ := rat(s)
	return r != nil && r.Cmp(v) == 0
}

// checkTruthClaims checks what a sentence says of true values.
func (c *propCase) checkTruthClaims(it *Item, s string) {
	for _, m := range pTrueRE.FindAllStringSubmatch(s, -1) {
		c.claim("true value")
		p, _ := c.pathOf(m[2] + m[3] + m[4])
		if !c.ratIs(m[1], c.truthAt(p, chanceAverage)) {
			c.lie("true value", "%q: it is %s", m[0], c.truthAt(p, chanceAverage).RatString())
		}
	}
	for _, m := range pOnlyRE.FindAllStringSubmatch(s, -1) {
		c.claim("true value")
		tv := c.truthAt(m[2], chanceAverage)
		if !c.ratIs(m[3], tv) || c.ratIs(m[1], tv) {
			c.lie("true value", "%q: it is %s", m[0], tv.RatString())
		}
	}
	for _, re := range []*regexp.Regexp{pTellsRE, pLearnsRE} {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			c.claim("true value")
			v, _ := c.raw(m[3])
			if !c.relTruth(m[1], m[2], v) {
				c.lie("true value", "%q: it is %s", m[0], c.truthAt(m[1], chanceAverage).RatString())
			}
		}
	}
	for _, m := range reallyRE.FindAllStringSubmatch(s, -1) {
		c.claim("true value")
		if !c.ratIs(m[2], c.truthAt(m[1], chanceAverage)) {
			c.lie("true value", "%q", m[0])
		}
	}
	if m := tooRE.FindStringSubmatch(s); m != nil {
		c.claim("true value")
		tv := c.truthAt("", chanceAverage)
		if !c.ratIs(m[2], tv) || !c.ratIs(m[4], tv) || c.truthAt(m[1], chanceAverage).Cmp(tv) != 0 || c.truthAt(m[3], chanceAverage).Cmp(tv) != 0 {
			c.lie("true value", "%q", m[0])
		}
	}
	for _, re := range []*regexp.Regexp{rootWorthRE, rootExactRE} {
		if m := re.FindStringSubmatch(s); m != nil {
			c.claim("true value")
			if !c.ratIs(m[1], c.truthAt("", chanceAverage)) {
				c.lie("true value", "%q: the root is worth %s", m[0], c.truthAt("", chanceAverage).RatString())
			}
		}
	}
	for _, m := range pWithinRE.FindAllStringSubmatch(s, -1) {
		c.claim("true value")
		a, _ := c.raw(m[2])
		b, _ := c.raw(m[3])
		v, _ := c.raw(m[4])
		if !(a < v && v < b) || !c.relTruth(m[1], "=", v) || m[5] != m[2] || m[6] != m[3] {
			c.lie("true value", "%q", m[0])
		}
	}
	for _, m := range takesRE.FindAllStringSubmatch(s, -1) {
		c.claim("true value")
		if !c.ratIs(m[2], c.truthAt(m[1], chanceAverage)) {
			c.lie("true value", "%q", m[0])
		}
	}
	for _, m := range rootWhenRE.FindAllStringSubmatch(s, -1) {
		c.claim("root value when")
		mode, ok := chanceWords[m[2]]
		if !ok || !c.ratIs(m[1], c.truthAt("", mode)) {
			c.lie("root value when", "%q", m[0])
		}
	}
	for _, m := range bestWhenRE2.FindAllStringSubmatch(s, -1) {
		c.claim("root value when")
		mode, ok := chanceWords[m[2]]
		if !ok || c.truthAt(m[1], mode).Cmp(c.truthAt("", mode)) != 0 {
			c.lie("root value when", "%q", m[0])
		}
	}
	for _, m := range rootDepthRE.FindAllStringSubmatch(s, -1) {
		c.claim("root value when")
		var d int
		fmt.Sscan(m[2], &d)
		if !c.ratIs(m[1], truth(c.g.root, 0, d, chanceAverage)) {
			c.lie("root value when", "%q", m[0])
		}
	}
	for _, m := range bestDepthRE.FindAllStringSubmatch(s, -1) {
		c.claim("root value when")
		var d int
		fmt.Sscan(m[2], &d)
		if truth(c.g.byPath[m[1]], 1, d, chanceAverage).Cmp(truth(c.g.root, 0, d, chanceAverage)) != 0 {
			c.lie("root value when", "%q", m[0])
		}
	}
}

// checkKeyClaims checks what a sentence says of the quiz's own search: the
// values its nodes returned, the leaves it evaluated or not, where bounds
// came from, the chance cuts.
func (c *propCase) checkKeyClaims(it *Item, s string) {
	k := c.key
	for _, m := range childrenRE.FindAllStringSubmatch(s, -1) {
		for _, ch := range pChildRE.FindAllStringSubmatch(m[2], -1) {
			c.claim("children")
			v := k.visits[ch[1]]
			if ch[3] == "" {
				if v != nil {
					c.lie("children", "%q in %q: %s was searched", ch[0], s, ch[1])
				}
				continue
			}
			val, _ := c.raw(ch[3])
			want := boundMark(c.label(k, ch[1]), false)
			if v == nil || v.value != val || ch[2] != want {
				c.lie("children", "%q in %q", ch[0], s)
			}
		}
	}
	if it.Node != nil {
		p := it.Node.Path()
		v := k.visits[p]
		for _, m := range pReturnsRE.FindAllStringSubmatch(s, -1) {
			c.claim("returns")
			val, _ := c.raw(m[2])
			if v == nil || v.value != val || m[1] != boundMark(c.label(k, p), false) {
				c.lie("returns", "%q in %q", m[0], s)
			}
		}
		if m := clampRE.FindStringSubmatch(s); m != nil && v != nil {
			c.claim("returns")
			best, _ := c.raw(m[1])
			if !c.isBestFound(p, best) || v.value == best {
				c.lie("returns", "%q in %q", m[0], s)
			}
		}
	}
	for _, m := range pLeafRE.FindAllStringSubmatch(s, -1) {
		c.claim("returns")
		v := k.visits[m[1]]
		val, _ := c.raw(m[2])
		if v == nil || !v.evaluated || v.value != val {
			c.lie("returns", "%q", m[0])
		}
	}
	has := func(l []string, x string) bool { return slices.Contains(l, x) }
	for _, m := range neverListRE.FindAllStringSubmatch(s, -1) {
		c.claim("evaluated")
		l, _ := c.list(m[1])
		for _, x := range l {
			if !has(k.never, x) {
				c.lie("evaluated", "%q: %s is evaluated", m[0], x)
			}
		}
	}
	for _, m := range pEvalRE.FindAllStringSubmatch(s, -1) {
		c.claim("evaluated")
		l, _ := c.list(m[1])
		for _, x := range l {
			if v := k.visits[x]; v == nil || !v.evaluated {
				c.lie("evaluated", "%q: %s is not evaluated", m[0], x)
			}
		}
	}
	for _, re := range []*regexp.Regexp{afterRE, cameRE} {
		for _, m := range re.FindAllStringSubmatch(s, -1) {
			c.claim("evaluated")
			l, _ := c.list(m[len(m)-1])
			for _, x := range l {
				if !has(k.never, x) {
					c.lie("evaluated", "%q: %s is evaluated", m[0], x)
				}
			}
		}
	}
	for _, m := range belowRE.FindAllStringSubmatch(s, -1) {
		c.claim("evaluated")
		l, _ := c.list(m[1])
		for _, x := range l {
			if refPly(x) <= c.cfg.depth || m[2] != fmt.Sprint(c.cfg.depth) {
				c.lie("evaluated", "%q: %s lies on ply %d", m[0], x, refPly(x))
			}
		}
	}
	if m := notSearchRE.FindStringSubmatch(s); m != nil {
		c.claim("evaluated")
		if k.visits[m[1]] != nil {
			c.lie("evaluated", "%q: it is searched", m[0])
		}
	}
	for _, m := range isSearchRE.FindAllStringSubmatch(s, -1) {
		c.claim("window")
		p, _ := c.pathOf(m[1])
		v := k.visits[p]
		a, _ := c.raw(m[2])
		b, _ := c.raw(m[3])
		if v == nil || !v.hasWindow || v.alpha != a || v.beta != b {
			c.lie("window", "%q in %q", m[0], s)
		}
	}
	if m := innerRE.FindStringSubmatch(s); m != nil {
		c.claim("evaluated")
		v := k.visits[m[1]]
		a, _ := c.raw(m[2])
		b, _ := c.raw(m[3])
		val, _ := c.raw(m[5])
		l, _ := c.list(m[6])
		ok := v != nil && (v.hasWindow == (m[2] != "") || c.g.chance) && (m[2] == "" || v.alpha == a && v.beta == b) && (m[5] == "" || v.value == val && m[4] == boundMark(c.label(k, m[1]), false))
		for _, x := range l {
			ok = ok && strings.HasPrefix(x, m[1]+".") && k.visits[x] != nil && k.visits[x].evaluated
		}
		if !ok {
			c.lie("evaluated", "%q", m[0])
		}
	}
	if m := starRuleRE.FindStringSubmatch(s); m != nil {
		c.claim("chance cut")
		lo, _ := c.raw(m[1])
		hi, _ := c.raw(m[2])
		l, _ := c.list(m[3])
		if lo != c.cfg.lo || hi != c.cfg.hi || !sameSet(l, k.never) {
			c.lie("chance cut", "%q: never %v", m[0], k.never)
		}
	}
	if strings.Contains(s, "expectimax evaluates every leaf") && len(k.never) > 0 {
		c.lie("evaluated", "%q: never %v", s, k.never)
	}
	for _, m := range chanceCutRE.FindAllStringSubmatch(s, -1) {
		c.claim("chance cut")
		c.checkChanceCut(m, s)
	}
	for _, m := range sourceRE.FindAllStringSubmatch(s, -1) {
		c.claim("window")
		if m[4] == "" {
			continue
		}
		v := k.visits[m[4]]
		val, _ := c.raw(m[5])
		e, _ := c.raw(m[2])
		if v == nil || v.value != val || val != e || (m[3] != "" && parentPath(m[4]) != m[3]) {
			c.lie("window", "%q in %q", m[0], s)
		}
	}
	for _, m := range openRE.FindAllStringSubmatch(s, -1) {
		c.claim("window")
		v := k.visits[m[3]]
		if v == nil || (m[1] == "α" && v.alpha != -refInf) || (m[1] == "β" && v.beta != refInf) {
			c.lie("window", "%q in %q", m[0], s)
		}
	}
	for _, m := range raisedRE.FindAllStringSubmatch(s, -1) {
		c.claim("window")
		p, _ := c.pathOf(m[1])
		v := k.visits[p]
		val, _ := c.raw(m[2])
		if v == nil || v.value != val || m[2] != m[5] {
			c.lie("window", "%q in %q", m[0], s)
		}
	}
	for _, m := range bestAtRE.FindAllStringSubmatch(s, -1) {
		c.claim("relation")
		v, _ := c.raw(m[1])
		e, _ := c.raw(m[3])
		if (m[2] == "below α" && v > e) || (m[2] == "above β" && v < e) {
			c.lie("relation", "%q", m[0])
		}
	}
	if m := subtreesRE.FindStringSubmatch(s); m != nil {
		for _, part := range strings.Split(m[1], "; ") {
			c.claim("subtree note")
			root, l, _ := strings.Cut(part, " for ")
			c.checkSubtree(root, l, s)
		}
	}
	if m := leafNoteRE.FindStringSubmatch(s); m != nil {
		c.claim("returns")
		v := k.visits[m[1]]
		val, _ := c.raw(m[2])
		x, _ := c.raw(m[3])
		e, _ := c.raw(m[6])
		edge := v.alpha
		if m[5] == "β" {
			edge = v.beta
		}
		if v == nil || !v.evaluated || v.value != val || x != val || e != edge || !rel(x, m[4], e) {
			c.lie("returns", "%q", m[0])
		}
	}
	if m := bestLineRE.FindStringSubmatch(s); m != nil {
		c.claim("children")
		mv, bv := k.visits[m[1]], k.visits[m[4]]
		val, _ := c.raw(m[3])
		bval, _ := c.raw(m[5])
		if mv == nil || bv == nil || mv.value != val || m[2] != boundMark(c.label(k, m[1]), false) || bv.value != bval || bval != k.value || m[4] != m[6] {
			c.lie("children", "%q", m[0])
		}
	}
}

// isBestFound reports whether v is the best value the children of x
// returned in the key's search.
func (c *propCase) isBestFound(x string, v int64) bool {
	n := c.g.byPath[x]
	first, best := true, int64(0)
	for _, ch := range n.kids {
		cv := c.key.visits[ch.path]
		if cv == nil {
			continue
		}
		if first || (n.max && cv.value > best) || (!n.max && cv.value < best) {
			best, first = cv.value, false
		}
	}
	return !first && best == v
}

// checkChanceCut checks a chance cut's sentence.
func (c *propCase) checkChanceCut(m []string, s string) {
	x := m[1]
	v := c.key.visits[x]
	L, _ := c.raw(m[4])
	U, _ := c.raw(m[5])
	lo, _ := c.raw(m[6])
	hi, _ := c.raw(m[7])
	n, _ := c.raw(m[9])
	e, _ := c.raw(m[12])
	l, _ := c.list(m[13])
	ok := v != nil && v.chanceCut && L == c.cfg.lo && U == c.cfg.hi && c.relTruth(x, "≥", lo) && c.relTruth(x, "≤", hi) && sameSet(l, v.pruned)
	if ok && m[3] != "" {
		ok = v.cutBy == m[3] && !v.cutBefore
	} else if ok {
		ok = v.cutBefore
	}
	if ok {
		edge := v.alpha
		if m[11] == "β" {
			edge = v.beta
		}
		want := lo
		if m[8] == "at most" {
			want = hi
		}
		ok = e == edge && n == want && rel(n, m[10], e)
	}
	if !ok {
		c.lie("chance cut", "%q (reference: %+v; true value %s)", m[0], v, c.truthAt(x, chanceAverage).RatString())
	}
}

// checkVariantClaims checks "your list is exactly what … gives" and "your
// answer is what … gives": the mistaken search, made by the reference,
// gives the answer.
func (c *propCase) checkVariantClaims(it *Item, s string) {
	a := it.Answer
	var listed []string
	for _, n := range a.Nodes {
		listed = append(listed, n.Path())
	}
	exp, _ := c.expanded(listed)
	gives := func(cfgs []refConfig) bool {
		return slices.ContainsFunc(cfgs, func(x refConfig) bool { return sameSet(c.run(x).never, exp) })
	}
	for _, m := range exactlyRE.FindAllStringSubmatch(s, -1) {
		c.claim("variant list")
		if cfgs := c.variantOf(m[1]); !gives(cfgs) {
			c.lie("variant list", "%q: the reference gives %v", m[0], neverOf2(c, cfgs))
		}
	}
	if m := mutListRE.FindStringSubmatch(s); m != nil {
		c.claim("variant list")
		p, _ := c.pathOf(m[1])
		a, _ := c.raw(m[2])
		b, _ := c.raw(m[3])
		x := c.cfg
		x.noPass = p
		if v := c.key.visits[p]; v == nil || v.alpha != a || v.beta != b || !gives([]refConfig{x}) {
			c.lie("variant list", "%q", m[0])
		}
	}
	if m := depthListRE.FindStringSubmatch(s); m != nil {
		c.claim("variant list")
		x := c.cfg
		fmt.Sscan(m[1], &x.depth)
		if !sameSet(listed, c.run(x).never) { // the points of that search, as listed
			c.lie("variant list", "%q", m[0])
		}
	}
	if m := chanceLRE.FindStringSubmatch(s); m != nil {
		c.claim("variant list")
		x := c.cfg
		x.algo, x.fail, x.chanceAs = "ab", "hard", chanceWords[m[1]]
		if x.chanceAs == chanceAverage || x.chanceAs == chanceUnweighted || !gives([]refConfig{x}) {
			c.lie("variant list", "%q", m[0])
		}
	}
	if it.Node == nil {
		return
	}
	p := it.Node.Path()
	answerIs := func(r *refRun) bool {
		v := r.visits[p]
		if v == nil {
			return a.Unsearched
		}
		if it.Kind == Window {
			return !a.Unsearched && v.hasWindow && a.windowIs(v.alpha, v.beta)
		}
		want := c.label(r, p)
		return !a.Unsearched && a.numIs(v.value) && (want == a.Bound || want == score.NoBound)
	}
	for _, m := range answerRE.FindAllStringSubmatch(s, -1) {
		c.claim("variant answer")
		var cfgs []refConfig
		switch {
		case m[2] != "":
			x := c.cfg
			fmt.Sscan(m[2], &x.depth)
			cfgs = []refConfig{x}
		case strings.HasSuffix(m[1], "when every node's children are searched left to right") || m[1] == label(it.Node):
			x := c.cfg
			x.rtl = false
			cfgs = []refConfig{x}
			if wm := regexp.MustCompile(`when (the root|[0-9.]+) passes its own window`).FindStringSubmatch(s); wm != nil {
				x := c.cfg
				x.noPass, _ = c.pathOf(wm[1])
				cfgs = []refConfig{x}
			}
		case strings.HasPrefix(m[1], "the same search"):
			rest := s[strings.Index(s, m[0])+len(m[0]):]
			cfgs = c.variantOf("the same search" + strings.SplitN(rest, ";", 2)[0])
		case strings.HasPrefix(m[1], "the search"):
			rest := s[strings.Index(s, m[0])+len(m[0]):]
			cfgs = c.variantOf("the same search" + strings.SplitN(rest, ";", 2)[0])
		default:
			cfgs = c.variantOf(m[1])
		}
		if len(cfgs) == 0 || !slices.ContainsFunc(cfgs, func(x refConfig) bool { return answerIs(c.run(x)) }) {
			c.lie("variant answer", "%q in %q (%d searches read)", m[0], s, len(cfgs))
		}
	}
	if bbAnswerRE.MatchString(s) {
		c.claim("variant answer")
		x := c.cfg
		x.algo, x.fail = "bb", "soft"
		if !answerIs(c.run(x)) {
			c.lie("variant answer", "%q", s)
		}
	}
	if m := failAnsRE.FindStringSubmatch(s); m != nil {
		c.claim("variant answer")
		x := c.cfg
		x.fail = map[string]string{"fail-hard": "hard", "fail-soft": "soft", "F2 as printed": "f2"}[m[3]]
		r := c.run(x)
		v := r.visits[p]
		val, _ := c.raw(m[2])
		if v == nil || v.value != val || (m[1] != boundMark(c.label(r, p), false) && c.label(r, p) != score.NoBound) {
			c.lie("variant answer", "%q", m[0])
		}
	}
}

func neverOf2(c *propCase, cfgs []refConfig) [][]string {
	var out [][]string
	for _, x := range cfgs {
		out = append(out, c.run(x).never)
	}
	return out
}
