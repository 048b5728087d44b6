package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// selective returns alpha-beta with the default selective parameters for toy
// trees (every margin 0), every technique off; on switches some on.
func selective(on ...string) engine.Options {
	o := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{})}
	for _, name := range on {
		switch name {
		case "null":
			o.Sel.Null.On = true
		case "reductions":
			o.Sel.Reductions.On = true
		case "futility":
			o.Sel.Futility.On = true
		case "razoring":
			o.Sel.Razoring.On = true
		case "quiescence":
			o.Sel.Quiescence.On = true
		case "extensions":
			o.Sel.Extensions.On = true
		}
	}
	return o
}

// runTree searches tree text (or a built-in name) to its default depth.
func runTree(t *testing.T, text string, opt engine.Options) (engine.Result, []trace.Event) {
	t.Helper()
	tr, ok := tree.Builtin(text)
	if !ok {
		var err error
		if tr, err = tree.Parse("test", text); err != nil {
			t.Fatal(err)
		}
	}
	depth := tr.Height()
	if tr.Depth > 0 {
		depth = tr.Depth
	}
	return run(t, tr, opt, depth)
}

// events returns the events of a kind, as "path" or "path:reason".
func events(evs []trace.Event, k trace.Kind) []string {
	var out []string
	for _, e := range evs {
		if e.Kind != k {
			continue
		}
		s := e.Path
		if e.Move != "" && k != trace.Enter {
			s = e.Move
		}
		if e.Reason != "" {
			s += ":" + e.Reason
		}
		out = append(out, s)
	}
	return out
}

func has(evs []trace.Event, k trace.Kind, want string) bool {
	return slices.Contains(events(evs, k), want)
}

// TestNullMoveTree: the built-in tree shows a prune, a try blocked by the
// capture condition, and a try that fails.
func TestNullMoveTree(t *testing.T) {
	plain, _ := runTree(t, "nullmove", selective())
	res, evs := runTree(t, "nullmove", selective("null"))
	if got := events(evs, trace.NullPrune); !slices.Equal(got, []string{"2.1.1.2"}) {
		t.Errorf("null prunes %v, want [2.1.1.2]", got)
	}
	if got := events(evs, trace.NullFail); !slices.Equal(got, []string{"2.1.1.4"}) {
		t.Errorf("null fails %v, want [2.1.1.4]", got)
	}
	if got := events(evs, trace.NullSkip); !slices.Equal(got, []string{"2.1.1.3:after a capture"}) {
		t.Errorf("null skips %v, want [2.1.1.3:after a capture]", got)
	}
	if res.Value != plain.Value {
		t.Errorf("null move: value %d; plain %d", res.Value, plain.Value)
	}
	if got := events(evs, trace.Enter); slices.Contains(got, "2.1.1.2.1") || !slices.Contains(got, "2.1.1.2.3") {
		t.Errorf("after the prune 2.1.1.2's moves were searched, or its pass was not: %v", got)
	}
	for _, e := range evs {
		if e.Kind == trace.NullTry && (e.To != 0 || e.Beta-e.Alpha != 1) {
			t.Errorf("null try at %s: depth %d, window (%d, %d); want depth 0 (1-1-R) and a zero window", e.Path, e.To, e.Alpha, e.Beta)
		}
	}
}

// nullAt is a tree whose node 2.1.1.2 (ply 4, window (5, 7), eval 9) can pass
// into a leaf 8 >= beta; mark annotates the move into that node, eval its
// static evaluation.
func nullAt(mark, eval string) string {
	return "((5 9) (((7 (6 8 8[pass])[eval=" + eval + mark + "]))))"
}

