package engine_test

import (
	"context"
	"strconv"
	"strings"

	"testing"

	"github.com/prunescope/prunescope/engine"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// parseTree reads tree text for a test.
func parseTree(t testing.TB, text string) *tree.Tree {
	t.Helper()
	tr, err := tree.Parse("test", text)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestNamedRootHasEmptyPath: the root's path is "" in every event, named or
// not (DESIGN.md), and its children keep their names.
func TestNamedRootHasEmptyPath(t *testing.T) {
	tr := parseTree(t, "A:(B:(3 4) C:(5))")
	for _, sp := range allSpecs {
		_, evs := run(t, tr, spec(t, sp), 2)
		for _, e := range evs {
			if e.Node == 0 && e.Path != "" {
				t.Fatalf("%s: %s event of the root has path %q, want \"\"", sp, e.Kind, e.Path)
			}
			if e.Kind == trace.Enter && e.Ply == 1 && e.Path != "B" && e.Path != "C" {
				t.Errorf("%s: child entered as %q", sp, e.Path)
			}
		}
	}
}

// textbookBound is the label an exit must carry, computed in MAX's view: the
// textbook rule on the node's window, seen by the side to move.
func textbookBound(e *trace.Event, clamps bool) score.Bound {
	if e.Max {
		return score.BoundOf(e.Value, e.Alpha, e.Beta, clamps)
	}
	return score.BoundOf(-e.Value, -e.Beta, -e.Alpha, clamps).Flip()
}

// boundSpecs are the windowed searches whose exits follow the textbook rule.
var boundSpecs = []string{
	"branch-bound:ge", "branch-bound:gt",
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt",
	"alphabeta:f2:ge", "alphabeta:f2:gt", "pvs", "pvs:soft", "pvs:f2", "mtdf", "alphabeta:f2+tt", "alphabeta+tt", "alphabeta:soft+tt+order", "pvs+tt+order",
	"mtdf+tt", "alphabeta+iterative+tt+order", "alphabeta+iterative+aspiration",
	"alphabeta+quiescence", "alphabeta+null-move", "alphabeta:soft+selective",
}

// TestBoundsAreTextbook: every exit of a windowed search carries the node's
// entry window and the textbook label on it (a leaf's value is never
// clamped); minimax and negamax exits are exact without a window; in searches
// without a selective technique every label and every "proved exact" mark
// is true of the node's minimax value.
func TestBoundsAreTextbook(t *testing.T) {
	for seed := range seeds(150, 40) {
		b, d := 2+seed%3, 2+seed%4
		tr, err := tree.Random(b, d, -6, 6, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.AddEvals(2, uint64(seed)); err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%2 == 1
		truth := trueValues(tr)
		for _, sp := range append([]string{"minimax", "negamax"}, boundSpecs...) {
			opt := spec(t, sp)
			opt.Sel.Null.MinPly = 1
			_, evs := run(t, tr, opt, d)
			leaf := map[int64]bool{}
			for i := range evs {
				e := &evs[i]
				if e.Kind == trace.Leaf {
					leaf[e.Node] = true
				}
				if e.Kind != trace.Exit {
					continue
				}
				if !opt.Algo.Prunes() {
					if e.Has&trace.HasWindow != 0 || e.Bound != score.Exact || e.Proved {
						t.Fatalf("seed %d %s: %s exits %d %s (window %v, proved %v), want exact without a window", seed, sp, e.Path, e.Value, e.Bound, e.Has&trace.HasWindow != 0, e.Proved)
					}
					continue
				}
				if e.Has&trace.HasWindow == 0 {
					t.Fatalf("seed %d %s: exit of %q without its window", seed, sp, e.Path)
				}
				clamps := opt.Fail != engine.FailSoft && opt.Algo != engine.BranchBound && !leaf[e.Node]
				if want := textbookBound(e, clamps); e.Bound != want {
					t.Fatalf("seed %d %s: %q exits %d in (%d, %d) as %s, the textbook rule says %s", seed, sp, e.Path, e.Value, e.Alpha, e.Beta, e.Bound, want)
				}
				if e.Proved && e.Bound == score.Exact {
					t.Fatalf("seed %d %s: %q exact and marked proved exact", seed, sp, e.Path)
				}
				if opt.Sel.Any() {
					if e.Proved {
						t.Fatalf("seed %d %s: %q marked proved exact in a selective search", seed, sp, e.Path)
					}
					continue
				}
				if e.Ply+e.Depth < d {
					continue // an earlier iteration: searched short of the leaves
				}
				tv := truth[e.Path] // uniform trees searched to their height: no horizon
				holds := map[score.Bound]bool{
					score.Exact: tv == e.Value, score.Lower: tv >= e.Value, score.Upper: tv <= e.Value, score.NoBound: true,
				}[e.Bound]
				if !holds || (e.Proved && tv != e.Value) {
					t.Fatalf("seed %d %s: %q returned %d %s (proved %v), true value %d\n%s", seed, sp, e.Path, e.Value, e.Bound, e.Proved, tv, tree.Format(tr))
				}
			}
		}
	}
}

// TestProvedExact: the example of the truth contract. MIN at the root holds
// MAX to 6 with move 1; MAX's node 2 then has beta 6, and 2.1 returns 7:
// textbook lower bounds, which the searched children prove exact.
func TestProvedExact(t *testing.T) {
	tr := parseTree(t, "((6) ((7)))")
	tr.RootMin = true
	_, evs := run(t, tr, spec(t, "alphabeta:soft"), 3)
	got := map[string]string{}
	for _, e := range evs {
		if e.Kind == trace.Exit {
			s := strconv.FormatInt(e.Value, 10) + " " + e.Bound.String()
			if e.Proved {
				s += " proved"
			}
			got[e.Path] = s
		}
	}
	want := map[string]string{"2.1": "7 lower proved", "2": "7 lower proved", "1": "6 exact", "": "6 exact"}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("%q exits %q, want %q", p, got[p], w)
		}
	}
}

// TestCutoffWindowAtTheCut: a cutoff carries the node's entry window and the
// window at the moment of the cut: at a MAX node alpha raised by the moves
// before the cutting one, at a MIN node beta lowered. In plain alpha-beta
// that is the window the cutting move's child was searched with.
func TestCutoffWindowAtTheCut(t *testing.T) {
	for _, c := range []struct {
		text              string
		cutAlpha, cutBeta int64
		alpha, beta       int64
		node, move        string
	}{
		{"((3) (5 4 2 9))", 3, 4, 3, score.Inf, "2", "2.3"},        // MIN: beta fell to 4 before 2.3
		{"(((5) (1 7 8 2)))", 1, 5, -score.Inf, 5, "1.2", "1.2.2"}, // MAX: alpha rose to 1 before 1.2.2
	} {
		_, evs := run(t, parseTree(t, c.text), spec(t, "alphabeta"), 3)
		found := false
		for _, e := range evs {
			if e.Kind != trace.Cutoff || e.Path != c.node {
				continue
			}
			found = true
			if e.Has&trace.HasCut == 0 || e.Move != c.move || e.CutAlpha != c.cutAlpha || e.CutBeta != c.cutBeta || e.Alpha != c.alpha || e.Beta != c.beta {
				t.Errorf("%s: cutoff at %s by %s: window (%d, %d), at the cut (%d, %d) (has %v); want %s, (%d, %d), (%d, %d)",
					c.text, e.Path, e.Move, e.Alpha, e.Beta, e.CutAlpha, e.CutBeta, e.Has&trace.HasCut != 0, c.move, c.alpha, c.beta, c.cutAlpha, c.cutBeta)
			}
		}
		if !found {
			t.Errorf("%s: no cutoff at %s", c.text, c.node)
		}
	}
	for seed := 0; seed < 100; seed++ {
		tr, err := tree.Random(3, 4, -9, 9, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%2 == 1
		for _, sp := range []string{"alphabeta:hard", "alphabeta:soft", "alphabeta:hard:gt", "alphabeta:soft:gt"} {
			_, evs := run(t, tr, spec(t, sp), 4)
			entered := map[string]trace.Event{}
			for _, e := range evs {
				switch e.Kind {
				case trace.Enter:
					entered[e.Path] = e
				case trace.Cutoff:
					child := entered[e.Move]
					if e.Has&trace.HasCut == 0 || child.Alpha != e.CutAlpha || child.Beta != e.CutBeta {
						t.Fatalf("seed %d %s: cutoff at %q by %s: at the cut (%d, %d), the child was searched with (%d, %d)", seed, sp, e.Path, e.Move, e.CutAlpha, e.CutBeta, child.Alpha, child.Beta)
					}
				}
			}
		}
	}
}

// TestNullMoveInCheck: at a node in check the null move is never tried, and
// the trace says why: in chess (where the position refuses the pass) as in a
// toy tree (where the node has a pass child).
func TestNullMoveInCheck(t *testing.T) {
	opt := selective("null")
	opt.Sel.Null.MinPly = 1
	_, evs := runTree(t, nullAt(" check", "9"), opt)
	if !has(evs, trace.NullSkip, "2.1.1.2:"+trace.ReasonNullInCheck) || len(events(evs, trace.NullTry)) != 0 {
		t.Errorf("toy tree: skips %v, tries %v", events(evs, trace.NullSkip), events(evs, trace.NullTry))
	}
	// The knight fork: after 1.Nf6+ Black is in check.
	copt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
	copt.Sel.Null.On, copt.Sel.Null.MinPly = true, 1
	var skips, inCheckTries int
	check := map[int64]bool{}
	h := &trace.Hooks{Event: func(e *trace.Event) {
		switch {
		case e.Kind == trace.Enter && strings.HasSuffix(e.Move, "+"):
			check[e.Node] = true
		case e.Kind == trace.NullSkip && e.Reason == trace.ReasonNullInCheck:
			skips++
			if !check[e.Node] {
				t.Errorf("null_skip in check at %q, not reached by a check", e.Path)
			}
		case e.Kind == trace.NullTry && check[e.Node]:
			inCheckTries++
		}
	}}
	if _, err := engine.Search(context.Background(), chessPos(t, "6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1"), engine.Limits{Depth: 2}, copt, h); err != nil {
		t.Fatal(err)
	}
	if skips == 0 || inCheckTries != 0 {
		t.Errorf("chess: %d null_skip in check, %d null tries in check", skips, inCheckTries)
	}
}

// TestNullSkipOrder: the reason reported is the first condition that blocks,
// in the order first plies, in check, after a capture, extended, once per
// line, infinite beta, and only then the static evaluation.
func TestNullSkipOrder(t *testing.T) {
	opt := selective("null")
	// 2.2 (ply 2 < MinPly 4) is in check, reached by a capture, eval below beta.
	_, evs := runTree(t, "((5 9) (7 (6 8 8[pass])[eval=1 check capture]))", opt)
	if !has(evs, trace.NullSkip, "2.2:"+trace.ReasonNullFirstPlies) {
		t.Errorf("first plies: skips %v", events(evs, trace.NullSkip))
	}
	opt.Sel.Null.MinPly = 1
	_, evs = runTree(t, "((5 9) (7 (6 8 8[pass])[eval=1 check capture]))", opt)
	if !has(evs, trace.NullSkip, "2.2:"+trace.ReasonNullInCheck) {
		t.Errorf("in check: skips %v", events(evs, trace.NullSkip))
	}
	_, evs = runTree(t, "((5 9) (7 (6 8 8[pass])[eval=1 capture]))", opt)
	if !has(evs, trace.NullSkip, "2.2:"+trace.ReasonNullCapture) {
		t.Errorf("after a capture: skips %v", events(evs, trace.NullSkip))
	}
	_, evs = runTree(t, "((5 9) (7 (6 8 8[pass])[eval=1]))", opt)
	if !has(evs, trace.NullSkip, "2.2:"+trace.ReasonNullEval) {
		t.Errorf("eval: skips %v", events(evs, trace.NullSkip))
	}
}

// TestNullMoveInfiniteBeta: where beta is +∞ for the side to move, a pass
// can never reach it: the null move is skipped, and no window (β-1, β) with
// β = +∞ appears.
func TestNullMoveInfiniteBeta(t *testing.T) {
	opt := selective("null")
	opt.Sel.Null.MinPly, opt.Sel.Null.EvalAbove = 1, false
	_, evs := runTree(t, "((5 6 9[pass]) (3 4))[min]", opt)
	if !has(evs, trace.NullSkip, "1:"+trace.ReasonNullInfinite) {
		t.Errorf("skips %v", events(evs, trace.NullSkip))
	}
	for _, e := range evs {
		if e.Has&trace.HasWindow != 0 && (!gameValue(e.Alpha) || !gameValue(e.Beta)) {
			t.Errorf("%s at %q: window (%d, %d)", e.Kind, e.Path, e.Alpha, e.Beta)
		}
	}
}

// TestFailF2: Knuth and Moore's F2 as printed (m := alpha, no clamp at beta)
// gives minimax's root value under both cutoff rules, as fail-hard and
// fail-soft do; its inner nodes never return less than alpha and return
// values at or above beta as found, where fail-hard clamps them to beta.
func TestFailF2(t *testing.T) {
	if f, err := engine.ParseFail("f2"); err != nil || f != engine.FailF2 || f.String() != "f2" {
		t.Fatalf("ParseFail(f2) = %v, %v", f, err)
	}
	o := spec(t, "alphabeta:f2:ge")
	if o.Fail != engine.FailF2 || o.Spec() != "alphabeta:f2:ge" {
		t.Errorf("spec alphabeta:f2:ge: fail %v, spec %s", o.Fail, o.Spec())
	}
	tr0 := parseTree(t, "((3 12 8) (2 4 6) (14 5 2))")
	if info := engine.Describe(tree.NewPosition(tr0), engine.Limits{Depth: 2}, o); info.Fail != "f2" {
		t.Errorf("Info.Fail %q, want f2", info.Fail)
	}
	if _, err := engine.ParseSpec("branch-bound:f2", engine.Options{}); err == nil {
		t.Error("branch-bound:f2 accepted")
	}
	above := 0
	for seed := range seeds(400, 100) {
		tr, err := tree.Random(2+seed%3, 2+seed%4, -9, 9, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = seed%2 == 1
		d := tr.Height()
		want, _ := run(t, tr, spec(t, "minimax"), d)
		for _, sp := range []string{"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge", "alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt"} {
			res, evs := run(t, tr, spec(t, sp), d)
			if res.Value != want.Value {
				t.Fatalf("seed %d %s: root %d, minimax %d", seed, sp, res.Value, want.Value)
			}
			if !strings.Contains(sp, "f2") {
				continue
			}
			leaf := map[int64]bool{}
			for _, e := range evs {
				if e.Kind == trace.Leaf {
					leaf[e.Node] = true
				}
				if e.Kind != trace.Exit || leaf[e.Node] {
					continue
				}
				v, a, b := e.Value, e.Alpha, e.Beta // side to move's view
				if !e.Max {
					v, a, b = -v, -e.Beta, -e.Alpha
				}
				if v < a {
					t.Fatalf("seed %d %s: %q returned %d below its alpha %d", seed, sp, e.Path, v, a)
				}
				if v > b {
					above++ // returned as found, not clamped to beta
				}
			}
		}
	}
	if above == 0 {
		t.Error("F2 never returned a value above beta: it clamps like fail-hard")
	}
}

// TestWindowsRefuseGTTruly: PVS, MTD(f) and aspiration windows are refused
// under the strict cutoff rule with a true reason; a zero window does cut
// under gt (the window (4, 5) at 2.2 below).
func TestWindowsRefuseGTTruly(t *testing.T) {
	tr := parseTree(t, "((4) ((5) (6 9)))")
	for _, c := range []struct {
		spec string
		tune func(*engine.Options)
		what string
	}{
		{"pvs:gt", nil, "pvs: "},
		{"mtdf:gt", nil, "mtdf: "},
		{"alphabeta:gt", func(o *engine.Options) { o.Aspiration.Width, o.Guess, o.HasGuess = 1, 5, true }, "aspiration: "},
	} {
		opt := spec(t, c.spec)
		if c.tune != nil {
			c.tune(&opt)
		}
		_, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 3}, opt, nil)
		want := c.what + "PVS, MTD(f) and aspiration windows are defined, in the papers that introduce them, with the cutoff on ties (≥ β); prunescope runs them under --cutoff ge only"
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %q", c.spec, err, want)
		}
	}
	_, evs := run(t, tr, spec(t, "alphabeta:gt"), 3)
	cut := false
	for _, e := range evs {
		if e.Kind == trace.Cutoff && e.Path == "2.2" && e.Alpha == 4 && e.Beta == 5 {
			cut = true
		}
	}
	if !cut {
		t.Error("no cutoff at 2.2 in the window (4, 5) under gt")
	}
}

