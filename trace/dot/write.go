package dot

import (
	"bytes"
	"fmt"
	"html"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/printable"
	"github.com/prunescope/prunescope/trace/scene"
)

// fontName is the font of a drawing's DOT (the page's is PageFont).
const fontName = "Helvetica"

// Write returns the DOT text of a scene. It decides nothing a scene says:
// each node's shape comes from its kind, its label from its lines, its
// outline, fill and dashes from its marks' looks (scene.LookOf, in the
// scene's style), the legend from the scene's items, laid out under the
// picture.
func Write(sc *scene.Scene) []byte {
	w := &writer{sc: sc, out: map[string][]*scene.Edge{}, byID: map[string]*scene.Node{}}
	var body bytes.Buffer
	w.body = &body
	for _, n := range sc.Nodes {
		w.byID[n.ID] = n
	}
	var others []*scene.Edge
	hasParent := map[string]bool{}
	for _, e := range sc.Edges {
		if e.Tree {
			w.out[e.From] = append(w.out[e.From], e)
			hasParent[e.To] = true
		} else {
			others = append(others, e)
		}
	}
	// The tree's statements in the order drawn: a shape, then each edge out
	// of it followed by what hangs below it.
	for _, n := range sc.Nodes {
		if !hasParent[n.ID] {
			w.tree(n)
		}
	}
	for _, e := range others {
		w.edge(e)
	}
	return w.finish(body.Bytes())
}

type writer struct {
	sc   *scene.Scene
	out  map[string][]*scene.Edge
	byID map[string]*scene.Node
	body *bytes.Buffer
}

func (w *writer) look(m scene.Mark) scene.Look { return scene.LookOf(m, w.sc.Style) }

func (w *writer) tree(n *scene.Node) {
	w.node(n)
	for _, e := range w.out[n.ID] {
		w.edge(e)
		if c := w.byID[e.To]; c != nil {
			w.tree(c)
		}
	}
}

