package engine_test

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace"
)

// bkPositions reads the Bratko-Kopec positions, middlegames all.
func bkPositions(t testing.TB) []string {
	t.Helper()
	f, err := os.Open("chess/testdata/bk.epd")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() == "" {
			continue
		}
		e, err := chess.ParseEPD(sc.Text())
		if err != nil {
			t.Fatal(err)
		}
		fens = append(fens, e.FEN)
	}
	return fens
}

func chessPos(t testing.TB, fen string) *chess.Position {
	t.Helper()
	b, err := chess.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return chess.NewPosition(b, chess.EvalPST)
}

// TestChessNoAllocationPerNode: untraced alpha-beta on chess positions
// allocates the same whatever the number of nodes searched.
func TestChessNoAllocationPerNode(t *testing.T) {
	fens := bkPositions(t)
	opt := engine.Options{Algo: engine.AlphaBeta}
	var counts []int64
	var allocs []float64
	for _, fen := range fens[:4] {
		pos := chessPos(t, fen)
		var nodes int64
		a := testing.AllocsPerRun(3, func() {
			res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 3}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			nodes = res.Nodes
		})
		counts, allocs = append(counts, nodes), append(allocs, a)
	}
	// The buffers of a search and the labels of its principal variation (a
	// check sign costs a string more): a constant, whatever the node count.
	lo, hi := slices.Min(allocs), slices.Max(allocs)
	if hi-lo > 8 || hi > 400 {
		t.Errorf("allocations %v for node counts %v: they depend on the search", allocs, counts)
	}
}

// TestChessSearchAgrees: on Bratko-Kopec positions at depth 3, negamax and
// alpha-beta (every convention) find the same value, and alpha-beta searches
// fewer nodes.
func TestChessSearchAgrees(t *testing.T) {
	fens := bkPositions(t)
	if testing.Short() {
		fens = fens[:4]
	}
	for _, fen := range fens {
		full, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, engine.Options{Algo: engine.Negamax}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range []string{"alphabeta:hard:ge", "alphabeta:soft:gt", "branch-bound"} {
			res, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, spec(t, sp), nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != full.Value || res.Nodes >= full.Nodes {
				t.Errorf("%s %s: value %d (negamax %d), nodes %d (negamax %d)", fen, sp, res.Value, full.Value, res.Nodes, full.Nodes)
			}
		}
	}
}

// BenchmarkAlphaBetaChess: untraced alpha-beta with the piece-square
// evaluation on the Bratko-Kopec middlegames, depth 4 (target: 2 M nodes/s).
func BenchmarkAlphaBetaChess(b *testing.B) {
	benchBK(b, engine.Options{Algo: engine.AlphaBeta})
}

// BenchmarkOrderedChess measures, in one run, plain alpha-beta and the
// search a chess program makes (iterative deepening, the transposition
// table, every move ordering) on the Bratko-Kopec positions, untraced, each
// to the depth where it searches about as many nodes (target: 10 M nodes/s
// with ordering).
func BenchmarkOrderedChess(b *testing.B) {
	b.Run("plain-d4", func(b *testing.B) { benchBKDepth(b, engine.Options{Algo: engine.AlphaBeta}, 4) })
	opt := spec(b, "alphabeta+iterative+tt+order")
	b.Run("id+tt+order-d7", func(b *testing.B) { benchBKDepth(b, opt, 7) })
}

// benchBK searches every Bratko-Kopec position to depth 4 with opt, untraced,
// and reports nodes per second and per run of the 24.
func benchBK(b *testing.B, opt engine.Options) { benchBKDepth(b, opt, 4) }

