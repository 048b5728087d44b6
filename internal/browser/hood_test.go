package browser

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/prunescope/prunescope/trace/page"
)

// chessNull is the chess search of issue 19: a tactic searched 4 plies
// deep with move ordering and null moves from ply 1, 1,956 steps, whose
// drawing is summarised.
var chessNull = search{"tactic-null", []string{"--fen", "tactic", "--depth", "4", "--order", "captures,killers,history", "--null-move", "--null-min-ply", "1"}, false}

// hoodNode is a node or box of the neighbourhood as window.ps.hood() and
// the picture show it.
type hoodNode struct {
	ID           int64
	Kind         string // "" a node, "more" siblings in one box, "left" moves never searched
	Move         string
	Below, Cuts  *int
	Cut, Pruned  bool
	Current      bool
	Count        int
	IDs          []int64
	DrawnBelow   string // the picture's data-below, "" without
	DrawnCut     bool   // the picture's cut outline
	DrawnCutMark string // the picture's ✂
	Note         string // the picture's line of the techniques, "" without
}

// hoodAt is the neighbourhood at a step, with the boxes of the page's parts
// on the screen.
type hoodAt struct {
	Step     int
	Current  *int64
	Nodes    []hoodNode
	Chain    []int64
	FitView  string // the fitted viewBox
	ViewBox  string
	Content  box // the drawing
	Area     box // its box in the page
	Board    box // the board's picture
	Sizes    []float64
	Pieces   []string // "P@e4", with the picture's elements
	Empty    int      // pieces drawn without a picture
	Ranks    []string
	Files    []string
	FEN      string
	Arrow    string // "g1-f3" when the move tried is drawn
	Marked   []string
	HoodOpen bool
}

const hoodJS = `(() => {
	const m = window.ps.hood();
	const r = e => { if (!e) return {X: 0, Y: 0, W: 0, H: 0}; const b = e.getBoundingClientRect(); return {X: b.x, Y: b.y, W: b.width, H: b.height}; };
	const drawn = new Map();
	for (const g of document.querySelectorAll("#ps-hood g.ps-hn")) drawn.set(+g.getAttribute("data-id"), g);
	const nodes = m.nodes.map(n => {
		const g = n.kind ? null : drawn.get(n.id);
		const c = g && g.querySelector(".ps-hc");
		return {ID: n.kind ? -1 : n.id, Kind: n.kind || "", Move: n.move || "", Below: n.kind ? (n.counted ? n.below : null) : n.below, Cuts: n.kind ? (n.counted ? n.cuts : null) : n.cuts,
			Cut: !!n.cut, Pruned: !!n.pruned, Current: !!n.current, Count: n.count || 0, IDs: n.ids || [],
			DrawnBelow: g ? (g.getAttribute("data-below") || "") : "", DrawnCut: !!g && g.classList.contains("ps-cutnode"), DrawnCutMark: c ? c.textContent : "",
			Note: g && g.querySelector(".ps-hnote") ? g.querySelector(".ps-hnote").textContent : ""};
	});
	const svg = document.getElementById("ps-hood-svg"), k = svg.getScreenCTM().a;
	const sizes = [...document.querySelectorAll("#ps-hood .ps-hmove, #ps-hood .ps-hv")].map(t => +t.getAttribute("font-size") * k);
	const b = document.querySelector("#board svg");
	const pieces = b ? [...b.querySelectorAll(".ps-piece")] : [];
	const arrow = b && b.querySelector(".ps-arrow");
	return {Step: m.step, Current: m.current, Nodes: nodes, Chain: m.chain.map(n => n.id), FitView: m.fit.join(" "), ViewBox: svg.getAttribute("viewBox"),
		Content: r(document.querySelector("#ps-hood .ps-hood-content")), Area: r(document.getElementById("ps-hood")), Board: r(b), Sizes: sizes,
		Pieces: pieces.map(p => p.getAttribute("data-piece") + "@" + p.getAttribute("data-square")),
		Empty: pieces.filter(p => p.querySelectorAll("path, circle").length === 0).length,
		Ranks: b ? [...b.querySelectorAll(".ps-rank")].map(t => t.textContent) : [],
		Files: b ? [...b.querySelectorAll(".ps-file")].map(t => t.textContent) : [],
		FEN: b ? b.getAttribute("data-fen") : "", Arrow: arrow ? arrow.getAttribute("data-from") + "-" + arrow.getAttribute("data-to") : "",
		Marked: b ? [...b.querySelectorAll(".ps-last")].map(e => e.getAttribute("data-square")) : [],
		HoodOpen: getComputedStyle(document.getElementById("tree")).display === "none"};
})()`

