package scene

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// BuildDiff makes the scene of two searches compared by trace/diff: the
// union of what they searched as one tree, in the conventions of Build.
// Nodes both searched alike are drawn as usual; nodes only A searched carry
// MarkDiffA, nodes only B searched MarkDiffB; nodes both searched
// differently MarkDiffValue, with A's and B's value, window, depth and
// cutoff side by side ("A ≤3 · B ≤2"). Moves both searches cut off are one
// box. The title names A and B and their results; the legend explains the
// marks.
//
// Large unions are summarised as Build summarises a search: drawn less deep
// until the drawing fits the budgets of opt, with a note. opt.Focus draws the
// part below one node; opt.Iteration is not used (the comparison has chosen
// its root searches).
func BuildDiff(r *diff.Result, opt Options) (*Scene, error) {
	if r == nil || r.Root == nil {
		return nil, fmt.Errorf("nothing to draw")
	}
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MaxWidth <= 0 {
		opt.MaxWidth = DefaultMaxWidth
	}
	top := r.Root
	if opt.Focus != "" {
		var err error
		if top, err = r.Focus(opt.Focus); err != nil {
			return nil, err
		}
	}
	sc := &Scene{Diff: true}
	order := map[string]int{}
	side := func(run *diff.Run) *builder {
		b := &builder{rec: run.Rec, info: run.Info(), p: explain.Printer(run.Info()), opt: opt, pv: map[*record.Node]bool{}, drawn: map[*record.Node]bool{}, sc: sc, order: order}
		for _, n := range run.Rec.PVFrom(run.Root) {
			b.pv[n] = true
		}
		b.tops = []*record.Node{run.Root}
		return b
	}
	d := &diffBuilder{a: side(r.A), b: side(r.B), res: r, ids: map[*diff.Node]string{}}

	full := unionHeight(top)
	depth := full
	if opt.DrawDepth > 0 && opt.DrawDepth < depth {
		depth = opt.DrawDepth
	}
	for depth > 1 {
		z := &size{}
		d.count(z, top, 0, depth)
		if z.fits(opt) {
			break
		}
		depth--
	}
	d.depth = depth
	d.a.depth, d.b.depth = depth, depth
	d.node(top, 0, false)

	st := Stats{Drawn: d.a.shapes, Searched: top.Size, Depth: depth, Truncated: depth < full}
	var notes []string
	p := d.a.p
	if st.Truncated {
		notes = append(notes, p.N("drawdiff.note.drawn", int64(depth)))
	}
	if top != r.Root {
		notes = append(notes, p.T("drawdiff.note.subtree", "Node", d.label(top)))
	}
	for _, run := range []*diff.Run{r.A, r.B} {
		if run.Rec.Dropped > 0 {
			notes = append(notes, p.N("drawdiff.note.dropped", run.Rec.Dropped, "Run", run.Name))
		}
	}
	if len(notes) > 0 {
		st.Note = p.N("drawdiff.note", int64(st.Drawn), "Notes", strings.Join(notes, "; "), "Searched", st.Searched)
	}
	sc.Stats, sc.Style, sc.Sizes = st, opt.Style, figureSizes
	if opt.Style == "projector" {
		sc.Sizes = projectorSizes
	}
	if sc.Style == "" {
		sc.Style = "default"
	}
	sc.Title = d.title(top, st)
	if !opt.NoLegend {
		sc.Legend = d.legendItems()
	}
	return sc, nil
}

// unionHeight is the number of plies below n in the union.
func unionHeight(n *diff.Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+unionHeight(c))
	}
	return h
}

// diffBuilder draws the union of two searches, styling each node with the
// builder of the search that visited it: a for A (it also counts the shapes
// drawn), b for B; both add to one scene.
type diffBuilder struct {
	a, b  *builder
	res   *diff.Result
	depth int
	ids   map[*diff.Node]string
	seen  struct{ onlyA, onlyB, changed, pvA, pvB bool }
}

func (d *diffBuilder) id(n *diff.Node) string {
	if s, ok := d.ids[n]; ok {
		return s
	}
	s := fmt.Sprintf("d%d", len(d.ids))
	d.ids[n] = s
	return s
}

// pruned is the moves of n a cutoff left unsearched by every search that
// visited it: both searches' cut moves in common, or the one search's.
func pruned(n *diff.Node) []string {
	switch {
	case n.Both():
		if n.A.Cut == nil || n.B.Cut == nil {
			return nil
		}
		inB := map[string]bool{}
		for _, m := range n.B.Cut.Pruned {
			inB[m] = true
		}
		var out []string
		for _, m := range n.A.Cut.Pruned {
			if inB[m] {
				out = append(out, m)
			}
		}
		return out
	case n.One().Cut != nil:
		return n.One().Cut.Pruned
	}
	return nil
}