// statement writes one statement; a hidden one is made invisible (it still
// takes its place in the layout).
func (w *writer) statement(head string, attrs []string, hidden bool) {
	if hidden {
		attrs = append(attrs, "style=invis")
	}
	if len(attrs) == 0 {
		fmt.Fprintf(w.body, "  %s;\n", head)
		return
	}
	fmt.Fprintf(w.body, "  %s [%s];\n", head, strings.Join(attrs, ", "))
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

func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// runs writes runs as HTML-like text; size is the size of the statement's
// text and text the mark of its colour: a run in another size or colour
// gets a font element.
func (w *writer) runs(rs []scene.Run, size float64, text scene.Mark) string {
	var sb strings.Builder
	for _, r := range rs {
		s := esc(r.Text)
		if r.Bold {
			s = "<b>" + s + "</b>"
		}
		var attrs []string
		if r.Size > 0 && r.Size != size {
			attrs = append(attrs, `point-size="`+num(r.Size)+`"`)
		}
		if r.Mark != text && w.look(r.Mark).Colour != w.look(text).Colour {
			attrs = append(attrs, `color="`+w.look(r.Mark).Colour+`"`)
		}
		if len(attrs) > 0 {
			s = "<font " + strings.Join(attrs, " ") + ">" + s + "</font>"
		}
		sb.WriteString(s)
	}
	return sb.String()
}

// label writes lines as an HTML-like label's content.
func (w *writer) label(lines []scene.Line, size float64, text scene.Mark) string {
	parts := make([]string, len(lines))
	for i, l := range lines {
		parts[i] = w.runs(l.Runs, size, text)
	}
	return strings.Join(parts, "<br/>")
}

// outlineMarks are the marks that draw a node's outline, strongest first.
var outlineMarks = []scene.Mark{scene.MarkCurrent, scene.MarkDiffValue, scene.MarkDiffA, scene.MarkDiffB,
	scene.MarkChanceCut, scene.MarkCut, scene.MarkNullPrune, scene.MarkRazor, scene.MarkUnsearched, scene.MarkPruned,
	scene.MarkSummary, scene.MarkFutility}

// fillMarks are the marks that fill a node, strongest first.
var fillMarks = []scene.Mark{scene.MarkCurrent, scene.MarkDiffValue, scene.MarkDiffA, scene.MarkDiffB, scene.MarkQS, scene.MarkNull,
	scene.MarkUnsearched, scene.MarkPruned}

// shapeOf is the Graphviz shape of a node's kind.
func shapeOf(k scene.Kind) string {
	switch k {
	case scene.Max:
		return "triangle"
	case scene.Min:
		return "invtriangle"
	case scene.Chance:
		return "circle"
	}
	return "box"
}

// textMark is the mark whose colour a node's text takes.
func textMark(n *scene.Node) scene.Mark {
	switch n.Kind {
	case scene.Summary, scene.More:
		return scene.MarkSummary
	case scene.Futile:
		return scene.MarkFutility
	}
	if n.Unsearched {
		return scene.MarkUnsearched
	}
	return scene.MarkNone
}

func (w *writer) node(n *scene.Node) {
	attrs := []string{"shape=" + shapeOf(n.Kind)}
	size := float64(w.sc.Sizes.Node)
	if n.Kind.Box() {
		size = float64(w.sc.Sizes.Box)
		if n.Kind == scene.Count || n.Kind == scene.Futile {
			size = 9
		}
	}
	text := textMark(n)
	blank := n.Unsearched && n.Kind.Inner()
	if blank {
		attrs = append(attrs, `label=" "`)
	} else {
		attrs = append(attrs, "label=<"+w.label(n.Lines, size, text)+">")
	}
	var styles []string
	var outline, fill *scene.Look
	for _, m := range outlineMarks {
		if n.Has(m) {
			l := w.look(m)
			outline = &l
			break
		}
	}
	for _, m := range fillMarks {
		if n.Has(m) {
			if l := w.look(m); l.Fill != "" {
				fill = &l
				break
			}
		}
	}
	width := 0.0
	double := false
	for _, m := range n.Marks {
		l := w.look(m)
		if l.Width > 0 && (m == scene.MarkPV || (outline != nil && m == outline.Mark) || l.Stroke == scene.Double) {
			width = max(width, l.Width)
		}
		double = double || l.Stroke == scene.Double
		if (l.Stroke == scene.Dashed || l.Stroke == scene.Dotted) && len(styles) == 0 && (m != scene.MarkNull || n.Has(scene.MarkNullPrune)) {
			styles = append(styles, l.Stroke.String())
		}
	}
	if n.Kind.Box() {
		if n.Kind != scene.Count {
			styles = append(styles, "filled")
		}
		styles = append(styles, "rounded")
	} else if len(styles) > 0 {
		styles = append(styles, "filled")
	}
	if len(styles) > 0 {
		attrs = append(attrs, `style="`+strings.Join(styles, ",")+`"`)
	}
	if outline != nil {
		attrs = append(attrs, `color="`+outline.Colour+`"`)
	}
	if text != scene.MarkNone {
		attrs = append(attrs, `fontcolor="`+w.look(text).Colour+`"`)
	}
	if fill != nil {
		attrs = append(attrs, `fillcolor="`+fill.Fill+`"`)
	}
	if n.Kind.Box() && n.Kind != scene.Count && !n.Unsearched {
		attrs = append(attrs, "fillcolor=white")
	}
	if n.Kind.Box() {
		attrs = append(attrs, "fontsize="+num(size))
	}
	if width > 0 && width != scene.Width(w.look(scene.MarkNone)) {
		attrs = append(attrs, "penwidth="+num(width))
	}
	if double {
		attrs = append(attrs, "peripheries=2")
	}
	if n.Tooltip != "" {
		attrs = append(attrs, `tooltip="`+quoted(n.Tooltip)+`"`)
	}
	if w.sc.Page {
		attrs = append(attrs, w.pageTag(n.Unsearched, n.CutFrom, n.Of)...)
		if n.Searched || (n.Unsearched && !n.Kind.Box()) {
			attrs = append(attrs, `id="`+n.ID+`"`)
		}
	}
	if blank {
		size := "width=0.6, height=0.4"
		if n.Kind == scene.Chance {
			size = "width=0.4, height=0.4"
		}
		attrs = append(attrs, "fixedsize=true", size)
	}
	w.statement(n.ID, attrs, n.Hidden)
}

// pageTag is the class that ties a shape or an edge to the searched node the
// page shows it with: "unsearched ps-cut<ID>" for what the cutoff at ID
// left, "ps-of<ID>" for what hangs from ID.
func (w *writer) pageTag(unsearched bool, cutFrom, of int64) []string {
	switch {
	case unsearched && cutFrom >= 0:
		return []string{fmt.Sprintf(`class="unsearched ps-cut%d"`, cutFrom)}
	case of >= 0:
		return []string{fmt.Sprintf(`class="ps-of%d"`, of)}
	}
	return nil
}

func (w *writer) edge(e *scene.Edge) {
	var attrs []string
	size := float64(w.sc.Sizes.Edge)
	var main *scene.Look
	for _, m := range e.Marks {
		if m != scene.MarkPV && m != scene.MarkProbe {
			l := w.look(m)
			main = &l
			break
		}
	}
	text := scene.MarkNone
	if main != nil && (main.Mark == scene.MarkUnsearched || main.Mark == scene.MarkTT) {
		text = main.Mark
	}
	if len(e.Label) > 0 {
		attrs = append(attrs, "label=<"+w.runs(e.Label, size, text)+">")
	}
	stroke := scene.Solid
	if main != nil {
		stroke = main.Stroke
	}
	if e.Has(scene.MarkProbe) && stroke == scene.Solid {
		stroke = scene.Dotted
	}
	switch stroke {
	case scene.Dashed, scene.Dotted:
		attrs = append(attrs, "style="+stroke.String())
	}
	if main != nil && main.Mark != scene.MarkNone {
		attrs = append(attrs, `color="`+main.Colour+`"`)
	}
	if text != scene.MarkNone {
		attrs = append(attrs, `fontcolor="`+w.look(text).Colour+`"`)
	}
	if e.Has(scene.MarkPV) {
		attrs = append(attrs, "penwidth="+num(scene.Width(w.look(scene.MarkPV))))
	}
	if !e.Tree {
		attrs = append(attrs, "constraint=false", "arrowhead=normal", "arrowsize=0.6", "tailport=e", "headport=e")
	}
	if w.sc.Page {
		if e.ID != "" {
			attrs = append(attrs, `id="`+e.ID+`"`)
		}
		unsearched := e.Has(scene.MarkUnsearched) || e.Has(scene.MarkPruned)
		attrs = append(attrs, w.pageTag(unsearched, e.CutFrom, e.Of)...)
	}
	w.statement(e.From+" -> "+e.To, attrs, e.Hidden)
}

// finish wraps the statements with the graph's header, title and legend.
func (w *writer) finish(body []byte) []byte {
	sc := w.sc
	var out bytes.Buffer
	pen := num(scene.Width(w.look(scene.MarkNone)))
	name := "search"
	if sc.Diff {
		name = "diff"
	}
	fmt.Fprintf(&out, "digraph %s {\n", name)
	switch {
	case sc.Page:
		// The page writes the title and the step's sentence itself, and the
		// note of what was summarised below the picture.
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.12, ranksep=0.15, splines=line, bgcolor=white, fontname=%q, fontsize=12];\n", PageFont)
	case len(sc.Title) == 0:
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.2, ranksep=0.4, splines=line, bgcolor=white, fontname=%q, fontsize=12];\n", fontName)
	default:
		nodesep := "0.2"
		if sc.Game {
			nodesep = "0.1" // a game's drawing is kept narrow
		}
		fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=%s, ranksep=0.4, splines=line, bgcolor=white, fontname=%q, fontsize=12, labelloc=t, label=<%s>];\n", nodesep, fontName, w.title())
	}
	font := fontName
	if sc.Page {
		// Sized by the page's font, whatever fonts the machine has.
		font, body = PageFont, pageLabels(body, sc.Sizes.Node, sc.Sizes.Edge)
	}
	fmt.Fprintf(&out, "  node [fontname=%q, fontsize=%d, style=filled, fillcolor=white, penwidth=%s, margin=\"0.04,0.03\"];\n", font, sc.Sizes.Node, pen)
	fmt.Fprintf(&out, "  edge [fontname=%q, fontsize=%d, arrowhead=none, penwidth=%s, tailport=s, headport=n];\n", font, sc.Sizes.Edge, pen)
	out.Write(body)
	if len(sc.Legend) > 0 {
		out.WriteString(w.legend())
	}
	out.WriteString("}\n")
	return out.Bytes()
}

