// Package dot draws a recorded search as Graphviz DOT text, in the textbook
// conventions: MAX nodes as upward triangles, MIN nodes as downward ones,
// leaves as boxes, each node with its value (≤v an upper bound, ≥v a lower
// bound) and the window it was searched with, edges labelled with moves in the
// order they were searched. The node where a cutoff happened is outlined in red
// with the reason inside; the branches it never searched are grey and dashed
// with a ✂ where they were cut; the principal variation is bold; a legend
// explains it all.
//
// Large searches are summarised, never drawn as a hairball: below a depth
// limit a subtree becomes one box counting its nodes, and the depth limit is
// lowered automatically until the drawing fits the node budget, with a note
// in the title saying what was left out.
package dot

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/printable"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// Options tune the drawing.
type Options struct {
	// DrawDepth draws nodes at most this many plies below the top node; deeper
	// parts become boxes counting their nodes. 0: as deep as the budget allows.
	DrawDepth int
	// Focus draws only the subtree of the node with this path (moves from the
	// root joined by spaces, or a toy-tree node name). "" draws from the root.
	Focus string
	// MaxNodes is the node budget of one drawing (0: DefaultMaxNodes).
	MaxNodes int
	// MaxWidth is the most shapes drawn side by side on one level (0:
	// DefaultMaxWidth): the width of a picture is what makes it unreadable.
	MaxWidth int
	// Negamax shows values and windows from the side to move's point of view
	// instead of MAX's.
	Negamax bool
	// Iteration draws this iteration of an iterative search, every pass of
	// the root in it (0: the last completed one).
	Iteration int

	// Until draws the search as it stood after the event with this sequence
	// number (0: at its end), for a step-by-step film: nodes not entered yet
	// are laid out but invisible, so that nothing moves from one frame to the
	// next; nodes not left yet show "?"; cutoffs appear when they happen.
	Until int64
	// SkipFuture leaves the nodes not entered yet out instead (for a search
	// too big to draw whole, where they would leave the picture empty).
	SkipFuture bool
	// FocusID draws the subtree of the node with this id (when HasFocusID),
	// as Focus does by path: a step's frame shows where the search is.
	FocusID    int64
	HasFocusID bool
	// Current highlights the node with this id (when HasCurrent): the node
	// the step is about.
	Current    int64
	HasCurrent bool
	// Caption is written under the title, e.g. what the step did.
	Caption string
	// Page lays the search out for the projector page (trace/page): every
	// root visit (iterations, passes) unless Iteration names one. The page
	// writes each node's numbers itself as the search goes: a searched
	// node's value, window and cutoff reason are placeholders of their size
	// (PageValue, PageWindow, PageCut), the outlines of the principal
	// variation and of cutoffs are left to the page, the graph has no title,
	// and every shape and edge carries an SVG id or class: n<ID> for a
	// searched node and e<ID> for the edge into it; class "unsearched
	// ps-cut<ID>" for a never-searched shape or edge, ID being the node whose
	// cutoff left it; class "ps-of<ID>" for a box or edge that hangs from the
	// searched node ID (counts, futility, table hits).
	Page bool
	// Ranges writes under each searched inner node the range [lo, hi] its
	// value may take, as known at the moment drawn (AIMA Figure 5.5; see
	// record.Node.RangeAt): an exact value [v, v], a lower bound [v, +∞], an
	// upper bound [−∞, v]. A leaf's range is its value, already written.
	Ranges bool
	// PageWidths are the most characters the page writes for a value (its
	// bound's sign included), an α and a β (0: 5 each): the placeholders are
	// that wide, so that a tree of one-digit values is laid out for them.
	PageWidths [3]int

	// Style is the figure's look: "" or "default"; "projector", larger text
	// and thicker lines; "paper", a colour-blind-safe palette (Okabe and
	// Ito's) in which every mark also differs by its outline or dash, so
	// that a greyscale print still tells them apart.
	Style string
	// NoTitle and NoLegend leave out the title (with its notes) and the
	// legend, for a figure whose caption says it all.
	NoTitle, NoLegend bool
}

// Styles are the values Options.Style takes.
var Styles = []string{"default", "projector", "paper"}

// PageCut is the placeholder of Options.Page where the page marks a cutoff.
const PageCut = "✂"

// PageValue and PageWindow are the placeholders of Options.Page where the
// page writes a node's value and window: zeros as many as widths say (0: 5).
func PageValue(widths [3]int) string { return zeros(widths[0]) }

// PageWindow: see PageValue.
func PageWindow(widths [3]int) string {
	return "(" + zeros(widths[1]) + ", " + zeros(widths[2]) + ")"
}

func zeros(n int) string {
	if n <= 0 {
		n = 5
	}
	return strings.Repeat("0", min(n, 40))
}

var pageValue, pageWindow = regexp.MustCompile(`^0+$`), regexp.MustCompile(`^\(0+, 0+\)$`)

// IsPageValue says whether a label's text is PageValue's placeholder.
func IsPageValue(s string) bool { return pageValue.MatchString(s) }

// IsPageWindow says whether a label's text is PageWindow's placeholder.
func IsPageWindow(s string) bool { return pageWindow.MatchString(s) }

// DefaultMaxNodes is the node budget when Options.MaxNodes is 0: enough for a
// homework tree drawn in full, small enough to read and to render quickly.
const DefaultMaxNodes = 400

// DefaultMaxWidth is the width budget when Options.MaxWidth is 0: a homework
// tree of 81 leaves is drawn in full, a wider search as an overview.
const DefaultMaxWidth = 100

// MaxNodesLimit is the largest node budget a drawing takes (Options.MaxNodes,
// the command line's --max-draw): Graphviz lays out 5000 shapes in seconds,
// many more in minutes. Larger budgets are lowered to it.
const MaxNodesLimit = 5000

// MaxWidthLimit is the largest width budget (Options.MaxWidth): the width
// that goes with MaxNodesLimit as DefaultMaxWidth goes with DefaultMaxNodes.
// Larger budgets are lowered to it.
const MaxWidthLimit = DefaultMaxWidth * MaxNodesLimit / DefaultMaxNodes

