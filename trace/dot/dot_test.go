package dot

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/scene"
)

// synthetic records a full search of a uniform tree (branching b, depth d),
// with a cutoff after the first child at every MIN node below the root when cut
// is true. Paths are dotted indices like toy trees.
func synthetic(b, d int, cut bool) *record.Recording {
	r := record.NewRecorder()
	var seq, id int64
	emit := func(e *trace.Event) {
		e.Seq = seq
		seq++
		r.Add(e)
	}
	emit(&trace.Event{Kind: trace.Start, Depth: d, Info: &trace.Info{Game: "tree", Input: "synthetic", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1, Depth: d}})
	var walk func(parent int64, path string, ply int, max bool) int64
	walk = func(parent int64, path string, ply int, max bool) int64 {
		me := id
		id++
		e := &trace.Event{Kind: trace.Enter, Node: me, Path: path, Ply: ply, Depth: d - ply, Max: max, Has: trace.HasWindow, Alpha: -score.Inf, Beta: score.Inf}
		if ply > 0 {
			e.Parent, e.Has = parent, e.Has|trace.HasParent
			e.Move = path
		}
		emit(e)
		if ply == d {
			emit(&trace.Event{Kind: trace.Leaf, Node: me, Path: path, Ply: ply, Has: trace.HasValue, Value: int64(len(path))})
			emit(&trace.Event{Kind: trace.Exit, Node: me, Path: path, Ply: ply, Has: trace.HasValue, Value: int64(len(path)), Bound: score.Exact})
			return 1
		}
		n := b
		if cut && !max && ply > 0 {
			n = 1
		}
		for i := 1; i <= n; i++ {
			p := fmt.Sprint(i)
			if path != "" {
				p = path + "." + p
			}
			walk(me, p, ply+1, !max)
		}
		if n < b {
			var pruned []string
			var subs []*trace.Subtree
			for i := n + 1; i <= b; i++ {
				p := fmt.Sprintf("%s.%d", path, i)
				pruned = append(pruned, p)
				subs = append(subs, &trace.Subtree{Move: p, Path: p, Max: !max, Leaf: ply+1 == d, Value: 7})
			}
			emit(&trace.Event{Kind: trace.Cutoff, Node: me, Path: path, Ply: ply, Has: trace.HasValue | trace.HasWindow, Value: 1, Alpha: 2, Beta: score.Inf, Reason: "alpha", Move: path + ".1", Pruned: pruned, Unsearched: subs})
		}
		emit(&trace.Event{Kind: trace.Exit, Node: me, Path: path, Ply: ply, Has: trace.HasValue, Value: 3, Bound: score.Exact})
		return 1
	}
	walk(0, "", 0, true)
	sum := &trace.Summary{Value: 3, Best: "1", PV: []string{"1", "1.1"}, Nodes: id}
	emit(&trace.Event{Kind: trace.Done, Has: trace.HasValue, Value: 3, Summary: sum})
	if err := r.Err(); err != nil {
		panic(err)
	}
	return r.Recording()
}

func TestSmallTreeDrawnInFull(t *testing.T) {
	rec := synthetic(3, 2, true)
	src, st, err := Build(rec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if st.Truncated || st.Note != "" {
		t.Errorf("small tree summarised: %+v", st)
	}
	s := string(src)
	cut, grey := scene.LookOf(scene.MarkCut, "").Colour, scene.LookOf(scene.MarkUnsearched, "").Colour
	for _, want := range []string{
		"n0 [shape=triangle", "shape=invtriangle", `color="` + cut + `"`, "peripheries=2", "✂ 1 ≤ α",
		`style=dashed, color="` + grey + `"`, "label=<<font color=\"" + cut + "\">✂</font> 1.2>",
		"n0 -> n1 [label=<1>, penwidth=3]", "legend [shape=plain",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("DOT lacks %q", want)
		}
	}
	if got, want := st.Drawn, len(rec.Nodes)+2*3; got != want { // 3 MIN nodes each with 2 unsearched leaves
		t.Errorf("drew %d shapes, want %d", got, want)
	}
}

