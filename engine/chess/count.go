package chess

// Counting the legal moves without writing them: the same rules as
// generate (movegen.go), each piece's targets counted with one population
// count instead of one move written per target. Perft counts its last ply
// this way ("bulk counting"), and the search asks it whether a side in
// check has a move (checkmate). TestCountMatchesGenerate holds it to
// generate on every position two plies from each perft.epd position. The
// two are written apart on purpose: the pawns' sets computed once for both
// by a function cost the counting a fifth of its speed (BenchmarkPerft*,
// bulk).

// countMoves is the number of legal moves: len(generate(genAll)).
func (b *Board) countMoves() int {
	us := b.side
	them := us ^ 1
	occ := b.byType[0]
	own := b.byColor[us]
	enemy := b.byColor[them]
	ksq := b.kings[us]
	checkers := b.attackersTo(ksq, occ) & enemy
	n := 0

	if !checkers.more() {
		target := ^own
		if checkers != 0 {
			target = betweenBB[ksq][checkers.First()] | checkers
		}
		pinned := b.pinnedPieces(us, ksq, occ)
		n = b.countPawns(target, pinned, ksq, checkers)
		for p := b.pieces(us, Knight) &^ pinned; p != 0; {
			n += (knightAttacks[p.pop()] & target).Count()
		}
		q := b.byType[Queen]
		for p := (b.byType[Bishop] | q) & own; p != 0; {
			from := p.pop()
			t := bishopAttacks(from, occ) & target
			if pinned.Has(from) {
				t &= lineBB[ksq][from]
			}
			n += t.Count()
		}
		for p := (b.byType[Rook] | q) & own; p != 0; {
			from := p.pop()
			t := rookAttacks(from, occ) & target
			if pinned.Has(from) {
				t &= lineBB[ksq][from]
			}
			n += t.Count()
		}
	}

	occK := occ ^ bb(ksq)
	for kt := kingAttacks[ksq] &^ own; kt != 0; {
		if !b.attacked(kt.pop(), them, occK) {
			n++
		}
	}

	if checkers == 0 && b.castling != 0 {
		short, long := b.castles(occ)
		if short {
			n++
		}
		if long {
			n++
		}
	}
	return min(n, maxMoves)
}

// countPawns counts the pawn moves genPawns writes: a move to the last rank
// is four promotions.
func (b *Board) countPawns(target, pinned Bitboard, ksq Square, checkers Bitboard) int {
	us := b.side
	occ := b.byType[0]
	enemy := b.byColor[us^1]
	pawns := b.pieces(us, Pawn)
	free := pawns &^ pinned
	empty := ^occ

	var single, double, west, east, lastRank Bitboard
	var push int
	if us == White {
		single = free << 8 & empty
		double = (single & Rank3) << 8 & empty & target
		west = (free &^ FileA) << 7 & enemy & target
		east = (free &^ FileH) << 9 & enemy & target
		push, lastRank = 8, Rank8
	} else {
		single = free >> 8 & empty
		double = (single & Rank6) >> 8 & empty & target
		west = (free &^ FileA) >> 9 & enemy & target
		east = (free &^ FileH) >> 7 & enemy & target
		push, lastRank = -8, Rank1
	}
	single &= target
	n := (single &^ lastRank).Count() + double.Count() + (west &^ lastRank).Count() + (east &^ lastRank).Count() +
		4*((single&lastRank).Count()+(west&lastRank).Count()+(east&lastRank).Count())

	for p := pawns & pinned; p != 0; {
		from := p.pop()
		allow := lineBB[ksq][from] & target
		to := Square(int(from) + push)
		if !occ.Has(to) {
			if allow.Has(to) {
				n += promotions(to)
			}
			to2 := Square(int(to) + push)
			if (from.Rank() == 1 && us == White || from.Rank() == 6 && us == Black) && !occ.Has(to2) && allow.Has(to2) {
				n++
			}
		}
		for t := pawnAttacks[us][from] & enemy & allow; t != 0; {
			n += promotions(t.pop())
		}
	}

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
			n++
		}
	}
	return n
}

// promotions is how many moves a pawn move to the square is: four on the
// last rank (one per piece), else one.
func promotions(to Square) int {
	if to.Rank() == 0 || to.Rank() == 7 {
		return 4
	}
	return 1
}
