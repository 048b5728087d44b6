package cmd

import (
	"os"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/wrap"
)

// TestWidthGolden: --width wraps the text trace, a lesson's prose and the
// printed steps; to a
// pipe or a file (a buffer here) without it, the trace's lines are whole.
func TestWidthGolden(t *testing.T) {
	t.Setenv("COLUMNS", "")
	os.Unsetenv("COLUMNS")
	runGolden(t, []goldenCase{
		{"search-nullmove-width60.txt", "", []string{"search", "--tree", "nullmove", "--null-move", "--width", "60"}},
		{"search-tactic-summary-width60.txt", "", []string{"search", "--fen", "tactic", "--depth", "2", "--null-move", "--width", "60"}},
		{"lesson-show-width50.txt", "", []string{"lesson", "show", "alpha-beta", "--width", "50"}},
		{"err-search-width.txt", "", []string{"search", "--tree", "aima", "--width", "-1"}},
		{"err-lesson-width.txt", "", []string{"lesson", "show", "alpha-beta", "--width", "-3"}},
		{"step-nullmove-width60.txt", "", []string{"step", "--tree", "nullmove", "--null-move", "--steps", "14", "--width", "60"}},
		{"err-step-width.txt", "", []string{"step", "--tree", "aima", "--width", "-2"}},
	})
}

// TestWidthDefaults: to a buffer (not a terminal) the trace is not wrapped
// and a lesson is wrapped at lessons.Measure; --width 0 wraps nothing;
// lesson run --width hands the width to the searches it runs.
func TestWidthDefaults(t *testing.T) {
	t.Setenv("COLUMNS", "")
	os.Unsetenv("COLUMNS")
	longest := func(s string) int {
		n := 0
		for _, l := range strings.Split(s, "\n") {
			if !strings.HasPrefix(l, "$ ") && !strings.HasPrefix(l, "     $ ") {
				n = max(n, wrap.Width(l))
			}
		}
		return n
	}
	if r := run(t, "", "search", "--tree", "nullmove", "--null-move"); r.code != 0 || longest(r.stdout) <= 100 {
		t.Errorf("exit %d, a pipe's trace wrapped at %d", r.code, longest(r.stdout))
	}
	if r := run(t, "", "search", "--tree", "nullmove", "--null-move", "--width", "0"); r.code != 0 || longest(r.stdout) <= 100 {
		t.Errorf("exit %d, --width 0 wrapped at %d", r.code, longest(r.stdout))
	}
	if r := run(t, "", "lesson", "show", "null-move", "--answers"); r.code != 0 || longest(r.stdout) > 78 {
		t.Errorf("exit %d, a lesson to a pipe is %d wide", r.code, longest(r.stdout))
	}
	if r := run(t, "", "lesson", "show", "null-move", "--answers", "--width", "200"); r.code != 0 || longest(r.stdout) > 78 {
		t.Errorf("exit %d, a lesson at --width 200 is %d wide (prose is %d at most)", r.code, longest(r.stdout), 78)
	}
	if r := run(t, "", "lesson", "show", "null-move", "--width", "0"); r.code != 0 || longest(r.stdout) <= 78 {
		t.Errorf("exit %d, --width 0 wrapped a lesson at %d", r.code, longest(r.stdout))
	}
	// JSON is never wrapped.
	if a, b := run(t, "", "search", "--tree", "nullmove", "--null-move", "--trace", "json"), run(t, "", "search", "--tree", "nullmove", "--null-move", "--trace", "json", "--width", "30"); a.code != 0 || a.stdout != b.stdout {
		t.Errorf("--width changed the JSON trace (exit %d, %d)", a.code, b.code)
	}
	r := run(t, "", "lesson", "run", "null-move", "--width", "70")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	// The trace of its search wraps at 70 (tables stay whole).
	if !strings.Contains(r.stdout, "│ │ │ │ │ Ø null move at 2.1.1.2: MAX passes and MIN moves again,\n│ │ │ │ │   searched") {
		t.Errorf("lesson run --width 70 did not wrap its trace at 70:\n%s", r.stdout)
	}
}