// TestThreatBounded: threat extensions count against the line's extension
// limit even with the extensions off (a depth-2 search of the knight fork
// reached ply 208); every threat test reports its outcome, and a threat found
// on a line with no extension left is reported but extends nothing.
func TestThreatBounded(t *testing.T) {
	opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
	opt.Sel.Null.On, opt.Sel.Null.Threat = true, true
	deepest := 0
	h := &trace.Hooks{Event: func(e *trace.Event) {
		if e.Kind == trace.Enter {
			deepest = max(deepest, e.Ply)
		}
	}}
	res, err := engine.Search(context.Background(), chessPos(t, "6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1"), engine.Limits{Depth: 2, Nodes: 200_000}, opt, h)
	if err != nil || deepest > 24 {
		t.Fatalf("knight fork, depth 2: %v after %d nodes, deepest ply %d", err, res.Nodes, deepest)
	}
	for _, limit := range []int{0, 2} {
		topt := selective("null")
		topt.Sel.Null.Threat, topt.Sel.Extensions.Limit = true, limit
		res, evs := runTree(t, "threat", topt)
		tests, outcomes := 0, 0
		for _, e := range evs {
			switch {
			case e.Kind == trace.NullTry && e.Reason == trace.ReasonThreat:
				tests++
			case e.Kind == trace.Threat:
				outcomes++
				if e.Has&trace.HasWindow == 0 || e.Beta-e.Alpha != 1 || e.Has&trace.HasValue == 0 {
					t.Errorf("limit %d: threat event at %q without its value or window", limit, e.Path)
				}
			case e.Kind == trace.NullFail && e.Reason == "no threat":
				t.Errorf("limit %d: null_fail 'no threat' at %q", limit, e.Path)
			case e.Kind == trace.NullSkip && e.Reason == trace.ReasonNullExtended:
				t.Errorf("limit %d: null_skip extended at %q, no depth changed", limit, e.Path)
			}
		}
		if tests == 0 || outcomes != tests {
			t.Errorf("limit %d: %d threat tests, %d outcomes", limit, tests, outcomes)
		}
		if !has(evs, trace.Threat, "2:"+trace.ReasonThreat) {
			t.Errorf("limit %d: threat at 2 not reported: %v", limit, events(evs, trace.Threat))
		}
		extended := has(evs, trace.Extend, "2:threat")
		if extended != (limit > 0) || (res.BestLabel == "2") != (limit > 0) {
			t.Errorf("limit %d: extended %v, best %s", limit, extended, res.BestLabel)
		}
	}
}

