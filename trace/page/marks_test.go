package page

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
	"github.com/prunescope/prunescope/trace/text"
)

// kindSearch is a search that produces some of the event kinds: a toy tree
// (a built-in name or tree text) or a chess position (FEN), with the
// techniques of spec and what tweak changes beyond them.
type kindSearch struct {
	name, tree, fen, spec string
	depth                 int
	nodes                 int64
	tweak                 func(o *engine.Options, scale int64)
}

// kindSearches produce every event kind between them: the techniques'
// toy trees, a chance tree under Star2, and a small chess search.
var kindSearches = []kindSearch{
	{name: "nullmove", tree: "nullmove", spec: "alphabeta+null-move"},
	{name: "zugzwang-verified", tree: "zugzwang", spec: "alphabeta+null-move", tweak: func(o *engine.Options, _ int64) { o.Sel.Null.Verify = true }},
	{name: "threat", tree: "threat", spec: "alphabeta+null-move", tweak: func(o *engine.Options, _ int64) { o.Sel.Null.Threat = true }},
	{name: "reductions", tree: "reductions", spec: "alphabeta+reductions"},
	{name: "extensions", tree: "extensions", spec: "alphabeta+extensions"},
	{name: "futility", tree: "futility", spec: "alphabeta+futility"},
	{name: "razoring", tree: "razoring", spec: "alphabeta+razoring"},
	{name: "quiescence", tree: "quiescence", spec: "alphabeta+quiescence"},
	{name: "transpositions", tree: "transpositions", spec: "alphabeta+tt"},
	{name: "iterative-aspiration", tree: "iterative", spec: "alphabeta+iterative+aspiration+tt+order"},
	{name: "aspiration-fail", tree: "wikipedia", spec: "alphabeta+aspiration", tweak: func(o *engine.Options, s int64) { o.Guess, o.HasGuess = 3*s, true }},
	{name: "pvs", tree: "wikipedia", spec: "pvs"},
	{name: "lmr-lmp", tree: "lmr", spec: "alphabeta+lmr+lmp", tweak: func(o *engine.Options, _ int64) { o.Sel.LMP.Counts = []int{1, 1} }},
	{name: "mtdf", tree: "wikipedia", spec: "mtdf+tt"},
	{name: "star2", tree: "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", spec: "star2",
		tweak: func(o *engine.Options, s int64) { o.Bounds = engine.Bounds{Lo: -2 * s, Hi: 2 * s, On: true} }},
	{name: "star1", tree: "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", spec: "star1",
		tweak: func(o *engine.Options, s int64) { o.Bounds = engine.Bounds{Lo: -2 * s, Hi: 2 * s, On: true} }},
	// Issue 21: reverse futility on a PVS probe (node 2's eval 2 ≤ α 3), and
	// internal iterative deepening at the root of a tree with evaluations.
	{name: "rfp", tree: "((3 12 8)[eval=5] (2 4 6)[eval=2] (14 5 2)[eval=6])[eval=5]", spec: "pvs+rfp"},
	{name: "iid", tree: "((((-4 -1)[eval=-2] (-9 2)[eval=-11])[eval=-5] ((2 -5)[eval=-4] (8 0)[eval=-1])[eval=0])[eval=-6] (((9 -2)[eval=-3] (-7 -1)[eval=-5])[eval=-1] ((6 -4)[eval=-6] (7 9)[eval=8])[eval=5])[eval=-3])[eval=-2]", spec: "alphabeta+iid"},
	// A quiescence node in check: its evasions, no stand pat.
	{name: "evasions", tree: "((3 5)[eval=4 check] (2 7)[eval=6])", spec: "alphabeta+quiescence", depth: 1},
	{name: "chess", fen: "tactic", spec: "alphabeta+tt+null-move+quiescence", depth: 2, nodes: 400,
		tweak: func(o *engine.Options, _ int64) { o.Sel.Null.MinPly = 1 }},
}

