// Package tikz draws a recorded search as a LaTeX picture, for papers and
// exam sheets: a forest (TikZ) tree in the fonts of the document that
// includes it, with the marks of the Graphviz drawing (trace/dot). MAX nodes
// are upward triangles, MIN nodes downward ones, leaves boxes; a node holds
// the value it returned (≤v an upper bound, ≥v a lower bound) and the window
// (α, β) it was searched with; a node that cut off is outlined in red with
// the reason, ✂ and all; what the search never searched is grey and dashed,
// each of its edges led by a ✂; the principal variation is bold; edges carry
// the moves; the selective techniques add their lines and colours.
//
// A picture is the part of the search that dot.Tops chooses (the root, a
// --focus subtree, the passes of an iteration), drawn DrawDepth plies deep,
// deeper parts counted in a box. Unlike a Graphviz drawing it is never
// summarised to fit: a picture of more than MaxNodes shapes is refused
// (*BudgetError), since a forest tree wider than a page helps nobody; the
// caller chooses what to leave out.
//
// The output is a snippet to \input in a document whose preamble says
// \usepackage{forest} (Options.Standalone: a whole document of the
// standalone class instead). A comment header says what was searched, what
// the marks mean, and what the picture needs.
package tikz

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// Options tune the picture.
type Options struct {
	// Focus draws only the subtree of the node with this path (as
	// dot.Options.Focus); "" draws from the root.
	Focus string
	// Iteration draws this iteration of an iterative search, every pass of
	// the root in it (0: the last completed one).
	Iteration int
	// DrawDepth draws nodes at most this many plies below the top; the
	// searched nodes below one at that depth are counted in one box. 0: all.
	DrawDepth int
	// MaxNodes is the most shapes a picture may take (0:
	// dot.DefaultMaxNodes); a larger one is refused with a *BudgetError.
	MaxNodes int
	// Negamax writes values and windows from the side to move's point of
	// view instead of MAX's.
	Negamax bool
	// NoWindows leaves the windows out: values only.
	NoWindows bool
	// Ranges writes each searched inner node's range [lo, hi] (as
	// dot.Options.Ranges).
	Ranges bool
	// Standalone writes a whole document (class standalone) instead of a
	// snippet to \input.
	Standalone bool
}

// Stats says what a picture shows.
type Stats struct {
	Drawn    int // shapes drawn: nodes, never-searched nodes, boxes
	Searched int // searched nodes in the recording
}

// BudgetError refuses a picture of more shapes than Options.MaxNodes.
type BudgetError struct {
	Shapes, Max int
	Depth       int // the plies the picture was to draw below its top
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("the picture would take %d shapes, more than the %d allowed", e.Shapes, e.Max)
}

// Build returns the LaTeX text of the picture of a recording.
func Build(rec *record.Recording, opt Options) ([]byte, Stats, error) {
	if rec.Root == nil {
		return nil, Stats{}, fmt.Errorf("the trace has no searched nodes to draw")
	}
	info := rec.Info
	if info == nil {
		info = &trace.Info{Scale: 1, Root: "max"}
	}
	tops, _, err := dot.Tops(rec, dot.Options{Focus: opt.Focus, Iteration: opt.Iteration})
	if err != nil {
		return nil, Stats{}, err
	}
	b := &builder{rec: rec, info: info, opt: opt, pv: map[*record.Node]bool{}, multi: len(tops) > 1 || len(rec.Roots) > 1}
	for _, top := range tops {
		// The principal variation from the root visit the top lies in: a
		// focus shows the part of it that runs through the subtree.
		root := top
		for root.Parent != nil {
			root = root.Parent
		}
		for _, n := range rec.PVFrom(root) {
			b.pv[n] = true
		}
	}
	root := &item{shape: phantom}
	for _, top := range tops {
		b.collect(top)
	}
	for _, top := range tops {
		root.children = append(root.children, b.node(top, nil, 0, 0))
	}
	if len(tops) == 1 && len(root.children[0].notes) == 0 {
		root = root.children[0]
	}
	st := Stats{Drawn: count(root), Searched: len(rec.Nodes)}
	if rec.Summary != nil {
		st.Searched = int(rec.Summary.Nodes)
	}
	if err := budget(st.Drawn, opt, b.depth(tops)); err != nil {
		return nil, st, err
	}
	var head []string
	head = append(head, explain.Describe(info))
	for _, o := range info.Options {
		head = append(head, "+ "+o)
	}
	line := explain.InputLine(info)
	if s := rec.Summary; s != nil {
		line += " · " + strings.Join(explain.ResultParts(info, s, false), " · ")
		head = append(head, line, explain.Counts(s))
	} else {
		head = append(head, line)
	}
	if opt.Focus != "" {
		head = append(head, "subtree of "+tops[0].Label())
	}
	if opt.Negamax {
		head = append(head, dot.NegamaxNote(info, rec.Summary != nil))
	}
	return write(root, head, b.legend(), opt.Standalone), st, nil
}