// Stats says what a drawing shows.
type Stats struct {
	Drawn     int    // shapes drawn (nodes, unsearched nodes, summary boxes)
	Searched  int    // searched nodes in the recording
	Depth     int    // plies drawn below the top node
	Truncated bool   // some searched nodes are only counted in boxes
	Note      string // what was summarised, "" when everything is drawn
	// Notes are, on the page (Options.Page), the sequence numbers of the
	// events that made each of a node's lines of the selective techniques
	// true, in the order of the lines, by node id: the page shows a line
	// from the step of its event.
	Notes map[int64][]int64
}

// FocusError reports a focus path that names no searched node.
type FocusError struct {
	Focus string
	Near  []string // moves searched from the deepest node that matched
}

func (e *FocusError) Error() string {
	msg := fmt.Sprintf("focus %q: no searched node has this path", e.Focus)
	if len(e.Near) > 0 {
		msg += " (searched there: " + strings.Join(e.Near, ", ") + ")"
	}
	return msg
}

// Build returns the DOT text of a recording.
func Build(rec *record.Recording, opt Options) ([]byte, Stats, error) {
	if rec.Root == nil {
		return nil, Stats{}, fmt.Errorf("the trace has no searched nodes to draw")
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
		return nil, Stats{}, err
	}
	b := &builder{rec: rec, info: info, opt: opt, pv: map[*record.Node]bool{}, drawn: map[*record.Node]bool{}, notes: map[int64][]int64{}}
	b.partial = opt.Until > 0 && opt.Until < rec.Events-1
	for _, top := range tops {
		if b.partial {
			break // the principal variation is known at the end
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
		plies := "plies"
		if depth == 1 {
			plies = "ply"
		}
		deep := fmt.Sprintf("drawn %d %s deep", depth, plies)
		if b.pvDeeper {
			deep += ", the principal variation to its end"
		}
		notes = append(notes, deep)
	}
	if b.more > 0 {
		moves := "moves"
		if b.fan == 1 {
			moves = "move"
		}
		notes = append(notes, fmt.Sprintf("at most %d %s drawn below a node, the others counted in boxes", b.fan, moves))
	}
	if !withUnsearched {
		notes = append(notes, "unsearched subtrees shown as counts")
	}
	if opt.Focus != "" || opt.HasFocusID {
		notes = append(notes, "subtree of "+tops[0].Label())
	}
	if iteration > 0 && len(rec.Roots) > len(tops) {
		notes = append(notes, fmt.Sprintf("iteration %d of %d", iteration, rec.LastIteration()))
	}
	if rec.Discarded > 0 {
		notes = append(notes, "earlier iterations not kept in memory")
	}
	if rec.Counted > 0 {
		notes = append(notes, fmt.Sprintf("nodes below ply %d counted in boxes, not kept one by one (--focus draws any part in full)", rec.Counted))
	}
	if rec.Dropped > 0 && rec.Under == "" {
		notes = append(notes, fmt.Sprintf("%d nodes past the recording limit not kept", rec.Dropped))
	}
	if len(notes) > 0 {
		shapes := "shapes"
		if st.Drawn == 1 {
			shapes = "shape"
		}
		st.Note = strings.Join(notes, "; ") + fmt.Sprintf(" — %d %s for %d searched nodes", st.Drawn, shapes, st.Searched)
	}
	if b.opt.Page {
		st.Notes = b.notes
	}
	return b.finish(st), st, nil
}

// Tops chooses the tops to draw, as Build does: the focus node (Focus, or
// FocusID), or every pass of the chosen iteration (Iteration, the last
// completed one by default) with that iteration's number, or the root. A
// focus that names no node is a *FocusError, an iteration the search does
// not have an *IterationError. Other sinks (trace/tikz) draw the same part.
func Tops(rec *record.Recording, opt Options) ([]*record.Node, int, error) {
	if opt.HasFocusID {
		if n := rec.Node(opt.FocusID); n != nil {
			return []*record.Node{n}, 0, nil
		}
		return nil, 0, fmt.Errorf("node %d was not recorded", opt.FocusID)
	}
	if opt.Focus != "" {
		top, err := Find(rec, opt.Focus)
		return []*record.Node{top}, 0, err
	}
	if len(rec.Roots) <= 1 {
		return []*record.Node{rec.Root}, 0, nil
	}
	if opt.Page && opt.Iteration == 0 {
		// The page replays every root visit: each is drawn, to appear
		// when it is searched.
		return rec.Roots, 0, nil
	}
	last := rec.LastIteration()
	it := opt.Iteration
	if it == 0 {
		it = last
		if rec.Iterations > 0 && rec.Iterations < last {
			it = rec.Iterations // the last completed iteration answers
		}
	}
	if it < 1 || it > last {
		return nil, 0, &IterationError{Iteration: it, Last: last}
	}
	var tops []*record.Node
	for _, r := range rec.Roots {
		if r.Iteration == it {
			tops = append(tops, r)
		}
	}
	return tops, it, nil
}

// IterationError reports an iteration the recording does not have.
type IterationError struct{ Iteration, Last int }

func (e *IterationError) Error() string {
	return fmt.Sprintf("iteration %d: the search has iterations 1 to %d", e.Iteration, e.Last)
}

// Find returns the last visit of the node with the given path (moves from
// the root joined by spaces, a toy-tree node name, or "root"), or a
// *FocusError.
func Find(rec *record.Recording, path string) (*record.Node, error) {
	path = strings.Join(strings.Fields(path), " ")
	var found *record.Node
	for _, n := range rec.Nodes {
		if n.Path == path || (path == "root" && n.Ply == 0) {
			found = n
		}
	}
	if found != nil {
		return found, nil
	}
	// Say what was searched at the deepest prefix that exists (for games).
	e := &FocusError{Focus: path}
	moves := strings.Fields(path)
	for k := len(moves) - 1; k >= 0; k-- {
		prefix := strings.Join(moves[:k], " ")
		for _, n := range rec.Nodes {
			if n.Path == prefix {
				for _, c := range n.Children {
					e.Near = appendUnique(e.Near, c.Move)
				}
			}
		}
		if len(e.Near) > 0 {
			break
		}
	}
	if len(e.Near) > 12 {
		e.Near = append(e.Near[:12], "…")
	}
	return nil, e
}

func appendUnique(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}

// Height is the number of plies below n in the recording, unsearched parts
// included.
func Height(n *record.Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+Height(c))
	}
	if n.Cut != nil {
		for _, s := range n.Cut.Unsearched {
			h = max(h, 1+SubtreeHeight(s))
		}
	}
	return h
}

