package overview

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// The chart is an icicle: the root a bar across the top, each ply a row
// below it, each cell as wide as the nodes searched at and below its path,
// under its parent in the order the parent's latest visit tried the moves.
// The space a row leaves under a cell, at its right, is the cell's own
// visits. How a node ended is its fill, in colour and in pattern (so a
// greyscale print tells them apart): a cutoff red and hatched, a null-move
// prune violet and dotted, a cut by the transposition table teal and lined;
// the more of the cell's visits ended so, the deeper the colour. The move
// into the cell is outlined: dashed when it was reduced, dotted inside
// when extended; the principal variation is outlined bold. A legend inside
// the picture says all this.
//
// Moves too narrow to draw one by one are drawn as one block (outlined
// grey, no separators), coloured as most of their nodes ended, and so is
// each row below them; below the last row of cells kept, the rows the
// builder folded are drawn the same way from the cells' tails. So every
// ply of the search shows, however narrow its moves.
//
// Sizes are in viewBox units, a pixel when the chart is shown 1,920 pixels
// wide (it scales to its container: width 100%); no text is smaller than
// 13 units.
const (
	chartWidth = 1920
	margin     = 16
	gutter     = 72 // the row labels, left of the cells
	panelGap   = 28 // between the two charts of a pair
	rowGap     = 3
	fontCell   = 14
	fontText   = 14
	fontTitle  = 18
	fontNote   = 13
	lineGap    = 1.45 // line height, in font sizes
	// charEm is a generous average advance of a character, in ems, so
	// that a label estimated to fit does fit in DejaVu Sans, Helvetica or
	// Arial, whichever the viewer has.
	charEm = 0.62
	// A cell narrower than minCell is not drawn by itself: a run of such
	// siblings is one grey cell, drawn when it is minRun wide.
	minCell = 2.0
	minRun  = 1.0
	// The rows share rowsHeight (pairRowsHeight in a pair, under the
	// taller headers of two searches), each between minRowH and maxRowH
	// high; a row at least twoLines high writes the value under the move.
	rowsHeight     = 560
	pairRowsHeight = 430
	minRowH        = 30
	maxRowH        = 64
	twoLines       = 44
)

// rowHeight is the height of a row when rows rows share total.
func rowHeight(rows int, total float64) float64 {
	return math.Round(min(max(total/float64(max(rows, 1)), minRowH), maxRowH))
}

// Colours: the fill of a node searched in full, of a leaf, of a
// quiescence node and of a run of narrow cells; the full colour of each way
// a node ends (mixed with the base by the share of visits that ended so)
// and its pattern's ink.
const (
	colBase      = "#cfe0f3"
	colLeaf      = "#f5f7f9"
	colLeafPen   = "#8d99a6"
	colLeafBlock = "#e6eaee"
	colQS        = "#f2dc96"
	colQSInk     = "#8a6a10"
	colCut       = "#ea6f64"
	colCutInk    = "#7d1610"
	colNull      = "#8f6fd6"
	colNullInk   = "#2e1d66"
	colTT        = "#24a196"
	colTTInk     = "#0b4d47"
	colReduce    = "#3b2200"
	colExtend    = "#17803a"
	colPV        = "#000000"
	colText      = "#111111"
	colNoteTxt   = "#555555"
)

// defs are the patterns that tell the endings apart without colour.
const defs = `<defs>
<pattern id="pcut" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="2" height="7" fill="` + colCutInk + `" fill-opacity="0.3"/></pattern>
<pattern id="pnull" width="7" height="7" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="3.5" r="1.7" fill="` + colNullInk + `" fill-opacity="0.6"/></pattern>
<pattern id="ptt" width="7" height="6" patternUnits="userSpaceOnUse"><rect width="7" height="1.6" fill="` + colTTInk + `" fill-opacity="0.5"/></pattern>
<pattern id="pqs" width="6" height="8" patternUnits="userSpaceOnUse"><rect width="1.6" height="4" fill="` + colQSInk + `" fill-opacity="0.7"/></pattern>
</defs>
<style>
text{font-family:"DejaVu Sans",Helvetica,Arial,sans-serif;fill:` + colText + `}
.c{stroke:#fff;stroke-width:1}
.t{font-size:` + "14" + `px}
.k{paint-order:stroke;stroke:#fff;stroke-width:3.5px;stroke-linejoin:round}
.l{font-size:13px}
.h{font-size:` + "18" + `px;font-weight:bold}
.s{font-size:` + "14" + `px}
.n{font-size:` + "13" + `px;fill:` + colNoteTxt + `}
.red{fill:none;stroke:` + colReduce + `;stroke-width:2.4;stroke-dasharray:7 4}
.ext{fill:none;stroke:` + colExtend + `;stroke-width:3;stroke-dasharray:0.1 4.5;stroke-linecap:round}
.pv{fill:none;stroke:` + colPV + `;stroke-width:3.2}
</style>
`

