package browser

import (
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestHarness checks the harness on a page of two steps: it reads state()
// and its keys reach the page.
func TestHarness(t *testing.T) {
	tab := newTab(t)
	open(t, tab, fileURL("testdata/twostep.html"))
	if s := state(t, tab); s.Step != 1 || s.Caption != "first" {
		t.Fatalf("at load: %+v", s)
	}
	if s := press(t, tab, kb.ArrowRight); s.Step != 2 || s.Nodes["1"].Value != "3" {
		t.Fatalf("after →: %+v", s)
	}
}
