package chess

import (
	"testing"

	"github.com/prunescope/prunescope/engine"
)

const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func benchPerft(b *testing.B, fen string, depth int, bulk bool) {
	bd, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if bulk {
			nodes += bd.PerftBulk(depth)
		} else {
			nodes += bd.Perft(depth)
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftStart5(b *testing.B) {
	b.Run("make", func(b *testing.B) { benchPerft(b, StartFEN, 5, false) })
	b.Run("bulk", func(b *testing.B) { benchPerft(b, StartFEN, 5, true) })
}

func BenchmarkPerftKiwipete4(b *testing.B) {
	b.Run("make", func(b *testing.B) { benchPerft(b, kiwipeteFEN, 4, false) })
	b.Run("bulk", func(b *testing.B) { benchPerft(b, kiwipeteFEN, 4, true) })
}

// BenchmarkMakeUnmake plays and takes back every legal move of Kiwipete.
func BenchmarkMakeUnmake(b *testing.B) {
	bd, err := ParseFEN(kiwipeteFEN)
	if err != nil {
		b.Fatal(err)
	}
	moves := bd.Moves(make([]engine.Move, 0, maxMoves))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, m := range moves {
			bd.Make(m)
			bd.Unmake(m)
		}
	}
	b.ReportMetric(float64(b.N*len(moves))/b.Elapsed().Seconds(), "moves/s")
}

// BenchmarkBuildTables measures the one-time table set-up done on the first
// ParseFEN (package initialisation itself only builds the Zobrist keys and
// piece-square tables).
func BenchmarkBuildTables(b *testing.B) {
	for i := 0; i < b.N; i++ {
		buildTables()
	}
}

// BenchmarkMoves generates the moves of Kiwipete.
func BenchmarkMoves(b *testing.B) {
	p := NewPosition(mustFEN(b, kiwipeteFEN), EvalPST)
	dst := make([]engine.Move, 0, maxMoves)
	for i := 0; i < b.N; i++ {
		dst = p.Moves(dst[:0])
	}
}
