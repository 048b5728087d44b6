package scene

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// Build makes the scene of a recording: the part of the search opt
// chooses (Tops), drawn as deep as the budgets allow, with its boxes, marks,
// legend and title.
func Build(rec *record.Recording, opt Options) (*Scene, error) {
	if rec.Root == nil {
		return nil, fmt.Errorf("the trace has no searched nodes to draw")
	}
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MaxWidth <= 0 {
		opt.MaxWidth = DefaultMaxWidth
	}
	opt.MaxNodes, opt.MaxWidth = min(opt.MaxNodes, MaxNodesLimit), min(opt.MaxWidth, MaxWidthLimit)
	info := rec.Info
	if info == nil {
		info = &trace.Info{Scale: 1, Root: "max"}
	}
	tops, iteration, err := Tops(rec, opt)
	if err != nil {
		return nil, err
	}
	b := &builder{rec: rec, info: info, p: explain.Printer(info), opt: opt, pv: map[*record.Node]bool{}, drawn: map[*record.Node]bool{}, notes: map[int64][]int64{}, sc: &Scene{}}
	b.partial = opt.Until > 0 && opt.Until < rec.Events-1
	for _, top := range tops {
		if b.partial || b.info.NodesOnly {
			// The principal variation is known at the end, of a search
			// whose trace names it (a student's trace names none).
			break
		}
		// The principal variation runs from the root: under --focus the
		// part of it below the focused node is bold (the line from the
		// focused node itself would follow the root's moves from the
		// wrong place).
		root := top
		for root.Parent != nil {
			root = root.Parent
		}
		for _, n := range rec.PVFrom(root) {
			b.pv[n] = true
		}
	}
	st := Stats{Searched: len(rec.Nodes)}
	if rec.Summary != nil {
		st.Searched = int(rec.Summary.Nodes)
	}
	full := 0
	for _, top := range tops {
		full = max(full, Height(top))
	}
	depth := full
	if opt.DrawDepth > 0 && opt.DrawDepth < depth {
		depth = opt.DrawDepth
	}
	// Fit the budget: first draw never-searched subtrees as count boxes
	// instead of in full, then draw the search less deep.
	measure := func(depth int, unsearched bool) *size {
		z := &size{}
		for _, top := range tops {
			b.count(z, top, 0, depth, unsearched)
		}
		return z
	}
	if opt.Whole {
		return b.whole(tops, full, measure, st)
	}
	// A node with more children than the widest level allows never fits:
	// the children past that are counted in one box.
	b.fan = max(1, opt.MaxWidth-1)
	withUnsearched := true
	for depth > 1 && !measure(depth, withUnsearched).fits(opt) {
		if withUnsearched {
			withUnsearched = false
			continue
		}
		depth--
	}
	if measure(depth, true).fits(opt) {
		withUnsearched = true
	}
	if !measure(depth, withUnsearched).fits(opt) {
		// Even the first ply is too much: draw fewer children per node, as
		// many as fit (at least one, and a box for the rest).
		lo, hi := 1, b.fan
		for lo < hi {
			b.fan = (lo + hi + 1) / 2
			if measure(depth, withUnsearched).fits(opt) {
				lo = b.fan
			} else {
				hi = b.fan - 1
			}
		}
		b.fan = lo
	}
	b.game = info != nil && info.Game != "tree" && !opt.Page && opt.Until == 0
	if b.game {
		depth, withUnsearched = b.fitGame(tops, full, depth, measure)
	}
	st.Depth = depth
	b.depth = depth
	b.unsearched = withUnsearched
	b.multi = len(tops) > 1 || len(rec.Roots) > 1
	b.tops = tops
	for _, top := range tops {
		b.hideIf(b.future(top), func() { b.node(top, 0, false) })
	}
	b.ttEdges()
	st.Drawn = b.shapes
	st.Truncated = depth < full || b.more > 0
	var notes []string
	if depth < full {
		deep := b.N("draw.note.deep", int64(depth))
		if b.pvDeeper {
			deep = b.N("draw.note.deep.pv", int64(depth))
		}
		notes = append(notes, deep)
	}
	if b.more > 0 {
		notes = append(notes, b.N("draw.note.fan", int64(b.fan)))
	}
	if !withUnsearched {
		notes = append(notes, b.T("draw.note.unsearched"))
	}
	if opt.Focus != "" || opt.HasFocusID {
		notes = append(notes, b.T("draw.note.subtree", "Node", b.label(tops[0])))
	}
	if iteration > 0 && len(rec.Roots) > len(tops) {
		notes = append(notes, b.T("draw.note.iteration", "Iteration", iteration, "Last", rec.LastIteration()))
	}
	if rec.Discarded > 0 {
		notes = append(notes, b.T("draw.note.discarded"))
	}
	if rec.Counted > 0 {
		notes = append(notes, b.T("draw.note.counted", "Ply", rec.Counted))
	}
	if rec.Dropped > 0 && rec.Under == "" {
		notes = append(notes, b.N("draw.note.dropped", int64(rec.Dropped)))
	}
	if len(notes) > 0 {
		st.Note = strings.Join(notes, "; ") + b.N("draw.note.shapes", int64(st.Drawn), "Searched", st.Searched)
	}
	if b.opt.Page {
		st.Notes = b.notes
	}
	return b.finish(st), nil
}

type builder struct {
	rec        *record.Recording
	info       *trace.Info
	p          *i18n.Printer // the language of the drawing's words (info.Lang)
	opt        Options
	pv         map[*record.Node]bool
	depth      int  // plies drawn below the top node
	fan        int  // the most children drawn below a node; the others go in one box
	pvDeeper   bool // a game's principal variation drawn deeper than the others
	game       bool // a game's search (not a toy tree): the best moves drawn, the picture kept to Aspect
	more       int  // boxes drawn for children past the fan
	unsearched bool // draw unsearched subtrees in full (else one box per cut)
	sc         *Scene
	order      map[string]int // edges out of each shape so far
	shapes     int
	ids        int                   // counter for shapes that are not recorded nodes
	multi      bool                  // several root visits: label each with its iteration and pass
	tops       []*record.Node        // the tops drawn
	drawn      map[*record.Node]bool // recorded nodes drawn, for the TT edges
	ghost      int                   // > 0: what is written now is laid out but invisible (Options.Until)
	cutFrom    int64                 // the node whose cutoff the unsearched shapes drawn now stand for (Options.Page)
	partial    bool                  // drawn before the end of the search (Options.Until)
	notes      map[int64][]int64     // Stats.Notes
	seen       struct {
		cut, unsearched, summary, noBound, current, visits, ranges bool
		chanceCut                                                  bool
		chance, probe                                              bool
		null, reduce, extend, futility, razor, qs, verify, tt      bool
	}
}

// size is how many shapes a drawing takes, in all and on its widest level.
type size struct {
	total  int
	levels []int // shapes per level below the top
}

func (z *size) add(level, n int) {
	for len(z.levels) <= level {
		z.levels = append(z.levels, 0)
	}
	z.levels[level] += n
	z.total += n
}

func (z *size) width() int {
	w := 0
	for _, n := range z.levels {
		w = max(w, n)
	}
	return w
}

// fits reports whether a drawing of that size keeps within the budgets.
func (z *size) fits(o Options) bool { return z.total <= o.MaxNodes && z.width() <= o.MaxWidth }

// measure returns the size of the drawing of n to the given depth.
func (b *builder) measure(n *record.Node, depth int, unsearched bool) *size {
	z := &size{}
	b.count(z, n, 0, depth, unsearched)
	return z
}

