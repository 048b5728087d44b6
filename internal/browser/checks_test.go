package browser

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// rect is an element's box on the screen, in CSS pixels.
type rect struct{ X, Y, W, H float64 }

func (r *rect) contains(x, y float64) bool {
	return r != nil && x >= r.X && x < r.X+r.W && y >= r.Y && y < r.Y+r.H
}

// geometry is where the page put its parts.
type geometry struct {
	VW, VH  float64          // the viewport
	SW, SH  float64          // the document's scroll size
	Tree    *rect            // the tree's container
	Drawing *rect            // the drawn graph inside it
	Panels  map[string]*rect // caption, line, counters, board and controls (nil when hidden)
	Caption float64          // the caption's font size
	// The smallest node value and window texts on the screen, in px (0
	// when there are none).
	ValueText, WindowText float64
	// Overflows are the texts of shown nodes that leave their shape, or
	// cross it when drawn beside it, as "n12: (−∞, +∞)".
	Overflows []string
	// The page's own layout numbers: the drawing's viewBox, in points, and
	// the font size its layout gave the nodes' values and windows.
	ViewBox               []float64
	ValueSize, WindowSize float64
	// Fonts are the page's font faces and their status ("prunescope Go
	// 700 loaded"); Texts the drawing's texts shown, with their size,
	// weight, font and width as the browser draws them.
	Fonts []string
	Texts []drawnText
	// Families are the font families of the page's parts around the
	// drawing (caption, line, controls, help), by id.
	Families map[string]string
	// Orientation is the layout shown, "td" (top-down) or "lr" (left to
	// right); Scale the scale at which each fits the tree's container.
	Orientation string
	Scale       map[string]float64
	Turn        float64 // how much larger left to right must draw the tree to be shown
}

// drawnText is a text of the drawing as the browser draws it: its size
// (the layout's, in the drawing's units), whether bold, the font family it
// is drawn in and its width in the drawing's units.
type drawnText struct {
	Text         string
	Size, Length float64
	Bold         bool
	Family       string
}