// budget refuses a picture of more shapes than the options allow.
func budget(shapes int, opt Options, depth int) error {
	most := opt.MaxNodes
	if most <= 0 {
		most = dot.DefaultMaxNodes
	}
	if shapes > most {
		return &BudgetError{Shapes: shapes, Max: most, Depth: depth}
	}
	return nil
}

// depth is the number of plies drawn below the tops.
func (b *builder) depth(tops []*record.Node) int {
	h := 0
	for _, t := range tops {
		h = max(h, dot.Height(t))
	}
	if b.opt.DrawDepth > 0 {
		h = min(h, b.opt.DrawDepth)
	}
	return h
}

// shape is what a node of the picture is drawn as.
type shape int

const (
	phantom    shape = iota // an invisible top joining several root visits
	maxNode                 // ▲
	minNode                 // ▼
	leaf                    // a box with a value
	box                     // a rounded box of text: nodes counted, moves not searched
	chanceNode              // ○
)

// item is a node of the picture: its shape, its lines of text (LaTeX), the
// forest styles of the node and of the edge into it, the move on that edge
// and its colour.
type item struct {
	shape    shape
	lines    []string
	styles   []string // of the node
	edge     []string // of the edge into it
	tone     string   // the colour of the move's text ("": black)
	move     string   // LaTeX; "" for none
	cutMove  bool     // a ✂ leads the move: a move a cutoff left unsearched
	notes    []string // lines above the node, under the move: the techniques that acted there
	children []*item
}

func count(it *item) int {
	n := 1
	if it.shape == phantom {
		n = 0
	}
	for _, c := range it.children {
		n += count(c)
	}
	return n
}

type builder struct {
	rec   *record.Recording
	info  *trace.Info
	opt   Options
	pv    map[*record.Node]bool
	multi bool                  // several root visits: each says which
	in    map[int64]bool        // the recorded nodes in the picture, by id
	seen  map[string]bool       // the marks used, for the legend
	notes map[dot.NoteStyle]int // the styles of notes used
}

// collect notes the recorded nodes the picture draws, for the notes that
// name a node outside it.
func (b *builder) collect(top *record.Node) {
	if b.in == nil {
		b.in = map[int64]bool{}
	}
	var walk func(n *record.Node, rel int)
	walk = func(n *record.Node, rel int) {
		b.in[n.ID] = true
		if b.opt.DrawDepth > 0 && rel == b.opt.DrawDepth {
			return
		}
		for _, c := range n.Children {
			walk(c, rel+1)
		}
	}
	walk(top, 0)
}

func (b *builder) mark(what string) {
	if b.seen == nil {
		b.seen = map[string]bool{}
	}
	b.seen[what] = true
}

