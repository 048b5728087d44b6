// FEN: reading a position from Forsyth-Edwards Notation (with thorough,
// one-line error messages) and writing it back.

package chess

import (
	"errors"
	"github.com/prunescope/prunescope/internal/i18n"
	"strconv"
	"strings"
)

// FENError is a FEN that cannot be read. Field is the FEN field at fault
// ("pieces", "side", "castling", "en passant", "halfmove clock",
// "fullmove number"), or empty when the FEN as a whole is wrong (the number
// of fields).
type FENError struct {
	Field string
	Msg   string
	msg   error // Msg, to say in another language
}

// Error is one line: "fen: FIELD: MSG".
func (e *FENError) Error() string {
	if e.Field == "" {
		return "fen: " + e.Msg
	}
	return "fen: " + e.Field + ": " + e.Msg
}

// TranslateError is Error in p's language.
func (e *FENError) TranslateError(p *i18n.Printer) string {
	if e.msg == nil {
		return e.Error()
	}
	msg := p.Error(e.msg)
	if e.Field == "" {
		return "fen: " + msg
	}
	return "fen: " + e.Field + ": " + msg
}

func fenErr(field, format string, args ...any) error {
	msg := i18n.Errorf(format, args...)
	return &FENError{Field: field, Msg: msg.Error(), msg: msg}
}

// ParseFEN reads a position in FEN. It accepts the six fields of FEN, or the
// first four (as EPD writes them), in which case the halfmove clock is 0 and
// the fullmove number 1. The position must be legal in the ways a FEN can
// show: one king per side, no pawn on the first or last rank, the side that
// just moved not in check, castling rights with king and rook at home, and an
// en passant square behind a pawn that can just have made a double step.
func ParseFEN(s string) (*Board, error) {
	fields := strings.Fields(s)
	switch len(fields) {
	case 0:
		return nil, fenErr("", "empty")
	case 4:
		fields = append(fields, "0", "1")
	case 6:
	default:
		return nil, fenErr("", "%d fields, expected 6 (or 4 without the clocks): pieces, side, castling, en passant, halfmove clock, fullmove number", len(fields))
	}
	b := &Board{}
	b.reset()
	if err := b.parsePieces(fields[0]); err != nil {
		return nil, err
	}

	switch fields[1] {
	case "w":
		b.side = White
	case "b":
		b.side = Black
	default:
		return nil, fenErr("side", "%q: expected w or b", fields[1])
	}
	if them := b.side ^ 1; b.attacked(b.kings[them], b.side, b.byType[0]) {
		if b.side == Black {
			return nil, fenErr("side", "white is in check but it is black's move")
		}
		return nil, fenErr("side", "black is in check but it is white's move")
	}

	if err := b.parseCastling(fields[2]); err != nil {
		return nil, err
	}
	if err := b.parseEnPassant(fields[3]); err != nil {
		return nil, err
	}

	var err error
	if b.halfmove, err = parseClock("halfmove clock", fields[4], MaxHalfmoveClock, halfmoveRule); err != nil {
		return nil, err
	}
	if b.fullmove, err = parseClock("fullmove number", fields[5], MaxFullmoveNumber, fullmoveRule); err != nil {
		return nil, err
	}
	b.key = b.computeKey()
	return b, nil
}

func (b *Board) parsePieces(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 8 {
		return fenErr("pieces", "%d ranks, expected 8 separated by '/'", len(ranks))
	}
	var kings [2]int
	for i, row := range ranks {
		rank := 7 - i
		file := 0
		for j := 0; j < len(row); j++ {
			c := row[j]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			p, ok := pieceFromLetter(c)
			if !ok {
				return fenErr("pieces", "bad piece letter %q on rank %d", rune(c), rank+1)
			}
			if file < 8 {
				s := SquareAt(file, rank)
				if p.Type() == Pawn && (rank == 0 || rank == 7) {
					if p.Color() == White {
						return fenErr("pieces", "white pawn on %s: pawns cannot stand on the first or last rank", s)
					}
					return fenErr("pieces", "black pawn on %s: pawns cannot stand on the first or last rank", s)
				}
				if p.Type() == King {
					kings[p.Color()]++
				}
				b.put(p, s)
			}
			file++
		}
		if file != 8 {
			return fenErr("pieces", "rank %d has %d squares, expected 8", rank+1, file)
		}
	}
	for c := White; c <= Black; c++ {
		switch {
		case kings[c] == 0:
			if c == White {
				return fenErr("pieces", "no white king")
			}
			return fenErr("pieces", "no black king")
		case kings[c] > 1:
			if c == White {
				return fenErr("pieces", "%d white kings, expected 1", kings[c])
			}
			return fenErr("pieces", "%d black kings, expected 1", kings[c])
		}
		// Material a game can reach: at most 8 pawns, and every piece beyond
		// the initial set (1 queen, 2 rooks, bishops, knights) is a promoted pawn.
		pawns := b.pieces(c, Pawn).Count()
		promoted := 0
		for pt, initial := range [...]int{Knight: 2, Bishop: 2, Rook: 2, Queen: 1} {
			if n := b.pieces(c, PieceType(pt)).Count(); pt >= int(Knight) && n > initial {
				promoted += n - initial
			}
		}
		switch {
		case pawns > 8:
			if c == White {
				return fenErr("pieces", "white has %d pawns, at most 8", pawns)
			}
			return fenErr("pieces", "black has %d pawns, at most 8", pawns)
		case pawns+promoted > 8:
			if c == White {
				return fenErr("pieces", "white has %d promoted pieces but only %d pawns are missing", promoted, 8-pawns)
			}
			return fenErr("pieces", "black has %d promoted pieces but only %d pawns are missing", promoted, 8-pawns)
		}
	}
	return nil
}

