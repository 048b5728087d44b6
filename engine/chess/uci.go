// UCI move notation (e2e4, e7e8q, castling as the king's move e1g1), and
// ParseMove, which reads either UCI or SAN.

package chess

import (
	"fmt"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
)

// MoveError is a move text that does not name a legal move; its Error is one
// line such as: san "Nf3": no legal move matches.
type MoveError struct {
	Notation string // "san" or "uci"
	Text     string // the text as given
	Msg      string
	msg      error // Msg, to say in another language
}

func moveError(notation, text string, msg error) *MoveError {
	return &MoveError{Notation: notation, Text: text, Msg: msg.Error(), msg: msg}
}

// TranslateError is Error in p's language.
func (e *MoveError) TranslateError(p *i18n.Printer) string {
	if e.msg == nil {
		return e.Error()
	}
	return fmt.Sprintf("%s %q: %s", e.Notation, e.Text, p.Error(e.msg))
}

// Error is one line: NOTATION "TEXT": MSG.
func (e *MoveError) Error() string {
	return fmt.Sprintf("%s %q: %s", e.Notation, e.Text, e.Msg)
}

// UCI writes m in UCI long algebraic notation.
func (b *Board) UCI(m engine.Move) string {
	from, to := MoveFrom(m), MoveTo(m)
	buf := []byte{byte('a' + from.File()), byte('1' + from.Rank()), byte('a' + to.File()), byte('1' + to.Rank())}
	if p := MovePromotion(m); p != NoPieceType {
		buf = append(buf, p.Letter()+('a'-'A'))
	}
	return string(buf)
}

// isUCISyntax reports whether s has the shape of a UCI move.
func isUCISyntax(s string) bool {
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	if _, ok := ParseSquare(s[0:2]); !ok {
		return false
	}
	if _, ok := ParseSquare(s[2:4]); !ok {
		return false
	}
	return len(s) == 4 || promoFromLetter(s[4]) != NoPieceType
}

// promoFromLetter reads a promotion letter in either case.
func promoFromLetter(c byte) PieceType {
	switch c {
	case 'q', 'Q':
		return Queen
	case 'r', 'R':
		return Rook
	case 'b', 'B':
		return Bishop
	case 'n', 'N':
		return Knight
	}
	return NoPieceType
}

// ParseUCI reads a move in UCI notation and returns the legal move it names.
func (b *Board) ParseUCI(s string) (engine.Move, error) {
	if !isUCISyntax(s) {
		return 0, moveError("uci", s, i18n.Error("not a move in UCI notation (like e2e4 or e7e8q)"))
	}
	from, _ := ParseSquare(s[0:2])
	to, _ := ParseSquare(s[2:4])
	promo := NoPieceType
	if len(s) == 5 {
		promo = promoFromLetter(s[4])
	}
	var buf moveBuf
	n := b.generate(&buf, genAll)
	for _, m := range buf[:n] {
		if MoveFrom(m) == from && MoveTo(m) == to && MovePromotion(m) == promo {
			return m, nil
		}
	}
	return 0, moveError("uci", s, i18n.Error("not a legal move here"))
}

// ParseMove reads a move in UCI notation (e2e4, e7e8q) or, failing that, in
// SAN. The error is the SAN one unless the text has the shape of a UCI move.
func (b *Board) ParseMove(s string) (engine.Move, error) {
	m, uciErr := b.ParseUCI(s)
	if uciErr == nil {
		return m, nil
	}
	m, sanErr := b.ParseSAN(s)
	switch {
	case sanErr == nil:
		return m, nil
	case isUCISyntax(s):
		return 0, uciErr
	}
	return 0, sanErr
}