// SubtreeHeight is the number of plies below a never-searched subtree's top.
func SubtreeHeight(s *trace.Subtree) int {
	h := 0
	for _, c := range s.Children {
		h = max(h, 1+SubtreeHeight(c))
	}
	return h
}

type builder struct {
	rec        *record.Recording
	info       *trace.Info
	opt        Options
	pv         map[*record.Node]bool
	depth      int  // plies drawn below the top node
	fan        int  // the most children drawn below a node; the others go in one box
	pvDeeper   bool // a game's principal variation drawn deeper than the others
	game       bool // a game's search (not a toy tree): the best moves drawn, the picture kept to Aspect
	more       int  // boxes drawn for children past the fan
	unsearched bool // draw unsearched subtrees in full (else one box per cut)
	buf        bytes.Buffer
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

// Colours and sizes of the drawing, gathered here.
const (
	fontName   = "Helvetica"
	colCut     = "firebrick"
	colGrey    = "gray55"
	colGreyBg  = "gray95"
	colWindow  = "gray35"
	colNote    = "royalblue"
	colSummary = "gray40"
	penPV      = "3"
	penCut     = "2.2"
	colNull    = "#1f5fbf" // the null move: a pass, and its prune
	colNullBg  = "#e4eeff"
	colReduce  = "#c8580a" // reductions and futility pruning
	colExtend  = "forestgreen"
	colRazor   = "darkorchid"
	colQSBg    = "#fff3c4" // the quiescence region
	colTT      = "#0a7f8a" // transposition-table hits
)

// paperPalette turns the drawing's colours into Okabe and Ito's
// colour-blind-safe ones (--style paper): vermillion cutoffs, blue null
// moves, orange reductions, bluish green extensions, reddish purple
// razoring, sky blue table hits.
var paperPalette = colourMap(map[string]string{
	colCut: "#D55E00", colNull: "#0072B2", colReduce: "#E69F00", colExtend: "#009E73",
	colRazor: "#CC79A7", colTT: "#56B4E9", colNote: "#0072B2", colCurrent: "#009E73",
})

// colourMap replaces colours where the DOT text names them: as an attribute's
// value, quoted or not, or a font's colour.
type colourMap map[string]string

func (m colourMap) Replace(src []byte) []byte {
	s := string(src)
	for from, to := range m {
		for _, f := range []string{`="` + from + `"`, `=` + from + `,`, `=` + from + `]`, `=\"` + from + `\"`} {
			t := strings.Replace(f, from, to, 1)
			if !strings.HasPrefix(f, `="`) && !strings.HasPrefix(f, `=\"`) {
				t = `="` + to + `"` + f[len(f)-1:]
			}
			s = strings.ReplaceAll(s, f, t)
		}
	}
	return []byte(s)
}

var penwidth = regexp.MustCompile(`penwidth=([\d.]+)`)

// thicker makes every line half again as thick (--style projector).
func thicker(src []byte) []byte {
	return penwidth.ReplaceAllFunc(src, func(m []byte) []byte {
		w, err := strconv.ParseFloat(string(m[len("penwidth="):]), 64)
		if err != nil {
			return m
		}
		return []byte("penwidth=" + strconv.FormatFloat(w*1.6, 'f', -1, 64))
	})
}

// toneColor colours the note of a mark (a technique drawn from its row of
// the table of kinds alone) by its tone.
var toneColor = [...]string{trace.ToneNote: colNote, trace.ToneCut: colCut, trace.ToneLeaf: "goldenrod4"}

// The node a step is about (Options.Current).
const (
	colCurrent   = "darkgreen"
	colCurrentBg = "#c8f0c0"
)

// printf writes one statement of the graph; while b.ghost is on, the
// statement is made invisible (it still takes its place in the layout).
func (b *builder) printf(format string, args ...any) {
	if b.ghost == 0 {
		fmt.Fprintf(&b.buf, format, args...)
		return
	}
	st := strings.TrimSuffix(fmt.Sprintf(format, args...), "\n")
	switch {
	case strings.HasSuffix(st, "];"):
		st = st[:len(st)-2] + ", style=invis];"
	case strings.HasSuffix(st, ";"):
		st = st[:len(st)-1] + " [style=invis];"
	}
	b.buf.WriteString(st + "\n")
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
// "?" when n has no value; a leaf's own value is exact. negamax writes it from the side to move's point of view.
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
	s = info.Format(v)
	switch bound {
	case score.Lower:
		s = "≥" + s
	case score.Upper:
		s = "≤" + s
	case score.NoBound:
		if n.Closed && !n.Leaf && !n.Proved {
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
	return info.Window(a, be)
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
	alpha := c.Reason == trace.ReasonAlpha || c.Reason == trace.ReasonProbeAlpha
	value, lower, upper := c.Value, c.Lower, c.Upper
	if flip {
		alpha, value, lower, upper = !alpha, -value, -upper, -lower
	}
	if c.Chance { // the average's interval reached an edge of the window
		if alpha {
			return "✂ avg ≤ " + info.Format(upper) + " ≤ α"
		}
		return "✂ avg ≥ " + info.Format(lower) + " ≥ β"
	}
	strict := info.Cutoff == "gt"
	if alpha {
		if strict {
			return "✂ " + info.Format(value) + " < α"
		}
		return "✂ " + info.Format(value) + " ≤ α"
	}
	if strict {
		return "✂ " + info.Format(value) + " > β"
	}
	return "✂ " + info.Format(value) + " ≥ β"
}

// esc is text for an HTML-like label: XML's specials escaped, and control
// characters, which XML text cannot hold.
func esc(s string) string { return html.EscapeString(printable.Escape(s)) }

// quoted is text for a DOT attribute in double quotes (a tooltip), which
// Graphviz reads as an escaped string: a backslash is doubled (a path
// ending in one closed no quote: a syntax error), a double quote becomes a
// single one, and control characters are escaped (a NUL ended the text).
func quoted(s string) string {
	s = strings.ReplaceAll(printable.Escape(s), `\`, `\\`)
	return strings.ReplaceAll(s, `"`, `'`)
}

// wideFan is the number of children above which a node's moves are written
// inside the children instead of on the edges: in a wide fan the edges run
// nearly level and a label in their middle sits far from its child.
const wideFan = 8

// moveLine is the move into n as a line inside its shape.
func (b *builder) moveLine(n *record.Node) string {
	line := `<font point-size="` + strconv.Itoa(b.sizes().move) + `" color="` + colWindow + `">` + esc(MoveWithP(n.Move, n.PNum, n.PDen)) + `</font>`
	if n.Parent != nil {
		line += b.visit(n.Parent, n)
	}
	return line
}

// node writes n and what is drawn below it; rel is n's depth below the top.
// moveInside writes the move into n inside its shape (see wideFan).
func (b *builder) node(n *record.Node, rel int, moveInside bool) {
	b.shapes++
	b.drawn[n] = true
	b.printf("  %s [%s];\n", id(n), strings.Join(b.nodeAttrs(n, moveInside), ", "))
	b.nodeRest(n, rel)
}

// nodeAttrs are the attributes of n's shape: the shape for the side to move,
// the label (value, window, cutoff, the selective techniques), the outline
// and fill of what happened there, and a tooltip. Later attributes in a DOT
// list override earlier ones, so a caller may append its own.
func (b *builder) nodeAttrs(n *record.Node, moveInside bool) []string {
	attrs := []string{}
	if b.opt.Page {
		return b.pageAttrs(n, moveInside)
	}
	cut := b.cut(n)
	reason := ""
	if cut != nil && !n.Leaf {
		b.seen.cut = true
		reason = b.cutReason(n, cut)
	}
	attrs = append(attrs, b.shapeLabel(n, b.value(n), b.window(n), reason, moveInside)...)
	paper := b.opt.Style == "paper"
	switch {
	case cut != nil:
		attrs = append(attrs, "color="+colCut, "penwidth="+penCut)
		if paper {
			attrs = append(attrs, "peripheries=2") // a double outline: a cutoff
		}
	case n.NullMove != nil && n.NullMove.Outcome == record.OutcomePrune:
		attrs = append(attrs, `color="`+colNull+`"`, "penwidth="+penCut)
		if paper {
			attrs = append(attrs, `style="filled,dashed"`) // dashed: a null-move prune
		}
	case n.Razored != nil:
		attrs = append(attrs, "color="+colRazor, "penwidth="+penCut)
		if paper {
			attrs = append(attrs, `style="filled,dotted"`) // dotted: razored
		}
	case b.pv[n]:
		attrs = append(attrs, "penwidth="+penPV)
	}
	attrs = append(attrs, b.fill(n)...)
	if cut != nil && b.pv[n] {
		attrs = append(attrs, "penwidth="+penPV)
	}
	if b.opt.HasCurrent && n.ID == b.opt.Current && b.ghost == 0 {
		b.seen.current = true
		attrs = append(attrs, `fillcolor="`+colCurrentBg+`"`, `color="`+colCurrent+`"`, "penwidth="+penPV)
	}
	tip := fmt.Sprintf("node %d: %s", n.ID, quoted(n.Label()))
	switch n.LeafReason {
	case trace.ReasonStatic:
		tip += " (static evaluation at the depth limit)"
	case trace.ReasonTerminal:
		tip += " (end of the game)"
	case trace.ReasonNoMoves:
		tip += " (no legal moves)"
	}
	return append(attrs, `tooltip="`+tip+`"`)
}

// rangeLine is the range of n's value as known at the moment drawn
// (Options.Ranges), "" when not asked for or n was not entered yet.
func (b *builder) rangeLine(n *record.Node) string {
	if !b.opt.Ranges || b.opt.Page {
		return ""
	}
	r, ok := Range(b.info, n, b.opt.Until, b.opt.Negamax)
	if !ok {
		return ""
	}
	b.seen.ranges = true
	return `<font point-size="` + b.windowSize() + `">` + esc(r) + `</font>`
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

// shapeLabel are the shape and label of n: a leaf's box with its value, an
// inner node's triangle with its value, its window (when it has one), the
// cutoff's reason (when cut is not ""), the marks of the selective
// techniques, and the move into it when moveInside (see wideFan).
func (b *builder) shapeLabel(n *record.Node, value, window, cut string, moveInside bool) []string {
	if n.Leaf {
		label := esc(value)
		if b.opt.Page && n.HasWindow {
			// The page shows every node's window, a leaf's too (the window
			// it was reached with), under its value.
			label += `<br/><font point-size="` + b.windowSize() + `" color="` + colWindow + `">` + esc(window) + `</font>`
		}
		if moveInside {
			label = b.moveLine(n) + "<br/>" + label
		}
		return []string{"shape=box", `label=<` + label + `>`}
	}
	shape := "triangle"
	if !n.Max {
		shape = "invtriangle"
	}
	if n.Chance {
		shape = "circle"
		b.seen.chance = true
	}
	lines := []string{"<b>" + esc(value) + "</b>"}
	if r := b.rangeLine(n); r != "" {
		if n.Max {
			lines = append(lines, r)
		} else {
			lines = append([]string{r}, lines...)
		}
	}
	if n.HasWindow || (b.opt.Page && b.opt.Ranges) { // the page writes a range in the window's place
		win := `<font point-size="` + b.windowSize() + `" color="` + colWindow + `">` + esc(window) + `</font>`
		if n.Max {
			lines = append(lines, win) // the wide side of ▲ is at the bottom
		} else {
			lines = append([]string{win}, lines...) // and of ▼ at the top
		}
	}
	if cut != "" {
		lines = append(lines, `<font point-size="`+strconv.Itoa(b.sizes().small)+`" color="`+colCut+`">`+esc(cut)+`</font>`)
	}
	lines = append(lines, b.selectiveLines(n)...)
	if moveInside {
		if n.Max {
			lines = append(lines, b.moveLine(n)) // on the wide side of ▲
		} else {
			lines = append([]string{b.moveLine(n)}, lines...) // and of ▼
		}
	}
	return []string{"shape=" + shape, "label=<" + strings.Join(lines, "<br/>") + ">"}
}

// textSizes are the point sizes of a drawing's text: compact in a figure,
// larger on the projector page (Options.Page), which a class reads from the
// back of the room.
type textSizes struct {
	node, edge int // a node's value; a move on an edge
	window     int // a node's window
	small      int // the lines of cutoffs and of the selective techniques
	move       int // a move written inside a shape
}

var figureSizes, pageSizes = textSizes{12, 10, 8, 8, 9}, textSizes{14, 12, 12, PageNoteSize, 11}

// projectorSizes are --style projector's: text read from the back of a room.
var projectorSizes = textSizes{16, 14, 12, 12, 12}

// gameSizes are a game's: its drawing is kept to 1,920 pixels or so, and
// its smallest text to 10 points, 13 pixels at that width.
var gameSizes = textSizes{12, 10, 10, 10, 10}

// PageNoteSize is the point size of the page's small lines (the selective
// techniques' marks), by which the page tells them from the rest.
const PageNoteSize = 10

func (b *builder) sizes() textSizes {
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

// boxSize is the point size of the boxes that count nodes and of the
// legend: 9, or a game's smallest size.
func (b *builder) boxSize() int {
	if b.game || b.opt.Style == "projector" {
		return b.sizes().small
	}
	return 9
}

// windowSize is the point size of a node's window.
func (b *builder) windowSize() string { return strconv.Itoa(b.sizes().window) }

// titleWidth and noteWidth are the most characters in a line of a
// drawing's title (12 points, bold) and of its notes (10 points).
const titleWidth, noteWidth = 100, 130

// fill is the fill of a quiescence or null-move node.
func (b *builder) fill(n *record.Node) []string {
	switch {
	case n.QS:
		b.seen.qs = true
		return []string{`fillcolor="` + colQSBg + `"`}
	case n.Null:
		b.seen.null = true
		return []string{`fillcolor="` + colNullBg + `"`}
	}
	return nil
}

// pageAttrs are the attributes of n's shape on the page (Options.Page):
// the shape, placeholders for the numbers, the marks of the selective
// techniques, the fill of a quiescence or null-move node, and its id.
func (b *builder) pageAttrs(n *record.Node, moveInside bool) []string {
	cut := ""
	if n.Cut != nil {
		b.seen.cut = true
		cut = PageCut
	}
	attrs := append(b.shapeLabel(n, PageValue(b.opt.PageWidths), PageWindow(b.opt.PageWidths), cut, moveInside), b.fill(n)...)
	return append(attrs, `id="`+id(n)+`"`, fmt.Sprintf(`tooltip="node %d: %s"`, n.ID, quoted(n.Label())))
}

// pageClass is the attribute that tags a shape or edge for the page
// (Options.Page): ", class=..." to append to its list, or "" off the page.
// from is the DOT id of the shape it hangs from; unsearched says whether it
// stands for moves never searched.
func (b *builder) pageClass(from string, unsearched bool) string {
	if !b.opt.Page {
		return ""
	}
	if unsearched {
		return fmt.Sprintf(`, class="unsearched ps-cut%d"`, b.cutFrom)
	}
	return `, class="ps-of` + strings.TrimPrefix(from, "n") + `"`
}

// nodeRest writes what is drawn below n; rel is n's depth below the top.
func (b *builder) nodeRest(n *record.Node, rel int) {
	if rel >= b.depth && b.game && b.pv[n] && b.opt.DrawDepth == 0 {
		// A game's principal variation is drawn to its end, the other
		// moves below the depth drawn counted in a box.
		for i, c := range n.Children {
			if b.pv[c] {
				if rest := b.countBelow(n) - 1 - b.countBelow(c); rest > 0 {
					b.summaryBox(id(n), fmt.Sprintf("+%d searched below, besides %s", rest, esc(c.Move)), false)
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
			b.summaryBox(id(n), b.belowLabel(n, below), false)
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
func (b *builder) visit(n, c *record.Node) string {
	if !b.rtl() {
		return ""
	}
	k := Visit(n, c)
	if k == 0 {
		return ""
	}
	b.seen.visits = true
	return ` <font color="` + colNote + `"><b>#` + strconv.Itoa(k) + `</b></font>`
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
	b.printf("  %s -> %s [label=<<font color=\"%s\">✂</font> %s>, style=dashed, color=%s, fontcolor=%s%s];\n",
		id(n), sid, colCut, esc(MoveWithP(s.Move, s.PNum, s.PDen)), colGrey, colGrey, b.pageClass(id(n), true))
}

// prunedBox draws the moves a cutoff left unsearched as one box, joined to
// the node with id from.
func (b *builder) prunedBox(from string, pruned []string) {
	txt := fmt.Sprintf("+%d not searched", len(pruned))
	b.summaryBox(from, txt+"<br/>"+`<font point-size="8">`+esc(FewMoves(pruned))+`</font>`, true)
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
	what := "moves"
	if moves == 1 {
		what = "move"
	}
	label := fmt.Sprintf("+%d more %s searched", moves, what)
	if nodes > moves {
		label += fmt.Sprintf("<br/>%d nodes", nodes)
	}
	if b.game && !b.partial {
		label += "<br/>" + b.moveList(left)
	}
	b.hideIf(moves == 0, func() { b.summaryBox(id(n), label, false) })
}

// belowLabel is the label of the box standing for the below nodes searched
// under n: how many, and the cutoffs, null-move prunes, reductions,
// extensions and table hits among them.
func (b *builder) belowLabel(n *record.Node, below int) string {
	label := fmt.Sprintf("+%d searched below", below)
	if b.partial {
		return label // the counts are the whole search's
	}
	u := n.Under()
	var parts []string
	for _, p := range []struct {
		n    int64
		what string
	}{{u.Cutoffs, "✂ %d"}, {u.NullPrunes, "Ø %d"}, {u.Reductions, "%d reduced"}, {u.Extensions, "%d extended"}, {u.TTHits, "≡ %d"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf(p.what, p.n))
		}
	}
	if len(parts) > 0 {
		label += `<br/><font point-size="8">` + esc(strings.Join(parts, " · ")) + `</font>`
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
func (b *builder) moveList(ms []*record.Node) string {
	const perLine, most = 4, 16
	var lines []string
	var line []string
	for i, c := range ms {
		if i == most {
			line = append(line, fmt.Sprintf("… +%d", len(ms)-most))
			break
		}
		line = append(line, c.Move+" "+b.value(c))
		if len(line) == perLine {
			lines = append(lines, strings.Join(line, " · "))
			line = nil
		}
	}
	if len(line) > 0 {
		lines = append(lines, strings.Join(line, " · "))
	}
	for i := range lines {
		lines[i] = esc(lines[i])
	}
	return `<font point-size="` + strconv.Itoa(b.sizes().small) + `">` + strings.Join(lines, "<br/>") + `</font>`
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
// the node with id from. pruned boxes stand for moves never searched. The
// label is HTML (escape text with esc).
func (b *builder) summaryBox(from, label string, pruned bool) string {
	b.shapes++
	if pruned {
		b.seen.cut, b.seen.unsearched = true, true
	} else {
		b.seen.summary = true
	}
	sid := b.newID("s")
	if pruned {
		tag := b.pageClass(from, true)
		b.printf("  %s [shape=box, style=\"dashed,filled,rounded\", color=%s, fontcolor=%s, fillcolor=%s, fontsize=%d, label=<%s>%s];\n",
			sid, colGrey, colGrey, colGreyBg, b.boxSize(), label, tag)
		b.printf("  %s -> %s [style=dashed, color=%s, label=<<font color=\"%s\">✂</font>>%s];\n", from, sid, colGrey, colCut, tag)
		return sid
	}
	tag := b.pageClass(from, false)
	b.printf("  %s [shape=box, style=\"dotted,filled,rounded\", color=%s, fontcolor=%s, fillcolor=white, fontsize=%d, label=<%s>%s];\n",
		sid, colSummary, colSummary, b.boxSize(), label, tag)
	b.printf("  %s -> %s [style=dotted, color=%s%s];\n", from, sid, colSummary, tag)
	return sid
}

// subtree draws a never-searched part of a known tree, greyed and dashed, and
// returns the id of its top shape.
func (b *builder) subtree(s *trace.Subtree, rel int) string {
	b.shapes++
	b.seen.unsearched = true
	sid := b.newID("u")
	tag := b.pageClass(sid, true)
	if b.opt.Page {
		tag += `, id="` + sid + `"`
	}
	common := fmt.Sprintf(`style="dashed,filled", color=%s, fontcolor=%s, fillcolor=%s, tooltip="never searched: %s"%s`,
		colGrey, colGrey, colGreyBg, quoted(s.Path), tag)
	if s.Leaf {
		v := s.Value
		if b.opt.Negamax && !s.Max {
			v = -v
		}
		b.printf("  %s [shape=box, label=<%s>, %s];\n", sid, esc(b.info.Format(v)), common)
		return sid
	}
	shape, size := "triangle", "width=0.6, height=0.4"
	if !s.Max {
		shape = "invtriangle"
	}
	if s.Chance {
		shape, size = "circle", "width=0.4, height=0.4"
	}
	b.printf("  %s [shape=%s, label=\" \", %s, fixedsize=true, %s];\n", sid, shape, size, common)
	if rel == b.depth || len(s.Children) == 0 {
		if n := s.Count() - 1; n > 0 {
			b.shapes++
			bid := b.newID("s")
			tag := b.pageClass(sid, true)
			b.printf("  %s [shape=box, style=\"dashed,rounded\", color=%s, fontcolor=%s, fontsize=9, label=\"+%d\"%s];\n", bid, colGrey, colGrey, n, tag)
			b.printf("  %s -> %s [style=dashed, color=%s%s];\n", sid, bid, colGrey, tag)
		}
		return sid
	}
	for _, c := range s.Children {
		cid := b.subtree(c, rel+1)
		b.printf("  %s -> %s [label=<%s>, style=dashed, color=%s, fontcolor=%s%s];\n", sid, cid, esc(MoveWithP(c.Move, c.PNum, c.PDen)), colGrey, colGrey, b.pageClass(sid, true))
	}
	return sid
}

// edge joins n to its child c, the i-th child searched. A move searched again
// from the same node (a re-search) is labelled with its pass number. In a wide
// fan the move is written inside the child and the edge stays bare.
func (b *builder) edge(n, c *record.Node, i int, wide bool) {
	attrs := b.edgeAttrs(n, c, i, wide)
	if len(attrs) == 0 {
		b.printf("  %s -> %s;\n", id(n), id(c))
		return
	}
	b.printf("  %s -> %s [%s];\n", id(n), id(c), strings.Join(attrs, ", "))
}

// edgeAttrs are the attributes of the edge from n to its i-th child c: the
// move, a pass number for a re-search, the colour and depth change of a null
// move, a reduction or an extension, and the bold line of the principal
// variation.
func (b *builder) edgeAttrs(n, c *record.Node, i int, wide bool) []string {
	label := esc(MoveWithP(c.Move, c.PNum, c.PDen))
	if c.Probe {
		label += " probe"
		b.seen.probe = true
	}
	pass := 0
	for _, prev := range n.Children[:i] {
		if prev.Move == c.Move {
			pass++
		}
	}
	if pass > 0 {
		label += fmt.Sprintf(" (pass %d)", pass+1)
	}
	visit := b.visit(n, c)
	var attrs []string
	color := ""
	switch ch := c.Change; {
	case c.Null:
		label = "null"
		if n.NullMove != nil {
			label = "null, depth " + strconv.Itoa(n.NullMove.To)
		}
		color = colNull
		attrs = append(attrs, "style=dashed")
		wide = false
	case ch != nil && ch.Kind == trace.Reduce:
		b.seen.reduce = true
		label += " " + signed(ch.To-n.Depth)
		color = colReduce
	case ch != nil && ch.Kind == trace.Extend:
		b.seen.extend = true
		label += " " + signed(ch.To-(n.Depth-1))
		color = colExtend
	}
	if !wide || pass > 0 {
		if color != "" {
			label = `<font color="` + color + `">` + label + `</font>`
		}
		if wide {
			visit = "" // written inside the child
		}
		attrs = append(attrs, "label=<"+label+visit+">")
	}
	if color != "" {
		attrs = append(attrs, `color="`+color+`"`)
	}
	if b.pv[n] && b.pv[c] && !b.opt.Page {
		attrs = append(attrs, "penwidth="+penPV)
	}
	if b.opt.Page {
		attrs = append(attrs, `id="e`+strconv.FormatInt(c.ID, 10)+`"`)
	}
	return attrs
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
func (b *builder) selectiveLines(n *record.Node) []string {
	small := func(color, text string) string {
		return `<font point-size="` + strconv.Itoa(b.sizes().small) + `" color="` + color + `">` + esc(text) + `</font>`
	}
	var lines []string
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
		lines = append(lines, small(noteColor[nt.Style], nt.Text))
		seqs = append(seqs, nt.Seq)
	}
	if b.multi && n.Ply == 0 {
		lines = append([]string{small(colNote, IterationHead(n))}, lines...) // known from the start: not a note
		if w := n.Window; w != nil {
			lines = append(lines, small(colNote, WindowLabel(b.info, w, b.flip(n))))
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
	note := "values from the side to move's point of view (negamax): a MIN node's negated, its window (−β, −α), its cut ≥ β"
	if result && info != nil && info.Root == "min" {
		note += "; the search's value above is MAX's, the root's MIN's"
	}
	return note
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
func IterationHead(n *record.Node) string {
	head := fmt.Sprintf("iteration %d", n.Iteration)
	if n.Pass > 1 || n.Window != nil {
		head += fmt.Sprintf(", pass %d", n.Pass)
	}
	return head
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
	NoteNull   NoteStyle = iota // a null move
	NoteExtend                  // an extension, a threat found by a null move
	NoteRazor                   // razoring
	NoteQS                      // quiescence search, stand pat
	NoteInfo                    // a re-search, a mark of the table of kinds
	NoteTT                      // a transposition-table hit
	NoteCut                     // a mark that cut
	NoteLeaf                    // a mark about an evaluation
)

// noteColor is the colour of each style of note in DOT.
var noteColor = [...]string{NoteNull: colNull, NoteExtend: colExtend, NoteRazor: colRazor, NoteQS: "goldenrod4",
	NoteInfo: colNote, NoteTT: colTT, NoteCut: colCut, NoteLeaf: "goldenrod4"}

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
		add(r.Seq, NoteRazor, "razor: depth "+strconv.Itoa(r.From)+"→"+strconv.Itoa(r.To))
	}
	if n.QSRoot {
		add(n.QSSeq, NoteQS, "≈ quiescence")
	}
	if sp := n.Stand; sp != nil && !n.Leaf {
		t := "stand pat " + info.Format(sign*sp.Value)
		if sp.Cut {
			t = "✂ " + t
		}
		add(sp.Seq, NoteQS, t)
	}
	if n.Research != "" {
		add(n.ResearchSeq, NoteInfo, "re-search: searched again")
	}
	if t := n.TT; t != nil {
		bound := t.Bound
		if flip {
			bound = flipBound(bound)
		}
		what := "TT " + bound.String() + " " + info.Format(sign*t.Value) + ", depth " + strconv.Itoa(t.Depth)
		if t.Cut {
			what = "≡ " + what + ": cut"
		}
		if t.HasRef && (drawn == nil || !drawn(t.Ref)) {
			what += " (node " + strconv.FormatInt(t.Ref, 10) + ")"
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
		label := "TT " + bound.String() + ", d" + strconv.Itoa(t.Depth)
		b.printf("  %s -> %s [style=dashed, color=\"%s\", fontcolor=\"%s\", constraint=false, arrowhead=normal, arrowsize=0.6, tailport=e, headport=e, label=<%s>%s];\n",
			id(n), id(ref), colTT, colTT, esc(label), b.pageClass(id(n), false))
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
	word := "moves"
	if len(n.Futile) == 1 {
		word = "move"
	}
	b.printf("  %s [shape=box, style=\"dashed,filled,rounded\", color=\"%s\", fontcolor=\"%s\", fillcolor=white, fontsize=9, label=<× futility: %d %s skipped<br/><font point-size=\"8\">%s</font>>%s];\n",
		sid, colReduce, colReduce, len(n.Futile), word, esc(FewMoves(moves)), b.pageClass(id(n), false))
	b.printf("  %s -> %s [style=dashed, color=\"%s\"%s];\n", id(n), sid, colReduce, b.pageClass(id(n), false))
}

// finish wraps the nodes and edges with the graph header, title and legend.
func (b *builder) finish(st Stats) []byte {
	var out bytes.Buffer
	// Long lines are wrapped: the title must not set the picture's width.
	wrap := func(s string, width int) string {
		lines := trace.Wrap(s, width)
		for i, l := range lines {
			lines[i] = esc(l)
		}
		return strings.Join(lines, "<br/>")
	}
	title := "<b>" + wrap(explain.Describe(b.info), titleWidth) + "</b>"
	if len(b.info.Options) > 0 {
		opts := make([]string, len(b.info.Options))
		for i, o := range b.info.Options {
			opts[i] = "+ " + o
		}
		title += `<br/><font point-size="10">` + wrap(strings.Join(opts, " · "), noteWidth) + `</font>`
	}
	sub := esc(explain.InputLine(b.info))
	result := false
	if s := b.rec.Summary; s != nil && !b.partial {
		sub += " · " + esc(strings.Join(explain.ResultParts(b.info, s, false), " · "))
		sub += "<br/>" + esc(explain.Counts(s))
		result = true
	}
	if b.opt.Negamax {
		sub += "<br/>" + esc(NegamaxNote(b.info, result))
	}
	label := title + `<br/><font point-size="10">` + sub + `</font>`
	if c := b.opt.Caption; c != "" {
		lines := trace.Wrap(c, 90)
		for i, l := range lines {
			lines[i] = esc(l)
		}
		label += `<br/><font point-size="11" color="` + colCurrent + `">` + strings.Join(lines, "<br/>") + `</font>`
	}
	if st.Note != "" {
		label += `<br/><font point-size="10" color="` + colNote + `">` + wrap(st.Note+" (use --draw-depth, --focus or --max-draw)", noteWidth) + `</font>`
	}
	fmt.Fprintf(&out, "digraph search {\n")
	if b.opt.NoTitle && !b.opt.Page {
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.2, ranksep=0.4, splines=line, bgcolor=white, fontname=%q, fontsize=12];\n", fontName)
	} else if b.opt.Page {
		// The page writes the title and the step's sentence itself, and the
		// note of what was summarised below the picture.
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.12, ranksep=0.15, splines=line, bgcolor=white, fontname=%q, fontsize=12];\n", PageFont)
	} else {
		nodesep := "0.2"
		if b.game {
			nodesep = "0.1" // a game's drawing is kept narrow (gameWidth)
		}
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=%s, ranksep=0.4, splines=line, bgcolor=white, fontname=%q, fontsize=12, labelloc=t, label=<%s>];\n", nodesep, fontName, label)
	}
	nodeSize, edgeSize := b.sizes().node, b.sizes().edge
	font, body := fontName, b.buf.Bytes()
	if b.opt.Page {
		// Sized by the page's font, whatever fonts the machine has.
		font, body = PageFont, pageLabels(body, nodeSize, edgeSize)
	}
	fmt.Fprintf(&out, "  node [fontname=%q, fontsize=%d, style=filled, fillcolor=white, penwidth=1.2, margin=\"0.04,0.03\"];\n", font, nodeSize)
	fmt.Fprintf(&out, "  edge [fontname=%q, fontsize=%d, arrowhead=none, penwidth=1.2, tailport=s, headport=n];\n", font, edgeSize)
	out.Write(body)
	if !b.opt.Page && !b.opt.NoLegend { // the page's help explains its marks, which differ
		out.WriteString(b.legend())
	}
	out.WriteString("}\n")
	switch b.opt.Style {
	case "paper":
		return paperPalette.Replace(out.Bytes())
	case "projector":
		return thicker(out.Bytes())
	}
	return out.Bytes()
}

// legend explains the symbols that occur in the drawing, one item per row and
// each in one style: Graphviz places every run of text by its own estimate of
// the font's width, so text side by side can overlap in a viewer whose
// fallback font is wider than Helvetica.
func (b *builder) legend() string { return legendTable(b.legendItems(), b.boxSize()) }

// legendItems are the rows of the legend for what the drawing shows.
func (b *builder) legendItems() []string {
	first := "▲ MAX to move, ▼ MIN to move, □ leaf"
	if b.seen.chance {
		first = "▲ MAX to move, ▼ MIN to move, ○ chance node (the average of its outcomes, probabilities on the edges), □ leaf"
	}
	items := []string{
		first,
		"in a node: the value it returned (≤v an upper bound, ≥v a lower bound; a leaf its own value) and the window (α, β) it was searched with",
	}
	if !b.partial {
		items = append(items, "<b>bold: principal variation</b>")
	}
	if b.seen.current {
		items = append(items, `<font color="`+colCurrent+`">green: the node of this step; ? a value not known yet</font>`)
	}
	// In the paper style the marks are named by their outline or dash,
	// which a greyscale print keeps, rather than by a colour.
	paper := b.opt.Style == "paper"
	say := func(colour, outline string) string {
		if paper {
			return outline
		}
		return colour
	}
	if b.seen.ranges {
		items = append(items, "[lo, hi]: the range the node's value may still take (AIMA, Figure 5.5): [v, v] exact or proved exact, [v, +∞] at least v, [−∞, v] at most v")
	}
	if b.seen.visits {
		items = append(items, `<font color="`+colNote+`"><b>#1</b>, <b>#2</b>, …: the order searched (right to left); the children are drawn as the tree has them</font>`)
	}
	if b.seen.cut {
		items = append(items, `<font color="`+colCut+`">✂ `+say("red", "double outline")+`: cutoff at this node</font>`)
	}
	if b.seen.probe {
		items = append(items, "probe: a Star2 probe, only the node's first move searched (its value a bound)")
	}
	if b.seen.unsearched {
		items = append(items, `<font color="`+colGrey+`">grey dashed: never searched</font>`)
	}
	if b.seen.summary {
		items = append(items, "dotted box: searched, not drawn one by one")
	}
	if b.seen.noBound {
		items = append(items, "~v: a clamped value on a tie window (α = β): no bound")
	}
	if b.seen.null {
		items = append(items, `<font color="`+colNull+`">`+say("blue: null move (dashed edge to the pass); Ø a null-move prune", "dashed edge: the null move (a pass); dashed outline, Ø: a null-move prune")+`</font>`)
	}
	if b.seen.reduce {
		items = append(items, `<font color="`+colReduce+`">`+say("orange ", "")+`−2: a move searched to depth−2 (reduction)</font>`)
	}
	if b.seen.extend {
		items = append(items, `<font color="`+colExtend+`">`+say("green ", "")+`+1: a move searched one ply deeper (extension)</font>`)
	}
	if b.seen.futility {
		items = append(items, `<font color="`+colReduce+`">× `+say("orange ", "")+`box: moves skipped by futility pruning</font>`)
	}
	if b.seen.razor {
		items = append(items, `<font color="`+colRazor+`">`+say("purple", "dotted outline")+`: a node cut short by razoring</font>`)
	}
	if b.seen.qs {
		items = append(items, say("yellow", "tinted, ≈")+": quiescence search (captures only; stand pat = the static evaluation)")
	}
	if b.seen.tt {
		items = append(items, `<font color="`+colTT+`">`+say("teal ", "")+`dashed arrow: a transposition-table hit, to the node whose search stored it</font>`)
	}
	return items
}

// legendTable lays out legend rows as the legend shape, below the tree.
func legendTable(items []string, size int) string {
	var sb strings.Builder
	sb.WriteString(`  legend [shape=plain, fontsize=` + strconv.Itoa(size) + `, label=<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">`)
	for _, it := range items {
		sb.WriteString(`<tr><td align="left">` + it + `</td></tr>`)
	}
	sb.WriteString("</table>>];\n  {rank=sink; legend}\n")
	return sb.String()
}
