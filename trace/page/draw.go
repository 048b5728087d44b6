package page

import (
	"fmt"
	"html"
	"math"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/pagefont"
	tidy "github.com/prunescope/prunescope/trace/layout"
)

// How the page draws its picture (pictureOfScene) without Graphviz: every node
// is a compact box around its shape — the textbook's ▲ for MAX, ▼ for MIN,
// ○ for a chance node, a square for a leaf, each as small as the value it
// holds allows — with the move above it, its window (α, β) below it (to its
// right when the tree grows to the right), ✂ beside it and the lines of
// the selective techniques under it. The boxes are laid out as a tidy tree
// (trace/layout) twice, top-down and left to right; the SVG holds both
// places of everything (data-td, data-lr) and the page's script
// (layout.js) shows the tree in the one that draws it larger in the
// browser's window, at load and whenever the window changes.

// Gaps of the page's layouts, in the drawing's units (points, the unit of
// the font sizes).
const (
	gapSibling = 5
	gapCousin  = 9
	gapLevelTD = 16
	gapLevelLR = 24
	// Left to right the boxes are low and one above the other: less room
	// between them reads as well.
	gapSiblingLR = 4
	gapCousinLR  = 8
	margin       = 4
	textGap      = 2 // between a shape and the texts around it
	stubLength   = 5 // the straight ends of an edge
)

// Orientation is one of the page's two layouts.
type orientation int

const (
	topDown orientation = iota
	leftRight
)

// placed is a text of a node, placed relative to its shape's centre in
// both layouts.
type placed struct {
	line     picLine
	td, lr   [2]float64 // the line's centre x and baseline y
	widthSum float64
}

// box is a shape measured: its outline and the texts around it, relative
// to its centre.
type box struct {
	w, h    float64 // the shape's size
	inner   []placed
	outer   []placed
	extent  [2][4]float64 // per layout: left, right, top, bottom, relative to the shape's centre
	halfMid float64       // half the shape's width at its middle height
	moveLR  bool          // the move is written left of the shape when the tree grows to the right
	outLR   float64       // where the shape's row (shape, window, ✂) ends on the right: edges leave from there
}

// lineWidth is the width of a line in the page's font.
func lineWidth(l picLine) float64 {
	w := 0.0
	for _, r := range l.runs {
		w += pagefont.Width(r.text, r.bold) * r.size
	}
	return w
}

func lineSize(l picLine) float64 {
	s := 0.0
	for _, r := range l.runs {
		s = max(s, r.size)
	}
	return s
}

// Text boxes as the page's font draws them, relative to the baseline, in
// font sizes.
const (
	ascent  = 0.95
	descent = 0.25
	leading = 1.2
)

