package student

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// conventions are the searches a student's may be.
var conventions = []string{"minimax", "branch-bound:soft:ge", "branch-bound:soft:gt",
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt"}

func spec(t testing.TB, s string) engine.Options {
	opt, err := engine.ParseSpec(s, engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return opt
}

// minimal writes a search's steps as the minimal trace a student writes,
// values MAX's view or the mover's.
func minimal(s *Search, mover bool, isMax map[*tree.Node]bool) string {
	return minimalW(s, mover, false, isMax)
}

// minimalW is minimal with the windows of the enters when windows, their
// infinities written now as "inf", now as a student's ±1000.
func minimalW(s *Search, mover, windows bool, isMax map[*tree.Node]bool) string {
	var b strings.Builder
	bound := func(v int64, i int) string {
		switch {
		case v >= score.Inf && i%3 == 0:
			return "1000"
		case v <= -score.Inf && i%3 == 0:
			return "-1000"
		case v >= score.Inf:
			return `"inf"`
		case v <= -score.Inf:
			return `"-inf"`
		}
		return s.Info.Format(v)
	}
	if mover {
		b.WriteString(`{"values": "mover"}` + "\n")
	}
	for i, st := range s.Steps {
		name := st.Node.Label()
		if !st.Exit {
			if i+1 < len(s.Steps) && s.Steps[i+1].Exit && s.Steps[i+1].Node == st.Node && len(st.Node.Children) == 0 && i%2 == 0 {
				continue // a leaf's enter, left out now and then
			}
			if windows && st.Window {
				a, be := st.Alpha, st.Beta
				if mover && !isMax[st.Node] {
					a, be = -be, -a
				}
				fmt.Fprintf(&b, `{"ev": "enter", "node": %q, "alpha": %s, "beta": %s}`+"\n", name, bound(a, i), bound(be, i))
				continue
			}
			fmt.Fprintf(&b, `{"ev": "enter", "node": %q}`+"\n", name)
			continue
		}
		v := st.Value
		if mover && !isMax[st.Node] {
			v = -v
		}
		kind := "exit"
		if len(st.Node.Children) == 0 {
			kind = "leaf"
		}
		fmt.Fprintf(&b, `{"ev": %q, "node": %q, "value": %s}`+"\n", kind, name, s.Info.Format(v))
	}
	return b.String()
}

// equal is the test's own equality of steps: the same node entered, or
// the same node left with the same value.
func equal(a, b Step) bool {
	return a.Exit == b.Exit && a.Node == b.Node && a.Key == b.Key && (!a.Exit || a.Value == b.Value)
}

// equalW is equal, and the same window where both give one.
func equalW(a, b Step) bool {
	inf := func(v int64) int64 { // a student's ±1000 (minimalW) is ±∞
		switch {
		case v >= 1000:
			return score.Inf
		case v <= -1000:
			return -score.Inf
		}
		return v
	}
	return equal(a, b) && (!a.Window || !b.Window || (inf(a.Alpha) == inf(b.Alpha) && inf(a.Beta) == inf(b.Beta)))
}

// TestCheckFindsTheSearch: on random trees, a student's trace of one search
// (in the minimal format, values MAX's view or the mover's, some leaves'
// enters left out; or prunescope's own JSON Lines trace) read back is that
// search's steps; compared with another search it is the same exactly when
// the two searches' steps are, and when not, the search it is is among the
// others check names.
func TestCheckFindsTheSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 2026))
	n := 150
	if testing.Short() {
		n = 40
	}
	ctx := context.Background()
	for i := range n {
		tr, err := tree.Random(2+rng.IntN(2), 2+rng.IntN(3), 0, 6, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = rng.IntN(3) == 0
		isMax := maxNodes(tr)
		a, b := conventions[rng.IntN(len(conventions))], conventions[rng.IntN(len(conventions))]
		rtlA, rtlB := rng.IntN(4) == 0, rng.IntN(4) == 0
		asked, err := Reference(ctx, tr, spec(t, a), tr.Height(), rtlA)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := Reference(ctx, tr, spec(t, b), tr.Height(), rtlB)
		if err != nil {
			t.Fatal(err)
		}
		windows := i%3 == 1
		text := minimalW(theirs, i%2 == 1, windows, isMax)
		if i%5 == 0 { // prunescope's own trace
			var buf bytes.Buffer
			w := jsonl.NewWriter(&buf)
			pos := tree.NewPosition(tr)
			pos.SetRightToLeft(rtlB)
			if _, err := engine.Search(ctx, pos, engine.Limits{Depth: tr.Height()}, spec(t, b), w.Hooks()); err != nil {
				t.Fatal(err)
			}
			w.Flush()
			text = buf.String()
		}
		yours, err := Read(strings.NewReader(text), "yours", tr)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		if !slices.EqualFunc(yours, theirs.Steps, equalW) {
			t.Fatalf("case %d %s: the trace read back is not the search's steps\n%s", i, b, text)
		}
		r := Compare(asked, yours)
		if want := slices.EqualFunc(asked.Steps, yours, equalW); r.Same != want {
			t.Fatalf("case %d: %s (rtl %v) against %s (rtl %v): same %v, their steps equal %v", i, b, rtlB, a, rtlA, r.Same, want)
		}
		if r.Same {
			continue
		}
		if r.Said == "" || (r.Ref == nil && r.Yours == nil) {
			t.Fatalf("case %d: no step or words where they part: %+v", i, r)
		}
		others, err := Others(ctx, tr, asked, tr.Height(), yours)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range others {
			if m.RTL == rtlB && !m.Bug {
				s, _ := Reference(ctx, tr, spec(t, m.Spec), tr.Height(), m.RTL)
				found = found || slices.EqualFunc(s.Steps, theirs.Steps, equal)
			}
		}
		if !found {
			t.Fatalf("case %d: %s (rtl %v) against %s (rtl %v): not among the others %+v", i, b, rtlB, a, rtlA, others)
		}
	}
}

