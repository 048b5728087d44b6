package truth

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// TestReaderTakesRealTraces: the JSON Lines reader checks every line
// against the contract and refuses what breaks it; it must take every trace
// the engine writes. TestSentencesTrue reads back thousands; this adds what
// they lack: searches stopped by a node limit, a time limit or Ctrl-C
// (nodes left open, or no node at all), the built-in trees with their
// techniques, tic-tac-toe, and chess under every technique. The recorder
// (render's reader) must find nothing wrong in them either.
func TestReaderTakesRealTraces(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	read := func(name string, pos engine.Position, ctx context.Context, lim engine.Limits, opt engine.Options) {
		t.Helper()
		var buf bytes.Buffer
		w := jsonl.NewWriter(&buf)
		_, err := engine.Search(ctx, pos, lim, opt, w.Hooks())
		var oe *engine.OptionsError
		if errors.As(err, &oe) {
			return
		}
		w.Flush()
		rec := record.NewRecorder()
		if err := jsonl.ReadAll(bytes.NewReader(buf.Bytes()), "trace", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := rec.Err(); err != nil {
			t.Fatalf("%s: the recorder: %v", name, err)
		}
	}
	configs := treeConfigs()
	for i := 0; i < 60; i++ {
		src := randomTree(rng)
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatal(err)
		}
		tr.RootMin = i%3 == 0
		cf := configs[i%len(configs)]
		for _, nodes := range []int64{0, 1, 2, int64(3 + rng.IntN(20))} {
			lim := engine.Limits{Depth: tr.Height(), Nodes: nodes}
			read(fmt.Sprintf("tree %q %s %+v", src, cf.name, lim), tree.NewPosition(tr), context.Background(), lim, cf.opt)
		}
	}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	aima, _ := tree.Builtin("aima")
	read("aima interrupted", tree.NewPosition(aima), stopped, engine.Limits{Depth: 2}, engine.Options{Algo: engine.AlphaBeta})
	read("aima out of time", tree.NewPosition(aima), context.Background(), engine.Limits{Depth: 2, Time: time.Nanosecond}, engine.Options{Algo: engine.AlphaBeta, Iterative: true})
	for _, name := range tree.BuiltinNames() {
		tr, _ := tree.Builtin(name)
		depth := tr.Depth
		if depth == 0 {
			depth = tr.Height()
		}
		for _, cf := range configs {
			read(name+" "+cf.name, tree.NewPosition(tr), context.Background(), engine.Limits{Depth: depth}, cf.opt)
		}
	}
	for _, board := range []string{"xo./.x./o..", "x../.o./..x"} {
		for _, cf := range configs[:8] {
			p, err := tictactoe.Parse(board)
			if err != nil {
				t.Fatal(err)
			}
			read("tic-tac-toe "+board+" "+cf.name, p, context.Background(), engine.Limits{Depth: 9}, cf.opt)
		}
	}
	sel := engine.DefaultSelective(engine.Units{Pawn: 100})
	all := sel
	for _, on := range []*bool{&all.Null.On, &all.Reductions.On, &all.Futility.On, &all.Razoring.On, &all.Quiescence.On, &all.Extensions.On} {
		*on = true
	}
	all.Null.MinPly, all.Null.Threat, all.Null.Verify = 1, true, true
	tt := engine.TT{On: true, MB: 1, Cutoffs: true}
	order := engine.Ordering{TT: true, Captures: true, Killers: true, History: true}
	for _, fen := range []string{"2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1"} {
		for _, opt := range []engine.Options{
			{Algo: engine.Negamax},
			{Algo: engine.AlphaBeta, Fail: engine.FailF2, Cutoff: engine.CutGT, Sel: all},
			{Algo: engine.PVS, TT: tt, Order: order, Sel: all, Iterative: true},
			{Algo: engine.MTDF, TT: tt, Sel: all},
			{Algo: engine.AlphaBeta, Iterative: true, Aspiration: engine.Aspiration{Width: 20}, TT: tt, Order: order, Sel: all},
		} {
			b, err := chess.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			read(fen+" "+opt.Spec(), chess.NewPosition(b, chess.EvalPST), context.Background(), engine.Limits{Depth: 3, Nodes: 1500}, opt)
		}
	}
}
