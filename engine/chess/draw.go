// Game end: checkmate, stalemate, the fifty-move rule and repetition.

package chess

// IsFiftyMoveDraw reports whether fifty moves (100 plies) have passed without
// a capture or pawn move, unless the last of them gave mate.
func (b *Board) IsFiftyMoveDraw() bool {
	return b.halfmove >= 100 && !b.IsCheckmate()
}

// IsRepetition reports whether the position occurred before along the line
// played since the board was set up, after the last irreversible move (the
// halfmove clock bounds how far back to look). In a search one repetition is
// enough to call the line a draw.
func (b *Board) IsRepetition() bool {
	limit := b.halfmove
	if limit > b.ply {
		limit = b.ply
	}
	for k := 2; k <= limit; k += 2 {
		if b.undo[b.ply-k].key == b.key {
			return true
		}
	}
	return false
}

// IsCheckmate reports whether the side to move is in check with no legal move.
func (b *Board) IsCheckmate() bool { return b.InCheck() && b.CountMoves() == 0 }

// IsStalemate reports whether the side to move is not in check and has no legal move.
func (b *Board) IsStalemate() bool { return !b.InCheck() && b.CountMoves() == 0 }
