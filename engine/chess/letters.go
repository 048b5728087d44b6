package chess

import (
	"regexp"
	"strings"
)

// Letters are the piece letters SAN is written with in a language: English
// K Q R B N, Czech K D V S J (král, dáma, věž, střelec, jezdec), Russian
// Кр Ф Л С К (король, ферзь, ладья, слон, конь). FEN, UCI and every file
// and trace keep English's; the letters are for people.
type Letters struct {
	Name                              string // en, cs, ru
	King, Queen, Rook, Bishop, Knight string
}

// The letters of the languages prunescope speaks.
var (
	EnglishLetters = Letters{"en", "K", "Q", "R", "B", "N"}
	CzechLetters   = Letters{"cs", "K", "D", "V", "S", "J"}
	RussianLetters = Letters{"ru", "Кр", "Ф", "Л", "С", "К"}
)

// LettersFor is the letters named en, cs or ru.
func LettersFor(name string) (Letters, bool) {
	for _, l := range []Letters{EnglishLetters, CzechLetters, RussianLetters} {
		if l.Name == name {
			return l, true
		}
	}
	return Letters{}, false
}

// letter is the letter of piece type p in l.
func (l Letters) letter(p string) string {
	switch p {
	case "K":
		return l.King
	case "Q":
		return l.Queen
	case "R":
		return l.Rook
	case "B":
		return l.Bishop
	case "N":
		return l.Knight
	}
	return p
}

// sanPiece finds SAN moves in English letters in a text: a piece move
// (Nf3, Nbd7, Qxe5+, R1a3) or a promotion (e8=Q, dxc1=N#). A lone letter or
// a word is never one: a move names its square.
var sanPiece = regexp.MustCompile(`\b([KQRBN])([a-h]?[1-8]?x?[a-h][1-8])|([a-h](?:x[a-h])?[18])=([QRBN])`)

// Localize writes the SAN moves in text (English letters, as prunescope
// writes them) with l's letters; text with no move is unchanged.
func (l Letters) Localize(text string) string {
	if l.Name == "en" || l.Name == "" {
		return text
	}
	return sanPiece.ReplaceAllStringFunc(text, func(m string) string {
		if i := strings.IndexByte(m, '='); i >= 0 {
			return m[:i+1] + l.letter(m[i+1:])
		}
		return l.letter(m[:1]) + m[1:]
	})
}

// fromLetters are the piece letters of the other languages, as English's:
// longer first (Russian Кр before К).
var fromLetters = []struct{ from, to string }{
	{"Кр", "K"}, {"Ф", "Q"}, {"Л", "R"}, {"С", "B"}, {"К", "N"},
	{"D", "Q"}, {"V", "R"}, {"S", "B"}, {"J", "N"},
}

// toEnglish turns a SAN move written with Czech or Russian piece letters
// (and a Russian ":" for a capture) into English SAN; ok is false when the
// move has none of them.
func toEnglish(s string) (string, bool) {
	out, changed := s, false
	for _, f := range fromLetters {
		if strings.HasPrefix(out, f.from) {
			out, changed = f.to+out[len(f.from):], true
			break
		}
	}
	if i := strings.IndexByte(out, '='); i >= 0 {
		for _, f := range fromLetters {
			if strings.HasPrefix(out[i+1:], f.from) {
				out, changed = out[:i+1]+f.to+out[i+1+len(f.from):], true
				break
			}
		}
	}
	if changed && strings.Contains(out, ":") {
		out = strings.Replace(out, ":", "x", 1)
	}
	return out, changed
}
