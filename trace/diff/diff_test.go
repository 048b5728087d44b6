package diff

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// tn describes a searched node for a synthetic recording: the move into it,
// the window, the value returned and its bound, and either its children or
// (leaf) nothing; pruned names moves a cutoff left unsearched.
type tn struct {
	move        string
	alpha, beta int64
	value       int64
	bound       score.Bound
	pruned      []string
	kids        []tn
}

func leaf(move string, v, alpha, beta int64) tn {
	return tn{move: move, alpha: alpha, beta: beta, value: v, bound: score.Exact}
}

// recorder feeds events to a record.Recorder as a search would emit them.
type recorder struct {
	r        *record.Recorder
	seq, ids int64
	max      bool
}

func (rc *recorder) emit(e *trace.Event) {
	e.Seq = rc.seq
	rc.seq++
	rc.r.Add(e)
}

// search records one root search of root (a new pass or iteration as told
// by the caller's events) to the given depth.
func (rc *recorder) search(root tn, depth int) {
	var walk func(n tn, parent int64, path string, ply int, max bool)
	walk = func(n tn, parent int64, path string, ply int, max bool) {
		me := rc.ids
		rc.ids++
		e := &trace.Event{Kind: trace.Enter, Node: me, Path: path, Ply: ply, Depth: depth - ply, Max: max,
			Has: trace.HasWindow, Alpha: n.alpha, Beta: n.beta, Move: n.move}
		if ply > 0 {
			e.Parent, e.Has = parent, e.Has|trace.HasParent
		}
		rc.emit(e)
		if len(n.kids) == 0 && len(n.pruned) == 0 {
			rc.emit(&trace.Event{Kind: trace.Leaf, Node: me, Path: path, Ply: ply, Has: trace.HasValue, Value: n.value, Reason: "terminal"})
		}
		for _, k := range n.kids {
			p := k.move
			if path != "" {
				p = path + "." + k.move
			}
			walk(k, me, p, ply+1, !max)
		}
		if len(n.pruned) > 0 {
			reason := "beta"
			if !max {
				reason = "alpha"
			}
			rc.emit(&trace.Event{Kind: trace.Cutoff, Node: me, Path: path, Ply: ply, Has: trace.HasValue | trace.HasWindow,
				Value: n.value, Alpha: n.alpha, Beta: n.beta, Reason: reason, Pruned: n.pruned})
		}
		rc.emit(&trace.Event{Kind: trace.Exit, Node: me, Path: path, Ply: ply, Has: trace.HasValue, Value: n.value, Bound: n.bound})
	}
	walk(root, 0, "", 0, true)
}

func newRecorder(t *testing.T, cutoff string) *recorder {
	rc := &recorder{r: record.NewRecorder()}
	rc.emit(&trace.Event{Kind: trace.Start, Info: &trace.Info{Game: "tree", Input: "test", Algo: "alphabeta", Fail: "hard", Cutoff: cutoff, Root: "max", Scale: 1, Depth: 2}})
	return rc
}

func (rc *recorder) done(t *testing.T) *record.Recording {
	t.Helper()
	rc.emit(&trace.Event{Kind: trace.Done, Summary: &trace.Summary{Value: 3, Best: "1", PV: []string{"1", "1.1"}, Nodes: rc.ids}})
	if err := rc.r.Err(); err != nil {
		t.Fatal(err)
	}
	return rc.r.Recording()
}

// one records a single search of root.
func one(t *testing.T, root tn) *record.Recording {
	rc := newRecorder(t, "ge")
	rc.search(root, 2)
	return rc.done(t)
}

func run(name string, rec *record.Recording) *Run {
	return &Run{Name: name, Spec: "spec-" + name, Conventions: "conv " + name, Rec: rec, Root: rec.Roots[len(rec.Roots)-1]}
}

const inf = score.Inf

// aimaHard and aimaSoft are alpha-beta on AIMA's Figure 5.2, fail-hard and
// fail-soft: the same nodes, different values at the nodes that fail low.
func aimaHard() tn {
	return tn{alpha: -inf, beta: inf, value: 3, bound: score.Exact, kids: []tn{
		{move: "1", alpha: -inf, beta: inf, value: 3, bound: score.Exact, kids: []tn{leaf("1", 3, -inf, inf), leaf("2", 12, -inf, 3), leaf("3", 8, -inf, 3)}},
		{move: "2", alpha: 3, beta: inf, value: 3, bound: score.Upper, pruned: []string{"2.2", "2.3"}, kids: []tn{leaf("1", 2, 3, inf)}},
		{move: "3", alpha: 3, beta: inf, value: 3, bound: score.Upper, kids: []tn{leaf("1", 14, 3, inf), leaf("2", 5, 3, 14), leaf("3", 2, 3, 5)}},
	}}
}

