package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBranchBoundRefusesFail: --fail given with branch and bound is refused
// by every command that takes it, with the message compare gives the spec
// branch-bound:hard, instead of running fail-soft silently.
func TestBranchBoundRefusesFail(t *testing.T) {
	want := "branch-bound:hard: branch and bound has one bound and is fail-soft by construction\n"
	cmp := run(t, "", "compare", "--tree", "aima", "--algos", "branch-bound:hard")
	if cmp.code != 2 || cmp.stderr != "prunescope: --algos: "+want {
		t.Fatalf("compare: %s", cmp)
	}
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--algo", "branch-bound", "--fail", "hard"},
		{"step", "--tree", "aima", "--algo", "branch-bound", "--fail", "hard"},
		{"diff", "branch-bound", "alphabeta", "--tree", "aima", "--fail", "hard"},
		{"quiz", "--tree", "aima", "--algo", "branch-bound", "--fail", "hard", "--print"},
	} {
		r := run(t, "", args...)
		if r.code != 2 || r.stderr != "prunescope: --fail: "+want || r.stdout != "" {
			t.Errorf("%s: %s", strings.Join(args, " "), r)
		}
	}
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--algo", "branch-bound", "--fail", "soft", "--trace", "none"},
		{"search", "--tree", "aima", "--algo", "branch-bound", "--trace", "none"},
		{"diff", "branch-bound:soft", "alphabeta", "--tree", "aima", "--fail", "hard"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Errorf("%s: %s", strings.Join(args, " "), r)
		}
	}
}

