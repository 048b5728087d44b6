package browser

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/prunescope/prunescope/internal/pagefont"
)

var shots = flag.String("browser.shots", "", "write the layout tests' screenshots into this folder")

// TestLayout opens pages at projector sizes, at their last step, and checks
// from the layout and from a screenshot that the tree fills the space the
// caption and the panels leave and that nothing scrolls; that the page is
// drawn in the font it embeds (both weights loaded, every text of the
// drawing in it, each as wide as the page's layout measured it in Go); and
// that the nodes' values and windows are as large on the screen as the
// page's own layout numbers make them (their font size times the scale
// that fits the drawing's viewBox in its container), which at 1920×1080
// must be at least 18 px for the values, 15 px for the windows, as the
// caption's 18 px. The sizes depend only on the page and the browser's
// window, not on the fonts or the Graphviz of the machine, so the
// thresholds hold on any machine. With -browser.shots DIR the screenshots
// are kept.
func TestLayout(t *testing.T) {
	parallel(t)
	for _, name := range []string{"aima", "wikipedia", "nullmove"} {
		t.Run(name, func(t *testing.T) {
			s := searchNamed(t, name)
			skipShort(t)
			w := pageOf(t, s)
			tab := newTab(t)
			open(t, tab, fileURL(w.html))
			press(t, tab, kb.End)
			waitFor(t, tab, `document.fonts.status === "loaded"`, "the page's fonts")
			for _, size := range [][2]int64{{1920, 1080}, {1366, 768}} {
				timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
				g := timed(t, tab, chromedp.Evaluate[geometry](geometryJS))
				shot := timed(t, tab, chromedp.CaptureScreenshot())
				at := fmt.Sprintf("%d×%d", size[0], size[1])
				if *shots != "" {
					name := filepath.Join(*shots, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1]))
					if err := os.WriteFile(name, shot, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				for _, p := range append(append(layoutProblems(g, size[0] >= 1920), pixelProblems(g, shot)...), fontProblems(g)...) {
					t.Errorf("%s: %s", at, p)
				}
				value, window, ok := layoutSizes(g)
				if !ok {
					t.Errorf("%s: the page's layout numbers are missing: viewBox %v, sizes %.1f, %.1f", at, g.ViewBox, g.ValueSize, g.WindowSize)
					continue
				}
				// What the browser shows is what the layout makes them.
				if math.Abs(g.ValueText-value) > 0.01*value || math.Abs(g.WindowText-window) > 0.01*window {
					t.Errorf("%s: node values %.2f px and windows %.2f px on the screen; the layout makes them %.2f and %.2f", at, g.ValueText, g.WindowText, value, window)
				}
				// The nodes' values, the numbers a class reads, are 18 px
				// or more on a projected 1080p page, and their windows 15
				// px or more (the largest the widest of these trees allows
				// with triangles holding both).
				if size[0] >= 1920 && g.ValueText < 18 {
					t.Errorf("node values %.1f px at %s, want at least 18", g.ValueText, at)
				}
				if size[0] >= 1920 && g.WindowText < 15 {
					t.Errorf("node windows %.1f px at %s, want at least 15", g.WindowText, at)
				}
				t.Logf("%s: caption %.1f px, node values %.1f px, windows %.1f px (the layout's %.1f, %.1f)", at, g.Caption, g.ValueText, g.WindowText, value, window)
			}
		})
	}
}

// layoutSizes are the sizes on the screen, in px, of the nodes' values and
// windows that the page's own layout numbers give: their font size in the
// drawing times the scale at which the drawing's viewBox fits its container
// (the picture is fitted, xMidYMid meet, at the last step of these trees).
func layoutSizes(g geometry) (value, window float64, ok bool) {
	if len(g.ViewBox) != 4 || g.ViewBox[2] <= 0 || g.ViewBox[3] <= 0 || g.Tree == nil || g.ValueSize <= 0 || g.WindowSize <= 0 {
		return 0, 0, false
	}
	scale := math.Min(g.Tree.W/g.ViewBox[2], g.Tree.H/g.ViewBox[3])
	return g.ValueSize * scale, g.WindowSize * scale, true
}

// fontProblems says where the page is not drawn in the font it embeds:
// a face not loaded, a text of the drawing in another font, or of another
// width than the page's layout gave it in Go (internal/pagefont), which is
// what a fallback font would show, or a part around the drawing (caption,
// line, controls, help) in another font.
func fontProblems(g geometry) []string {
	var p []string
	loaded := 0
	for _, f := range g.Fonts {
		if strings.HasPrefix(f, pagefont.Family+" ") && strings.HasSuffix(f, " loaded") {
			loaded++
		}
	}
	if loaded != 2 {
		p = append(p, fmt.Sprintf("the page's font is not loaded in both weights: %q", g.Fonts))
	}
	bad := 0
	for _, tx := range g.Texts {
		want := pagefont.Width(tx.Text, tx.Bold) * tx.Size
		if !strings.HasPrefix(strings.Trim(tx.Family, `"' `), pagefont.Family) || math.Abs(tx.Length-want) > 0.005*want+0.05 {
			if bad++; bad <= 3 {
				p = append(p, fmt.Sprintf("%q (%.1f, bold %v) is drawn in %s, %.2f wide; the layout measured %.2f", tx.Text, tx.Size, tx.Bold, tx.Family, tx.Length, want))
			}
		}
	}
	if len(g.Texts) < 10 {
		p = append(p, fmt.Sprintf("only %d texts of the drawing measured: the check is blind", len(g.Texts)))
	}
	for id, family := range g.Families {
		if !strings.HasPrefix(strings.Trim(family, `"' `), pagefont.Family) {
			p = append(p, fmt.Sprintf("#%s is drawn in %s", id, family))
		}
	}
	if len(g.Families) < 10 {
		p = append(p, fmt.Sprintf("only %d parts of the page checked for their font", len(g.Families)))
	}
	return p
}

// TestOffline checks that a page asks for nothing but itself: no request
// other than its own file while it loads and steps to the end, nothing in the
// browser's list of loaded resources, and no address of a script, style,
// font or image in its text.
func TestOffline(t *testing.T) {
	parallel(t)
	eachPage(t, []string{"aima", "tactic"}, func(t *testing.T, w written) {
		for _, r := range foreignRequests(t, newTab(t), w.html) {
			t.Errorf("the page requested %s", r)
		}
		text, err := os.ReadFile(w.html)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range external.FindAll(text, 5) {
			t.Errorf("the page refers to an external resource: %s", m)
		}
	})
}

// TestSize checks that the page of the aima tree stays under 300 KB.
func TestSize(t *testing.T) {
	w := pageOf(t, searchNamed(t, "aima"))
	info, err := os.Stat(w.html)
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() >= 300_000 {
		t.Errorf("the aima page is %d bytes, want under 300 KB", info.Size())
	}
}
