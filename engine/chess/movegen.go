// Legal move generation. Moves are generated legal directly (no make-and-test):
// the checkers of the king and the pinned pieces are computed first; then every
// piece moves only to squares that answer a check (capture the checker or block
// its ray), a pinned piece only along its pin line, and the king only to
// squares the enemy does not attack once the king has left its square. En
// passant, the one move that removes two pieces from a rank, is tested by
// recomputing slider attacks on the king with the capture played out.
//
// Generation order is fixed: pawns (pushes, double pushes, promotions, captures
// toward the a-file then toward the h-file, pinned pawns, en passant), knights,
// bishops, rooks, queens, king, castling; within a group by square, lowest
// first.

package chess

import "github.com/prunescope/prunescope/engine"

// maxMoves bounds the legal moves of any chess position (the known maximum is 218).
const maxMoves = 256

// moveBuf is a buffer that holds all the moves of any position.
type moveBuf = [maxMoves]engine.Move

// genMode selects what generate produces.
type genMode uint8

const (
	genAll   genMode = iota // every legal move
	genNoisy                // captures (en passant included) and all promotions
)

// promoOrder is the order promotions are generated in.
var promoOrder = [4]PieceType{Queen, Rook, Bishop, Knight}

// Moves appends the legal moves to dst in generation order. It does not
// allocate when dst has room for 256 more moves.
func (b *Board) Moves(dst []engine.Move) []engine.Move {
	return b.appendMoves(dst, genAll)
}

// Captures appends the legal captures (en passant included) and promotions
// (quiet ones and under-promotions included) to dst in generation order.
func (b *Board) Captures(dst []engine.Move) []engine.Move {
	return b.appendMoves(dst, genNoisy)
}

func (b *Board) appendMoves(dst []engine.Move, mode genMode) []engine.Move {
	n := len(dst)
	if cap(dst)-n >= maxMoves {
		k := b.generate((*moveBuf)(dst[n:n+maxMoves]), mode)
		return dst[:n+k]
	}
	var buf moveBuf
	k := b.generate(&buf, mode)
	return append(dst, buf[:k]...)
}

// CountMoves is the number of legal moves (count.go: without writing them).
func (b *Board) CountMoves() int { return b.countMoves() }

// pinnedPieces is the set of us's pieces pinned to us's king on ksq.
func (b *Board) pinnedPieces(us Color, ksq Square, occ Bitboard) Bitboard {
	enemy := b.byColor[us^1]
	snipers := (rookAttacks(ksq, 0)&(b.byType[Rook]|b.byType[Queen]) |
		bishopAttacks(ksq, 0)&(b.byType[Bishop]|b.byType[Queen])) & enemy
	var pinned Bitboard
	for snipers != 0 {
		s := snipers.pop()
		between := betweenBB[ksq][s] & occ
		if between != 0 && !between.more() {
			pinned |= between
		}
	}
	return pinned & b.byColor[us]
}