func aimaSoft() tn {
	r := aimaHard()
	r.kids[1].value, r.kids[2].value = 2, 2
	return r
}

func TestSameNodesDifferentValues(t *testing.T) {
	res := Compare(run("A", one(t, aimaHard())), run("B", one(t, aimaSoft())))
	tot := Count(res.Root)
	if tot.Both != 11 || tot.OnlyA != 0 || tot.OnlyB != 0 {
		t.Fatalf("nodes: %+v, want 11 both, none one-sided", tot)
	}
	diffs := List(res.Root)
	if len(diffs) != 2 || tot.Kinds[Value] != 2 || tot.Differences != 2 || tot.Nodes != 2 {
		t.Fatalf("differences %v, totals %+v; want two values", diffs, tot)
	}
	for i, path := range []string{"2", "3"} {
		d := diffs[i]
		if d.Node.Path != path || d.Kind != Value || res.Words(d, 'A') != "≤3" || res.Words(d, 'B') != "≤2" {
			t.Errorf("difference %d: %s %s: A %q B %q, want %s value A ≤3 B ≤2", i, d.Node.Path, d.Kind, res.Words(d, 'A'), res.Words(d, 'B'), path)
		}
	}
}

func TestIdenticalSearchesHaveNoDifferences(t *testing.T) {
	res := Compare(run("A", one(t, aimaHard())), run("B", one(t, aimaHard())))
	if d := List(res.Root); len(d) != 0 {
		t.Fatalf("differences between identical searches: %v", d)
	}
	var buf bytes.Buffer
	if err := WriteText(&buf, res, Plain(), TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "no differences: both searches visited the same nodes") {
		t.Errorf("no plain statement of no difference:\n%s", buf.String())
	}
}

// Under the strict rule B searches 2.2 (A cut it), and the cut moves and
// windows differ.
func TestOneSidedPartsAndCutoffs(t *testing.T) {
	a := aimaHard()
	b := aimaHard()
	b.kids[1].pruned = []string{"2.3"}
	b.kids[1].kids = append(b.kids[1].kids, tn{move: "2", alpha: 3, beta: inf, value: 4, bound: score.Exact,
		kids: []tn{leaf("1", 4, 3, inf), leaf("2", 5, 3, 4)}})
	b.kids[2].kids[1].beta = 13
	res := Compare(run("A", one(t, a)), run("B", one(t, b)))
	var got []string
	for _, d := range List(res.Root) {
		got = append(got, d.Node.Label()+" "+d.Kind.String())
	}
	want := []string{"2 cutoff", "2.2 b_only", "3.2 window"}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		t.Fatalf("differences %v, want %v", got, want)
	}
	two := res.Find("2")
	if len(two.Children) != 2 || two.Children[1].A != nil || two.Children[1].B == nil || two.Children[1].Size != 3 {
		t.Fatalf("2.2 should be B's, with two nodes below: %+v", two.Children[1])
	}
	tot := Count(res.Root)
	if tot.OnlyB != 3 || tot.Kinds[OnlyB] != 1 {
		t.Errorf("a B-only part of 3 nodes is one difference: %+v", tot)
	}
	cut := List(res.Root)[0]
	if w := res.Words(cut, 'A'); w != "cut: 3 ≤ α 3, not searched: 2.2, 2.3" {
		t.Errorf("A's cutoff: %q", w)
	}
	if w := res.Words(cut, 'B'); w != "cut: 3 ≤ α 3, not searched: 2.3" {
		t.Errorf("B's cutoff: %q", w)
	}
	if !cut.Acts('A') || !cut.Acts('B') {
		t.Errorf("both searches cut at 2, differently: Acts A %v, B %v", cut.Acts('A'), cut.Acts('B'))
	}
	if only := List(res.Root)[1]; only.Acts('A') || !only.Acts('B') {
		t.Errorf("2.2 is B's: Acts A %v, B %v", only.Acts('A'), only.Acts('B'))
	}
	if head, rest := res.Headline(res.Root); head+rest != "3 differences at 3 nodes: 1 part searched by B only (3 nodes) · 1 window · 1 cutoff" {
		t.Errorf("headline %q %q", head, rest)
	}
	if s := res.Says(cut); s != "A cut: 3 ≤ α 3, not searched: 2.2, 2.3 · B cut: 3 ≤ α 3, not searched: 2.3" {
		t.Errorf("the cutoff says %q", s)
	}
	var buf bytes.Buffer
	WriteText(&buf, res, Plain(), TextOptions{})
	for _, want := range []string{
		"+ 2.2  B only  searched by B only, with 2 nodes below it · returned 4 · window (3, +∞)",
		"↔ 3.2  window  A (3, 14) · B (3, 13)",
		"matched by path: 11 nodes searched by both · 0 by A only · 3 by B only",
		"3 differences at 3 nodes: 1 part searched by B only (3 nodes) · 1 window · 1 cutoff",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, buf.String())
		}
	}
}

