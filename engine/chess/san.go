// SAN: standard algebraic notation out (Nf3, exd5, O-O, e8=Q+, Qh7#) and in,
// accepting what people type (check marks and annotations, 0-0, e8Q, over-
// disambiguated moves such as Ng1f3).

package chess

import (
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
)

// SAN writes the legal move m in standard algebraic notation with minimal
// disambiguation (file, else rank, else both) and a check (+) or mate (#) mark.
func (b *Board) SAN(m engine.Move) string {
	var buf moveBuf
	n := b.generate(&buf, genAll)
	out := b.sanBody(m, buf[:n])
	b.Make(m)
	if b.InCheck() {
		if b.CountMoves() == 0 {
			out = append(out, '#')
		} else {
			out = append(out, '+')
		}
	}
	b.Unmake(m)
	return string(out)
}

// sanBody writes m without the check mark; legal is the list of legal moves.
func (b *Board) sanBody(m engine.Move, legal []engine.Move) []byte {
	from, to := MoveFrom(m), MoveTo(m)
	pt := MovePiece(m)
	out := make([]byte, 0, 8)
	if m&FlagCastling != 0 {
		if to.File() == 6 {
			return append(out, "O-O"...)
		}
		return append(out, "O-O-O"...)
	}
	if pt == Pawn {
		if m&FlagCapture != 0 {
			out = append(out, byte('a'+from.File()), 'x')
		}
		out = append(out, to.String()...)
		if p := MovePromotion(m); p != NoPieceType {
			out = append(out, '=', p.Letter())
		}
		return out
	}
	out = append(out, pt.Letter())
	// Disambiguation: other pieces of the same type that can go to the same square.
	clash, sameFile, sameRank := false, false, false
	for _, o := range legal {
		if o == m || MovePiece(o) != pt || MoveTo(o) != to || MoveFrom(o) == from {
			continue
		}
		clash = true
		sameFile = sameFile || MoveFrom(o).File() == from.File()
		sameRank = sameRank || MoveFrom(o).Rank() == from.Rank()
	}
	if clash {
		switch {
		case !sameFile:
			out = append(out, byte('a'+from.File()))
		case !sameRank:
			out = append(out, byte('1'+from.Rank()))
		default:
			out = append(out, from.String()...)
		}
	}
	if m&FlagCapture != 0 {
		out = append(out, 'x')
	}
	return append(out, to.String()...)
}

// sanPattern is what ParseSAN read from the text.
type sanPattern struct {
	piece    PieceType
	fromFile int // -1 if not given
	fromRank int // -1 if not given
	to       Square
	promo    PieceType
	capture  bool // an 'x' was written
	castle   int  // 0 none, 1 kingside, 2 queenside
}

// ParseSAN reads a move in SAN and returns the legal move it names. Its
// piece letters may be English (Nf3), Czech (Jf3) or Russian (Кf3, with
// ":" for a capture too): see Letters.
func (b *Board) ParseSAN(s string) (engine.Move, error) {
	m, err := b.parseSAN(s)
	if err != nil {
		// Czech or Russian piece letters (Jf3, Кf3): read as English's.
		if en, ok := toEnglish(s); ok {
			if m2, err2 := b.parseSAN(en); err2 == nil {
				return m2, nil
			}
		}
	}
	return m, err
}

func (b *Board) parseSAN(s string) (engine.Move, error) {
	pat, ok := parseSANPattern(s)
	if !ok {
		return 0, moveError("san", s, i18n.Error("not a move in SAN (like e4, Nf3, exd5, O-O, e8=Q)"))
	}
	var buf moveBuf
	n := b.generate(&buf, genAll)
	legal := buf[:n]
	var found []engine.Move
	promoMissing := false
	for _, m := range legal {
		if pat.castle != 0 {
			if m&FlagCastling != 0 && (MoveTo(m).File() == 6) == (pat.castle == 1) {
				found = append(found, m)
			}
			continue
		}
		from := MoveFrom(m)
		if MovePiece(m) != pat.piece || MoveTo(m) != pat.to ||
			(pat.fromFile >= 0 && from.File() != pat.fromFile) ||
			(pat.fromRank >= 0 && from.Rank() != pat.fromRank) ||
			(pat.capture && m&FlagCapture == 0) || m&FlagCastling != 0 {
			continue
		}
		if MovePromotion(m) != pat.promo {
			promoMissing = promoMissing || pat.promo == NoPieceType
			continue
		}
		found = append(found, m)
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = string(b.sanBody(m, legal))
		}
		return 0, moveError("san", s, i18n.Errorf("ambiguous (%s)", strings.Join(names, ", ")))
	case promoMissing:
		return 0, moveError("san", s, i18n.Errorf("a promotion needs its piece, such as %s=Q", pat.to.String()))
	}
	return 0, moveError("san", s, i18n.Error("no legal move matches"))
}

// parseSANPattern reads the text of a SAN move without looking at the board.
func parseSANPattern(s string) (sanPattern, bool) {
	pat := sanPattern{fromFile: -1, fromRank: -1}
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, "e.p.")
	s = strings.TrimSpace(s)
	s = strings.TrimRight(s, "+#!?")
	switch s {
	case "O-O", "0-0", "o-o":
		pat.castle = 1
		return pat, true
	case "O-O-O", "0-0-0", "o-o-o":
		pat.castle = 2
		return pat, true
	}
	// Promotion: "=Q", or a piece letter right after the destination square.
	if len(s) >= 2 && s[len(s)-2] == '=' {
		if pat.promo = promoFromLetter(s[len(s)-1]); pat.promo == NoPieceType {
			return pat, false
		}
		s = s[:len(s)-2]
	} else if len(s) >= 3 && (s[len(s)-2] == '8' || s[len(s)-2] == '1') {
		if p := promoFromLetter(s[len(s)-1]); p != NoPieceType {
			pat.promo = p
			s = s[:len(s)-1]
		}
	}
	if len(s) < 2 {
		return pat, false
	}
	to, ok := ParseSquare(s[len(s)-2:])
	if !ok {
		return pat, false
	}
	pat.to = to
	s = s[:len(s)-2]
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':' || s[n-1] == '-') {
		pat.capture = s[n-1] != '-'
		s = s[:n-1]
	}
	pat.piece = Pawn
	if len(s) > 0 && strings.IndexByte("PNBRQK", s[0]) >= 0 {
		pat.piece = PieceType(strings.IndexByte(pieceLetters, s[0]))
		s = s[1:]
	}
	if len(s) > 0 && s[0] >= 'a' && s[0] <= 'h' {
		pat.fromFile = int(s[0] - 'a')
		s = s[1:]
	}
	if len(s) > 0 && s[0] >= '1' && s[0] <= '8' {
		pat.fromRank = int(s[0] - '1')
		s = s[1:]
	}
	if s != "" {
		return pat, false
	}
	if pat.promo != NoPieceType && pat.piece != Pawn {
		return pat, false
	}
	return pat, true
}
