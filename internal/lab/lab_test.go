package lab_test

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/internal/lab"
)

// TestEngineIsBuiltFromTheseSources fails while engine.wasm.gz, the engine
// the lab's page holds, was built from other sources than these (go
// generate ./internal/lab builds it again).
func TestEngineIsBuiltFromTheseSources(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command to list the engine's sources")
	}
	out, err := exec.Command("go", "run", "./gen", "-check").CombinedOutput()
	if err != nil {
		t.Fatalf("%s", strings.TrimSpace(string(out)))
	}
}

// TestSearchRefusesAsTheCommandLine: bad settings and trees get the line
// prunescope search prints for them (without the program's name); what
// only the lab refuses, in its own words.
func TestSearchRefusesAsTheCommandLine(t *testing.T) {
	for _, c := range []struct {
		tree string
		args []string
		want string // "": as prunescope search --tree TREE ARGS says it
	}{
		{"aima", []string{"--fail", "x"}, ""},
		{"aima", []string{"--cutoff", "ge", "--window", "8,3"}, ""},
		{"((3 4) (5", nil, ""},
		{"((3 4)\n (5 x))", nil, ""},
		{"((3[p=0.3] 4[p=0.3])[chance] 5)", []string{"--algo", "expectimax"}, ""},
		{"aima", []string{"--bogus"}, ""},
		{"aima", []string{"--futility-margins", "1,2"}, ""},
		{"aima", []string{"--depth", "-3"}, ""},
		{"aima", []string{"--tree", "wikipedia"}, "--tree: the lab searches the tree it shows: type it in the tree's box"},
		{"aima", []string{"--fen", "start"}, "--fen: the lab searches toy trees; for chess and tic-tac-toe use prunescope search --html"},
		{"aima", []string{"soft"}, `unexpected argument "soft": the settings are flags (--algo alphabeta --fail soft …)`},
		{"", nil, "the tree is empty: type one such as ((3 12 8) (2 4 6)), or a built-in tree's name (aima)"},
	} {
		c.tree = strings.ReplaceAll(c.tree, `\n`, "\n")
		if c.want == "" {
			var out, errOut bytes.Buffer
			code := cmd.Main(append([]string{"search", "--tree", c.tree, "--trace", "none"}, c.args...), strings.NewReader(""), &out, &errOut)
			if code != 2 {
				t.Fatalf("%q %q: prunescope search exits %d", c.tree, c.args, code)
			}
			c.want = strings.TrimPrefix(strings.TrimSpace(errOut.String()), "prunescope: ")
		}
		r := lab.Search(context.Background(), c.tree, c.args)
		if r.Error != c.want {
			t.Errorf("%q %q: error %q, want %q", c.tree, c.args, r.Error, c.want)
		}
		if r.Error != "" && (r.Data != nil || r.SVG != "") {
			t.Errorf("%q %q: an error with a drawing", c.tree, c.args)
		}
	}
}

// TestChangesAreDiffs: what the lab says a change of the settings changed
// is what prunescope diff prints for the two searches, line for line.
func TestChangesAreDiffs(t *testing.T) {
	for _, c := range []struct {
		tree         string
		specA, specB string
	}{
		{"aima", "alphabeta:hard:ge", "alphabeta:soft:ge"},
		{"wikipedia", "alphabeta:hard:ge", "alphabeta:soft:gt"},
		{"wikipedia", "minimax", "alphabeta:hard:ge"},
	} {
		ch, err := lab.ChangesOf(context.Background(), c.tree, []string{"--algo", c.specA}, []string{"--algo", c.specB})
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		if code := cmd.Main([]string{"diff", c.specA, c.specB, "--tree", c.tree, "--max-diffs", "30"}, strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("prunescope diff: %s", errOut.String())
		}
		if got, want := strings.Join(ch.Text, "\n"), strings.TrimRight(out.String(), "\n"); got != want {
			t.Errorf("%s %s → %s:\n%s\nprunescope diff prints:\n%s", c.tree, c.specA, c.specB, got, want)
		}
		if (ch.Differences == 0) != (len(ch.Paths) == 0) {
			t.Errorf("%s: %d differences at %d nodes", c.tree, ch.Differences, len(ch.Paths))
		}
	}
}