// benchBKDepth searches every Bratko-Kopec position to depth with opt,
// untraced, and reports nodes per second and per run of the 24.
func benchBKDepth(b *testing.B, opt engine.Options, depth int) {
	fens := bkPositions(b)
	var positions []*chess.Position
	for _, fen := range fens {
		positions = append(positions, chessPos(b, fen))
	}
	var nodes int64
	b.ReportAllocs()
	for b.Loop() {
		for _, pos := range positions {
			res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: depth}, opt, nil)
			if err != nil {
				b.Fatal(err)
			}
			nodes += res.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// TestChessTracingChangesNothing: tracing a chess search changes neither its
// result nor any count.
func TestChessTracingChangesNothing(t *testing.T) {
	for _, fen := range bkPositions(t)[:3] {
		opt := engine.Options{Algo: engine.AlphaBeta}
		plain, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, opt, nil)
		if err != nil {
			t.Fatal(err)
		}
		var events int64
		traced, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, opt, &trace.Hooks{Event: func(*trace.Event) { events++ }})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Value != traced.Value || plain.BestLabel != traced.BestLabel || plain.Counts != traced.Counts || !slices.Equal(plain.PVLabels, traced.PVLabels) {
			t.Errorf("%s: untraced %+v, traced %+v", fen, plain, traced)
		}
		if events < plain.Nodes {
			t.Errorf("%s: %d events for %d nodes", fen, events, plain.Nodes)
		}
	}
}

// BenchmarkAlphaBetaChessSelective: the same search with every selective
// technique on (quiescence makes it several times larger).
func BenchmarkAlphaBetaChessSelective(b *testing.B) {
	opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
	s := &opt.Sel
	s.Null.On, s.Reductions.On, s.Futility.On, s.Razoring.On, s.Quiescence.On, s.Extensions.On = true, true, true, true, true, true
	benchBK(b, opt)
}

// TestDeepeningAgreesOnBK: on the Bratko-Kopec positions at depth 3, PVS,
// MTD(f) from several first guesses and aspiration windows of several widths
// return plain alpha-beta's value, with and without the transposition table
// and move ordering. (With the table the values agree here because a
// position repeats at the same ply only, so with the same depth left; and
// the leaves, where a repetition is scored, are never stored. In deeper
// searches a draw by repetition stored in the table can be read where the
// line does not repeat: the table is path-blind.)
func TestDeepeningAgreesOnBK(t *testing.T) {
	fens := bkPositions(t)
	if testing.Short() {
		fens = fens[:6]
	}
	specs := []string{"pvs", "pvs+tt+order", "mtdf", "mtdf+tt", "mtdf+tt+order+iterative",
		"alphabeta+tt", "alphabeta+order", "alphabeta+iterative+aspiration", "pvs+iterative+aspiration+tt+order"}
	for i, fen := range fens {
		want, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, engine.Options{Algo: engine.AlphaBeta}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for j, sp := range specs {
			opt := spec(t, sp)
			if opt.Algo == engine.MTDF && !opt.Iterative {
				opt.Guess, opt.HasGuess = int64((i*131+j*37)%600-300), true // any first guess
			}
			if opt.Aspiration.Width > 0 {
				opt.Aspiration.Width = []int64{1, 10, 35, 200}[(i+j)%4] // any width
			}
			res, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, opt, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Value != want.Value {
				t.Errorf("%s %s (guess %d, width %d): %d, alpha-beta %d", fen, sp, opt.Guess, opt.Aspiration.Width, res.Value, want.Value)
			}
		}
	}
}

// TestOrderingSearchesLess: with iterative deepening, the transposition
// table and move ordering, PVS and MTD(f) search fewer nodes than plain
// alpha-beta at the same depth, on every Bratko-Kopec position.
func TestOrderingSearchesLess(t *testing.T) {
	fens := bkPositions(t)
	if testing.Short() {
		fens = fens[:6]
	}
	for _, fen := range fens {
		plain, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 4}, engine.Options{Algo: engine.AlphaBeta}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range []string{"pvs+tt+order+iterative", "mtdf+tt+order+iterative"} {
			res, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 4}, spec(t, sp), nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Nodes >= plain.Nodes {
				t.Errorf("%s %s: %d nodes, plain alpha-beta %d", fen, sp, res.Nodes, plain.Nodes)
			}
		}
	}
}

