package cmd

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/lessons/student"
)

// TestCheckParts: a student's trace that is another search than the one
// asked exits 1, and says where the two part and which search it is, as
// the golden files show.
func TestCheckParts(t *testing.T) {
	for _, c := range []struct {
		golden, trace string
		json          bool
		input         []string // default --tree aima
	}{
		{"check-minimax.txt", "testdata/check/aima-minimax.jsonl", false, nil},
		{"check-fail-soft.txt", "testdata/check/aima-fail-soft.jsonl", false, nil},
		{"check-minimax-json.txt", "testdata/check/aima-minimax.jsonl", true, nil},
		// chess: a queen against a lone king, two plies, the student's minimax
		{"check-chess-minimax.txt", "testdata/check/queen-minimax.jsonl", false, []string{"--fen", "k7/8/1K6/8/2Q5/8/8/8 w - - 0 1", "--depth", "2"}},
		// chance nodes: the student's expectimax where Star1 was asked
		{"check-chance-star1.txt", "testdata/check/chance-expectimax.jsonl", false, []string{"--tree", "((3 5)[chance] ((2 8)[max] 4)[chance] (7 (1 9))[chance])", "--algo", "star1"}},
		// a CS188 multi-agent test as the tree, nodes named by their states: the student's minimax where CS188's alpha-beta was asked
		{"check-cs188.txt", "testdata/check/two-ghosts-minimax.jsonl", false, []string{"--tree", "testdata/cs188/two-ghosts.test", "--algo", "alphabeta", "--fail", "soft", "--cutoff", "gt"}},
		// the verdict in Russian and Czech (the reference's own sentences are English so far)
		{"check-minimax-ru.txt", "testdata/check/aima-minimax.jsonl", false, []string{"--tree", "aima", "--lang", "ru"}},
		{"check-cs188-cs.txt", "testdata/check/two-ghosts-minimax.jsonl", false, []string{"--tree", "testdata/cs188/two-ghosts.test", "--algo", "alphabeta", "--fail", "soft", "--cutoff", "gt", "--lang", "cs"}},
		// a transposition table asked, the student's search has none
		{"check-tt.txt", "testdata/check/transpositions-alphabeta.jsonl", false, []string{"--tree", "transpositions", "--algo", "alphabeta+tt"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			input := c.input
			if input == nil {
				input = []string{"--tree", "aima"}
			}
			args := append([]string{"check", c.trace}, input...)
			if c.json {
				args = append(args, "--json")
			}
			r := run(t, "", args...)
			if r.code != 1 {
				t.Errorf("exit %d, want 1: %s", r.code, r.stderr)
			}
			var v struct {
				Same    bool
				At      int
				Matches []struct{ Mistake string }
			}
			switch {
			case c.json && (json.Unmarshal([]byte(r.stdout), &v) != nil || v.Same || v.At != 13 || len(v.Matches) == 0):
				t.Errorf("not the verdict as JSON: %q", r.stdout)
			case !c.json && !strings.HasPrefix(r.stdout, "✗ "):
				t.Errorf("no verdict: %q", r.stdout)
			}
			golden(t, c.golden, "$ prunescope "+strings.Join(quote(args), " ")+"\n"+r.String())
			if c.golden == "check-minimax.txt" { // the README shows it (exit 1: not run by TestReadmeExamples)
				readme, err := os.ReadFile("../README.md")
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(readme), "prunescope "+strings.Join(args, " ")+"\n"+r.stdout) {
					t.Errorf("README.md does not show what check prints:\n%s", r.stdout)
				}
			}
		})
	}
}

