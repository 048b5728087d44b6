// Move encoding: how a chess move is packed into an engine.Move (uint32).

package chess

import "github.com/prunescope/prunescope/engine"

// A chess move is an engine.Move with this layout (bit 0 is the lowest):
//
//	bits  0-5   from square (a1 = 0 ... h8 = 63)
//	bits  6-11  to square; for castling the king's destination (g1, c1, g8, c8)
//	bits 12-14  moving PieceType (Pawn ... King)
//	bits 15-17  captured PieceType, 0 if none (Pawn for en passant)
//	bits 18-20  promotion PieceType, 0 if none (Knight ... Queen)
//	bit  21     capture (en passant included)
//	bit  22     en passant capture
//	bit  23     castling
//	bit  24     pawn double push
//
// A move is only meaningful in the position that generated it. The zero Move
// is never a legal move (from == to), so it can stand for "no move".
const (
	moveToShift       = 6
	movePieceShift    = 12
	moveCapturedShift = 15
	movePromoShift    = 18

	FlagCapture    engine.Move = 1 << 21
	FlagEnPassant  engine.Move = 1 << 22
	FlagCastling   engine.Move = 1 << 23
	FlagDoublePush engine.Move = 1 << 24
)

// newMove packs a move. captured != NoPieceType sets FlagCapture.
func newMove(from, to Square, piece, captured, promo PieceType) engine.Move {
	m := engine.Move(from) | engine.Move(to)<<moveToShift | engine.Move(piece)<<movePieceShift |
		engine.Move(captured)<<moveCapturedShift | engine.Move(promo)<<movePromoShift
	if captured != NoPieceType {
		m |= FlagCapture
	}
	return m
}

// MoveFrom is the origin square of m.
func MoveFrom(m engine.Move) Square { return Square(m & 63) }

// MoveTo is the destination square of m (the king's for castling).
func MoveTo(m engine.Move) Square { return Square(m >> moveToShift & 63) }

// MovePiece is the type of the piece that moves.
func MovePiece(m engine.Move) PieceType { return PieceType(m >> movePieceShift & 7) }

// MoveCaptured is the type of the captured piece, NoPieceType if none.
func MoveCaptured(m engine.Move) PieceType { return PieceType(m >> moveCapturedShift & 7) }

// MovePromotion is the promotion piece type, NoPieceType if none.
func MovePromotion(m engine.Move) PieceType { return PieceType(m >> movePromoShift & 7) }

// castlingRookSquares gives the rook's origin and destination for a castling
// move by the king's destination square.
func castlingRookSquares(kingTo Square) (from, to Square) {
	switch kingTo {
	case G1:
		return H1, F1
	case C1:
		return A1, D1
	case G8:
		return H8, F8
	default: // C8
		return A8, D8
	}
}
