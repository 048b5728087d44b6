package cmd

import (
	"os"
	"strings"
	"testing"
)

// TestReadmeExamples runs every "$ prunescope ..." line shown in the README,
// including pipes from one prunescope command into another, and checks that
// the output printed under it is what the command prints today.
func TestReadmeExamples(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if !strings.HasPrefix(line, "$ prunescope ") {
			continue
		}
		var want []string
		for i+1 < len(lines) && !strings.HasPrefix(lines[i+1], "$ ") && lines[i+1] != "```" {
			i++
			want = append(want, lines[i])
		}
		got := ""
		for _, stage := range strings.Split(strings.TrimPrefix(line, "$ "), " | ") {
			args, err := splitShell(strings.TrimPrefix(stage, "prunescope "))
			if err != nil {
				t.Fatalf("README: %s: %v", line, err)
			}
			r := run(t, got, args...)
			if r.code != 0 {
				t.Fatalf("README: %s: exit %d: %s", line, r.code, r.stderr)
			}
			got = r.stdout
		}
		if w := strings.Join(want, "\n") + "\n"; got != w {
			t.Errorf("README: %s\n--- prints\n%s--- README shows\n%s", line, got, w)
		}
		n++
	}
	if n < 5 {
		t.Errorf("found only %d examples in the README", n)
	}
}

// splitShell splits a command line on spaces, honouring double quotes.
func splitShell(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	inQuote, have := false, false
	for _, r := range s {
		switch {
		case r == '"':
			inQuote, have = !inQuote, true
		case r == ' ' && !inQuote:
			if have {
				args = append(args, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if inQuote {
		return nil, errUnclosedQuote
	}
	if have {
		args = append(args, cur.String())
	}
	return args, nil
}

var errUnclosedQuote = errorString("unclosed quote")

type errorString string

func (e errorString) Error() string { return string(e) }