// node is the picture of the recorded node n (its parent p, nil at a top),
// the i-th child searched, rel plies below the top.
func (b *builder) node(n, p *record.Node, i, rel int) *item {
	it := &item{shape: maxNode}
	switch {
	case n.Leaf:
		it.shape = leaf
	case n.Chance:
		it.shape = chanceNode
		b.mark("chance")
	case !n.Max:
		it.shape = minNode
	}
	value, _ := dot.Value(b.info, n, b.opt.Negamax)
	flip := b.opt.Negamax && !n.Max // the side to move's numbers: MIN's
	if strings.HasPrefix(value, "~") {
		b.mark("nobound")
	}
	cut := n.Cut
	if n.Leaf {
		it.lines = []string{Number(value)}
	} else {
		var small []string
		if r, ok := dot.Range(b.info, n, 0, b.opt.Negamax); ok && b.opt.Ranges {
			b.mark("ranges")
			small = append(small, "{"+Number(r)+"}") // braced: after a line break a [ would start an optional length
		}
		if n.HasWindow && !b.opt.NoWindows {
			small = append(small, note(colWindow, Number(dot.Window(b.info, n, b.opt.Negamax))))
		}
		if cut != nil {
			b.mark("cut")
			small = append(small, note(colCut, Number(dot.CutReason(b.info, cut, flip))))
		}
		// The techniques' lines go above the node, with the move into it:
		// inside, they would make a triangle as wide as the longest.
		if b.multi && n.Ply == 0 {
			it.notes = append(it.notes, colored(colInfo, Text(dot.IterationHead(n))))
			if w := n.Window; w != nil {
				it.notes = append(it.notes, colored(colInfo, Number(dot.WindowLabel(b.info, w, flip))))
			}
		}
		for _, nt := range dot.Notes(b.info, n, func(id int64) bool { return b.in[id] }, flip) {
			it.notes = append(it.notes, colored(noteColor[nt.Style], Number(nt.Text)))
		}
		v := `\textbf{` + Number(value) + `}`
		if n.Max {
			it.lines = append([]string{v}, small...) // the wide side of ▲ is at the bottom
		} else {
			it.lines = append(small, v) // and of ▼ at the top
		}
	}
	b.nodeStyles(it, n, p)
	if p != nil {
		it.move = b.edgeLabel(n, p, i)
	}
	if b.opt.DrawDepth > 0 && rel == b.opt.DrawDepth {
		if below := countBelow(n); below > 0 {
			b.mark("count")
			it.children = append(it.children, &item{shape: box, styles: []string{"ps count"}, edge: []string{"ps count edge"},
				lines: []string{`+` + strconv.Itoa(below) + ` searched below`}})
		}
		return it
	}
	// Searched right to left, the children and the subtrees a cutoff left
	// are drawn as the tree has them (dot.WrittenOrder).
	rtl := b.info.Order == "rtl"
	var kids []*item
	var moves []string
	for j, c := range n.Children {
		kids = append(kids, b.node(c, n, j, rel+1))
		moves = append(moves, c.Move)
	}
	var futile *item
	if len(n.Futile) > 0 {
		b.mark("futility")
		futile = b.futileBox(n)
	}
	if cut != nil && len(cut.Pruned) > 0 {
		b.mark("never")
		if len(cut.Unsearched) > 0 {
			for _, s := range cut.Unsearched {
				u := b.subtree(s, rel+1)
				u.cutMove = true
				kids = append(kids, u)
				moves = append(moves, s.Move)
			}
		} else {
			kids = append(kids, prunedBox(cut.Pruned))
			moves = append(moves, "")
			rtl = false // a box of moves has no place in the tree
		}
	}
	if rtl {
		order := dot.WrittenOrder(moves)
		sorted := make([]*item, len(kids))
		for k, i := range order {
			sorted[k] = kids[i]
		}
		kids = sorted
	}
	if futile != nil {
		// After the searched children, or after all of them when they are
		// drawn as the tree has them.
		at := len(n.Children)
		if rtl {
			at = len(kids)
		}
		kids = slices.Insert(kids, at, futile)
	}
	it.children = append(it.children, kids...)
	return it
}

