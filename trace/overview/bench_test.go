package overview

import (
	"runtime"
	"runtime/metrics"
	"testing"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace"
)

// benchOverview searches the start position to depth 6 with spec, adding
// the search up for the chart, and draws it. Besides time and allocations
// it reports the search's nodes, the cells kept, the heap at its highest
// while the search ran (peak-heap-MB: sampled every 65,536 events, live
// and garbage not yet collected, the search's own included) and the memory
// the builder holds at the end (kept-MB: the heap in use after a
// collection, less the heap before the search).
func benchOverview(b *testing.B, spec string) {
	var nodes int64
	var cells int
	var kept, peak, bytes float64
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for b.Loop() {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		ov := New(0, 0)
		var events int
		high := uint64(0)
		hooks := &trace.Hooks{Event: func(e *trace.Event) {
			ov.Add(e)
			if events++; events&0xffff == 0 {
				metrics.Read(sample)
				high = max(high, sample[0].Value.Uint64())
			}
		}}
		res := chessSearch(b, chess.StartFEN, 6, spec, hooks)
		o, err := ov.Overview()
		if err != nil {
			b.Fatal(err)
		}
		svg := SVG(o)
		runtime.GC()
		runtime.ReadMemStats(&after)
		kept = float64(after.HeapAlloc-min(before.HeapAlloc, after.HeapAlloc)) / (1 << 20)
		peak = float64(high) / (1 << 20)
		runtime.KeepAlive(ov)
		nodes, cells, bytes = res.Nodes, ov.Cells(), float64(len(svg))
	}
	b.ReportMetric(float64(nodes), "nodes")
	b.ReportMetric(float64(cells), "cells")
	b.ReportMetric(kept, "kept-MB")
	b.ReportMetric(peak, "peak-heap-MB")
	b.ReportMetric(bytes/1024, "svg-kB")
}

// BenchmarkOverviewChess6: plain alpha-beta from the start position, depth
// 6 (3.1 M nodes).
func BenchmarkOverviewChess6(b *testing.B) { benchOverview(b, "alphabeta") }

// BenchmarkOverviewChess6Selective: the same with every selective technique
// on (1.0 M nodes, down to ply 19 with quiescence).
func BenchmarkOverviewChess6Selective(b *testing.B) {
	benchOverview(b, "alphabeta+null-move+reductions+extensions+quiescence+futility+razoring")
}

// BenchmarkOverviewTraced6 is the search of BenchmarkOverviewChess6 with a
// hook that does nothing: what the search and its tracing cost without the
// chart.
func BenchmarkOverviewTraced6(b *testing.B) {
	nothing := &trace.Hooks{Event: func(*trace.Event) {}}
	for b.Loop() {
		chessSearch(b, chess.StartFEN, 6, "alphabeta", nothing)
	}
}