// measure lays a shape's texts out and sizes it.
func measure(s *picShape) box {
	var b box
	var inner, above, below []picLine
	var window, cut *picLine
	for i := range s.lines {
		l := s.lines[i]
		switch {
		case s.id[0] != 'n':
			inner = append(inner, l)
		case l.place == placeAbove:
			above = append(above, l)
		case l.place == placeBelow:
			below = append(below, l)
		case l.class == "ps-v":
			inner = append(inner, l)
		case l.class == "ps-w":
			window = &s.lines[i]
		case l.class == "ps-c":
			cut = &s.lines[i]
		case l.class == "ps-note" || len(inner) > 0:
			below = append(below, l)
		default:
			above = append(above, l)
		}
	}
	scale := 1.0
	if s.class == "unsearched" {
		scale = 0.7 // a never-searched part is drawn smaller
	}
	if s.edge != nil && len(s.edge.label) > 0 {
		label := append([]picRun(nil), s.edge.label...)
		for k := range label {
			label[k].size *= scale
		}
		above = append([]picLine{{runs: label, class: probabilityClass(label)}}, above...)
	}
	// The inner block: its lines' widths and height.
	tw, th := 0.0, 0.0
	for i := range inner {
		for k := range inner[i].runs {
			inner[i].runs[k].size *= scale
		}
		tw = max(tw, lineWidth(inner[i]))
		th += leading * lineSize(inner[i])
	}
	first := 14.0 * scale
	if len(inner) > 0 {
		first = lineSize(inner[0])
	}
	// The shape, and the baseline of its first inner line from its top.
	var base float64
	switch s.shape {
	case "triangle": // ▲: the text near the wide base
		b.h = max(2.2*first, th+1.2*first)
		base = b.h - th + ascent*first - descent*first - 2
		top := base - 0.7*first // where the text's upper corners are
		b.w = (tw + 5) * b.h / top
		b.halfMid = b.w / 4
	case "invtriangle": // ▼: the text near the wide top
		b.h = max(2.2*first, th+1.2*first)
		base = 0.8*first + 2
		bottom := base + th - leading*first + descent*first + 1 // the text's lower corners
		b.w = (tw + 5) * b.h / (b.h - bottom)
		b.halfMid = b.w / 4
	case "circle", "ellipse", "doublecircle":
		r := math.Hypot(tw/2+2, th/2+2) + 1
		r = max(r, 0.9*first)
		b.w, b.h = 2*r, 2*r
		base = r - th/2 + ascent*first - 0.1*first
		b.halfMid = r
	default:
		b.w, b.h = tw+8, th+6
		if s.id[0] == 'n' {
			b.w = max(b.w, b.h)
		}
		base = 3 + ascent*first - 0.05*first
		b.halfMid = b.w / 2
	}
	if s.fixedW > 0 {
		b.w, b.h = max(b.w, 0.5*s.fixedW), max(b.h, 0.5*s.fixedH)
		base = b.h/2 - th/2 + ascent*first
		b.halfMid = b.w / 4
		if s.shape == "box" {
			b.halfMid = b.w / 2
		}
	}
	y := -b.h/2 + base
	for _, l := range inner {
		p := placed{line: l, widthSum: lineWidth(l)}
		p.td, p.lr = [2]float64{0, y}, [2]float64{0, y}
		b.inner = append(b.inner, p)
		y += leading * lineSize(l)
	}
	// Top-down: the move above, ✂ to the right, the window and the notes
	// below, all centred on the shape. Left to right: the move to the
	// left of the shape (where its edge comes in), the window and ✂ to its
	// right, the notes below from its left.
	left, right := -b.w/2, b.w/2
	tdL, tdR, lrR := left, right, right
	top := -b.h / 2
	lrLeft, lrTop := left, -b.h/2
	aboveW, aboveH := 0.0, 0.0
	for _, l := range above {
		aboveW = max(aboveW, lineWidth(l))
		aboveH += (ascent + descent) * lineSize(l)
	}
	lrY := -aboveH / 2 // the move's lines, centred on the shape
	for k := len(above) - 1; k >= 0; k-- {
		l := above[k]
		sz, w := lineSize(l), lineWidth(l)
		top -= textGap
		p := placed{line: l, widthSum: w}
		p.td = [2]float64{0, top - descent*sz}
		top -= (ascent + descent) * sz
		b.outer = append(b.outer, p)
		tdL, tdR = min(tdL, -w/2), max(tdR, w/2)
	}
	for i := range above {
		// The lines were appended last to first.
		p := &b.outer[len(b.outer)-1-i]
		sz := lineSize(p.line)
		lrY += ascent * sz
		p.lr = [2]float64{left - textGap - 1 - p.widthSum/2, lrY}
		lrY += descent * sz
	}
	if len(above) > 0 {
		lrLeft = left - textGap - 1 - aboveW
		lrTop = min(lrTop, -aboveH/2)
	}
	b.moveLR = len(above) > 0
	tdBottom, lrBottom := b.h/2, b.h/2
	lrText := right // where the texts right of the shape end, left to right
	if window != nil {
		sz, w := lineSize(*window), lineWidth(*window)
		p := placed{line: *window, widthSum: w}
		tdBottom += textGap + ascent*sz
		p.td = [2]float64{0, tdBottom}
		tdBottom += descent * sz
		p.lr = [2]float64{right + textGap + 2 + w/2, 0.35 * sz}
		lrText = right + textGap + 2 + w
		tdL, tdR = min(tdL, -w/2), max(tdR, w/2)
		b.outer = append(b.outer, p)
	}
	if cut != nil {
		// ✂ right of the shape; left to right, after the window.
		sz, w := lineSize(*cut), lineWidth(*cut)
		p := placed{line: *cut, widthSum: w}
		x := right + textGap + w/2
		p.td = [2]float64{x, 0.35 * sz}
		p.lr = [2]float64{lrText + textGap + w/2, 0.35 * sz}
		tdL, tdR = min(tdL, -x-w/2), max(tdR, x+w/2)
		lrText += textGap + w
		b.outer = append(b.outer, p)
	}
	lrR = max(lrR, lrText)
	b.outLR = lrText
	if window != nil && s.id[0] == 'n' && s.shape != "box" {
		// Left to right, an open node's live label (marks.js: "best 5 ·
		// α 5", "closed: α 5 ≥ β 4 — cut") follows its texts on the
		// shape's middle, where the edges to its children run: the room
		// for the longest one, so that it never covers a child.
		sz := lineSize(*window)
		values := lineWidth(*window) - pagefont.Width("(, )", false)*sz
		lrR = max(lrR, lrText+textGap+values+pagefont.Width("closed: α  ≥ β  — cut", false)*sz)
	}
	for _, l := range below {
		sz, w := lineSize(l), lineWidth(l)
		p := placed{line: l, widthSum: w}
		tdBottom += textGap/2 + ascent*sz
		lrBottom += textGap/2 + ascent*sz
		p.td = [2]float64{0, tdBottom}
		p.lr = [2]float64{left + w/2, lrBottom}
		tdBottom += descent * sz
		lrBottom += descent * sz
		tdL, tdR = min(tdL, -w/2), max(tdR, w/2)
		lrR = max(lrR, left+w)
		b.outer = append(b.outer, p)
	}
	half := max(-tdL, tdR) // symmetric about the shape, for edges straight down
	b.extent[topDown] = [4]float64{-half, half, top, tdBottom}
	b.extent[leftRight] = [4]float64{lrLeft, lrR, lrTop, lrBottom}
	return b
}