// grown is what the neighbourhood must say at step n, computed in Go from
// the trace (page.GrownAt).
func grown(t testing.TB, w written, n int) map[int64]page.Grown {
	t.Helper()
	f, err := os.Open(w.trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := page.GrownAt(f, page.Options{}, n)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func (b box) intersects(o box) bool {
	return b.X < o.X+o.W && o.X < b.X+b.W && b.Y < o.Y+o.H && o.Y < b.Y+b.H
}

func (b box) within(o box) bool {
	return b.X >= o.X-1 && b.Y >= o.Y-1 && b.X+b.W <= o.X+o.W+1 && b.Y+b.H <= o.Y+o.H+1
}

// TestChessNeighbourhood checks the page of issue 19's chess search
// (issue 19, item 4), whose drawing is summarised: in its place, at every
// step checked, the neighbourhood shows the current node and its line from
// the root; the counts on its nodes are those of the steps so far
// (page.GrownAt, computed in Go from the trace) and grow with the steps; a
// cutoff below ply 1 is marked on its node at the step it happens, not
// before, with its moves never searched beside it; the drawing fits its
// box (and fits again after a zoom, with a double click); moves and values
// are drawn at 18 px or more at 1024×768; the board beside it holds one
// picture per piece of its position, its 8 ranks and 8 files, and never
// meets the drawing, at 1024×768 and 1920×1080.
func TestChessNeighbourhood(t *testing.T) {
	parallel(t)
	skipShort(t)
	w := pageOf(t, chessNull)
	want := expected(t, w)
	ids := nodeIDs(t, w.trace)
	paths := map[int64]string{}
	for p, id := range ids {
		paths[id] = p
	}
	last := want[len(want)-1].Step
	// The first cutoff below ply 1: a ✂ step at a node two plies deep or more.
	cut := 0
	for i := 1; i <= last; i++ {
		if n := want[i].Node; n != nil && strings.HasPrefix(want[i].Caption, "✂") && len(strings.Fields(paths[*n])) >= 2 {
			cut = i
			break
		}
	}
	if cut == 0 {
		t.Fatal("no cutoff below ply 1 in the search: the check is blind")
	}
	// The first null-move prune below ply 1: its line is on its node from
	// that step.
	null := 0
	for i := 1; i <= last; i++ {
		if n := want[i].Node; n != nil && strings.HasPrefix(want[i].Caption, "Ø null-move prune") && len(strings.Fields(paths[*n])) >= 2 {
			null = i
			break
		}
	}
	if null == 0 {
		t.Fatal("no null-move prune below ply 1 in the search: the check is blind")
	}
	grownAt := map[int]map[int64]page.Grown{}
	tab := newTab(t)
	for _, size := range [][2]int64{{1024, 768}, {1920, 1080}} {
		at := fmt.Sprintf("%d×%d", size[0], size[1])
		timed(t, tab, chromedp.EmulateViewport(size[0], size[1]))
		open(t, tab, fileURL(w.html))
		waitFor(t, tab, `document.fonts.status === "loaded"`, "the page's fonts")
		before := map[int64]int{}
		steps := []int{2, 5, 10, cut - 1, cut, null - 1, null, 196, last}
		if size[0] > 1024 {
			steps = []int{2, cut, 196, last}
		}
		for _, n := range steps {
			timed(t, tab, chromedp.Evaluate[int](fmt.Sprintf("window.ps.go(%d)", n)))
			h := timed(t, tab, chromedp.Evaluate[hoodAt](hoodJS))
			where := fmt.Sprintf("%s, step %d", at, n)
			if !h.HoodOpen {
				t.Fatalf("%s: the summarised tree is shown, not the neighbourhood", where)
			}
			// The line from the root to the current node.
			node := *want[n].Node
			if n == last {
				node = ids[""] // the search is over: its principal variation is drawn
			}
			drawnIDs := map[int64]hoodNode{}
			for _, d := range h.Nodes {
				if d.Kind == "" {
					drawnIDs[d.ID] = d
				}
			}
			if n < last {
				if d, ok := drawnIDs[node]; !ok || !d.Current {
					t.Errorf("%s: the current node %q is not drawn as current", where, paths[node])
				}
				moves := strings.Fields(paths[node])
				for k := 0; k < len(moves); k++ {
					id := ids[strings.Join(moves[:k], " ")]
					if _, ok := drawnIDs[id]; !ok && !slices.Contains(h.Chain, id) {
						t.Errorf("%s: %q, on the line to %q, is not shown", where, strings.Join(moves[:k], " "), paths[node])
					}
				}
			}
			// The counts are those of the steps so far.
			g, ok := grownAt[n]
			if !ok {
				g = grown(t, w, n)
				grownAt[n] = g
			}
			counted := 0
			for _, d := range h.Nodes {
				switch {
				case d.Kind == "more" && d.Below != nil:
					sb, sc := 0, 0
					for _, id := range d.IDs {
						sb += g[id].Below
						sc += g[id].Cuts
					}
					if *d.Below != sb || *d.Cuts != sc {
						t.Errorf("%s: the box of %d more says %d below, %d cuts; the steps so far give %d, %d", where, d.Count, *d.Below, *d.Cuts, sb, sc)
					}
				case d.Kind == "" && d.Below != nil:
					counted++
					if gg := g[d.ID]; *d.Below != gg.Below || *d.Cuts != gg.Cuts || d.DrawnBelow != fmt.Sprint(gg.Below) {
						t.Errorf("%s: node %q says %d below (drawn %q), %d cuts; the steps so far give %d, %d", where, paths[d.ID], *d.Below, d.DrawnBelow, *d.Cuts, gg.Below, gg.Cuts)
					}
					if prev, ok := before[d.ID]; ok && *d.Below < prev {
						t.Errorf("%s: node %q's count fell from %d to %d", where, paths[d.ID], prev, *d.Below)
					}
					before[d.ID] = *d.Below
				}
			}
			if counted == 0 {
				t.Errorf("%s: no node with counts: the check is blind", where)
			}
			// The cutoff below ply 1, on its node when it happens.
			cutNode := *want[cut].Node
			if d, ok := drawnIDs[cutNode]; ok && (n == cut-1 || n == cut) {
				if on := d.Cut && d.DrawnCut && d.DrawnCutMark == "✂"; on != (n == cut) {
					t.Errorf("%s: node %q marked cut %v (drawn %v %q), want %v", where, paths[cutNode], d.Cut, d.DrawnCut, d.DrawnCutMark, n == cut)
				}
			} else if n == cut {
				t.Errorf("%s: the node of the cutoff, %q, is not drawn", where, paths[cutNode])
			}
			if n == cut {
				left := false
				for _, d := range h.Nodes {
					left = left || d.Kind == "left" && d.Count > 0
				}
				if !left {
					t.Errorf("%s: the moves the cutoff at %q left are not shown", where, paths[cutNode])
				}
			}
			// The null move's line, on its node from its step.
			if d, ok := drawnIDs[*want[null].Node]; (n == null-1 || n == null) && ok {
				if on := strings.HasPrefix(d.Note, "Ø null"); on != (n == null) || (n == null && !d.Pruned) {
					t.Errorf("%s: node %q pruned %v, its line %q; want the null move's line from step %d", where, paths[d.ID], d.Pruned, d.Note, null)
				}
			} else if n == null {
				t.Errorf("%s: the node of the null-move prune, %q, is not drawn", where, paths[*want[null].Node])
			}
			// Fitted, readable, beside the board.
			if !h.Content.within(h.Area) {
				t.Errorf("%s: the drawing %+v is not within its box %+v", where, h.Content, h.Area)
			}
			if h.Area.intersects(h.Board) || h.Content.intersects(h.Board) {
				t.Errorf("%s: the drawing %+v (its box %+v) meets the board %+v", where, h.Content, h.Area, h.Board)
			}
			if len(h.Sizes) == 0 || slices.Min(h.Sizes) < 17.99 {
				t.Errorf("%s: moves and values at %.1f px at the smallest, want 18 or more", where, slices.Min(append(h.Sizes, 0)))
			}
			// The board: a picture per piece of its position, its edges labelled.
			want := piecesOf(h.FEN)
			got := slices.Clone(h.Pieces)
			slices.Sort(got)
			if !slices.Equal(got, want) || len(got) > 32 || h.Empty > 0 {
				t.Errorf("%s: the board draws %v (%d without a picture), its position %q has %v", where, got, h.Empty, h.FEN, want)
			}
			if strings.Join(h.Ranks, "") != "87654321" || strings.Join(h.Files, "") != "abcdefgh" {
				t.Errorf("%s: the board's edges say ranks %v, files %v", where, h.Ranks, h.Files)
			}
		}
		for id, b := range before {
			if end := grownAt[last][id]; b > end.Below {
				t.Errorf("%s: node %q showed %d below, more than the %d of the whole search", at, paths[id], b, end.Below)
			}
		}
	}
	// The counts grow: a node on the line early has more below it later.
	timed(t, tab, chromedp.EmulateViewport(1024, 768))
	timed(t, tab, chromedp.Evaluate[int](`window.ps.go(10)`))
	early := timed(t, tab, chromedp.Evaluate[hoodAt](hoodJS))
	timed(t, tab, chromedp.Evaluate[int](`window.ps.go(196)`))
	later := timed(t, tab, chromedp.Evaluate[hoodAt](hoodJS))
	grew := false
	for _, a := range early.Nodes {
		for _, b := range later.Nodes {
			if a.Kind == "" && b.Kind == "" && a.ID == b.ID && a.Below != nil && b.Below != nil && *b.Below > *a.Below {
				grew = true
			}
		}
	}
	if !grew {
		t.Error("from step 10 to step 196 no node shown at both has more below it")
	}
	// Fit fits again after a zoom.
	fit := later.ViewBox
	timed(t, tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, later.Area.X+later.Area.W/2, later.Area.Y+later.Area.H/2, wheel(-240)))
	waitFor(t, tab, `document.getElementById("ps-hood-svg").getAttribute("viewBox") !== `+jsString(fit), "the wheel's zoom")
	settle(t, tab) // the wheel's events all delivered (one turn may come as several)
	zoomed := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("ps-hood-svg").getAttribute("viewBox")`))
	timed(t, tab, chromedp.Evaluate[int](`window.ps.go(200)`))
	if got := timed(t, tab, chromedp.Evaluate[string](`document.getElementById("ps-hood-svg").getAttribute("viewBox")`)); got != zoomed {
		t.Errorf("after the reader zoomed, a step moved the view from %s to %s", zoomed, got)
	}
	timed(t, tab, chromedp.MouseClickXY(later.Area.X+later.Area.W/2, later.Area.Y+later.Area.H/2, chromedp.ClickCount(2)))
	refit := timed(t, tab, chromedp.Evaluate[hoodAt](hoodJS))
	for i := 0; i < 40 && refit.ViewBox != refit.FitView; i++ {
		// on a loaded machine a turn of the wheel may still be coming in
		// after the double click: the view must end fitted
		time.Sleep(25 * time.Millisecond)
		refit = timed(t, tab, chromedp.Evaluate[hoodAt](hoodJS))
	}
	if refit.ViewBox != refit.FitView || refit.ViewBox == zoomed || !refit.Content.within(refit.Area) {
		t.Errorf("after a double click the view is %s (the fitted one %s), the drawing %+v in %+v", refit.ViewBox, refit.FitView, refit.Content, refit.Area)
	}
}

// piecesOf lists a FEN's pieces as "P@e4", sorted.
func piecesOf(fen string) []string {
	var out []string
	for r, row := range strings.Split(strings.Fields(fen)[0], "/") {
		f := 0
		for _, c := range row {
			if c >= '1' && c <= '8' {
				f += int(c - '0')
				continue
			}
			out = append(out, fmt.Sprintf("%c@%c%d", c, 'a'+f, 8-r))
			f++
		}
	}
	slices.Sort(out)
	return out
}