// The colours of the picture (xcolor expressions), close to the Graphviz
// drawing's.
const (
	colCut    = "red!70!black"
	colNull   = "blue!70!black"
	colExtend = "green!45!black"
	colReduce = "orange!85!black"
	colRazor  = "violet!80!black"
	colQS     = "yellow!50!black"
	colInfo   = "blue!60!black"
	colTT     = "teal!80!black"
	colWindow = "black!65"
	colNever  = "black!50"
)

// noteColor is the colour of each style of note.
var noteColor = [...]string{dot.NoteNull: colNull, dot.NoteExtend: colExtend, dot.NoteRazor: colRazor,
	dot.NoteQS: colQS, dot.NoteInfo: colInfo, dot.NoteTT: colTT, dot.NoteCut: colCut, dot.NoteLeaf: colQS, dot.NoteResearch: colInfo}

// note is a small line of text in a colour, inside a triangle: it is let
// stand out of the triangle's box by a third of its width, since a
// triangle is widest at its base (see \psSmall).
func note(color, text string) string { return `\psSmall{\color{` + color + `}` + text + `}` }

// colored is text in a colour.
func colored(color, text string) string { return `\textcolor{` + color + `}{` + text + `}` }

// nodeStyles sets the forest styles of n's node and of the edge into it
// (p is its parent, nil at a top).
func (b *builder) nodeStyles(it *item, n, p *record.Node) {
	st := []string{shapeStyle[it.shape]}
	switch {
	case n.Cut != nil && !n.Leaf:
		st = append(st, "ps cut node")
	case n.NullMove != nil && n.NullMove.Outcome == record.OutcomePrune:
		st = append(st, "ps null node")
	case n.Razored != nil:
		b.mark("razor")
		st = append(st, "ps razor node")
	}
	switch {
	case n.QS:
		b.mark("qs")
		st = append(st, "ps qs fill")
	case n.Null:
		b.mark("null")
		st = append(st, "ps null fill")
	}
	if n.NullMove != nil {
		b.mark("null")
	}
	if n.TT != nil {
		b.mark("tt")
	}
	if b.pv[n] {
		b.mark("pv")
		st = append(st, "ps pv")
	}
	it.styles = st
	if p == nil {
		return
	}
	switch ch := n.Change; {
	case n.Null:
		it.edge, it.tone = append(it.edge, "ps null edge"), colNull
	case ch != nil && ch.Kind == trace.Reduce:
		b.mark("reduce")
		it.edge, it.tone = append(it.edge, "ps reduce edge"), colReduce
	case ch != nil && ch.Kind == trace.Extend:
		b.mark("extend")
		it.edge, it.tone = append(it.edge, "ps extend edge"), colExtend
	}
	if b.pv[n] && b.pv[p] {
		it.edge = append(it.edge, "ps pv edge")
	}
}

var shapeStyle = [...]string{phantom: "phantom", maxNode: "ps max", minNode: "ps min", leaf: "ps leaf", box: "ps box", chanceNode: "ps chance"}

// edgeLabel is the label of the edge from p into n, its i-th child: the
// move, a pass number for a re-search, the depth change of a null move, a
// reduction or an extension (as the Graphviz drawing writes them).
func (b *builder) edgeLabel(n, p *record.Node, i int) string {
	label := n.Move
	pass := 0
	for _, prev := range p.Children[:i] {
		if prev.Move == n.Move {
			pass++
		}
	}
	if pass > 0 {
		label += fmt.Sprintf(" (pass %d)", pass+1)
	}
	label = dot.MoveWithP(label, n.PNum, n.PDen) // an outcome of a chance node: its probability
	if n.Probe {
		label += " probe"
	}
	if k := dot.Visit(p, n); b.info.Order == "rtl" && k > 0 {
		b.mark("visits")
		label += " #" + strconv.Itoa(k)
	}
	switch ch := n.Change; {
	case n.Null:
		label = "null"
		if p.NullMove != nil {
			label = "null, depth " + strconv.Itoa(p.NullMove.To)
		}
	case ch != nil && ch.Kind == trace.Reduce:
		label += " " + signed(ch.To-p.Depth)
	case ch != nil && ch.Kind == trace.Extend:
		label += " " + signed(ch.To-(p.Depth-1))
	}
	return Text(label)
}