// where is a shape's centre in one layout.
type where struct{ x, y float64 }

// laidOut is the picture laid out one way: every shape's centre and the
// viewBox.
type laidOut struct {
	at   []where
	view [4]float64
}

// lay lays the picture out one way: a forest of root visits hangs from a
// root of no size, not drawn.
func lay(p *picture, boxes []box, o orientation) (laidOut, error) {
	n := len(p.shapes)
	in := make([]tidy.Box, n, n+1)
	for i, s := range p.shapes {
		e := boxes[i].extent[o]
		in[i] = tidy.Box{W: e[1] - e[0], H: e[3] - e[2], Children: s.children}
	}
	// The layout's root is its first box.
	order := make([]int, 0, n+1) // the layout's boxes, by index in the picture (-1: the forest's root)
	if len(p.roots) == 1 && p.roots[0] == 0 {
		for i := range in {
			order = append(order, i)
		}
	} else {
		in = append([]tidy.Box{{Children: append([]int(nil), p.roots...)}}, in...)
		for i := 1; i < len(in); i++ {
			kids := make([]int, len(in[i].Children))
			for k, c := range in[i].Children {
				kids[k] = c + 1
			}
			in[i].Children = kids
		}
		for k := range in[0].Children {
			in[0].Children[k]++
		}
		order = append(order, -1)
		for i := 0; i < n; i++ {
			order = append(order, i)
		}
	}
	opt := tidy.Options{Sibling: gapSibling, Cousin: gapCousin, Level: gapLevelTD}
	if o == leftRight {
		opt = tidy.Options{Direction: tidy.LeftRight, Sibling: gapSiblingLR, Cousin: gapCousinLR, Level: gapLevelLR}
	}
	res, err := tidy.Layout(in, opt)
	if err != nil {
		return laidOut{}, fmt.Errorf("page: %w", err)
	}
	level := make([]int, len(in))
	for v := range in {
		for _, c := range in[v].Children {
			level[c] = level[v] + 1 // children come after their parents here
		}
	}
	out := laidOut{at: make([]where, n)}
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for k, i := range order {
		if i < 0 {
			continue
		}
		e, c := boxes[i].extent[o], res.Centres[k]
		l := res.Levels[level[k]]
		if o == topDown {
			// Every level's boxes hang from the level's top.
			out.at[i] = where{c.X - (e[0]+e[1])/2, l.Start - e[2]}
		} else {
			out.at[i] = where{l.Start - e[0], c.Y - (e[2]+e[3])/2}
		}
		lo[0], hi[0] = min(lo[0], out.at[i].x+e[0]), max(hi[0], out.at[i].x+e[1])
		lo[1], hi[1] = min(lo[1], out.at[i].y+e[2]), max(hi[1], out.at[i].y+e[3])
	}
	out.view = [4]float64{lo[0] - margin, lo[1] - margin, hi[0] - lo[0] + 2*margin, hi[1] - lo[1] + 2*margin}
	return out, nil
}

