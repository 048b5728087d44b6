package cmd

import (
	"os"
	"strings"
	"testing"
)

// TestCheckParts: a student's trace that is another search than the one
// asked exits 1, and says where the two part and which search it is, as
// the golden files show.
func TestCheckParts(t *testing.T) {
	for _, c := range []struct{ golden, trace string }{
		{"check-minimax.txt", "testdata/check/aima-minimax.jsonl"},
		{"check-fail-soft.txt", "testdata/check/aima-fail-soft.jsonl"},
	} {
		t.Run(c.golden, func(t *testing.T) {
			args := []string{"check", c.trace, "--tree", "aima"}
			r := run(t, "", args...)
			if r.code != 1 {
				t.Errorf("exit %d, want 1: %s", r.code, r.stderr)
			}
			if !strings.HasPrefix(r.stdout, "✗ ") {
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
