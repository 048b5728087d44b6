package scene

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	toytree "github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace/record"
)

func build(t *testing.T, rec *record.Recording, opt Options) *Scene {
	t.Helper()
	sc, err := Build(rec, opt)
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func aima(t *testing.T) *record.Recording {
	return sinktest.Search{Name: "aima", Tree: "aima", Spec: "alphabeta"}.Record(t)
}

// byID indexes a scene's nodes.
func byID(sc *Scene) map[string]*Node {
	m := map[string]*Node{}
	for _, n := range sc.Nodes {
		m[n.ID] = n
	}
	return m
}

// TestSceneOfAIMA: AIMA's tree searched by alpha-beta is its 11 searched
// nodes and the 2 leaves the cutoff at node 2 left, each searched node with
// its kind, its value, and the window it was entered with (as recorded,
// never narrowed by its children); node 2 cut (a ✂ line, the cut mark), its
// two never-searched leaves tied to it, edges in order with the moves, the
// principal variation marked on nodes and edges, and a legend of the marks
// used only.
func TestSceneOfAIMA(t *testing.T) {
	rec := aima(t)
	sc := build(t, rec, Options{})
	if len(sc.Nodes) != 13 || sc.Stats.Drawn != 13 {
		t.Fatalf("%d nodes (%d drawn), want 11 searched and 2 never searched", len(sc.Nodes), sc.Stats.Drawn)
	}
	nodes := byID(sc)
	for _, r := range rec.Nodes {
		n := nodes["n"+strconv.FormatInt(r.ID, 10)]
		if n == nil || !n.Searched || n.Rec != r.ID {
			t.Fatalf("node %d is not in the scene as searched", r.ID)
		}
		want := Max
		switch {
		case r.Leaf:
			want = Leaf
		case !r.Max:
			want = Min
		}
		if n.Kind != want {
			t.Errorf("node %d is %s, want %s", r.ID, n.Kind, want)
		}
		if v := n.Line(RoleValue); v == nil || v.Text() != valueOf(rec, r) {
			t.Errorf("node %d: value line %v, want %q", r.ID, v, valueOf(rec, r))
		}
		if !r.Leaf {
			w := n.Line(RoleWindow)
			if w == nil || w.Text() != rec.Info.Window(r.Alpha, r.Beta) {
				t.Errorf("node %d: window line %v, want the window it was entered with, %s", r.ID, w, rec.Info.Window(r.Alpha, r.Beta))
			}
		}
		if (r.Cut != nil) != n.Has(MarkCut) || (r.Cut != nil) != (n.Line(RoleCut) != nil) {
			t.Errorf("node %d: cut %v, marks %v", r.ID, r.Cut != nil, n.Marks)
		}
	}
	cut := nodes["n5"] // AIMA's second MIN node
	if cut == nil || !cut.Has(MarkCut) || cut.Line(RoleCut).Text() != "✂ 2 ≤ α" {
		t.Fatalf("node 5 is not the cut: %+v", cut)
	}
	never := 0
	for _, n := range sc.Nodes {
		if n.Unsearched {
			never++
			if n.CutFrom != 5 || !n.Has(MarkUnsearched) || n.Kind != Leaf {
				t.Errorf("%s: never searched, but cut from %d, marks %v, kind %s", n.ID, n.CutFrom, n.Marks, n.Kind)
			}
		}
	}
	if never != 2 {
		t.Errorf("%d never-searched shapes, want 2.2 and 2.3", never)
	}
	var out []string
	for _, e := range sc.Edges {
		if e.From == "n0" {
			out = append(out, e.Label[0].Text+":"+strconv.Itoa(e.Order))
			if (e.To == "n1") != e.Has(MarkPV) {
				t.Errorf("edge n0 → %s: PV mark %v", e.To, e.Has(MarkPV))
			}
		}
		if e.To == "u1" && (!e.LeadCut || !e.Has(MarkUnsearched)) {
			t.Errorf("the edge to 2.2 is not cut: %+v", e)
		}
	}
	if strings.Join(out, " ") != "1:0 2:1 3:2" {
		t.Errorf("the root's edges: %v", out)
	}
	var legend []Mark
	for _, it := range sc.Legend {
		legend = append(legend, it.Mark)
	}
	for _, m := range []Mark{MarkPV, MarkCut, MarkUnsearched} {
		if !has(legend, m) {
			t.Errorf("the legend lacks %s", LookOf(m, "").Name)
		}
	}
	for _, m := range []Mark{MarkNull, MarkReduce, MarkCurrent, MarkChanceCut, MarkTT} {
		if has(legend, m) {
			t.Errorf("the legend explains %s, which the scene does not use", LookOf(m, "").Name)
		}
	}
	if len(sc.Title) == 0 || !strings.Contains(sc.Title[0].Text(), "alpha-beta") {
		t.Errorf("title: %v", sc.Title)
	}
}

func has(ms []Mark, m Mark) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

func valueOf(rec *record.Recording, n *record.Node) string {
	v, _ := Value(rec.Info, n, false)
	return v
}

// TestSceneUntil: a frame's scene lays out the nodes not entered yet,
// hidden; the nodes not left yet show "?"; the node of the step is marked
// current; no principal variation before the end.
func TestSceneUntil(t *testing.T) {
	rec := aima(t)
	leaf := rec.Node(3) // 1.2
	sc := build(t, rec, Options{Until: leaf.End, Current: leaf.ID, HasCurrent: true})
	full := build(t, rec, Options{})
	if len(sc.Nodes) != len(full.Nodes) || len(sc.Edges) != len(full.Edges) {
		t.Fatalf("the frame has %d shapes and %d edges, the whole %d and %d: the layout would move", len(sc.Nodes), len(sc.Edges), len(full.Nodes), len(full.Edges))
	}
	for _, n := range sc.Nodes {
		if n.Searched {
			r := rec.Node(n.Rec)
			if future := r.Seq > leaf.End; future != n.Hidden {
				t.Errorf("%s: hidden %v, entered at %d, frame at %d", n.ID, n.Hidden, r.Seq, leaf.End)
			}
			if open := r.End == 0 || r.End > leaf.End; open && !n.Hidden && n.Line(RoleValue).Text() != "?" {
				t.Errorf("%s is open and shows %q", n.ID, n.Line(RoleValue).Text())
			}
		}
		if n.Has(MarkPV) {
			t.Errorf("%s is on the principal variation before the end", n.ID)
		}
		if n.Has(MarkCurrent) != (n.ID == "n3") {
			t.Errorf("%s: current %v", n.ID, n.Has(MarkCurrent))
		}
	}
}

// TestScenePageNotes: on the page, the numbers are placeholders of their
// size and each line of a technique carries the event that makes it true,
// the same as Stats.Notes.
func TestScenePageNotes(t *testing.T) {
	rec := sinktest.Search{Name: "nullmove", Tree: "nullmove", Spec: "alphabeta+null-move"}.Record(t)
	sc := build(t, rec, Options{Page: true})
	if len(sc.Title) != 0 || len(sc.Legend) != 0 {
		t.Error("the page's scene has a title or a legend: the page writes its own")
	}
	notes := 0
	for _, n := range sc.Nodes {
		if !n.Searched {
			continue
		}
		if v := n.Line(RoleValue); v == nil || !IsPageValue(v.Text()) {
			t.Errorf("%s: the value is not a placeholder: %v", n.ID, v)
		}
		var seqs []int64
		for _, l := range n.Lines {
			if l.Role == RoleNote {
				seqs = append(seqs, l.Seq)
			}
		}
		want := sc.Stats.Notes[n.Rec]
		if len(seqs) != len(want) {
			t.Fatalf("%s: notes at %v, Stats.Notes %v", n.ID, seqs, want)
		}
		for i := range seqs {
			if seqs[i] != want[i] || seqs[i] <= 0 {
				t.Errorf("%s: note %d at event %d, Stats.Notes %d", n.ID, i, seqs[i], want[i])
			}
		}
		notes += len(seqs)
	}
	if notes == 0 {
		t.Error("no technique's line on the null-move tree")
	}
}

// star2Chance is Star2's search, with the bounds -2, 2, of a tree whose
// second chance node is cut.
func star2Chance(t *testing.T) *record.Recording {
	t.Helper()
	tr, err := toytree.Parse("chance", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])")
	if err != nil {
		t.Fatal(err)
	}
	r := record.NewRecorder()
	opt := engine.Options{Algo: engine.Star2, Bounds: engine.Bounds{Lo: -2 * tr.Scale, Hi: 2 * tr.Scale, On: true}}
	if _, err := engine.Search(context.Background(), toytree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, r.Hooks()); err != nil {
		t.Fatal(err)
	}
	return r.Recording()
}

