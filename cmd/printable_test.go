package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace/render"
)

// craftedTrace writes the trace of alpha-beta on AIMA's tree with node 1's
// path and the move into it replaced by text holding what a crafted file
// may hold (JSON escapes), and returns its path.
func craftedTrace(t *testing.T, dir, name, path, move string) string {
	t.Helper()
	r := run(t, "", "search", "--tree", "aima", "--trace", "json")
	if r.code != 0 {
		t.Fatal(r)
	}
	tr := strings.ReplaceAll(r.stdout, `"path":"1"`, `"path":"`+path+`"`)
	tr = strings.ReplaceAll(tr, `"move":"1"`, `"move":"`+move+`"`)
	if tr == r.stdout {
		t.Fatal("nothing replaced")
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, []byte(tr), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}

// TestNoTerminalInjection: a trace's text (paths, moves) reaches the
// terminal with its control characters escaped, in step's sentences and
// lines, in render's errors, in the drawings' notes: a trace holding
// ESC[2J cleared the screen of whoever stepped through it, ESC]0;…BEL
// retitled the window. Warnings (a damaged cache's) are escaped too.
func TestNoTerminalInjection(t *testing.T) {
	dir := t.TempDir()
	evil := craftedTrace(t, dir, "evil.jsonl", `1\u001b[2J`, `1\u001b]0;pwned\u0007\u009b31m`)
	for _, args := range [][]string{
		{"step", evil, "--plain"},
		{"render", evil, "--dot", "-"},
		{"render", evil, "--dot", "-", "--focus", "9"},
		{"render", evil, "--dot", "-", "--focus", "1\x1b[2J.7"},
	} {
		r := run(t, "", args...)
		all := r.stdout + r.stderr
		if strings.ContainsAny(all, "\x1b\x07\u009b") {
			t.Errorf("%v: a control character reaches the terminal:\n%q", args, all)
		}
		if !strings.Contains(all, `\x1b`) {
			t.Errorf("%v: the escaped text is not shown:\n%s", args, all)
		}
	}
	var errOut strings.Builder
	runLine(t.Context(), []string{"version"}, &Streams{In: strings.NewReader(""), Out: &outWriter{w: &strings.Builder{}}, Err: &errOut})
	render.Warn("the cache in /tmp/\x1b[2J held \xff\xfe")
	if got := errOut.String(); got != "prunescope: warning: the cache in /tmp/\\x1b[2J held \\xff\\xfe\n" {
		t.Errorf("warning %q", got)
	}
}

// TestPathsReachDOTEscaped: a path or move ending in a backslash, or
// holding a NUL or a double quote, is drawn (it was a Graphviz syntax
// error, exit 1): text in a DOT attribute is escaped as Graphviz reads it.
func TestPathsReachDOTEscaped(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ name, path, move string }{
		{"backslash", `1\\`, `1\\`},
		{"nul", `1\u0000`, `1\u0000x`},
		{"quote", `1\"\\\"`, `1\"`},
	} {
		file := craftedTrace(t, dir, c.name+".jsonl", c.path, c.move)
		svg := filepath.Join(dir, c.name+".svg")
		r := run(t, "", "render", file, "--svg", svg, "--renderer", "builtin")
		if r.code != 0 {
			t.Errorf("%s: %v", c.name, r)
			continue
		}
		data, _ := os.ReadFile(svg)
		if !strings.Contains(string(data), "node 1: 1") {
			t.Errorf("%s: node 1's tooltip is not in the picture", c.name)
		}
	}
}