// count adds the shapes of drawing n, at level, down to depth.
func (b *builder) count(z *size, n *record.Node, level, depth int, unsearched bool) {
	z.add(level, 1)
	if level == depth {
		if len(n.Children) > 0 || n.Cut != nil || n.Below.Nodes > 0 {
			z.add(level+1, 1) // the summary box
		}
		return
	}
	if len(n.Children) == 0 && n.Below.Nodes > 0 {
		z.add(level+1, 1) // the box of what was counted, not kept
	}
	if b.pick(n, func(ch *record.Node, _ int) { b.count(z, ch, level+1, depth, unsearched) }) > 0 {
		z.add(level+1, 1) // the box for the children past the fan
	}
	if n.Cut != nil && (!b.opt.SkipFuture || b.cut(n) != nil) {
		if unsearched && len(n.Cut.Unsearched) > 0 {
			for _, s := range n.Cut.Unsearched {
				subtreeSize(z, s, level+1, depth)
			}
		} else {
			z.add(level+1, 1)
		}
	}
}

// pick calls f with each child of n that is drawn one by one, in search
// order, with its index among the children, and returns how many searched
// children are left for a box: at most b.fan are drawn, the first ones, and a
// child on the principal variation in place of the last when it comes later.
// Children left out of the drawing (Options.SkipFuture) are neither.
func (b *builder) pick(n *record.Node, f func(c *record.Node, i int)) (rest int) {
	total := 0
	for _, c := range n.Children {
		if !b.skipped(c) {
			total++
		}
	}
	if total <= b.fan {
		for i, c := range n.Children {
			if !b.skipped(c) {
				f(c, i)
			}
		}
		return 0
	}
	if b.game {
		return b.pickBest(n, total, f)
	}
	pvAt := -1 // a principal-variation child past the first fan-1 drawn
	k := 0
	for i, c := range n.Children {
		if b.skipped(c) {
			continue
		}
		if k >= b.fan-1 && b.pv[c] {
			pvAt = i
			break
		}
		k++
	}
	k = 0
	for i, c := range n.Children {
		if b.skipped(c) {
			continue
		}
		if k < b.fan-1 || (pvAt < 0 && k == b.fan-1) || i == pvAt {
			f(c, i)
		}
		k++
	}
	return total - b.fan
}

func subtreeSize(z *size, s *trace.Subtree, level, depth int) {
	z.add(level, 1)
	if level == depth || len(s.Children) == 0 {
		if len(s.Children) > 0 || s.Below > 0 {
			z.add(level+1, 1)
		}
		return
	}
	for _, ch := range s.Children {
		subtreeSize(z, ch, level+1, depth)
	}
}

// hideIf runs draw with everything it writes invisible when hide is true;
// what is invisible does not enter the legend.
func (b *builder) hideIf(hide bool, draw func()) {
	if hide {
		seen := b.seen
		b.ghost++
		defer func() { b.ghost--; b.seen = seen }()
	}
	draw()
}

// future reports whether n was entered after the event drawn up to
// (Options.Until).
func (b *builder) future(n *record.Node) bool { return b.opt.Until > 0 && n.Seq > b.opt.Until }

// skipped reports whether n is left out of the drawing (SkipFuture).
func (b *builder) skipped(n *record.Node) bool { return b.opt.SkipFuture && b.future(n) }

// open reports whether n had not returned its value yet at the event drawn
// up to.
func (b *builder) open(n *record.Node) bool {
	return b.opt.Until > 0 && (n.End == 0 || n.End > b.opt.Until)
}

// cut is n's cutoff if it had happened at the event drawn up to.
func (b *builder) cut(n *record.Node) *record.Cut {
	if c := n.Cut; c != nil && (b.opt.Until == 0 || c.Seq <= b.opt.Until) {
		return c
	}
	return nil
}

func id(n *record.Node) string { return "n" + strconv.FormatInt(n.ID, 10) }

func (b *builder) newID(prefix string) string {
	b.ids++
	return prefix + strconv.Itoa(b.ids)
}

// value formats a node value with its bound and the chosen point of view;
// "?" for a value not known yet.
func (b *builder) value(n *record.Node) string {
	if b.open(n) {
		return "?"
	}
	s, noBound := Value(b.info, n, b.opt.Negamax)
	b.seen.noBound = b.seen.noBound || noBound
	return s
}

// Value is how a drawing writes the value n returned: the number with ≥ for
// a lower bound, ≤ for an upper bound, ~ for a value clamped onto a tie
// window (noBound: it proves nothing) unless its children prove it exact,
// "?" when n has no value; a leaf's own value is exact. A node searched
// without a window and no bound (a search whose trace tells only its
// values) has its value plain. negamax writes it from the side to move's point of view.
func Value(info *trace.Info, n *record.Node, negamax bool) (s string, noBound bool) {
	if !n.HasValue {
		return "?", false
	}
	v, bound := n.Value, n.Bound
	if n.Leaf {
		// A leaf's value is its own evaluation, exact whatever its window:
		// the rule's bound is its parent's business, shown on the parent.
		bound = score.Exact
	}
	if negamax && !n.Max {
		v = -v
		switch bound {
		case score.Lower:
			bound = score.Upper
		case score.Upper:
			bound = score.Lower
		}
	}
	s = explain.Number(info, v)
	switch bound {
	case score.Lower:
		s = "≥" + s
	case score.Upper:
		s = "≤" + s
	case score.NoBound:
		if n.Closed && !n.Leaf && !n.Proved && n.HasWindow {
			// A fail-hard value clamped onto an empty window proves
			// nothing by itself; one the children prove is exact.
			return "~" + s, true
		}
	}
	return s, false
}

func (b *builder) window(n *record.Node) string { return Window(b.info, n, b.opt.Negamax) }

// Window is how a drawing writes the window n was searched with, "(α, β)",
// from the side to move's point of view when negamax.
func Window(info *trace.Info, n *record.Node, negamax bool) string {
	a, be := n.Alpha, n.Beta
	if negamax && !n.Max {
		a, be = -be, -a
	}
	return explain.Edges(info, a, be)
}

// flip says whether n's numbers are drawn negated: the negamax view
// (Options.Negamax) of a node where MIN is to move (at a chance node: moves
// after it), whose numbers are then from MIN's point of view, its window
// (−β, −α).
func (b *builder) flip(n *record.Node) bool { return b.opt.Negamax && !n.Max }

func (b *builder) cutReason(n *record.Node, c *record.Cut) string {
	return CutReason(b.info, c, b.flip(n))
}

// CutReason is the short reason a drawing writes inside a node that cut
// off, e.g. "✂ 2 ≤ α", by the run's cutoff convention. flip writes it in
// the negamax view of a node where MIN is to move, as its window and value
// are drawn there: the numbers negated and the window (−β, −α), so that the
// α-cutoff "2 ≤ α" (α 3) reads "-2 ≥ β" (β -3).
func CutReason(info *trace.Info, c *record.Cut, flip bool) string {
	p := explain.Printer(info)
	alpha := c.Reason == trace.ReasonAlpha || c.Reason == trace.ReasonProbeAlpha
	value, lower, upper := c.Value, c.Lower, c.Upper
	if flip {
		alpha, value, lower, upper = !alpha, -value, -upper, -lower
	}
	if c.Chance { // the average's interval reached an edge of the window
		if alpha {
			return p.T("draw.cut.avg.alpha", "Value", explain.Number(info, upper))
		}
		return p.T("draw.cut.avg.beta", "Value", explain.Number(info, lower))
	}
	strict := info.Cutoff == "gt"
	if alpha {
		if strict {
			return "✂ " + explain.Number(info, value) + " < α"
		}
		return "✂ " + explain.Number(info, value) + " ≤ α"
	}
	if strict {
		return "✂ " + explain.Number(info, value) + " > β"
	}
	return "✂ " + explain.Number(info, value) + " ≥ β"
}

// wideFan is the number of children above which a node's moves are written
// inside the children instead of on the edges: in a wide fan the edges run
// nearly level and a label in their middle sits far from its child.
const wideFan = 8