// TestEmitters runs the worked alpha-beta of each emitter in docs/emitters
// (Python, JavaScript, C++, Java) where its tools are installed, and checks
// its trace: the right search is alphabeta:soft:ge, event for event (exit
// 0); with --bug (α and β not passed on) check exits 1 and names
// window-not-passed. A language whose tools are missing is skipped with
// one line.
func TestEmitters(t *testing.T) {
	if testing.Short() {
		t.Skip("runs other languages' toolchains: in the whole suite")
	}
	dir, err := filepath.Abs("../docs/emitters")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range []struct {
		name, tool string
		build      []string // run in the language's folder first, if any
		run        []string
	}{
		{"python", "python3", nil, []string{"python3", "alphabeta.py"}},
		{"javascript", "node", nil, []string{"node", "alphabeta.js"}},
		{"cpp", "g++", []string{"g++", "-std=c++17", "-o", "{tmp}/alphabeta", "alphabeta.cpp"}, []string{"{tmp}/alphabeta"}},
		{"java", "javac", []string{"javac", "-d", "{tmp}", "AlphaBeta.java", "PrunescopeTrace.java"}, []string{"java", "-cp", "{tmp}", "AlphaBeta"}},
	} {
		t.Run(lang.name, func(t *testing.T) {
			if _, err := exec.LookPath(lang.tool); err != nil {
				t.Skipf("no %s: install it to run the %s emitter", lang.tool, lang.name)
			}
			tmp := t.TempDir()
			expand := func(args []string) []string {
				out := make([]string, len(args))
				for i, a := range args {
					out[i] = strings.ReplaceAll(a, "{tmp}", tmp)
				}
				return out
			}
			if lang.build != nil {
				b := expand(lang.build)
				c := exec.Command(b[0], b[1:]...)
				c.Dir = filepath.Join(dir, lang.name)
				if out, err := c.CombinedOutput(); err != nil {
					t.Fatalf("%v: %v\n%s", b, err, out)
				}
			}
			bugs := []string{"", "--bug"}
			switch lang.name {
			case "python":
				bugs = append(bugs, "--swap") // the window's bounds swapped at MIN
			case "cpp":
				bugs = append(bugs, "--strict --tie") // CS188's tie rule, on a tree with a tie
			}
			for _, bug := range bugs {
				r := expand(lang.run)
				if bug != "" {
					r = append(r, strings.Fields(bug)...)
				}
				c := exec.Command(r[0], r[1:]...)
				c.Dir = filepath.Join(dir, lang.name)
				trace, err := c.Output()
				if err != nil {
					t.Fatalf("%v: %v", r, err)
				}
				tr := "aima"
				if strings.Contains(bug, "--tie") {
					tr = "((3 12 8) (3 4 6) (14 5 2))"
				}
				res := run(t, string(trace), "check", "-", "--tree", tr, "--fail", "soft")
				want := map[string]string{"--bug": "window-not-passed", "--swap": "windows-swapped", "--strict --tie": "tie-not-pruned"}[bug]
				switch {
				case bug == "" && res.code != 0:
					t.Errorf("%s: exit %d, want 0:\n%s%s", lang.name, res.code, res.stdout, res.stderr)
				case bug == "--strict --tie" && !strings.Contains(res.stdout, "your search is alphabeta:soft:gt (as UC Berkeley's CS188 searches), event for event"):
					t.Errorf("%s %s: the convention it matches is not told:\n%s", lang.name, bug, res.stdout)
				case bug != "" && (res.code != 1 || !strings.Contains(res.stdout, "("+want+")")):
					t.Errorf("%s %s: exit %d, want 1 naming %s:\n%s%s", lang.name, bug, res.code, want, res.stdout, res.stderr)
				}
			}
		})
	}
}

// TestCheckCS188States: a student's trace of a CS188 test names a state
// reached twice by the state (m), as the autograder lists it, where the
// tree names it m then m': check reads each by its place in the search,
// with or without the leaves' enters, and the search is the same.
func TestCheckCS188States(t *testing.T) {
	data, err := os.ReadFile("testdata/check/two-ghosts-minimax-states.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	noEnters := regexp.MustCompile(`(?m)^\{"ev": "enter", "node": "(x|m|y|z|w)"\}\n`).ReplaceAllString(string(data), "")
	for _, trace := range []string{string(data), noEnters} {
		r := run(t, trace, "check", "-", "--tree", "testdata/cs188/two-ghosts.test", "--algo", "minimax")
		if r.code != 0 || !strings.HasPrefix(r.stdout, "✓ stdin: the same search as minimax") {
			t.Errorf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
		}
	}
	r := run(t, string(data), "step", "-", "--tree", "testdata/cs188/two-ghosts.test", "--steps", "40")
	if r.code != 0 || !strings.Contains(r.stdout, "m' = 6") && !strings.Contains(r.stdout, "Leaf m' = 6") {
		t.Errorf("step: exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestMistakeNames: every mistake quiz and check name has its name in
// Russian and Czech (internal/i18n/locales/names.LANG.json), translating
// the English name as it is now (its hash), and no entry names no mistake.
func TestMistakeNames(t *testing.T) {
	ids := map[string]string{}
	for _, m := range append(quiz.Misconceptions(), student.Mistakes()...) {
		ids["mistake."+m.ID] = m.Name
	}
	for _, lang := range i18n.Langs[1:] {
		data, err := i18n.Files().ReadFile("locales/names." + string(lang) + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var cat map[string]struct{ Hash, Other string }
		if err := json.Unmarshal(data, &cat); err != nil {
			t.Fatal(err)
		}
		for id, name := range ids {
			switch e, ok := cat[id]; {
			case !ok:
				t.Errorf("names.%s.json: %s is missing", lang, id)
			case e.Hash != helpHash(name):
				t.Errorf("names.%s.json: %s translates a name that has changed since", lang, id)
			}
			if got := mistakeName(i18n.For(lang), &quiz.Misconception{ID: strings.TrimPrefix(id, "mistake."), Name: name}); got == name {
				t.Errorf("%s: %s is not translated", lang, id)
			}
		}
		for id := range cat {
			if _, ok := ids[id]; !ok {
				t.Errorf("names.%s.json: %s names no mistake", lang, id)
			}
		}
	}
}
