package engine_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// randomChecked is a random tree of branching b and depth d with an
// evaluation on every inner node and about one move in five giving check.
func randomChecked(t *testing.T, b, d int, seed uint64) *tree.Tree {
	t.Helper()
	tr, err := tree.Random(b, d, -6, 6, seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.AddEvals(2, seed); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 21))
	var mark func(n *tree.Node)
	mark = func(n *tree.Node) {
		for _, c := range n.Children {
			c.Check = rng.IntN(5) == 0
			mark(c)
		}
	}
	mark(tr.Root)
	tr.RootMin = seed%2 == 1
	return tr
}

// sideView turns an enter event's window and a MAX-view evaluation into the
// side to move's view.
func sideView(e *trace.Event, eval int64) (v, alpha, beta int64) {
	if e.Max {
		return eval, e.Alpha, e.Beta
	}
	return -eval, -e.Beta, -e.Alpha
}

// TestReverseFutilityFiresExactly: on random trees with evaluations and
// checks, under both fail conventions, with and without PV nodes, a node is
// pruned by reverse futility exactly when its condition holds, recomputed
// here from the tree and the window it was entered with: not the root, a
// remaining depth from 1 to min(Depth, margins), a null window unless PV,
// not in check, eval − margin ≥ β for the side to move; and it returns β
// (fail-hard) or eval − margin (fail-soft).
func TestReverseFutilityFiresExactly(t *testing.T) {
	fired := 0
	for seed := uint64(1); seed <= uint64(seeds(120, 30)); seed++ {
		tr := randomChecked(t, 3, 4, seed)
		for _, algo := range []engine.Algo{engine.AlphaBeta, engine.PVS} {
			for _, fail := range []engine.Fail{engine.FailHard, engine.FailSoft} {
				opt := engine.Options{Algo: algo, Fail: fail, Sel: engine.DefaultSelective(engine.Units{})}
				r := &opt.Sel.RFP
				r.On, r.PV, r.Depth = true, seed%3 == 0, 1+int(seed%4)
				r.Margins = []int64{int64(seed % 2), int64(seed % 3), 1}
				name := fmt.Sprintf("seed %d %s %s pv %v depth %d margins %v", seed, algo, fail, r.PV, r.Depth, r.Margins)
				_, evs := run(t, tr, opt, tr.Height())
				for i, e := range evs {
					if e.Kind != trace.Enter || e.Ply == 0 {
						continue
					}
					n := tr.Find(e.Path)
					if n == nil {
						t.Fatalf("%s: no node %q", name, e.Path)
					}
					if n.Leaf {
						continue
					}
					v, alpha, beta := sideView(&e, n.Eval)
					d := e.Depth
					want := d >= 1 && d <= min(r.Depth, len(r.Margins)) && (r.PV || beta-alpha <= 1) &&
						beta < score.Inf && !n.Check && v-r.Margins[d-1] >= beta
					next := evs[i+1]
					got := next.Kind == trace.RFP && next.Node == e.Node
					if got != want {
						t.Fatalf("%s: node %s (window %d, %d side to move, eval %d, depth %d, check %v): pruned %v, want %v",
							name, e.Path, alpha, beta, v, d, n.Check, got, want)
					}
					if !got {
						continue
					}
					fired++
					exit := evs[i+2]
					wantV := beta
					if fail == engine.FailSoft {
						wantV = v - r.Margins[d-1]
					}
					if exit.Kind != trace.Exit || exit.Node != e.Node {
						t.Fatalf("%s: node %s: the prune is not followed by its exit: %v", name, e.Path, exit.Kind)
					}
					if got, _, _ := sideView(&exit, exit.Value); got != wantV {
						t.Fatalf("%s: node %s returned %d (side to move), want %d", name, e.Path, got, wantV)
					}
				}
			}
		}
	}
	if fired == 0 {
		t.Fatal("reverse futility never fired: the test checks nothing")
	}
}