// add puts a shape into the scene, hidden while what is drawn is laid out
// but not shown (Options.Until).
func (b *builder) add(n *Node) *Node {
	n.Hidden = b.ghost > 0
	b.sc.Nodes = append(b.sc.Nodes, n)
	return n
}

// join puts an edge into the scene, after the edges already out of its
// tail; hidden as add.
func (b *builder) join(e *Edge) {
	e.Hidden = b.ghost > 0
	if b.order == nil {
		b.order = map[string]int{}
	}
	e.Order = b.order[e.From]
	b.order[e.From]++
	b.sc.Edges = append(b.sc.Edges, e)
}

// tag is what ties a shape or an edge that hangs from the shape with id
// from to the searched node the page shows it with: the node whose cutoff
// left it (cutFrom) when it stands for moves never searched, else the
// searched node it hangs from (of); -1 for neither.
func (b *builder) tag(from string, unsearched bool) (cutFrom, of int64) {
	if unsearched {
		return b.cutFrom, -1
	}
	if v, err := strconv.ParseInt(strings.TrimPrefix(from, "n"), 10, 64); err == nil && strings.HasPrefix(from, "n") {
		return -1, v
	}
	return -1, -1
}

// run is a run of text in a size and look.
func run(text string, size int, m Mark) Run { return Run{Text: text, Size: float64(size), Mark: m} }

// line is a line of one run.
func line(role Role, text string, size int, m Mark) Line {
	return Line{Role: role, Runs: []Run{run(text, size, m)}}
}

// moveLine is the move into n as a line inside its shape.
func (b *builder) moveLine(n *record.Node) Line {
	l := line(RoleMove, b.moveWithP(n.Move, n.PNum, n.PDen), b.sizes().Move, MarkWindow)
	if n.Parent != nil {
		l.Runs = append(l.Runs, b.visit(n.Parent, n)...)
	}
	return l
}

// node draws n and what is drawn below it; rel is n's depth below the top.
// moveInside writes the move into n inside its shape (see wideFan).
func (b *builder) node(n *record.Node, rel int, moveInside bool) {
	b.shapes++
	b.drawn[n] = true
	b.add(b.searched(n, rel, moveInside))
	b.nodeRest(n, rel)
}

// kindOf is the kind of a searched node.
func kindOf(n *record.Node) Kind {
	switch {
	case n.Leaf:
		return Leaf
	case n.Chance:
		return Chance
	case n.Max:
		return Max
	}
	return Min
}

// searched is the shape of n: its kind, its lines (value, window, cutoff,
// the selective techniques), the marks of what happened there, and a
// tooltip.
func (b *builder) searched(n *record.Node, rel int, moveInside bool) *Node {
	sn := &Node{ID: id(n), Kind: kindOf(n), Rec: n.ID, Searched: true, Path: n.Path, CutFrom: -1, Of: -1, Depth: rel}
	if n.Chance && !n.Leaf {
		b.seen.chance = true
	}
	if b.opt.Page {
		// The page writes each node's numbers itself as the search goes:
		// placeholders of their size, and the outlines of the principal
		// variation and of cutoffs are left to it.
		cut := ""
		if n.Cut != nil {
			b.seen.cut = true
			cut = PageCut
		}
		sn.Lines = b.lines(n, PageValue(b.opt.PageWidths), PageWindow(b.opt.PageWidths), cut, n.Cut != nil && n.Cut.Chance, moveInside)
		sn.Marks = b.fill(n)
		sn.Tooltip = b.T("draw.tip.node", "ID", n.ID, "Node", b.label(n))
		return sn
	}
	cut := b.cut(n)
	reason := ""
	if cut != nil && !n.Leaf {
		b.seen.cut = true
		reason = b.cutReason(n, cut)
	}
	sn.Lines = b.lines(n, b.value(n), b.window(n), reason, cut != nil && cut.Chance, moveInside)
	var marks []Mark
	if b.opt.HasCurrent && n.ID == b.opt.Current && b.ghost == 0 {
		b.seen.current = true
		marks = append(marks, MarkCurrent)
	}
	switch {
	case cut != nil && cut.Chance:
		b.seen.chanceCut = true
		marks = append(marks, MarkChanceCut)
	case cut != nil:
		marks = append(marks, MarkCut)
	case n.NullMove != nil && n.NullMove.Outcome == record.OutcomePrune:
		marks = append(marks, MarkNullPrune)
	case n.Razored != nil:
		marks = append(marks, MarkRazor)
	}
	if b.pv[n] {
		marks = append(marks, MarkPV)
	}
	sn.Marks = append(marks, b.fill(n)...)
	tip := b.T("draw.tip.node", "ID", n.ID, "Node", b.label(n))
	switch n.LeafReason {
	case trace.ReasonStatic:
		tip = b.T("draw.tip.static", "ID", n.ID, "Node", b.label(n))
	case trace.ReasonTerminal:
		tip = b.T("draw.tip.terminal", "ID", n.ID, "Node", b.label(n))
	case trace.ReasonNoMoves:
		tip = b.T("draw.tip.nomoves", "ID", n.ID, "Node", b.label(n))
	}
	sn.Tooltip = tip
	return sn
}

// rangeLine is the range of n's value as known at the moment drawn
// (Options.Ranges), false when not asked for or n was not entered yet.
func (b *builder) rangeLine(n *record.Node) (Line, bool) {
	if !b.opt.Ranges || b.opt.Page {
		return Line{}, false
	}
	r, ok := Range(b.info, n, b.opt.Until, b.opt.Negamax)
	if !ok {
		return Line{}, false
	}
	b.seen.ranges = true
	return line(RoleRange, r, b.sizes().Window, MarkNone), true
}

// Range writes the range of n's value as known after the event until (0:
// at the end of the search), "[−∞, 3]", from the side to move's point of
// view at a MIN node with negamax; false when n was not entered yet.
func Range(info *trace.Info, n *record.Node, until int64, negamax bool) (string, bool) {
	at := int64(-1)
	if until > 0 {
		at = until
	}
	within := record.Everything
	if b := info.Bounds; b != nil {
		within = record.Range{Lo: b.Alpha, Hi: b.Beta} // every value lies in them: chance nodes' unsearched outcomes too
	}
	r, ok := n.RangeWithin(at, within)
	if !ok {
		return "", false
	}
	if negamax && !n.Max {
		r.Lo, r.Hi = -r.Hi, -r.Lo
	}
	return explain.RangeWords(info, r.Lo, r.Hi), true
}

// lines are the lines of n: a leaf's value, an inner node's value, its
// window (when it has one), the cutoff's reason (when cut is not ""; a
// chance cut's when chance), the lines of the selective techniques, and
// the move into it when moveInside (see wideFan). A triangle's wide side
// holds all but the value: they come after the value in ▲, before it in ▼.
func (b *builder) lines(n *record.Node, value, window, cut string, chance, moveInside bool) []Line {
	if n.Leaf {
		lines := []Line{line(RoleValue, value, 0, MarkNone)}
		if b.opt.Page && n.HasWindow {
			// The page shows every node's window, a leaf's too (the window
			// it was reached with), under its value.
			lines = append(lines, line(RoleWindow, window, b.sizes().Window, MarkWindow))
		}
		if moveInside {
			lines = append([]Line{b.moveLine(n)}, lines...)
		}
		return lines
	}
	v := line(RoleValue, value, 0, MarkNone)
	v.Runs[0].Bold = true
	lines := []Line{v}
	if r, ok := b.rangeLine(n); ok {
		if n.Max {
			lines = append(lines, r)
		} else {
			lines = append([]Line{r}, lines...)
		}
	}
	if (n.HasWindow && !b.opt.NoWindows) || (b.opt.Page && b.opt.Ranges) { // the page writes a range in the window's place
		win := line(RoleWindow, window, b.sizes().Window, MarkWindow)
		if n.Max {
			lines = append(lines, win) // the wide side of ▲ is at the bottom
		} else {
			lines = append([]Line{win}, lines...) // and of ▼ at the top
		}
	}
	// The cutoff's reason and the techniques' lines, the widest, go on the
	// wide side too: under the value in ▲, over it in ▼.
	var small []Line
	if cut != "" {
		m := MarkCut
		if chance {
			m = MarkChanceCut
		}
		small = append(small, line(RoleCut, cut, b.sizes().Small, m))
	}
	small = append(small, b.selectiveLines(n)...)
	if n.Max {
		lines = append(lines, small...)
	} else {
		at := slices.IndexFunc(lines, func(l Line) bool { return l.Role == RoleValue })
		lines = slices.Insert(lines, at, small...)
	}
	if moveInside {
		if n.Max {
			lines = append(lines, b.moveLine(n)) // on the wide side of ▲
		} else {
			lines = append([]Line{b.moveLine(n)}, lines...) // and of ▼
		}
	}
	return lines
}

