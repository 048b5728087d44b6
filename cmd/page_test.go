package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHTMLPages writes the projector page from each command that has
// --html, and refuses a page over --html-max-steps before writing anything.
func TestHTMLPages(t *testing.T) {
	dir := t.TempDir()
	trace := filepath.Join(dir, "wiki.jsonl")
	if r := run(t, "", "search", "--tree", "wikipedia", "--trace", "json", "--trace-out", trace); r.code != 0 {
		t.Fatal(r)
	}
	cases := []struct {
		args  []string
		files []string
	}{
		{[]string{"search", "--tree", "aima", "--html", filepath.Join(dir, "aima.html")}, []string{"aima.html"}},
		{[]string{"step", trace, "--html", filepath.Join(dir, "saved.html"), "--from", "20", "--steps", "10"}, []string{"saved.html"}},
		{[]string{"step", "--tree", "nullmove", "--null-move", "--html", filepath.Join(dir, "null.html")}, []string{"null.html"}},
		{[]string{"diff", "alphabeta", "alphabeta:soft:gt", "--tree", "wikipedia", "--html", filepath.Join(dir, "d.html")}, []string{"d.html"}},
		{[]string{"lesson", "run", "alpha-beta", "--html", filepath.Join(dir, "lesson")}, []string{"lesson/alpha-beta-1.html", "lesson/alpha-beta-2.html"}},
		{[]string{"search", "--fen", "mate-in-2", "--depth", "2", "--html", filepath.Join(dir, "chess.html")}, []string{"chess.html"}},
	}
	for _, c := range cases {
		r := run(t, "", c.args...)
		if r.code != 0 {
			t.Fatalf("%s: %v", strings.Join(c.args, " "), r)
		}
		for _, f := range c.files {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatalf("%s: %v", strings.Join(c.args, " "), err)
			}
			if f == "d.html" {
				// Both sides' pages, each in a frame of the one file.
				if strings.Count(string(b), "<iframe ") != 2 || strings.Count(string(b), `&lt;script id=&#34;ps-data&#34; type=&#34;application/json&#34;&gt;`) != 2 {
					t.Errorf("%s: %s does not hold two pages", strings.Join(c.args, " "), f)
				}
				continue
			}
			if !strings.Contains(string(b), `<script id="ps-data" type="application/json">`) || !strings.Contains(string(b), `id="ps-svg"`) {
				t.Errorf("%s: %s is not a page", strings.Join(c.args, " "), f)
			}
			if f == "chess.html" && !strings.Contains(string(b), `"boards":{`) {
				t.Errorf("the chess page has no boards")
			}
		}
	}

	out := filepath.Join(dir, "big.html")
	r := run(t, "", "search", "--tree", "wikipedia", "--trace", "none", "--html", out, "--html-max-steps", "10")
	if r.code != 2 || !strings.Contains(r.stderr, "--html-max-steps 10") || !strings.Contains(r.stderr, "--from") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("a page over the limit: %v", r)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused page left a file")
	}
	// The message names --focus, and a subtree fits where the whole does not.
	if !strings.Contains(r.stderr, "--focus") {
		t.Errorf("the refusal does not name --focus: %s", r.stderr)
	}
	part := filepath.Join(dir, "part.html")
	if r := run(t, "", "step", "--tree", "wikipedia", "--html", part, "--html-max-steps", "10", "--focus", "1.2"); r.code != 0 {
		t.Errorf("a page of subtree 1.2: %v", r)
	}
	if r := run(t, "", "step", "--tree", "wikipedia", "--html", part, "--focus", "1.9"); r.code != 2 || !strings.Contains(r.stderr, "--focus") {
		t.Errorf("a page of a subtree never searched: %v", r)
	}
	if r := run(t, "", "step", "--tree", "wikipedia", "--focus", "1.2"); r.code != 2 || !strings.Contains(r.stderr, "--html") {
		t.Errorf("--focus without --html: %v", r)
	}
	r = run(t, "", "step", "--tree", "aima", "--html", filepath.Join(dir, "x.html"), "--frames", filepath.Join(dir, "frames"))
	if r.code != 2 {
		t.Errorf("--html with --frames: %v", r)
	}
}