// signed writes a depth change with its sign: "+1", "−2".
func signed(d int) string {
	if d >= 0 {
		return "+" + strconv.Itoa(d)
	}
	return "−" + strconv.Itoa(-d)
}

// countBelow is the number of searched nodes under n.
func countBelow(n *record.Node) int {
	c := 0
	for _, ch := range n.Children {
		c += 1 + countBelow(ch)
	}
	return c
}

// subtree is the picture of a part of a known tree the search never
// searched, grey and dashed, rel plies below the top: in full, down to the
// draw depth (a box counts the nodes below it, and the nodes the trace only
// counted).
func (b *builder) subtree(s *trace.Subtree, rel int) *item {
	it := &item{shape: maxNode, move: Text(dot.MoveWithP(s.Move, s.PNum, s.PDen)), edge: []string{"ps never edge"}, tone: colNever}
	switch {
	case s.Leaf:
		it.shape = leaf
		v := s.Value
		if b.opt.Negamax && !s.Max {
			v = -v
		}
		it.lines = []string{Number(b.info.Format(v))}
	case s.Chance:
		it.shape = chanceNode
		b.mark("chance")
	case !s.Max:
		it.shape = minNode
	}
	it.styles = []string{shapeStyle[it.shape], "ps never"}
	if it.shape != leaf {
		it.styles = append(it.styles, "ps empty")
	}
	if (b.opt.DrawDepth > 0 && rel == b.opt.DrawDepth) || len(s.Children) == 0 {
		if k := s.Count() - 1; k > 0 {
			it.children = append(it.children, &item{shape: box, styles: []string{"ps box", "ps never"}, edge: []string{"ps never edge"}, lines: []string{"+" + strconv.Itoa(k)}})
		}
		return it
	}
	for _, c := range s.Children {
		it.children = append(it.children, b.subtree(c, rel+1))
	}
	return it
}

// prunedBox is one box for the moves a cutoff left unsearched, when the
// trace does not describe what lies behind them (a game's moves).
func prunedBox(pruned []string) *item {
	return &item{shape: box, styles: []string{"ps box", "ps never"}, edge: []string{"ps never edge"}, cutMove: true,
		lines: []string{fmt.Sprintf("+%d not searched", len(pruned)), `\psSmall{` + Text(dot.FewMoves(pruned)) + `}`}}
}

// futileBox is one box for the moves futility pruning skipped at n.
func (b *builder) futileBox(n *record.Node) *item {
	var moves []string
	for _, f := range n.Futile {
		moves = append(moves, f.Move)
	}
	word := "moves"
	if len(n.Futile) == 1 {
		word = "move"
	}
	return &item{shape: box, styles: []string{"ps box", "ps futile"}, edge: []string{"ps futile edge"},
		lines: []string{fmt.Sprintf(`\ensuremath{\times} futility: %d %s skipped`, len(n.Futile), word), `\psSmall{` + Text(dot.FewMoves(moves)) + `}`}}
}

