package sinktest

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFirstDifference: a failing golden test names the first line that
// differs, or says which output is longer.
func TestFirstDifference(t *testing.T) {
	for _, c := range []struct{ got, want, say string }{
		{"a\nb\nc\n", "a\nx\nc\n", "line 2\n  got:  \"b\"\n  want: \"x\""},
		{"a\nb\n", "a\nb\nc\n", "line 3\n  got:  \"\"\n  want: \"c\""},
		{"a\nb", "a\nb\n", "got 2 lines, want 3"}, // only the final newline differs
	} {
		if say := firstDifference([]byte(c.got), []byte(c.want)); say != c.say {
			t.Errorf("firstDifference(%q, %q) = %q, want %q", c.got, c.want, say, c.say)
		}
	}
}

// TestGoldenUpdateWrites: with update, Golden writes the file (and its
// folder), and then the same output compares equal.
func TestGoldenUpdateWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "testdata", "golden", "x.txt")
	Golden(t, path, []byte("one\n"), true)
	if b, err := os.ReadFile(path); err != nil || string(b) != "one\n" {
		t.Fatalf("after update: %q, %v", b, err)
	}
	Golden(t, path, []byte("one\n"), false)
}

// TestSearchesRun: every search of the list runs, the stopped one stopped by
// its node limit and the others to the end.
func TestSearchesRun(t *testing.T) {
	for _, s := range Searches {
		res, err := s.Run(t, nil)
		if (s.Nodes > 0) != (err != nil) {
			t.Errorf("%s: %v", s.Name, err)
		}
		if err == nil && res.Nodes == 0 {
			t.Errorf("%s: no node searched", s.Name)
		}
	}
}
