package step

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/text"
)

// traceOf searches t with the spec and returns the JSON Lines trace.
func traceOf(t testing.TB, tr *tree.Tree, spec string) []byte {
	t.Helper()
	return traceWith(t, tr, spec, engine.Options{})
}

func builtin(t testing.TB, name string) *tree.Tree {
	t.Helper()
	tr, ok := tree.Builtin(name)
	if !ok {
		t.Fatalf("no tree %s", name)
	}
	return tr
}

func open(t testing.TB, b []byte) *Player {
	t.Helper()
	p, err := Open(bytes.NewReader(b), "test")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// each advances p until the end, calling show after every move, and
// returns what show returned.
func each(t testing.TB, advance func() (bool, error), show func() string) []string {
	t.Helper()
	var out []string
	for {
		ok, err := advance()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return out
		}
		out = append(out, show())
	}
}

// all takes every step and returns what each showed.
func all(t testing.TB, p *Player) []string {
	t.Helper()
	return each(t, p.Next, func() string { return snapshot(p) })
}

// sentences takes every step (or every cut, with advance p.NextCut) and
// returns their sentences.
func sentences(t testing.TB, p *Player, advance func() (bool, error)) []string {
	t.Helper()
	return each(t, advance, func() string { return p.State().Sentence })
}

// snapshot is what the player shows at a step, but for the step count
// (known only once the end has been read).
func snapshot(p *Player) string {
	st := p.State()
	return fmt.Sprintf("step %d · event %d · cuts %d · %s\n%s\n%s", p.Index(), p.Seq(), st.Cuts, st.Sentence,
		pathText(p.Info(), st), strings.Join(lines(p), "\n"))
}

// lines is the compact tree as plain text.
func lines(p *Player) []string {
	var out []string
	for _, l := range treeLines(p.Info(), p.State(), p.rangeText) {
		out = append(out, l.text)
	}
	return out
}

// TestAimaSteps: the textbook example, step by step, says what a teacher
// would: the leaf that starts the cut, the cutoff and its reason, the
// fail-hard clamp.
func TestAimaSteps(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "aima"), "alphabeta"))
	sentences := sentences(t, p, p.Next)
	if p.Steps() != len(sentences) || len(sentences) != 17 {
		t.Fatalf("%d steps (Steps %d), want 17:\n%s", len(sentences), p.Steps(), strings.Join(sentences, "\n"))
	}
	want := map[int]string{
		1:  "The search starts at the root, MAX to move, depth 2, window (−∞, +∞).",
		3:  "Leaf 1.1 = 3. MIN at 1 now has 3: β falls to 3 for its other moves.",
		4:  "Leaf 1.2 = 12. MIN at 1 keeps 3: 1.2 is no better.",
		6:  "Node 1 returns 3, exact. MAX at the root now has 3: α rises to 3 for its other moves.",
		7:  "Node 2: MIN to move, depth 1 left, window (3, +∞). MAX can already get α = 3 elsewhere: only values above 3 matter here.",
		8:  "Leaf 2.1 = 2. MIN at 2 now has 2 (2 ≤ α 3), which reaches α: MAX will not allow it.",
		9:  "✂ α-cutoff at MIN node 2: 2.1 returned 2 ≤ α 3. MAX can already get 3 elsewhere and will never let play reach 2, so the 2 remaining moves of this node are not searched: 2.2, 2.3.",
		10: "Node 2 returns 3, an upper bound (3 ≤ α 3): its true value is 3 or less. Fail-hard: the best found, 2, lies below α 3, so the node returns α. MAX at the root keeps 3: 2 is no better (a bound is enough to know that).",
		17: "The search is over: value 3, best move 1, principal variation 1 1.1. nodes 11 · leaves 7 · cutoff 1.",
	}
	for i, w := range want {
		if got := sentences[i-1]; got != w {
			t.Errorf("step %d:\n got %s\nwant %s", i, got, w)
		}
	}
}