// ending is how a node ended, as its fill shows.
type ending uint8

const (
	endSearched ending = iota // every move searched, or a leaf
	endCut                    // a cutoff left moves unsearched
	endNull                   // the null move pruned it
	endTT                     // the transposition table answered
)

// seen are the things the chart shows, for its legend.
type seen struct {
	leaf, qs, block, cut, null, tt, reduce, extend, research, pv bool
}

// drawer writes one SVG.
type drawer struct {
	buf  bytes.Buffer
	pr   *i18n.Printer // the language of the chart's words (trace.Info.Lang)
	seen seen
	rowH float64
	pv   []rect // outlines drawn last, over their neighbours
	// placed are the cells drawn one by one, where (for the tests).
	placed []placed
}

type placed struct {
	side, cell int
	x, w       float64
}

type rect struct{ x, y, w, h float64 }

func (d *drawer) printf(format string, args ...any) { fmt.Fprintf(&d.buf, format, args...) }

// panel is one chart: where it goes and its scale.
type panel struct {
	o       *Overview
	x, w    float64 // the cells' span
	perNode float64 // width of one node
	rowsY   float64 // top of the root's row
	side    int     // 0, or 1 for B in a pair
}

// SVG draws an overview: the title (what was searched, under which
// conventions, the result and the counts), the chart and its legend.
func SVG(o *Overview) []byte {
	svg, _ := draw(o)
	return svg
}

// draw draws SVG's chart and returns the drawer of its cells too.
func draw(o *Overview) ([]byte, *drawer) {
	d := &drawer{}
	x := float64(margin + gutter)
	w := float64(chartWidth-margin) - x
	var head lines
	head.title(o.Info)
	head.result(o, w)
	head.note(notes(o), chartWidth-2*margin)
	y := float64(margin)
	rows := o.Rows
	body := &drawer{rowH: rowHeight(rows, rowsHeight), pr: explain.Printer(o.Info)}
	y = head.write(body, margin, y)
	p := &panel{o: o, x: x, w: w, rowsY: y + 10}
	if n := o.Cells[0].Counts.Nodes; n > 0 {
		p.perNode = w / float64(n)
	}
	body.rowLabels(o.Info, p.rowsY, rows, o.rowNodes())
	body.chart(p)
	bottom := p.rowsY + float64(rows)*(body.rowH+rowGap) + 14
	legend := &drawer{seen: body.seen, pr: body.pr}
	bottom = legend.legend(bottom, chartWidth-2*margin)
	return d.svg(bottom+margin, body, legend), body
}

// Pair draws two overviews side by side, A left and B right, to the same
// scale: a node is as wide on both sides, so the widths compare. nameA and
// nameB name the searches (their specs).
func Pair(a, b *Overview, nameA, nameB string) []byte {
	svg, _ := drawPair(a, b, nameA, nameB)
	return svg
}

// drawPair draws Pair's charts and returns the drawer of their cells too.
func drawPair(a, b *Overview, nameA, nameB string) ([]byte, *drawer) {
	x0 := float64(margin + gutter)
	w := (float64(chartWidth-margin) - x0 - panelGap) / 2
	rows := max(a.Rows, b.Rows)
	body := &drawer{rowH: rowHeight(rows, pairRowsHeight), pr: explain.Printer(a.Info)}
	var top lines
	top.add("h", fontTitle, "A = "+nameA+"   ·   B = "+nameB)
	if a.Info != nil {
		top.add("s", fontText, explain.InputLine(a.Info))
	}
	na, nb := a.Cells[0].Counts.Nodes, b.Cells[0].Counts.Nodes
	top.add("n", fontNote, scaleNote(body.pr, na, nb))
	y := top.write(body, margin, margin)
	y += 6
	var heads [2]lines
	for i, o := range []*Overview{a, b} {
		name := []string{nameA, nameB}[i]
		heads[i].add("h", fontTitle, "AB"[i:i+1]+"  "+name)
		if o.Info != nil {
			for _, l := range wrap(explain.Describe(o.Info), fontNote, w) {
				heads[i].add("n", fontNote, l)
			}
			var opts []string
			for _, opt := range explain.OptionLines(o.Info) {
				opts = append(opts, "+ "+opt)
			}
			for _, l := range wrap(strings.Join(opts, "; "), fontNote, w) {
				heads[i].add("n", fontNote, l)
			}
		}
		heads[i].result(o, w)
		heads[i].note(notes(o), w)
	}
	yA := heads[0].write(body, x0, y)
	yB := heads[1].write(body, x0+w+panelGap, y)
	rowsY := max(yA, yB) + 10
	per := 0.0
	if n := max(na, nb); n > 0 {
		per = w / float64(n)
	}
	body.rowLabels(a.Info, rowsY, rows, nil)
	for i, o := range []*Overview{a, b} {
		p := &panel{o: o, x: x0 + float64(i)*(w+panelGap), w: w, perNode: per, rowsY: rowsY, side: i}
		body.chart(p)
	}
	bottom := rowsY + float64(rows)*(body.rowH+rowGap) + 14
	legend := &drawer{seen: body.seen, pr: body.pr}
	bottom = legend.legend(bottom, chartWidth-2*margin)
	return (&drawer{}).svg(bottom+margin, body, legend), body
}