// TestNullMoveConditions: each condition of the article blocks the null move
// where it should, and switching it off lets the null move be tried.
func TestNullMoveConditions(t *testing.T) {
	cases := []struct {
		name   string
		text   string
		reason string
		off    func(*engine.NullMove)
	}{
		{"no capture", nullAt(" capture", "9"), "after a capture", func(n *engine.NullMove) { n.NoCapture = false }},
		{"eval above beta", nullAt("", "6"), "eval below beta", func(n *engine.NullMove) { n.EvalAbove = false }},
		{"margin", nullAt("", "8"), "eval below beta", func(n *engine.NullMove) { n.Margin = 0 }},
		{"min ply", "((5 9) (7 (6 8 8[pass])[eval=9]))", "first plies", func(n *engine.NullMove) { n.MinPly = 0 }},
		{"not extended", nullAt(" promotion", "9"), "extended", func(n *engine.NullMove) { n.NotExtended = false }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := selective("null")
			if c.name == "margin" {
				opt.Sel.Null.Margin = 2 // eval 8 - 2 < beta 7
			}
			if c.name == "not extended" {
				opt.Sel.Extensions.On = true
			}
			_, evs := runTree(t, c.text, opt)
			if !has(evs, trace.NullSkip, "2.1.1.2:"+c.reason) && !has(evs, trace.NullSkip, "2.2:"+c.reason) {
				t.Errorf("no null_skip %q: skips %v", c.reason, events(evs, trace.NullSkip))
			}
			if n := len(events(evs, trace.NullTry)); n != 0 {
				t.Errorf("null move tried %d times although blocked", n)
			}
			c.off(&opt.Sel.Null)
			_, evs = runTree(t, c.text, opt)
			if len(events(evs, trace.NullTry)) == 0 {
				t.Errorf("with the condition off the null move is still not tried: skips %v", events(evs, trace.NullSkip))
			}
		})
	}
}

// TestNullMoveOnce: once per line forbids a second null move below the first;
// "not twice in a row" allows it as long as a real move separates them, and
// forbids passing right after a pass.
func TestNullMoveOnce(t *testing.T) {
	// X (2.2) passes into P (2.2.3, MIN to move), whose one move leads to Q
	// (2.2.3.1), which could pass again.
	text := "((5 9) (7 (6 8 ((9 9 9[pass])[eval=9])[pass eval=8])[eval=9]))"
	opt := selective("null")
	opt.Sel.Null.MinPly, opt.Sel.Null.R = 1, 0
	_, evs := runTree(t, text, opt)
	if !has(evs, trace.NullSkip, "2.2.3.1:once per line") {
		t.Errorf("once per line: skips %v", events(evs, trace.NullSkip))
	}
	opt.Sel.Null.Once = engine.NotTwiceInARow
	_, evs = runTree(t, text, opt)
	if has(evs, trace.NullSkip, "2.2.3.1:once per line") || len(events(evs, trace.NullTry)) < 2 {
		t.Errorf("not twice in a row: tries %v, skips %v", events(evs, trace.NullTry), events(evs, trace.NullSkip))
	}
	// Twice in a row: the pass P may itself pass.
	text = "((5 9) (7 (6 8 (8 9 (9 9)[pass eval=9])[pass eval=8])[eval=9]))"
	opt.Sel.Null.EvalAbove = false // P's evaluation is no reason to pass; isolate the rule
	_, evs = runTree(t, text, opt)
	if !has(evs, trace.NullSkip, "2.2.3:twice in a row") {
		t.Errorf("twice in a row: skips %v", events(evs, trace.NullSkip))
	}
}

// TestNullMoveReduction: R, and the deeper R from a depth on, set the depth of
// the null-move search.
func TestNullMoveReduction(t *testing.T) {
	// A spine deep enough for depth 6 at a node on ply 4.
	deep := "((5 9) (((7 ((((((1 2)[eval=1])[eval=1])[eval=1])[eval=1])[eval=1] 9[pass])[eval=9]))))"
	for _, c := range []struct {
		r, rDeep, from int
		want           int
	}{{2, 3, 7, 3}, {1, 3, 7, 4}, {2, 3, 6, 3}, {2, 3, 5, 2}, {2, 4, 5, 1}, {2, 4, 0, 3}} { // the node has depth 6; R deep above DeepFrom
		opt := selective("null")
		opt.Sel.Null.R, opt.Sel.Null.RDeep, opt.Sel.Null.DeepFrom = c.r, c.rDeep, c.from
		_, evs := runTree(t, deep, opt)
		got := -1
		for _, e := range evs {
			if e.Kind == trace.NullTry {
				got = e.To
			}
		}
		if got != c.want {
			t.Errorf("R=%d R deep=%d from %d: null search to depth %d, want %d", c.r, c.rDeep, c.from, got, c.want)
		}
	}
}

func TestNullMoveWindow(t *testing.T) {
	opt := selective("null")
	opt.Sel.Null.Window = engine.NullFull
	_, evs := runTree(t, "nullmove", opt)
	for _, e := range evs {
		if e.Kind == trace.NullTry && e.Path == "2.1.1.2" && (e.Alpha != 5 || e.Beta != 7) {
			t.Errorf("full window: (%d, %d), want the node's (5, 7)", e.Alpha, e.Beta)
		}
	}
}

