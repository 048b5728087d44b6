package browser

import (
	"os"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestHarness checks the harness on a page of two steps: it reads state()
// and its keys reach the page.
func TestHarness(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	open(t, tab, fileURL("testdata/twostep.html"))
	if s := state(t, tab); s.Step != 1 || s.Caption != "first" {
		t.Fatalf("at load: %+v", s)
	}
	if s := press(t, tab, kb.ArrowRight); s.Step != 2 || s.Nodes["1"].Value != "3" {
		t.Fatalf("after →: %+v", s)
	}
	want := shown{Step: 2, Caption: "second", Nodes: map[string]shownNode{"1": {Alpha: "−∞", Beta: "+∞", Value: "2", Bound: "exact", Visible: true, Current: true, PV: true}}}
	if d := diffShown(state(t, tab), want); len(d) != 2 {
		t.Errorf("the comparison finds %d differences, want 2 (the current node, node 1's value): %q", len(d), d)
	}
}

// TestChecksCatchABrokenPage checks that the layout, screenshot and network
// checks refuse a page that breaks each of them (testdata/broken.html).
func TestChecksCatchABrokenPage(t *testing.T) {
	parallel(t)
	tab := newTab(t)
	timed(t, tab, chromedp.EmulateViewport(1920, 1080))
	open(t, tab, fileURL("testdata/broken.html"))
	g := timed(t, tab, chromedp.Evaluate[geometry](geometryJS))
	p := layoutProblems(g, true)
	t.Logf("layout: %q", p)
	if len(p) < 4 {
		t.Errorf("layout: %d problems found, want the caption's size, the tree's share, the drawing's fill and a text out of its shape: %q", len(p), p)
	}
	shot := timed(t, tab, chromedp.CaptureScreenshot())
	p = pixelProblems(g, shot)
	t.Logf("screenshot: %q", p)
	if len(p) != 1 {
		t.Errorf("screenshot: %d problems found, want 1: %q", len(p), p)
	}
	r := foreignRequests(t, newTab(t), "testdata/broken.html")
	t.Logf("requests: %q", r)
	if len(r) == 0 {
		t.Errorf("the image fetched from 127.0.0.1 went unnoticed")
	}
	text, err := os.ReadFile("testdata/broken.html")
	if err != nil {
		t.Fatal(err)
	}
	if m := external.FindAll(text, -1); len(m) != 1 {
		t.Errorf("the page's text refers to 1 external address, found %q", m)
	}
}
