package dot

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace/record"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/scene"
)

// The looks of a diff drawing: A's, B's, and the nodes both searched
// differently.
var (
	colA, colABg = scene.LookOf(scene.MarkDiffA, "").Colour, scene.LookOf(scene.MarkDiffA, "").Fill
	colB, colBBg = scene.LookOf(scene.MarkDiffB, "").Colour, scene.LookOf(scene.MarkDiffB, "").Fill
	colChanged   = scene.LookOf(scene.MarkDiffValue, "").Colour
	penChanged   = "2.4"
)

func compared(a, b *record.Recording) *diff.Result {
	run := func(name string, rec *record.Recording) *diff.Run {
		return &diff.Run{Name: name, Spec: "spec-" + name, Conventions: "conventions of " + name, Rec: rec, Root: rec.Root}
	}
	return diff.Compare(run("A", a), run("B", b))
}

// nodeLine is the DOT line of the drawn node whose tooltip starts with the
// given path.
func nodeLine(t *testing.T, src, path string) string {
	t.Helper()
	for _, l := range strings.Split(src, "\n") {
		if strings.Contains(l, `tooltip="`+path+`: `) {
			return l
		}
	}
	t.Fatalf("no node %s in\n%s", path, src)
	return ""
}

func TestDiffDrawing(t *testing.T) {
	a, b := synthetic(3, 2, true), synthetic(3, 2, false) // A cuts at every MIN node, B searches all
	b.Node(1).Value, b.Node(1).Bound = 2, score.Upper     // and B's first MIN node returns ≤2
	src, st, err := BuildDiff(compared(a, b), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	if st.Truncated || st.Note != "" || st.Searched != 13 {
		t.Errorf("a small union is drawn whole: %+v", st)
	}
	// Nodes only B searched are filled green, with B's colour on the edge.
	for _, path := range []string{"1.2", "1.3", "3.3"} {
		if l := nodeLine(t, s, path); !strings.Contains(l, `fillcolor="`+colBBg+`"`) || !strings.Contains(l, "searched by B only") {
			t.Errorf("%s is not drawn as B's only: %s", path, l)
		}
	}
	// A node both searched differently shows both values.
	if l := nodeLine(t, s, "1"); !strings.Contains(l, `<font color="`+colA+`"><b>A 3</b></font><b> · </b><font color="`+colB+`"><b>B ≤2</b></font>`) || !strings.Contains(l, `color="`+colChanged+`"`) {
		t.Errorf("node 1 does not show A 3 · B ≤2 in the changed style: %s", l)
	}
	// A cut where B did not: A's cut is named A's, with its count.
	if l := nodeLine(t, s, "2"); !strings.Contains(l, `color="`+colA+`">A ✂ 1 ≤ α, 2 pruned</font>`) {
		t.Errorf("node 2 should show A's cutoff: %s", l)
	}
	// Leaves both searched alike are drawn as usual.
	if l := nodeLine(t, s, "1.1"); strings.Contains(l, "fillcolor") || !strings.Contains(l, "searched alike") {
		t.Errorf("1.1 should be drawn as usual: %s", l)
	}
	for _, want := range []string{"A = spec-A (conventions of A)", "B = spec-B (conventions of B)", "dotted outline: searched by B only", "thick outline: searched by both, differently", "7 nodes searched by both · 0 by A only · 6 by B only"} {
		if !strings.Contains(s, want) {
			t.Errorf("drawing lacks %q", want)
		}
	}
	if strings.Contains(s, "searched by A only<") {
		t.Error("legend explains A's only nodes, but A searched nothing alone")
	}
	// Left to right as searched: 1.1, then the moves only B searched.
	if i, j := strings.Index(s, `tooltip="1.1: `), strings.Index(s, `tooltip="1.2: `); i < 0 || j < i {
		t.Error("children out of order")
	}
}

func TestDiffDrawingOfIdenticalSearches(t *testing.T) {
	src, _, err := BuildDiff(compared(synthetic(3, 2, true), synthetic(3, 2, true)), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	if strings.Contains(s, "fillcolor=\""+colABg) || strings.Contains(s, "fillcolor=\""+colBBg) || strings.Contains(s, "penwidth="+penChanged) {
		t.Errorf("identical searches drawn as different:\n%s", s)
	}
	if !strings.Contains(s, "· no differences") {
		t.Error("the title does not say there is no difference")
	}
	// Moves both cut off are one grey box per node.
	if n := strings.Count(s, "+2 not searched"); n != 3 {
		t.Errorf("%d boxes of the two moves cut at each MIN node, want 3", n)
	}
}

// A large union is drawn less deep, within the budgets, with a note.
func TestDiffDrawingKeepsToBudget(t *testing.T) {
	res := compared(synthetic(6, 5, true), synthetic(6, 5, false))
	src, st, err := BuildDiff(res, Options{MaxNodes: 120})
	if err != nil {
		t.Fatal(err)
	}
	if !st.Truncated || st.Drawn > 120 || !strings.Contains(st.Note, "drawn") || !strings.Contains(string(src), "use --draw-depth, --focus or --max-draw") {
		t.Errorf("not summarised: %+v", st)
	}
	if !regexp.MustCompile(`\+\d+ searched below<br/><font point-size="8">\d+ by both</font><br/><font point-size="8" color="` + colB + `">\d+ by B only`).Match(src) {
		t.Error("summary boxes do not say whose nodes they count")
	}
	if shapes := strings.Count(string(src), "shape="); shapes > 121 { // the legend is a shape too
		t.Errorf("%d shapes over the budget", shapes)
	}
}

func TestDiffDrawingFocus(t *testing.T) {
	res := compared(synthetic(3, 2, true), synthetic(3, 2, false))
	src, st, err := BuildDiff(res, Options{Focus: "2"})
	if err != nil {
		t.Fatal(err)
	}
	if st.Searched != 4 || !strings.Contains(st.Note, "subtree of 2") || strings.Contains(string(src), `tooltip="1.1`) {
		t.Errorf("focus 2: %+v", st)
	}
	_, _, err = BuildDiff(res, Options{Focus: "9"})
	var fe *diff.FocusError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "searched there: 1, 2, 3") {
		t.Errorf("focus on no node: %v", err)
	}
}