// TestIIDFiresExactly: on random trees, internal iterative deepening runs
// at a node exactly when its condition holds (depth ≥ Depth, depth−R ≥ 1,
// an open window unless All, moves to search), the move it reports is the
// one searched first at full depth, and the root's value is plain
// alpha-beta's: it only orders moves.
func TestIIDFiresExactly(t *testing.T) {
	ran := 0
	for seed := uint64(1); seed <= uint64(seeds(80, 20)); seed++ {
		tr := randomChecked(t, 3, 5, seed)
		for _, algo := range []engine.Algo{engine.AlphaBeta, engine.PVS} {
			plain, _ := run(t, tr, engine.Options{Algo: algo}, tr.Height())
			opt := engine.Options{Algo: algo, Sel: engine.DefaultSelective(engine.Units{})}
			i := &opt.Sel.IID
			i.On, i.Depth, i.Reduction, i.All = true, 2+int(seed%3), 1+int(seed%2), seed%4 == 0
			name := fmt.Sprintf("seed %d %s iid depth %d R %d all %v", seed, algo, i.Depth, i.Reduction, i.All)
			res, evs := run(t, tr, opt, tr.Height())
			if res.Value != plain.Value {
				t.Fatalf("%s: value %d, plain %d", name, res.Value, plain.Value)
			}
			for k, e := range evs {
				if e.Kind != trace.Enter {
					continue
				}
				n := tr.Find(e.Path)
				if n.Leaf || e.Depth == 0 {
					continue
				}
				_, alpha, beta := sideView(&e, 0)
				want := e.Depth >= i.Depth && e.Depth-i.Reduction >= 1 && (i.All || beta-alpha > 1)
				got := evs[k+1].Kind == trace.IID && evs[k+1].Node == e.Node
				if got != want {
					t.Fatalf("%s: node %s (depth %d, window %d, %d): iid %v, want %v", name, e.Path, e.Depth, alpha, beta, got, want)
				}
				if !got {
					continue
				}
				ran++
				if evs[k+1].To != e.Depth-i.Reduction {
					t.Fatalf("%s: node %s: iid to depth %d, want %d", name, e.Path, evs[k+1].To, e.Depth-i.Reduction)
				}
				// The iid_done of this node, then the first child entered.
				j := slices.IndexFunc(evs[k+1:], func(x trace.Event) bool { return x.Kind == trace.IIDDone && x.Node == e.Node })
				if j < 0 {
					t.Fatalf("%s: node %s: no iid_done", name, e.Path)
				}
				done := evs[k+1+j]
				c := slices.IndexFunc(evs[k+1+j:], func(x trace.Event) bool { return x.Kind == trace.Enter && x.Parent == e.Node })
				if done.Detail == "" || c < 0 || evs[k+1+j+c].Move != done.Detail || evs[k+1+j+c].Depth != e.Depth-1 {
					t.Fatalf("%s: node %s: iid found %q, the full search starts with %+v", name, e.Path, done.Detail, evs[k+1+j+c])
				}
			}
		}
	}
	if ran == 0 {
		t.Fatal("internal iterative deepening never ran: the test checks nothing")
	}
}

// TestIIDWithTable: with the table on, a node whose probe found a move runs
// no IID (the table's move is the one to try first): in an iterative search
// the earlier iterations leave a move for most nodes.
func TestIIDWithTable(t *testing.T) {
	tr := randomChecked(t, 3, 5, 7)
	opt := engine.Options{Algo: engine.AlphaBeta, Iterative: true, TT: engine.TT{On: true, MB: 1}, Sel: engine.DefaultSelective(engine.Units{})}
	opt.Sel.IID.On, opt.Sel.IID.Depth, opt.Sel.IID.All = true, 2, true
	_, evs := run(t, tr, opt, tr.Height())
	hasMove := map[int64]bool{} // nodes whose probe found a move
	suppressed := 0
	for k, e := range evs {
		switch e.Kind {
		case trace.TTHit:
			if e.Move != "" {
				hasMove[e.Node] = true
			}
		case trace.IID:
			if hasMove[e.Node] {
				t.Fatalf("node %s: iid although the table has a move for it", e.Path)
			}
		case trace.Exit:
			if hasMove[e.Node] && e.Depth >= 3 && e.Ply > 0 && evs[k-1].Kind != trace.TTHit {
				suppressed++ // searched with the table's move, no iid
			}
		}
	}
	if suppressed == 0 {
		t.Fatal("no node deep enough had a table move: the test checks nothing")
	}
}