// TestReadErrors: a broken line is refused in one line naming the source
// and the line.
func TestReadErrors(t *testing.T) {
	tr, _ := tree.Builtin("aima")
	for _, c := range []struct{ text, want string }{
		{"not json\n", "t:1: not a JSON object"},
		{`{"node": "1"}` + "\n", `t:1: no "ev"`},
		{`{"ev": "enter", "node": "root"}` + "\n" + `{"ev": "enter", "node": "9.9"}` + "\n", `t:2: "9.9" is no node of the tree`},
		{`{"ev": "leaf", "node": "1.1"}` + "\n", `t:1: a leaf event needs its "value"`},
		{`{"ev": "leaf", "node": "1.1", "value": 3.5}` + "\n", `t:1: value: 3.5 has more decimals than the tree's values`},
		{`{"ev": "leaf", "node": "1.1", "value": "x"}` + "\n", `t:1: value: x is not a number`},
		{`{"ev": "leaf", "node": "1.1", "value": 1125899906842623}` + "\n", `t:1: value: 1125899906842623 is too large`},
		{`{"ev": "leaf", "node": "1.1", "value": 600000000000000}` + "\n", `t:1: value: 600000000000000 is too large`},
		{`{"values": "min"}` + "\n", `t:1: "values": "min" is not max or mover`},
		{`{"ev": "enter"}` + "\n", `t:1: no "node"`},
		{"\n\n", "t: no enter, leaf or exit event"},
		{`{"ev": "enter", "node": "1", "alpha": 3}` + "\n", `t:1: a window is "alpha" and "beta" both`},
		{`{"ev": "enter", "node": "1", "alpha": 3, "beta": "x"}` + "\n", `t:1: beta: x is not a number, inf or -inf`},
		{`{"ev": "enter", "node": "1", "alpha": 0.5, "beta": 2}` + "\n", `t:1: alpha: 0.5 has more decimals than the tree's values`},
		{strings.Repeat(`{"ev": "enter", "node": "1"}`+"\n", 2000), "t:1105: more than 1104 events for a tree of 13 nodes"},
	} {
		_, err := Read(strings.NewReader(c.text), "t", tr)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line starting %q", c.text, err, c.want)
		}
	}
}