// drawSVG writes the page's picture as inline SVG, laid out both ways.
// svgBytesPerShape is about what the drawing takes per shape: a node, its
// edge and its labels in both orientations.
const svgBytesPerShape = 1200

func drawSVG(p *picture) ([]byte, error) {
	boxes := make([]box, len(p.shapes))
	for i, s := range p.shapes {
		boxes[i] = measure(s)
	}
	var ways [2]laidOut
	for o := range ways {
		l, err := lay(p, boxes, orientation(o))
		if err != nil {
			return nil, err
		}
		ways[o] = l
	}
	var b strings.Builder
	b.Grow(svgBytesPerShape * len(p.shapes)) // one buffer, not a doubling one
	td, lr := ways[topDown], ways[leftRight]
	for _, s := range p.shapes {
		if s.edge != nil {
			writeEdge(&b, s.edge, [2]string{treeEdge(p, boxes, td, s.edge, topDown), treeEdge(p, boxes, lr, s.edge, leftRight)})
		}
	}
	for i, s := range p.shapes {
		writeShape(&b, s, boxes[i], [2]where{td.at[i], lr.at[i]})
	}
	for k, e := range p.cross {
		writeCross(&b, k, e, boxes, &ways)
	}
	head := fmt.Sprintf(`<svg id="ps-svg" width="100%%" height="100%%" viewBox="%s" data-td="%[1]s" data-lr="%s" preserveAspectRatio="xMidYMid meet">`, nums(ways[topDown].view[:]...), nums(ways[leftRight].view[:]...))
	return []byte(head + "\n<g id=\"ps-tree\">\n" + b.String() + "</g>\n</svg>"), nil
}

// nums writes numbers apart by spaces, with two decimals at most.
func nums(v ...float64) string {
	b := make([]byte, 0, 8*len(v))
	for i, x := range v {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendNum(b, x)
	}
	return string(b)
}

// num writes x rounded to two decimals, without trailing zeros ("3",
// "2.5", "-0.07"): as strconv.FormatFloat(math.Round(x*100)/100, 'f', -1,
// 64) writes it, "-0" as "0", from the hundredths as a whole number (the
// page's every coordinate: the lab draws a page at every change, in
// WebAssembly, where the float formatting cost a fifth of the drawing).
func num(x float64) string { return string(appendNum(nil, x)) }

func appendNum(b []byte, x float64) []byte {
	c := math.Round(x * 100)
	if c == 0 || math.IsNaN(c) {
		return append(b, '0')
	}
	if math.Abs(c) >= 1e15 { // past the exact whole numbers of a float64
		return strconv.AppendFloat(b, c/100, 'f', -1, 64)
	}
	h := int64(c)
	if h < 0 {
		b = append(b, '-')
		h = -h
	}
	b = strconv.AppendInt(b, h/100, 10)
	switch frac := h % 100; {
	case frac == 0:
	case frac%10 == 0:
		b = append(b, '.', byte('0'+frac/10))
	default:
		b = append(b, '.', byte('0'+frac/10), byte('0'+frac%10))
	}
	return b
}

