package cmd

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/chess"
)

// TestSANLettersWriter: moves take the language's letters however the
// text is cut into writes, and JSON (a line, or an indented block) keeps
// English's.
func TestSANLettersWriter(t *testing.T) {
	text := "value 430 · best move Nf6+ · PV Nf6+ Kg7 Nxd7\n" +
		`{"ev":"enter","path":"Nf3 Nc6","move":"Nc6"}` + "\n" +
		"{\n  \"reference\": \"enters Nf3 Nc6\",\n  \"line\": 3\n}\n" +
		"after the block: Qxd5 e8=Q\n"
	want := "value 430 · best move Jf6+ · PV Jf6+ Kg7 Jxd7\n" +
		`{"ev":"enter","path":"Nf3 Nc6","move":"Nc6"}` + "\n" +
		"{\n  \"reference\": \"enters Nf3 Nc6\",\n  \"line\": 3\n}\n" +
		"after the block: Dxd5 e8=D\n"
	for cut := 1; cut <= len(text); cut++ { // every size of write
		var s sanState
		var out []byte
		for i := 0; i < len(text); i += cut {
			out = append(out, s.localize(chess.CzechLetters, []byte(text[i:min(i+cut, len(text))]), false)...)
		}
		out = append(out, s.localize(chess.CzechLetters, nil, true)...)
		if string(out) != want {
			t.Fatalf("writes of %d bytes:\n%s\nwant\n%s", cut, out, want)
		}
	}
}

// TestSANLettersFlag: --san-letters writes a chess search's moves in Czech
// or Russian letters, its JSON trace in English's; moves are read in any.
func TestSANLettersFlag(t *testing.T) {
	cs := run(t, "", "search", "--fen", "tactic", "--depth", "3", "--san-letters", "cs")
	if !strings.Contains(cs.stdout, "best move Jf6+ · PV Jf6+ Kg7 Jxd7") {
		t.Errorf("Czech letters: %s", cs.stdout)
	}
	ru := run(t, "", "search", "--fen", "tactic", "--depth", "3", "--san-letters", "ru")
	if !strings.Contains(ru.stdout, "best move Кf6+ · PV Кf6+ Крg7 Кxd7") {
		t.Errorf("Russian letters: %s", ru.stdout)
	}
	en := run(t, "", "search", "--fen", "start", "--moves", "e4 e5 Nf3", "--depth", "2", "--trace", "json")
	js := run(t, "", "search", "--fen", "start", "--moves", "e4 e5 Jf3", "--depth", "2", "--trace", "json", "--san-letters", "ru")
	if js.code != 0 || js.stdout != strings.Replace(en.stdout, `"input":"start"`, `"input":"start"`, 1) {
		t.Errorf("the JSON trace changed with --san-letters or Czech input (exit %d)", js.code)
	}
	bad := run(t, "", "search", "--fen", "start", "--depth", "1", "--san-letters", "de")
	if bad.code != 2 || !strings.Contains(bad.stderr, `--san-letters: "de" is not en`) {
		t.Errorf("--san-letters de: exit %d %s", bad.code, bad.stderr)
	}
}

// TestSANLettersScreen: the full-screen player's frames take the letters.
func TestSANLettersScreen(t *testing.T) {
	var b strings.Builder
	s := &sanScreen{w: &b, l: chess.RussianLetters}
	s.Write([]byte("\x1b[H\x1b[2Jbest move Nf6+, principal variation Nf6+ Kg7\r\n"))
	if want := "\x1b[H\x1b[2Jbest move Кf6+, principal variation Кf6+ Крg7\r\n"; b.String() != want {
		t.Errorf("%q, want %q", b.String(), want)
	}
}