// TestConventionsInSentences: fail-soft returns the value found, the strict
// convention compares with < and does not cut on a tie.
func TestConventionsInSentences(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "aima"), "alphabeta:soft"))
	if err := p.Goto(10); err != nil {
		t.Fatal(err)
	}
	if got, want := p.State().Sentence, "Node 2 returns 2, an upper bound (2 ≤ α 3): its true value is 2 or less. MAX at the root keeps 3: 2 is no better (a bound is enough to know that)."; got != want {
		t.Errorf("fail-soft:\n got %s\nwant %s", got, want)
	}
	p = open(t, traceOf(t, builtin(t, "wikipedia"), "alphabeta:soft:gt"))
	cuts := sentences(t, p, p.NextCut)
	if len(cuts) != 2 {
		t.Fatalf("%d cuts under gt, want 2: %q", len(cuts), cuts)
	}
	for _, c := range cuts {
		if !strings.Contains(c, " < α ") {
			t.Errorf("a strict cut says <: %s", c)
		}
	}
}

// TestCompactTree: the tree so far shows the open nodes with the windows
// they were entered with and, labelled, their live best so far and bound (a
// closed window at a cut), the completed children with values and bounds,
// and what a cut left.
func TestCompactTree(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "aima"), "alphabeta"))
	if err := p.Goto(9); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(lines(p), "\n")
	want := strings.Join([]string{
		"▲ root  (−∞, +∞)  best 3 · α 3",
		"├ ▼ 1 = 3",
		"└ ▼ 2  (3, +∞)  closed: α 3 ≥ β 2 — cut",
		"  ├ · 2.1 = 2",
		"  ✂ not searched: 2.2, 2.3",
	}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if err := p.Goto(10); err != nil {
		t.Fatal(err)
	}
	if l := lines(p); l[2] != "├ ▼ 2 = ≤3  ✂" {
		t.Errorf("after node 2 returns: %q", l)
	}
}

