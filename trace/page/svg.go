package page

import (
	"bytes"
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/trace/dot"
)

// Shapes are the shapes of the drawing the page's state names: the searched
// nodes drawn (by trace id) and the never-searched shapes (by SVG id, with
// the node whose cutoff left them).
type Shapes struct {
	Searched   map[int64]bool
	Unsearched map[string]int64
	// Notes are the events that made each line of a node's selective
	// techniques true (dot.Stats.Notes), by node id.
	Notes map[int64][]int64
}

var (
	// A node statement of the page's DOT: `  n5 [` or `  u3 [... class="unsearched ps-cut5"`.
	dotNode = regexp.MustCompile(`(?m)^  ([nu])(\d+) \[(.*)\];$`)
	dotCut  = regexp.MustCompile(`ps-cut(\d+)`)
)

// shapesOf lists the shapes of the page's DOT text (dot.Options.Page).
func shapesOf(src []byte) Shapes {
	sh := Shapes{Searched: map[int64]bool{}, Unsearched: map[string]int64{}}
	for _, m := range dotNode.FindAllSubmatch(src, -1) {
		if bytes.Contains(m[3], []byte("->")) {
			continue
		}
		id, err := strconv.ParseInt(string(m[2]), 10, 64)
		if err != nil {
			continue
		}
		if m[1][0] == 'n' {
			sh.Searched[id] = true
			continue
		}
		if c := dotCut.FindSubmatch(m[3]); c != nil {
			cut, _ := strconv.ParseInt(string(c[1]), 10, 64)
			sh.Unsearched["u"+string(m[2])] = cut
		}
	}
	return sh
}

var (
	svgStart = regexp.MustCompile(`(?s)^.*?<svg\b[^>]*>`)
	svgView  = regexp.MustCompile(`viewBox="([^"]*)"`)
	svgTags  = regexp.MustCompile(`class="([^"]*?)\s*ps(?:-|&#45;)(cut|of)(\d+)"`)
	svgGroup = regexp.MustCompile(`(?s)<g id="(n\d+)" class="node">(.*?)</g>`)
	// svgText is a text element: its attributes and its text.
	svgText  = regexp.MustCompile(`<text ([^>]*)>([^<]*)</text>`)
	svgAttr  = regexp.MustCompile(`([a-z-]+)="([^"]*)"`)
	svgNote  = regexp.MustCompile(`(?s)<!--.*?-->\n?`)
	rootHead = regexp.MustCompile(`^iteration \d+(, pass \d+)?$`)
)

// pageSVG turns Graphviz's SVG of the page's DOT into the inline picture
// the player works on: no XML prolog or comments, sized by the page (the
// viewBox kept, width and height 100%), every text placed by the page's
// font (placeText), the tags of never-searched shapes and of boxes hanging
// from a node turned into data-cut and data-of attributes, and the
// placeholders of a node's numbers, each alone on its line, into empty text
// elements centred on it (class ps-v, ps-w, ps-c) for the player to fill at
// every step; the lines of the selective techniques get class ps-note, each
// shown from the step of the event that made it true (dot.Stats.Notes, in
// the order of the lines).
func pageSVG(svg []byte) ([]byte, error) {
	s := string(svg)
	head := svgStart.FindString(s)
	if head == "" {
		return nil, fmt.Errorf("page: the renderer's SVG has no <svg> element")
	}
	view := svgView.FindStringSubmatch(head)
	if view == nil {
		return nil, fmt.Errorf("page: the renderer's SVG has no viewBox")
	}
	body := svgNote.ReplaceAllString(s[len(head):], "")
	body = placeText(body)
	body = svgTags.ReplaceAllStringFunc(body, func(m string) string {
		p := svgTags.FindStringSubmatch(m)
		class := strings.TrimSpace(p[1])
		if p[2] == "cut" {
			return fmt.Sprintf(`class="%s" data-cut="%s"`, class, p[3])
		}
		return fmt.Sprintf(`class="%s" data-of="%s"`, class, p[3])
	})
	body = svgGroup.ReplaceAllStringFunc(body, func(g string) string {
		m := svgGroup.FindStringSubmatch(g)
		inner := svgText.ReplaceAllStringFunc(m[2], func(t string) string {
			p := svgText.FindStringSubmatch(t)
			content := strings.TrimSpace(html.UnescapeString(p[2]))
			class := ""
			switch {
			case dot.IsPageValue(content):
				class = "ps-v"
			case dot.IsPageWindow(content):
				class = "ps-w"
			case content == dot.PageCut:
				class = "ps-c"
			case strings.Contains(p[1], noteSize) && !rootHead.MatchString(content):
				// The small lines of the selective techniques
				// (dot.PageNoteSize) say how the node ended: the player
				// shows them once it has; the move and the iteration and
				// pass of a root visit are known from the start.
				return strings.Replace(t, "<text ", `<text class="ps-note" `, 1)
			default:
				return t
			}
			// A placeholder, alone on its line and so centred on it.
			return `<text class="` + class + `" ` + p[1] + `></text>`
		})
		return fmt.Sprintf(`<g id="%s" class="node">%s</g>`, m[1], inner)
	})
	out := fmt.Sprintf(`<svg id="ps-svg" width="100%%" height="100%%" viewBox="%s" preserveAspectRatio="xMidYMid meet">`, view[1])
	return []byte(out + body), nil
}

