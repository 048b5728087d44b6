package cmd

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/wrap"
)

// onSizedTerminal runs the binary on a pseudo-terminal of cols × rows (an
// xterm, $COLUMNS unset unless env sets it), types each of keys after a
// pause, and returns all it showed.
func onSizedTerminal(t *testing.T, cols, rows int, env []string, keys []string, args ...string) string {
	t.Helper()
	drop := []string{"TERM=", "NO_COLOR=", "COLUMNS=", "LANG=", "LC_"}
	return onPTY(t, cols, rows, drop, append([]string{"TERM=xterm", "NO_COLOR=1"}, env...), keys, args...)
}

// TestTraceWrapsToTerminal: on a terminal the text trace wraps at its width,
// or at $COLUMNS when that is set; --width wins over both.
func TestTraceWrapsToTerminal(t *testing.T) {
	widest := func(out string) int {
		n := 0
		for _, l := range strings.Split(strings.ReplaceAll(out, "\r\n", "\n"), "\n") {
			n = max(n, wrap.Width(l))
		}
		return n
	}
	args := []string{"search", "--tree", "nullmove", "--null-move"}
	for _, c := range []struct {
		cols int
		env  []string
		args []string
		want int
	}{
		{60, nil, nil, 60},
		{100, nil, nil, 100},
		{100, []string{"COLUMNS=72"}, nil, 72},
		{100, []string{"COLUMNS=72"}, []string{"--width", "50"}, 50},
	} {
		out := onSizedTerminal(t, c.cols, 24, c.env, nil, append(args, c.args...)...)
		if got := widest(out); got != c.want && !(got < c.want && got > c.want-8) {
			t.Errorf("%d columns, %v %v: lines up to %d wide, want %d:\n%s", c.cols, c.env, c.args, got, c.want, out)
		}
		if !strings.Contains(out, "value 7 · best move 2") {
			t.Errorf("%d columns: the result is missing:\n%s", c.cols, out)
		}
	}
}