// TestSceneChanceCut: Star2's cut at a chance node is a chance cut, in the
// legend too; the outcomes it left are never searched, tied to it.
func TestSceneChanceCut(t *testing.T) {
	rec := star2Chance(t)
	sc := build(t, rec, Options{})
	cuts := 0
	for _, n := range sc.Nodes {
		if n.Has(MarkChanceCut) {
			cuts++
			if n.Kind != Chance || !strings.HasPrefix(n.Line(RoleCut).Text(), "✂ avg") {
				t.Errorf("%s: a chance cut on a %s, %v", n.ID, n.Kind, n.Line(RoleCut))
			}
		}
	}
	if cuts == 0 {
		t.Fatal("no chance cut in Star2's scene")
	}
	found := false
	for _, it := range sc.Legend {
		found = found || it.Mark == MarkChanceCut
	}
	if !found {
		t.Error("the legend does not explain the chance cut")
	}
}

// TestSceneWhole: Whole draws every child to the depth asked, and refuses
// a scene past the budget before building it; NoWindows leaves windows out.
func TestSceneWhole(t *testing.T) {
	rec := sinktest.Search{Name: "wikipedia", Tree: "wikipedia", Spec: "alphabeta"}.Record(t)
	_, err := Build(rec, Options{Whole: true, MaxNodes: 10})
	var be *BudgetError
	if !errors.As(err, &be) || be.Shapes != 33 || be.Max != 10 {
		t.Fatalf("got %v, want a BudgetError of 33 shapes", err)
	}
	sc := build(t, rec, Options{Whole: true, MaxNodes: 33, NoWindows: true})
	if sc.Stats.Drawn != 33 || sc.Stats.Truncated {
		t.Errorf("%+v, want 33 shapes, none summarised", sc.Stats)
	}
	for _, n := range sc.Nodes {
		if n.Line(RoleWindow) != nil {
			t.Fatalf("%s has a window with NoWindows", n.ID)
		}
	}
	sc = build(t, rec, Options{Whole: true, DrawDepth: 1})
	boxes := 0
	for _, n := range sc.Nodes {
		if n.Kind == Summary {
			boxes++
		}
	}
	if boxes != 3 || len(sc.Nodes) != 7 {
		t.Errorf("one ply: %d shapes, %d boxes; want the root, its 3 moves and a box under each", len(sc.Nodes), boxes)
	}
}