const geometryJS = `(() => {
	const box = el => {
		if (!el) return null;
		const cs = getComputedStyle(el), b = el.getBoundingClientRect();
		if (cs.display === "none" || cs.visibility === "hidden" || b.width === 0 || b.height === 0) return null;
		return {X: b.x, Y: b.y, W: b.width, H: b.height};
	};
	const tree = document.getElementById("tree");
	const svg = tree && tree.querySelector("svg");
	const panels = {};
	for (const id of ["caption", "line", "counters", "board", "scrub", "prev", "next", "cut", "first", "last", "play", "speed", "full", "help"])
		panels[id] = box(document.getElementById(id));
	const smallest = sel => {
		let px = 0;
		for (const e of document.querySelectorAll(sel)) {
			const m = e.getScreenCTM(), f = parseFloat(getComputedStyle(e).fontSize) * Math.hypot(m.a, m.b);
			if (px === 0 || f < px) px = f;
		}
		return px;
	};
	const overflows = [];
	for (const g of document.querySelectorAll("#tree g.node:not(.ps-hidden)")) {
		const shape = g.querySelector("polygon, ellipse, path");
		if (!shape || !shape.isPointInFill) continue;
		for (const t of g.querySelectorAll("text")) {
			if (t.textContent.trim() === "" || getComputedStyle(t).visibility === "hidden") continue;
			const b = t.getBBox(), pt = new DOMPoint(), inset = 0.5;
			const corners = [[b.x + inset, b.y + b.height / 4], [b.x + b.width - inset, b.y + b.height / 4],
				[b.x + inset, b.y + b.height - inset], [b.x + b.width - inset, b.y + b.height - inset]];
			// A text placed beside its shape (the move, the window, ✂, the
			// notes: each has a place of its own in both layouts) keeps
			// clear of it; any other is inside it.
			const beside = t.hasAttribute("data-td");
			if (corners.some(([x, y]) => { pt.x = x; pt.y = y; return shape.isPointInFill(pt) === beside; }))
				overflows.push(g.id + ": " + t.textContent + (beside ? " (beside the shape)" : ""));
		}
	}
	const texts = [];
	for (const t of document.querySelectorAll("#tree g:not(.ps-hidden) > text, #tree g:not(.ps-hidden) > a > text")) {
		if (t.textContent.trim() === "" || getComputedStyle(t).visibility === "hidden" || t.closest(".ps-hidden")) continue;
		const cs = getComputedStyle(t);
		texts.push({Text: t.textContent, Size: parseFloat(cs.fontSize), Bold: parseInt(cs.fontWeight) >= 600, Family: cs.fontFamily, Length: t.getComputedTextLength()});
	}
	const families = {};
	for (const id of ["algo", "input", "caption", "line", "first", "play", "speed", "scrub", "where", "counters", "full", "help", "keys"]) {
		const el = document.getElementById(id);
		if (el) families[id] = getComputedStyle(el).fontFamily;
	}
	const fonts = [];
	document.fonts.forEach(f => fonts.push(f.family.replace(/"/g, "") + " " + f.weight + " " + f.status));
	const attr = (sel, a) => { const e = document.querySelector(sel); return e ? parseFloat(e.getAttribute(a)) : 0; };
	return {VW: innerWidth, VH: innerHeight, ValueText: smallest("#tree .ps-v"), WindowText: smallest("#tree .ps-w"), Overflows: overflows,
		ViewBox: svg ? svg.getAttribute("viewBox").split(/[\s,]+/).map(Number) : [], ValueSize: attr("#tree .ps-v", "font-size"), WindowSize: attr("#tree .ps-w", "font-size"),
		Fonts: fonts, Texts: texts, Families: families,
		Orientation: window.psLayout ? window.psLayout.orientation() : "", Scale: window.psLayout ? {td: window.psLayout.scale("td"), lr: window.psLayout.scale("lr")} : {}, Turn: window.psLayout ? window.psLayout.turn : 0,
		SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight,
		Tree: box(tree), Drawing: box(svg && svg.querySelector("g")), Panels: panels,
		Caption: parseFloat(getComputedStyle(document.getElementById("caption")).fontSize)};
})()`

// layoutProblems says what is wrong with a page's layout for a projector
// (projector: at 1920×1080, where the caption must be 18 px or more).
func layoutProblems(g geometry, projector bool) []string {
	var p []string
	if g.Tree == nil || g.Drawing == nil {
		return []string{fmt.Sprintf("no tree shown: container %v, drawing %v", g.Tree, g.Drawing)}
	}
	if g.SW > g.VW+1 || g.SH > g.VH+1 {
		p = append(p, fmt.Sprintf("the page scrolls: %.0f×%.0f in a %.0f×%.0f viewport", g.SW, g.SH, g.VW, g.VH))
	}
	if g.Panels["caption"] == nil {
		p = append(p, "no caption shown")
	}
	for _, o := range g.Overflows {
		p = append(p, "a text leaves its shape: "+o)
	}
	if projector && g.Caption < 18 {
		p = append(p, fmt.Sprintf("caption font %.1f px, want at least 18 at %.0f×%.0f", g.Caption, g.VW, g.VH))
	}
	// The free space: the viewport's points (on a 8 px grid) outside every
	// panel. The tree's container must hold most of them.
	free, inTree := 0, 0
	for y := 4.0; y < g.VH; y += 8 {
		for x := 4.0; x < g.VW; x += 8 {
			covered := false
			for _, panel := range g.Panels {
				if panel.contains(x, y) {
					covered = true
					break
				}
			}
			if covered {
				continue
			}
			free++
			if g.Tree.contains(x, y) {
				inTree++
			}
		}
	}
	if share := float64(inTree) / float64(free); share < 0.75 {
		p = append(p, fmt.Sprintf("the tree's container %+v covers %.0f%% of the space the panels leave, want at least 75%%", *g.Tree, 100*share))
	}
	// The drawing is scaled to fit: inside its container, as wide or as high.
	d, c := g.Drawing, g.Tree
	if d.X < c.X-2 || d.Y < c.Y-2 || d.X+d.W > c.X+c.W+2 || d.Y+d.H > c.Y+c.H+2 {
		p = append(p, fmt.Sprintf("the drawing %+v overflows its container %+v", *d, *c))
	}
	if d.W < 0.9*c.W && d.H < 0.9*c.H {
		p = append(p, fmt.Sprintf("the drawing %.0f×%.0f fills neither the width nor the height of its container %.0f×%.0f", d.W, d.H, c.W, c.H))
	}
	return p
}

