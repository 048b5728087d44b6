// Package tikz writes a scene (trace/scene) as a LaTeX picture, for papers,
// slides and exam sheets: a forest (TikZ) tree in the fonts of the document
// that includes it, with the marks of every other drawing. MAX nodes are
// upward triangles, MIN nodes downward ones, leaves boxes; a node holds the
// value it returned (≤v an upper bound, ≥v a lower bound) and the window
// (α, β) it was entered with; every mark — a cutoff's ✂ and double
// outline, the grey dashed branches never searched, the bold principal
// variation, the techniques' lines and edges — is drawn in its look from
// the one table (scene.LookOf), its colours defined from it. The legend is
// under the picture (Options.NoLegend leaves it out). An edge meets a MAX
// triangle at its apex and leaves a MIN triangle from its apex, each by a
// short vertical stem, so that it never runs on from a side (an "X").
//
// A picture is the part of the search that scene.Tops chooses (the root, a
// --focus subtree, the passes of an iteration), drawn DrawDepth plies deep,
// deeper parts counted in a box. Unlike a Graphviz drawing it is never
// summarised to fit (scene.Options.Whole): a picture of more than MaxNodes
// shapes is refused (*BudgetError), since a forest tree wider than a page
// helps nobody; the caller chooses what to leave out.
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

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/scene"
)

// Options tune the picture.
type Options struct {
	// Focus draws only the subtree of the node with this path (as
	// scene.Options.Focus); "" draws from the root.
	Focus string
	// Iteration draws this iteration of an iterative search, every pass of
	// the root in it (0: the last completed one).
	Iteration int
	// DrawDepth draws nodes at most this many plies below the top; the
	// searched nodes below one at that depth are counted in one box. 0: all.
	DrawDepth int
	// MaxNodes is the most shapes a picture may take (0:
	// scene.DefaultMaxNodes); a larger one is refused with a *BudgetError.
	MaxNodes int
	// Negamax writes values and windows from the side to move's point of
	// view instead of MAX's.
	Negamax bool
	// NoWindows leaves the windows out: values only.
	NoWindows bool
	// Ranges writes each searched inner node's range [lo, hi] (as
	// scene.Options.Ranges).
	Ranges bool
	// Standalone writes a whole document (class standalone) instead of a
	// snippet to \input.
	Standalone bool
	// Style is the look ("" or "default", "projector", "paper"), as the
	// other drawings'; NoLegend leaves the legend under the picture out
	// (the header's comment still explains the marks).
	Style    string
	NoLegend bool
}

// Stats says what a picture shows.
type Stats struct {
	Drawn    int // shapes drawn: nodes, never-searched nodes, boxes
	Searched int // searched nodes in the recording
}

// BudgetError refuses a picture of more shapes than Options.MaxNodes.
type BudgetError = scene.BudgetError