// legend are the comment lines that say what the marks mean, for those
// used.
func (b *builder) legend() []string {
	l := []string{
		"▲ MAX to move, ▼ MIN to move, □ a leaf and its value",
		"in a node: the value it returned (≤v an upper bound, ≥v a lower bound) and the window (α, β) it was searched with",
	}
	if b.opt.NoWindows {
		l[1] = "in a node: the value it returned (≤v an upper bound, ≥v a lower bound)"
	}
	if b.seen["chance"] {
		l[0] = "▲ MAX to move, ▼ MIN to move, ○ a chance node (the average of its outcomes, each outcome's probability in brackets), □ a leaf and its value"
	}
	items := []struct{ key, text string }{
		{"ranges", "[lo, hi]: the range the node's value may still take (AIMA, Figure 5.5): [v, v] exact or proved exact, [v, +∞] at least v, [−∞, v] at most v"},
		{"pv", "bold: principal variation"},
		{"visits", "#1, #2, …: the order searched (right to left); the children are drawn as the tree has them"},
		{"cut", "red, ✂: a cutoff at this node, and why"},
		{"never", "grey dashed: never searched (✂ on the edges a cutoff left)"},
		{"count", "dotted box: nodes searched below, not drawn"},
		{"nobound", "~v: a clamped value on a tie window (α = β): no bound"},
		{"null", "blue: null move (dashed edge to the pass); Ø a null-move prune"},
		{"reduce", "orange −2: a move searched to depth−2 (reduction)"},
		{"extend", "green +1: a move searched one ply deeper (extension)"},
		{"futility", "× orange box: moves skipped by futility pruning"},
		{"razor", "purple: a node cut short by razoring"},
		{"qs", "yellow: quiescence search (captures only; stand pat = the static evaluation)"},
		{"tt", "teal: what the transposition table knew (TT: bound, value, depth)"},
	}
	for _, x := range items {
		if b.seen[x.key] {
			l = append(l, x.text)
		}
	}
	return l
}

// write lays the picture out as LaTeX: the comment header, the macros and
// the forest environment (in a standalone document when asked).
func write(root *item, head, legend []string, standalone bool) []byte {
	var out bytes.Buffer
	out.WriteString("% A search drawn by prunescope, as a forest (TikZ) picture.\n")
	for _, h := range head {
		out.WriteString("% " + comment(h) + "\n")
	}
	out.WriteString("%\n% What the picture shows:\n")
	for _, l := range legend {
		out.WriteString("%   " + comment(l) + "\n")
	}
	if standalone {
		out.WriteString("%\n% A whole document: pdflatex FILE makes a PDF of the picture alone.\n")
		out.WriteString("\\documentclass[border=4pt]{standalone}\n\\usepackage{forest}\n\\begin{document}\n")
	} else {
		out.WriteString("%\n% Needs \\usepackage{forest} in the preamble (TikZ and forest: TeX Live's\n")
		out.WriteString("% texlive-pictures). Include it with \\input{FILE}, in a figure with your caption;\n")
		out.WriteString("% \\resizebox{\\linewidth}{!}{\\input{FILE}} shrinks a wide one.\n")
	}
	out.WriteString(preamble)
	out.WriteString("\\begin{forest}\n")
	out.WriteString(styles)
	writeItem(&out, root, 1)
	out.WriteString("\\end{forest}\n")
	if standalone {
		out.WriteString("\\end{document}\n")
	}
	return out.Bytes()
}