// TestNullMoveZugzwangGuard: in a pure pawn ending (king and pawn against
// king, the opposition decides) the guard keeps the null move out; without
// it the null move prunes. Toy trees have no pieces: the guard never applies.
func TestNullMoveZugzwangGuard(t *testing.T) {
	prunes := func(guard bool) (int64, int64) {
		opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
		opt.Sel.Null.On, opt.Sel.Null.Pieces = true, guard
		var pawns int64
		h := &trace.Hooks{Event: func(e *trace.Event) {
			if e.Kind == trace.NullSkip && e.Reason == trace.ReasonNullPawns {
				pawns++
			}
		}}
		res, err := engine.Search(context.Background(), chessPos(t, "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1"), engine.Limits{Depth: 7}, opt, h)
		if err != nil {
			t.Fatal(err)
		}
		return res.Counts[trace.NullPrune], pawns
	}
	if on, skips := prunes(true); on != 0 || skips == 0 {
		t.Errorf("guard on: %d null prunes, %d skips", on, skips)
	}
	if off, _ := prunes(false); off == 0 {
		t.Error("guard off: no null prune")
	}
	if !engine.DefaultSelective(engine.Units{}).Null.Pieces {
		t.Error("the guard is off by default")
	}
	_, evs := runTree(t, "nullmove", selective("null"))
	if got := events(evs, trace.NullPrune); len(got) != 1 {
		t.Errorf("toy tree with the guard on: null prunes %v", got)
	}
}

