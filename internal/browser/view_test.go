package browser

import (
	"context"
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

// layoutSearches are the trees a class projects whose pages must be
// readable at every projector size (issue 19): the textbook trees, the
// null move, a chance tree under expectimax and a 4-ply 3-ary random tree
// (prunescope tree random --branching 3 --depth 4).
var layoutSearches = []search{
	searchNamed(nil, "aima"),
	searchNamed(nil, "wikipedia"),
	searchNamed(nil, "nullmove"),
	{"expectimax", []string{"--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "--algo", "expectimax"}, false},
}

// projectorSizes are the screens the page is checked at.
var projectorSizes = [][2]int64{{1024, 768}, {1366, 768}, {1920, 1080}}

// TestLayout opens pages at projector sizes, at their last step, and checks
// from the layout and from a screenshot that the tree fills the space the
// caption and the panels leave and that nothing scrolls; that the page is
// drawn in the font it embeds (both weights loaded, every text of the
// drawing in it, each as wide as the page's layout measured it in Go); that
// the page shows the layout it should (top-down unless left to right draws
// the tree 15 % larger); and that the nodes' values and windows are as large on the
// screen as the page's own layout numbers make them (their font size times
// the scale that fits the drawing's viewBox in its container): at least
// 18 px for the values and 15 px for the windows at every size, and the
// drawing 80 % of the tree's free area wide or high. The sizes depend only
// on the page and the browser's window, not on the fonts of the machine,
// so the thresholds hold on any machine. With -browser.shots DIR the
// screenshots are kept.
func TestLayout(t *testing.T) {
	parallel(t)
	skipShort(t)
	for i, s := range append(layoutSearches, random34(t)) {
		t.Run(s.name, func(t *testing.T) {
			skipShort(t)
			parallel(t)
			w := pageOf(t, s)
			tab := newTab(t)
			open(t, tab, fileURL(w.html))
			press(t, tab, kb.End)
			waitFor(t, tab, `document.fonts.status === "loaded"`, "the page's fonts")
			for _, size := range projectorSizes {
				timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
				waitFor(t, tab, fmt.Sprintf("innerWidth === %d && innerHeight === %d && window.psLayout.settled()", size[0], size[1]), "the page laid out for the window's new size")
				g := timed(t, tab, chromedp.Evaluate[geometry](geometryJS))
				// The screenshot's check of the drawn pixels at the
				// projector's size (and every size with -browser.shots):
				// the layout's numbers are checked at every size.
				var shot []byte
				if size[0] == 1024 || *shots != "" {
					shot = timed(t, tab, chromedp.CaptureScreenshot())
				}
				at := fmt.Sprintf("%d×%d", size[0], size[1])
				if *shots != "" {
					name := filepath.Join(*shots, fmt.Sprintf("%s-%dx%d.png", s.name, size[0], size[1]))
					if err := os.WriteFile(name, shot, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				if s.name == random34Name {
					// 81 leaves, 45 of them searched, cannot be read whole
					// on a projector (fitted whole, its values would be 3.5
					// to 7 px): the page follows the current node at a
					// readable size, and a double click fits the whole
					// tree (checked below).
					checkTooLarge(t, tab, at, g)
					continue
				}
				problems := append(append(layoutProblems(g, true), fontProblems(g)...), wordsFit(t, tab)...)
				if shot != nil {
					problems = append(problems, pixelProblems(g, shot)...)
				}
				for _, p := range problems {
					t.Errorf("%s: %s", at, p)
				}
				windows := g.WindowSize > 0
				if !windows {
					g.WindowSize, g.WindowText = g.ValueSize, g.ValueText // expectimax searches with no window
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
				// or more, and their windows 15 px or more.
				if g.ValueText < 18 {
					t.Errorf("%s: node values %.1f px, want at least 18", at, g.ValueText)
				}
				if windows && g.WindowText < 15 {
					t.Errorf("%s: node windows %.1f px, want at least 15", at, g.WindowText)
				}
				share := 0.0
				if g.Drawing != nil && g.Tree != nil {
					share = math.Max(g.Drawing.W/g.Tree.W, g.Drawing.H/g.Tree.H)
				}
				if share < 0.8 {
					t.Errorf("%s: the tree uses %.0f%% of its area's width or height, want 80%%", at, 100*share)
				}
				if p := orientationProblem(g); p != "" {
					t.Errorf("%s: %s", at, p)
				}
				t.Logf("%s: %s, caption %.1f px, node values %.1f px, windows %.1f px (the layout's %.1f, %.1f), %.0f%% of the area", at, g.Orientation, g.Caption, g.ValueText, g.WindowText, value, window, 100*share)
			}
			// Russian and Czech, longer: the same page switched (no
			// reload), at each size, its words fitting and the tree
			// filling its room as in English; each page in one of them,
			// in turn, so that each is seen at every size on several
			// pages.
			for _, l := range otherLangs[i%len(otherLangs) : i%len(otherLangs)+1] {
				setLang(t, tab, l)
				for _, size := range projectorSizes {
					timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
					waitFor(t, tab, fmt.Sprintf("innerWidth === %d && innerHeight === %d && window.psLayout.settled()", size[0], size[1]), "the page laid out for the window's new size")
					at := fmt.Sprintf("%s, %d×%d", l, size[0], size[1])
					problems := wordsFit(t, tab)
					if s.name != random34Name {
						problems = append(problems, layoutProblems(timed(t, tab, chromedp.Evaluate[geometry](geometryJS)), true)...)
					}
					for _, p := range problems {
						t.Errorf("%s: %s", at, p)
					}
					if *shots != "" {
						shot := timed(t, tab, chromedp.CaptureScreenshot())
						if err := os.WriteFile(filepath.Join(*shots, fmt.Sprintf("%s-%s-%dx%d.png", s.name, l, size[0], size[1])), shot, 0o644); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		})
	}
}

// random34Name names the page of the 4-ply 3-ary random tree.
const random34Name = "random-3x4"

// random34 is the search of the 4-ply 3-ary random tree, as its command
// prints it.
func random34(t *testing.T) search {
	tree := prunescope(t, "tree", "random", "--branching", "3", "--depth", "4")
	return search{random34Name, []string{"--tree", tree}, false}
}

// orientationProblem says what is wrong with the layout the page shows:
// top-down unless left to right draws the tree larger by the page's own
// margin (psLayout.turn, 15 %).
func orientationProblem(g geometry) string {
	td, lr := g.Scale["td"], g.Scale["lr"]
	want := "td"
	if lr > td*g.Turn {
		want = "lr"
	}
	if g.Turn < 1 || td <= 0 || lr <= 0 || g.Orientation != want {
		return fmt.Sprintf("the page shows the tree %q; top-down draws it at scale %.3f, left to right at %.3f (turning past %.2f times)", g.Orientation, td, lr, g.Turn)
	}
	return ""
}

// checkTooLarge checks the page of a tree too large to read whole: it
// shows the current node and its neighbours at a readable size, its values
// 18 px or more, and a double click shows the whole tree fitted in the
// layout the page chooses; a second one follows the search again.
func checkTooLarge(t *testing.T, tab context.Context, at string, g geometry) {
	t.Helper()
	if p := orientationProblem(g); p != "" {
		t.Errorf("%s: %s", at, p)
	}
	if g.ValueText < 18 || g.WindowText < 15 {
		t.Errorf("%s: following the search, node values %.1f px and windows %.1f px, want 18 and 15", at, g.ValueText, g.WindowText)
	}
	fitted := fitView(t, tab)
	if p := layoutProblems(fitted, true); len(p) > 0 {
		t.Errorf("%s: fitted: %q", at, p)
	}
	t.Logf("%s: %s; following: node values %.1f px, windows %.1f px; fitted whole: %.1f px, %.1f px", at, g.Orientation, g.ValueText, g.WindowText, fitted.ValueText, fitted.WindowText)
	fitView(t, tab) // following again, for the next size
}

// fitView double-clicks the tree and returns the page's geometry then.
func fitView(t *testing.T, tab context.Context) geometry {
	t.Helper()
	timed(t, tab, chromedp.Evaluate[bool](`(() => { document.getElementById("tree").dispatchEvent(new MouseEvent("dblclick", {bubbles: true})); return true; })()`))
	return timed(t, tab, chromedp.Evaluate[geometry](geometryJS))
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