// noteSize is the font size of the selective techniques' lines in the SVG.
var noteSize = fmt.Sprintf(`font-size="%d.00"`, dot.PageNoteSize)

// textItem is a text element of Graphviz's SVG: where it is in the SVG,
// its attributes and its text.
type textItem struct {
	start, end int
	attrs      map[string]string
	order      []string // the attributes' names, in order
	text       string   // unescaped
}

func (t textItem) size() float64 {
	v, err := strconv.ParseFloat(t.attrs["font-size"], 64)
	if err != nil {
		return 14
	}
	return v
}

func (t textItem) bold() bool { return t.attrs["font-weight"] == "bold" }

// placeText places every line of text of Graphviz's SVG of the page by the
// page's font (internal/pagefont), which Graphviz does not know: it wrote
// each run of a line from the line's left end by its estimate of the runs'
// widths (dot.PageEstimate), from which the line's centre is found; the
// runs are then laid from the centre by their widths in the page's font. A
// line of one run is centred (text-anchor middle). Every text names the
// page's font.
func placeText(body string) string {
	locs := svgText.FindAllStringSubmatchIndex(body, -1)
	items := make([]textItem, len(locs))
	for i, l := range locs {
		it := textItem{start: l[0], end: l[1], attrs: map[string]string{}, text: html.UnescapeString(body[l[4]:l[5]])}
		for _, a := range svgAttr.FindAllStringSubmatch(body[l[2]:l[3]], -1) {
			it.attrs[a[1]] = a[2]
			it.order = append(it.order, a[1])
		}
		items[i] = it
	}
	var out strings.Builder
	at := 0
	for i := 0; i < len(items); {
		// A line: the runs that follow one another at the same height.
		j := i + 1
		for j < len(items) && items[j].attrs["y"] == items[i].attrs["y"] && strings.TrimSpace(body[items[j-1].end:items[j].start]) == "" {
			j++
		}
		out.WriteString(body[at:items[i].start])
		out.WriteString(placeLine(items[i:j]))
		at = items[j-1].end
		i = j
	}
	out.WriteString(body[at:])
	return out.String()
}

// placeLine writes the runs of one line of text by the page's font.
func placeLine(line []textItem) string {
	x0, _ := strconv.ParseFloat(line[0].attrs["x"], 64)
	estimate, width := 0.0, 0.0
	for _, it := range line {
		estimate += dot.PageEstimate(it.text, it.size())
		width += pagefont.Width(it.text, it.bold()) * it.size()
	}
	centre := x0 + estimate/2
	switch line[0].attrs["text-anchor"] {
	case "middle":
		centre = x0
	case "end":
		centre = x0 - estimate/2
	}
	if len(line) == 1 {
		return textElement(line[0], "middle", centre, strings.TrimSpace(line[0].text))
	}
	var b strings.Builder
	x := centre - width/2
	for _, it := range line {
		w := pagefont.Width(it.text, it.bold()) * it.size()
		// A browser drops the spaces at the ends of a text: the run
		// starts after its leading ones.
		content := strings.TrimLeft(it.text, " ")
		lead := pagefont.Width(it.text[:len(it.text)-len(content)], it.bold()) * it.size()
		b.WriteString(textElement(it, "start", x+lead, strings.TrimRight(content, " ")))
		x += w
	}
	return b.String()
}

// textElement writes a text element with its attributes, placed anew, in
// the page's font.
func textElement(it textItem, anchor string, x float64, content string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<text text-anchor="%s" x="%s"`, anchor, strconv.FormatFloat(x, 'f', 2, 64))
	for _, k := range it.order {
		switch k {
		case "text-anchor", "x":
			continue
		case "font-family":
			b.WriteString(` font-family="` + pagefont.Family + `"`)
			continue
		}
		b.WriteString(" " + k + `="` + it.attrs[k] + `"`)
	}
	b.WriteString(">" + html.EscapeString(content) + "</text>")
	return b.String()
}