func TestBudgetLowersTheDepth(t *testing.T) {
	rec := synthetic(4, 6, false) // 5461 nodes
	src, st, err := Build(rec, Options{MaxNodes: 400})
	if err != nil {
		t.Fatal(err)
	}
	if st.Drawn > 400 || !st.Truncated || st.Depth >= 6 {
		t.Errorf("not summarised to the budget: %+v", st)
	}
	if !strings.Contains(st.Note, "drawn") || !strings.Contains(string(src), "searched below") {
		t.Errorf("no note or summary boxes: %+v", st)
	}
	if c := strings.Count(string(src), "searched below"); c == 0 {
		t.Error("no summary box")
	}
}

func TestWidthBudget(t *testing.T) {
	rec := synthetic(12, 3, false) // 1 + 12 + 144 + 1728 nodes: too wide long before too many
	_, st, err := Build(rec, Options{MaxNodes: 5000, MaxWidth: 150})
	if err != nil {
		t.Fatal(err)
	}
	if st.Depth != 2 || !st.Truncated {
		t.Errorf("got %+v, want the drawing cut to 2 plies by the width budget", st)
	}
	if _, st, _ := Build(synthetic(3, 4, false), Options{}); st.Truncated {
		t.Errorf("a homework tree of 81 leaves was summarised: %+v", st)
	}
}