// TestMTDFTwoPassesOnBK: started at the true value, MTD(f) proves it in
// exactly two zero-window passes on chess positions too.
func TestMTDFTwoPassesOnBK(t *testing.T) {
	for _, fen := range bkPositions(t)[:8] {
		truth, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, engine.Options{Algo: engine.AlphaBeta}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range []string{"mtdf", "mtdf+tt+order"} {
			opt := spec(t, sp)
			opt.Guess, opt.HasGuess = truth.Value, true
			passes := 0
			hooks := &trace.Hooks{Event: func(e *trace.Event) {
				if e.Kind == trace.Window {
					passes++
				}
			}}
			res, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, opt, hooks)
			if err != nil {
				t.Fatal(err)
			}
			if passes != 2 || res.Value != truth.Value {
				t.Errorf("%s %s: %d passes, value %d; want 2 passes and %d", fen, sp, passes, res.Value, truth.Value)
			}
		}
	}
}

// noScorer is a chess position that does not score its captures in one call
// (the field hides Position's ScoreCaptures): the ordering asks each move.
type noScorer struct {
	*chess.Position
	ScoreCaptures struct{}
}

// TestCaptureScorerOrdersAsEachMove: a game that scores its captures in one
// call (chess.Position's ScoreCaptures, the ordering's passes) gets the
// order the ordering makes asking each move, event for event, with the
// table's move, killers and history in play.
func TestCaptureScorerOrdersAsEachMove(t *testing.T) {
	fens := bkPositions(t)[:4]
	for _, sp := range []string{"alphabeta+iterative+tt+order", "pvs+tt+order", "alphabeta+order"} {
		for _, fen := range fens {
			var a, b []string
			hook := func(out *[]string) *trace.Hooks {
				return &trace.Hooks{Event: func(e *trace.Event) { *out = append(*out, e.Kind.String()+" "+e.Move+" "+strings.Join(e.Pruned, ",")) }}
			}
			opt := spec(t, sp)
			if _, err := engine.Search(context.Background(), chessPos(t, fen), engine.Limits{Depth: 3}, opt, hook(&a)); err != nil {
				t.Fatal(err)
			}
			if _, err := engine.Search(context.Background(), noScorer{Position: chessPos(t, fen)}, engine.Limits{Depth: 3}, opt, hook(&b)); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(a, b) {
				i := 0
				for i < min(len(a), len(b)) && a[i] == b[i] {
					i++
				}
				t.Fatalf("%s %s: the traces part at event %d of %d/%d", sp, fen, i, len(a), len(b))
			}
		}
	}
}

// TestNoStandPatInCheck: in chess quiescence, a side in check never stands
// pat; every evasions event is at a node in check and names all its moves.
// With --qs-stand-in-check (the seed's rule as written) it stands pat there.
func TestNoStandPatInCheck(t *testing.T) {
	fens := bkPositions(t)[:8]
	for _, standInCheck := range []bool{false, true} {
		standsInCheck, evasions := 0, 0
		for _, fen := range fens {
			pos := chessPos(t, fen)
			opt := spec(t, "alphabeta+quiescence")
			opt.Sel.Quiescence.StandInCheck = standInCheck
			h := &trace.Hooks{Event: func(e *trace.Event) {
				switch e.Kind {
				case trace.StandPat:
					if pos.InCheck() {
						standsInCheck++
					}
				case trace.Evasions:
					evasions++
					if !pos.InCheck() {
						t.Errorf("%s: evasions at %q, not in check", fen, e.Path)
					}
					if got, want := len(strings.Split(e.Detail, ", ")), len(pos.Moves(nil)); got != want {
						t.Errorf("%s: evasions at %q name %d moves of %d", fen, e.Path, got, want)
					}
				}
			}}
			if _, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 2, Nodes: 200000}, opt, h); err != nil && !engine.IsStop(err) {
				t.Fatal(err)
			}
		}
		switch {
		case !standInCheck && (standsInCheck > 0 || evasions == 0):
			t.Errorf("evasions: %d stand pats in check, %d evasion nodes", standsInCheck, evasions)
		case standInCheck && (standsInCheck == 0 || evasions > 0):
			t.Errorf("--qs-stand-in-check: %d stand pats in check, %d evasion nodes", standsInCheck, evasions)
		}
	}
}