// TestThreatRule: under the seed's rule (the default) only the piece that
// moved may capture after the pass; with any, every capture counts. White's
// rook attacks the knight on a2 whatever the king does: a threat after a king
// move for "any", none for "moved". Toy trees have no pieces: the rules agree.
func TestThreatRule(t *testing.T) {
	threats := func(rule engine.ThreatRule) (n int) {
		opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
		opt.Sel.Null.On, opt.Sel.Null.Threat, opt.Sel.Null.ThreatRule = true, true, rule
		kingMoved := map[int64]bool{}
		h := &trace.Hooks{Event: func(e *trace.Event) {
			if e.Kind == trace.Enter && strings.HasPrefix(e.Move, "K") {
				kingMoved[e.Node] = true
			}
			if e.Kind == trace.Threat && e.Reason == trace.ReasonThreat && kingMoved[e.Node] {
				n++
			}
		}}
		if _, err := engine.Search(context.Background(), chessPos(t, "4k3/8/8/8/8/8/n7/R3K3 w - - 0 1"), engine.Limits{Depth: 2}, opt, h); err != nil {
			t.Fatal(err)
		}
		return n
	}
	if engine.DefaultSelective(engine.Units{}).Null.ThreatRule != engine.ThreatMoved {
		t.Error("the default rule is not the seed's")
	}
	if moved, any := threats(engine.ThreatMoved), threats(engine.ThreatAny); moved != 0 || any == 0 {
		t.Errorf("threats after king moves: moved %d, any %d; want 0 and some", moved, any)
	}
	for _, rule := range []engine.ThreatRule{engine.ThreatMoved, engine.ThreatAny} {
		opt := selective("null")
		opt.Sel.Null.Threat, opt.Sel.Null.ThreatRule = true, rule
		res, evs := runTree(t, "threat", opt)
		if !has(evs, trace.Extend, "2:threat") || res.BestLabel != "2" {
			t.Errorf("toy tree, rule %d: extends %v, best %s", rule, events(evs, trace.Extend), res.BestLabel)
		}
	}
}