// count adds the shapes of drawing n, at level, down to depth.
func (d *diffBuilder) count(z *size, n *diff.Node, level, depth int) {
	z.add(level, 1)
	if level == depth {
		if len(n.Children) > 0 {
			z.add(level+1, 1) // the summary box
		}
		return
	}
	for _, c := range n.Children {
		d.count(z, c, level+1, depth)
	}
	if len(pruned(n)) > 0 {
		z.add(level+1, 1)
	}
}

// node draws n and what is drawn below it; rel is its depth below the top.
func (d *diffBuilder) node(n *diff.Node, rel int, moveInside bool) {
	d.a.shapes++
	var sn *Node
	switch {
	case n.Both() && len(n.Diffs) == 0:
		sn = d.a.searched(n.A, rel, moveInside)
		sn.Tooltip = d.a.T("drawdiff.tip.alike", "Node", d.label(n))
	case n.Both():
		d.seen.changed = true
		sn = d.changed(n, rel, moveInside)
		var kinds []string
		for _, x := range n.Diffs {
			kinds = append(kinds, x.Kind.WordIn(d.a.info))
		}
		sn.Tooltip = d.a.T("drawdiff.tip.changed", "Node", d.label(n), "Kinds", strings.Join(kinds, ", "))
	case n.A != nil:
		d.seen.onlyA = true
		sn = d.a.searched(n.A, rel, moveInside)
		sn.Marks = append([]Mark{MarkDiffA}, sn.Marks...)
		sn.Tooltip = d.a.T("drawdiff.tip.onlya", "Node", d.label(n))
	default:
		d.seen.onlyB = true
		sn = d.b.searched(n.B, rel, moveInside)
		sn.Marks = append([]Mark{MarkDiffB}, sn.Marks...)
		sn.Tooltip = d.a.T("drawdiff.tip.onlyb", "Node", d.label(n))
	}
	sn.ID, sn.Searched = d.id(n), false
	d.a.add(sn)
	if rel == d.depth {
		if len(n.Children) > 0 {
			t := diff.Count(n)
			if n.Both() {
				t.Both--
			}
			label := []Line{line(RoleText, d.a.N("drawdiff.box.below", int64(n.Size-1)), 0, MarkSummary)}
			if t.Both > 0 && n.Both() && t.OnlyA+t.OnlyB > 0 {
				label = append(label, line(RoleText, d.a.N("drawdiff.box.both", int64(t.Both)), 8, MarkSummary))
			}
			if t.OnlyA > 0 && n.Both() {
				label = append(label, line(RoleText, d.a.N("drawdiff.box.onlya", int64(t.OnlyA)), 8, MarkDiffA))
			}
			if t.OnlyB > 0 && n.Both() {
				label = append(label, line(RoleText, d.a.N("drawdiff.box.onlyb", int64(t.OnlyB)), 8, MarkDiffB))
			}
			d.a.summaryBox(d.id(n), Summary, label)
		}
		return
	}
	wide := len(n.Children) > wideFan
	children := n.Children
	if d.a.rtl() { // as the tree has them (see WrittenOrder)
		moves := make([]string, len(children))
		for k, c := range children {
			moves[k] = c.Move
		}
		children = make([]*diff.Node, 0, len(moves))
		for _, k := range WrittenOrder(moves) {
			children = append(children, n.Children[k])
		}
	}
	for _, c := range children {
		d.edge(n, c, wide)
		d.node(c, rel+1, wide)
	}
	if p := pruned(n); len(p) > 0 {
		d.a.prunedBox(d.id(n), p)
	}
}