// treeEdge is the path of the edge into a shape from its parent: from below
// the parent's box (right of it, left to right) to the top of the child's
// (its shape's left).
func treeEdge(p *picture, boxes []box, l laidOut, e *picEdge, o orientation) string {
	a, c := l.at[e.from], l.at[e.to]
	ea, ec := boxes[e.from].extent[o], boxes[e.to].extent[o]
	// A short straight stub at each end: an edge never leaves a small ▼
	// along the slope of its sides (which would read as an X).
	if o == topDown {
		y1, y2 := a.y+ea[3]+1, c.y+ec[2]-1
		stub := min(stubLength, (y2-y1)/3)
		return fmt.Sprintf("M%s %sv%sL%s %sv%s", num(a.x), num(y1), num(stub), num(c.x), num(y2-stub), num(stub))
	}
	x1, x2 := a.x+boxes[e.from].outLR+2, c.x-boxes[e.to].halfMid-1
	if boxes[e.to].moveLR {
		x2 = c.x + ec[0] - 1 // at the move, left of the shape
	}
	stub := min(stubLength, (x2-x1)/3)
	return fmt.Sprintf("M%s %sh%sL%s %sh%s", num(x1), num(a.y), num(stub), num(x2-stub), num(c.y), num(stub))
}

// colour is a DOT colour in SVG ("" stays ""): X11's grayN as hex.
func colour(c string) string {
	if digits, ok := grayN(c); ok {
		n, _ := strconv.Atoi(digits)
		v := int(math.Round(float64(min(n, 100)) * 2.55))
		return fmt.Sprintf("#%02x%02x%02x", v, v, v)
	}
	return c
}

// grayN gives the number of X11's grayN or greyN (one or more ASCII
// digits), ok false for another colour.
func grayN(c string) (digits string, ok bool) {
	digits, ok = strings.CutPrefix(c, "gray")
	if !ok {
		digits, ok = strings.CutPrefix(c, "grey")
	}
	return digits, ok && digits != "" && strings.Trim(digits, "0123456789") == ""
}

func dash(style string) string {
	switch {
	case strings.Contains(style, "dashed"):
		return ` stroke-dasharray="5 3"`
	case strings.Contains(style, "dotted"):
		return ` stroke-dasharray="1.5 2.5"`
	}
	return ""
}

func orDefault(c, def string) string {
	if c == "" {
		return def
	}
	return colour(c)
}

// lookClass is the class attribute of a shape, edge or text in a look of
// the look table (lookCSS colours it from the page's custom properties), ""
// for none.
func lookClass(look string) string {
	if look == "" {
		return ""
	}
	return ` class="ps-l-` + look + `"`
}

// tags are the attributes that tie a shape or edge to a node's state: the
// moves a cutoff left unsearched (data-cut), what hangs from a node
// (data-of).
func tags(cut, of int64) string {
	switch {
	case cut >= 0:
		return fmt.Sprintf(` data-cut="%d"`, cut)
	case of >= 0:
		return fmt.Sprintf(` data-of="%d"`, of)
	}
	return ""
}

func writeEdge(b *strings.Builder, e *picEdge, d [2]string) {
	id := ""
	if e.id != "" {
		id = ` id="` + html.EscapeString(e.id) + `"`
	}
	class := "edge"
	if e.class != "" {
		class += " " + e.class
	}
	fmt.Fprintf(b, `<g%s class="%s"%s><path d="%s" data-td="%[4]s" data-lr="%s" fill="none" stroke="%s" stroke-width="1.2" stroke-linejoin="round"%s%s/></g>`+"\n",
		id, class, tags(e.cut, e.of), d[0], d[1], orDefault(e.color, "black"), dash(e.style), lookClass(e.look))
}