var figureSizes, pageSizes = TextSizes{12, 10, 8, 8, 9, 9}, TextSizes{14, 12, 12, PageNoteSize, 11, 9}

// projectorSizes are --style projector's: text read from the back of a room.
var projectorSizes = TextSizes{16, 14, 12, 12, 12, 12}

// gameSizes are a game's: its drawing is kept to 1,920 pixels or so, and
// its smallest text to 10 points, 13 pixels at that width.
var gameSizes = TextSizes{12, 10, 10, 10, 10, 10}

// PageNoteSize is the point size of the page's small lines (the selective
// techniques' marks), by which the page tells them from the rest.
const PageNoteSize = 10

// sizes are the point sizes of the scene's text.
func (b *builder) sizes() TextSizes {
	switch {
	case b.opt.Page:
		return pageSizes
	case b.opt.Style == "projector":
		return projectorSizes
	case b.game:
		return gameSizes
	}
	return figureSizes
}

// titleWidth and noteWidth are the most characters in a line of a
// drawing's title (12 points, bold) and of its notes (10 points).
const titleWidth, noteWidth = 100, 130

// fill is the mark of a quiescence or null-move node's fill.
func (b *builder) fill(n *record.Node) []Mark {
	switch {
	case n.QS:
		b.seen.qs = true
		return []Mark{MarkQS}
	case n.Null:
		b.seen.null = true
		return []Mark{MarkNull}
	}
	return nil
}

// nodeRest writes what is drawn below n; rel is n's depth below the top.
func (b *builder) nodeRest(n *record.Node, rel int) {
	if rel >= b.depth && b.game && b.pv[n] && b.opt.DrawDepth == 0 {
		// A game's principal variation is drawn to its end, the other
		// moves below the depth drawn counted in a box.
		for i, c := range n.Children {
			if b.pv[c] {
				if rest := b.countBelow(n) - 1 - b.countBelow(c); rest > 0 {
					b.summaryBox(id(n), Summary, []Line{line(RoleText, b.N("draw.box.besides", int64(rest), "Move", c.Move), 0, MarkSummary)})
				}
				b.pvDeeper = true
				b.edge(n, c, i, false)
				b.node(c, rel+1, false)
				return
			}
		}
	}
	if rel == b.depth || (len(n.Children) == 0 && n.Below.Nodes > 0) {
		if below := b.countBelow(n); below > 0 {
			b.summaryBox(id(n), Summary, b.belowLabel(n, below))
		}
		if rel == b.depth {
			return
		}
	}
	wide := min(len(n.Children), b.fan) > wideFan
	var left []*record.Node // children past the fan, counted in a box
	if rest := b.pick(n, func(*record.Node, int) {}); rest > 0 {
		drawn := map[*record.Node]bool{}
		b.pick(n, func(c *record.Node, _ int) { drawn[c] = true })
		for _, c := range n.Children {
			if !drawn[c] && !b.skipped(c) {
				left = append(left, c)
			}
		}
	}
	// Searched right to left, the children are drawn, with the subtrees a
	// cutoff left unsearched, where the tree has them (see written): the
	// edges' order is their order left to right (ordering=out).
	var drawn []written
	b.pick(n, func(c *record.Node, i int) {
		// A leaf among siblings carries its move inside its box: the
		// leaves set the tree's width, and their moves on the edges would
		// need more room between them than the boxes do (they overlapped).
		inside := wide || (c.Leaf && !c.Null && len(n.Children) > 1)
		drawn = append(drawn, written{c.Move, func() {
			b.hideIf(b.future(c), func() {
				b.edge(n, c, i, inside)
				b.node(c, rel+1, inside)
			})
		}})
	})
	pruned := n.Cut != nil && len(n.Cut.Pruned) > 0 && (!b.opt.SkipFuture || b.cut(n) != nil)
	if pruned && b.rtl() && b.unsearched && len(n.Cut.Unsearched) > 0 {
		// Before its cutoff the moves it leaves are not known to be
		// pruned: laid out, not shown.
		b.cutFrom = n.ID
		for _, s := range n.Cut.Unsearched {
			drawn = append(drawn, written{s.Move, func() {
				b.cutFrom = n.ID
				b.hideIf(b.cut(n) == nil, func() { b.unsearchedSubtree(n, s, rel) })
			}})
		}
		pruned = false
	}
	if b.rtl() {
		moves := make([]string, len(drawn))
		for k, d := range drawn {
			moves[k] = d.move
		}
		for _, k := range WrittenOrder(moves) {
			drawn[k].draw()
		}
	} else {
		for _, d := range drawn {
			d.draw()
		}
	}
	if len(left) > 0 {
		b.moreBox(n, left)
	}
	if len(n.Futile) > 0 {
		b.futileBox(n)
	}
	if pruned {
		// Before its cutoff the moves it leaves are not known to be pruned:
		// laid out, not shown.
		b.hideIf(b.cut(n) == nil, func() { b.prunedMoves(n, rel) })
	}
}

// rtl reports whether a toy tree's children were searched right to left
// (trace.Info.Order): the drawing keeps the tree's own layout and numbers the
// visits.
func (b *builder) rtl() bool { return b.info != nil && b.info.Order == "rtl" }

// written is a child drawn below a node, searched or not, with its move.
type written struct {
	move string
	draw func()
}

// WrittenOrder is the order to draw the children of a node of a toy tree
// searched right to left, given their moves in the order searched (the
// searched ones, then those a cutoff left): indices into moves, in the
// tree's own order, left to right, by the last component of their toy-tree
// paths ("2.3" is the third child), a re-search after its first search.
// Where a child has a name instead of a path, the order searched is
// reversed, which is the order written when nothing reordered the moves.
func WrittenOrder(moves []string) []int {
	idx := make([]int, len(moves))
	at := make([]int, len(moves))
	named := false
	for k, m := range moves {
		idx[k] = k
		p, err := strconv.Atoi(m[strings.LastIndexByte(m, '.')+1:])
		named = named || err != nil
		at[k] = p
	}
	if named {
		slices.Reverse(idx)
		return idx
	}
	slices.SortStableFunc(idx, func(x, y int) int { return at[x] - at[y] })
	return idx
}

// visit is the mark of a child's place in the order searched, for a tree
// searched right to left: " #1" for the first child searched; "" otherwise.
func (b *builder) visit(n, c *record.Node) []Run {
	if !b.rtl() {
		return nil
	}
	k := Visit(n, c)
	if k == 0 {
		return nil
	}
	b.seen.visits = true
	return []Run{{Text: " "}, {Text: "#" + strconv.Itoa(k), Bold: true, Mark: MarkVisit}}
}

// Visit is c's place among the children of n in the order searched, from 1,
// the null move not counted (0 for the null move).
func Visit(n, c *record.Node) int {
	if c.Null {
		return 0
	}
	k := 0
	for _, x := range n.Children {
		if !x.Null {
			k++
		}
		if x == c {
			return k
		}
	}
	return 0
}

