// Attack tables: leaper attacks (pawn, knight, king), sliding attacks by magic
// bitboards, and the between/line tables used for checks and pins.
//
// Sliding attacks use "fancy" magic bitboards: for a square, the relevant
// blockers (the ray squares short of the board edge) are masked out of the
// occupancy, multiplied by a magic number and shifted, giving a dense index
// into a per-square slice of one shared table. The magic numbers are found by
// our own deterministic trial-and-error search (magicSearch) from a fixed seed;
// the numbers it found are written out in magics.go so that start-up only has
// to fill the tables. TestMagicsMatchSearch proves the search reproduces them.

package chess

import "sync"

// Leaper attack tables and the geometry tables, filled by buildTables.
var (
	knightAttacks [64]Bitboard
	kingAttacks   [64]Bitboard
	pawnAttacks   [2][64]Bitboard // squares a pawn of that colour on the square attacks
	betweenBB     [64][64]Bitboard
	lineBB        [64][64]Bitboard // the whole line through two aligned squares, else 0
	rookRays      [64]Bitboard     // a rook's squares from the square on an empty board
	bishopRays    [64]Bitboard     // a bishop's squares from the square on an empty board
)

// magicEntry locates one square's slice of the sliding attack table.
type magicEntry struct {
	mask   Bitboard
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookMagic   [64]magicEntry
	bishopMagic [64]magicEntry
	// sliderTable holds all rook slices (102,400 entries) then all bishop
	// slices (5,248 entries).
	sliderTable [rookTableSize + bishopTableSize]Bitboard
)

const (
	rookTableSize   = 102400
	bishopTableSize = 5248
)

var tablesOnce sync.Once

// ensureTables fills every attack table on first use. Every way of making a
// Board goes through it, so the hot paths can use the tables directly.
func ensureTables() { tablesOnce.Do(buildTables) }

func buildTables() {
	for s := A1; s < NoSquare; s++ {
		knightAttacks[s] = leaperAttacks(s, [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}})
		kingAttacks[s] = leaperAttacks(s, [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}})
		pawnAttacks[White][s] = leaperAttacks(s, [][2]int{{-1, 1}, {1, 1}})
		pawnAttacks[Black][s] = leaperAttacks(s, [][2]int{{-1, -1}, {1, -1}})
	}
	fillMagics(rookMagic[:], rookMagicNumbers[:], rookDirs, 0)
	fillMagics(bishopMagic[:], bishopMagicNumbers[:], bishopDirs, rookTableSize)
	for s := A1; s < NoSquare; s++ {
		rookRays[s], bishopRays[s] = rookAttacks(s, 0), bishopAttacks(s, 0)
	}
	for a := A1; a < NoSquare; a++ {
		for b := A1; b < NoSquare; b++ {
			switch {
			case a == b:
			case rookAttacks(a, 0).Has(b):
				betweenBB[a][b] = rookAttacks(a, bb(b)) & rookAttacks(b, bb(a))
				lineBB[a][b] = rookAttacks(a, 0)&rookAttacks(b, 0) | bb(a) | bb(b)
			case bishopAttacks(a, 0).Has(b):
				betweenBB[a][b] = bishopAttacks(a, bb(b)) & bishopAttacks(b, bb(a))
				lineBB[a][b] = bishopAttacks(a, 0)&bishopAttacks(b, 0) | bb(a) | bb(b)
			}
		}
	}
}

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// leaperAttacks is the set of squares reached by the (file, rank) steps.
func leaperAttacks(s Square, steps [][2]int) Bitboard {
	var out Bitboard
	for _, d := range steps {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 0 && f < 8 && r >= 0 && r < 8 {
			out |= bb(SquareAt(f, r))
		}
	}
	return out
}

// slowSliderAttacks walks each ray from s until it leaves the board or hits a
// piece of occ (which is included). It is the reference the tables are built from.
func slowSliderAttacks(s Square, occ Bitboard, dirs [4][2]int) Bitboard {
	var out Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for f >= 0 && f < 8 && r >= 0 && r < 8 {
			t := SquareAt(f, r)
			out |= bb(t)
			if occ.Has(t) {
				break
			}
			f, r = f+d[0], r+d[1]
		}
	}
	return out
}

// relevantMask is the set of squares whose occupancy changes the attacks of a
// slider on s: the rays without their last square.
func relevantMask(s Square, dirs [4][2]int) Bitboard {
	var out Bitboard
	for _, d := range dirs {
		f, r := s.File()+d[0], s.Rank()+d[1]
		for {
			nf, nr := f+d[0], r+d[1]
			if f < 0 || f > 7 || r < 0 || r > 7 || nf < 0 || nf > 7 || nr < 0 || nr > 7 {
				break
			}
			out |= bb(SquareAt(f, r))
			f, r = nf, nr
		}
	}
	return out
}

// fillMagics fills the table slices of one slider kind from known magics.
func fillMagics(entries []magicEntry, magics []uint64, dirs [4][2]int, offset uint32) {
	for s := A1; s < NoSquare; s++ {
		mask := relevantMask(s, dirs)
		n := mask.Count()
		e := magicEntry{mask: mask, magic: magics[s], shift: uint8(64 - n), offset: offset}
		entries[s] = e
		// Enumerate every subset of mask (the Carry-Rippler trick).
		sub := Bitboard(0)
		for {
			sliderTable[e.offset+uint32((uint64(sub)*e.magic)>>e.shift)] = slowSliderAttacks(s, sub, dirs)
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		offset += 1 << n
	}
}

// rookAttacks is the set of squares a rook on s attacks given the occupancy.
func rookAttacks(s Square, occ Bitboard) Bitboard {
	e := &rookMagic[s&63]
	return sliderTable[e.offset+uint32((uint64(occ&e.mask)*e.magic)>>e.shift)]
}

// bishopAttacks is the set of squares a bishop on s attacks given the occupancy.
func bishopAttacks(s Square, occ Bitboard) Bitboard {
	e := &bishopMagic[s&63]
	return sliderTable[e.offset+uint32((uint64(occ&e.mask)*e.magic)>>e.shift)]
}

// magicSearch finds, for each square, a magic number that maps every subset of
// the relevant mask to an index without a harmful collision (two subsets may
// share an index only when their attacks are equal). Candidates are sparse
// random numbers (the AND of three draws) from a fixed-seed generator, so the
// result is the same on every run. It is used to produce magics.go, not at
// start-up.
func magicSearch(dirs [4][2]int, seed uint64) [64]uint64 {
	var out [64]uint64
	rng := splitMix{state: seed}
	var occs, atts [4096]Bitboard
	var used [4096]Bitboard
	var epoch [4096]int
	try := 0
	for s := A1; s < NoSquare; s++ {
		mask := relevantMask(s, dirs)
		n := mask.Count()
		size := 0
		sub := Bitboard(0)
		for {
			occs[size], atts[size] = sub, slowSliderAttacks(s, sub, dirs)
			size++
			sub = (sub - mask) & mask
			if sub == 0 {
				break
			}
		}
		shift := 64 - n
		for {
			magic := rng.next() & rng.next() & rng.next()
			if Bitboard((uint64(mask)*magic)>>56).Count() < 6 {
				continue
			}
			try++
			ok := true
			for i := 0; i < size && ok; i++ {
				idx := (uint64(occs[i]) * magic) >> shift
				switch {
				case epoch[idx] != try:
					epoch[idx], used[idx] = try, atts[i]
				case used[idx] != atts[i]:
					ok = false
				}
			}
			if ok {
				out[s] = magic
				break
			}
		}
	}
	return out
}