// generate writes the legal moves selected by mode into list and returns
// their number.
func (b *Board) generate(list *moveBuf, mode genMode) int {
	us := b.side
	them := us ^ 1
	occ := b.byType[0]
	own := b.byColor[us]
	enemy := b.byColor[them]
	ksq := b.kings[us]
	checkers := b.attackersTo(ksq, occ) & enemy
	n := 0

	if !checkers.more() {
		// target: the squares a non-king piece may go to.
		target := ^own
		if checkers != 0 {
			target = betweenBB[ksq][checkers.First()] | checkers
		}
		pinned := b.pinnedPieces(us, ksq, occ)
		n = b.genPawns(list, n, mode, target, pinned, ksq, checkers)
		if mode == genNoisy {
			target &= enemy
		}
		for p := b.pieces(us, Knight) &^ pinned; p != 0; {
			from := p.pop()
			for t := knightAttacks[from] & target; t != 0; {
				to := t.pop()
				list[n&(maxMoves-1)] = newMove(from, to, Knight, b.squares[to].Type(), NoPieceType)
				n++
			}
		}
		for p := b.pieces(us, Bishop); p != 0; {
			from := p.pop()
			t := bishopAttacks(from, occ) & target
			if pinned.Has(from) {
				t &= lineBB[ksq][from]
			}
			n = b.emit(list, n, from, t, Bishop)
		}
		for p := b.pieces(us, Rook); p != 0; {
			from := p.pop()
			t := rookAttacks(from, occ) & target
			if pinned.Has(from) {
				t &= lineBB[ksq][from]
			}
			n = b.emit(list, n, from, t, Rook)
		}
		for p := b.pieces(us, Queen); p != 0; {
			from := p.pop()
			t := (rookAttacks(from, occ) | bishopAttacks(from, occ)) & target
			if pinned.Has(from) {
				t &= lineBB[ksq][from]
			}
			n = b.emit(list, n, from, t, Queen)
		}
	}

	// King moves: the king must not stand on an attacked square once it has
	// left ksq (so a slider's ray through ksq counts).
	kt := kingAttacks[ksq] &^ own
	if mode == genNoisy {
		kt &= enemy
	}
	occK := occ ^ bb(ksq)
	for kt != 0 {
		to := kt.pop()
		if !b.attacked(to, them, occK) {
			list[n&(maxMoves-1)] = newMove(ksq, to, King, b.squares[to].Type(), NoPieceType)
			n++
		}
	}

	// Castling: the right, empty squares between king and rook, no check, and
	// no attack on the squares the king crosses or lands on.
	if checkers == 0 && mode == genAll && b.castling != 0 {
		short, long := b.castles(occ)
		home, flags := E1, FlagCastling
		if us == Black {
			home = E8
		}
		if short {
			list[n&(maxMoves-1)] = newMove(home, home+2, King, NoPieceType, NoPieceType) | flags
			n++
		}
		if long {
			list[n&(maxMoves-1)] = newMove(home, home-2, King, NoPieceType, NoPieceType) | flags
			n++
		}
	}
	if n > maxMoves { // impossible for positions ParseFEN accepts; never read past the buffer
		n = maxMoves
	}
	return n
}

// castles reports whether the side to move, not in check, may castle short
// and long: the right, empty squares between king and rook, and no attack on
// the squares the king crosses or lands on.
func (b *Board) castles(occ Bitboard) (short, long bool) {
	them := b.side ^ 1
	if b.side == White {
		short = b.castling&WhiteKingside != 0 && occ&(bb(F1)|bb(G1)) == 0 &&
			!b.attacked(F1, them, occ) && !b.attacked(G1, them, occ)
		long = b.castling&WhiteQueenside != 0 && occ&(bb(B1)|bb(C1)|bb(D1)) == 0 &&
			!b.attacked(D1, them, occ) && !b.attacked(C1, them, occ)
		return short, long
	}
	short = b.castling&BlackKingside != 0 && occ&(bb(F8)|bb(G8)) == 0 &&
		!b.attacked(F8, them, occ) && !b.attacked(G8, them, occ)
	long = b.castling&BlackQueenside != 0 && occ&(bb(B8)|bb(C8)|bb(D8)) == 0 &&
		!b.attacked(D8, them, occ) && !b.attacked(C8, them, occ)
	return short, long
}

// emit writes the moves of the piece of type pt on from to each square of t.
func (b *Board) emit(list *moveBuf, n int, from Square, t Bitboard, pt PieceType) int {
	for t != 0 {
		to := t.pop()
		list[n&(maxMoves-1)] = newMove(from, to, pt, b.squares[to].Type(), NoPieceType)
		n++
	}
	return n
}

// emitPawn writes a pawn move, as four promotions when it reaches the last rank.
func (b *Board) emitPawn(list *moveBuf, n int, from, to Square, flags engine.Move) int {
	captured := b.squares[to].Type()
	if to.Rank() == 0 || to.Rank() == 7 {
		for _, promo := range promoOrder {
			list[n&(maxMoves-1)] = newMove(from, to, Pawn, captured, promo) | flags
			n++
		}
		return n
	}
	list[n&(maxMoves-1)] = newMove(from, to, Pawn, captured, NoPieceType) | flags
	return n + 1
}

