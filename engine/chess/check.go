// Check questions: does a move give check (exactly, without playing it)?

package chess

import "github.com/prunescope/prunescope/engine"

// GivesCheck reports whether the legal move m puts the opponent in check:
// directly, by discovery (also by en passant or by a king move), by the rook
// of a castling move, or by the promoted piece. It plays the move out on the
// occupancy only, so it is exact and cheap.
func (b *Board) GivesCheck(m engine.Move) bool {
	us := b.side
	ksq := b.kings[us^1]
	from, to := MoveFrom(m), MoveTo(m)
	pt := MovePiece(m)
	if promo := MovePromotion(m); promo != NoPieceType {
		pt = promo
	}
	occ := b.byType[0]&^bb(from) | bb(to)
	if m&FlagEnPassant != 0 {
		occ &^= bb(to ^ 8)
	}
	own := b.byColor[us] &^ bb(from)
	diag := (b.byType[Bishop] | b.byType[Queen]) & own
	ortho := (b.byType[Rook] | b.byType[Queen]) & own
	switch pt {
	case Pawn:
		if pawnAttacks[us][to].Has(ksq) {
			return true
		}
	case Knight:
		if knightAttacks[to].Has(ksq) {
			return true
		}
	case Bishop:
		diag |= bb(to)
	case Rook:
		ortho |= bb(to)
	case Queen:
		diag |= bb(to)
		ortho |= bb(to)
	case King:
		if m&FlagCastling != 0 {
			rf, rt := castlingRookSquares(to)
			occ = occ&^bb(rf) | bb(rt)
			ortho = ortho&^bb(rf) | bb(rt)
		}
	}
	return bishopAttacks(ksq, occ)&diag != 0 || rookAttacks(ksq, occ)&ortho != 0
}