// prunedMoves draws the moves a cutoff at n left unsearched: the subtrees in
// full when they are known and fit, else one box naming them.
func (b *builder) prunedMoves(n *record.Node, rel int) {
	b.cutFrom = n.ID
	if b.unsearched && len(n.Cut.Unsearched) > 0 {
		for _, s := range n.Cut.Unsearched {
			b.unsearchedSubtree(n, s, rel)
		}
		return
	}
	b.prunedBox(id(n), n.Cut.Pruned)
}

// unsearchedSubtree draws s, a subtree the cutoff at n left unsearched, and
// the cut edge into it.
func (b *builder) unsearchedSubtree(n *record.Node, s *trace.Subtree, rel int) {
	sid := b.subtree(s, rel+1)
	// The ✂ leads the move's label: apart, near the edge's tail, it landed
	// on the labels of the edges beside it.
	cutFrom, of := b.tag(id(n), true)
	b.join(&Edge{From: id(n), To: sid, Label: []Run{{Text: "✂", Mark: MarkCut}, {Text: " " + b.moveWithP(s.Move, s.PNum, s.PDen), Mark: MarkUnsearched}},
		LeadCut: true, Marks: []Mark{MarkUnsearched}, Tree: true, CutFrom: cutFrom, Of: of})
}

// prunedBox draws the moves a cutoff left unsearched as one box, joined to
// the node with id from.
func (b *builder) prunedBox(from string, pruned []string) {
	b.summaryBox(from, Pruned, []Line{
		line(RoleText, b.N("draw.box.pruned", int64(len(pruned))), 0, MarkUnsearched),
		line(RoleText, FewMoves(pruned), 8, MarkUnsearched),
	})
}

// FewMoves names the first six of a box's moves and counts the others:
// "a3, b3, c3, d3, e3, f3, … +4".
func FewMoves(moves []string) string {
	if len(moves) > 6 {
		return strings.Join(moves[:6], ", ") + fmt.Sprintf(", … +%d", len(moves)-6)
	}
	return strings.Join(moves, ", ")
}

// moreBox draws one box for the children of n past the fan: how many moves
// and how many searched nodes they stand for (entered by the event drawn up
// to; laid out but invisible while none is).
func (b *builder) moreBox(n *record.Node, left []*record.Node) {
	moves, nodes := 0, 0
	for _, c := range left {
		if !b.future(c) {
			moves++
			nodes += 1 + b.countBelow(c)
		}
	}
	b.more++
	label := []Line{line(RoleText, b.N("draw.box.more", int64(moves)), 0, MarkSummary)}
	if nodes > moves {
		label = append(label, line(RoleText, b.N("draw.box.nodes", int64(nodes)), 0, MarkSummary))
	}
	if b.game && !b.partial {
		label = append(label, b.moveList(left)...)
	}
	b.hideIf(moves == 0, func() { b.summaryBox(id(n), More, label) })
}

// belowLabel is the label of the box standing for the below nodes searched
// under n: how many, and the cutoffs, null-move prunes, reductions,
// extensions and table hits among them.
func (b *builder) belowLabel(n *record.Node, below int) []Line {
	label := []Line{line(RoleText, b.N("draw.box.below", int64(below)), 0, MarkSummary)}
	if b.partial {
		return label // the counts are the whole search's
	}
	u := n.Under()
	var parts []string
	if u.Cutoffs > 0 {
		parts = append(parts, fmt.Sprintf("✂ %d", u.Cutoffs))
	}
	if u.NullPrunes > 0 {
		parts = append(parts, fmt.Sprintf("Ø %d", u.NullPrunes))
	}
	if u.Reductions > 0 {
		parts = append(parts, b.N("draw.box.reduced", u.Reductions))
	}
	if u.Extensions > 0 {
		parts = append(parts, b.N("draw.box.extended", u.Extensions))
	}
	if u.TTHits > 0 {
		parts = append(parts, fmt.Sprintf("≡ %d", u.TTHits))
	}
	if len(parts) > 0 {
		label = append(label, line(RoleText, strings.Join(parts, " · "), 8, MarkSummary))
	}
	return label
}

// gameWidth is the most shapes side by side in a game's drawing: about 1,900
// pixels at the drawing's own size, so that its smallest text stays 12
// pixels or more in a PNG 1920 pixels wide; gameAspect is the most a game's
// drawing is wider than high, or higher than wide.
const (
	gameWidth  = 5
	gameAspect = 4
)

// fitGame lays out a game's search for reading: how deep and how many moves
// below a node (the principal variation's and the best others), so that the
// drawing keeps to gameWidth shapes side by side and gameAspect either way
// and shows as many nodes as the budget allows, deeper when it is a tie. It
// returns the depth and whether never-searched subtrees are drawn (never:
// a game's cutoffs leave moves only, counted in a box).
func (b *builder) fitGame(tops []*record.Node, full, depth int, measure func(int, bool) *size) (int, bool) {
	maxFan := 1
	for _, n := range b.rec.Nodes {
		maxFan = max(maxFan, len(n.Children))
	}
	maxFan = min(maxFan, gameWidth)
	limit := full
	if b.opt.DrawDepth > 0 {
		limit = min(limit, b.opt.DrawDepth)
	}
	limit = min(limit, 4*gameWidth)
	bestDepth, bestFan, bestTotal := 1, 1, -1
	for d := 1; d <= limit; d++ {
		for fan := maxFan; fan >= 1; fan-- {
			b.fan = fan
			z := measure(d, false)
			levels := len(z.levels)
			w := z.width()
			if z.total > b.opt.MaxNodes || w > gameWidth || w > gameAspect*levels || levels > gameAspect*max(w, 1) {
				continue
			}
			if z.total >= bestTotal {
				bestDepth, bestFan, bestTotal = d, fan, z.total
			}
			break // fewer moves a node draw fewer shapes at this depth
		}
	}
	b.fan = bestFan
	return bestDepth, false
}

// pickBest is pick for a game: the principal-variation child and the best
// of the others by the value they returned (for the side to move at n), as
// many as the fan allows, drawn in the order they were searched.
func (b *builder) pickBest(n *record.Node, total int, f func(c *record.Node, i int)) (rest int) {
	var cands []*record.Node
	chosen := map[*record.Node]bool{}
	for _, c := range n.Children {
		if b.skipped(c) {
			continue
		}
		if b.pv[c] && len(chosen) < b.fan {
			chosen[c] = true
			continue
		}
		cands = append(cands, c)
	}
	better := func(x, y *record.Node) bool {
		if x.HasValue != y.HasValue {
			return x.HasValue
		}
		if n.Max {
			return x.Value > y.Value
		}
		return x.Value < y.Value
	}
	slices.SortStableFunc(cands, func(x, y *record.Node) int {
		switch {
		case better(x, y):
			return -1
		case better(y, x):
			return 1
		}
		return 0
	})
	for _, c := range cands {
		if len(chosen) >= b.fan {
			break
		}
		chosen[c] = true
	}
	for i, c := range n.Children {
		if chosen[c] {
			f(c, i)
		}
	}
	return total - len(chosen)
}

// moveList writes moves and the values they returned in a few columns, for
// a box that stands for them: "a3 ≤65 · a4 ≤65 · …", at most 16.
func (b *builder) moveList(ms []*record.Node) []Line {
	const perLine, most = 4, 16
	var lines []string
	var cur []string
	for i, c := range ms {
		if i == most {
			cur = append(cur, fmt.Sprintf("… +%d", len(ms)-most))
			break
		}
		cur = append(cur, c.Move+" "+b.value(c))
		if len(cur) == perLine {
			lines = append(lines, strings.Join(cur, " · "))
			cur = nil
		}
	}
	if len(cur) > 0 {
		lines = append(lines, strings.Join(cur, " · "))
	}
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = line(RoleText, l, b.sizes().Small, MarkSummary)
	}
	return out
}

