package dot

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/trace/record"

	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
)

// Colours of a diff drawing: A's and B's own nodes and words, and the nodes
// both searched differently.
const (
	colA         = "#c2255c" // search A: raspberry
	colABg       = "#ffdeeb"
	colB         = "#2b8a3e" // search B: green
	colBBg       = "#d3f9d8"
	colChanged   = "#7048e8" // searched by both, differently: violet
	colChangedBg = "#f3f0ff"
	penChanged   = "2.4"
)

// BuildDiff draws two searches compared by trace/diff as one tree: the union
// of what they searched, in the textbook conventions of Build. Nodes both
// searched alike are drawn as usual; nodes only A searched are filled pink,
// nodes only B searched green; nodes both searched differently are outlined
// in violet and show A's and B's value, window, depth and cutoff side by side
// ("A ≤3 · B ≤2"). Moves both searches cut off are one grey box. The title
// names A and B and their results; the legend explains the colours.
//
// Large unions are summarised as Build summarises a search: drawn less deep
// until the drawing fits the budgets of opt, with a note. opt.Focus draws the
// part below one node; opt.Iteration is not used (the comparison has chosen
// its root searches).
func BuildDiff(r *diff.Result, opt Options) ([]byte, Stats, error) {
	if r == nil || r.Root == nil {
		return nil, Stats{}, fmt.Errorf("nothing to draw")
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
			return nil, Stats{}, err
		}
	}
	side := func(run *diff.Run) *builder {
		b := &builder{rec: run.Rec, info: run.Info(), opt: opt, pv: map[*record.Node]bool{}, drawn: map[*record.Node]bool{}}
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
	if st.Truncated {
		notes = append(notes, "drawn "+plies(depth)+" deep")
	}
	if top != r.Root {
		notes = append(notes, "subtree of "+top.Label())
	}
	for _, run := range []*diff.Run{r.A, r.B} {
		if run.Rec.Dropped > 0 {
			notes = append(notes, fmt.Sprintf("%s: %d nodes past the recording limit not kept", run.Name, run.Rec.Dropped))
		}
	}
	if len(notes) > 0 {
		shapes := "shapes"
		if st.Drawn == 1 {
			shapes = "shape"
		}
		st.Note = strings.Join(notes, "; ") + fmt.Sprintf(" — %d %s for %d nodes searched by A or B", st.Drawn, shapes, st.Searched)
	}
	return d.finish(top, st), st, nil
}

// unionHeight is the number of plies below n in the union.
func unionHeight(n *diff.Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+unionHeight(c))
	}
	return h
}

// diffBuilder writes the union of two searches, styling each node with the
// builder of the search that visited it: a for A (it also holds the text
// written), b for B.
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