// TestCheckExtension: the check extension extends every move into a [check]
// node by its plies while the line has an extension left; with the
// extension set on too a check is extended once, by check-ext.
func TestCheckExtension(t *testing.T) {
	_, evs := runTree(t, "extensions", selective())
	if n := len(events(evs, trace.Extend)); n != 0 {
		t.Fatalf("plain: %d extensions", n)
	}
	opt := selective()
	opt.Sel.CheckExt.On = true
	_, evs = runTree(t, "extensions", opt)
	if got := events(evs, trace.Extend); !slices.Equal(got, []string{"2:check"}) {
		t.Errorf("check-ext extended %v, want [2:check]", got)
	}
	opt.Sel.Extensions.On = true
	_, both := runTree(t, "extensions", opt)
	_, set := runTree(t, "extensions", selective("extensions"))
	if a, b := events(both, trace.Extend), events(set, trace.Extend); !slices.Equal(a, b) {
		t.Errorf("check-ext with the extension set extended %v, the set alone %v: a check is extended once", a, b)
	}
	for seed := uint64(1); seed <= uint64(seeds(60, 15)); seed++ {
		tr := randomChecked(t, 3, 4, seed)
		opt := selective()
		opt.Sel.CheckExt = engine.CheckExtension{On: true, Plies: 1 + int(seed%2)}
		opt.Sel.Extensions.Limit = int(seed % 3)
		exts := map[int64]int{} // extensions on the line down to each node
		_, evs := run(t, tr, opt, tr.Height())
		for k, e := range evs {
			if e.Kind != trace.Enter || e.Ply == 0 {
				continue
			}
			n := tr.Find(e.Path)
			prev := evs[k-1]
			extended := prev.Kind == trace.Extend && prev.Move == e.Move
			line := exts[e.Parent]
			want := n.Check && line < opt.Sel.Extensions.Limit
			if extended != want {
				t.Fatalf("seed %d: %s (check %v, %d extensions above, limit %d): extended %v, want %v", seed, e.Path, n.Check, line, opt.Sel.Extensions.Limit, extended, want)
			}
			exts[e.Node] = line
			if extended {
				exts[e.Node]++
				if prev.To != prev.Depth-1+opt.Sel.CheckExt.Plies || e.Depth != prev.To {
					t.Fatalf("seed %d: %s extended from depth %d to %d, entered at %d", seed, e.Path, prev.Depth, prev.To, e.Depth)
				}
			}
		}
	}
}

// builtinChess is a built-in chess position by name.
func builtinChess(t *testing.T, name string) engine.Position {
	t.Helper()
	for _, b := range chess.Builtins() {
		if b.Name == name {
			return chessPos(t, b.FEN)
		}
	}
	t.Fatalf("no built-in position %s", name)
	return nil
}

// TestNullMoveDemonstrations are the null-move lesson's chess searches
// (issue 21): with null moves from the first ply the tactic at depth 5 has
// null moves that prune and null moves that fail in one search; with the
// defaults (not in the first 4 plies) every try prunes, the null search
// being the evaluation; and in the king-and-pawn zugzwang zugzwang-3 the
// null move changes the root's value unless the king-and-pawn guard is on.
func TestNullMoveDemonstrations(t *testing.T) {
	search := func(name string, depth int, sp string, tweak func(*engine.NullMove)) engine.Result {
		opt, err := engine.ParseSpec(sp, engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})})
		if err != nil {
			t.Fatal(err)
		}
		if tweak != nil {
			tweak(&opt.Sel.Null)
		}
		res, err := engine.Search(context.Background(), builtinChess(t, name), engine.Limits{Depth: depth, Nodes: 200000}, opt, nil)
		if err != nil {
			t.Fatalf("%s depth %d %s: %v", name, depth, sp, err)
		}
		return res
	}
	firstPly := func(n *engine.NullMove) { n.MinPly = 1 }
	r := search("tactic", 5, "alphabeta+order+null-move", firstPly)
	tries, prunes, fails := r.Counts[trace.NullTry], r.Counts[trace.NullPrune], r.Counts[trace.NullFail]
	if prunes == 0 || fails == 0 || tries != prunes+fails {
		t.Errorf("tactic depth 5, null moves from ply 1: %d tries, %d prunes, %d fails: want prunes and fails", tries, prunes, fails)
	}
	r = search("tactic", 5, "alphabeta+order+null-move", nil)
	if r.Counts[trace.NullTry] == 0 || r.Counts[trace.NullFail] != 0 {
		t.Errorf("tactic depth 5, defaults: %d tries, %d fails: the null search at depth ≤ R+1 is the evaluation, which the eval condition already put at β or above", r.Counts[trace.NullTry], r.Counts[trace.NullFail])
	}
	plain := search("zugzwang-3", 5, "alphabeta+order", nil)
	wrong := search("zugzwang-3", 5, "alphabeta+order+null-move", func(n *engine.NullMove) { n.MinPly, n.Pieces = 1, false })
	guarded := search("zugzwang-3", 5, "alphabeta+order+null-move", firstPly)
	if wrong.Value == plain.Value || wrong.Counts[trace.NullPrune] == 0 {
		t.Errorf("zugzwang-3: the null move without the guard gives %d (%d prunes), plain alpha-beta %d: want a wrong value", wrong.Value, wrong.Counts[trace.NullPrune], plain.Value)
	}
	if guarded.Value != plain.Value || guarded.Counts[trace.NullTry] != 0 {
		t.Errorf("zugzwang-3: with the king-and-pawn guard %d (%d tries), plain %d", guarded.Value, guarded.Counts[trace.NullTry], plain.Value)
	}
}