// countBelow is the number of searched nodes under n (entered by the event
// drawn up to), those counted but not kept included.
func (b *builder) countBelow(n *record.Node) int {
	c := int(n.Below.Nodes)
	for _, ch := range n.Children {
		if !b.future(ch) {
			c += 1 + b.countBelow(ch)
		}
	}
	return c
}

// summaryBox draws a box standing for nodes not drawn one by one, joined to
// the node with id from, and returns its id: a Summary or More box, or a
// Pruned box standing for moves never searched.
func (b *builder) summaryBox(from string, kind Kind, label []Line) string {
	b.shapes++
	pruned := kind == Pruned
	if pruned {
		b.seen.cut, b.seen.unsearched = true, true
	} else {
		b.seen.summary = true
	}
	sid := b.newID("s")
	if pruned {
		cutFrom, of := b.tag(from, true)
		b.add(&Node{ID: sid, Kind: Pruned, Lines: label, Marks: []Mark{MarkPruned}, CutFrom: cutFrom, Of: of, Unsearched: true})
		b.join(&Edge{From: from, To: sid, Label: []Run{{Text: "✂", Mark: MarkCut}}, LeadCut: true, Marks: []Mark{MarkPruned}, Tree: true, CutFrom: cutFrom, Of: of})
		return sid
	}
	cutFrom, of := b.tag(from, false)
	b.add(&Node{ID: sid, Kind: kind, Lines: label, Marks: []Mark{MarkSummary}, CutFrom: cutFrom, Of: of})
	b.join(&Edge{From: from, To: sid, Marks: []Mark{MarkSummary}, Tree: true, CutFrom: cutFrom, Of: of})
	return sid
}

// subtree draws a never-searched part of a known tree, greyed and dashed, and
// returns the id of its top shape.
func (b *builder) subtree(s *trace.Subtree, rel int) string {
	b.shapes++
	b.seen.unsearched = true
	sid := b.newID("u")
	cutFrom, _ := b.tag(sid, true)
	un := &Node{ID: sid, Unsearched: true, Path: s.Path, CutFrom: cutFrom, Of: -1, Marks: []Mark{MarkUnsearched},
		Tooltip: b.T("draw.tip.never", "Path", s.Path), Depth: rel}
	if s.Leaf {
		v := s.Value
		if b.opt.Negamax && !s.Max {
			v = -v
		}
		un.Kind = Leaf
		un.Lines = []Line{line(RoleValue, explain.Number(b.info, v), 0, MarkUnsearched)}
		b.add(un)
		return sid
	}
	un.Kind = Max
	if !s.Max {
		un.Kind = Min
	}
	if s.Chance {
		un.Kind = Chance
	}
	b.add(un)
	if rel == b.depth || len(s.Children) == 0 {
		if n := s.Count() - 1; n > 0 {
			b.shapes++
			bid := b.newID("s")
			b.add(&Node{ID: bid, Kind: Count, Unsearched: true, CutFrom: cutFrom, Of: -1, Marks: []Mark{MarkUnsearched},
				Lines: []Line{line(RoleText, "+"+strconv.Itoa(n), 0, MarkUnsearched)}, Depth: rel + 1})
			b.join(&Edge{From: sid, To: bid, Marks: []Mark{MarkUnsearched}, Tree: true, CutFrom: cutFrom, Of: -1})
		}
		return sid
	}
	for _, c := range s.Children {
		cid := b.subtree(c, rel+1)
		b.join(&Edge{From: sid, To: cid, Label: []Run{{Text: b.moveWithP(c.Move, c.PNum, c.PDen), Mark: MarkUnsearched}},
			Marks: []Mark{MarkUnsearched}, Tree: true, CutFrom: cutFrom, Of: -1})
	}
	return sid
}

// edge joins n to its child c, the i-th child searched: labelled with the
// move, a pass number for a re-search, the depth change of a reduction or an
// extension, the marks of a null move, a reduction, an extension, a probe,
// and the principal variation. In a wide fan the move is written inside the
// child and the edge stays bare.
func (b *builder) edge(n, c *record.Node, i int, wide bool) { b.join(b.edgeOf(n, c, i, wide)) }

// edgeOf is the edge from n to its i-th child c (see edge).
func (b *builder) edgeOf(n, c *record.Node, i int, wide bool) *Edge {
	label := b.moveWithP(c.Move, c.PNum, c.PDen)
	var marks []Mark
	if c.Probe {
		label = b.T("draw.edge.probe", "Move", label)
		b.seen.probe = true
		marks = append(marks, MarkProbe)
	}
	pass := 0
	for _, prev := range n.Children[:i] {
		if prev.Move == c.Move {
			pass++
		}
	}
	if pass > 0 {
		label = b.T("draw.edge.pass", "Move", label, "Pass", pass+1)
	}
	visit := b.visit(n, c)
	colour := MarkNone
	switch ch := c.Change; {
	case c.Null:
		label = b.T("draw.edge.null")
		if n.NullMove != nil {
			label = b.T("draw.edge.null.depth", "Depth", n.NullMove.To)
		}
		colour = MarkNull
		wide = false
	case ch != nil && ch.Kind == trace.Reduce:
		b.seen.reduce = true
		label += " " + signed(ch.To-n.Depth)
		colour = MarkReduce
	case ch != nil && ch.Kind == trace.Extend:
		b.seen.extend = true
		label += " " + signed(ch.To-(n.Depth-1))
		colour = MarkExtend
	}
	e := &Edge{From: id(n), To: id(c), Tree: true, CutFrom: -1, Of: -1}
	if !wide || pass > 0 {
		if wide {
			visit = nil // written inside the child
		}
		e.Label = append([]Run{{Text: label, Mark: colour}}, visit...)
	}
	if colour != MarkNone {
		marks = append([]Mark{colour}, marks...)
	}
	if b.pv[n] && b.pv[c] && !b.opt.Page {
		marks = append(marks, MarkPV)
	}
	e.Marks = marks
	if b.opt.Page {
		e.ID = "e" + strconv.FormatInt(c.ID, 10)
	}
	return e
}

// signed writes a depth change with its sign: "+1", "−2".
func signed(d int) string {
	if d >= 0 {
		return "+" + strconv.Itoa(d)
	}
	return "−" + strconv.Itoa(-d)
}

// selectiveLines are the lines a node's shape gets for the selective
// techniques that acted there.
func (b *builder) selectiveLines(n *record.Node) []Line {
	small := func(m Mark, text string, seq int64) Line {
		l := line(RoleNote, text, b.sizes().Small, m)
		l.Seq = seq
		return l
	}
	var lines []Line
	var seqs []int64 // the event that made each line true (Options.Page)
	if nm := n.NullMove; nm != nil {
		b.seen.null = true
		if nm.Outcome == record.OutcomeVerify {
			b.seen.verify = true
		}
	}
	if n.Razored != nil {
		b.seen.razor = true
	}
	if n.TT != nil {
		b.seen.tt = true
	}
	for _, nt := range Notes(b.info, n, b.drawnLater, b.flip(n)) {
		lines = append(lines, small(nt.Style.Mark(), nt.Text, nt.Seq))
		seqs = append(seqs, nt.Seq)
	}
	if b.multi && n.Ply == 0 {
		head := small(MarkNote, iterationHead(b.p, n), 0) // known from the start: not a note
		head.Role = RoleHead
		lines = append([]Line{head}, lines...)
		if w := n.Window; w != nil {
			lines = append(lines, small(MarkNote, WindowLabel(b.info, w, b.flip(n)), w.Seq))
			seqs = append(seqs, w.Seq)
		}
	}
	if b.opt.Page && len(seqs) > 0 {
		b.notes[n.ID] = seqs
	}
	return lines
}