// TestMeasure: a node's size is its widest line by the font's advances, and
// its lines' heights; a longer text is wider.
func TestMeasure(t *testing.T) {
	sc := build(t, aima(t), Options{})
	sc.Measure(PageAdvance)
	for _, n := range sc.Nodes {
		if n.Width <= 0 || n.Height <= 0 {
			t.Fatalf("%s: %g × %g", n.ID, n.Width, n.Height)
		}
		w, h := BlockSize(n.Lines, float64(sc.Sizes.Node), PageAdvance)
		if w != n.Width || h != n.Height {
			t.Errorf("%s: %g × %g, BlockSize %g × %g", n.ID, n.Width, n.Height, w, h)
		}
	}
	short, _ := LineSize(Line{Runs: []Run{{Text: "3", Size: 12}}}, 12, PageAdvance)
	long, _ := LineSize(Line{Runs: []Run{{Text: "(−∞, +∞)", Size: 12}}}, 12, PageAdvance)
	big, _ := LineSize(Line{Runs: []Run{{Text: "(−∞, +∞)", Size: 24}}}, 12, PageAdvance)
	if !(short < long && math.Abs(big-2*long) < 1e-9) {
		t.Errorf("widths: 3 %g, the window %g, at twice the size %g", short, long, big)
	}
	if sw, sh := ShapeSize(Min, 20, 10, 2); sw < 2*20 || sh < 2*10 {
		t.Errorf("a triangle of %g × %g for a block of 20 × 10", sw, sh)
	}
}