// writeShape writes a shape's group, at its place top-down, with its place
// left to right beside.
func writeShape(b *strings.Builder, s *picShape, bx box, at [2]where) {
	class := "node"
	if s.class != "" {
		class += " " + s.class
	}
	if s.id[0] == 's' {
		class += " summary"
	}
	path := ""
	if s.path != "" || s.id[0] == 'n' {
		path = ` data-path="` + html.EscapeString(s.path) + `"`
	}
	td := nums(at[0].x, at[0].y)
	b.WriteString(`<g id="` + s.id + `" class="` + class + `"` + tags(s.cut, s.of) + path + ` transform="translate(` + td + `)" data-td="` + td + `" data-lr="` + nums(at[1].x, at[1].y) + `">`)
	if s.tooltip != "" {
		fmt.Fprintf(b, "<title>%s</title>", html.EscapeString(s.tooltip))
	}
	stroke := orDefault(s.color, "black")
	fill := orDefault(s.fill, "white")
	width := "1.2"
	w, h := bx.w, bx.h
	attrs := fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="%s"%s%s`, fill, stroke, width, dash(s.style), lookClass(s.look))
	switch s.shape {
	case "triangle":
		fmt.Fprintf(b, `<polygon %s points="%s"/>`, attrs, nums(0, -h/2, w/2, h/2, -w/2, h/2))
	case "invtriangle":
		fmt.Fprintf(b, `<polygon %s points="%s"/>`, attrs, nums(-w/2, -h/2, w/2, -h/2, 0, h/2))
	case "circle", "ellipse", "doublecircle":
		fmt.Fprintf(b, `<ellipse %s cx="0" cy="0" rx="%s" ry="%s"/>`, attrs, num(w/2), num(h/2))
	default:
		if strings.Contains(s.style, "rounded") {
			fmt.Fprintf(b, `<path %s d="M%s %sh%sa4 4 0 0 1 4 4v%sa4 4 0 0 1 -4 4h%sa4 4 0 0 1 -4 -4v%sa4 4 0 0 1 4 -4z"/>`,
				attrs, num(-w/2+4), num(-h/2), num(w-8), num(h-8), num(-(w - 8)), num(-(h - 8)))
		} else {
			fmt.Fprintf(b, `<polygon %s points="%s"/>`, attrs, nums(-w/2, -h/2, w/2, -h/2, w/2, h/2, -w/2, h/2))
		}
	}
	for _, p := range bx.inner {
		writeText(b, p, s.font, false)
	}
	for _, p := range bx.outer {
		writeText(b, p, s.font, true)
	}
	b.WriteString("</g>\n")
}

// writeText writes a line: a placeholder of the player's (class ps-v, ps-w,
// ps-c) as an empty text centred on its place, others run by run in the
// page's font; moved says whether its place differs between the layouts.
func writeText(b *strings.Builder, p placed, colour string, moved bool) {
	l := p.line
	pos := func(xy [2]float64, dx float64) string {
		s := `x="` + num(xy[0]+dx) + `" y="` + num(xy[1]) + `"`
		if moved {
			s += ` data-td="` + nums(xy[0]+dx, xy[1]) + `" data-lr="` + nums(p.lr[0]+dx, p.lr[1]) + `"`
		}
		return s
	}
	font := func(r picRun) string {
		s := `font-family="` + pagefont.Family + `" font-size="` + num(r.size) + `"`
		if r.bold {
			s += ` font-weight="bold"`
		}
		if c := orDefault(r.color, orDefault(colour, "")); c != "" {
			s += ` fill="` + c + `"`
		}
		return s
	}
	classes := func(r picRun) string {
		c := strings.TrimSpace(l.class + " " + strings.TrimPrefix(lookClass(r.look), ` class="`))
		c = strings.TrimSuffix(c, `"`)
		if c == "" {
			return ""
		}
		return ` class="` + c + `"`
	}
	if l.class == "ps-v" || l.class == "ps-w" || l.class == "ps-c" {
		b.WriteString(`<text` + classes(l.runs[0]) + ` text-anchor="middle" ` + pos(p.td, 0) + ` ` + font(l.runs[0]) + `></text>`)
		return
	}
	if len(l.runs) == 1 {
		b.WriteString(`<text` + classes(l.runs[0]) + ` text-anchor="middle" ` + pos(p.td, 0) + ` ` + font(l.runs[0]) + `>` + html.EscapeString(strings.TrimSpace(l.runs[0].text)) + `</text>`)
		return
	}
	x := -p.widthSum / 2
	for _, r := range l.runs {
		w := pagefont.Width(r.text, r.bold) * r.size
		// A browser drops the spaces at the ends of a text: the run starts
		// after its leading ones.
		content := strings.TrimLeft(r.text, " ")
		lead := pagefont.Width(r.text[:len(r.text)-len(content)], r.bold) * r.size
		b.WriteString(`<text` + classes(r) + ` text-anchor="start" ` + pos(p.td, x+lead) + ` ` + font(r) + `>` + html.EscapeString(strings.TrimRight(content, " ")) + `</text>`)
		x += w
	}
}