// NegamaxNote is the line a drawing in the negamax view (Options.Negamax)
// carries: the nodes' numbers are the side to move's, so a MIN node's are
// negated, its window is (−β, −α) and its cut reads "≥ β" where the title's
// rule, in MAX's terms, says "≤ α". When the drawing also gives the
// search's value (result) and MIN is at the root, it says that value is
// MAX's, as everywhere else, and not the root's drawn number.
func NegamaxNote(info *trace.Info, result bool) string {
	p := explain.Printer(info)
	if result && info != nil && info.Root == "min" {
		return p.T("draw.negamax.min")
	}
	return p.T("draw.negamax")
}

// flipBound is a bound seen from the other side: a lower bound of MAX's
// value is an upper bound of MIN's.
func flipBound(b score.Bound) score.Bound {
	switch b {
	case score.Lower:
		return score.Upper
	case score.Upper:
		return score.Lower
	}
	return b
}

// WindowLabel is the label of a root pass with an aspiration or MTD(f)
// window (explain.WindowLabel), in the negamax view of a root where MIN is
// to move when flip: the numbers negated, the window (−β, −α), a fail low a
// fail high, a lower bound an upper one.
func WindowLabel(info *trace.Info, w *record.WindowPass, flip bool) string {
	if !flip {
		return explain.WindowLabel(info, w)
	}
	m := *w
	m.Alpha, m.Beta, m.Value, m.Lower, m.Upper = -w.Beta, -w.Alpha, -w.Value, -w.Upper, -w.Lower
	switch w.Outcome {
	case trace.WindowFailLow:
		m.Outcome = trace.WindowFailHigh
	case trace.WindowFailHigh:
		m.Outcome = trace.WindowFailLow
	case trace.WindowLower:
		m.Outcome = trace.WindowUpper
	case trace.WindowUpper:
		m.Outcome = trace.WindowLower
	}
	return explain.WindowLabel(info, &m)
}

// IterationHead names a root visit of an iterative or windowed search:
// "iteration 2", "iteration 2, pass 3".
func IterationHead(n *record.Node) string { return iterationHead(i18n.For(i18n.En), n) }

// iterationHead is IterationHead in p's language.
func iterationHead(p *i18n.Printer, n *record.Node) string {
	if n.Pass > 1 || n.Window != nil {
		return p.T("draw.head.pass", "Iteration", n.Iteration, "Pass", n.Pass)
	}
	return p.T("draw.head.iteration", "Iteration", n.Iteration)
}

// Note is a line a drawing writes in a node for a technique that acted
// there: the style it is drawn in, its text, and the sequence number of the
// event that made it true.
type Note struct {
	Style NoteStyle
	Text  string
	Seq   int64
}

// NoteStyle is the colour family of a note; each sink picks its colours.
type NoteStyle int

// The styles of notes.
const (
	NoteNull     NoteStyle = iota // a null move
	NoteExtend                    // an extension, a threat found by a null move
	NoteRazor                     // razoring
	NoteQS                        // quiescence search, stand pat
	NoteInfo                      // a re-search, a mark of the table of kinds
	NoteTT                        // a transposition-table hit
	NoteCut                       // a mark that cut
	NoteLeaf                      // a mark about an evaluation
	NoteResearch                  // a re-search
)

// noteMark is the look of each style of note.
var noteMark = [...]Mark{NoteNull: MarkNull, NoteExtend: MarkExtend, NoteRazor: MarkRazor, NoteQS: MarkQS,
	NoteInfo: MarkNote, NoteTT: MarkTT, NoteCut: MarkCut, NoteLeaf: MarkLeafNote, NoteResearch: MarkResearch}

// Mark is the look a note is written in.
func (s NoteStyle) Mark() Mark {
	if s >= 0 && int(s) < len(noteMark) {
		return noteMark[s]
	}
	return MarkNote
}

// toneStyle is the style of a mark (a technique drawn from its row of the
// table of kinds alone) by its tone.
var toneStyle = [...]NoteStyle{trace.ToneNote: NoteInfo, trace.ToneCut: NoteCut, trace.ToneLeaf: NoteLeaf}

// Notes are the lines a drawing writes in n for the selective techniques
// that acted there, in order. drawn says whether the node with an id is in
// the same drawing: a table hit names the node whose search stored the entry
// when it is not. flip writes their numbers in the negamax view of a node
// where MIN is to move (see CutReason): negated, the window (−β, −α), a
// lower bound an upper one.
func Notes(info *trace.Info, n *record.Node, drawn func(id int64) bool, flip bool) []Note {
	var notes []Note
	p := explain.Printer(info)
	add := func(seq int64, style NoteStyle, text string) {
		notes = append(notes, Note{Style: style, Text: text, Seq: seq})
	}
	sign := int64(1)
	if flip {
		sign = -1
	}
	if nm := n.NullMove; nm != nil {
		at := n
		if flip {
			// The null move's test as the side to move sees it: the
			// same words a MAX node gets, on the negated numbers.
			m := *nm
			m.Value, m.Alpha, m.Beta = -nm.Value, -nm.Beta, -nm.Alpha
			mirror := *n
			mirror.Max, mirror.NullMove = true, &m
			at = &mirror
		}
		if label, threat := explain.NullLabel(info, at); label != "" {
			style := NoteNull
			if threat {
				style = NoteExtend
			}
			add(nm.Seq, style, label)
		}
	}
	if c := n.Change; c != nil && n.NullMove == nil && c.From == n.Depth && c.Kind == trace.Extend {
		add(c.Seq, NoteExtend, explain.Depth(n))
	}
	if r := n.Razored; r != nil {
		add(r.Seq, NoteRazor, p.T("draw.note.razor", "From", r.From, "To", r.To))
	}
	if n.QSRoot {
		add(n.QSSeq, NoteQS, p.T("draw.note.qs"))
	}
	if sp := n.Stand; sp != nil && !n.Leaf {
		t := p.T("draw.note.stand", "Value", explain.Number(info, sign*sp.Value))
		if sp.Cut {
			t = p.T("draw.note.stand.cut", "Value", explain.Number(info, sign*sp.Value))
		}
		add(sp.Seq, NoteQS, t)
	}
	if n.Research != "" {
		add(n.ResearchSeq, NoteResearch, p.T("draw.note.research"))
	}
	if t := n.TT; t != nil {
		bound := t.Bound
		if flip {
			bound = flipBound(bound)
		}
		what := ttNote(p, bound, explain.Number(info, sign*t.Value), t.Depth)
		if t.Cut {
			what = p.T("draw.note.tt.cut", "What", what)
		}
		if t.HasRef && (drawn == nil || !drawn(t.Ref)) {
			what = p.T("draw.note.tt.ref", "What", what, "ID", t.Ref)
		}
		add(t.Seq, NoteTT, what)
	}
	for i := range n.Marks {
		m := &n.Marks[i]
		add(m.Seq, toneStyle[m.Kind.Spec().Tone], explain.Mark(m))
	}
	return notes
}

// drawnLater reports whether the node with id is in the drawing (it may be
// drawn after the node that refers to it: the check is made on the recorded
// tree, not on what was written so far).
func (b *builder) drawnLater(id int64) bool {
	n := b.rec.Node(id)
	return n != nil && b.willDraw(n)
}

// willDraw reports whether n lies within the drawing: under one of the drawn
// tops, within the drawn depth.
func (b *builder) willDraw(n *record.Node) bool {
	if b.drawn[n] {
		return true
	}
	rel := 0
	for a := n; a != nil; a = a.Parent {
		if b.isTop(a) {
			return rel <= b.depth
		}
		if p := a.Parent; p != nil && !b.picked(p, a) {
			return false // in a box for the children past the fan
		}
		rel++
	}
	return false
}

// picked reports whether c, a child of n, is drawn one by one.
func (b *builder) picked(n, c *record.Node) bool {
	found := false
	b.pick(n, func(x *record.Node, _ int) { found = found || x == c })
	return found
}