// Build returns the LaTeX text of the picture of a recording: its scene
// (scene.Build, whole), written.
func Build(rec *record.Recording, opt Options) ([]byte, Stats, error) {
	if rec.Root == nil {
		return nil, Stats{}, fmt.Errorf("the trace has no searched nodes to draw")
	}
	info := rec.Info
	if info == nil {
		info = &trace.Info{Scale: 1, Root: "max"}
	}
	most := opt.MaxNodes
	if most <= 0 {
		most = scene.DefaultMaxNodes
	}
	sc, err := scene.Build(rec, scene.Options{Focus: opt.Focus, Iteration: opt.Iteration, DrawDepth: opt.DrawDepth,
		MaxNodes: most, MaxWidth: scene.MaxWidthLimit, Negamax: opt.Negamax, Ranges: opt.Ranges, NoWindows: opt.NoWindows,
		Style: opt.Style, Whole: true, NoTitle: true})
	if err != nil {
		return nil, Stats{}, err
	}
	st := Stats{Drawn: sc.Stats.Drawn, Searched: sc.Stats.Searched}
	var head []string
	head = append(head, explain.Describe(info))
	for _, o := range explain.OptionLines(info) {
		head = append(head, "+ "+o)
	}
	line := explain.InputLine(info)
	if s := rec.Summary; s != nil {
		if !rec.NoValue {
			line += " · " + strings.Join(explain.ResultParts(info, s, false), " · ")
		}
		head = append(head, line, explain.Counts(info, s))
	} else {
		head = append(head, line)
	}
	if opt.Focus != "" {
		tops, _, _ := scene.Tops(rec, scene.Options{Focus: opt.Focus})
		head = append(head, explain.Printer(info).T("draw.note.subtree", "Node", tops[0].Label()))
	}
	if opt.Negamax {
		head = append(head, scene.NegamaxNote(info, rec.Summary != nil))
	}
	w := &writer{sc: sc, lang: i18n.Lang(info.Lang)}
	root := w.items()
	var legend []string
	for _, it := range sc.Legend {
		legend = append(legend, it.Text)
	}
	return write(root, head, legend, w.legend(opt.NoLegend), opt.Standalone, sc.Style, w.lang), st, nil
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
	move     string   // LaTeX; "" for none
	notes    []string // lines above the node, under the move: the techniques that acted there
	children []*item
	fromMin  bool // its parent is a MIN triangle: the edge leaves the apex by a stem
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

// writer turns a scene into items.
type writer struct {
	lang i18n.Lang // the language of the picture's words (Info.Lang)
	sc   *scene.Scene
	out  map[string][]*scene.Edge
	byID map[string]*scene.Node
}

// items is the picture's tree: the scene's top, or a phantom joining its
// tops (several root visits, or a top with lines above it).
func (w *writer) items() *item {
	w.out, w.byID = map[string][]*scene.Edge{}, map[string]*scene.Node{}
	below := map[string]bool{}
	for _, n := range w.sc.Nodes {
		w.byID[n.ID] = n
	}
	for _, e := range w.sc.Edges {
		if e.Tree {
			w.out[e.From] = append(w.out[e.From], e)
			below[e.To] = true
		}
	}
	root := &item{shape: phantom}
	for _, n := range w.sc.Nodes {
		if !below[n.ID] {
			root.children = append(root.children, w.item(n, nil))
		}
	}
	if len(root.children) == 1 && len(root.children[0].notes) == 0 {
		root = root.children[0]
	}
	return root
}

// colour is the LaTeX name of a mark's colour, defined by the preamble.
func colour(m scene.Mark) string {
	name := scene.LookOf(m, "").Name
	var b strings.Builder
	b.WriteString("ps")
	up := true
	for _, r := range name {
		if r == '-' {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

// runs writes runs of numbers (values, windows, the techniques' lines) as
// LaTeX, each in its mark's colour (black text as is).
func (w *writer) runs(rs []scene.Run) string {
	return runsOf(rs, func(s string) string { return NumberIn(w.lang, s) })
}

// moveRuns writes runs of a move's label: a hyphen stays a hyphen (O-O).
func (w *writer) moveRuns(rs []scene.Run) string {
	return runsOf(rs, func(s string) string { return TextIn(w.lang, s) })
}

func runsOf(rs []scene.Run, esc func(string) string) string {
	var b strings.Builder
	for _, r := range rs {
		s := esc(r.Text)
		if r.Bold {
			s = `\textbf{` + s + `}`
		}
		if r.Mark != scene.MarkNone {
			s = colored(colour(r.Mark), s)
		}
		b.WriteString(s)
	}
	return b.String()
}

// note is a small line of text, inside a triangle: it is let stand out of
// the triangle's box by a third of its width, since a triangle is widest
// at its base (see \psSmall).
func note(text string) string { return `\psSmall{` + text + `}` }

// colored is text in a colour.
func colored(color, text string) string { return `\textcolor{` + color + `}{` + text + `}` }

// item is the picture of the scene's node n, under the edge e (nil at a
// top).
func (w *writer) item(n *scene.Node, e *scene.Edge) *item {
	it := &item{}
	switch n.Kind {
	case scene.Max:
		it.shape = maxNode
	case scene.Min:
		it.shape = minNode
	case scene.Chance:
		it.shape = chanceNode
	case scene.Leaf:
		it.shape = leaf
	default:
		it.shape = box
	}
	// The text of a never-searched shape or a box is in its style's colour
	// (ps never, ps count, ps futile): its runs need none of their own.
	own := scene.MarkNone
	switch {
	case n.Unsearched:
		own = scene.MarkUnsearched
	case n.Kind == scene.Summary || n.Kind == scene.More:
		own = scene.MarkSummary
	case n.Kind == scene.Futile:
		own = scene.MarkFutility
	}
	for _, l := range n.Lines {
		rs := slices.Clone(l.Runs)
		for i := range rs {
			if rs[i].Mark == own {
				rs[i].Mark = scene.MarkNone
			}
		}
		text := w.runs(rs)
		switch {
		case l.Role == scene.RoleMove:
			continue // on the edge, as every move
		case l.Role == scene.RoleNote || l.Role == scene.RoleHead:
			// The techniques' lines go above the node, with the move into
			// it: inside, they would make a triangle as wide as the longest.
			it.notes = append(it.notes, text)
		case l.Role == scene.RoleRange:
			it.lines = append(it.lines, "{"+text+"}") // braced: after a line break a [ would start an optional length
		case n.Kind == scene.Chance && l.Role != scene.RoleValue:
			it.lines = append(it.lines, `{\scriptsize `+text+`}`) // a circle is no wider at its base
		case n.Kind.Inner() && l.Role != scene.RoleValue:
			it.lines = append(it.lines, note(text))
		case it.shape == box && len(it.lines) > 0:
			it.lines = append(it.lines, note(text))
		default:
			it.lines = append(it.lines, text)
		}
	}
	it.styles = w.nodeStyles(n, it.shape)
	if e != nil {
		it.edge = w.edgeStyles(e)
		var label []string
		lead := false
		for _, r := range e.Label {
			if r.Text == "✂" && e.LeadCut {
				label = append(label, colored(colour(scene.MarkCut), `\psCut`)+`\,`)
				lead = true
				continue
			}
			if lead {
				r.Text, lead = strings.TrimLeft(r.Text, " "), false
			}
			label = append(label, w.moveRuns([]scene.Run{r}))
		}
		it.move = strings.TrimSpace(strings.Join(label, ""))
		if it.move == "" {
			// A move written inside the child (a wide fan): the picture
			// writes every move on its edge.
			for _, l := range n.Lines {
				if l.Role == scene.RoleMove {
					rs := slices.Clone(l.Runs)
					for i := range rs {
						if rs[i].Mark == scene.MarkWindow {
							rs[i].Mark = scene.MarkNone // black, as every move on an edge
						}
					}
					it.move = w.moveRuns(rs)
				}
			}
		}
	}
	for _, c := range w.out[n.ID] {
		if child := w.byID[c.To]; child != nil {
			ci := w.item(child, c)
			ci.fromMin = n.Kind == scene.Min
			it.children = append(it.children, ci)
		}
	}
	return it
}

var shapeStyle = [...]string{phantom: "phantom", maxNode: "ps max", minNode: "ps min", leaf: "ps leaf", box: "ps box", chanceNode: "ps chance"}

// markStyle is the forest style of each mark on a node.
var markStyle = map[scene.Mark]string{
	scene.MarkCut: "ps cut node", scene.MarkChanceCut: "ps cut node", scene.MarkNullPrune: "ps null node",
	scene.MarkRazor: "ps razor node", scene.MarkQS: "ps qs fill", scene.MarkNull: "ps null fill", scene.MarkPV: "ps pv",
	scene.MarkCurrent: "ps current", scene.MarkUnsearched: "ps never", scene.MarkPruned: "ps never",
	scene.MarkSummary: "ps count", scene.MarkFutility: "ps futile",
	scene.MarkDiffA: "ps diff a", scene.MarkDiffB: "ps diff b", scene.MarkDiffValue: "ps diff value",
}

// nodeStyles are the forest styles of a node: its shape, then its marks'.
func (w *writer) nodeStyles(n *scene.Node, sh shape) []string {
	st := []string{shapeStyle[sh]}
	for _, m := range n.Marks {
		if s, ok := markStyle[m]; ok && !contains(st, s) {
			st = append(st, s)
		}
	}
	if n.Unsearched && n.Kind.Inner() {
		st = append(st, "ps empty")
	}
	return st
}

// edgeStyle is the forest style of each mark on an edge.
var edgeStyle = map[scene.Mark]string{
	scene.MarkPV: "ps pv edge", scene.MarkUnsearched: "ps never edge", scene.MarkPruned: "ps never edge",
	scene.MarkSummary: "ps count edge", scene.MarkFutility: "ps futile edge", scene.MarkNull: "ps null edge",
	scene.MarkReduce: "ps reduce edge", scene.MarkExtend: "ps extend edge", scene.MarkProbe: "ps probe edge",
	scene.MarkDiffA: "ps diff a edge", scene.MarkDiffB: "ps diff b edge",
}

// edgeStyles are the forest styles of an edge's marks.
func (w *writer) edgeStyles(e *scene.Edge) []string {
	var st []string
	for _, m := range e.Marks {
		if s, ok := edgeStyle[m]; ok && !contains(st, s) {
			st = append(st, s)
		}
	}
	return st
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// legend is the legend under the picture (forest's tikz code on the root,
// run once the tree is drawn): each line in its mark's colour; "" when
// none is asked for.
func (w *writer) legend(none bool) string {
	if none || len(w.sc.Legend) == 0 {
		return ""
	}
	var lines []string
	for _, it := range w.sc.Legend {
		s := strings.Join(wrap(it.Text, w.lang), `\\`)
		if it.Mark == scene.MarkPV {
			s = `\textbf{` + s + `}`
		}
		if it.Mark != scene.MarkNone && it.Mark != scene.MarkPV {
			s = colored(colour(it.Mark), s)
		}
		lines = append(lines, s)
	}
	return legendNode(lines)
}

// legendWidth is the most characters of a legend's line: a longer item is
// wrapped, so that the legend does not set the picture's width.
const legendWidth = 90

// wrap is an item of the legend as LaTeX lines of at most legendWidth
// characters, broken at spaces.
func wrap(s string, lang i18n.Lang) []string {
	lines := scene.LegendLines(s, legendWidth)
	for i, l := range lines {
		lines[i] = TextIn(lang, l)
	}
	return lines
}

// legendNode is forest's code, on the root, that writes lines (LaTeX)
// under the picture once the tree is drawn, left-aligned with it.
func legendNode(lines []string) string {
	return `tikz+={\node[anchor=north west, align=left, font=\scriptsize, inner sep=0pt] at ([yshift=-.8em]current bounding box.south west) {` +
		strings.Join(lines, `\\`) + `};}`
}

// budget refuses a picture of more shapes than the options allow.
func budget(shapes int, opt Options, depth int) error {
	most := opt.MaxNodes
	if most <= 0 {
		most = scene.DefaultMaxNodes
	}
	if shapes > most {
		return &BudgetError{Shapes: shapes, Max: most, Depth: depth}
	}
	return nil
}

// write lays the picture out as LaTeX: the comment header, the macros and
// colours, and the forest environment with the legend under the tree (in a
// standalone document when asked).
func write(root *item, head, legend []string, under string, standalone bool, style string, lang i18n.Lang) []byte {
	var out bytes.Buffer
	p := i18n.For(lang)
	lines := func(s string) { // a message's lines as comments
		for _, l := range strings.Split(s, "\n") {
			out.WriteString("% " + l + "\n")
		}
	}
	lines(p.T("draw.tex.head"))
	for _, h := range head {
		out.WriteString("% " + comment(h) + "\n")
	}
	out.WriteString("%\n")
	lines(p.T("draw.tex.shows"))
	for _, l := range legend {
		out.WriteString("%   " + comment(l) + "\n")
	}
	out.WriteString("%\n")
	if standalone {
		lines(p.T("draw.tex.standalone"))
		out.WriteString("\\documentclass[border=4pt]{standalone}\n")
		if pre := Preamble(lang); pre != "" {
			out.WriteString(pre + "\n")
		}
		out.WriteString("\\usepackage{forest}\n\\begin{document}\n")
	} else {
		lines(p.T("draw.tex.input"))
	}
	out.WriteString(preamble)
	out.WriteString(colours(style))
	out.WriteString("\\begin{forest}\n")
	out.WriteString(stylesOf(style))
	if under != "" {
		out.WriteString("  " + under + ",\n")
	}
	writeItem(&out, root, 1)
	out.WriteString("\\end{forest}\n")
	if standalone {
		out.WriteString("\\end{document}\n")
	}
	return out.Bytes()
}

// colours defines the colours of the looks in a style, from the one table
// (\providecolor: several pictures may be \input in one document; the
// first one's style holds).
func colours(style string) string {
	var b strings.Builder
	for _, l := range scene.Table(style) {
		// Each line ends in %: its end of line would be a space, and spaces
		// before the picture widen it (38 of them, an inch).
		fmt.Fprintf(&b, "\\providecolor{%s}{HTML}{%s}%%\n", colour(l.Mark), strings.TrimPrefix(l.Colour, "#"))
		if l.Fill != "" {
			fmt.Fprintf(&b, "\\providecolor{%sFill}{HTML}{%s}%%\n", colour(l.Mark), strings.TrimPrefix(l.Fill, "#"))
		}
	}
	return b.String()
}

// stylesOf are the forest and TikZ styles of the picture in a style: the
// shapes, and a key for each mark, its colour, dash and width from the look
// table. A MIN triangle's children leave its apex by a short vertical stem
// (ps from apex): an edge running on from a side made an "X".
func stylesOf(style string) string {
	l := func(m scene.Mark) scene.Look { return scene.LookOf(m, style) }
	wd := func(m scene.Mark) string {
		return strconv.FormatFloat(scene.Width(l(m))/scene.DefaultWidth*0.4, 'f', 2, 64) + "pt"
	}
	dash := func(m scene.Mark) string {
		switch l(m).Stroke {
		case scene.Dashed:
			return ", dashed"
		case scene.Dotted:
			return ", dotted"
		case scene.Double:
			return ", double, double distance=.7pt"
		}
		return ""
	}
	outline := func(m scene.Mark) string {
		return "draw=" + colour(m) + ", line width=" + wd(m) + dash(m)
	}
	edge := func(m scene.Mark) string {
		s := colour(m) + dash(m)
		if l(m).Stroke == scene.Double {
			s = colour(m)
		}
		return "edge+={" + s + "}"
	}
	fill := func(m scene.Mark) string { return "fill=" + colour(m) + "Fill" }
	var b strings.Builder
	b.WriteString(`  ps tri/.style={isosceles triangle, isosceles triangle apex angle=70, isosceles triangle stretches, draw, inner sep=.6pt, font=\small, align=center},
  ps max/.style={ps tri, shape border rotate=90, child anchor=apex, parent anchor=lower side},
  ps min/.style={ps tri, shape border rotate=-90, child anchor=lower side, parent anchor=apex},
  ps chance/.style={circle, draw, inner sep=1pt, font=\small, align=center},
  ps leaf/.style={rectangle, draw, minimum width=1.5em, minimum height=1.25em, inner sep=1.5pt, font=\small},
  ps box/.style={rectangle, rounded corners=2pt, draw, dotted, inner sep=2pt, font=\scriptsize, align=center},
  ps move/.style={font=\scriptsize, inner sep=1pt, align=center, child anchor=north, parent anchor=south, l sep=.2em, l=0pt},
  ps from apex/.style={edge path={\noexpand\path[\forestoption{edge}] (!u.parent anchor) -- ++(0,-.45em) -- (.child anchor)\forestoption{edge label};}},
  ps empty/.style={content={\rule{0pt}{.6em}\hspace*{.8em}}},
  ps blank/.style={content={\rule{0pt}{1.3em}\hspace*{2.4em}}},
`)
	for _, s := range []struct{ name, body string }{
		{"ps pv", "line width=" + wd(scene.MarkPV)},
		{"ps pv edge", "edge+={line width=" + wd(scene.MarkPV) + "}"},
		{"ps cut node", outline(scene.MarkCut)},
		{"ps current", outline(scene.MarkCurrent) + ", " + fill(scene.MarkCurrent)},
		{"ps never", outline(scene.MarkUnsearched) + ", text=" + colour(scene.MarkUnsearched) + ", " + fill(scene.MarkUnsearched)},
		{"ps never edge", edge(scene.MarkUnsearched)},
		{"ps count", "ps box, text=" + colour(scene.MarkSummary)},
		{"ps count edge", edge(scene.MarkSummary)},
		{"ps futile", outline(scene.MarkFutility) + ", text=" + colour(scene.MarkFutility)},
		{"ps futile edge", edge(scene.MarkFutility)},
		{"ps null node", outline(scene.MarkNullPrune)},
		{"ps null fill", fill(scene.MarkNull)},
		{"ps null edge", edge(scene.MarkNull)},
		{"ps reduce edge", edge(scene.MarkReduce)},
		{"ps extend edge", edge(scene.MarkExtend)},
		{"ps probe edge", edge(scene.MarkProbe)},
		{"ps razor node", outline(scene.MarkRazor)},
		{"ps qs fill", fill(scene.MarkQS)},
		{"ps diff a", outline(scene.MarkDiffA) + ", " + fill(scene.MarkDiffA)},
		{"ps diff a edge", edge(scene.MarkDiffA)},
		{"ps diff b", outline(scene.MarkDiffB) + ", " + fill(scene.MarkDiffB)},
		{"ps diff b edge", edge(scene.MarkDiffB)},
		{"ps diff value", outline(scene.MarkDiffValue) + ", " + fill(scene.MarkDiffValue)},
	} {
		fmt.Fprintf(&b, "  %s/.style={%s},\n", s.name, s.body)
	}
	b.WriteString("  for tree={l sep=1.2em, l=0pt, s sep=.5em, tier/.option=level, edge={thin}},\n")
	return b.String()
}

// comment makes s one line of a LaTeX comment.
func comment(s string) string {
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

// preamble loads what the picture uses beyond forest and defines its
// macros, each only once (\providecommand), so that several pictures can be
// \input in one document.
const preamble = `\usetikzlibrary{shapes.geometric}%
\providecommand\psCut{\tikz[baseline=-.6ex, x=.5ex, y=.5ex, line width=.35pt, line cap=round]{\draw (0,.55) circle (.4) (0,-.55) circle (.4) (.3,.3) -- (2.1,-.55) (.3,-.3) -- (2.1,.55);}}%
\providecommand\psSmall[1]{\makebox[.65\width]{\scriptsize #1}}%
\providecommand\psMax{\tikz[baseline=0pt, line width=.4pt]\draw (0,0) -- (.9ex,0) -- (.45ex,.8ex) -- cycle;}%
\providecommand\psMin{\tikz[baseline=0pt, line width=.4pt]\draw (0,.8ex) -- (.9ex,.8ex) -- (.45ex,0) -- cycle;}%
\providecommand\psLeaf{\tikz[baseline=0pt, line width=.4pt]\draw (0,0) rectangle (.8ex,.8ex);}%
\providecommand\psChance{\tikz[baseline=0pt, line width=.4pt]\draw (.4ex,.4ex) circle (.4ex);}%
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
	lines := c.notes
	if label != "" {
		lines = append([]string{label}, lines...)
	}
	opts := append([]string{"ps move"}, c.edge...)
	if c.fromMin {
		opts = append(opts, "ps from apex")
	}
	if !edge {
		opts = append(opts, "no edge", "for children={no edge}")
	}
	fmt.Fprintf(out, "%s[{%s}, %s\n", ind, strings.Join(lines, `\\`), strings.Join(opts, ", "))
	writeItem(out, c, depth+1)
	out.WriteString(ind + "]\n")
}
