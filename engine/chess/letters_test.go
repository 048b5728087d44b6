package chess

import (
	"testing"
)

// TestLettersRoundTrip: every legal move of every perft position and of
// the positions one ply from each, written in SAN with Czech or Russian
// letters (and Russian's ":" for a capture), reads back as the same move;
// English SAN reads as before.
func TestLettersRoundTrip(t *testing.T) {
	moves := 0
	for _, c := range loadPerft(t) {
		b, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		positions := []*Board{b}
		for _, m := range b.Moves(nil) {
			nb := b.Clone()
			nb.Make(m)
			positions = append(positions, nb)
		}
		for _, p := range positions {
			for _, m := range p.Moves(nil) {
				san := p.SAN(m)
				for _, l := range []Letters{EnglishLetters, CzechLetters, RussianLetters} {
					loc := l.Localize(san)
					if l.Name != "en" && loc == san && san[0] >= 'A' && san[0] <= 'Z' && san[0] != 'O' && !(l.Name == "cs" && san[0] == 'K') {
						t.Fatalf("%s: %s not localized in %s", p.FEN(), san, l.Name)
					}
					got, err := p.ParseSAN(loc)
					if err != nil || got != m {
						t.Fatalf("%s: %s in %s is %q, read back %v %v", p.FEN(), san, l.Name, loc, got, err)
					}
					moves++
				}
				if l := RussianLetters.Localize(san); len(san) > 2 && san[1] == 'x' && san[0] >= 'A' && san[0] <= 'Z' {
					colon := l[:len(l)-len(san)+1] + ":" + san[2:]
					if got, err := p.ParseSAN(colon); err != nil || got != m {
						t.Fatalf("%s: %q reads %v %v", p.FEN(), colon, got, err)
					}
				}
			}
		}
	}
	if moves < 10000 {
		t.Errorf("only %d moves read", moves)
	}
}

// TestLocalizeText: moves in sentences take the language's letters; words
// and numbers that are no move do not.
func TestLocalizeText(t *testing.T) {
	for _, c := range []struct {
		l        Letters
		in, want string
	}{
		{CzechLetters, "best move Nf3 · PV Nf3 Nc6 Bb5 a6 Ba4 O-O", "best move Jf3 · PV Jf3 Jc6 Sb5 a6 Sa4 O-O"},
		{RussianLetters, "best move Nf3 · PV Nf3 Qxd5+ Kh1 e8=Q#", "best move Кf3 · PV Кf3 Фxd5+ Крh1 e8=Ф#"},
		{CzechLetters, "MAX at e4 e5 Rad1: Nodes 13 · B 4 · Q: why? R = 2, K9", "MAX at e4 e5 Vad1: Nodes 13 · B 4 · Q: why? R = 2, K9"},
		{EnglishLetters, "Nf3", "Nf3"},
	} {
		if got := c.l.Localize(c.in); got != c.want {
			t.Errorf("%s: %q, want %q", c.l.Name, got, c.want)
		}
	}
	b, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	for _, s := range []string{"Jf3", "Кf3", "Nf3", "g1f3"} {
		if m, err := b.ParseMove(s); err != nil || b.SAN(m) != "Nf3" {
			t.Errorf("%s: %v %v", s, m, err)
		}
	}
	if _, err := b.ParseMove("Xf3"); err == nil {
		t.Error("Xf3 read as a move")
	}
}
