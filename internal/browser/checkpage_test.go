package browser

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/cmd"
)

// TestCheckPageOpensWhereTheSearchesPart checks check --html's page (a
// student's minimax on AIMA's tree beside the reference alpha-beta): opened
// without an address it is at its first difference, where the two part —
// the student's side at the step that enters 2.2, its current node 2.2,
// the reference's at its cutoff at node 2, its current node 2, the mark lit
// on both sides and the caption saying check's verdict; d goes on to the
// differences diff finds; an address that names a step still wins.
func TestCheckPageOpensWhereTheSearchesPart(t *testing.T) {
	parallel(t)
	skipShort(t)
	file := filepath.Join(t.TempDir(), "check.html")
	var out, errOut bytes.Buffer
	if code := cmd.Main([]string{"check", "../../cmd/testdata/check/aima-minimax.jsonl", "--tree", "aima", "--html", file}, strings.NewReader(""), &out, &errOut); code != 1 {
		t.Fatalf("check: exit %d: %s", code, errOut.String())
	}
	tab := newTab(t)
	openPair(t, tab, fileURL(file))
	waitFor(t, tab, `window.ps.diff.index() === 0`, "the page at its first difference")
	type opened struct {
		A, B         int
		AtA, AtB     int
		CurA, CurB   any
		Caption      string
		LitA, LitB   bool
		BadgeA       string
		Count, Index int
	}
	got := timed(t, tab, chromedp.Evaluate[opened](`(function () {
  var side = function (k) { return document.getElementById(k).contentWindow; };
  var nodes = function (k) { return (`+sideNodesJS+`)(k); };
  var a = side("a"), b = side("b");
  var sa = a.psDiff.state()[0], sb = b.psDiff.state()[0];
  return { A: ps.a.step(), B: ps.b.step(), AtA: a.psDiff.at(0), AtB: b.psDiff.at(0),
    CurA: ps.a.state().node === nodes("a")["2.2"] ? "2.2" : ps.a.state().node,
    CurB: ps.b.state().node === nodes("b")["2"] ? "2" : ps.b.state().node,
    Caption: ps.diff.caption(), LitA: sa.lit, LitB: sb.lit, BadgeA: sa.badge,
    Count: ps.diff.count, Index: ps.diff.index() };
})()`))
	if got.A != got.AtA || got.B != got.AtB || got.A == 0 || got.B == 0 {
		t.Errorf("opened at steps %d and %d, the difference is at %d and %d", got.A, got.B, got.AtA, got.AtB)
	}
	if got.CurA != "2.2" || got.CurB != "2" {
		t.Errorf("current nodes %v and %v, want 2.2 (yours) and 2 (the reference's cutoff)", got.CurA, got.CurB)
	}
	if !strings.Contains(got.Caption, "✗ parts at 2.2") || !strings.Contains(got.Caption, "yours: enters 2.2 (line 13)") || !strings.Contains(got.Caption, "reference: ✂ α-cutoff at MIN node 2") {
		t.Errorf("caption %q", got.Caption)
	}
	if !got.LitA || !got.LitB || got.BadgeA != "✗ yours" || got.Count < 2 {
		t.Errorf("marks: %+v", got)
	}
	if at := pairState(t, tab); at.Hash != "#a="+strconv.Itoa(got.A)+"&b="+strconv.Itoa(got.B)+"&diff=1" {
		t.Errorf("address %q", at.Hash)
	}
	timed(t, tab, chromedp.Evaluate[any](`window.ps.diff.next()`))
	if c := timed(t, tab, chromedp.Evaluate[string](`window.ps.diff.caption()`)); !strings.HasPrefix(c, "difference 2 of ") || strings.Contains(c, "✗") {
		t.Errorf("d after the first: %q", c)
	}
	tab = newTab(t)
	openPair(t, tab, fileURL(file)+"#step=3")
	if at := pairState(t, tab); at.A != 3 || at.B != 3 {
		t.Errorf("#step=3: %+v", at)
	}
	if i := timed(t, tab, chromedp.Evaluate[int](`window.ps.diff.index()`)); i != -1 {
		t.Errorf("#step=3: at difference %d", i)
	}
}
