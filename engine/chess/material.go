// Insufficient material: positions where no sequence of legal moves can
// give mate (FIDE Laws of Chess 5.2.2, a "dead position"), in the cases
// that depend on the material alone.

package chess

// darkSquares are a1, c1, ..., the squares of a1's colour.
const darkSquares Bitboard = 0xAA55AA55AA55AA55

// InsufficientMaterial reports whether neither side can ever mate, whatever
// is played, by the material on the board: king against king, king and one
// minor piece (bishop or knight) against a king, and kings with bishops only,
// every bishop on squares of one colour (KB v KB with bishops on the same
// colour). Two knights against a king, or a knight against a minor piece,
// can still be mated into with the loser's help: those are not dead.
func (b *Board) InsufficientMaterial() bool {
	if b.byType[Pawn]|b.byType[Rook]|b.byType[Queen] != 0 {
		return false
	}
	knights, bishops := b.byType[Knight], b.byType[Bishop]
	if (knights | bishops).Count() <= 1 {
		return true
	}
	if knights != 0 {
		return false
	}
	return bishops&darkSquares == 0 || bishops&^darkSquares == 0
}