// TestDirectionWordsMAXView: the words of window events say what the numbers
// say, in MAX's view, at MAX and MIN roots alike (an aspiration pass at a MIN
// root said "fail low" and re-searched (2, +∞)); PVS re-search events carry
// the reason pvs, the value and the node's window at the probe, the value
// strictly inside it.
func TestDirectionWordsMAXView(t *testing.T) {
	seen := map[string]bool{}
	for seed := range seeds(120, 30) {
		tr := genTree(t, 2+seed%3, 3+seed%3, uint64(seed))
		tr.RootMin = seed%2 == 1
		for _, sp := range []string{"alphabeta+iterative+aspiration", "pvs+iterative+aspiration", "mtdf", "mtdf+tt+iterative", "pvs", "pvs+tt+order"} {
			opt := spec(t, sp)
			if opt.Aspiration.Width > 0 {
				opt.Aspiration.Width = 1
			}
			opt.Guess, opt.HasGuess = int64(seed%7-3), true
			_, evs := run(t, tr, opt, tr.Height())
			for _, e := range evs {
				v, a, b := e.Value, e.Alpha, e.Beta
				ok := true
				switch {
				case e.Kind == trace.Window && e.Reason == trace.ReasonAspiration:
					ok = map[string]bool{"fail low": v <= a, "fail high": v >= b, "inside": a < v && v < b}[e.Detail]
				case e.Kind == trace.Window && e.Reason == trace.ReasonMTDF:
					ok = map[string]bool{"lower": v >= b && e.Lower == v, "upper": v <= a && e.Upper == v}[e.Detail]
				case e.Kind == trace.Research:
					ok = e.Reason == trace.ReasonPVS && e.Has&trace.HasWindow != 0 && e.Has&trace.HasValue != 0 && a < v && v < b
				default:
					continue
				}
				seen[e.Reason+" "+e.Detail+" "+map[bool]string{true: "max", false: "min"}[e.Max]] = true
				if !ok {
					t.Fatalf("seed %d %s: %s %s %q: value %d, window (%d, %d), interval [%d, %d]", seed, sp, e.Kind, e.Reason, e.Detail, v, a, b, e.Lower, e.Upper)
				}
			}
		}
	}
	for _, w := range []string{"aspiration fail low min", "aspiration fail high min", "mtdf lower min", "mtdf upper min", "pvs  min", "aspiration fail low max", "mtdf upper max"} {
		if !seen[w] {
			t.Errorf("never saw %q", w)
		}
	}
}

