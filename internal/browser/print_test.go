package browser

import (
	"bytes"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestPrint checks the print style: printed, the page is one sheet with the
// step's caption and the tree, without the controls, the line or the help.
func TestPrint(t *testing.T) {
	parallel(t)
	w := pageOf(t, searchNamed(t, "wikipedia"))
	tab := newTab(t)
	open(t, tab, fileURL(w.html))
	press(t, tab, "20"+kb.Enter)
	if _, err := chromedp.Call(tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"}); err != nil {
		t.Fatal(err)
	}
	shown := timed(t, tab, chromedp.Evaluate[map[string]bool](`(() => {
		const out = {};
		for (const id of ["caption", "tree", "bar", "line", "keys", "scrub"]) {
			const el = document.getElementById(id), r = el.getBoundingClientRect();
			out[id] = getComputedStyle(el).display !== "none" && r.width > 0 && r.height > 0;
		}
		return out;
	})()`))
	for id, want := range map[string]bool{"caption": true, "tree": true, "bar": false, "line": false, "keys": false, "scrub": false} {
		if shown[id] != want {
			t.Errorf("printed: #%s shown %v, want %v", id, shown[id], want)
		}
	}
	pdf, err := chromedp.Call(tab, page.PrintToPDF, page.PrintToPDFParams{})
	if err != nil {
		t.Fatal(err)
	}
	if pages := bytes.Count(pdf.Data, []byte("/Type /Page\n")) + bytes.Count(pdf.Data, []byte("/Type /Page/")) + bytes.Count(pdf.Data, []byte("/Type /Page>")); pages != 1 {
		t.Errorf("the printed step takes %d sheets, want 1", pages)
	}
}
