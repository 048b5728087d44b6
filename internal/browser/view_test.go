package browser

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var shots = flag.String("browser.shots", "", "write the layout tests' screenshots into this folder")

// TestLayout opens pages at projector sizes, at their last step, and checks
// from the layout and from a screenshot that the tree fills the space the
// caption and the panels leave, that nothing scrolls, and that the caption
// and the nodes' values are at least 18 px at 1920×1080, their windows 15 px. With -browser.shots DIR the screenshots are
// kept.
func TestLayout(t *testing.T) {
	for _, name := range []string{"aima", "wikipedia", "nullmove"} {
		for _, size := range [][2]int64{{1920, 1080}, {1366, 768}} {
			t.Run(fmt.Sprintf("%s-%dx%d", name, size[0], size[1]), func(t *testing.T) {
				s := searchNamed(t, name)
				skipShort(t)
				w := pageOf(t, s)
				tab := newTab(t)
				timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
				open(t, tab, fileURL(w.html))
				press(t, tab, kb.End)
				g := timed(t, tab, chromedp.Evaluate[geometry](geometryJS))
				shot := timed(t, tab, chromedp.CaptureScreenshot())
				if *shots != "" {
					name := filepath.Join(*shots, fmt.Sprintf("%s-%dx%d.png", name, size[0], size[1]))
					if err := os.WriteFile(name, shot, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				for _, p := range append(layoutProblems(g, size[0] >= 1920), pixelProblems(g, shot)...) {
					t.Error(p)
				}
				// The nodes' values, the numbers a class reads, are 18 px
				// or more on a projected 1080p page, and their windows 15
				// px or more (the largest the widest of these trees allows
				// with triangles holding both).
				if size[0] >= 1920 && g.ValueText < 18 {
					t.Errorf("node values %.1f px at 1920×1080, want at least 18", g.ValueText)
				}
				if size[0] >= 1920 && g.WindowText < 15 {
					t.Errorf("node windows %.1f px at 1920×1080, want at least 15", g.WindowText)
				}
				t.Logf("caption %.1f px, node values %.1f px, windows %.1f px", g.Caption, g.ValueText, g.WindowText)
			})
		}
	}
}

// TestOffline checks that a page asks for nothing but itself: no request
// other than its own file while it loads and steps to the end, nothing in the
// browser's list of loaded resources, and no address of a script, style,
// font or image in its text.
func TestOffline(t *testing.T) {
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