// TestIssue21Defaults: the defaults common practice gives them, in chess
// and in games without pawns.
func TestIssue21Defaults(t *testing.T) {
	chessSel := engine.DefaultSelective(engine.Units{Pawn: 100})
	if r := chessSel.RFP; r.Depth != 6 || !slices.Equal(r.Margins, []int64{75, 150, 225, 300, 375, 450}) || r.PV {
		t.Errorf("reverse futility in chess: %+v, want depth 6, 75 cp a ply, null-window nodes only", r)
	}
	toy := engine.DefaultSelective(engine.Units{})
	if r := toy.RFP; !slices.Equal(r.Margins, []int64{0, 0, 0, 0, 0, 0}) {
		t.Errorf("reverse futility in toy trees: margins %v, want 0", r.Margins)
	}
	if i := toy.IID; i.Depth != 4 || i.Reduction != 2 || i.All {
		t.Errorf("iid: %+v, want depth 4, reduction 2, PV nodes", i)
	}
	if c := toy.CheckExt; c.Plies != 1 {
		t.Errorf("check extension: %+v, want 1 ply", c)
	}
}

// TestIIDNoEval: a toy tree without evaluations, where internal iterative
// deepening's shallower search ends a line at an inner node, is refused
// with an error that says so (the depth limit does not end it there).
func TestIIDNoEval(t *testing.T) {
	tr, err := tree.Parse("t", "(((3 (1 2) 4) (5 6)) 7)")
	if err != nil {
		t.Fatal(err)
	}
	opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{})}
	opt.Sel.IID = engine.IID{On: true, Depth: 3, Reduction: 1, All: true}
	_, err = engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, nil)
	var ne *engine.NoEvalError
	if !errors.As(err, &ne) || !ne.IID || ne.Path != "1.1.2" || ne.IIDAt != "root" || ne.IIDDepth != 3 {
		t.Fatalf("got %v (%+v), want node 1.1.2 ended by the root's iid to depth 3", err, ne)
	}
	opt.Sel.IID.On = false
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, nil); err != nil {
		t.Fatalf("without iid: %v", err)
	}
}

// TestIIDNotAtAnAspirationRoot: with an aspiration window around a guess
// the root's passes are aspiration's, and internal iterative deepening
// leaves the root alone (its shallower pass would open the window).
func TestIIDNotAtAnAspirationRoot(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		tr := randomChecked(t, 3, 4, seed)
		opt := engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Aspiration: engine.Aspiration{Width: 1}, HasGuess: true,
			Sel: engine.DefaultSelective(engine.Units{})}
		opt.Sel.IID = engine.IID{On: true, Depth: 2, Reduction: 1}
		plain := opt
		plain.Sel.IID.On = false
		want, _ := run(t, tr, plain, tr.Height())
		got, evs := run(t, tr, opt, tr.Height())
		if got.Value != want.Value {
			t.Fatalf("seed %d: value %d with iid, %d without", seed, got.Value, want.Value)
		}
		for _, e := range evs {
			if e.Kind == trace.IID && e.Ply == 0 {
				t.Fatalf("seed %d: iid at the root of an aspiration search", seed)
			}
		}
	}
}

// TestCheckExtensionFromASpec: a spec switching the check extension on over
// options that never had the defaults extends checks all the same.
func TestCheckExtensionFromASpec(t *testing.T) {
	_, evs := runTree(t, "extensions", spec(t, "alphabeta+check-ext"))
	if got := events(evs, trace.Extend); !slices.Equal(got, []string{"2:check"}) {
		t.Errorf("alphabeta+check-ext over zero options extended %v, want [2:check]", got)
	}
}