func (b *builder) isTop(n *record.Node) bool {
	for _, t := range b.tops {
		if t == n {
			return true
		}
	}
	return false
}

// ttEdges joins each transposition hit to the node whose search stored the
// entry, when both are drawn: the tree becomes a graph.
func (b *builder) ttEdges() {
	for _, n := range b.rec.Nodes {
		t := n.TT
		if t == nil || !t.HasRef || !b.drawn[n] || b.future(n) {
			continue
		}
		ref := b.rec.Node(t.Ref)
		if ref == nil || !b.drawn[ref] || b.future(ref) {
			continue
		}
		bound := t.Bound
		if b.flip(n) {
			bound = flipBound(bound)
		}
		label := ttEdge(b.p, bound, t.Depth)
		cutFrom, of := b.tag(id(n), false)
		b.join(&Edge{From: id(n), To: id(ref), Label: []Run{{Text: label, Mark: MarkTT}}, Marks: []Mark{MarkTT}, CutFrom: cutFrom, Of: of})
	}
}

// futileBox draws the moves futility pruning skipped at n as one box.
func (b *builder) futileBox(n *record.Node) {
	b.seen.futility = true
	b.shapes++
	sid := b.newID("f")
	var moves []string
	for _, f := range n.Futile {
		moves = append(moves, f.Move)
	}
	cutFrom, of := b.tag(id(n), false)
	b.add(&Node{ID: sid, Kind: Futile, Marks: []Mark{MarkFutility}, CutFrom: cutFrom, Of: of, Lines: []Line{
		line(RoleText, b.N("draw.box.futile", int64(len(n.Futile))), 9, MarkFutility),
		line(RoleText, FewMoves(moves), 8, MarkFutility),
	}})
	b.join(&Edge{From: id(n), To: sid, Marks: []Mark{MarkFutility}, Tree: true, CutFrom: cutFrom, Of: of})
}

// finish completes the scene: its title (what was searched, the options, the
// input and the result, the caption, the note of what was summarised), its
// legend, its sizes and its stats.
func (b *builder) finish(st Stats) *Scene {
	sc := b.sc
	sc.Stats, sc.Style, sc.Sizes, sc.Page, sc.Game = st, b.opt.Style, b.sizes(), b.opt.Page, b.game
	if sc.Style == "" {
		sc.Style = "default"
	}
	if !b.opt.Page && !b.opt.NoTitle {
		sc.Title = b.title(st)
	}
	if !b.opt.Page && !b.opt.NoLegend { // the page's help explains its marks, which differ
		sc.Legend = b.legendItems()
	}
	return sc
}

// title is the lines of the scene's title. Long lines are wrapped: the
// title must not set the picture's width.
func (b *builder) title(st Stats) []Line {
	var lines []Line
	add := func(s string, width, size int, bold bool, m Mark) {
		for _, l := range trace.Wrap(s, width) {
			lines = append(lines, Line{Role: RoleTitle, Runs: []Run{{Text: l, Size: float64(size), Bold: bold, Mark: m}}})
		}
	}
	add(explain.Describe(b.info), titleWidth, 12, true, MarkNone)
	if len(b.info.Options) > 0 {
		opts := make([]string, len(b.info.Options))
		for i, o := range explain.OptionLines(b.info) {
			opts[i] = "+ " + o
		}
		add(strings.Join(opts, " · "), noteWidth, 10, false, MarkNone)
	}
	sub := explain.InputLine(b.info)
	result := false
	var more []string
	if s := b.rec.Summary; s != nil && !b.partial {
		if !b.rec.NoValue {
			sub += " · " + strings.Join(explain.ResultParts(b.info, s, false), " · ")
		}
		more = append(more, explain.Counts(b.info, s))
		result = true
	}
	if b.opt.Negamax {
		more = append(more, NegamaxNote(b.info, result))
	}
	for _, s := range append([]string{sub}, more...) {
		lines = append(lines, Line{Role: RoleTitle, Runs: []Run{{Text: s, Size: 10}}})
	}
	if c := b.opt.Caption; c != "" {
		add(c, 90, 11, false, MarkCurrent)
	}
	if st.Note != "" {
		add(b.T("draw.note.use", "Note", st.Note), noteWidth, 10, false, MarkNote)
	}
	return lines
}

// legendItems are the items of the legend for what the drawing shows.
func (b *builder) legendItems() []LegendItem {
	first := b.T("draw.legend.shapes")
	if b.seen.chance {
		first = b.T("draw.legend.shapes.chance")
	}
	items := []LegendItem{
		{MarkNone, first},
		{MarkNone, b.T("draw.legend.inside")},
	}
	if b.opt.NoWindows {
		items[1].Text = b.T("draw.legend.inside.nowindows")
	}
	if b.info.NodesOnly {
		items[1].Text = b.T("draw.legend.inside.nodesonly")
	}
	add := func(m Mark) { items = append(items, LegendItem{m, LegendText(b.p, m, b.opt.Style)}) }
	if !b.partial && !b.info.NodesOnly {
		add(MarkPV)
	}
	if b.seen.current {
		add(MarkCurrent)
	}
	for _, c := range []struct {
		seen bool
		m    Mark
	}{
		{b.seen.ranges, MarkRange}, {b.seen.visits, MarkVisit}, {b.seen.cut, MarkCut}, {b.seen.chanceCut, MarkChanceCut},
		{b.seen.probe, MarkProbe}, {b.seen.unsearched, MarkUnsearched}, {b.seen.summary, MarkSummary},
		{b.seen.noBound, MarkNoBound}, {b.seen.null, MarkNull}, {b.seen.reduce, MarkReduce}, {b.seen.extend, MarkExtend},
		{b.seen.futility, MarkFutility}, {b.seen.razor, MarkRazor}, {b.seen.qs, MarkQS}, {b.seen.tt, MarkTT},
	} {
		if c.seen {
			add(c.m)
		}
	}
	return items
}

// MoveWithP is a move as a drawing writes it, with its probability when it
// is an outcome of a chance node: "2.1 (0.25)".
func MoveWithP(move string, num, den int64) string {
	return MoveWithPIn(i18n.For(i18n.En), move, num, den)
}

// MoveWithPIn is MoveWithP in p's language: a decimal comma in Russian and
// Czech ("2.1 (0,25)"; the move's name keeps its points).
func MoveWithPIn(p *i18n.Printer, move string, num, den int64) string {
	if den == 0 {
		return move
	}
	return move + " (" + p.Decimal(explain.Probability(num, den)) + ")"
}

// moveWithP is MoveWithP in the drawing's language (MoveWithPIn).
func (b *builder) moveWithP(move string, num, den int64) string {
	return MoveWithPIn(b.p, move, num, den)
}

// whole builds the scene of Options.Whole: every child and never-searched
// branch down to DrawDepth, or a *BudgetError when that takes more than
// MaxNodes shapes.
func (b *builder) whole(tops []*record.Node, full int, measure func(int, bool) *size, st Stats) (*Scene, error) {
	depth := full
	if b.opt.DrawDepth > 0 && b.opt.DrawDepth < depth {
		depth = b.opt.DrawDepth
	}
	b.fan = math.MaxInt32
	if z := measure(depth, true); z.total > b.opt.MaxNodes {
		return nil, &BudgetError{Shapes: z.total, Max: b.opt.MaxNodes, Depth: depth}
	}
	b.depth, b.unsearched, b.tops = depth, true, tops
	b.multi = len(tops) > 1 || len(b.rec.Roots) > 1
	for _, top := range tops {
		b.hideIf(b.future(top), func() { b.node(top, 0, false) })
	}
	st.Drawn, st.Depth, st.Truncated = b.shapes, depth, depth < full
	return b.finish(st), nil
}

// label is the node's name for people (record.Node.Label) in the drawing's
// language: the root is named in its words.
func (b *builder) label(n *record.Node) string { return explain.NameIn(b.p, n.Path) }
