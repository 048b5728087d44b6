// Consistency check of the incremental state, for tests and debugging.

package chess

import "fmt"

// Validate recomputes everything make/unmake maintain incrementally (occupancy
// sets, king squares, Zobrist key, material and piece-square sums) and reports
// the first disagreement with the board's own copy.
func (b *Board) Validate() error {
	var byType [7]Bitboard
	var byColor [2]Bitboard
	for s := A1; s < NoSquare; s++ {
		p := b.squares[s]
		if p == NoPiece {
			continue
		}
		if p.Type() < Pawn || p.Type() > King {
			return fmt.Errorf("bad piece %d on %s", p, s)
		}
		byType[0] |= bb(s)
		byType[p.Type()] |= bb(s)
		byColor[p.Color()] |= bb(s)
		if p.Type() == King && b.kings[p.Color()] != s {
			return fmt.Errorf("%s king on %s but recorded on %s", p.Color(), s, b.kings[p.Color()])
		}
	}
	if byType != b.byType || byColor != b.byColor {
		return fmt.Errorf("bitboards do not match the squares")
	}
	if k := b.computeKey(); k != b.key {
		return fmt.Errorf("key %#016x, recomputed %#016x", b.key, k)
	}
	if m, p := b.computeSums(); m != b.material || p != b.psq {
		return fmt.Errorf("sums material %v psq %v, recomputed %v %v", b.material, b.psq, m, p)
	}
	return nil
}