// node writes n and what is drawn below it; rel is its depth below the top.
func (d *diffBuilder) node(n *diff.Node, rel int, moveInside bool) {
	d.a.shapes++
	var attrs []string
	tip := quoted(n.Label())
	switch {
	case n.Both() && len(n.Diffs) == 0:
		attrs = append(d.a.nodeAttrs(n.A, moveInside), `tooltip="`+tip+`: searched alike by A and B"`)
	case n.Both():
		d.seen.changed = true
		attrs = d.changedAttrs(n, moveInside)
		var kinds []string
		for _, x := range n.Diffs {
			kinds = append(kinds, x.Kind.Word())
		}
		attrs = append(attrs, `tooltip="`+tip+`: searched by A and B, different `+strings.Join(kinds, ", ")+`"`)
	case n.A != nil:
		d.seen.onlyA = true
		attrs = append(d.a.nodeAttrs(n.A, moveInside), `color="`+colA+`"`, `fillcolor="`+colABg+`"`, `tooltip="`+tip+`: searched by A only"`)
	default:
		d.seen.onlyB = true
		attrs = append(d.b.nodeAttrs(n.B, moveInside), `color="`+colB+`"`, `fillcolor="`+colBBg+`"`, `tooltip="`+tip+`: searched by B only"`)
	}
	d.a.printf("  %s [%s];\n", d.id(n), strings.Join(attrs, ", "))

	if rel == d.depth {
		if len(n.Children) > 0 {
			t := diff.Count(n)
			if n.Both() {
				t.Both--
			}
			label := fmt.Sprintf("+%d searched below", n.Size-1)
			var parts []string
			if t.Both > 0 && n.Both() && t.OnlyA+t.OnlyB > 0 {
				parts = append(parts, fmt.Sprintf("%d by both", t.Both))
			}
			if t.OnlyA > 0 && n.Both() {
				parts = append(parts, fmt.Sprintf(`<font color="%s">%d by A only</font>`, colA, t.OnlyA))
			}
			if t.OnlyB > 0 && n.Both() {
				parts = append(parts, fmt.Sprintf(`<font color="%s">%d by B only</font>`, colB, t.OnlyB))
			}
			if len(parts) > 0 {
				label += `<br/><font point-size="8">` + strings.Join(parts, "<br/>") + `</font>`
			}
			d.a.summaryBox(d.id(n), label, false)
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

// changedAttrs are the attributes of a node both searched differently: the
// parts that agree written once, those that differ as "A … · B …".
func (d *diffBuilder) changedAttrs(n *diff.Node, moveInside bool) []string {
	a, b := n.A, n.B
	ab := func(x, y string) string {
		return `<font color="` + colA + `">A ` + esc(x) + `</font> · <font color="` + colB + `">B ` + esc(y) + `</font>`
	}
	small := func(s string) string { return `<font point-size="8">` + s + `</font>` }
	val := esc(d.a.value(a))
	if vb := d.b.value(b); vb != d.a.value(a) {
		val = ab(d.a.value(a), vb)
	}
	val = "<b>" + val + "</b>"
	look := []string{`color="` + colChanged + `"`, "penwidth=" + penChanged, `fillcolor="` + colChangedBg + `"`}
	if a.Leaf && b.Leaf {
		label := val
		if moveInside {
			label = d.a.moveLine(a) + "<br/>" + label
		}
		return append([]string{"shape=box", "label=<" + label + ">"}, look...)
	}
	lines := []string{val}
	if a.HasWindow || b.HasWindow {
		wa, wb := windowOr(d.a, a), windowOr(d.b, b)
		win := small(`<font color="` + colWindow + `">` + esc(wa) + `</font>`)
		if wa != wb {
			win = small(ab(wa, wb))
		}
		if n.Max {
			lines = append(lines, win) // the wide side of ▲ is at the bottom
		} else {
			lines = append([]string{win}, lines...) // and of ▼ at the top
		}
	}
	for _, x := range n.Diffs {
		if x.Kind == diff.Depth {
			lines = append(lines, small(ab(fmt.Sprintf("depth %d", a.Depth), fmt.Sprintf("depth %d", b.Depth))))
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
	cutLine := func(who, col, reason string, c *record.Cut) string {
		return small(`<font color="` + col + `">` + who + " " + esc(reason) + fmt.Sprintf(", %d pruned", len(c.Pruned)) + `</font>`)
	}
	sameCut := true
	for _, x := range n.Diffs {
		sameCut = sameCut && x.Kind != diff.Cutoff
	}
	switch {
	case ca != "" && ca == cb && sameCut:
		d.a.seen.cut = true
		lines = append(lines, small(`<font color="`+colCut+`">`+esc(ca)+`</font>`))
	default:
		if ca != "" {
			d.a.seen.cut = true
			lines = append(lines, cutLine("A", colA, ca, a.Cut))
		}
		if cb != "" {
			d.a.seen.cut = true
			lines = append(lines, cutLine("B", colB, cb, b.Cut))
		}
	}
	la, lb := d.a.selectiveLines(a), d.b.selectiveLines(b)
	if strings.Join(la, "\n") == strings.Join(lb, "\n") {
		lines = append(lines, la...)
	} else {
		for _, l := range la {
			lines = append(lines, `<font point-size="8" color="`+colA+`">A</font> `+l)
		}
		for _, l := range lb {
			lines = append(lines, `<font point-size="8" color="`+colB+`">B</font> `+l)
		}
	}
	if moveInside {
		if n.Max {
			lines = append(lines, d.a.moveLine(a)) // on the wide side of ▲
		} else {
			lines = append([]string{d.a.moveLine(a)}, lines...) // and of ▼
		}
	}
	shape := "triangle"
	if !n.Max {
		shape = "invtriangle"
	}
	return append([]string{"shape=" + shape, "label=<" + strings.Join(lines, "<br/>") + ">"}, look...)
}

// windowOr is a node's window, or "no window".
func windowOr(b *builder, n *record.Node) string {
	if !n.HasWindow {
		return "no window"
	}
	return b.window(n)
}

// edge joins n to its child c, styled by the search that made the move (A's
// when both did), in A's or B's colour when only one did. The principal
// variation is bold, in A's or B's colour where only that search follows it.
func (d *diffBuilder) edge(n, c *diff.Node, wide bool) {
	var attrs []string
	onA := c.A != nil && d.a.pv[n.A] && d.a.pv[c.A]
	onB := c.B != nil && d.b.pv[n.B] && d.b.pv[c.B]
	switch {
	case c.A != nil:
		attrs = d.a.edgeAttrs(n.A, c.A, index(n.A, c.A), wide)
		if !c.Both() {
			attrs = append(attrs, `color="`+colA+`"`)
		}
	default:
		attrs = d.b.edgeAttrs(n.B, c.B, index(n.B, c.B), wide)
		attrs = append(attrs, `color="`+colB+`"`)
	}
	switch {
	case onA && !onB && c.Both():
		d.seen.pvA = true
		attrs = append(attrs, `color="`+colA+`"`)
	case onB && !onA && c.Both():
		d.seen.pvB = true
		attrs = append(attrs, "penwidth="+penPV, `color="`+colB+`"`)
	}
	if len(attrs) == 0 {
		d.a.printf("  %s -> %s;\n", d.id(n), d.id(c))
		return
	}
	d.a.printf("  %s -> %s [%s];\n", d.id(n), d.id(c), strings.Join(attrs, ", "))
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

// finish wraps the nodes and edges with the graph header, the title (A and
// B, their results, the totals) and the legend.
func (d *diffBuilder) finish(top *diff.Node, st Stats) []byte {
	r := d.res
	colored := func(col, s string) string { return `<font color="` + col + `">` + s + `</font>` }
	runLine := func(run *diff.Run, col string) string {
		s := "<b>" + run.Name + "  " + esc(run.Spec) + "</b>  " + esc(run.Conventions)
		if sum := run.Rec.Summary; sum != nil {
			s += " · " + esc(strings.Join(explain.ResultParts(run.Info(), sum, false), " · "))
			s += " · " + esc(explain.Counts(sum))
		}
		return colored(col, s)
	}
	label := "<b>what changes from A to B</b>"
	label += `<br/><font point-size="10">` + esc(explain.InputLine(r.A.Info())) + `</font>`
	label += `<br/><font point-size="10">` + runLine(r.A, colA) + `</font>`
	for _, o := range r.A.Info().Options {
		label += `<br/><font point-size="9">` + colored(colA, "+ "+esc(o)) + `</font>`
	}
	label += `<br/><font point-size="10">` + runLine(r.B, colB) + `</font>`
	for _, o := range r.B.Info().Options {
		label += `<br/><font point-size="9">` + colored(colB, "+ "+esc(o)) + `</font>`
	}
	if r.A.Searches() > 1 || r.B.Searches() > 1 {
		label += `<br/><font point-size="10">compared: A, ` + esc(r.A.Choice()) + " · B, " + esc(r.B.Choice()) + `</font>`
	}
	t := diff.Count(top)
	sum := fmt.Sprintf("%d nodes searched by both · %d by A only · %d by B only", t.Both, t.OnlyA, t.OnlyB)
	if t.Differences == 0 {
		sum += " · no differences"
	} else {
		sum += " · differences: " + t.Phrase()
	}
	label += `<br/><font point-size="10">` + esc(sum) + `</font>`
	if d.a.opt.Negamax {
		label += `<br/><font point-size="10">` + esc(NegamaxNote(d.a.info, false)) + `</font>`
	}
	if st.Note != "" {
		label += `<br/><font point-size="10" color="` + colNote + `">` + esc(st.Note) + ` (use --draw-depth, --focus or --max-draw)</font>`
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "digraph diff {\n")
	fmt.Fprintf(&out, "  graph [rankdir=TB, ordering=out, nodesep=0.2, ranksep=0.4, splines=line, bgcolor=white, fontname=%q, fontsize=12, labelloc=t, label=<%s>];\n", fontName, label)
	fmt.Fprintf(&out, "  node [fontname=%q, fontsize=12, style=filled, fillcolor=white, penwidth=1.2, margin=\"0.04,0.03\"];\n", fontName)
	fmt.Fprintf(&out, "  edge [fontname=%q, fontsize=10, arrowhead=none, penwidth=1.2, tailport=s, headport=n];\n", fontName)
	out.Write(d.a.buf.Bytes())
	out.WriteString(legendTable(d.legendItems(), 9))
	out.WriteString("}\n")
	return out.Bytes()
}

// legendItems name A and B and explain the colours of the diff, then the
// symbols of either search's drawing.
func (d *diffBuilder) legendItems() []string {
	r := d.res
	items := []string{
		`<font color="` + colA + `"><b>A = ` + esc(r.A.Spec) + `</b> (` + esc(r.A.Conventions) + `)</font>`,
		`<font color="` + colB + `"><b>B = ` + esc(r.B.Spec) + `</b> (` + esc(r.B.Conventions) + `)</font>`,
	}
	if d.seen.onlyA {
		items = append(items, `<font color="`+colA+`">pink: searched by A only</font>`)
	}
	if d.seen.onlyB {
		items = append(items, `<font color="`+colB+`">green: searched by B only</font>`)
	}
	if d.seen.changed {
		items = append(items, `<font color="`+colChanged+`">violet outline: searched by both, differently — A's and B's values, windows, cutoffs side by side</font>`)
	}
	// The symbols of a one-search drawing, for what either search shows.
	s := &d.a.seen
	o := d.b.seen
	s.cut, s.unsearched, s.summary, s.noBound = s.cut || o.cut, s.unsearched || o.unsearched, s.summary || o.summary, s.noBound || o.noBound
	s.null, s.reduce, s.extend, s.futility = s.null || o.null, s.reduce || o.reduce, s.extend || o.extend, s.futility || o.futility
	s.razor, s.qs, s.verify, s.tt = s.razor || o.razor, s.qs || o.qs, s.verify || o.verify, s.tt || o.tt
	s.tt = false // no table arrows in a diff: the entries are named in the nodes
	for _, it := range d.a.legendItems() {
		switch {
		case strings.HasPrefix(it, "<b>bold: principal variation") && (d.seen.pvA || d.seen.pvB):
			it = "<b>bold: principal variation</b> (in A's or B's colour where only that search follows it)"
		case strings.Contains(it, "✂ red: cutoff at this node") && d.seen.changed:
			it = `<font color="` + colCut + `">✂ red: cutoff at this node (in A's or B's colour where the two searches cut differently)</font>`
		}
		items = append(items, it)
	}
	return items
}

func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}
