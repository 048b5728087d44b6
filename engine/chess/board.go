// Package chess is the chess game of prunescope: a bitboard board with fully
// legal move generation, make/unmake with an undo stack, Zobrist keys, FEN,
// SAN and UCI notation, two small evaluators, perft and EPD, and a few
// built-in positions for lessons. Position adapts a Board to engine.Position.
//
// This file holds the board representation and the basic piece types.
package chess

// Color is White or Black.
type Color uint8

// The two colours.
const (
	White Color = 0
	Black Color = 1
)

// String is "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// PieceType is a kind of piece without colour.
type PieceType uint8

// The piece types; NoPieceType is 0 so an empty field of a Move means "none".
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// pieceLetters maps a PieceType to its upper-case letter.
const pieceLetters = " PNBRQK"

// Letter is the upper-case letter of the type (P, N, B, R, Q, K).
func (t PieceType) Letter() byte { return pieceLetters[t%7] }

// Piece is a coloured piece: colour<<3 | type. NoPiece (0) is an empty square.
type Piece uint8

// NoPiece is the empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of colour c and type t.
func MakePiece(c Color, t PieceType) Piece { return Piece(c)<<3 | Piece(t) }

// Color of the piece.
func (p Piece) Color() Color { return Color(p >> 3) }

// Type of the piece.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// FENLetter is the piece's FEN letter: upper case for White, lower for Black.
func (p Piece) FENLetter() byte {
	l := p.Type().Letter()
	if p.Color() == Black {
		l += 'a' - 'A'
	}
	return l
}

// CastlingRights is a set of the four castling rights.
type CastlingRights uint8

// The castling rights.
const (
	WhiteKingside  CastlingRights = 1 << iota // K
	WhiteQueenside                            // Q
	BlackKingside                             // k
	BlackQueenside                            // q
)

// Board is a chess position with its history since it was set up. Make a
// Board with ParseFEN, StartBoard or Clone; the zero Board is not usable.
type Board struct {
	byType   [7]Bitboard // index 0: every occupied square; 1..6: by PieceType
	byColor  [2]Bitboard
	squares  [64]Piece
	kings    [2]Square
	side     Color
	castling CastlingRights
	ep       Square // en passant target square, NoSquare if none
	halfmove int    // plies since the last capture or pawn move
	fullmove int    // move number, incremented after Black moves
	key      uint64

	material [2]int32 // material of each colour (EvalMaterial values)
	psq      [2]int32 // material plus piece-square values, kings excluded

	undo []undoState // one entry per move played since setup; len grows only
	ply  int         // moves (and null moves) played since setup
}

// undoState is what Unmake cannot recompute from the move itself.
type undoState struct {
	key      uint64
	material [2]int32
	psq      [2]int32
	halfmove int // as the board's: never truncated, whatever the line played
	castling CastlingRights
	ep       Square
}

// initialUndo is the undo stack capacity a Board starts with; deeper lines
// grow it (once, as a slice) and keep the room.
const initialUndo = 128

// StartFEN is the initial position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// StartBoard returns the initial position.
func StartBoard() *Board {
	b, err := ParseFEN(StartFEN)
	if err != nil {
		panic("chess: start position: " + err.Error()) // unreachable: StartFEN is valid
	}
	return b
}

// Clone returns an independent copy of the board, history included.
func (b *Board) Clone() *Board {
	c := *b
	c.undo = make([]undoState, len(b.undo), cap(b.undo))
	copy(c.undo, b.undo)
	return &c
}

// SideToMove is the colour to move.
func (b *Board) SideToMove() Color { return b.side }

// Castling is the set of castling rights.
func (b *Board) Castling() CastlingRights { return b.castling }

// EnPassant is the en passant target square, NoSquare if none.
func (b *Board) EnPassant() Square { return b.ep }

// HalfmoveClock is the number of plies since the last capture or pawn move.
func (b *Board) HalfmoveClock() int { return b.halfmove }

// FullmoveNumber is the move number of FEN.
func (b *Board) FullmoveNumber() int { return b.fullmove }

// Ply is the number of moves (and null moves) played since the board was set up.
func (b *Board) Ply() int { return b.ply }

// Key is the Zobrist key of the position.
func (b *Board) Key() uint64 { return b.key }

// PieceAt is the piece on s, NoPiece if empty.
func (b *Board) PieceAt(s Square) Piece { return b.squares[s&63] }

// King is the square of c's king.
func (b *Board) King(c Color) Square { return b.kings[c] }

// Pieces is the set of squares holding pieces of colour c and type t.
func (b *Board) Pieces(c Color, t PieceType) Bitboard { return b.pieces(c, t) }

// Occupied is the set of occupied squares.
func (b *Board) Occupied() Bitboard { return b.byType[0] }

func (b *Board) pieces(c Color, t PieceType) Bitboard { return b.byType[t%7] & b.byColor[c&1] }

// put places p on the empty square s, updating everything but the key.
func (b *Board) put(p Piece, s Square) {
	m := bb(s)
	b.byType[0] |= m
	b.byType[p.Type()] |= m
	b.byColor[p.Color()] |= m
	b.squares[s] = p
	if p.Type() == King {
		b.kings[p.Color()] = s
	} else {
		b.material[p.Color()] += materialValue[p.Type()]
		b.psq[p.Color()] += psqTable[p][s]
	}
}

// reset empties the board.
func (b *Board) reset() {
	ensureTables()
	*b = Board{ep: NoSquare, fullmove: 1, undo: make([]undoState, 0, initialUndo)}
}

// attackersTo is the set of pieces of both colours attacking s given occ.
func (b *Board) attackersTo(s Square, occ Bitboard) Bitboard {
	return pawnAttacks[White][s]&b.pieces(Black, Pawn) |
		pawnAttacks[Black][s]&b.pieces(White, Pawn) |
		knightAttacks[s]&b.byType[Knight] |
		kingAttacks[s]&b.byType[King] |
		bishopAttacks(s, occ)&(b.byType[Bishop]|b.byType[Queen]) |
		rookAttacks(s, occ)&(b.byType[Rook]|b.byType[Queen])
}

// attacked reports whether a piece of colour by attacks s given occ. It
// asks the sliding attack tables (a lookup in a large table each) only when
// an enemy slider stands on a line with s: it is asked at every node
// (InCheck) and for every square a king may go to.
func (b *Board) attacked(s Square, by Color, occ Bitboard) bool {
	them := b.byColor[by]
	if knightAttacks[s]&them&b.byType[Knight] != 0 ||
		pawnAttacks[by^1][s]&them&b.byType[Pawn] != 0 ||
		kingAttacks[s]&them&b.byType[King] != 0 {
		return true
	}
	q := b.byType[Queen]
	if d := bishopRays[s] & them & (b.byType[Bishop] | q); d != 0 && bishopAttacks(s, occ)&d != 0 {
		return true
	}
	r := rookRays[s] & them & (b.byType[Rook] | q)
	return r != 0 && rookAttacks(s, occ)&r != 0
}

// checkers is the set of enemy pieces giving check to the side to move.
func (b *Board) checkers() Bitboard {
	return b.attackersTo(b.kings[b.side], b.byType[0]) & b.byColor[b.side^1]
}

// InCheck reports whether the side to move is in check.
func (b *Board) InCheck() bool {
	return b.attacked(b.kings[b.side], b.side^1, b.byType[0])
}