// pixelProblems finds in the screenshot the box of what is drawn in the tree's
// container (the pixels that differ from its most common colour) and checks
// it spans most of the container's width or height.
func pixelProblems(g geometry, shot []byte) []string {
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return []string{err.Error()}
	}
	if g.Tree == nil {
		return nil // layoutProblems says so
	}
	scale := float64(img.Bounds().Dx()) / g.VW
	c := g.Tree
	area := image.Rect(int(c.X*scale), int(c.Y*scale), int((c.X+c.W)*scale), int((c.Y+c.H)*scale)).Intersect(img.Bounds())
	counts := map[[4]uint32]int{}
	colour := func(x, y int) [4]uint32 {
		r, g, b, a := img.At(x, y).RGBA()
		return [4]uint32{r >> 8, g >> 8, b >> 8, a >> 8}
	}
	for y := area.Min.Y; y < area.Max.Y; y += 2 {
		for x := area.Min.X; x < area.Max.X; x += 2 {
			counts[colour(x, y)]++
		}
	}
	var bg [4]uint32
	for col, n := range counts {
		if n > counts[bg] {
			bg = col
		}
	}
	drawn := image.Rectangle{}
	for y := area.Min.Y; y < area.Max.Y; y += 2 { // every other pixel: 2 px of error at most
		for x := area.Min.X; x < area.Max.X; x += 2 {
			if colour(x, y) != bg {
				drawn = drawn.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if drawn.Empty() {
		return []string{fmt.Sprintf("nothing drawn in the tree's container %v", area)}
	}
	w, h := float64(drawn.Dx())/float64(area.Dx()), float64(drawn.Dy())/float64(area.Dy())
	if w < 0.85 && h < 0.85 {
		return []string{fmt.Sprintf("the screenshot's drawing %v spans %.0f%% of the container's width and %.0f%% of its height %v, want 85%% of one", drawn, 100*w, 100*h, area)}
	}
	return nil
}

// foreignRequests opens the page at path, steps to its end and back, and
// returns what it requested besides itself and data: or blob: addresses,
// from the network events and the browser's list of loaded resources.
func foreignRequests(t testing.TB, tab context.Context, path string) []string {
	t.Helper()
	if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var requests []string
	err := chromedp.Listen(tab, func(ev any) {
		if ev, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			defer mu.Unlock()
			requests = append(requests, ev.Request.URL)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	url := fileURL(path)
	open(t, tab, url)
	press(t, tab, kb.End)
	press(t, tab, kb.Home)
	resources := timed(t, tab, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource").map(e => e.name)`))
	mu.Lock()
	defer mu.Unlock()
	var foreign []string
	self := false
	for _, r := range append(requests, resources...) {
		switch {
		case r == url:
			self = true
		case strings.HasPrefix(r, "data:"), strings.HasPrefix(r, "blob:"), r == "about:blank":
		default:
			foreign = append(foreign, r)
		}
	}
	if !self {
		t.Fatalf("the browser reported no request, not even the page's own (%d events): the check is blind", len(requests))
	}
	return foreign
}

// external matches what would make a browser fetch: src and href attributes
// and CSS url() or @import of another address.
var external = regexp.MustCompile(`(?i)(\b(src|href)\s*=\s*["']?|url\(\s*["']?|@import\s+["']?)(https?:|//|ftp:)`)