// title is the graph's label: the scene's title lines, a line wrapped from
// the one before (of one run in the same size, weight and colour) in the
// same font element, so that a sentence stays one run of text.
func (w *writer) title() string {
	var sb strings.Builder
	var prev *scene.Run
	for i, l := range w.sc.Title {
		if len(l.Runs) == 1 && prev != nil && l.Runs[0].Size == prev.Size && l.Runs[0].Bold == prev.Bold && l.Runs[0].Mark == prev.Mark {
			sb.WriteString("<br/>" + esc(l.Runs[0].Text))
			continue
		}
		if prev != nil {
			sb.WriteString(w.close(*prev))
		}
		if i > 0 {
			sb.WriteString("<br/>")
		}
		if len(l.Runs) == 1 {
			r := l.Runs[0]
			prev = &r
			sb.WriteString(w.open(r) + esc(r.Text))
			continue
		}
		prev = nil
		sb.WriteString(w.runs(l.Runs, 12, scene.MarkNone))
	}
	if prev != nil {
		sb.WriteString(w.close(*prev))
	}
	return sb.String()
}

// open and close are the tags around a run of the title (12 points,
// black, unless it says otherwise).
func (w *writer) open(r scene.Run) string {
	var attrs []string
	if r.Size > 0 && r.Size != 12 {
		attrs = append(attrs, `point-size="`+num(r.Size)+`"`)
	}
	if r.Mark != scene.MarkNone {
		attrs = append(attrs, `color="`+w.look(r.Mark).Colour+`"`)
	}
	s := ""
	if len(attrs) > 0 {
		s = "<font " + strings.Join(attrs, " ") + ">"
	}
	if r.Bold {
		s += "<b>"
	}
	return s
}