// writeCross writes an edge across the tree (a transposition's hit to the
// node of its entry): an arc from the top of the one shape to the top of
// the other (their left sides, left to right), bowed away from the tree
// edges, with an open arrowhead at its end and its label, haloed, at its
// middle. It widens the views to hold it.
func writeCross(b *strings.Builder, k int, e *picEdge, boxes []box, ways *[2]laidOut) {
	var d [2]string
	var mid [2][2]float64
	w := 0.0
	if len(e.label) > 0 {
		w = lineWidth(picLine{runs: e.label})
	}
	for o := range ways {
		l := &ways[o]
		a, c := l.at[e.from], l.at[e.to]
		ba, bc := boxes[e.from], boxes[e.to]
		var x1, y1, x2, y2, cx, cy float64
		if o == int(topDown) {
			x1, y1, x2, y2 = a.x, a.y-ba.h/2-1, c.x, c.y-bc.h/2-1
			cx, cy = (x1+x2)/2, min(y1, y2)-0.25*math.Abs(x2-x1)-12
		} else {
			x1, y1, x2, y2 = a.x-ba.halfMid-1, a.y, c.x-bc.halfMid-1, c.y
			cx, cy = min(x1, x2)-0.25*math.Abs(y2-y1)-12, (y1+y2)/2
		}
		// The arrowhead: along the curve's end.
		dx, dy := x2-cx, y2-cy
		n := math.Hypot(dx, dy)
		if n == 0 {
			n = 1
		}
		ux, uy := dx/n, dy/n
		h := 6.0
		d[o] = fmt.Sprintf("M%s %sQ%s %s %s %sM%s %sL%s %sL%s %s",
			num(x1), num(y1), num(cx), num(cy), num(x2), num(y2),
			num(x2-h*ux-h/2*uy), num(y2-h*uy+h/2*ux), num(x2), num(y2), num(x2-h*ux+h/2*uy), num(y2-h*uy-h/2*ux))
		mid[o] = [2]float64{0.25*x1 + 0.5*cx + 0.25*x2, 0.25*y1 + 0.5*cy + 0.25*y2}
		// The view holds the arc's middle and its label.
		v := &l.view
		lx0, ly0 := mid[o][0]-w/2-margin, mid[o][1]-14-margin
		lx1, ly1 := mid[o][0]+w/2+margin, mid[o][1]+margin
		if lx0 < v[0] {
			v[2] += v[0] - lx0
			v[0] = lx0
		}
		if ly0 < v[1] {
			v[3] += v[1] - ly0
			v[1] = ly0
		}
		v[2] = max(v[2], lx1-v[0])
		v[3] = max(v[3], ly1-v[1])
	}
	class := "edge cross"
	if e.class != "" {
		class += " " + e.class
	}
	fmt.Fprintf(b, `<g id="x%d" class="%s"%s><path d="%s" data-td="%[4]s" data-lr="%s" fill="none" stroke="%s" stroke-width="1.2"%s%s/>`,
		k+1, class, tags(e.cut, e.of), d[0], d[1], orDefault(e.color, "black"), dash(e.style), lookClass(e.look))
	if len(e.label) > 0 {
		l := picLine{runs: e.label, class: "ps-halo"}
		p := placed{line: l, widthSum: w}
		p.td = [2]float64{mid[0][0], mid[0][1] - 3}
		p.lr = [2]float64{mid[1][0], mid[1][1] - 3}
		writeText(b, p, e.color, true)
	}
	b.WriteString("</g>\n")
}

// probabilityClass is the class of an edge's label that ends in its
// outcome's probability ("2.1 (0,5)"), written in the page's language:
// i18n.js writes the probability again in the language shown, the move's
// name keeping its points.
func probabilityClass(label []picRun) string {
	if n := len(label); n > 0 && endsInProbability(label[n-1].text) {
		return "ps-pnum"
	}
	return ""
}

// endsInProbability reports whether s ends in "(D[.,]D)", digits on both
// sides of the decimal sign (no regexp: the lab's engine leaves it out).
func endsInProbability(s string) bool {
	if !strings.HasSuffix(s, ")") {
		return false
	}
	open := strings.LastIndexByte(s, '(')
	if open < 0 {
		return false
	}
	in := s[open+1 : len(s)-1]
	sep := strings.IndexAny(in, ".,")
	digits := func(d string) bool {
		return d != "" && strings.Trim(d, "0123456789") == ""
	}
	return sep > 0 && digits(in[:sep]) && digits(in[sep+1:])
}
