package cmd

import (
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/prunescope/prunescope/internal/wrap"
)

// onSizedTerminal runs the binary on a pseudo-terminal of cols × rows (an
// xterm, $COLUMNS unset unless env sets it), types each of keys after a
// pause, and returns all it showed.
func onSizedTerminal(t *testing.T, cols, rows int, env []string, keys []string, args ...string) string {
	t.Helper()
	m, s := openPTY(t)
	defer m.Close()
	ws := struct{ rows, cols, x, y uint16 }{uint16(rows), uint16(cols), 0, 0}
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, s.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); errno != 0 {
		t.Skip("TIOCSWINSZ:", errno)
	}
	cmd := exec.Command(binary(t), args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "TERM=") && !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "COLUMNS=") &&
			!strings.HasPrefix(kv, "LANG=") && !strings.HasPrefix(kv, "LC_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, "TERM=xterm", "NO_COLOR=1"), env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = s, s, s
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	shown := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(m) // ends with EIO when the program has ended
		shown <- b
	}()
	for _, k := range keys {
		time.Sleep(300 * time.Millisecond)
		m.WriteString(k)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("%v: %v", args, err)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%v did not end", args)
	}
	return string(<-shown)
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
