package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCheckHTML: check --html writes diff's page of the student's search
// (A) beside the reference (B), its first difference where check's verdict
// says they part, the page opened there (data-open); the verdict and the
// exit status are check's. A trace with nothing to show, or a file that
// cannot be written, leaves no file.
func TestCheckHTML(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "check.html")
	r := run(t, "", "check", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--html", file)
	if r.code != 1 || !strings.HasPrefix(r.stdout, "✗ testdata/check/aima-minimax.jsonl parts from alphabeta:hard:ge at step 13") ||
		!strings.Contains(r.stderr, "prunescope: wrote "+file+"\n") {
		t.Fatalf("%s", r)
	}
	html, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := string(html)
	for _, want := range []string{
		`data-open="1"`, `"kind":"parts"`, `"label":"2.2"`,
		`node event 13 (enter or exit), after 12 alike · reference: ✂ α-cutoff at MIN node 2: 2.1 returned 2 ≤ α 3; not searched: 2.2, 2.3 · yours: enters 2.2 (line 13)`,
		"A · yours (aima-minimax.jsonl)", "B · alphabeta:hard:ge",
		"✗ yours", "✗ reference",
	} {
		if !strings.Contains(page, want) && !strings.Contains(page, htmlEscaped(want)) {
			t.Errorf("the page has no %q", want)
		}
	}
	// The same search: a page of both, opened at its start.
	same := filepath.Join(dir, "same.html")
	if r := run(t, "", "check", "testdata/check/aima-alphabeta.jsonl", "--tree", "aima", "--html", same); r.code != 0 {
		t.Fatalf("%s", r)
	}
	if b, _ := os.ReadFile(same); !strings.Contains(string(b), `data-open="0"`) || strings.Contains(string(b), `"kind":"parts"`) {
		t.Errorf("a search the same as the reference's: the page opens at a difference")
	}
	// Nothing to show: refused, no file.
	none := filepath.Join(dir, "none.html")
	r = run(t, "{\"ev\": \"enter\", \"node\": \"1\"}\n", "check", "-", "--tree", "aima", "--html", none)
	if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, "before the root") {
		t.Errorf("a trace below the root: %s", r)
	}
	if _, err := os.Stat(none); err == nil {
		t.Errorf("a refused page left a file")
	}
	// An output that cannot be written is refused before anything.
	r = run(t, "", "check", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--html", filepath.Join(dir, "missing", "c.html"))
	if r.code != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("--html into a missing folder: %s", r)
	}
	// The trace cannot be overwritten by the page.
	trace := filepath.Join(dir, "mine.jsonl")
	b, _ := os.ReadFile("testdata/check/aima-minimax.jsonl")
	os.WriteFile(trace, b, 0o644)
	if r := run(t, "", "check", trace, "--tree", "aima", "--html", trace); r.code != 2 || !strings.Contains(r.stderr, "that is the input") {
		t.Errorf("--html onto the trace: %s", r)
	}
}

// htmlEscaped is s as html/template escapes text in an attribute or JSON.
func htmlEscaped(s string) string {
	return regexp.MustCompile(`[<>&'"]`).ReplaceAllStringFunc(s, func(c string) string {
		return map[string]string{"<": `\u003c`, ">": `\u003e`, "&": `\u0026`, "'": "&#39;", `"`: "&#34;"}[c]
	})
}