// changed is the shape of a node both searched differently: the parts that
// agree written once, those that differ as "A … · B …".
func (d *diffBuilder) changed(n *diff.Node, rel int, moveInside bool) *Node {
	a, b := n.A, n.B
	sn := &Node{Kind: kindOf(a), Marks: []Mark{MarkDiffValue}, CutFrom: -1, Of: -1, Depth: rel}
	ab := func(role Role, x, y string, size int) Line {
		return Line{Role: role, Runs: []Run{run("A "+x, size, MarkDiffA), run(" · ", size, MarkNone), run("B "+y, size, MarkDiffB)}}
	}
	va, vb := d.a.value(a), d.b.value(b)
	val := line(RoleValue, va, 0, MarkNone)
	if va != vb {
		val = ab(RoleValue, va, vb, 0)
	}
	for i := range val.Runs {
		val.Runs[i].Bold = true
	}
	if a.Leaf && b.Leaf {
		sn.Kind = Leaf
		sn.Lines = []Line{val}
		if moveInside {
			sn.Lines = append([]Line{d.a.moveLine(a)}, sn.Lines...)
		}
		return sn
	}
	lines := []Line{val}
	if a.HasWindow || b.HasWindow {
		wa, wb := windowOr(d.a, a), windowOr(d.b, b)
		win := line(RoleWindow, wa, 8, MarkWindow)
		if wa != wb {
			win = ab(RoleWindow, wa, wb, 8)
		}
		if n.Max {
			lines = append(lines, win) // the wide side of ▲ is at the bottom
		} else {
			lines = append([]Line{win}, lines...) // and of ▼ at the top
		}
	}
	for _, x := range n.Diffs {
		if x.Kind == diff.Depth {
			lines = append(lines, ab(RoleNote, fmt.Sprintf("depth %d", a.Depth), fmt.Sprintf("depth %d", b.Depth), 8))
		}
	}
	// A cutoff both made alike is written once; else each search's, with
	// the number of moves it left unsearched.
	ca, cb := "", ""
	if a.Cut != nil {
		ca = d.a.cutReason(a, a.Cut)
	}
	if b.Cut != nil {
		cb = d.b.cutReason(b, b.Cut)
	}
	// One run of text per line: renderers place runs side by side by their
	// own estimate of the font's width, and runs can overlap.
	cutLine := func(who string, m Mark, reason string, c *record.Cut) Line {
		return line(RoleCut, who+" "+reason+fmt.Sprintf(", %d pruned", len(c.Pruned)), 8, m)
	}
	sameCut := true
	for _, x := range n.Diffs {
		sameCut = sameCut && x.Kind != diff.Cutoff
	}
	switch {
	case ca != "" && ca == cb && sameCut:
		d.a.seen.cut = true
		lines = append(lines, line(RoleCut, ca, 8, MarkCut))
	default:
		if ca != "" {
			d.a.seen.cut = true
			lines = append(lines, cutLine("A", MarkDiffA, ca, a.Cut))
		}
		if cb != "" {
			d.a.seen.cut = true
			lines = append(lines, cutLine("B", MarkDiffB, cb, b.Cut))
		}
	}
	la, lb := d.a.selectiveLines(a), d.b.selectiveLines(b)
	if sameLines(la, lb) {
		lines = append(lines, la...)
	} else {
		for _, l := range la {
			l.Runs = append([]Run{run("A", 8, MarkDiffA), {Text: " "}}, l.Runs...)
			lines = append(lines, l)
		}
		for _, l := range lb {
			l.Runs = append([]Run{run("B", 8, MarkDiffB), {Text: " "}}, l.Runs...)
			lines = append(lines, l)
		}
	}
	if moveInside {
		if n.Max {
			lines = append(lines, d.a.moveLine(a)) // on the wide side of ▲
		} else {
			lines = append([]Line{d.a.moveLine(a)}, lines...) // and of ▼
		}
	}
	sn.Kind = Max
	if !n.Max {
		sn.Kind = Min
	}
	sn.Lines = lines
	return sn
}

// sameLines says whether two lists of lines say the same.
func sameLines(a, b []Line) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Text() != b[i].Text() {
			return false
		}
	}
	return true
}

// windowOr is a node's window, or "no window".
func windowOr(b *builder, n *record.Node) string {
	if !n.HasWindow {
		return "no window"
	}
	return b.window(n)
}

// edge joins n to its child c, styled by the search that made the move (A's
// when both did), in A's or B's look when only one did. The principal
// variation is bold, in A's or B's look where only that search follows it.
func (d *diffBuilder) edge(n, c *diff.Node, wide bool) {
	var e *Edge
	onA := c.A != nil && d.a.pv[n.A] && d.a.pv[c.A]
	onB := c.B != nil && d.b.pv[n.B] && d.b.pv[c.B]
	switch {
	case c.A != nil:
		e = d.a.edgeOf(n.A, c.A, index(n.A, c.A), wide)
		if !c.Both() {
			e.Marks = append([]Mark{MarkDiffA}, e.Marks...)
		}
	default:
		e = d.b.edgeOf(n.B, c.B, index(n.B, c.B), wide)
		e.Marks = append([]Mark{MarkDiffB}, e.Marks...)
	}
	switch {
	case onA && !onB && c.Both():
		d.seen.pvA = true
		e.Marks = append([]Mark{MarkDiffA}, e.Marks...)
	case onB && !onA && c.Both():
		d.seen.pvB = true
		e.Marks = append([]Mark{MarkDiffB}, e.Marks...)
		if !e.Has(MarkPV) {
			e.Marks = append(e.Marks, MarkPV)
		}
	}
	e.From, e.To, e.ID = d.id(n), d.id(c), ""
	d.a.join(e)
}

// index is the position of c among n's children.
func index(n, c *record.Node) int {
	for i, x := range n.Children {
		if x == c {
			return i
		}
	}
	return 0
}