// comment makes s one line of a LaTeX comment.
func comment(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

// preamble loads what the picture uses beyond forest and defines its
// macros, each only once (\providecommand), so that several pictures can be
// \input in one document.
const preamble = `\usetikzlibrary{shapes.geometric}
\providecommand\psCut{\tikz[baseline=-.6ex, x=.5ex, y=.5ex, line width=.35pt, line cap=round]{\draw (0,.55) circle (.4) (0,-.55) circle (.4) (.3,.3) -- (2.1,-.55) (.3,-.3) -- (2.1,.55);}}
\providecommand\psSmall[1]{\makebox[.65\width]{\scriptsize #1}}
`

// styles are the forest and TikZ styles of the picture: the shapes, and a
// key for each mark.
const styles = `  ps tri/.style={isosceles triangle, isosceles triangle apex angle=70, isosceles triangle stretches, draw, inner sep=.6pt, font=\small, align=center},
  ps max/.style={ps tri, shape border rotate=90, child anchor=apex, parent anchor=lower side},
  ps min/.style={ps tri, shape border rotate=-90, child anchor=lower side, parent anchor=apex},
  ps chance/.style={circle, draw, inner sep=1pt, font=\small, align=center},
  ps leaf/.style={rectangle, draw, minimum width=1.5em, minimum height=1.25em, inner sep=1.5pt, font=\small},
  ps box/.style={rectangle, rounded corners=2pt, draw, dotted, inner sep=2pt, font=\scriptsize, align=center},
  ps move/.style={font=\scriptsize, inner sep=1pt, align=center, child anchor=north, parent anchor=south, l sep=.2em, l=0pt},
  ps empty/.style={content={\rule{0pt}{.6em}\hspace*{.8em}}},
  ps blank/.style={content={\rule{0pt}{1.3em}\hspace*{2.4em}}},
  ps pv/.style={line width=1.1pt},
  ps pv edge/.style={edge+={line width=1.1pt}},
  ps cut node/.style={draw=red!70!black, line width=.8pt},
  ps never/.style={draw=black!45, dashed, text=black!50, fill=black!4},
  ps never edge/.style={edge+={dashed, black!45}},
  ps count/.style={ps box, text=black!70},
  ps count edge/.style={edge+={dotted}},
  ps futile/.style={draw=orange!85!black, dashed, text=orange!85!black},
  ps futile edge/.style={edge+={dashed, orange!85!black}},
  ps null node/.style={draw=blue!70!black, line width=.8pt},
  ps null fill/.style={fill=blue!8},
  ps null edge/.style={edge+={dashed, blue!70!black}},
  ps reduce edge/.style={edge+={orange!85!black}},
  ps extend edge/.style={edge+={green!45!black}},
  ps razor node/.style={draw=violet!80!black, line width=.8pt},
  ps qs fill/.style={fill=yellow!20},
  for tree={l sep=1.2em, l=0pt, s sep=.5em, tier/.option=level, edge={thin}},
`

// writeItem writes it and its subtree in forest's bracket notation, indented
// by depth. The move into a node, and the lines of the techniques that
// acted there, are a node of their own above it, on the edge, so that
// forest makes room for them: the edge runs from the parent to the move and
// on down to the node.
func writeItem(out *bytes.Buffer, it *item, depth int) {
	ind := strings.Repeat("  ", depth)
	var opts []string
	if it.shape == phantom {
		opts = append(opts, "phantom", "for children={no edge}")
	}
	opts = append(opts, it.styles...)
	opts = append(opts, it.edge...)
	fmt.Fprintf(out, "%s[{%s}, %s", ind, strings.Join(it.lines, `\\`), strings.Join(opts, ", "))
	if len(it.children) == 0 {
		out.WriteString("]\n")
		return
	}
	out.WriteString("\n")
	for _, c := range it.children {
		writeChild(out, c, depth+1, it.shape != phantom)
	}
	out.WriteString(ind + "]\n")
}

// writeChild writes c, a child of a node (of the phantom top joining root
// visits, when !edge), under the node of its move and notes.
func writeChild(out *bytes.Buffer, c *item, depth int, edge bool) {
	if !edge && len(c.notes) == 0 {
		writeItem(out, c, depth)
		return
	}
	ind := strings.Repeat("  ", depth)
	label := c.move
	if c.cutMove {
		label = strings.TrimSpace(`\textcolor{` + colCut + `}{\psCut}\,` + label)
	}
	if c.tone != "" && label != "" {
		label = colored(c.tone, label)
	}
	lines := c.notes
	if label != "" {
		lines = append([]string{label}, lines...)
	}
	opts := append([]string{"ps move"}, c.edge...)
	if !edge {
		opts = append(opts, "no edge", "for children={no edge}")
	}
	fmt.Fprintf(out, "%s[{%s}, %s\n", ind, strings.Join(lines, `\\`), strings.Join(opts, ", "))
	writeItem(out, c, depth+1)
	out.WriteString(ind + "]\n")
}
