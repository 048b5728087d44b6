package truth

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/lessons/student"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/scene"
	"github.com/prunescope/prunescope/trace/step"
)

// studentSpecs are the searches a student's may be (check's).
var studentSpecs = []string{"minimax", "branch-bound:ge", "branch-bound:gt",
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt"}

// studentBugs are what a buggy student's search does to a right one's
// steps: values returned wrong, a subtree left out (a cut in the wrong
// place), two moves searched in the other order, a leaf's value read
// wrong, the program stopping half way.
var studentBugs = []string{"none", "values", "skip", "swap", "leaf", "crash"}

// TestStudentTracesTrue is the truth test's feature for a student's own
// search, shown by step, render, diff and check --html (lessons/student
// makes its minimal trace prunescope's events): on random trees, the
// student's trace of each search check knows, right or with a bug, read as
// a student's trace is and made into events, is checked as every search is
// (verify: every claim of every sentence of the text trace and the player
// against its event's numbers and the oracle's α, β and best so far, the
// trace's invariants, the page's numbers at every step), and against the
// tree's brute-force truth: every leaf event's value is the tree's own
// value there (a leaf's, or its static evaluation at the depth limit); a
// right search's root value is the root's minimax value; and nothing said
// or drawn claims what a student's trace does not tell — no window, bound,
// α, β, cutoff or prune in a sentence, no ≤, ≥ or ~ on a drawn value, which
// is the value the trace gives.
func TestStudentTracesTrue(t *testing.T) {
	n := *featureCases
	if n == 0 {
		n = 120
		if testing.Short() {
			n = 40
		}
	}
	rng := rand.New(rand.NewPCG(2026, 33))
	ctx := context.Background()
	checked, stopped, events := 0, 0, 0
	defer func() { t.Logf("%d student searches checked (%d stopped early), %d events", checked, stopped, events) }()
	for i := 0; i < n; i++ {
		tr, depth := plainTree(rng)
		sp := studentSpecs[rng.IntN(len(studentSpecs))]
		opt := specOf(sp)
		if i%4 == 3 { // a tree with chance nodes: the student's expectimax, Star1 or Star2
			sp, tr, opt, depth = chanceCase(rng)
		}
		bug := studentBugs[i%len(studentBugs)]
		rtl := rng.IntN(4) == 0
		g := student.TreeGame(tr)
		ref, err := student.ReferenceGame(ctx, g, opt, depth, rtl)
		if err != nil {
			continue // no static evaluation at the depth asked: no search there
		}
		steps := buggy(rng, ref.Steps, bug)
		text := minimalTrace(steps, tr.Scale, rng)
		name := fmt.Sprintf("student case %d: %q root min %v depth %d %s rtl %v bug %s", i, tree.Format(tr), tr.RootMin, depth, sp, rtl, bug)
		yours, err := student.Read(strings.NewReader(text), "mine.jsonl", tr)
		if err != nil {
			t.Fatalf("%s: reading the trace: %v\n%s", name, err, text)
		}
		conv, err := student.Events(yours, g, student.Info(g, depth, "mine.jsonl"), "mine.jsonl")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sk := newSinks()
		for _, e := range conv.Events {
			sk.hooks.Event(e)
		}
		r := verify(t, name, sk.finish(), sk.said, tr, tr, false)
		if r == nil || t.Failed() {
			return
		}
		checked, events = checked+1, events+len(r.events)
		if conv.Stop != "" {
			stopped++
		}
		checkPage(t, name, tr, r)
		checkStudentTruth(t, name, tr, depth, r, sk.said, bug == "none")
		if t.Failed() {
			return
		}
	}
}

// buggy is steps with the bug done to them.
func buggy(rng *rand.Rand, steps []student.Step, bug string) []student.Step {
	out := append([]student.Step(nil), steps...)
	// subtree is the end (exclusive) of the steps of the node entered at i.
	subtree := func(i int) int {
		for j := i + 1; j < len(out); j++ {
			if out[j].Exit && out[j].Key == out[i].Key {
				return j + 1
			}
		}
		return len(out)
	}
	var enters []int // the enters of nodes below the root
	for i, st := range out {
		if !st.Exit && i > 0 {
			enters = append(enters, i)
		}
	}
	switch bug {
	case "values":
		for i := range out {
			if out[i].Exit && !score.IsInf(out[i].Value) && rng.IntN(3) == 0 {
				out[i].Value += int64(rng.IntN(5) - 2)
			}
		}
	case "leaf":
		for i := range out {
			if out[i].Exit && out[i].Node != nil && out[i].Node.Leaf && !score.IsInf(out[i].Value) && rng.IntN(2) == 0 {
				out[i].Value++
			}
		}
	case "skip":
		if len(enters) > 0 {
			i := enters[rng.IntN(len(enters))]
			out = append(out[:i], out[subtree(i):]...)
		}
	case "swap":
		// Two sibling subtrees, the second first.
		for _, i := range enters {
			j := subtree(i)
			if j < len(out) && !out[j].Exit && out[j].Node != nil && out[i].Node != nil && out[j].Node.Parent() == out[i].Node.Parent() {
				k := subtree(j)
				swapped := append(append(append([]student.Step(nil), out[j:k]...), out[i:j]...), out[k:]...)
				out = append(out[:i], swapped...)
				break
			}
		}
	case "crash":
		out = out[:1+rng.IntN(len(out))]
	}
	return out
}

// minimalTrace writes steps as a student's minimal trace: enters, leaves'
// values as leaf events (their enter now and then left out), exits; node
// names by path (or name), values MAX's view.
func minimalTrace(steps []student.Step, scale int64, rng *rand.Rand) string {
	var b strings.Builder
	value := func(v int64) string {
		switch {
		case v >= score.Inf:
			return `"inf"`
		case v <= -score.Inf:
			return `"-inf"`
		case scale == 1:
			return strconv.FormatInt(v, 10)
		}
		if 100%scale == 0 {
			return big.NewRat(v, scale).FloatString(2)
		}
		return strconv.FormatFloat(float64(v)/float64(scale), 'g', -1, 64) // thirds as a program prints them
	}
	for i, st := range steps {
		leaf := st.Node != nil && st.Node.Leaf
		if !st.Exit {
			if leaf && i+1 < len(steps) && steps[i+1].Exit && steps[i+1].Key == st.Key && rng.IntN(2) == 0 {
				continue // a leaf's enter, left out
			}
			fmt.Fprintf(&b, `{"ev": "enter", "node": %q}`+"\n", st.Key)
			continue
		}
		kind := "exit"
		if leaf {
			kind = "leaf"
		}
		fmt.Fprintf(&b, `{"ev": %q, "node": %q, "value": %s}`+"\n", kind, st.Key, value(st.Value))
	}
	return b.String()
}

// checkStudentTruth holds a student's search as shown to the tree's
// brute-force truth and to what its trace tells (TestStudentTracesTrue).
func checkStudentTruth(t *testing.T, name string, tr *tree.Tree, depth int, r *run, said []saying, right bool) {
	t.Helper()
	orc := newOracle(tr, r.info, true)
	for _, e := range r.events {
		switch e.Kind {
		case trace.Leaf:
			n := orc.find(e.Path)
			ok := false
			switch e.Reason {
			case trace.ReasonTerminal:
				ok = n != nil && n.Leaf && n.Value == e.Value
			case trace.ReasonStatic:
				ok = n != nil && n.HasEval && n.Eval == e.Value && e.Depth == 0
			}
			if !ok {
				t.Errorf("%s: event %d: leaf %s = %d (%s) is not the tree's own value there", name, e.Seq, explain.NodeName(e.Path), e.Value, e.Reason)
			}
		case trace.Done:
			if !right || e.Has&trace.HasValue == 0 {
				continue
			}
			if truth := orc.truth(tr.Root, depth); truth.Cmp(big.NewRat(e.Value, 1)) != 0 {
				t.Errorf("%s: a right search's value %d; the root's minimax value is %s", name, e.Value, truth.RatString())
			}
		}
	}
	// Nothing said claims a window, a bound or a cut.
	check := func(by, s string) {
		for _, w := range []string{"window", "bound", "α", "β", "cut", "prune", "pruned", "principal variation", "exact"} {
			if strings.Contains(s, w) {
				t.Errorf("%s: the %s says %q of a student's search: %q", name, by, w, s)
			}
		}
	}
	for _, s := range said {
		check("text trace", s.s.Text)
	}
	p, err := step.Open(strings.NewReader(string(r.json)), "trace")
	if err != nil {
		t.Errorf("%s: step: %v", name, err)
		return
	}
	for {
		ok, err := p.Next()
		if err != nil || !ok {
			break
		}
		check("player", p.State().Said.Text)
	}
	// What is drawn on each node is its value, plain.
	rec := record.NewRecorder()
	for _, e := range r.events {
		rec.Add(e)
	}
	for _, n := range rec.Recording().Nodes {
		if n == nil || !n.HasValue {
			continue
		}
		want := r.info.Format(n.Value)
		if s, _ := scene.Value(r.info, n, false); s != want {
			t.Errorf("%s: %s is drawn %q; its trace gives %s", name, explain.NodeName(n.Path), s, want)
		}
		if s := explain.Value(r.info, n); s != want {
			t.Errorf("%s: %s is told %q; its trace gives %s", name, explain.NodeName(n.Path), s, want)
		}
	}
}