// TestAspirationResearchFromMove: re-searching from the move that failed
// high gives the value re-searching the whole root gives; within a pass it
// searches again only the root moves that failed high (each right after its
// fail high, a research event saying so), and no pass ends in a fail high.
func TestAspirationResearchFromMove(t *testing.T) {
	researched := 0
	for seed := range seeds(150, 40) {
		tr := genTree(t, 2+seed%3, 3+seed%3, uint64(seed))
		tr.RootMin = seed%2 == 1
		want, _ := run(t, tr, spec(t, "minimax"), tr.Height())
		for _, sp := range []string{"alphabeta+aspiration", "alphabeta:soft+iterative+aspiration", "pvs+iterative+aspiration+tt+order"} {
			opt := spec(t, sp)
			opt.Aspiration.Width = 1 + int64(seed%3)
			opt.Guess, opt.HasGuess = int64(seed%9-4), true
			root, _ := run(t, tr, opt, tr.Height())
			opt.Aspiration.Research = engine.ResearchMove
			move, evs := run(t, tr, opt, tr.Height())
			if root.Value != want.Value || move.Value != want.Value {
				t.Fatalf("seed %d %s: root %d, move %d, minimax %d", seed, sp, root.Value, move.Value, want.Value)
			}
			entered := map[string]int{} // root moves entered in the current pass
			again := map[string]int{}   // their re-searches (aspiration, PVS) in it
			for _, e := range evs {
				switch {
				case e.Kind == trace.Enter && e.Ply == 0:
					entered, again = map[string]int{}, map[string]int{}
				case e.Kind == trace.Enter && e.Ply == 1:
					if entered[e.Move]++; entered[e.Move] > 1+again[e.Move] {
						t.Fatalf("seed %d %s: root move %s searched %d times in a pass", seed, sp, e.Move, entered[e.Move])
					}
				case e.Kind == trace.Research && e.Ply == 0:
					again[e.Move]++
					if e.Reason != trace.ReasonAspiration {
						continue
					}
					if e.Move == "" || entered[e.Move] != again[e.Move] || e.Has&trace.HasWindow == 0 || !(e.Beta == score.Inf || e.Alpha == -score.Inf) {
						t.Fatalf("seed %d %s: research %+v", seed, sp, e)
					}
					researched++
				case e.Kind == trace.Window:
					// The side to move's fail high is MAX's at a MAX root, a
					// fail low in MAX's words at a MIN root.
					if (e.Max && e.Detail == "fail high") || (!e.Max && e.Detail == "fail low") {
						t.Fatalf("seed %d %s: a pass failed high: the move should have been searched again", seed, sp)
					}
				}
			}
		}
	}
	if researched == 0 {
		t.Error("no move failed high: nothing tested")
	}
}