// run searches and returns the JSON Lines trace.
func (k kindSearch) run(t *testing.T) []byte {
	t.Helper()
	var pos engine.Position
	scale, units := int64(1), engine.Units{}
	depth := k.depth
	if k.fen != "" {
		fen := k.fen
		for _, b := range chess.Builtins() {
			if b.Name == k.fen {
				fen = b.FEN
			}
		}
		b, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		pos, units = chess.NewPosition(b, chess.EvalPST), engine.Units{Pawn: 100}
	} else {
		tr, ok := tree.Builtin(k.tree)
		if !ok {
			var err error
			if tr, err = tree.Parse(k.name, k.tree); err != nil {
				t.Fatal(err)
			}
		}
		pos, scale = tree.NewPosition(tr), tr.Scale
		if depth == 0 {
			depth = tr.Height()
		}
	}
	opt, err := engine.ParseSpec(k.spec, engine.Options{Sel: engine.DefaultSelective(units)})
	if err != nil {
		t.Fatal(err)
	}
	if k.tweak != nil {
		k.tweak(&opt, scale)
	}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	if _, err := engine.Search(context.Background(), pos, engine.Limits{Depth: depth, Nodes: k.nodes}, opt, w.Hooks()); err != nil && !engine.IsStop(err) {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestEveryKindMarksItsNode walks every event of searches that between them
// produce every event kind, and checks at the step that takes it that the
// page (Expected, which TestDataAgreesWithExpected holds the page's data
// to, and the browser tests the page itself) and the stepper's screen show
// it on the node it concerns: its mark (glyph) for a technique's kind; for
// the skeleton's kinds, the node entered, its value, its bound, its ✂ and
// closed window, the principal variation. A kind no search produces fails
// the test: a new kind must be added here, with a search that produces it.
func TestEveryKindMarksItsNode(t *testing.T) {
	checked := map[trace.Kind]int{}
	var mu sync.Mutex
	t.Run("searches", func(t *testing.T) { // side by side; done when they all are
		for _, k := range kindSearches {
			t.Run(k.name, func(t *testing.T) {
				t.Parallel()
				tr := k.run(t)
				got := checkMarks(t, tr)
				if len(got) < 3 {
					t.Fatalf("only %v checked: the drawing shows too little of the search", got)
				}
				mu.Lock()
				defer mu.Unlock()
				for kind, n := range got {
					checked[kind] += n
				}
			})
		}
	})
	for kind := trace.Kind(0); kind < trace.NumKinds; kind++ {
		if kind.Spec().About == trace.AboutNone {
			continue // start: no node
		}
		if checked[kind] == 0 {
			t.Errorf("no search here produces %s: add one that does, and what marks its node", kind)
		}
		// The skeleton's kinds show as the node's state; every other kind
		// has a mark of its own.
		skeleton := kind == trace.Enter || kind == trace.Leaf || kind == trace.Exit || kind == trace.Cutoff || kind == trace.Done
		if l := step.Mark(kind).Look(); !skeleton && (l.Glyph == "" || l.Words == "" || !strings.HasPrefix(l.Colour, "var(--ps-")) {
			t.Errorf("%s has no mark of its own (glyph, words, a colour of the palette): %+v", kind, l)
		}
	}
}

// checkMarks checks every event of trace tr at its step, as
// TestEveryKindMarksItsNode says, and returns how many of each kind it
// checked.
func checkMarks(t *testing.T, tr []byte) map[trace.Kind]int {
	t.Helper()
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	rec := r.Recording()
	_, shapes, _, err := layout(rec, Options{}.Draw)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Expected(bytes.NewReader(tr))
	if err != nil {
		t.Fatal(err)
	}
	p, err := step.Open(bytes.NewReader(tr), "trace")
	if err != nil {
		t.Fatal(err)
	}
	in := p.Info()
	checked := map[trace.Kind]int{}
	names := map[int64]string{} // the stepper names a node by its move, the root "root"
	for i := 1; i < len(want); i++ {
		if ok, err := p.Next(); err != nil || !ok {
			t.Fatalf("step %d: %v", i, err)
		}
		screen := treeOf(step.Screen(p, text.Plain(), 400, 400, ""))
		evs := p.All()
		for _, e := range evs {
			if e.Kind == trace.Enter {
				names[e.Node] = e.Move
				if e.Ply == 0 {
					names[e.Node] = "root"
				}
			}
		}
		for _, e := range evs {
			if e.Kind.Spec().About == trace.AboutNone {
				continue
			}
			n, drawn := want[i].Nodes[fmt.Sprint(e.Node)]
			if !drawn {
				continue // a node the drawing summarises: no shape to mark
			}
			where := fmt.Sprintf("step %d, %s at %s (node %d)", i, e.Kind, names[e.Node], e.Node)
			if !n.Visible {
				t.Fatalf("%s: the page does not show the node", where)
			}
			lineOf := func() string { // the last: a node searched again (iid) is drawn after its first visit
				for j := len(screen) - 1; j >= 0; j-- {
					if nodeLine(names[e.Node], screen[j]) {
						return screen[j]
					}
				}
				return ""
			}
			line := lineOf()
			switch e.Kind {
			case trace.Enter:
				if e.Reason == trace.ReasonProbe && (!slices.Contains(strings.Fields(n.Marks), "probe") || !strings.Contains(line, step.MarkProbe.Look().Glyph)) {
					t.Fatalf("%s: a probe's node is not marked: page %v, stepper %q", where, n.Marks, line)
				}
				if line == "" {
					t.Fatalf("%s: the stepper's tree has no line for the node:\n%s", where, strings.Join(screen, "\n"))
				}
			case trace.Leaf:
				if n.Value != in.Format(e.Value) || n.Bound != "exact" || !strings.Contains(line, "= "+in.Format(e.Value)) {
					t.Fatalf("%s: leaf %s: page %s (%s), stepper %q", where, in.Format(e.Value), n.Value, n.Bound, line)
				}
			case trace.Exit:
				b := e.Bound.String()
				if slices.ContainsFunc(evs, func(x *trace.Event) bool { return x.Kind == trace.Leaf && x.Node == e.Node }) {
					b = "exact"
				}
				if n.Value != in.Format(e.Value) || n.Bound != b || n.Live != "" || !strings.Contains(line, "= ") {
					t.Fatalf("%s: returned %s (%s): page %s (%s) live %q, stepper %q", where, in.Format(e.Value), b, n.Value, n.Bound, n.Live, line)
				}
				if e.Has&trace.HasWindow != 0 && (n.Alpha != in.Format(e.Alpha) || n.Beta != in.Format(e.Beta)) {
					t.Fatalf("%s: a returned node keeps the window it was entered with (%s, %s); the page shows (%s, %s)",
						where, in.Format(e.Alpha), in.Format(e.Beta), n.Alpha, n.Beta)
				}
			case trace.Cutoff, trace.ChanceCut:
				if !n.Cut || !strings.HasPrefix(n.Live, "closed: ") || !strings.Contains(line, "closed: ") {
					t.Fatalf("%s: page cut %v live %q, stepper %q", where, n.Cut, n.Live, line)
				}
				if !strings.Contains(strings.Join(screen, "\n"), "✂ ") {
					t.Fatalf("%s: the stepper shows no ✂:\n%s", where, strings.Join(screen, "\n"))
				}
				for key, cut := range shapes.Unsearched {
					if u := want[i].Nodes[key]; cut == e.Node && (!u.Visible || !u.Grey) {
						t.Fatalf("%s: never-searched shape %s not shown grey", where, key)
					}
				}
				if e.Kind == trace.ChanceCut {
					for _, s := range e.Unsearched {
						if s.PDen > 0 && !strings.Contains(strings.Join(screen, "\n"), s.Move+" p=") {
							t.Fatalf("%s: the outcome %s is not listed with its probability:\n%s", where, s.Move, strings.Join(screen, "\n"))
						}
					}
				}
			case trace.Done:
				if !n.PV {
					t.Fatalf("%s: the root is not on the principal variation shown at the end", where)
				}
			}
			if e.Kind != trace.Enter {
				if line == "" && e.Kind != trace.Done {
					t.Fatalf("%s: the stepper's tree has no line for the node:\n%s", where, strings.Join(screen, "\n"))
				}
			}
			for _, m := range step.MarksOf(e).List() {
				if !slices.Contains(strings.Fields(n.Marks), m.Name()) {
					t.Fatalf("%s: the page does not mark the node with %s: %v", where, m.Name(), n.Marks)
				}
				if g := m.Look().Glyph; !strings.Contains(line, "⟨") || !strings.Contains(line[strings.Index(line, "⟨"):], g) {
					t.Fatalf("%s: the stepper's line for the node has no %s (%s): %q", where, g, m.Name(), line)
				}
			}
			checked[e.Kind]++
		}
	}
	return checked
}

// treeOf is the lines of the tree on the stepper's screen: between the
// rule under the path and the rule over the keys.
func treeOf(screen []string) []string {
	var rules []int
	for i, l := range screen {
		if strings.HasPrefix(l, "────") {
			rules = append(rules, i)
		}
	}
	if len(rules) < 3 {
		return nil
	}
	return screen[rules[1]+1 : rules[len(rules)-1]]
}

// nodeLine says whether a line of the stepper's tree is node name's: its
// shape, then its name.
func nodeLine(name, l string) bool {
	for _, shape := range []string{"▲ ", "▼ ", "◆ ", "· "} {
		for from := 0; ; {
			i := strings.Index(l[from:], shape+name)
			if i < 0 {
				break
			}
			i += from
			before, after := l[:i], l[i+len(shape)+len(name):]
			if (before == "" || strings.HasSuffix(before, " ") || strings.HasSuffix(before, "└") || strings.HasSuffix(before, "├")) &&
				(after == "" || after[0] == ' ') {
				return true
			}
			from = i + len(shape)
		}
	}
	return false
}

// TestStar2ChanceCutShown is the example: search --algo star2
// --bounds -2,2 on (((2 2) (1 2))[chance] ((0 2) (-1 0))[chance]). At step
// 16, the chance cut at node 2, the page marks node 2 cut (✂) with its
// closed window beside it, greys the outcome 2.2 it leaves, and marks the
// probe 2.1; the stepper says the same, with 2.2's probability. At step 17
// node 2 returns its bound, ≤1.5, beside the window it was entered with.
func TestStar2ChanceCutShown(t *testing.T) {
	var k kindSearch
	for _, s := range kindSearches {
		if s.name == "star2" {
			k = s
		}
	}
	tr := k.run(t)
	want, err := Expected(bytes.NewReader(tr))
	if err != nil {
		t.Fatal(err)
	}
	if len(want) < 18 || want[16].Node == nil || !strings.HasPrefix(want[16].Caption, "✂ Chance cut at 2") {
		t.Fatalf("step 16 is not the chance cut at 2: %d steps, %+v", len(want)-1, want[16])
	}
	two, probe := fmt.Sprint(*want[16].Node), ""
	for id, n := range want[16].Nodes {
		if strings.Contains(n.Marks, "probe") {
			probe = id
		}
	}
	n := want[16].Nodes[two]
	if !n.Cut || n.Alpha != "1.5" || n.Beta != "+∞" || n.Live != "closed: average ≤ 1 ≤ α 1.5 — cut" || !strings.Contains(n.Marks, "chance_cut") || probe == "" {
		t.Errorf("step 16, node 2: %+v; probe marked on %q", n, probe)
	}
	grey := 0
	for key, s := range want[16].Nodes {
		if strings.HasPrefix(key, "u") && s.Grey && s.Visible {
			grey++
		}
	}
	if grey != 3 { // 2.2 and its leaves 2.2.1, 2.2.2
		t.Errorf("step 16: %d never-searched shapes grey, want 3 (2.2 and its two leaves)", grey)
	}
	if n := want[17].Nodes[two]; n.Value != "1.5" || n.Bound != "upper" || n.Alpha != "1.5" || n.Beta != "+∞" || n.Live != "" {
		t.Errorf("step 17, node 2 returns: %+v, want ≤1.5 with (1.5, +∞)", n)
	}
	p, err := step.Open(bytes.NewReader(tr), "trace")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Goto(16); err != nil {
		t.Fatal(err)
	}
	screen := strings.Join(treeOf(step.Screen(p, text.Plain(), 120, 40, "")), "\n")
	for _, w := range []string{"◆ 2  (1.5, +∞)  closed: average ≤ 1 ≤ α 1.5 — cut  ⟨✂⟩ ◀", "▼ 2.1 = ≤0  ⟨P?⟩", "✂ chance cut, outcomes not searched: 2.2 p=0.5"} {
		if !strings.Contains(screen, w) {
			t.Errorf("the stepper's tree at step 16 lacks %q:\n%s", w, screen)
		}
	}
}
