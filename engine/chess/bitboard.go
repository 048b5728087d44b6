// Bitboards and squares: the 64-bit sets of squares the move generator works on.

package chess

import "math/bits"

// Square is a board square, a1 = 0, b1 = 1, ..., h8 = 63 (little-endian
// rank-file mapping). NoSquare marks "none", e.g. no en passant square.
type Square uint8

// The squares, named as in chess.
const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
	NoSquare
)

// SquareAt returns the square on file 0..7 (a..h) and rank 0..7 (1..8).
func SquareAt(file, rank int) Square { return Square(rank*8 + file) }

// File is 0 for the a-file ... 7 for the h-file.
func (s Square) File() int { return int(s & 7) }

// Rank is 0 for the first rank ... 7 for the eighth.
func (s Square) Rank() int { return int(s >> 3) }

// String names the square ("e4"), or "-" for NoSquare.
func (s Square) String() string {
	if s >= NoSquare {
		return "-"
	}
	return string([]byte{byte('a' + s.File()), byte('1' + s.Rank())})
}

// ParseSquare reads a square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return NoSquare, false
	}
	return SquareAt(int(s[0]-'a'), int(s[1]-'1')), true
}

// Bitboard is a set of squares, bit i standing for Square(i).
type Bitboard uint64

// Useful constant sets.
const (
	FileA Bitboard = 0x0101010101010101
	FileH Bitboard = FileA << 7
	Rank1 Bitboard = 0xFF
	Rank2 Bitboard = Rank1 << 8
	Rank3 Bitboard = Rank1 << 16
	Rank4 Bitboard = Rank1 << 24
	Rank5 Bitboard = Rank1 << 32
	Rank6 Bitboard = Rank1 << 40
	Rank7 Bitboard = Rank1 << 48
	Rank8 Bitboard = Rank1 << 56
)

// bb is the set holding just s.
func bb(s Square) Bitboard { return 1 << (s & 63) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool { return b&bb(s) != 0 }

// Count is the number of squares in the set.
func (b Bitboard) Count() int { return bits.OnesCount64(uint64(b)) }

// First is the lowest square of a non-empty set.
func (b Bitboard) First() Square { return Square(bits.TrailingZeros64(uint64(b))) }

// more reports whether the set has more than one square.
func (b Bitboard) more() bool { return b&(b-1) != 0 }

// pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) pop() Square {
	s := Square(bits.TrailingZeros64(uint64(*b)))
	*b &= *b - 1
	return s
}