// genPawns writes the pawn moves. target is the set of squares that answer a
// check (all squares but our own when not in check).
func (b *Board) genPawns(list *moveBuf, n int, mode genMode, target, pinned Bitboard, ksq Square, checkers Bitboard) int {
	us := b.side
	occ := b.byType[0]
	enemy := b.byColor[us^1]
	pawns := b.pieces(us, Pawn)
	free := pawns &^ pinned
	empty := ^occ

	// Shifts and the from-to distances of pushes and of captures toward the
	// a-file (west) and toward the h-file (east).
	var single, double, west, east, lastRank Bitboard
	var push, dWest, dEast int
	if us == White {
		single = free << 8 & empty
		double = (single & Rank3) << 8 & empty & target
		west = (free &^ FileA) << 7 & enemy & target
		east = (free &^ FileH) << 9 & enemy & target
		push, dWest, dEast, lastRank = 8, 7, 9, Rank8
	} else {
		single = free >> 8 & empty
		double = (single & Rank6) >> 8 & empty & target
		west = (free &^ FileA) >> 9 & enemy & target
		east = (free &^ FileH) >> 7 & enemy & target
		push, dWest, dEast, lastRank = -8, -9, -7, Rank1
	}
	single &= target

	if mode == genAll {
		for t := single &^ lastRank; t != 0; {
			to := t.pop()
			list[n&(maxMoves-1)] = newMove(Square(int(to)-push), to, Pawn, NoPieceType, NoPieceType)
			n++
		}
		for t := double; t != 0; {
			to := t.pop()
			list[n&(maxMoves-1)] = newMove(Square(int(to)-2*push), to, Pawn, NoPieceType, NoPieceType) | FlagDoublePush
			n++
		}
	}
	for t := single & lastRank; t != 0; {
		to := t.pop()
		n = b.emitPawn(list, n, Square(int(to)-push), to, 0)
	}
	for t := west; t != 0; {
		to := t.pop()
		n = b.emitPawn(list, n, Square(int(to)-dWest), to, 0)
	}
	for t := east; t != 0; {
		to := t.pop()
		n = b.emitPawn(list, n, Square(int(to)-dEast), to, 0)
	}

	// Pinned pawns move only along the line through their king.
	for p := pawns & pinned; p != 0; {
		from := p.pop()
		allow := lineBB[ksq][from] & target
		to := Square(int(from) + push)
		if !occ.Has(to) {
			if allow.Has(to) && (mode == genAll || lastRank.Has(to)) {
				n = b.emitPawn(list, n, from, to, 0)
			}
			to2 := Square(int(to) + push)
			if mode == genAll && (from.Rank() == 1 && us == White || from.Rank() == 6 && us == Black) &&
				!occ.Has(to2) && allow.Has(to2) {
				list[n&(maxMoves-1)] = newMove(from, to2, Pawn, NoPieceType, NoPieceType) | FlagDoublePush
				n++
			}
		}
		for t := pawnAttacks[us][from] & enemy & allow; t != 0; {
			n = b.emitPawn(list, n, from, t.pop(), 0)
		}
	}

	// En passant: play the capture out on the occupancy and look for slider
	// attacks on the king; a knight or pawn check stays unless the captured
	// pawn is the checker.
	if b.ep != NoSquare {
		capSq := b.ep ^ 8
		for p := pawnAttacks[us^1][b.ep] & pawns; p != 0; {
			from := p.pop()
			occ2 := occ ^ bb(from) ^ bb(capSq) | bb(b.ep)
			if checkers&^bb(capSq)&(b.byType[Knight]|b.byType[Pawn]) != 0 ||
				bishopAttacks(ksq, occ2)&enemy&(b.byType[Bishop]|b.byType[Queen]) != 0 ||
				rookAttacks(ksq, occ2)&enemy&(b.byType[Rook]|b.byType[Queen]) != 0 {
				continue
			}
			list[n&(maxMoves-1)] = newMove(from, b.ep, Pawn, Pawn, NoPieceType) | FlagEnPassant
			n++
		}
	}
	return n
}