// FuzzRead: any text is steps or one error, never a panic.
func FuzzRead(f *testing.F) {
	f.Add(`{"ev": "enter", "node": "root"}` + "\n" + `{"ev": "leaf", "node": "1.1", "value": 3}`)
	f.Add(`{"values": "mover"}` + "\n" + `{"ev": "exit", "node": "1", "value": "-inf"}`)
	f.Add(`{"values": "mover"}` + "\n" + `{"ev": "enter", "node": "1", "alpha": "-inf", "beta": 1e300}`)
	tr, _ := tree.Builtin("aima")
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := Read(strings.NewReader(text), "f", tr); err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("a two-line error: %v", err)
		}
	})
}

// buggyAlphaBeta is alpha-beta as a student writes it who forgets to pass
// α on at MAX nodes and β at MIN nodes (the textbook code without its
// "α ← max(α, v)" and "β ← min(β, v)" lines), writing the minimal trace.
func buggyAlphaBeta(b *strings.Builder, n *tree.Node, isMax map[*tree.Node]bool, alpha, beta float64) float64 {
	fmt.Fprintf(b, `{"ev": "enter", "node": %q}`+"\n", n.Label())
	if n.Leaf {
		fmt.Fprintf(b, `{"ev": "leaf", "node": %q, "value": %d}`+"\n", n.Label(), n.Value)
		return float64(n.Value)
	}
	var v float64
	if isMax[n] {
		v = math.Inf(-1)
		for _, c := range n.Children {
			v = math.Max(v, buggyAlphaBeta(b, c, isMax, alpha, beta))
			if v >= beta {
				break
			}
		}
	} else {
		v = math.Inf(1)
		for _, c := range n.Children {
			v = math.Min(v, buggyAlphaBeta(b, c, isMax, alpha, beta))
			if v <= alpha {
				break
			}
		}
	}
	fmt.Fprintf(b, `{"ev": "exit", "node": %q, "value": %v}`+"\n", n.Label(), v)
	return v
}

// TestCheckNamesWindowNotPassed: a student's alpha-beta that never passes
// α or β on is named so (window-not-passed) wherever its search differs
// from alpha-beta's.
func TestCheckNamesWindowNotPassed(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2026))
	ctx := context.Background()
	named, n := 0, 200
	if testing.Short() {
		n = 60
	}
	for i := range n {
		tr, err := tree.Random(2+rng.IntN(2), 3+rng.IntN(2), 0, 9, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		buggyAlphaBeta(&b, tr.Root, maxNodes(tr), math.Inf(-1), math.Inf(1))
		yours, err := Read(strings.NewReader(b.String()), "yours", tr)
		if err != nil {
			t.Fatal(err)
		}
		asked, err := Reference(ctx, tr, spec(t, "alphabeta:soft:ge"), tr.Height(), false)
		if err != nil {
			t.Fatal(err)
		}
		if Compare(asked, yours).Same {
			continue // the bug changes nothing on this tree
		}
		others, err := Others(ctx, tr, asked, tr.Height(), yours)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range others {
			found = found || m.Mistake == quiz.WindowNotPassed
		}
		if !found {
			t.Fatalf("case %d %s: the search is not named window-not-passed: %+v\n%s", i, tree.Format(tr), others, b.String())
		}
		named++
	}
	if named < n/10 {
		t.Errorf("only %d trees where the bug shows", named)
	}
}