// TestNullMoveZugzwang: the null move gets the zugzwang tree wrong, and
// verification or switching it off gets it right.
func TestNullMoveZugzwang(t *testing.T) {
	plain, _ := runTree(t, "zugzwang", selective())
	nm, _ := runTree(t, "zugzwang", selective("null"))
	opt := selective("null")
	opt.Sel.Null.Verify = true
	verified, evs := runTree(t, "zugzwang", opt)
	if plain.Value != 5 || nm.Value == plain.Value {
		t.Errorf("plain %d, null move %d: want 5 and a different (wrong) value", plain.Value, nm.Value)
	}
	if verified.Value != plain.Value || !has(evs, trace.Research, "2.1.1.2:"+trace.ReasonVerifyFail) || !has(evs, trace.NullVerify, "2.1.1.2") || has(evs, trace.NullFail, "2.1.1.2:verify") {
		t.Errorf("verified null move: value %d, research %v, verify %v, fail %v", verified.Value, events(evs, trace.Research), events(evs, trace.NullVerify), events(evs, trace.NullFail))
	}
}

// TestThreatDetection: the threat tree's quiet move 2 is extended because
// after a pass the mover captures.
func TestThreatDetection(t *testing.T) {
	opt := selective("null")
	off, _ := runTree(t, "threat", opt)
	opt.Sel.Null.Threat = true
	on, evs := runTree(t, "threat", opt)
	if !has(evs, trace.Extend, "2:threat") || off.BestLabel != "1" || on.BestLabel != "2" {
		t.Errorf("threat: best %s → %s, extends %v", off.BestLabel, on.BestLabel, events(evs, trace.Extend))
	}
	opt.Sel.Null.ThreatMargin = 5 // MAX wins only 4 or 3: no threat of that size
	big, evs := runTree(t, "threat", opt)
	if has(evs, trace.Extend, "2:threat") || big.BestLabel != "1" {
		t.Errorf("threat margin 5: extends %v, best %s", events(evs, trace.Extend), big.BestLabel)
	}
}

// TestThreatCapturesOnly: the threat test searches captures only, as it
// says: after the pass, a quiet promotion is no threat, a capturing one is.
func TestThreatCapturesOnly(t *testing.T) {
	opt := selective("null")
	opt.Sel.Null.Threat = true
	for _, c := range []struct {
		mark   string
		threat bool
	}{{"capture", true}, {"promotion", false}, {"capture promotion", true}} {
		text := `((1 2)[eval=1] ((0 1)[eval=0] (1 1)[eval=0] (0 4[` + c.mark + `])[pass eval=0])[eval=0])[depth=2]`
		_, evs := runTree(t, text, opt)
		if got := has(evs, trace.Extend, "2:threat"); got != c.threat {
			t.Errorf("after the pass, a move marked %s: threat %v, want %v (extends %v)", c.mark, got, c.threat, events(evs, trace.Extend))
		}
	}
}

// TestReductions: the quiet move that does not improve alpha loses two plies,
// the check keeps its depth; the guards block reductions.
func TestReductions(t *testing.T) {
	_, evs := runTree(t, "reductions", selective("reductions"))
	if !has(evs, trace.Reduce, "2.2.1:quiet move, static score does not improve alpha") {
		t.Errorf("reductions %v", events(evs, trace.Reduce))
	}
	if !has(evs, trace.Extend, "2.2.2:check keeps its depth") {
		t.Errorf("extensions %v", events(evs, trace.Extend))
	}
	for _, e := range evs {
		if e.Kind == trace.Reduce && e.To != e.Depth-2 {
			t.Errorf("reduce %s: to depth %d from %d, want depth-2", e.Move, e.To, e.Depth)
		}
	}
	if got := events(evs, trace.Reduce); slices.Contains(got, "2.2.3") {
		t.Error("the capture 2.2.3 was reduced")
	}

	// Mate guard: at a node with an infinite bound, no reduction.
	guard := "(2 (((0 1)[eval=0] (3 2)[eval=1])[eval=1] ((4 2)[eval=3])[eval=3])[eval=4])"
	opt := selective("reductions")
	_, evs = runTree(t, guard, opt)
	if n := len(events(evs, trace.Reduce)); n != 0 {
		t.Errorf("mate guard on: %d reductions with beta infinite", n)
	}
	opt.Sel.Reductions.MateGuard = false
	_, evs = runTree(t, guard, opt)
	if len(events(evs, trace.Reduce)) == 0 {
		t.Error("mate guard off: no reduction")
	}

	// After an attack: 2.2 is reached by a capture (material 4 → 2 for MAX,
	// the mover's view); MAX's quiet moves do not restore it: not reduced.
	attacked := "(2 (6 (((0 1)[eval=0] (3 2)[eval=1])[eval=1] ((4 2)[eval=3])[eval=3])[eval=4 capture])[eval=4])"
	opt = selective("reductions")
	_, evs = runTree(t, attacked, opt)
	if n := len(events(evs, trace.Reduce)); n != 0 {
		t.Errorf("after an attack: %d reductions %v", n, events(evs, trace.Reduce))
	}
	opt.Sel.Reductions.AfterAttack = false
	_, evs = runTree(t, attacked, opt)
	if len(events(evs, trace.Reduce)) == 0 {
		t.Error("after-attack guard off: no reduction")
	}
}

