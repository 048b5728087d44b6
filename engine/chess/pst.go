// Piece values and piece-square tables of the "Simplified Evaluation Function"
// by Tomasz Michniewski (published on the Chess Programming Wiki), used by
// EvalPST. EvalMaterial uses the same piece values without the tables.
//
// The tables below are written as the source prints them: from White's point
// of view, rank 8 in the first row and a1 at the start of the last row. A black
// piece on square s reads the entry of the square mirrored vertically (s^56).
// Kings use the middle-game table while any queen is on the board and the
// end-game table once both queens are off.

package chess

// Piece values in centipawns (Michniewski). The king's value is never counted
// in material; it is what Attacker reports for king captures.
const (
	PawnValue   = 100
	KnightValue = 320
	BishopValue = 330
	RookValue   = 500
	QueenValue  = 900
	KingValue   = 20000
)

// pieceValue is indexed by PieceType.
var pieceValue = [8]int{0, PawnValue, KnightValue, BishopValue, RookValue, QueenValue, KingValue, 0}

// materialValue is pieceValue for the incremental material sums (kings count 0).
var materialValue = [8]int32{0, PawnValue, KnightValue, BishopValue, RookValue, QueenValue, 0, 0}

// simplifiedPST holds the tables by PieceType, as printed (a8 first).
var simplifiedPST = [7][64]int32{
	Pawn: {
		0, 0, 0, 0, 0, 0, 0, 0,
		50, 50, 50, 50, 50, 50, 50, 50,
		10, 10, 20, 30, 30, 20, 10, 10,
		5, 5, 10, 25, 25, 10, 5, 5,
		0, 0, 0, 20, 20, 0, 0, 0,
		5, -5, -10, 0, 0, -10, -5, 5,
		5, 10, 10, -20, -20, 10, 10, 5,
		0, 0, 0, 0, 0, 0, 0, 0,
	},
	Knight: {
		-50, -40, -30, -30, -30, -30, -40, -50,
		-40, -20, 0, 0, 0, 0, -20, -40,
		-30, 0, 10, 15, 15, 10, 0, -30,
		-30, 5, 15, 20, 20, 15, 5, -30,
		-30, 0, 15, 20, 20, 15, 0, -30,
		-30, 5, 10, 15, 15, 10, 5, -30,
		-40, -20, 0, 5, 5, 0, -20, -40,
		-50, -40, -30, -30, -30, -30, -40, -50,
	},
	Bishop: {
		-20, -10, -10, -10, -10, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 10, 10, 5, 0, -10,
		-10, 5, 5, 10, 10, 5, 5, -10,
		-10, 0, 10, 10, 10, 10, 0, -10,
		-10, 10, 10, 10, 10, 10, 10, -10,
		-10, 5, 0, 0, 0, 0, 5, -10,
		-20, -10, -10, -10, -10, -10, -10, -20,
	},
	Rook: {
		0, 0, 0, 0, 0, 0, 0, 0,
		5, 10, 10, 10, 10, 10, 10, 5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		-5, 0, 0, 0, 0, 0, 0, -5,
		0, 0, 0, 5, 5, 0, 0, 0,
	},
	Queen: {
		-20, -10, -10, -5, -5, -10, -10, -20,
		-10, 0, 0, 0, 0, 0, 0, -10,
		-10, 0, 5, 5, 5, 5, 0, -10,
		-5, 0, 5, 5, 5, 5, 0, -5,
		0, 0, 5, 5, 5, 5, 0, -5,
		-10, 5, 5, 5, 5, 5, 0, -10,
		-10, 0, 5, 0, 0, 0, 0, -10,
		-20, -10, -10, -5, -5, -10, -10, -20,
	},
	King: { // middle game
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-30, -40, -40, -50, -50, -40, -40, -30,
		-20, -30, -30, -40, -40, -30, -30, -20,
		-10, -20, -20, -20, -20, -20, -20, -10,
		20, 20, 0, 0, 0, 0, 20, 20,
		20, 30, 10, 0, 0, 10, 30, 20,
	},
}

// kingEndgamePST is the king's end-game table, as printed (a8 first).
var kingEndgamePST = [64]int32{
	-50, -40, -30, -20, -20, -30, -40, -50,
	-30, -20, -10, 0, 0, -10, -20, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 30, 40, 40, 30, -10, -30,
	-30, -10, 20, 30, 30, 20, -10, -30,
	-30, -30, 0, 0, 0, 0, -30, -30,
	-50, -30, -30, -30, -30, -30, -30, -50,
}

// Tables indexed by Piece and Square (a1 = 0), built at package
// initialisation from the printed tables (a few microseconds).
var (
	psqTable   = makePSQ()        // value + table entry, kings: table only
	kingTables = makeKingTables() // [phase][colour][square]: 0 middle game, 1 end game
)

// printedIndex is the index in a printed table of square s for colour c.
func printedIndex(c Color, s Square) int {
	if c == White {
		return int(s ^ 56) // the printed table starts at a8
	}
	return int(s)
}

func makePSQ() *[16][64]int32 {
	t := &[16][64]int32{}
	for c := White; c <= Black; c++ {
		for pt := Pawn; pt <= King; pt++ {
			for s := A1; s < NoSquare; s++ {
				t[MakePiece(c, pt)][s] = materialValue[pt] + simplifiedPST[pt][printedIndex(c, s)]
			}
		}
	}
	return t
}

func makeKingTables() *[2][2][64]int32 {
	t := &[2][2][64]int32{}
	for c := White; c <= Black; c++ {
		for s := A1; s < NoSquare; s++ {
			t[0][c][s] = simplifiedPST[King][printedIndex(c, s)]
			t[1][c][s] = kingEndgamePST[printedIndex(c, s)]
		}
	}
	return t
}
