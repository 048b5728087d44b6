package quiz

import (
	"fmt"
	"io"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Conventions says in one sentence how the quiz's search works.
func (q *Quiz) Conventions() string {
	if q.Lang != i18n.En && q.Lang != "" {
		return q.conventionsIn(q.p())
	}
	o := q.Opt
	order := "children are searched left to right and values are from MAX's point of view"
	if q.RightToLeft {
		order = "children are searched right to left (the last first; nodes keep their names) and values are from MAX's point of view"
	}
	var s string
	switch o.Algo {
	case engine.Expectimax:
		s = "Expectimax: MAX takes the largest value of its children, MIN the smallest, a chance node the average of its outcomes weighted by their probabilities (equal when none are written), and every node is searched; " + order
	case engine.Star1:
		fc, _ := failOf(o.Fail)
		s = fmt.Sprintf("Star1 (Ballard's alpha-beta for chance nodes), with every value known to lie between %s and %s: alpha-beta at MAX and MIN nodes (%s, %s), and a chance node, the average of its outcomes weighted by their probabilities, is cut as soon as that average, with the outcomes not yet searched counted at %s or at %s, lies at or beyond its window (what it returns then follows %s too); the root is searched with (−∞, +∞), ",
			q.Format(o.Bounds.Lo), q.Format(o.Bounds.Hi), fc.words, explain.CutoffName(o.Cutoff.String()), q.Format(o.Bounds.Lo), q.Format(o.Bounds.Hi), fc.name) + order
	case engine.Minimax:
		s = "Minimax: MAX takes the largest value of its children, MIN the smallest, and every node is searched; " + order
	case engine.Negamax:
		s = "Negamax (Knuth & Moore's F): every node is searched and takes the largest of its children's values seen from its side (MAX the largest, MIN the smallest); " + order
	case engine.BranchBound:
		cut := "reaches it (≥ β at MAX, ≤ α at MIN)"
		if o.Cutoff == engine.CutGT {
			cut = "passes it (> β at MAX, < α at MIN; ties are searched)"
		}
		s = "Branch and bound (Knuth & Moore's F1): a node is searched with one bound, its parent's best value so far, and cuts when its value " + cut +
			"; the root's bound is ±∞, a bound never reaches further than one ply (no deep cutoffs), a node returns the best value it found; " + order
	default:
		fc, _ := failOf(o.Fail)
		s = "Alpha-beta (Knuth & Moore's F2), " + fc.words + ", " + explain.CutoffName(o.Cutoff.String()) + "; the root is searched with (−∞, +∞), " + order
	}
	if q.Horizon {
		s += fmt.Sprintf("; the search looks %d plies ahead: at ply %d it takes a node's static evaluation (eval) and searches nothing below", q.Depth, q.Depth)
	}
	return s + "."
}

// BoundRule says in a sentence how the quiz labels the values nodes return,
// or "" when its algorithm searches every node (every value is exact): the
// textbook rule of Knuth & Moore's F2, as score.BoundOf has it.
func (q *Quiz) BoundRule() string {
	if !q.Opt.Algo.Prunes() {
		return ""
	}
	return explain.BoundRuleIn(&trace.Info{Lang: string(q.Lang)}, clamps(q.Opt), q.Opt.Cutoff == engine.CutGT)
}

// Describe names the quiz's tree in one line.
func (q *Quiz) Describe() string {
	if q.Lang != i18n.En && q.Lang != "" {
		return q.describeIn(q.p())
	}
	if !q.Generated {
		s := "tree " + q.Tree.Source
		if q.Tree.RootMin {
			s += " · root MIN"
		}
		return s
	}
	g := q.Gen
	s := fmt.Sprintf("random tree · branching %d · depth %d · values %s..%s · seed %d",
		g.Branching, g.Depth, q.Format(g.Min*q.scale()), q.Format(g.Max*q.scale()), g.Seed)
	if q.Attempt > 0 {
		s += fmt.Sprintf(" (tree %d drawn from it)", q.Attempt+1)
	}
	return s
}

// WriteQuiz writes the tree, the conventions and the questions.
func (q *Quiz) WriteQuiz(w io.Writer) {
	q.WriteIntro(w)
	fmt.Fprintln(w)
	fmt.Fprintln(w, q.p().T("quiz.questions"))
	for i, qu := range q.Questions {
		fmt.Fprintf(w, "%2d. %s\n", i+1, q.Prompt(qu))
	}
}

// WriteIntro writes what the quiz is about: the tree and the conventions.
func (q *Quiz) WriteIntro(w io.Writer) {
	fmt.Fprintln(w, q.p().T("quiz.head", "Tree", q.Describe()))
	fmt.Fprintln(w, q.Conventions())
	if rule := q.BoundRule(); rule != "" && q.AskWindows {
		fmt.Fprintln(w, rule)
	}
	fmt.Fprintln(w)
	q.WriteTree(w)
}

// WriteTree writes the tree in its text form, then as an outline that names
// every node by its path, says who moves there and shows the leaf values.
func (q *Quiz) WriteTree(w io.Writer) {
	txt := tree.Format(q.Tree)
	if len(txt) > 100 {
		txt = strings.TrimRight(tree.FormatIndented(q.Tree), "\n")
		fmt.Fprintf(w, "%s\n%s\n\n", q.p().T("quiz.tree.long"), txt)
	} else {
		fmt.Fprintf(w, "%s\n\n", q.p().T("quiz.tree", "Tree", txt))
	}
	q.outline(w, q.Tree.Root, "")
}

func (q *Quiz) outline(w io.Writer, n *tree.Node, indent string) {
	ix := q.ix
	line := indent + q.who(n) + " " + q.name(n)
	if n.HasEval && ix.ply[n] <= q.Depth {
		line += "  " + q.p().T("quiz.outline.eval", "Value", q.num(n.Eval))
	}
	kids := moves(n)
	if ix.ply[n] == q.Depth && !n.Leaf {
		line += "  " + q.p().T("quiz.outline.horizon")
	}
	allLeaves := true
	for _, c := range kids {
		allLeaves = allLeaves && c.Leaf
	}
	if allLeaves {
		parts := make([]string, len(kids))
		for i, c := range kids {
			parts[i] = q.name(c) + " = " + q.num(c.Value) + q.chanceOf(n, i)
		}
		sep := ": "
		if ix.ply[n] == q.Depth {
			sep = q.p().T("quiz.outline.below")
		}
		fmt.Fprintln(w, line+sep+strings.Join(parts, " · "))
		return
	}
	fmt.Fprintln(w, line)
	for i, c := range kids {
		if c.Leaf {
			fmt.Fprintf(w, "%s  %s\n", indent, q.p().T("quiz.outline.leaf", "Node", q.name(c), "Value", q.num(c.Value)+q.chanceOf(n, i)))
			continue
		}
		if p := q.chanceOf(n, i); p != "" {
			fmt.Fprintf(w, "%s  %s\n", indent, q.p().T("quiz.outline.outcome", "P", p))
		}
		q.outline(w, c, indent+"  ")
	}
}

// who names who acts at n: MAX, MIN, or CHANCE at a chance node.
func (q *Quiz) who(n *tree.Node) string {
	if n.Chance {
		return q.p().T("quiz.outline.chance")
	}
	return side(q.ix.max[n])
}

// chanceOf is the probability of the i-th move of n when n is a chance node
// that writes probabilities: " (p 1/4)", " (p 0.25)"; "" else. The outline
// is prose, read and never pasted back (the tree's text above it is the
// tree format, [p=0.25]): its decimals are the language's (p 0,25).
func (q *Quiz) chanceOf(n *tree.Node, i int) string {
	if !n.Chance {
		return ""
	}
	num, den := n.Weight(i)
	return " (p " + q.p().Decimal(explain.Probability(num, den)) + ")"
}

// name is a node's label, with its path when it has a name of its own.
func (q *Quiz) name(n *tree.Node) string {
	if n.Name != "" {
		p := n.Path()
		if p == "" {
			p = q.p().T("quiz.root")
		}
		return n.Name + " (" + p + ")"
	}
	if n.Path() == "" {
		return q.p().T("quiz.root") // the root in the quiz's language
	}
	return label(n)
}

func side(isMax bool) string {
	if isMax {
		return "MAX"
	}
	return "MIN"
}

// Prompt asks a question in words.
func (q *Quiz) Prompt(qu Question) string {
	if q.Lang != i18n.En && q.Lang != "" {
		return q.promptIn(q.p(), qu)
	}
	switch qu.Kind {
	case Value:
		return "What is the value of the root?"
	case Best:
		return "Which root move is best? (the root's moves: " + strings.Join(splitLabels(moves(q.Tree.Root)), ", ") + ")"
	case Never:
		if q.Horizon {
			return fmt.Sprintf("Which leaves are never evaluated? (nodes on the horizon, ply %d, count as leaves; list them, or none; a subtree never searched may be named by its root)", q.Depth)
		}
		return "Which leaves are never evaluated? (list them, or none; a subtree never searched may be named by its root)"
	case Window:
		return fmt.Sprintf("With which window (α, β) is %s searched? (e.g. (3, +inf); - if it is never searched)", q.nodeWords(qu.Node))
	}
	if !q.Opt.Algo.Prunes() {
		return fmt.Sprintf("What value does %s return?", q.nodeWords(qu.Node))
	}
	return fmt.Sprintf("What value does %s return? (3 if exact, <=3 or >=5 for a bound; - if it is never searched)", q.nodeWords(qu.Node))
}

// nodeWords names a node in a sentence: "MIN node 2", "leaf 2.1", "the root".
func (q *Quiz) nodeWords(n *tree.Node) string {
	switch {
	case n == q.Tree.Root:
		return "the root"
	case q.ix.isPoint(n, q.Depth) && n.Leaf:
		return "leaf " + label(n)
	case n.Chance:
		return "chance node " + label(n)
	}
	return side(q.ix.max[n]) + " node " + label(n)
}

func splitLabels(nodes []*tree.Node) []string {
	out := make([]string, len(nodes))
	for i, n := range nodes {
		out[i] = label(n)
	}
	return out
}

// num formats a value as a person reads it in the quiz's language: 3.5,
// 3,5 in Russian and Czech (the answer syntax keeps the point: ascii).
func (q *Quiz) num(v int64) string { return q.p().Decimal(q.Format(v)) }

// bounded formats a value with its bound as a person reads it: 3, ≤3, ≥5
// (≥7,5 in Russian and Czech).
func (q *Quiz) bounded(v int64, b score.Bound) string { return boundMark(b, false) + q.num(v) }

// givenNum formats an answer's number with its bound as people read it:
// 3, ≤3, ≥7.5, 15/2 (≥7,5 in Russian and Czech).
func (q *Quiz) givenNum(a *Answer) string {
	if a.numOff == nil {
		return q.bounded(a.Num, a.Bound)
	}
	return boundMark(a.Bound, false) + q.p().Decimal(ratText(a.numOff))
}

// boundMark is how a bound is marked before its number: ≤ (<= in the
// answer syntax) for an upper bound, ≥ (>=) for a lower bound, nothing
// else.
func boundMark(b score.Bound, ascii bool) string {
	switch {
	case b == score.Upper && ascii:
		return "<="
	case b == score.Upper:
		return "≤"
	case b == score.Lower && ascii:
		return ">="
	case b == score.Lower:
		return "≥"
	}
	return ""
}

// givenWindow formats an answer's window as people read it: (3, +∞); in
// Russian and Czech with decimal commas, and then a semicolon between the
// edges, as explain writes a window: (0,5; 1,25).
func (q *Quiz) givenWindow(a *Answer) string {
	edge := func(v int64, off *big.Rat) string {
		if off != nil {
			return ratText(off)
		}
		return q.Format(v)
	}
	fa, fb := edge(a.Alpha, a.alphaOff), edge(a.Beta, a.betaOff)
	p := q.p()
	if da, db := p.Decimal(fa), p.Decimal(fb); da != fa || db != fb {
		return "(" + da + "; " + db + ")"
	}
	return "(" + fa + ", " + fb + ")"
}

// window formats a window as a person reads it: (3, +∞); (0,5; 1,25) in
// Russian and Czech.
func (q *Quiz) window(a, b int64) string { return explain.Edges(q.info(), a, b) }

// info is the run information the sentences need: the tree's value scale.
func (q *Quiz) info() *trace.Info {
	info := &trace.Info{Game: "tree", Scale: q.scale(), Cutoff: q.Opt.Cutoff.String()}
	if q.Lang != i18n.En {
		info.Lang = string(q.Lang)
	}
	return info
}

// ascii formats a value as the answer syntax writes it: inf, -inf, 3.5.
func (q *Quiz) ascii(v int64) string {
	switch {
	case v >= score.Inf:
		return "+inf"
	case v <= -score.Inf:
		return "-inf"
	}
	return string(score.AppendDecimal(nil, v, q.scale()))
}

func (q *Quiz) asciiBounded(v int64, b score.Bound) string { return boundMark(b, true) + q.ascii(v) }

func (q *Quiz) asciiWindow(a, b int64) string { return "(" + q.ascii(a) + ", " + q.ascii(b) + ")" }

// asciiNum and asciiGivenWindow write an answer's number or window in the
// answer syntax, exactly: <=3, 15/2, (7.5, +inf).
func (q *Quiz) asciiNum(a *Answer) string {
	if a.numOff == nil {
		return q.asciiBounded(a.Num, a.Bound)
	}
	return boundMark(a.Bound, true) + ratText(a.numOff)
}

func (q *Quiz) asciiGivenWindow(a *Answer) string {
	edge := func(v int64, off *big.Rat) string {
		if off != nil {
			return ratText(off)
		}
		return q.ascii(v)
	}
	return "(" + edge(a.Alpha, a.alphaOff) + ", " + edge(a.Beta, a.betaOff) + ")"
}

// WriteKey writes the answer key: the tree, the answers to the questions,
// then every node the search could reach with the window it was searched
// with and the value it returned.
func (q *Quiz) WriteKey(w io.Writer) {
	k, p := q.Key, q.p()
	fmt.Fprintln(w, p.T("quiz.key.head", "Tree", q.Describe()))
	fmt.Fprintln(w, q.Conventions())
	if rule := q.BoundRule(); rule != "" {
		fmt.Fprintln(w, rule)
	}
	fmt.Fprintln(w)
	q.WriteTree(w)
	fmt.Fprintln(w)
	var rows [][]string
	for i, qu := range q.Questions {
		rows = append(rows, []string{fmt.Sprintf("%2d. %s", i+1, qu.TitleIn(p)), q.expected(qu)})
	}
	writeTable(w, rows)
	fmt.Fprintf(w, "\n%s\n", p.T("quiz.key.answer", "Line", q.KeyLine()))
	fmt.Fprintf(w, "%s\n\n", q.rootsFormat())
	windows := q.Opt.Algo.Prunes()
	head := []string{p.T("quiz.key.col.node"), p.T("quiz.key.col.side"), p.T("quiz.key.col.window"), p.T("quiz.key.col.returns"), ""}
	if !windows {
		head = []string{head[0], head[1], head[3], ""}
	}
	rows = [][]string{head}
	for _, n := range q.ix.nodes {
		if q.ix.ply[n] > q.Depth {
			continue
		}
		v := k.visit(n)
		who := q.who(n)
		if n.Leaf {
			who = p.T("quiz.key.leaf")
		}
		row := []string{q.name(n), who}
		if v == nil {
			if windows {
				row = append(row, "—")
			}
			why := p.T("quiz.key.notsearched")
			if cut, _ := q.ix.prunedAt(k, n); cut != nil && cut.Name == "" && cut.Path() == "" {
				why = p.T("quiz.key.notsearched.cut.root")
			} else if cut != nil {
				why = p.T("quiz.key.notsearched.cut", "Node", label(cut))
			}
			rows = append(rows, append(row, why, q.leafNote(n)))
			continue
		}
		if windows {
			row = append(row, q.window(v.Alpha, v.Beta))
		}
		row = append(row, q.bounded(v.Value, v.Bound))
		var notes []string
		if v.Bound == score.NoBound {
			notes = append(notes, p.T("quiz.key.nobound"))
		}
		if v.Evaluated && !n.Leaf {
			notes = append(notes, p.T("quiz.key.static"))
		}
		if c := v.Cut; c != nil {
			notes = append(notes, q.cutNote(k, n, c))
		}
		rows = append(rows, append(row, strings.Join(notes, "; ")))
	}
	writeTable(w, rows)
	if q.Horizon {
		fmt.Fprintln(w, p.T("quiz.key.horizon", "Ply", q.Depth))
	}
}

// cutNote says in the key where node n was cut and what that left
// unsearched, and where a deep cutoff's bound comes from.
func (q *Quiz) cutNote(k *Run, n *tree.Node, c *Cut) string {
	p := q.p()
	pruned := labels(c.Pruned)
	if !q.ix.deep(k, n) {
		if c.By == nil { // a chance node its bounds settle at once
			return p.T("quiz.key.cut.before", "Pruned", pruned)
		}
		return p.T("quiz.key.cut.after", "Node", label(c.By), "Pruned", pruned)
	}
	_, alpha := q.ix.cutBound(k, n)
	setter, _ := q.ix.source(k, n, alpha)
	from := refIn(p, setter)
	if c.By == nil {
		return p.T("quiz.key.cut.before.deep", "Pruned", pruned, "From", from)
	}
	return p.T("quiz.key.cut.after.deep", "Node", label(c.By), "Pruned", pruned, "From", from)
}

// rootsFormat says, in parentheses, that the key lists the leaves never
// evaluated and that a subtree never searched may be named by its root,
// with the key's first such subtree for an example.
func (q *Quiz) rootsFormat() string {
	p := q.p()
	for _, n := range q.ix.nodes {
		par := q.ix.parent[n]
		if par != nil && q.Key.visit(par) != nil && q.Key.visit(n) == nil && q.ix.ply[n] < q.Depth && !n.Leaf {
			return p.T("quiz.key.roots.eg", "Node", label(n), "Leaves", listIn(p, q.ix.pointsUnder(n, q.Depth)))
		}
	}
	return p.T("quiz.key.roots")
}

// leafNote reminds the value of a leaf the search never evaluated.
func (q *Quiz) leafNote(n *tree.Node) string {
	switch {
	case n.Leaf:
		return q.p().T("quiz.key.leafvalue", "Value", q.num(n.Value))
	case n.HasEval && q.ix.ply[n] == q.Depth:
		return q.p().T("quiz.key.eval", "Value", q.num(n.Eval))
	}
	return ""
}

// writeTable writes rows in columns two spaces apart, without trailing
// spaces.
func writeTable(w io.Writer, rows [][]string) {
	var width []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(width) {
				width = append(width, 0)
			}
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range rows {
		var b strings.Builder
		for i, c := range r {
			b.WriteString(c)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", width[i]-utf8.RuneCountInString(c)+2))
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}

// expected is the right answer to a question, as a person reads it.
func (q *Quiz) expected(qu Question) string {
	k := q.Key
	switch qu.Kind {
	case Value:
		return q.num(k.Value)
	case Best:
		if k.Best == nil {
			return "none"
		}
		return label(k.Best)
	case Never:
		return labels(k.Never)
	case Window:
		v := k.visit(qu.Node)
		if v == nil {
			return q.p().T("quiz.key.notsearched")
		}
		return q.window(v.Alpha, v.Beta)
	}
	v := k.visit(qu.Node)
	if v == nil {
		return q.p().T("quiz.key.notsearched")
	}
	return q.bounded(v.Value, v.Bound)
}

// expectedASCII is the right answer in the answer syntax.
func (q *Quiz) expectedASCII(qu Question) string {
	k := q.Key
	switch qu.Kind {
	case Window:
		if v := k.visit(qu.Node); v != nil {
			return q.asciiWindow(v.Alpha, v.Beta)
		}
		return "not searched"
	case At:
		if v := k.visit(qu.Node); v != nil {
			return q.asciiBounded(v.Value, v.Bound)
		}
		return "not searched"
	case Value:
		return q.ascii(k.Value)
	}
	return q.expected(qu)
}

// KeyLine is the key in the answer syntax, ready for quiz check --answer.
func (q *Quiz) KeyLine() string {
	parts := make([]string, len(q.Questions))
	for i, qu := range q.Questions {
		sep := " "
		if qu.Kind == Window || qu.Kind == At {
			sep = ": "
		}
		parts[i] = qu.ID() + sep + q.expectedASCII(qu)
	}
	return strings.Join(parts, "; ")
}