// TestFutility: quiet moves that cannot lift alpha are skipped near the
// horizon; a capture is not; a margin keeps more moves.
func TestFutility(t *testing.T) {
	plain, _ := runTree(t, "futility", selective())
	res, evs := runTree(t, "futility", selective("futility"))
	want := []string{"2.1.1", "2.1.2", "2.1.4", "2.2.2", "2.2.3"}
	if got := events(evs, trace.Futility); !slices.Equal(got, want) {
		t.Errorf("futility skipped %v, want %v", got, want)
	}
	if res.Value != plain.Value || res.Nodes >= plain.Nodes {
		t.Errorf("futility: value %d nodes %d; plain %d nodes %d", res.Value, res.Nodes, plain.Value, plain.Nodes)
	}
	opt := selective("futility")
	opt.Sel.Futility.Margins = []int64{2, 2} // 4 + 2 > 5: searched
	_, evs = runTree(t, "futility", opt)
	if got := events(evs, trace.Futility); slices.Contains(got, "2.1.1") || !slices.Contains(got, "2.1.2") {
		t.Errorf("margin 2: skipped %v", got)
	}
	opt.Sel.Futility.Margins = []int64{0} // depth 1 only
	_, evs = runTree(t, "((5 6) ((4 2)))", opt)
	if n := len(events(evs, trace.Futility)); n != 2 {
		t.Errorf("margins for depth 1: %d skips, want 2", n)
	}
}

func TestRazoring(t *testing.T) {
	plain, _ := runTree(t, "razoring", selective())
	res, evs := runTree(t, "razoring", selective("razoring"))
	if got := events(evs, trace.Razor); !slices.Equal(got, []string{"2.1"}) {
		t.Errorf("razored %v, want [2.1]", got)
	}
	if res.Nodes >= plain.Nodes {
		t.Errorf("razoring searched %d nodes, plain %d", res.Nodes, plain.Nodes)
	}
	opt := selective("razoring")
	opt.Sel.Razoring.Margins = []int64{4, 4, 4} // 2 + 4 > 5: not razored
	_, evs = runTree(t, "razoring", opt)
	if n := len(events(evs, trace.Razor)); n != 0 {
		t.Errorf("margin 4: %d razors", n)
	}
}

// TestQuiescence: quiescence search cures the horizon effect of the capture,
// and its depth cap stops it.
func TestQuiescence(t *testing.T) {
	plain, _ := runTree(t, "quiescence", selective())
	res, evs := runTree(t, "quiescence", selective("quiescence"))
	if plain.BestLabel != "2" || res.BestLabel != "1" || res.Value != 3 {
		t.Errorf("best move %s → %s (value %d), want 2 → 1 (3)", plain.BestLabel, res.BestLabel, res.Value)
	}
	if got := events(evs, trace.QSEnter); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("quiescence started at %v", got)
	}
	// A capture chain: MAX takes, MIN takes back, MAX takes again.
	chain := "((1 2)[eval=1] (((5 4[capture])[eval=3 capture])[eval=-2 capture] 7)[eval=4 capture])[depth=1]"
	opt := selective("quiescence")
	full, _ := runTree(t, chain, opt)
	opt.Sel.Quiescence.MaxDepth = 1
	capped, _ := runTree(t, chain, opt)
	if full.Value == capped.Value {
		t.Errorf("quiescence cap changed nothing: %d", full.Value)
	}
	// Stand pat: MIN at 2 declines to capture when the capture is bad for it.
	_, evs = runTree(t, "((1 2)[eval=1] ((9)[eval=9 capture] 6)[eval=0])[depth=1]", selective("quiescence"))
	found := false
	for _, e := range evs {
		if e.Kind == trace.StandPat && e.Path == "2" && e.Value == 0 {
			found = true
		}
	}
	if !found {
		t.Error("no stand pat at 2")
	}
}