func TestDrawDepth(t *testing.T) {
	rec := synthetic(2, 5, false)
	_, st, err := Build(rec, Options{DrawDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	// 1 + 2 + 4 nodes and one box under each of the 4 nodes at depth 2
	if st.Depth != 2 || st.Drawn != 7+4 {
		t.Errorf("got %+v, want depth 2 and 11 shapes", st)
	}
}

func TestFocus(t *testing.T) {
	rec := synthetic(3, 3, false)
	src, _, err := Build(rec, Options{Focus: "2.1"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), "label=<1>") || !strings.Contains(string(src), `"`+scene.LookOf(scene.MarkWindow, "").Colour+`">2.1.3</font>`) {
		t.Errorf("focus drew the wrong part:\n%s", src)
	}
	_, _, err = Build(rec, Options{Focus: "2.4"})
	var fe *FocusError
	if !errors.As(err, &fe) {
		t.Fatalf("got %v, want a FocusError", err)
	}
}

func TestUnsearchedBecomeCountsWhenTight(t *testing.T) {
	rec := synthetic(5, 3, true)
	full, _, _ := Build(rec, Options{})
	tight, st, _ := Build(rec, Options{MaxNodes: len(rec.Nodes) + 6})
	if !strings.Contains(string(full), "never searched: ") {
		t.Error("unsearched subtrees not drawn when there is room")
	}
	if strings.Contains(string(tight), "never searched: ") || !strings.Contains(string(tight), "not searched") {
		t.Errorf("unsearched subtrees not collapsed when tight: %+v", st)
	}
}

func TestNegamaxView(t *testing.T) {
	rec := synthetic(2, 1, false)
	rec.Nodes[1].Max = false
	src, _, _ := Build(rec, Options{Negamax: true})
	if !strings.Contains(string(src), "(side to move") && !strings.Contains(string(src), "negamax") {
		t.Error("negamax view not noted")
	}
}

func TestEmptyRecording(t *testing.T) {
	if _, _, err := Build(&record.Recording{}, Options{}); err == nil {
		t.Error("no error for an empty recording")
	}
}

// node returns the DOT statement of the recorded node with the given path.
func stmt(t *testing.T, src []byte, rec *record.Recording, path string) string {
	t.Helper()
	for _, n := range rec.Nodes {
		if n.Path == path {
			prefix := "  n" + strconv.FormatInt(n.ID, 10) + " ["
			for _, l := range strings.Split(string(src), "\n") {
				if strings.HasPrefix(l, prefix) {
					return l
				}
			}
			return ""
		}
	}
	t.Fatalf("no node %s", path)
	return ""
}

func nodeAt(rec *record.Recording, path string) *record.Node {
	for _, n := range rec.Nodes {
		if n.Path == path {
			return n
		}
	}
	return nil
}

// TestUntil: a frame of a step draws the search as it stood: nodes not
// entered yet are laid out invisibly (the same statements, so the layout
// does not move), values not returned yet are "?", a cutoff shows only once
// it happened, and the node of the step is highlighted.
func TestUntil(t *testing.T) {
	rec := synthetic(2, 2, true)
	full, _, err := Build(rec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	leaf := nodeAt(rec, "2.1")
	before, _, err := Build(rec, Options{Until: leaf.End, Current: leaf.ID, HasCurrent: true, Caption: "Leaf 2.1 = 3."})
	if err != nil {
		t.Fatal(err)
	}
	if c, b := strings.Count(string(full), "->"), strings.Count(string(before), "->"); c != b {
		t.Errorf("%d edges in the frame, %d in the whole drawing: the layout would move", b, c)
	}
	if s := stmt(t, before, rec, "2.1"); !strings.Contains(s, scene.LookOf(scene.MarkCurrent, "").Fill) {
		t.Errorf("the node of the step is not highlighted: %s", s)
	}
	if s := stmt(t, before, rec, "2"); !strings.Contains(s, "<b>?</b>") || strings.Contains(s, "✂") {
		t.Errorf("node 2 before its value and its cut: %s", s)
	}
	if s := stmt(t, before, rec, "1"); strings.Contains(s, "?") || strings.Contains(s, "invis") {
		t.Errorf("node 1 has returned: %s", s)
	}
	if !strings.Contains(string(before), "Leaf 2.1 = 3.") || strings.Contains(string(before), "bold: principal variation") {
		t.Errorf("caption missing or principal variation drawn before the end")
	}
	var ghosts int
	for _, l := range strings.Split(string(before), "\n") {
		if strings.Contains(l, "style=invis") && !strings.Contains(l, "-> legend") {
			ghosts++
		}
	}
	if ghosts == 0 {
		t.Errorf("the subtree the cut will prune is not laid out invisibly")
	}

	cut := nodeAt(rec, "2").Cut
	after, _, err := Build(rec, Options{Until: cut.Seq})
	if err != nil {
		t.Fatal(err)
	}
	if s := stmt(t, after, rec, "2"); !strings.Contains(s, "✂") {
		t.Errorf("the cut is not shown once it happened: %s", s)
	}
	if strings.Contains(tree(after), "style=invis") {
		t.Errorf("nothing is left to hide after the cut:\n%s", after)
	}

	// SkipFuture leaves out what was not entered yet.
	first := nodeAt(rec, "1.1")
	skip, _, err := Build(rec, Options{Until: first.End, SkipFuture: true})
	if err != nil {
		t.Fatal(err)
	}
	if s := stmt(t, skip, rec, "2"); s != "" || strings.Contains(tree(skip), "invis") {
		t.Errorf("node 2 drawn before it was entered: %s", s)
	}
}

// A technique known only from its row of the table of kinds (kept as marks
// on its node) is drawn as a note in its tone's colour, with no case for it
// here.
func TestMarksDrawnAsNotes(t *testing.T) {
	rec := synthetic(2, 2, false)
	nodeAt(rec, "1").Marks = []trace.Event{{Kind: trace.Razor, To: 1}, {Kind: trace.NullSkip}}
	src, _, err := Build(rec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := stmt(t, src, rec, "1")
	for _, want := range []string{`color="` + scene.LookOf(scene.MarkCut, "").Colour + `">razored to depth 1<`,
		`color="` + scene.LookOf(scene.MarkNote, "").Colour + `">null skip<`} {
		if !strings.Contains(s, want) {
			t.Errorf("node 1 lacks %q: %s", want, s)
		}
	}
}

// TestPVUnderFocus: the principal variation is bold below a focused node on
// it (the synthetic search's PV is 1 1.1), and nowhere under a node off it.
func TestPVUnderFocus(t *testing.T) {
	rec := synthetic(2, 3, false)
	bold := regexp.MustCompile(`(?m)^  (n\d+) \[[^\n]*penwidth=3`)
	for _, c := range []struct {
		focus string
		want  int
	}{{"", 3}, {"1", 2}, {"1.1", 1}, {"2", 0}} {
		src, _, err := Build(rec, Options{Focus: c.focus})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(bold.FindAll(src, -1)); got != c.want {
			t.Errorf("focus %q: %d nodes bold, want %d (the PV below it)", c.focus, got, c.want)
		}
	}
}

// tree is a drawing's DOT without the legend's statements (whose edges are
// invisible: they put it under the picture).
func tree(src []byte) string {
	var lines []string
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.Contains(l, "legend") {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}
