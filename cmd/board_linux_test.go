package cmd

import (
	"strings"
	"testing"
)

// lastScreen is the last full screen the player drew in out, its lines.
func lastScreen(out string) []string {
	i := strings.LastIndex(out, "\x1b[H\x1b[2J")
	if i < 0 {
		return nil
	}
	s := out[i+len("\x1b[H\x1b[2J"):]
	if j := strings.Index(s, "\x1b[?25h"); j >= 0 {
		s = s[:j]
	}
	return strings.Split(s, "\r\n")
}

// TestStepBoardOnTerminal: the full-screen player of a chess search draws
// the position of the step's node beside the tree at 80×24 and 160×48:
// Unicode pieces with a UTF-8 locale, letters with another locale or
// --ascii; the move into the node's squares bracketed.
func TestStepBoardOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("a chess search on a terminal, four times (-short)")
	}
	keys := []string{"\r\r\rq"} // step 3: a3 a6 entered
	for _, c := range []struct {
		cols, rows int
		env        []string
		args       []string
		want       []string
	}{
		{80, 24, []string{"LANG=en_US.UTF-8"}, nil, []string{"│ after a6 (a7-a6)", "│ 8  ·  ·  ·  ·  ·  ·  ♚  ·", "│ 6 [♟] ·  ·  ·", "│ 1  ·  ·  ·  ·  ·  ·  ♔  ·", "│    a  b  c  d  e  f  g  h", "│ White to move"}},
		{160, 48, []string{"LANG=en_US.UTF-8"}, nil, []string{"│ after a6 (a7-a6)", "│ 7 [·] ♟  ·  ♛", "│ 3  ♙  ·  ·  ·  ·  ·  ·  ·"}},
		{160, 48, []string{"LANG=C"}, nil, []string{"│ 8  .  .  .  .  .  .  k  .", "│ 6 [p] .  .  .", "│ 4  .  .  .  .  N  .  .  ."}},
		{80, 24, []string{"LC_ALL=en_US.ISO-8859-1", "LANG=en_US.UTF-8"}, nil, []string{"│ 1  .  .  .  .  .  .  K  ."}},
		{80, 24, []string{"LANG=en_US.UTF-8"}, []string{"--ascii"}, []string{"│ 7 [.] p  .  q"}},
	} {
		args := append([]string{"step", "--fen", "tactic", "--depth", "3"}, c.args...)
		screen := lastScreen(onSizedTerminal(t, c.cols, c.rows, c.env, keys, args...))
		if len(screen) != c.rows {
			t.Errorf("%d×%d %v: %d lines on the screen", c.cols, c.rows, c.env, len(screen))
		}
		joined := strings.Join(screen, "\n")
		for _, w := range c.want {
			if !strings.Contains(joined, w) {
				t.Errorf("%d×%d %v %v: %q missing:\n%s", c.cols, c.rows, c.env, c.args, w, joined)
			}
		}
		if !strings.Contains(joined, "◀") {
			t.Errorf("%d×%d: the tree's current node is not shown:\n%s", c.cols, c.rows, joined)
		}
	}
}

// TestStepASCIIRefused: --ascii without a chess search is refused.
func TestStepASCIIRefused(t *testing.T) {
	r := run(t, "", "step", "--tree", "aima", "--ascii")
	if r.code != 2 || !strings.Contains(r.stderr, "prunescope: --ascii: ") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("%s", r)
	}
}
