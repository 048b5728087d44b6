package wrap

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

func TestTextBreaksAtSpacesWithinWidth(t *testing.T) {
	in := "✂ α-cutoff at MIN node 2: 2.1 returned 2 ≤ α 3; not searched: 2.2, 2.3 and the window (3, +∞) of node 2.1.1.4 stays"
	for _, w := range []int{24, 30, 41, 57, 80} {
		lines := Text(in, w, w-2)
		if got := strings.Join(lines, " "); got != in {
			t.Fatalf("width %d: the words changed:\n%q\n%q", w, got, in)
		}
		for i, l := range lines {
			limit := w
			if i > 0 {
				limit = w - 2
			}
			if Width(l) > max(limit, MinText) {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, Width(l), l)
			}
			if strings.HasSuffix(l, " α") || strings.HasSuffix(l, " ≤") || strings.HasSuffix(l, "(3,") {
				t.Errorf("width %d: line %d ends inside a group: %q", w, i, l)
			}
		}
	}
}

func TestTextKeepsWindowsAndCode(t *testing.T) {
	for _, tc := range []struct{ in, whole string }{
		{"searched to depth 0 with the window (6, 7): does MAX reach", "(6, 7):"},
		{"its average lies in [-2, 1], at most", "[-2, 1],"},
		{"the first call uses `(−∞, +∞) and more`, and", "`(−∞, +∞) and more`,"},
		{"best 5 · α 5 then", "α 5"},
		{"if the static eval + 0 ≤ α at MIN then", "eval + 0 ≤ α at"},
		{"the leaf 2.1 returned 2 ≤ α 3; not searched", "2 ≤ α 3;"},
		{"at root ▲ (−∞, +∞) › 2.1.1 ▼ (5, +∞) › 2.1.1.2", "2.1.1 ▼ (5, +∞)"},
	} {
		for w := MinText; w < 70; w++ {
			found := false
			for _, l := range Text(tc.in, w, w) {
				if strings.Contains(l, tc.whole) {
					found = true
				}
			}
			if !found {
				t.Fatalf("width %d: %q split: %q", w, tc.whole, Text(tc.in, w, w))
			}
		}
	}
}

func TestTextSeparatorsEndLines(t *testing.T) {
	in := "value 3 · best move 1 · PV 1 1.1 · nodes 11 · leaves 7 — done"
	for w := MinText; w < 60; w++ {
		for _, l := range Text(in, w, w) {
			if strings.HasPrefix(l, "·") || strings.HasPrefix(l, "—") {
				t.Fatalf("width %d: a line starts with a separator: %q", w, l)
			}
		}
	}
}

func TestTextColours(t *testing.T) {
	red, dim, reset := "\x1b[31;1m", "\x1b[2m", "\x1b[0m"
	in := "└ 2 = " + red + "3 upper bound (true value ≤ 3)" + reset + " " + dim + "— fail-hard: the best found, 2, is clamped to α" + reset
	lines := Text(in, 30, 30)
	if len(lines) < 3 {
		t.Fatalf("not wrapped: %q", lines)
	}
	sgr := regexp.MustCompile("\x1b\\[[0-9;]*m")
	var plainWords []string
	for _, l := range lines {
		if Width(l) > 30 {
			t.Errorf("%q is %d wide", l, Width(l))
		}
		// Every line closes what it opens.
		if active(l, "") != "" {
			t.Errorf("line leaves a colour open: %q", l)
		}
		plainWords = append(plainWords, sgr.ReplaceAllString(l, ""))
	}
	if got, want := strings.Join(plainWords, " "), sgr.ReplaceAllString(in, ""); got != want {
		t.Errorf("text changed:\n%q\n%q", got, want)
	}
	// A line that starts inside the red span starts red.
	for i, l := range lines[1:] {
		if strings.HasPrefix(sgr.ReplaceAllString(l, ""), "(true") && !strings.HasPrefix(l, red) {
			t.Errorf("line %d continues the red span without its colour: %q", i+1, l)
		}
	}
}

func TestTextNoWrap(t *testing.T) {
	in := strings.Repeat("word ", 100)
	if got := Text(in, 0, 0); len(got) != 1 || got[0] != in {
		t.Errorf("width 0 wrapped: %d lines", len(got))
	}
}

// TestTextRandom: any text, any width: the words come back in order, each
// whole, and no line is wider than its room unless it holds one group.
func TestTextRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"α", "3", "(3,", "+∞)", "·", "node", "2.1.1.4", "—", "a", "≤", "[-2,", "1]", "searched", "Nf3", "\x1b[2mdim", "x\x1b[0m", "supercalifragilistic"}
	for n := 0; n < 2000; n++ {
		var ws []string
		for k := r.IntN(30); k >= 0; k-- {
			ws = append(ws, pieces[r.IntN(len(pieces))])
		}
		in := strings.Join(ws, " ")
		w := r.IntN(60)
		lines := Text(in, w, w)
		var back []string
		for _, l := range lines {
			back = append(back, strings.Fields(strings.ReplaceAll(strings.ReplaceAll(l, "\x1b[0m", ""), "\x1b[2m", ""))...)
			if w > 0 && Width(l) > max(w, MinText) && strings.Count(plain(l), " ") > 0 {
				// Wider than the room: only a group that cannot break.
				ws := split(l)
				for k := 1; k < len(ws); k++ {
					if breakable(ws[k-1], ws[k]) {
						t.Fatalf("width %d: line %q is %d wide and could break", w, l, Width(l))
					}
				}
			}
		}
		want := strings.Fields(strings.ReplaceAll(strings.ReplaceAll(in, "\x1b[0m", ""), "\x1b[2m", ""))
		if strings.Join(back, " ") != strings.Join(want, " ") {
			t.Fatalf("width %d: %q became %q", w, in, lines)
		}
	}
}

func TestWidth(t *testing.T) {
	for s, w := range map[string]int{"": 0, "abc": 3, "│ ✂ α": 5, "\x1b[31;1mred\x1b[0m": 3, "e\u0301": 1, "日本": 4} {
		if got := Width(s); got != w {
			t.Errorf("Width(%q) = %d, want %d", s, got, w)
		}
	}
}

func TestTextKeepsSpacing(t *testing.T) {
	in := "  ▲ MAX 2.1.1.4  window (5, 7)  best so far 8 and a long tail of words to wrap"
	lines := Text(in, 40, 40)
	if !strings.HasPrefix(lines[0], "  ▲ MAX 2.1.1.4  window (5, 7)") {
		t.Errorf("first line %q lost its spacing", lines[0])
	}
	if short := "▲ MAX  root"; Text(short, 40, 40)[0] != short {
		t.Errorf("a line that fits changed: %q", Text(short, 40, 40))
	}
}

func TestTextIndentThenLongWord(t *testing.T) {
	long := strings.Repeat("x", 40)
	lines := Text("    "+long+" tail", 30, 30)
	if len(lines) != 2 || lines[0] != "    "+long || lines[1] != "tail" {
		t.Errorf("%q", lines)
	}
}