func (w *writer) close(r scene.Run) string {
	s := ""
	if r.Bold {
		s = "</b>"
	}
	if (r.Size > 0 && r.Size != 12) || r.Mark != scene.MarkNone {
		s += "</font>"
	}
	return s
}

// legendWidth is the most characters of a legend line: a longer item is
// wrapped, so that the legend, under the picture, stays narrow.
const legendWidth = 72

// legend writes the legend's items as a table under the picture: a shape
// of its own rank below every other, joined by invisible edges to the
// shapes at the bottom of the tree so that it sits under them, its items
// in one column, or two when the tree is wide enough to hold them.
func (w *writer) legend() string {
	var cells []string
	for _, it := range w.sc.Legend {
		l := w.look(it.Mark)
		var lines []string
		for _, s := range scene.LegendLines(it.Text, legendWidth) {
			lines = append(lines, esc(s))
		}
		cell := strings.Join(lines, `<br align="left"/>`)
		if it.Mark == scene.MarkPV {
			cell = "<b>" + cell + "</b>"
		}
		if l.Colour != w.look(scene.MarkNone).Colour && it.Mark != scene.MarkNone {
			cell = `<font color="` + l.Colour + `">` + cell + `</font>`
		}
		cells = append(cells, cell)
	}
	// The widest level of the tree, in shapes: a picture of more than 12
	// side by side is wide enough for two columns of the legend.
	cols := 1
	if w.widest() > 12 && len(cells) > 3 {
		cols = 2
	}
	depth := w.depths()
	deepest := 0
	for _, n := range w.sc.Nodes {
		deepest = max(deepest, depth[n.ID])
	}
	var bottom []string
	for _, n := range w.sc.Nodes {
		if depth[n.ID] == deepest {
			bottom = append(bottom, n.ID)
		}
	}
	return legendTable(cells, w.sc.Sizes.Box, cols) + legendUnder(bottom)
}

// legendTable writes the legend's cells (HTML-like text) as the legend
// shape, a table of cols columns.
func legendTable(cells []string, size, cols int) string {
	rows := (len(cells) + cols - 1) / cols
	var sb strings.Builder
	sb.WriteString(`  legend [shape=plain, fontsize=` + strconv.Itoa(size) + `, label=<<table border="0" cellborder="0" cellspacing="0" cellpadding="1">`)
	for r := 0; r < rows; r++ {
		sb.WriteString("<tr>")
		for c := 0; c < cols; c++ {
			k := c*rows + r
			if k < len(cells) {
				sb.WriteString(`<td align="left" balign="left" valign="top">` + cells[k] + `</td>`)
			} else if cols > 1 {
				sb.WriteString(`<td></td>`)
			}
			if c < cols-1 {
				sb.WriteString(`<td width="16"></td>`)
			}
		}
		sb.WriteString("</tr>")
	}
	sb.WriteString("</table>>];\n")
	return sb.String()
}

// legendUnder puts the legend under the picture, not beside its bottom
// row: an invisible edge from each shape of the bottom row puts it a rank
// below them, centred under them (the layout pulls a shape to the middle
// of its neighbours).
func legendUnder(bottom []string) string {
	var sb strings.Builder
	for _, id := range bottom {
		fmt.Fprintf(&sb, "  %s -> legend [style=invis];\n", id)
	}
	return sb.String()
}

// depths are the levels of the scene's shapes below their tops.
func (w *writer) depths() map[string]int {
	depth := map[string]int{}
	for _, n := range w.sc.Nodes { // a shape comes after the shape above it
		if _, ok := depth[n.ID]; !ok {
			depth[n.ID] = 0
		}
		for _, e := range w.out[n.ID] {
			depth[e.To] = depth[n.ID] + 1
		}
	}
	return depth
}

// widest is the most shapes of the scene on one level.
func (w *writer) widest() int {
	levels := map[int]int{}
	best := 0
	for _, d := range w.depths() {
		levels[d]++
		best = max(best, levels[d])
	}
	return best
}
