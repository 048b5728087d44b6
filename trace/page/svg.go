package page

import (
	"bytes"
	"fmt"
	"html"
	"math"
	"regexp"
	"strconv"
	"strings"

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
	svgText  = regexp.MustCompile(`<text text-anchor="[a-z]+" x="([-\d.]+)"([^>]*)>([^<]*)</text>`)
	svgPoint = regexp.MustCompile(`\s(?:points|d)="([^"]*)"`)
	// svgEllipse is a circle's or an ellipse's centre (a chance node).
	svgEllipse = regexp.MustCompile(`<ellipse[^>]*\scx="([-0-9.]+)"`)
	svgNum     = regexp.MustCompile(`-?\d+(?:\.\d+)?`)
	svgNote    = regexp.MustCompile(`(?s)<!--.*?-->\n?`)
	rootHead   = regexp.MustCompile(`^iteration \d+(, pass \d+)?$`)
)

// pageSVG turns Graphviz's SVG of the page's DOT into the inline picture
// the player works on: no XML prolog or comments, sized by the page (the
// viewBox kept, width and height 100%), the tags of never-searched shapes
// and of boxes hanging from a node turned into data-cut and data-of
// attributes, and the placeholders of a node's numbers into empty text
// elements centred in its shape (class ps-v, ps-w, ps-c) for the player to
// fill at every step; the lines of the selective techniques get class
// ps-note, each shown from the step of the event that made it true
// (dot.Stats.Notes, in the order of the lines).
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
		cx, ok := centre(m[2])
		inner := svgText.ReplaceAllStringFunc(m[2], func(t string) string {
			p := svgText.FindStringSubmatch(t)
			class := ""
			content := strings.TrimSpace(strings.ReplaceAll(html.UnescapeString(p[3]), "\u00a0", " "))
			switch {
			case dot.IsPageValue(content):
				class = "ps-v"
			case dot.IsPageWindow(content):
				class = "ps-w"
			case content == dot.PageCut:
				class = "ps-c"
			default:
				// The small lines of the selective techniques
				// (dot.PageNoteSize) say how the node ended: the player
				// shows them once it has; the move and the iteration and
				// pass of a root visit are known from the start.
				if strings.Contains(p[2], noteSize) && !rootHead.MatchString(content) {
					return strings.Replace(t, "<text ", `<text class="ps-note" `, 1)
				}
				return t
			}
			x := p[1]
			if ok {
				x = strconv.FormatFloat(cx, 'f', 2, 64)
			}
			return fmt.Sprintf(`<text class="%s" text-anchor="middle" x="%s"%s></text>`, class, x, p[2])
		})
		return fmt.Sprintf(`<g id="%s" class="node">%s</g>`, m[1], inner)
	})
	out := fmt.Sprintf(`<svg id="ps-svg" width="100%%" height="100%%" viewBox="%s" preserveAspectRatio="xMidYMid meet">`, view[1])
	return []byte(out + body), nil
}

// noteSize is the font size of the selective techniques' lines in the SVG.
var noteSize = fmt.Sprintf(`font-size="%d.00"`, dot.PageNoteSize)

// centre is the middle, left to right, of the first outline in a node's
// group (a polygon's, or a chance node's circle's): where its numbers are
// written.
func centre(group string) (float64, bool) {
	if e := svgEllipse.FindStringSubmatch(group); e != nil && strings.Index(group, "<ellipse") < firstOutline(group) {
		x, err := strconv.ParseFloat(e[1], 64)
		return x, err == nil
	}
	m := svgPoint.FindStringSubmatch(group)
	if m == nil {
		return 0, false
	}
	nums := svgNum.FindAllString(m[1], -1)
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i+1 < len(nums); i += 2 {
		x, err := strconv.ParseFloat(nums[i], 64)
		if err != nil {
			return 0, false
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	if lo > hi {
		return 0, false
	}
	return (lo + hi) / 2, true
}

// firstOutline is where a node group's first polygon or path starts (the
// group's length when it has none).
func firstOutline(group string) int {
	if loc := svgPoint.FindStringIndex(group); loc != nil {
		return loc[0]
	}
	return len(group)
}
