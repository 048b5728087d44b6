// Make and unmake: playing a move on the board and taking it back, with the
// Zobrist key and the evaluation sums updated incrementally; the null move.

package chess

import "github.com/prunescope/prunescope/engine"

// castlingMask[s] is ANDed into the castling rights when a move leaves from or
// arrives on s: moving a king or rook, or capturing a rook, loses rights.
var castlingMask = func() (t [64]CastlingRights) {
	for s := range t {
		t[s] = WhiteKingside | WhiteQueenside | BlackKingside | BlackQueenside
	}
	t[A1] &^= WhiteQueenside
	t[H1] &^= WhiteKingside
	t[E1] &^= WhiteKingside | WhiteQueenside
	t[A8] &^= BlackQueenside
	t[H8] &^= BlackKingside
	t[E8] &^= BlackKingside | BlackQueenside
	return t
}()

// pushUndo saves the state Unmake restores and returns nothing; the stack
// grows only when the line is deeper than any before.
func (b *Board) pushUndo() {
	if b.ply == len(b.undo) {
		b.undo = append(b.undo, undoState{})
	}
	u := &b.undo[b.ply]
	u.key = b.key
	u.material = b.material
	u.psq = b.psq
	u.halfmove = b.halfmove
	u.castling = b.castling
	u.ep = b.ep
	b.ply++
}

// Make plays the legal move m (one returned by Moves for this position).
func (b *Board) Make(m engine.Move) {
	b.pushUndo()
	us := b.side
	them := us ^ 1
	from, to := MoveFrom(m), MoveTo(m)
	pt := MovePiece(m)
	piece := MakePiece(us, pt)

	key := b.key ^ zobrist.side
	if b.ep != NoSquare {
		key ^= b.epKey(b.ep, us)
		b.ep = NoSquare
	}
	b.halfmove++

	if captured := MoveCaptured(m); captured != NoPieceType {
		capSq := to
		if m&FlagEnPassant != 0 {
			capSq = to ^ 8
		}
		cp := MakePiece(them, captured)
		c := bb(capSq)
		b.byType[0] ^= c
		b.byType[captured] ^= c
		b.byColor[them] ^= c
		b.squares[capSq] = NoPiece
		key ^= zobrist.piece[cp][capSq]
		b.material[them] -= materialValue[captured]
		b.psq[them] -= psqTable[cp][capSq]
		b.halfmove = 0
	}

	fromTo := bb(from) | bb(to)
	b.byType[0] ^= fromTo
	b.byType[pt] ^= fromTo
	b.byColor[us] ^= fromTo
	b.squares[from] = NoPiece
	b.squares[to] = piece
	key ^= zobrist.piece[piece][from] ^ zobrist.piece[piece][to]

	switch pt {
	case King:
		b.kings[us] = to
		if m&FlagCastling != 0 {
			rf, rt := castlingRookSquares(to)
			rook := MakePiece(us, Rook)
			r := bb(rf) | bb(rt)
			b.byType[0] ^= r
			b.byType[Rook] ^= r
			b.byColor[us] ^= r
			b.squares[rf] = NoPiece
			b.squares[rt] = rook
			key ^= zobrist.piece[rook][rf] ^ zobrist.piece[rook][rt]
			b.psq[us] += psqTable[rook][rt] - psqTable[rook][rf]
		}
	case Pawn:
		b.halfmove = 0
		b.psq[us] += psqTable[piece][to] - psqTable[piece][from]
		if promo := MovePromotion(m); promo != NoPieceType {
			pp := MakePiece(us, promo)
			b.byType[Pawn] ^= bb(to)
			b.byType[promo] ^= bb(to)
			b.squares[to] = pp
			key ^= zobrist.piece[piece][to] ^ zobrist.piece[pp][to]
			b.material[us] += materialValue[promo] - PawnValue
			b.psq[us] += psqTable[pp][to] - psqTable[piece][to]
		} else if m&FlagDoublePush != 0 {
			b.ep = (from + to) / 2
			key ^= b.epKey(b.ep, them)
		}
	default:
		b.psq[us] += psqTable[piece][to] - psqTable[piece][from]
	}

	if b.castling != 0 {
		if nc := b.castling & castlingMask[from] & castlingMask[to]; nc != b.castling {
			key ^= zobrist.castling[b.castling] ^ zobrist.castling[nc]
			b.castling = nc
		}
	}
	if us == Black {
		b.fullmove++
	}
	b.side = them
	b.key = key
}

// Unmake takes back m, which must be the last move made.
func (b *Board) Unmake(m engine.Move) {
	b.ply--
	u := &b.undo[b.ply]
	us := b.side ^ 1
	them := b.side
	b.side = us
	if us == Black {
		b.fullmove--
	}
	from, to := MoveFrom(m), MoveTo(m)
	pt := MovePiece(m)
	piece := MakePiece(us, pt)

	if promo := MovePromotion(m); promo != NoPieceType {
		b.byType[promo] ^= bb(to)
		b.byType[Pawn] ^= bb(to)
	}
	fromTo := bb(from) | bb(to)
	b.byType[0] ^= fromTo
	b.byType[pt] ^= fromTo
	b.byColor[us] ^= fromTo
	b.squares[to] = NoPiece
	b.squares[from] = piece

	if captured := MoveCaptured(m); captured != NoPieceType {
		capSq := to
		if m&FlagEnPassant != 0 {
			capSq = to ^ 8
		}
		c := bb(capSq)
		b.byType[0] |= c
		b.byType[captured] |= c
		b.byColor[them] |= c
		b.squares[capSq] = MakePiece(them, captured)
	}
	if pt == King {
		b.kings[us] = from
		if m&FlagCastling != 0 {
			rf, rt := castlingRookSquares(to)
			r := bb(rf) | bb(rt)
			b.byType[0] ^= r
			b.byType[Rook] ^= r
			b.byColor[us] ^= r
			b.squares[rt] = NoPiece
			b.squares[rf] = MakePiece(us, Rook)
		}
	}
	b.key = u.key
	b.material = u.material
	b.psq = u.psq
	b.halfmove = u.halfmove
	b.castling = u.castling
	b.ep = u.ep
}

// MakeNull passes: the side to move flips, the en passant square is cleared,
// the halfmove clock advances, the key follows. Never call it in check.
func (b *Board) MakeNull() {
	b.pushUndo()
	key := b.key ^ zobrist.side
	if b.ep != NoSquare {
		key ^= b.epKey(b.ep, b.side)
		b.ep = NoSquare
	}
	b.halfmove++
	if b.side == Black {
		b.fullmove++
	}
	b.side ^= 1
	b.key = key
}

// UnmakeNull takes back the null move made last.
func (b *Board) UnmakeNull() {
	b.ply--
	u := &b.undo[b.ply]
	b.side ^= 1
	if b.side == Black {
		b.fullmove--
	}
	b.key = u.key
	b.halfmove = u.halfmove
	b.ep = u.ep
}
