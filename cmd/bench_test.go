package cmd

import (
	"context"
	"io"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/render"
	"github.com/prunescope/prunescope/trace/text"
)

// searchedDOT records a minimax search of a random tree (every node visited)
// and returns its DOT text, drawn in full.
func searchedDOT(b testing.TB, branching, depth int) ([]byte, int) {
	tr, err := tree.Random(branching, depth, -99, 99, 5)
	if err != nil {
		b.Fatal(err)
	}
	rec := record.NewRecorder()
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: depth}, engine.Options{Algo: engine.Minimax}, rec.Hooks()); err != nil {
		b.Fatal(err)
	}
	src, st, err := dot.Build(rec.Recording(), dot.Options{MaxNodes: 5000})
	if err != nil || st.Truncated {
		b.Fatalf("build: %v %+v", err, st)
	}
	return src, st.Drawn
}

func benchRender(b *testing.B, branching, depth int, f render.Format) {
	src, nodes := searchedDOT(b, branching, depth)
	if _, err := render.Render(context.Background(), src, f, render.Builtin); err != nil { // warm up the instance
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := render.Render(context.Background(), src, f, render.Builtin); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(nodes), "shapes")
}

// BenchmarkDrawSVG1000: a searched tree of 1,093 nodes to SVG with the
// builtin renderer (target: under 2 s).
func BenchmarkDrawSVG1000(b *testing.B) { benchRender(b, 3, 6, render.SVG) }

// BenchmarkDrawPNG300: a searched tree of 364 nodes to PNG with the builtin
// renderer (target: under 3 s).
func BenchmarkDrawPNG300(b *testing.B) { benchRender(b, 3, 5, render.PNG) }

// BenchmarkTraceJSONL: an alpha-beta search streaming its JSON Lines trace
// (target: at least 1 M events per second, search included).
func BenchmarkTraceJSONL(b *testing.B) {
	tr, _ := tree.Random(5, 8, -100, 100, 7)
	pos := tree.NewPosition(tr)
	var events int64
	for b.Loop() {
		w := jsonl.NewWriter(io.Discard)
		res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 8}, engine.Options{Algo: engine.AlphaBeta}, w.Hooks())
		if err != nil {
			b.Fatal(err)
		}
		w.Flush()
		events += res.Counts[trace.Enter] + res.Counts[trace.Exit] + res.Counts[trace.Leaf] + res.Counts[trace.Cutoff] + 2
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkTraceText: the same search told by the text trace, every
// sentence a message of the catalogs, in English and in Russian.
func BenchmarkTraceText(b *testing.B) {
	for _, lang := range []string{"en", "ru"} {
		b.Run(lang, func(b *testing.B) {
			tr, _ := tree.Random(5, 6, -100, 100, 7)
			pos := tree.NewPosition(tr)
			var events int64
			for b.Loop() {
				sink := text.New(io.Discard, text.Plain(), text.Options{})
				res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: 6}, engine.Options{Algo: engine.AlphaBeta, Lang: lang}, sink.Hooks())
				if err != nil {
					b.Fatal(err)
				}
				sink.Flush()
				events += res.Counts[trace.Enter] + res.Counts[trace.Exit] + res.Counts[trace.Leaf] + res.Counts[trace.Cutoff] + 2
			}
			b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
		})
	}
}