// pieceFromLetter reads a FEN piece letter.
func pieceFromLetter(c byte) (Piece, bool) {
	color := White
	if c >= 'a' && c <= 'z' {
		color = Black
		c -= 'a' - 'A'
	}
	i := strings.IndexByte(pieceLetters, c)
	if i < 1 {
		return NoPiece, false
	}
	return MakePiece(color, PieceType(i)), true
}

// castlingHome lists each right with its letter and its king and rook squares.
var castlingHome = []struct {
	right      CastlingRights
	letter     byte
	color      Color
	king, rook Square
}{
	{WhiteKingside, 'K', White, E1, H1},
	{WhiteQueenside, 'Q', White, E1, A1},
	{BlackKingside, 'k', Black, E8, H8},
	{BlackQueenside, 'q', Black, E8, A8},
}

func (b *Board) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		c := field[i]
		found := false
		for _, h := range castlingHome {
			if h.letter != c {
				continue
			}
			found = true
			if b.castling&h.right != 0 {
				return fenErr("castling", "%q given twice", rune(c))
			}
			if b.squares[h.king] != MakePiece(h.color, King) {
				if h.color == White {
					return fenErr("castling", "%c: no white king on %s", c, h.king)
				}
				return fenErr("castling", "%c: no black king on %s", c, h.king)
			}
			if b.squares[h.rook] != MakePiece(h.color, Rook) {
				if h.color == White {
					return fenErr("castling", "%c: no white rook on %s", c, h.rook)
				}
				return fenErr("castling", "%c: no black rook on %s", c, h.rook)
			}
			b.castling |= h.right
		}
		if !found {
			return fenErr("castling", "bad letter %q in %q: expected - or some of K, Q, k, q", rune(c), field)
		}
	}
	return nil
}

func (b *Board) parseEnPassant(field string) error {
	if field == "-" {
		return nil
	}
	ep, ok := ParseSquare(field)
	if !ok {
		return fenErr("en passant", "%q is not a square (expected - or a square such as e3)", field)
	}
	// With White to move, Black has just pushed: the square is on rank 6, the
	// pawn on rank 5 and its start square on rank 7 (mirrored for Black).
	wantRank, pawnSq, startSq := 5, ep-8, ep+8
	if b.side == Black {
		wantRank, pawnSq, startSq = 2, ep+8, ep-8
	}
	mover := b.side ^ 1
	switch {
	case ep.Rank() != wantRank:
		if b.side == White {
			return fenErr("en passant", "%s: must be on rank %d when white is to move", ep, wantRank+1)
		}
		return fenErr("en passant", "%s: must be on rank %d when black is to move", ep, wantRank+1)
	case b.squares[pawnSq] != MakePiece(mover, Pawn):
		if mover == White {
			return fenErr("en passant", "%s: no white pawn on %s that could have just moved two squares", ep, pawnSq)
		}
		return fenErr("en passant", "%s: no black pawn on %s that could have just moved two squares", ep, pawnSq)
	case b.squares[ep] != NoPiece:
		return fenErr("en passant", "%s: the square is occupied, but the pawn has just passed over it", ep)
	case b.squares[startSq] != NoPiece:
		return fenErr("en passant", "%s: %s is occupied, but the pawn has just left it", ep, startSq)
	}
	b.ep = ep
	return nil
}

// MaxHalfmoveClock is the largest halfmove clock a FEN may give: after 150
// plies (75 moves) without a capture or a pawn move a game is drawn (FIDE
// Laws, article 9.6.2), so no game reaches more; the fifty-move rule the
// search applies needs 100. A larger clock is refused, not truncated.
const MaxHalfmoveClock = 150

// MaxFullmoveNumber is the largest fullmove number a FEN may give: more than
// the longest game the 75-move rule allows (about 8,850 moves).
const MaxFullmoveNumber = 10000

const (
	halfmoveRule = "no game reaches more: 75 moves (150 plies) without a capture or pawn move draw it"
	fullmoveRule = "longer than any game can be"
)

func parseClock(field, s string, most int, rule string) (int, error) {
	n, err := strconv.Atoi(s)
	switch {
	case errors.Is(err, strconv.ErrRange) || err == nil && n > most:
		return 0, fenErr(field, "%s is more than %d: %s", s, most, rule)
	case err != nil:
		return 0, fenErr(field, "%q is not a number", s)
	case n < 0:
		return 0, fenErr(field, "%d is negative", n)
	}
	return n, nil
}

// FEN writes the position in FEN with all six fields.
func (b *Board) FEN() string {
	var sb strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			p := b.squares[SquareAt(file, rank)]
			if p == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(p.FENLetter())
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	if b.side == White {
		sb.WriteString(" w ")
	} else {
		sb.WriteString(" b ")
	}
	sb.WriteString(b.castling.String())
	sb.WriteByte(' ')
	sb.WriteString(b.ep.String())
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(b.halfmove))
	sb.WriteByte(' ')
	sb.WriteString(strconv.Itoa(b.fullmove))
	return sb.String()
}

// String writes the rights as FEN does: "KQkq", a subset, or "-".
func (r CastlingRights) String() string {
	var out []byte
	for _, h := range castlingHome {
		if r&h.right != 0 {
			out = append(out, h.letter)
		}
	}
	if len(out) == 0 {
		return "-"
	}
	return string(out)
}
