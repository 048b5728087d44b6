// Perft: counting the leaf nodes of the legal move tree to a fixed depth, the
// standard test of a move generator (and of make/unmake).

package chess

import "sort"

// MaxPerftDepth is the deepest perft count the command line runs: depth 12
// from the start position is about 6.2e16 positions, years of counting, so
// nothing deeper is worth starting; every line fits the move buffers on the
// goroutine's stack (about 1 KB a ply).
const MaxPerftDepth = 12

// Perft counts the positions reached after exactly depth plies, making every
// move down to the leaves (depth 0 counts 1).
func (b *Board) Perft(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	var buf moveBuf
	n := b.generate(&buf, genAll)
	var nodes int64
	for _, m := range buf[:n] {
		b.Make(m)
		nodes += b.Perft(depth - 1)
		b.Unmake(m)
	}
	return nodes
}

// PerftBulk counts the same positions as Perft, but at depth 1 it counts the
// legal moves without making them, or even writing them ("bulk counting",
// count.go).
func (b *Board) PerftBulk(depth int) int64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return int64(b.countMoves())
	}
	var buf moveBuf
	n := b.generate(&buf, genAll)
	var nodes int64
	for _, m := range buf[:n] {
		b.Make(m)
		nodes += b.PerftBulk(depth - 1)
		b.Unmake(m)
	}
	return nodes
}

// DivideEntry is the perft count below one root move.
type DivideEntry struct {
	Move  string // the move in UCI notation
	Nodes int64
}

// Divide is perft split by root move, sorted by move text (as UCI engines
// print "go perft"). depth is the depth below the root, at least 1.
func (b *Board) Divide(depth int) []DivideEntry {
	var buf moveBuf
	moves := b.Moves(buf[:0])
	out := make([]DivideEntry, 0, len(moves))
	for _, m := range moves {
		entry := DivideEntry{Move: b.UCI(m)}
		b.Make(m)
		entry.Nodes = b.PerftBulk(depth - 1)
		b.Unmake(m)
		out = append(out, entry)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move < out[j].Move })
	return out
}