// TestBackAndGotoReplay: going back, jumping anywhere and going to a step
// show exactly what going forward showed, with checkpoints thinned out on
// a long trace.
func TestBackAndGotoReplay(t *testing.T) {
	every, most := checkpointEvery, maxCheckpoints
	checkpointEvery, maxCheckpoints = 4, 8
	defer func() { checkpointEvery, maxCheckpoints = every, most }()

	depth := 6
	if testing.Short() {
		depth = 5 // a third of the steps, still thinned many times over
	}
	tr, err := tree.Random(3, depth, -9, 9, 4)
	if err != nil {
		t.Fatal(err)
	}
	b := traceOf(t, tr, "alphabeta")
	forward := all(t, open(t, b))
	if len(forward) < 100 { // far more than 8 checkpoints 4 steps apart hold
		t.Fatalf("only %d steps", len(forward))
	}
	p := open(t, b)
	if err := p.End(); err != nil {
		t.Fatal(err)
	}
	if len(p.checks) > maxCheckpoints+1 || p.every <= 4 {
		t.Errorf("%d checkpoints every %d steps: not thinned", len(p.checks), p.every)
	}
	for i := len(forward); i >= 1; i-- {
		if p.Index() != i {
			t.Fatalf("at step %d, want %d", p.Index(), i)
		}
		if got := snapshot(p); got != forward[i-1] {
			t.Fatalf("back to step %d:\n got %s\nwant %s", i, got, forward[i-1])
		}
		if err := p.Back(); err != nil {
			t.Fatal(err)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		i := 1 + r.IntN(len(forward))
		if err := p.Goto(i); err != nil {
			t.Fatal(err)
		}
		if got := snapshot(p); got != forward[i-1] {
			t.Fatalf("goto %d:\n got %s\nwant %s", i, got, forward[i-1])
		}
		// Jump to an event of that step lands on it.
		seq := p.Events()[len(p.Events())-1].Seq
		if err := p.Goto(r.IntN(len(forward))); err != nil {
			t.Fatal(err)
		}
		if err := p.Jump(seq); err != nil {
			t.Fatal(err)
		}
		if p.Index() != i {
			t.Fatalf("jump to event %d: step %d, want %d", seq, p.Index(), i)
		}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	rs io.ReadSeeker
	n  int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.rs.Read(b)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) Seek(off int64, whence int) (int64, error) { return c.rs.Seek(off, whence) }

// TestReadsLazily: a few steps of a huge trace read a few buffers of it,
// not the trace.
func TestReadsLazily(t *testing.T) {
	tr, err := tree.Random(5, 7, -50, 50, 9)
	if err != nil {
		t.Fatal(err)
	}
	b := traceOf(t, tr, "minimax")
	if len(b) < 8<<20 {
		t.Fatalf("the trace is only %d bytes", len(b))
	}
	c := &countingReader{rs: bytes.NewReader(b)}
	p, err := Open(c, "big")
	if err != nil {
		t.Fatal(err)
	}
	for range 50 {
		if _, err := p.Next(); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Back(); err != nil {
		t.Fatal(err)
	}
	if c.n > 256<<10 {
		t.Errorf("50 steps and one back read %d bytes of a %d-byte trace", c.n, len(b))
	}
}

// TestCheckpointsShareChildren: a node with thousands of children does not
// cost a copy of them at every checkpoint (a 30,000-leaf root took 1.2 GB
// to step through): the checkpoints share the lists they have in common.
func TestCheckpointsShareChildren(t *testing.T) {
	const n = 3000
	leaves := make([]string, n)
	for i := range leaves {
		leaves[i] = fmt.Sprint(i % 7)
	}
	tr, err := tree.Parse("wide", "("+strings.Join(leaves, " ")+")")
	if err != nil {
		t.Fatal(err)
	}
	p := open(t, traceOf(t, tr, "minimax"))
	if err := p.Goto(n); err != nil {
		t.Fatal(err)
	}
	arrays := map[*Child]int{}
	for _, c := range p.checks {
		if len(c.st.Stack) > 0 && len(c.st.Stack[0].Children) > 0 {
			kids := c.st.Stack[0].Children
			arrays[&kids[0]] = max(arrays[&kids[0]], cap(kids))
		}
	}
	total := 0
	for _, c := range arrays {
		total += c
	}
	if len(p.checks) < 50 || total > 4*n {
		t.Errorf("%d checkpoints hold %d children in %d lists, for %d children", len(p.checks), total, len(arrays), n)
	}
	// Going back still shows each step as it was.
	want := snapshot(p)
	if err := p.Goto(n / 2); err != nil {
		t.Fatal(err)
	}
	if err := p.Goto(n); err != nil {
		t.Fatal(err)
	}
	if got := snapshot(p); got != want {
		t.Errorf("back and forth:\n got %s\nwant %s", got, want)
	}
}

// TestIterativeSteps: iterations and passes are told apart.
func TestIterativeSteps(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "iterative"), "alphabeta+iterative+aspiration"))
	var iter, passes []string
	for _, s := range sentences(t, p, p.Next) {
		switch {
		case strings.HasPrefix(s, "Iteration 1 is complete"), strings.HasPrefix(s, "Iteration 2 is complete"):
			iter = append(iter, s)
		case strings.HasPrefix(s, "Iteration 2, pass"):
			passes = append(passes, s)
		}
	}
	if len(iter) != 2 {
		t.Errorf("iterations: %q", iter)
	}
	if !strings.Contains(iter[0], "root moves in this order, the move that took the lead first: 3 2 1") {
		t.Errorf("root order: %s", iter[0])
	}
	if len(passes) < 1 {
		t.Errorf("no pass of iteration 2 named: %q", passes)
	}
}

// screens runs the interactive player on the keys and returns each screen
// it drew.
func screens(t *testing.T, b []byte, keys string) []string {
	t.Helper()
	p := open(t, b)
	var out bytes.Buffer
	term := Terminal{In: strings.NewReader(keys), Out: &out, Size: func() (int, int) { return 100, 30 }}
	if err := Interactive(context.Background(), p, term, text.Plain()); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	if !strings.HasPrefix(s, "\x1b[?1049h") || !strings.HasSuffix(s, "\x1b[?1049l") {
		t.Errorf("the alternate screen is not entered and left")
	}
	parts := strings.Split(s, "\x1b[H\x1b[2J")
	return parts[1:]
}