func TestExtensions(t *testing.T) {
	plain, _ := runTree(t, "extensions", selective())
	res, evs := runTree(t, "extensions", selective("extensions"))
	if got := events(evs, trace.Extend); !slices.Equal(got, []string{"2:check", "3.1:recapture", "4.1:promotion"}) {
		t.Errorf("extended %v", got)
	}
	if plain.Value == res.Value {
		t.Errorf("extensions changed nothing: %d", res.Value)
	}
	for _, c := range []struct {
		off  func(*engine.Extensions)
		gone string
	}{
		{func(x *engine.Extensions) { x.Check = false }, "2:check"},
		{func(x *engine.Extensions) { x.Recapture = false }, "3.1:recapture"},
		{func(x *engine.Extensions) { x.Promotion = false }, "4.1:promotion"},
	} {
		opt := selective("extensions")
		c.off(&opt.Sel.Extensions)
		_, evs := runTree(t, "extensions", opt)
		if slices.Contains(events(evs, trace.Extend), c.gone) {
			t.Errorf("%s still extended", c.gone)
		}
	}
	// The limit per line: three checks in a row, limit 2.
	d := "(1 2)[eval=1]"
	c := "(" + d + ")[check eval=1]"
	b := "(" + c + ")[check eval=1]"
	a := "(" + b + ")[check eval=1]"
	checks := "(" + a + ")[depth=1]"
	opt := selective("extensions")
	_, evs = runTree(t, checks, opt)
	if n := len(events(evs, trace.Extend)); n != 2 {
		t.Errorf("limit 2: %d extensions", n)
	}
	opt.Sel.Extensions.Limit = 0
	_, evs = runTree(t, checks, opt)
	if n := len(events(evs, trace.Extend)); n != 0 {
		t.Errorf("limit 0: %d extensions", n)
	}
}

// TestSelectiveOnlyWithAlphaBeta: the techniques refuse other algorithms.
func TestSelectiveOnlyWithAlphaBeta(t *testing.T) {
	tr, _ := tree.Builtin("aima")
	opt := selective("null")
	opt.Algo = engine.Minimax
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 2}, opt, nil); err == nil || !strings.Contains(err.Error(), "work with alpha-beta") {
		t.Errorf("minimax with null move: %v", err)
	}
}

// TestSelectiveAllOnChess: with every technique on, untraced search of chess
// positions allocates the same whatever its size, and tracing changes neither
// the result nor any count.
func TestSelectiveAllOnChess(t *testing.T) {
	if testing.Short() {
		t.Skip("four chess searches with every technique: in the full suite only")
	}
	all := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
	s := &all.Sel
	s.Null.On, s.Reductions.On, s.Futility.On, s.Razoring.On, s.Quiescence.On, s.Extensions.On = true, true, true, true, true, true
	s.Null.Threat, s.Null.Verify = true, true
	s.LMR.On, s.LMP.On = true, true
	fens := bkPositions(t)[:1]
	for _, fen := range fens {
		pos := chessPos(t, fen)
		plain, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 2}, all, nil)
		if err != nil {
			t.Fatal(err)
		}
		traced, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 2}, all, &trace.Hooks{Event: func(*trace.Event) {}})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Value != traced.Value || plain.BestLabel != traced.BestLabel || plain.Counts != traced.Counts {
			t.Errorf("%s: untraced %d %s %v, traced %d %s %v", fen, plain.Value, plain.BestLabel, plain.Counts, traced.Value, traced.BestLabel, traced.Counts)
		}
		// What a search allocates is its buffers and the labels of its
		// principal variation: a small constant, however many nodes.
		allocs := testing.AllocsPerRun(1, func() {
			if _, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 2}, all, nil); err != nil {
				t.Fatal(err)
			}
		})
		if allocs > 300 || float64(plain.Nodes) < 20*allocs {
			t.Errorf("%s: %v allocations for %d nodes", fen, allocs, plain.Nodes)
		}
	}
}
