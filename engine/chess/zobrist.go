// Zobrist hashing: fixed pseudo-random keys for pieces on squares, the side to
// move, castling rights and the en passant file, XORed into a 64-bit key that
// make/unmake update incrementally.
//
// En passant convention: the file of the en passant square is part of the key
// only when a pawn of the side to move stands next to the pawn that has just
// made a double step, i.e. only when an en passant capture is at least
// pseudo-legally possible (the Polyglot convention). Two positions that differ
// only by an en passant square nobody can use get the same key, as the rules
// of repetition demand. The board itself keeps the en passant square whenever
// the last move was a double step, as FEN does.

package chess

// splitMix is the SplitMix64 generator: tiny, fast and good enough for keys.
type splitMix struct{ state uint64 }

func (r *splitMix) next() uint64 {
	r.state += 0x9E3779B97F4A7C15
	z := r.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// zobristSeed is the fixed seed of the key generator: keys, and so every
// position key, are the same on every run and every machine.
const zobristSeed = 0x70727A6E73636F70 // "prznscop"

// zobristKeys holds every key.
type zobristKeys struct {
	piece    [16][64]uint64 // indexed by Piece (colour<<3 | type)
	side     uint64         // XORed in when Black is to move
	castling [16]uint64     // indexed by the whole rights mask
	epFile   [8]uint64
}

// zobrist is built at package initialisation; it takes microseconds.
var zobrist = makeZobrist()

func makeZobrist() *zobristKeys {
	z := &zobristKeys{}
	r := splitMix{state: zobristSeed}
	for p := range z.piece {
		if PieceType(p&7) == NoPieceType || PieceType(p&7) > King {
			continue // not a piece; keep the key 0
		}
		for s := range z.piece[p] {
			z.piece[p][s] = r.next()
		}
	}
	z.side = r.next()
	// Each right gets a key; a set of rights is the XOR of its members.
	var single [4]uint64
	for i := range single {
		single[i] = r.next()
	}
	for m := range z.castling {
		for i := range single {
			if m&(1<<i) != 0 {
				z.castling[m] ^= single[i]
			}
		}
	}
	for f := range z.epFile {
		z.epFile[f] = r.next()
	}
	return z
}

// epKey is the key contribution of the en passant square ep with side to move
// us: the file key if a pawn of us could capture there, else 0.
func (b *Board) epKey(ep Square, us Color) uint64 {
	if ep == NoSquare || pawnAttacks[us^1][ep]&b.pieces(us, Pawn) == 0 {
		return 0
	}
	return zobrist.epFile[ep&7]
}

// computeKey recomputes the key of the position from scratch.
func (b *Board) computeKey() uint64 {
	var k uint64
	for s := A1; s < NoSquare; s++ {
		if p := b.squares[s]; p != NoPiece {
			k ^= zobrist.piece[p][s]
		}
	}
	if b.side == Black {
		k ^= zobrist.side
	}
	k ^= zobrist.castling[b.castling]
	k ^= b.epKey(b.ep, b.side)
	return k
}