// Children are merged in A's order; a move only B searched follows the move
// B searched before it.
func TestUnionOrder(t *testing.T) {
	kids := func(moves ...string) tn {
		r := tn{alpha: -inf, beta: inf, value: 1, bound: score.Exact}
		for _, m := range moves {
			r.kids = append(r.kids, leaf(m, 1, -inf, inf))
		}
		return r
	}
	for _, c := range []struct{ a, b, want []string }{
		{[]string{"a", "b", "c"}, []string{"c", "d", "a"}, []string{"a", "b", "c", "d"}},
		{[]string{"a", "b"}, []string{"d", "a", "e"}, []string{"d", "a", "e", "b"}},
		{[]string{"a"}, []string{"b"}, []string{"b", "a"}},
		{nil, []string{"b", "c"}, []string{"b", "c"}},
	} {
		res := Compare(run("A", one(t, kids(c.a...))), run("B", one(t, kids(c.b...))))
		var got []string
		for _, ch := range res.Root.Children {
			got = append(got, ch.Move)
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("A %v, B %v: union %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// A move searched twice (a re-search) is matched visit by visit.
func TestReSearchMatchedByVisit(t *testing.T) {
	a := tn{alpha: -inf, beta: inf, value: 5, bound: score.Exact, kids: []tn{leaf("1", 5, -inf, inf), leaf("2", 3, 5, inf)}}
	b := tn{alpha: -inf, beta: inf, value: 5, bound: score.Exact, kids: []tn{leaf("1", 5, -inf, inf), leaf("2", 6, 5, 6), leaf("2", 3, 5, inf)}}
	res := Compare(run("A", one(t, a)), run("B", one(t, b)))
	if n := len(res.Root.Children); n != 3 {
		t.Fatalf("%d union children, want 3", n)
	}
	second := res.Root.Children[2]
	if second.Visit != 2 || second.A != nil || second.Label() != "2 (pass 2)" {
		t.Errorf("the re-search: visit %d, label %q, A %v", second.Visit, second.Label(), second.A)
	}
	first := res.Root.Children[1]
	if !first.Both() || len(first.Diffs) != 2 || first.Diffs[0].Kind != Window || first.Diffs[1].Kind != Value {
		t.Errorf("first visit of 2 should differ in window and value: %+v", first.Diffs)
	}
}

// A different remaining depth is reported where it changes, not below.
func TestDepthReportedWhereItChanges(t *testing.T) {
	rcA, rcB := newRecorder(t, "ge"), newRecorder(t, "ge")
	rcA.search(aimaHard(), 2)
	rcB.search(aimaHard(), 3)
	res := Compare(run("A", rcA.done(t)), run("B", rcB.done(t)))
	d := List(res.Root)
	if len(d) != 1 || d[0].Kind != Depth || d[0].Node != res.Root {
		t.Fatalf("differences %v, want the depth at the root only", d)
	}
	if w := res.Words(d[0], 'B'); w != "depth 3" {
		t.Errorf("B's depth: %q", w)
	}
}

func TestPickIterationsAndPasses(t *testing.T) {
	rc := newRecorder(t, "ge")
	for it := 1; it <= 3; it++ {
		passes := 1
		if it == 3 {
			passes = 2
		}
		for p := 0; p < passes; p++ {
			rc.search(aimaHard(), it)
		}
		rc.emit(&trace.Event{Kind: trace.Iter, Depth: it})
	}
	rec := rc.done(t)
	for _, c := range []struct {
		it, pass      int
		wantIt, wantP int
		err           string
	}{
		{0, 0, 3, 2, ""},
		{2, 0, 2, 1, ""},
		{3, 1, 3, 1, ""},
		{2, 5, 2, 1, ""}, // one pass in iteration 2: the pass is ignored
		{4, 0, 0, 0, "iteration 4: the search has iterations 1 to 3"},
		{3, 3, 0, 0, "pass 3: iteration 3 has passes 1 to 2"},
	} {
		root, err := Pick(rec, c.it, c.pass)
		if c.err != "" {
			var se *SelectError
			if err == nil || !errors.As(err, &se) || err.Error() != c.err {
				t.Errorf("Pick(%d, %d): %v, want %q", c.it, c.pass, err, c.err)
			}
			continue
		}
		if err != nil || root.Iteration != c.wantIt || root.Pass != c.wantP {
			t.Errorf("Pick(%d, %d): iteration %d pass %d (%v), want %d %d", c.it, c.pass, root.Iteration, root.Pass, err, c.wantIt, c.wantP)
		}
	}
	r := &Run{Rec: rec, Root: rec.Roots[len(rec.Roots)-1]}
	if got := r.Choice(); got != "iteration 3 of 3, pass 2 of 2" {
		t.Errorf("Choice: %q", got)
	}
	single := one(t, aimaHard())
	if root, err := Pick(single, 2, 2); err != nil || root != single.Root {
		t.Errorf("a single search is compared whole whatever the iteration: %v", err)
	}
}

// A row of sibling parts one search only searched is one line; the list
// stops at Max and says how many differences were left out.
func TestTextGroupsRowsAndStopsAtMax(t *testing.T) {
	wide := tn{alpha: -inf, beta: inf, value: 1, bound: score.Exact}
	for _, m := range []string{"a", "b", "c", "d", "e"} {
		wide.kids = append(wide.kids, leaf(m, 1, -inf, inf))
	}
	narrow := tn{alpha: -inf, beta: inf, value: 1, bound: score.Lower, pruned: []string{"b", "c", "d", "e"}, kids: []tn{leaf("a", 1, -inf, inf)}}
	res := Compare(run("A", one(t, wide)), run("B", one(t, narrow)))
	var buf bytes.Buffer
	WriteText(&buf, res, Plain(), TextOptions{})
	out := buf.String()
	if !strings.Contains(out, "− b … e  A only  4 moves searched by A only (4 nodes): b, c, d, e") {
		t.Errorf("no grouped line:\n%s", out)
	}
	buf.Reset()
	WriteText(&buf, res, Plain(), TextOptions{Max: 1, More: "(ask for more)"})
	out = buf.String()
	if !strings.Contains(out, "✂ root") || strings.Contains(out, "A only  4 moves") || !strings.Contains(out, "… 5 more differences not listed (ask for more)") {
		t.Errorf("Max 1 should list the cutoff and count the rest:\n%s", out)
	}
}

func TestJSON(t *testing.T) {
	res := Compare(run("A", one(t, aimaHard())), run("B", one(t, aimaSoft())))
	var buf bytes.Buffer
	if err := WriteJSON(&buf, res, nil); err != nil {
		t.Fatal(err)
	}
	var got struct {
		A, B struct {
			Spec  string
			Nodes int64
		}
		Totals struct {
			Both        int
			Differences int
			Kinds       map[string]int
		}
		Differences []struct {
			Kind, Path string
			A, B       struct {
				Text  string
				Value any
				Bound string
			}
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if got.A.Spec != "spec-A" || got.Totals.Both != 11 || got.Totals.Differences != 2 || got.Totals.Kinds["value"] != 2 || len(got.Differences) != 2 {
		t.Fatalf("unexpected JSON:\n%s", buf.String())
	}
	d := got.Differences[0]
	if d.Kind != "value" || d.Path != "2" || d.A.Value != 3.0 || d.A.Bound != "upper" || d.B.Value != 2.0 || d.B.Text != "≤2" {
		t.Errorf("first difference: %+v", d)
	}
}

func TestFocus(t *testing.T) {
	res := Compare(run("A", one(t, aimaHard())), run("B", one(t, aimaSoft())))
	n, err := res.Focus("3")
	if err != nil || n.Path != "3" || len(List(n)) != 1 {
		t.Fatalf("focus 3: %v %v", n, err)
	}
	if _, err := res.Focus("4.4"); err == nil || !strings.Contains(err.Error(), "searched there: 1, 2, 3") {
		t.Errorf("focus on a node nobody searched: %v", err)
	}
}

// A technique known only from its row of the table of kinds (kept as marks
// on its node) is compared with no case for it here.
func TestMarksCompared(t *testing.T) {
	a, b := one(t, aimaHard()), one(t, aimaHard())
	n := b.Root.Children[1]
	n.Marks = []trace.Event{{Kind: trace.Razor, To: 1, Reason: "test"}}
	res := Compare(run("A", a), run("B", b))
	diffs := List(res.Root)
	if len(diffs) != 1 || diffs[0].Kind != Technique || diffs[0].Node.Path != n.Path {
		t.Fatalf("differences %v, want one technique at %s", diffs, n.Path)
	}
	if got := res.Words(diffs[0], 'A'); got != "nothing else" {
		t.Errorf("A: %q", got)
	}
	if got := res.Words(diffs[0], 'B'); got != "razored to depth 1" {
		t.Errorf("B: %q", got)
	}
	if diffs[0].Acts('A') || !diffs[0].Acts('B') {
		t.Errorf("only B used the technique: Acts A %v, B %v", diffs[0].Acts('A'), diffs[0].Acts('B'))
	}
}