// TestStoppedTraceIsWhole: a search stopped by the node limit ends its JSON
// Lines stream with whole lines and a done event that says why, without a
// value (there is no result), on standard output (the stream is larger than
// the writer's buffer: it was cut mid-line at 8,192,000 bytes) and in a
// --trace-out file; the exit code and the one-line error stay.
func TestStoppedTraceIsWhole(t *testing.T) {
	const msg = "prunescope: node limit reached before the search finished (--iterative keeps the last completed iteration)\n"
	checkStream := func(where, out string) {
		t.Helper()
		if !strings.HasSuffix(out, "\n") {
			t.Fatalf("%s: the stream does not end on a whole line", where)
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		for i, l := range lines {
			var v map[string]any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Fatalf("%s: line %d is not JSON: %v", where, i+1, err)
			}
		}
		var done map[string]any
		json.Unmarshal([]byte(lines[len(lines)-1]), &done)
		if done["ev"] != "done" || done["stopped"] != "node limit" || done["value"] != nil || done["best"] != "" || done["nodes"] == nil {
			t.Errorf("%s: last line %s", where, lines[len(lines)-1])
		}
	}
	r := run(t, "", "search", "--fen", "kiwipete", "--depth", "4", "--nodes", "20000", "--trace", "json")
	if r.code != 1 || r.stderr != msg {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if len(r.stdout) < 8_192_000 {
		t.Errorf("the stream is %d bytes, not past the writer's buffer", len(r.stdout))
	}
	checkStream("stdout", r.stdout)

	path := filepath.Join(t.TempDir(), "stopped.jsonl")
	r = run(t, "", "search", "--fen", "kiwipete", "--depth", "4", "--nodes", "2000", "--trace", "json", "--trace-out", path)
	if r.code != 1 || !strings.HasSuffix(r.stderr, msg) || r.stdout != "" {
		t.Errorf("--trace-out: %s", r)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	checkStream("--trace-out", string(data))

	// The text sink gets the done event too, and is flushed.
	r = run(t, "", "search", "--fen", "kiwipete", "--depth", "4", "--nodes", "2000", "--trace", "text")
	plain := run(t, "", "search", "--fen", "kiwipete", "--depth", "4", "--nodes", "2000", "--trace", "text", "--trace-depth", "1")
	if r.code != 1 || !strings.HasSuffix(r.stdout, "\n") || !strings.Contains(plain.stdout, "nodes 2000 ·") {
		t.Errorf("--trace text: exit %d, ends %q", r.code, r.stdout[max(0, len(r.stdout)-200):])
	}
}

// TestAspirationResearchFlag: --aspiration-research move re-searches the
// move that failed high in the same pass (one pass, a research event), root
// the whole root (two passes); both find 6.
func TestAspirationResearchFlag(t *testing.T) {
	for _, c := range []struct{ mode, want string }{{"root", `"window":2`}, {"move", `"window":1`}} {
		r := run(t, "", "search", "--tree", "wikipedia", "--aspiration", "1", "--guess", "2", "--aspiration-research", c.mode, "--trace", "json")
		last := r.stdout[strings.LastIndex(strings.TrimSuffix(r.stdout, "\n"), "\n")+1:]
		if r.code != 0 || !strings.Contains(last, `"value":6`) || !strings.Contains(last, c.want) ||
			strings.Contains(r.stdout, `"ev":"research"`) != (c.mode == "move") {
			t.Errorf("%s: %s", c.mode, r)
		}
	}
	if r := run(t, "", "search", "--tree", "wikipedia", "--aspiration", "1", "--guess", "2", "--aspiration-research", "leaf"); r.code != 2 {
		t.Errorf("bad mode: %s", r)
	}
}

// TestNullSwitchesChangeTheSearch: every --null-… switch of search --help
// changes what the search does: a position where switching it changes the
// value or the counts (null tries, prunes, skips, nodes). A new switch
// without a case here fails the test.
func TestNullSwitchesChangeTheSearch(t *testing.T) {
	tactic := []string{"--fen", "tactic", "--depth", "4", "--null-move", "--null-min-ply", "1"}
	deep := []string{"--fen", "tactic", "--depth", "6", "--null-move", "--null-min-ply", "1"}
	with := func(base []string, more ...string) []string { return append(append([]string(nil), base...), more...) }
	cases := map[string]struct{ base, flip []string }{
		"--null-move":            {[]string{"--fen", "tactic", "--depth", "4"}, []string{"--null-move"}},
		"--null-r":               {tactic, []string{"--null-r", "1"}},
		"--null-r-deep":          {with(deep, "--null-deep-from", "3"), []string{"--null-r-deep", "4"}},
		"--null-deep-from":       {deep, []string{"--null-deep-from", "3"}},
		"--null-window":          {deep, []string{"--null-window", "full"}},
		"--null-if-no-capture":   {tactic, []string{"--null-if-no-capture=false"}},
		"--null-if-not-extended": {with(tactic, "--null-threat"), []string{"--null-if-not-extended=false"}},
		"--null-if-eval":         {tactic, []string{"--null-if-eval=false"}},
		"--null-if-pieces":       {[]string{"--fen", "kp-ending", "--depth", "7", "--null-move"}, []string{"--null-if-pieces=false"}},
		"--null-margin":          {tactic, []string{"--null-margin", "50"}},
		"--null-min-ply":         {tactic, []string{"--null-min-ply", "3"}},
		"--null-once":            {deep, []string{"--null-once", "row"}},
		"--null-threat":          {tactic, []string{"--null-threat"}},
		"--null-threat-margin":   {with(tactic, "--null-threat"), []string{"--null-threat-margin", "300"}},
		"--null-threat-rule":     {with(tactic, "--null-threat"), []string{"--null-threat-rule", "any"}},
		"--null-verify":          {tactic, []string{"--null-verify"}},
	}
	help := run(t, "", "search", "--help").stdout
	for _, line := range strings.Split(help, "\n") {
		if f := strings.Fields(line); len(f) > 0 && strings.HasPrefix(f[0], "--null") {
			if _, ok := cases[f[0]]; !ok {
				t.Errorf("%s: no case shows what it changes", f[0])
			}
		}
	}
	for name, c := range cases {
		if !strings.Contains(help, name+" ") {
			t.Errorf("%s: not in search --help", name)
		}
		a := run(t, "", with(append([]string{"search"}, c.base...), "--trace", "none")...)
		b := run(t, "", with(append(append([]string{"search"}, c.base...), c.flip...), "--trace", "none")...)
		if a.code != 0 || b.code != 0 {
			t.Fatalf("%s: %s\n%s", name, a, b)
		}
		summary := func(out string) string { // the value and counts lines
			lines := strings.Split(strings.TrimSpace(out), "\n")
			return strings.Join(lines[len(lines)-2:], "\n")
		}
		if summary(a.stdout) == summary(b.stdout) {
			t.Errorf("%s: %s changes nothing:\n%s", name, strings.Join(c.flip, " "), summary(a.stdout))
		}
	}
}