// title is the diff's title: A and B, their results, the totals.
func (d *diffBuilder) title(top *diff.Node, st Stats) []Line {
	r := d.res
	var lines []Line
	add := func(size int, runs ...Run) {
		for i := range runs {
			runs[i].Size = float64(size)
		}
		lines = append(lines, Line{Role: RoleTitle, Runs: runs})
	}
	runLine := func(run *diff.Run, m Mark) {
		rest := "  " + run.Conventions
		if sum := run.Rec.Summary; sum != nil {
			if !run.Rec.NoValue {
				rest += " · " + strings.Join(explain.ResultParts(run.Info(), sum, false), " · ")
			}
			rest += " · " + explain.Counts(run.Info(), sum)
		}
		add(10, Run{Text: run.Name + "  " + run.Spec, Bold: true, Mark: m}, Run{Text: rest, Mark: m})
		for _, o := range explain.OptionLines(run.Info()) {
			add(9, Run{Text: "+ " + o, Mark: m})
		}
	}
	p := d.a.p
	add(12, Run{Text: p.T("drawdiff.title"), Bold: true})
	add(10, Run{Text: explain.InputLine(r.A.Info())})
	runLine(r.A, MarkDiffA)
	runLine(r.B, MarkDiffB)
	if r.A.Searches() > 1 || r.B.Searches() > 1 {
		add(10, Run{Text: p.T("drawdiff.compared", "A", r.A.Choice(), "B", r.B.Choice())})
	}
	t := diff.Count(top)
	sum := p.N("drawdiff.sum.none", int64(t.Both), "OnlyA", t.OnlyA, "OnlyB", t.OnlyB)
	if t.Differences > 0 {
		sum = p.N("drawdiff.sum", int64(t.Both), "OnlyA", t.OnlyA, "OnlyB", t.OnlyB, "Differences", t.PhraseIn(d.a.info))
	}
	add(10, Run{Text: sum})
	if d.a.opt.Negamax {
		add(10, Run{Text: NegamaxNote(d.a.info, false)})
	}
	if st.Note != "" {
		add(10, Run{Text: p.T("drawdiff.title.note", "Note", st.Note), Mark: MarkNote})
	}
	return lines
}

// legendItems name A and B and explain the marks of the diff, then the
// symbols of either search's drawing.
func (d *diffBuilder) legendItems() []LegendItem {
	r := d.res
	style := d.a.opt.Style
	items := []LegendItem{
		{MarkDiffA, "A = " + r.A.Spec + " (" + r.A.Conventions + ")"},
		{MarkDiffB, "B = " + r.B.Spec + " (" + r.B.Conventions + ")"},
	}
	p := d.a.p
	if d.seen.onlyA {
		items = append(items, LegendItem{MarkDiffA, LegendText(p, MarkDiffA, style)})
	}
	if d.seen.onlyB {
		items = append(items, LegendItem{MarkDiffB, LegendText(p, MarkDiffB, style)})
	}
	if d.seen.changed {
		items = append(items, LegendItem{MarkDiffValue, LegendText(p, MarkDiffValue, style)})
	}
	// The symbols of a one-search drawing, for what either search shows.
	s := &d.a.seen
	o := d.b.seen
	s.cut, s.unsearched, s.summary, s.noBound = s.cut || o.cut, s.unsearched || o.unsearched, s.summary || o.summary, s.noBound || o.noBound
	s.null, s.reduce, s.extend, s.futility = s.null || o.null, s.reduce || o.reduce, s.extend || o.extend, s.futility || o.futility
	s.razor, s.qs, s.verify, s.tt = s.razor || o.razor, s.qs || o.qs, s.verify || o.verify, s.tt || o.tt
	s.chance, s.chanceCut, s.probe = s.chance || o.chance, s.chanceCut || o.chanceCut, s.probe || o.probe
	s.tt = false // no table arrows in a diff: the entries are named in the nodes
	for _, it := range d.a.legendItems() {
		switch {
		case it.Mark == MarkPV && (d.seen.pvA || d.seen.pvB):
			it.Text += p.T("drawdiff.legend.pv")
		case it.Mark == MarkCut && d.seen.changed:
			it.Text += p.T("drawdiff.legend.cut")
		}
		items = append(items, it)
	}
	return items
}

// label names a node of the diff in the drawing's language: its path,
// the root, and its pass when the searches passed it more than once.
func (d *diffBuilder) label(n *diff.Node) string {
	l := n.Path
	if l == "" {
		l = d.a.T("drawdiff.root")
	}
	if n.Visit > 1 {
		return d.a.T("drawdiff.pass", "Node", l, "Pass", n.Visit)
	}
	return l
}