// TestInteractiveKeys drives the full-screen player with scripted keys.
func TestInteractiveKeys(t *testing.T) {
	b := traceOf(t, builtin(t, "wikipedia"), "alphabeta")
	// n n: two steps; c: the first cut; b: back; j 24 Enter: step 24 (event
	// 36: j goes to a step, as the page's digits and Enter do, not to the
	// step of event 24); ?: help; x: closes it; e: the end; n: past the end;
	// 9 Enter: step 9, digits alone as on the page; j 99 Enter: past the
	// last step, which it goes to and says so; q.
	got := screens(t, b, "nnc"+"b"+"j24\r"+"?"+"x"+"e"+"n"+"9\r"+"j99\r"+"q")
	check := func(i int, want ...string) {
		t.Helper()
		if i >= len(got) {
			t.Fatalf("only %d screens", len(got))
		}
		for _, w := range want {
			if !strings.Contains(got[i], w) {
				t.Errorf("screen %d has no %q:\n%s", i, w, strings.ReplaceAll(got[i], "\r\n", "\n"))
			}
		}
	}
	check(0, "Before the first step", "Enter/n next")
	check(2, "step 2 · event 2", "Node 1: MIN to move")
	check(3, "step 11 · event 19", "α-cutoff at MIN node 1.1.2", "✂ not searched: 1.1.2.3", "◀")
	check(4, "step 10 ·", "Leaf 1.1.2.2 = 4")
	check(5, "go to step: ▌")
	check(7, "go to step: 24▌")
	check(8, "step 24 · event 36")
	check(9, "Keys", "next cutoff or prune", "go to step N")
	check(10, "step 24 · event 36")
	check(11, "step 45 of 45", "The search is over: value 6")
	check(12, "The search is over: b goes back")
	check(13, "go to step: 9▌")
	check(14, "step 9 of 45 · event 13")
	check(17, "go to step: 99▌")
	check(18, "step 45 of 45", "The search has 45 steps: this is the last.")
	if len(got) != 19 {
		t.Errorf("%d screens, want 19", len(got))
	}
}

// TestScreenFits: every line fits the terminal's width and the screen its
// height, the node of the step in view however deep the tree.
func TestScreenFits(t *testing.T) {
	tr, err := tree.Random(6, 6, -9, 9, 3)
	if err != nil {
		t.Fatal(err)
	}
	p := open(t, traceOf(t, tr, "alphabeta"))
	for range 3000 {
		if ok, _ := p.Next(); !ok {
			break
		}
	}
	for _, size := range [][2]int{{60, 16}, {100, 30}, {200, 50}} {
		lines := Screen(p, text.Plain(), size[0], size[1], "")
		if len(lines) != size[1] {
			t.Errorf("%v: %d lines", size, len(lines))
		}
		cur := false
		for _, l := range lines {
			if n := len([]rune(l)); n > size[0] {
				t.Errorf("%v: a line of %d runes: %s", size, n, l)
			}
			cur = cur || strings.HasSuffix(l, "◀")
		}
		if !cur {
			t.Errorf("%v: the node of the step is not in view:\n%s", size, strings.Join(lines, "\n"))
		}
	}
}

// TestOpenErrors: what is not a trace is said so.
func TestOpenErrors(t *testing.T) {
	if _, err := Open(bytes.NewReader(nil), "empty.jsonl"); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty trace: %v", err)
	}
	if _, err := Open(bytes.NewReader([]byte("not json\n")), "bad.jsonl"); err == nil || !strings.Contains(err.Error(), "bad.jsonl:1") {
		t.Errorf("bad trace: %v", err)
	}
	// A trace that breaks off in the middle: the steps before it play.
	b := traceOf(t, builtin(t, "aima"), "alphabeta")
	cut := bytes.SplitAfter(b, []byte("\n"))
	broken := append(bytes.Join(cut[:10], nil), []byte("garbage\n")...)
	p := open(t, broken)
	var err error
	for err == nil {
		var ok bool
		if ok, err = p.Next(); !ok && err == nil {
			t.Fatal("a broken trace ended without an error")
		}
	}
	var re *jsonl.ReadError
	if !asReadError(err, &re) {
		t.Errorf("not a read error: %v", err)
	}
	_ = trace.Enter
}

func asReadError(err error, re **jsonl.ReadError) bool {
	r, ok := err.(*jsonl.ReadError)
	*re = r
	return ok
}