// scaleNote says that the two charts of a pair share their scale, and what
// that shows.
func scaleNote(p *i18n.Printer, na, nb int64) string {
	switch {
	case na == nb:
		return p.N("overview.scale.same", na)
	case nb < na:
		return p.N("overview.scale.b", nb, "Percent", percentIn(p, nb, na), "Other", na)
	}
	return p.N("overview.scale.a", na, "Percent", percentIn(p, na, nb), "Other", nb)
}

// percentIn is percent as p's language writes a decimal: "3.5 %", "3,5 %".
func percentIn(p *i18n.Printer, a, b int64) string { return p.Decimal(percent(a, b)) }

func percent(a, b int64) string {
	if b == 0 {
		return "–"
	}
	p := 100 * float64(a) / float64(b)
	if p < 10 {
		return strconv.FormatFloat(p, 'f', 1, 64) + " %"
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + " %"
}

// notes say what the chart leaves out: the plies below its last row, and
// a search that stopped early.
func notes(o *Overview) []string {
	p := explain.Printer(o.Info)
	var out []string
	last := o.Rows - 1
	if o.Rows > o.MaxPly+1 {
		out = append(out, p.T("overview.note.blocks", "Ply", o.MaxPly))
	}
	if o.Deepest > last {
		out = append(out, p.T("overview.note.deeper", "Deepest", o.Deepest, "Last", last))
	}
	if s := explain.Stopped(o.Info, o.Summary); s != "" {
		r, n := utf8.DecodeRuneInString(s)
		out = append(out, string(unicode.ToUpper(r))+s[n:]+".")
	}
	if o.Summary == nil {
		out = append(out, p.T("overview.note.nodone"))
	}
	return out
}

// svg wraps the parts in the document: a viewBox 1,920 wide, scaled to its
// container's width.
func (d *drawer) svg(height float64, parts ...*drawer) []byte {
	h := math.Ceil(height)
	d.printf(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	// As wide as its container, as high as that makes it: opened by itself
	// in a browser window too, where a height of 100% would shrink a tall
	// chart to fit the window, text and all.
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %.0f" width="100%%" style="height:auto" preserveAspectRatio="xMidYMin meet">`+"\n", chartWidth, h)
	d.printf(`<title>prunescope overview</title>` + "\n")
	d.buf.WriteString(defs)
	d.printf(`<rect width="%d" height="%.0f" fill="#fff"/>`+"\n", chartWidth, h)
	for _, p := range parts {
		d.buf.Write(p.buf.Bytes())
	}
	d.printf("</svg>\n")
	return d.buf.Bytes()
}

// lines are the text lines of a header, each with its class and size.
type lines []line

type line struct {
	class string
	size  float64
	text  string
}

func (l *lines) add(class string, size float64, text string) {
	*l = append(*l, line{class, size, text})
}

// title names the algorithm and conventions and the techniques switched on.
func (l *lines) title(info *trace.Info) {
	if info == nil {
		l.add("h", fontTitle, explain.Printer(info).T("overview.nostart"))
		return
	}
	for _, s := range wrap(explain.Describe(info), fontTitle, chartWidth-2*margin) {
		l.add("h", fontTitle, s)
	}
	for _, o := range explain.OptionLines(info) {
		l.add("s", fontText, "+ "+o)
	}
}

// result says what was searched and found, and the counts.
func (l *lines) result(o *Overview, w float64) {
	info, sum := o.Info, o.Summary
	var parts []string
	if info != nil {
		parts = append(parts, explain.InputLine(info))
	}
	if o.HasValue {
		parts = append(parts, explain.ResultParts(info, sum, true)...)
	}
	for _, s := range wrap(strings.Join(parts, " · "), fontText, w) {
		l.add("s", fontText, s)
	}
	if sum != nil {
		for _, s := range wrap(explain.Counts(info, sum), fontText, w) {
			l.add("s", fontText, s)
		}
	}
}

func (l *lines) note(notes []string, w float64) {
	for _, n := range notes {
		for _, s := range wrap(n, fontNote, w) {
			l.add("n", fontNote, s)
		}
	}
}

// write writes the lines from (x, y) down and returns the y below them.
func (l lines) write(d *drawer, x, y float64) float64 {
	for _, ln := range l {
		y += ln.size * lineGap
		d.printf(`<text x="%.1f" y="%.1f" class="%s">%s</text>`+"\n", x, y-ln.size*0.35, ln.class, esc(ln.text))
	}
	return y
}

// wrap breaks s into lines that fit w at font size size.
func wrap(s string, size, w float64) []string {
	return trace.Wrap(s, max(int(w/(size*charEm)), 20))
}

// textWidth estimates the width of s at font size size.
func textWidth(s string, size float64) float64 {
	return float64(utf8.RuneCountInString(s)) * size * charEm
}

// rowNodes are the nodes entered at each row's ply (the last row: at its
// ply and deeper).
func (o *Overview) rowNodes() []int64 {
	n := make([]int64, o.Rows)
	for i := range o.Cells {
		c := &o.Cells[i]
		if c.Ply < len(n) {
			n[c.Ply] += c.Own.Nodes
		}
		for k := range c.Tail {
			n[c.Ply+1+k] += c.Tail[k].Nodes
		}
		if c.Ply == o.Rows-1 {
			n[c.Ply] += c.Counts.Nodes - c.Own.Nodes // folded below the last row
		}
	}
	return n
}

// rowLabels writes the ply and the side to move left of each row, and the
// nodes entered at it when nodes is not nil.
func (d *drawer) rowLabels(info *trace.Info, y0 float64, rows int, nodes []int64) {
	maxSide := info == nil || info.Root != "min"
	for ply := range rows {
		y := y0 + float64(ply)*(d.rowH+rowGap)
		mark, side := "▲", "MAX"
		if (ply%2 == 0) != maxSide {
			mark, side = "▼", "MIN"
		}
		p := d.pr
		if info != nil && info.MaxName != "" {
			side = info.MaxName
			if mark == "▼" {
				side = info.MinName
			}
			switch side { // chess's players, by their colours
			case "White":
				side = p.T("explain.player.white")
			case "Black":
				side = p.T("explain.player.black")
			}
		}
		tip := p.T("overview.row.tip", "Ply", ply, "Side", side)
		lines := []string{p.T("overview.row.ply", "Ply", ply), mark + " " + side}
		if nodes != nil {
			if ply == rows-1 {
				tip = p.N("overview.row.tip.entered.deeper", nodes[ply], "Ply", ply, "Side", side)
			} else {
				tip = p.N("overview.row.tip.entered", nodes[ply], "Ply", ply, "Side", side)
			}
			if d.rowH >= 50 {
				lines = append(lines, p.Decimal(compact(nodes[ply])))
			}
		}
		d.printf(`<g><title>%s</title>`, esc(tip))
		top := y + d.rowH/2 - float64(len(lines)-1)*8 + 4.5
		for k, l := range lines {
			class := "n"
			if k == 0 {
				class = "l"
			}
			d.printf(`<text x="%d" y="%.1f" class="%s">%s</text>`, margin, top+float64(k)*16, class, esc(l))
		}
		d.printf("</g>\n")
	}
}

// compact writes a count in a few characters: 157, 26.9k, 2.85M.
func compact(n int64) string {
	f := float64(n)
	switch {
	case n < 10_000:
		return strconv.FormatInt(n, 10)
	case n < 1_000_000:
		return strconv.FormatFloat(f/1e3, 'f', digits(f/1e3), 64) + "k"
	case n < 1_000_000_000:
		return strconv.FormatFloat(f/1e6, 'f', digits(f/1e6), 64) + "M"
	}
	return strconv.FormatFloat(f/1e9, 'f', digits(f/1e9), 64) + "G"
}

// digits keeps three significant digits.
func digits(f float64) int {
	switch {
	case f < 10:
		return 2
	case f < 100:
		return 1
	}
	return 0
}

// chart draws the cells of a panel, then the outlines of the principal
// variation over them.
func (d *drawer) chart(p *panel) {
	d.pv = d.pv[:0]
	root := &p.o.Cells[0]
	d.cells(p, 0, p.x, float64(root.Counts.Nodes)*p.perNode)
	for _, r := range d.pv {
		d.printf(`<rect class="pv" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`+"\n", r.x, r.y, r.w, r.h)
	}
}

// rowY is the top of a ply's row.
func (d *drawer) rowY(p *panel, ply int) float64 { return p.rowsY + float64(ply)*(d.rowH+rowGap) }

// cells draws cell i at x, w wide, and what lies below it: each child as
// wide as its nodes (the room left at the right, under the cell, is its
// own visits), a run of children too narrow to draw one by one as a block
// (but for a move of the principal variation, drawn however narrow).
func (d *drawer) cells(p *panel, i int, x, w float64) {
	o := p.o
	c := &o.Cells[i]
	d.cell(p, i, x, d.rowY(p, c.Ply), w)
	if len(c.Tail) > 0 {
		d.tails(p, []int{i}, x)
	}
	cx := x
	var run []int
	runX := 0.0
	flush := func() {
		if len(run) > 0 {
			d.group(p, run, runX, "")
		}
		run = nil
	}
	for _, ch := range c.Children {
		cw := float64(o.Cells[ch].Counts.Nodes) * p.perNode
		if cw < minCell && !o.Cells[ch].PV { // the principal variation is drawn to its end
			if len(run) == 0 {
				runX = cx
			}
			run = append(run, ch)
		} else {
			flush()
			d.cells(p, ch, cx, cw)
		}
		cx += cw
	}
	flush()
}

// group draws cells of one ply, too narrow to draw one by one, as one block
// at x, and below it their children as one block, and so on down, then the
// rows of their tails. under names what the cells lie under, for the
// tooltip ("" for a run of siblings).
func (d *drawer) group(p *panel, cells []int, x float64, under string) {
	o := p.o
	var nodes int64
	var own Slot
	for _, i := range cells {
		c := &o.Cells[i]
		nodes += c.Counts.Nodes
		own.add(c.ownSlot())
	}
	w := float64(nodes) * p.perNode
	if w < minRun {
		return
	}
	ply := o.Cells[cells[0]].Ply
	what := d.pr.N("overview.group.narrow", int64(len(cells)))
	if under != "" {
		what = d.pr.N("overview.group.below", int64(len(cells)), "Ply", ply, "Under", under)
	}
	d.block(p, x, ply, w, &own, nodes, what, fmt.Sprintf("+%d", len(cells)))
	var next []int
	for _, i := range cells {
		next = append(next, o.Cells[i].Children...)
	}
	if under == "" {
		under = d.pr.N("overview.group.these", int64(len(cells)))
	}
	if len(next) > 0 {
		d.group(p, next, x, under)
	}
	d.tails(p, cells, x)
}

// tails draws the rows below cells of the last row of cells, one block a
// row: the nodes at that ply and below, coloured as the ply's nodes ended.
func (d *drawer) tails(p *panel, cells []int, x float64) {
	o := p.o
	var rows []Slot
	for _, i := range cells {
		for k := range o.Cells[i].Tail {
			if k == len(rows) {
				rows = append(rows, Slot{})
			}
			rows[k].add(&o.Cells[i].Tail[k])
		}
	}
	if len(rows) == 0 {
		return
	}
	under := o.Path(cells[0])
	if len(cells) > 1 {
		under = d.pr.N("overview.tails.moves", int64(len(cells)))
	}
	ply := o.Cells[cells[0]].Ply
	for k := range rows {
		var below int64
		for _, r := range rows[k:] {
			below += r.Nodes
		}
		w := float64(below) * p.perNode
		if w < minRun {
			return
		}
		what := d.pr.T("overview.tails.what", "Ply", ply+1+k, "Under", under)
		if ply+1+k == o.Rows-1 && o.Deepest > o.Rows-1 {
			what = d.pr.T("overview.tails.what.deeper", "Ply", ply+1+k, "Under", under)
		}
		d.block(p, x, ply+1+k, w, &rows[k], below, what, "")
	}
}

// ownSlot is what happened at the cell's own node, as a row's slot.
func (c *Cell) ownSlot() *Slot {
	return &Slot{Nodes: c.Own.Nodes, Leaves: c.Own.Leaves, Cutoffs: c.Own.Cutoffs,
		NullPrunes: c.Own.NullPrunes, TTCuts: c.Own.TTCuts, QS: c.Own.QSNodes}
}

// ending is how most of the visits s counts ended, and the share of
// them that ended so.
func (s *Slot) ending() (ending, float64) {
	e, n := endSearched, int64(0)
	for _, k := range []struct {
		e ending
		n int64
	}{{endCut, s.Cutoffs}, {endNull, s.NullPrunes}, {endTT, s.TTCuts}} {
		if k.n > n {
			e, n = k.e, k.n
		}
	}
	if n == 0 || s.Nodes == 0 {
		return endSearched, 0
	}
	return e, min(float64(n)/float64(s.Nodes), 1)
}

// paint is the fill and pattern of visits that ended as s says: a
// quiescence search when most of them were; else coloured by the way most
// ended, deeper when more did (from floor up: a cell shows a cutoff in one
// visit of many, a block of many nodes shows only its share, its pattern
// only when most of them ended so); else leaves (when leaf is true: every
// visit a leaf); else searched.
func (d *drawer) paint(s *Slot, leaf, block bool) (fill, pattern string) {
	end, share := s.ending()
	t, patterned := 0.3+0.7*share, share > 0
	if block {
		t, patterned = share, share >= 0.5
	}
	pat := func(id string) string {
		if patterned {
			return id
		}
		return ""
	}
	switch {
	case s.QS*2 > s.Nodes:
		d.seen.qs = true
		return colQS, "pqs"
	case end == endCut:
		d.seen.cut = true
		return mix(colBase, colCut, t), pat("pcut")
	case end == endNull:
		d.seen.null = true
		return mix(colBase, colNull, t), pat("pnull")
	case end == endTT:
		d.seen.tt = true
		return mix(colBase, colTT, t), pat("ptt")
	case leaf && block:
		d.seen.leaf = true
		return colLeafBlock, ""
	case leaf:
		d.seen.leaf = true
		return colLeaf, ""
	}
	return colBase, ""
}

// cell draws one cell: its fill and pattern, its outlines, its label and
// its tooltip.
func (d *drawer) cell(p *panel, i int, x, y, w float64) {
	o := p.o
	c := &o.Cells[i]
	h := d.rowH
	d.placed = append(d.placed, placed{p.side, i, x, w})
	leaf := c.Leaf && len(c.Children) == 0 && len(c.Tail) == 0
	fill, pattern := d.paint(c.ownSlot(), leaf, false)
	d.printf(`<g><title>%s</title>`, esc(tooltip(o, i)))
	switch {
	case fill == colLeaf:
		d.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s" stroke="%s" stroke-width="1"/>`, x+0.5, y+0.5, max(w-1, 0.5), h-1, fill, colLeafPen)
	case w >= 3:
		d.printf(`<rect class="c" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x, y, w, h, fill)
	default:
		d.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x, y, w, h, fill)
	}
	if pattern != "" && w >= 3 {
		d.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="url(#%s)"/>`, x+0.5, y+0.5, w-1, h-1, pattern)
	}
	if c.Own.Reductions > 0 && w >= 5 {
		d.printf(`<rect class="red" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, x+1.5, y+1.5, w-3, h-3)
		d.seen.reduce = true
	}
	if c.Own.Extensions > 0 && w >= 14 {
		d.printf(`<rect class="ext" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>`, x+5.5, y+5.5, w-11, h-11)
		d.seen.extend = true
	}
	class := "t"
	if pattern != "" {
		class = "t k" // a halo keeps the words readable on the pattern
	}
	for _, l := range d.labels(o, c, w, y) {
		d.printf(`<text class="%s" x="%.1f" y="%.1f">%s</text>`, class, x+5, l.y, esc(l.text))
	}
	d.printf("</g>\n")
	if c.PV {
		d.pv = append(d.pv, rect{x + 1.6, y + 1.6, max(w-3.2, 1), h - 3.2})
		d.seen.pv = true
	}
}

// block draws a block of a row at ply: nodes at and below it (its width w),
// own what happened at its ply, what names it, label its words when they
// fit.
func (d *drawer) block(p *panel, x float64, ply int, w float64, own *Slot, nodes int64, what, label string) {
	d.seen.block = true
	y := d.rowY(p, ply)
	fill, pattern := d.paint(own, own.Leaves >= own.Nodes, true)
	tip := d.pr.N("overview.block.tip", nodes, "What", what) + slotLine(d.pr, own)
	d.printf(`<g><title>%s</title><rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, esc(tip), x, y, w, d.rowH, fill)
	if pattern != "" && w >= 3 {
		d.printf(`<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="url(#%s)"/>`, x+0.5, y+0.5, w-1, d.rowH-1, pattern)
	}
	if label != "" && textWidth(label, fontCell)+10 <= w {
		d.printf(`<text class="t k" x="%.1f" y="%.1f">%s</text>`, x+5, y+d.rowH/2+5, label)
	}
	d.printf("</g>\n")
}

// slotLine says how the visits of a row's slot ended, for a tooltip.
func slotLine(p *i18n.Printer, s *Slot) string {
	if s.Nodes == 0 {
		return ""
	}
	out := "\n" + p.N("overview.slot.visits", s.Nodes)
	add := func(n int64, part string) {
		if n > 0 {
			out += " · " + part
		}
	}
	add(s.Cutoffs, p.T("overview.slot.cutoffs", "N", s.Cutoffs, "Percent", percentIn(p, s.Cutoffs, s.Nodes)))
	add(s.NullPrunes, p.T("overview.slot.null", "N", s.NullPrunes, "Percent", percentIn(p, s.NullPrunes, s.Nodes)))
	add(s.TTCuts, p.T("overview.slot.tt", "N", s.TTCuts, "Percent", percentIn(p, s.TTCuts, s.Nodes)))
	add(s.Leaves, p.T("overview.slot.leaves", "N", s.Leaves, "Percent", percentIn(p, s.Leaves, s.Nodes)))
	add(s.QS, p.T("overview.slot.qs", "N", s.QS, "Percent", percentIn(p, s.QS, s.Nodes)))
	return out
}

// labelLine is a line of a cell's label and its baseline.
type labelLine struct {
	text string
	y    float64
}

// labels are what fits in a cell w wide whose row starts at y: the move
// and the value its last visit returned, with a re-search's ↻ and the
// number of moves a cutoff left unsearched; in a tall row the value goes
// under the move. Nothing is written that does not fit: a narrow leaf
// shows its value without the move.
func (d *drawer) labels(o *Overview, c *Cell, w, y float64) []labelLine {
	move := c.Move
	if c.Ply == 0 {
		move = d.pr.T("overview.root")
	}
	fits := func(s string) bool { return textWidth(s, fontCell)+10 <= w }
	var more []string
	if c.HasValue {
		v := value(o.Info, c)
		full := v
		if c.Own.Researches > 0 {
			full += " ↻"
		}
		if c.Own.Pruned > 0 {
			full += " ✂" + strconv.FormatInt(c.Own.Pruned, 10)
		}
		more = []string{full, v}
	}
	mid := y + d.rowH/2 + 5
	var out []labelLine
	if d.rowH >= twoLines {
		// The move above, the value below, each where it fits (the value
		// alone only a leaf's).
		if fits(move) {
			out = append(out, labelLine{move, mid - 9})
		} else if !c.Leaf {
			return nil
		}
		for _, s := range more {
			if fits(s) {
				d.note(s)
				return append(out, labelLine{s, mid + 10})
			}
		}
		return out
	}
	for _, s := range more {
		if fits(move + " " + s) {
			d.note(s)
			return []labelLine{{move + " " + s, mid}}
		}
	}
	if fits(move) {
		return []labelLine{{move, mid}}
	}
	if c.Leaf && len(more) > 0 && fits(more[1]) {
		return []labelLine{{more[1], mid}}
	}
	return nil
}

// note remembers the marks a label shows, for the legend.
func (d *drawer) note(s string) {
	if strings.Contains(s, "↻") {
		d.seen.research = true
	}
}

// value is the value the cell's last visit returned, with its bound: "≤3",
// "≥5"; a leaf's own value plain; "~3" a fail-hard value clamped onto an
// empty window (no bound).
func value(info *trace.Info, c *Cell) string {
	if c.Leaf {
		return explain.Number(info, c.Value)
	}
	s := explain.Bounded(info, c.Value, c.Bound)
	if c.Bound == score.NoBound {
		s = "~" + s
	}
	return s
}

// tooltip is what a viewer shows over the cell: its path, the last visit's
// value, what happened at it, and the sums below it.
func tooltip(o *Overview, i int) string {
	c := &o.Cells[i]
	p := explain.Printer(o.Info)
	var b strings.Builder
	path := o.Path(i)
	if path == "" {
		path = p.T("overview.root")
	}
	b.WriteString(p.T("overview.tip.head", "Path", path, "Ply", c.Ply))
	if c.HasValue {
		b.WriteString(p.T("overview.tip.value", "Value", value(o.Info, c)))
	}
	if c.PV {
		b.WriteString(p.T("overview.tip.pv"))
	}
	b.WriteString("\n")
	own := &c.Own
	var at []string
	at = append(at, p.N("overview.tip.visits", own.Nodes))
	if own.Cutoffs > 0 {
		at = append(at, p.T("overview.tip.cutoff", "N", own.Cutoffs, "Pruned", own.Pruned))
	}
	if own.NullPrunes > 0 {
		at = append(at, p.T("overview.tip.null", "N", own.NullPrunes))
	}
	if own.TTHits > 0 {
		at = append(at, p.T("overview.tip.tt", "N", own.TTHits, "Cuts", own.TTCuts))
	}
	if own.Reductions > 0 {
		at = append(at, p.T("overview.tip.reduced", "N", own.Reductions))
	}
	if own.Extensions > 0 {
		at = append(at, p.T("overview.tip.extended", "N", own.Extensions))
	}
	if own.Researches > 0 {
		at = append(at, p.T("overview.tip.research", "N", own.Researches))
	}
	if c.QS {
		at = append(at, p.T("overview.tip.qs"))
	}
	b.WriteString(p.T("overview.tip.here", "What", strings.Join(at, " · ")) + "\n")
	t := &c.Counts
	b.WriteString(p.T("overview.tip.below", "Nodes", t.Nodes, "Leaves", t.Leaves, "Cutoffs", t.Cutoffs))
	add := func(n int64, part string) {
		if n > 0 {
			b.WriteString(" · " + part)
		}
	}
	add(t.NullPrunes, p.T("overview.tip.below.null", "N", t.NullPrunes))
	add(t.Reductions, p.T("overview.tip.below.reductions", "N", t.Reductions))
	add(t.Extensions, p.T("overview.tip.below.extensions", "N", t.Extensions))
	add(t.TTHits, p.T("overview.tip.below.tt", "N", t.TTHits))
	add(t.Researches, p.T("overview.tip.below.research", "N", t.Researches))
	add(t.QS, p.T("overview.tip.below.qs", "N", t.QS))
	add(t.Futile, p.T("overview.tip.below.futile", "N", t.Futile))
	add(t.Razored, p.T("overview.tip.below.razored", "N", t.Razored))
	return b.String()
}

// legend explains what the chart shows, one item after another, wrapped
// to w; it returns the y below it.
func (d *drawer) legend(y, w float64) float64 {
	type item struct {
		swatch string // the swatch's SVG, drawn at (0, 0), 30×18
		text   string
	}
	sw := func(fill, pattern, class string) string {
		s := fmt.Sprintf(`<rect width="30" height="18" fill="%s" stroke="#fff"/>`, fill)
		if pattern != "" {
			s += fmt.Sprintf(`<rect x="0.5" y="0.5" width="29" height="17" fill="url(#%s)"/>`, pattern)
		}
		if class != "" {
			s += fmt.Sprintf(`<rect class="%s" x="1.5" y="1.5" width="27" height="15"/>`, class)
		}
		return s
	}
	p := d.pr
	items := []item{{sw(colBase, "", ""), p.T("overview.legend.searched")}}
	if d.seen.cut {
		items = append(items, item{sw(mix(colBase, colCut, 1), "pcut", ""), p.T("overview.legend.cut")})
	}
	if d.seen.null {
		items = append(items, item{sw(mix(colBase, colNull, 1), "pnull", ""), p.T("overview.legend.null")})
	}
	if d.seen.tt {
		items = append(items, item{sw(mix(colBase, colTT, 1), "ptt", ""), p.T("overview.legend.tt")})
	}
	if d.seen.qs {
		items = append(items, item{sw(colQS, "pqs", ""), p.T("overview.legend.qs")})
	}
	if d.seen.leaf {
		items = append(items, item{`<rect x="0.5" y="0.5" width="29" height="17" fill="` + colLeaf + `" stroke="` + colLeafPen + `"/>`, p.T("overview.legend.leaf")})
	}
	if d.seen.reduce {
		items = append(items, item{sw(colBase, "", "red"), p.T("overview.legend.reduce")})
	}
	if d.seen.extend {
		items = append(items, item{sw(colBase, "", "") + `<rect class="ext" x="3" y="3" width="24" height="12"/>`, p.T("overview.legend.extend")})
	}
	if d.seen.pv {
		items = append(items, item{sw(colBase, "", "pv"), p.T("overview.legend.pv")})
	}
	if d.seen.block {
		items = append(items, item{`<rect width="14" height="18" fill="` + mix(colBase, colCut, 0.3) + `"/><rect x="14" width="16" height="18" fill="` + mix(colBase, colCut, 0.8) + `"/><rect x="14" width="16" height="18" fill="url(#pcut)"/>`, p.T("overview.legend.block")})
	}
	var texts []string
	if d.seen.research {
		texts = append(texts, p.T("overview.legend.research"))
	}
	texts = append(texts, p.T("overview.legend.pruned"), p.T("overview.legend.bounds"))

	d.printf(`<g id="legend">` + "\n")
	d.printf(`<text x="%d" y="%.1f" class="s"><tspan font-weight="bold">%s</tspan>: %s</text>`+"\n", margin, y+14, esc(p.T("overview.legend.howto")), esc(p.T("overview.legend.howto.text")))
	y += 26
	x := float64(margin)
	for _, it := range items {
		iw := 30 + 8 + textWidth(it.text, fontNote) + 26
		if x+iw > float64(margin)+w && x > margin {
			x = margin
			y += 26
		}
		d.printf(`<g transform="translate(%.1f %.1f)">%s<text x="38" y="14" class="t">%s</text></g>`+"\n", x, y, it.swatch, esc(it.text))
		x += iw
	}
	y += 26
	d.printf(`<text x="%d" y="%.1f" class="t">%s</text>`+"\n", margin, y+14, esc(p.T("overview.legend.incell", "Marks", strings.Join(texts, " · "))))
	y += 22
	d.printf(`<text x="%d" y="%.1f" class="t">%s</text>`+"\n", margin, y+14, esc(p.T("overview.legend.room")))
	d.printf("</g>\n")
	return y + 22
}

// mix is the colour t of the way from a to b (#rrggbb).
func mix(a, b string, t float64) string {
	pa, pb := hex(a), hex(b)
	var out [3]int
	for i := range out {
		out[i] = int(math.Round(float64(pa[i]) + (float64(pb[i])-float64(pa[i]))*t))
	}
	return fmt.Sprintf("#%02x%02x%02x", out[0], out[1], out[2])
}

func hex(s string) [3]int {
	v, _ := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	return [3]int{int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)}
}

func esc(s string) string { return html.EscapeString(s) }