// TestSchemaIsTheReader: docs/trace.schema.json, version 1, is the
// minimal trace ($defs/minimal), the values line ($defs/values) and
// prunescope's own trace ($defs/full), any of them; its minimal events are
// the ones Read compares and the cutoff it reads and leaves aside, no more
// and no fewer, with node the only other field required (the window,
// alpha and beta, is optional); its views are Read's. (trace/jsonl's
// TestSchema* check $defs/full against the writer and every trace the tests
// keep against the schema.)
func TestSchemaIsTheReader(t *testing.T) {
	data, err := os.ReadFile("../../docs/trace.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	type object struct {
		Required   []string `json:"required"`
		Properties map[string]struct {
			Enum []string `json:"enum"`
		} `json:"properties"`
	}
	var s struct {
		ID    string `json:"$id"`
		AnyOf []struct {
			Ref string `json:"$ref"`
		} `json:"anyOf"`
		Defs struct {
			Minimal object `json:"minimal"`
			Values  object `json:"values"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	var refs []string
	for _, a := range s.AnyOf {
		refs = append(refs, a.Ref)
	}
	if want := []string{"#/$defs/minimal", "#/$defs/values", "#/$defs/full"}; !slices.Equal(refs, want) || !strings.Contains(s.ID, "/v1.") {
		t.Fatalf("the schema is not version 1's anyOf %v: %s, %v", want, s.ID, refs)
	}
	m := s.Defs.Minimal
	if got, want := m.Properties["ev"].Enum, append(slices.Clone(Kinds), "cutoff"); !slices.Equal(got, want) {
		t.Errorf("the schema's minimal events %v, Read's %v and cutoff", got, Kinds)
	}
	if want := []string{"ev", "node"}; !slices.Equal(m.Required, want) {
		t.Errorf("the minimal event requires %v, Read %v", m.Required, want)
	}
	for _, f := range []string{"node", "value", "alpha", "beta"} {
		if _, ok := m.Properties[f]; !ok {
			t.Errorf("the minimal event has no %q", f)
		}
	}
	if got := s.Defs.Values.Properties["values"].Enum; !slices.Equal(got, Views) {
		t.Errorf("the schema's views %v, Read's %v", got, Views)
	}
}

// TestCheckNamesDepthOff: a student's search one ply shallower or deeper
// than asked, on trees with static evaluations at every inner node, is
// named depth-off-by-one wherever it differs from the asked search.
func TestCheckNamesDepthOff(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2026))
	ctx := context.Background()
	named := 0
	for i := range 60 {
		tr, err := tree.Random(2+rng.IntN(2), 3+rng.IntN(2), 0, 9, rng.Uint64())
		if err != nil {
			t.Fatal(err)
		}
		var eval func(n *tree.Node)
		eval = func(n *tree.Node) {
			if !n.Leaf {
				n.HasEval, n.Eval = true, int64(rng.IntN(10))
			}
			for _, c := range n.Children {
				eval(c)
			}
		}
		eval(tr.Root)
		depth := 2 + rng.IntN(tr.Height()-2)
		off := depth + []int{-1, 1}[rng.IntN(2)]
		opt := spec(t, conventions[3+rng.IntN(6)]) // an alpha-beta
		asked, err := Reference(ctx, tr, opt, depth, false)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := Reference(ctx, tr, opt, off, false)
		if err != nil {
			t.Fatal(err)
		}
		if slices.EqualFunc(asked.Steps, theirs.Steps, equal) {
			continue
		}
		others, err := Others(ctx, tr, asked, depth, theirs.Steps)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, m := range others {
			found = found || m.Mistake == quiz.DepthOff
		}
		if !found {
			t.Fatalf("case %d: depth %d searched as %d is not named depth-off-by-one: %+v", i, depth, off, others)
		}
		named++
	}
	if named < 30 {
		t.Errorf("only %d trees where the depth shows", named)
	}
}

// TestCheckChess: a student's chess search, its nodes named by their moves
// in UCI and its values the mover's, read back is the reference's steps;
// a minimax student is named so.
func TestCheckChess(t *testing.T) {
	var fen string
	for _, b := range chess.Builtins() {
		if b.Name == "tactic" {
			fen = b.FEN
		}
	}
	b, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	g := ChessGame(b, chess.EvalPST)
	ctx := context.Background()
	asked, err := ReferenceGame(ctx, g, spec(t, "alphabeta:hard:ge"), 2, false)
	if err != nil {
		t.Fatal(err)
	}
	// The student's trace: UCI moves, values from the side to move's view.
	uci := func(key string) string {
		bb := b.Clone()
		var out []string
		for _, san := range strings.Fields(key) {
			m, err := bb.ParseMove(san)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, bb.UCI(m))
			bb.Make(m)
		}
		return strings.Join(out, " ")
	}
	var text strings.Builder
	text.WriteString(`{"values": "mover"}` + "\n")
	for _, st := range asked.Steps {
		node := uci(st.Key)
		if !st.Exit {
			fmt.Fprintf(&text, `{"ev": "enter", "node": %q}`+"\n", node)
			continue
		}
		v := st.Value
		if len(strings.Fields(st.Key))%2 == 1 { // the side to move is not the root's (MAX)
			v = -v
		}
		fmt.Fprintf(&text, `{"ev": "exit", "node": %q, "value": %d}`+"\n", node, v)
	}
	yours, err := ReadGame(strings.NewReader(text.String()), "yours", g)
	if err != nil {
		t.Fatal(err)
	}
	if r := Compare(asked, yours); !r.Same {
		t.Fatalf("the student's trace in UCI and the mover's view parts at step %d: %s", r.At+1, r.Said)
	}
	mm, err := ReferenceGame(ctx, g, spec(t, "minimax"), 2, false)
	if err != nil {
		t.Fatal(err)
	}
	r := Compare(asked, mm.Steps)
	if r.Same || !strings.HasPrefix(r.Said, "✂") {
		t.Fatalf("minimax against alpha-beta: %+v", r)
	}
	others, err := OthersGame(ctx, g, nil, asked, 2, mm.Steps)
	if err != nil {
		t.Fatal(err)
	}
	if len(others) == 0 || others[0].Mistake != quiz.NothingPruned {
		t.Errorf("minimax is not named: %+v", others)
	}
	if _, err := ReadGame(strings.NewReader(`{"ev": "enter", "node": "e2e5"}`+"\n"), "bad", g); err == nil || !strings.HasPrefix(err.Error(), `bad:1: move 1 of "e2e5"`) {
		t.Errorf("an illegal move: %v", err)
	}
}

// TestCheckTicTacToe: a student's tic-tac-toe search, its moves' labels in
// lower case, read back is the reference's steps; a minimax student is
// named so; a label that is no move there is refused at its line.
func TestCheckTicTacToe(t *testing.T) {
	fresh := func() engine.Position {
		p, err := tictactoe.Parse("xo./x.o/...")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	g := MovesGame(fresh)
	ctx := context.Background()
	asked, err := ReferenceGame(ctx, g, spec(t, "alphabeta:hard:ge"), 5, false)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, st := range asked.Steps {
		node := strings.ToLower(st.Key)
		if node == "" {
			node = "root"
		}
		if st.Exit {
			fmt.Fprintf(&text, `{"ev": "exit", "node": %q, "value": %d}`+"\n", node, st.Value)
		} else {
			fmt.Fprintf(&text, `{"ev": "enter", "node": %q}`+"\n", node)
		}
	}
	yours, err := ReadGame(strings.NewReader(text.String()), "yours", g)
	if err != nil {
		t.Fatal(err)
	}
	if r := Compare(asked, yours); !r.Same {
		t.Fatalf("the student's trace parts at step %d: %s", r.At+1, r.Said)
	}
	mm, err := ReferenceGame(ctx, g, spec(t, "minimax"), 5, false)
	if err != nil {
		t.Fatal(err)
	}
	others, err := OthersGame(ctx, g, nil, asked, 5, mm.Steps)
	if err != nil {
		t.Fatal(err)
	}
	if len(others) == 0 || others[0].Mistake != quiz.NothingPruned {
		t.Errorf("minimax is not named: %+v", others)
	}
	if _, err := ReadGame(strings.NewReader(`{"ev": "enter", "node": "X1"}`+"\n"), "bad", g); err == nil || !strings.HasPrefix(err.Error(), `bad:1: move 1 of "X1": "X1" is not a move there`) {
		t.Errorf("a square taken: %v", err)
	}
}