// BenchmarkSteps steps through a large trace (a minimax search of 97,656
// nodes), forward to the end and then back 1,000 steps one at a time.
func BenchmarkSteps(b *testing.B) {
	tr, err := tree.Random(5, 7, -50, 50, 9)
	if err != nil {
		b.Fatal(err)
	}
	data := traceOf(b, tr, "minimax")
	var steps int
	for b.Loop() {
		p := open(b, data)
		if err := p.End(); err != nil {
			b.Fatal(err)
		}
		steps += p.Steps()
		for range 1000 {
			if err := p.Back(); err != nil {
				b.Fatal(err)
			}
		}
		steps += 1000
	}
	b.ReportMetric(float64(steps)/b.Elapsed().Seconds(), "steps/s")
	b.ReportMetric(float64(len(data)), "trace-bytes")
}

// The c key stops at every kind its row of the table of kinds says cuts or
// prunes (on the reason it names, if any), and at no other.
func TestCutsFromTheTableOfKinds(t *testing.T) {
	for k := trace.Kind(0); k < trace.NumKinds; k++ {
		sp := k.Spec()
		for _, reason := range []string{"", sp.CutReason} {
			st := &State{}
			st.apply(nil, &trace.Event{Kind: k, Reason: reason})
			want := sp.Cuts && (sp.CutReason == "" || reason == sp.CutReason)
			if got := st.Cuts == 1; got != want {
				t.Errorf("%s, reason %q: counted as a cut %v, want %v", k, reason, got, want)
			}
		}
	}
}

// TestLastStepKeepsTheTree: at the end of the search the screen still shows
// what the root's moves returned and what its cutoff left, not the root
// alone (it collapsed to "▲ root = 6").
func TestLastStepKeepsTheTree(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "wikipedia"), "alphabeta"))
	for {
		if ok, err := p.Next(); err != nil {
			t.Fatal(err)
		} else if !ok {
			break
		}
	}
	screen := strings.Join(Screen(p, text.Plain(), 100, 30, ""), "\n")
	for _, want := range []string{"▲ root = 6", "├ ▼ 1 = 3", "├ ▼ 2 = 6", "└ ▼ 3 = ≤6"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the last step's screen lacks %q:\n%s", want, screen)
		}
	}
	// Stepping back into the search shows the open nodes again.
	if err := p.Back(); err != nil {
		t.Fatal(err)
	}
	if screen := strings.Join(Screen(p, text.Plain(), 100, 30, ""), "\n"); !strings.Contains(screen, "◀") {
		t.Errorf("one step back, no node of the step:\n%s", screen)
	}
}

// TestHeadersNameTechniques: the full-screen player's header and the header
// of the printed steps name the techniques the search used (they named the
// algorithm and its conventions only), and say nothing of techniques a
// search without them did not use.
func TestHeadersNameTechniques(t *testing.T) {
	for _, tc := range []struct {
		tree, spec string
		want       []string // the screen's line is clipped to its width: the start of each
	}{
		{"transpositions", "alphabeta+tt", []string{"+ transposition table"}},
		{"iterative", "alphabeta+iterative+aspiration", []string{"+ iterative deepening", "+ aspiration windows"}},
		{"futility", "alphabeta+futility", []string{"+ futility"}},
		{"nullmove", "pvs+null-move+quiescence", []string{"+ null move", "+ quiescence"}},
		{"extensions", "alphabeta+null-move+reductions+futility+razoring+quiescence+extensions+order", []string{"+ move ordering", "+ null move", "+ reductions", "+ futility", "+ razoring", "+ quiescence", "+ extensions"}},
		{"aima", "alphabeta", nil},
	} {
		opt, err := engine.ParseSpec(tc.spec, engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
		if err != nil {
			t.Fatal(err)
		}
		tr := builtin(t, tc.tree)
		var buf bytes.Buffer
		w := jsonl.NewWriter(&buf)
		if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, w.Hooks()); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		b := buf.Bytes()
		screen := screens(t, b, "nq")[1]
		header := Header(open(t, b))
		for _, w := range tc.want {
			if !strings.Contains(screen, w) || !strings.Contains(header, w) {
				t.Errorf("%s on %s: the headers do not say %q:\n%s\n%s", tc.spec, tc.tree, w, header, strings.ReplaceAll(screen, "\r\n", "\n"))
			}
		}
		if tc.want == nil && (strings.Contains(header, "\n+ ") || strings.Contains(screen, "\n+ ")) {
			t.Errorf("%s: a technique named:\n%s", tc.spec, header)
		}
	}
}
