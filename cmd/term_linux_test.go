package cmd

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal: the program gets the slave as its
// terminal, the test reads what it shows from the master.
func openPTY(t *testing.T) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skip("no pseudo-terminals:", err)
	}
	var unlock int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); errno != 0 {
		m.Close()
		t.Skip("unlockpt:", errno)
	}
	var n uint32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, m.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); errno != 0 {
		m.Close()
		t.Skip("ptsname:", errno)
	}
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		m.Close()
		t.Skip("no pseudo-terminals:", err)
	}
	return m, s
}

// onTerminal runs the binary with a terminal (TERM=term) as standard
// input, output and error, keys typed in, and returns what it showed.
func onTerminal(t *testing.T, term, keys string, args ...string) string {
	t.Helper()
	var typed []string
	if keys != "" {
		typed = []string{keys}
	}
	return onPTY(t, 0, 0, []string{"TERM=", "NO_COLOR="}, []string{"TERM=" + term}, typed, args...)
}

// onPTY runs the binary on a pseudo-terminal (of cols × rows when cols > 0),
// its environment without the variables that start with a prefix of drop
// and with env added, types each of keys after a pause, and returns all it
// showed.
func onPTY(t *testing.T, cols, rows int, drop, env, keys []string, args ...string) string {
	t.Helper()
	m, s := openPTY(t)
	defer m.Close()
	if cols > 0 {
		ws := struct{ rows, cols, x, y uint16 }{uint16(rows), uint16(cols), 0, 0}
		if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, s.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); errno != 0 {
			t.Skip("TIOCSWINSZ:", errno)
		}
	}
	cmd := exec.Command(binary(t), args...)
	for _, kv := range os.Environ() {
		if !slices.ContainsFunc(drop, func(p string) bool { return strings.HasPrefix(kv, p) }) {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, env...)
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
			t.Errorf("%v (%v): %v", args, env, err)
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%v (%v) did not end", args, env)
	}
	return string(<-shown)
}

// TestDumbTerminal: TERM=dumb turns off colour and the full-screen player,
// as a terminal that takes no escape sequences needs.
func TestDumbTerminal(t *testing.T) {
	if out := onTerminal(t, "xterm", "", "search", "--tree", "aima"); !strings.Contains(out, "\x1b[") {
		t.Fatalf("control: no colour on an xterm:\n%q", out)
	}
	if out := onTerminal(t, "xterm", "q", "step", "--tree", "aima"); !strings.Contains(out, "\x1b[?1049h") {
		t.Fatalf("control: no full screen on an xterm:\n%q", out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"search", "--tree", "aima"}, "value 3 · best move 1"},
		{[]string{"step", "--tree", "aima"}, "[step 17 · event"},
		{[]string{"diff", "alphabeta", "minimax", "--tree", "aima"}, "A  alphabeta:hard:ge"},
	} {
		out := onTerminal(t, "dumb", "", c.args...)
		if strings.Contains(out, "\x1b") {
			t.Errorf("%v with TERM=dumb wrote escape sequences:\n%q", c.args, out)
		}
		if !strings.Contains(out, c.want) {
			t.Errorf("%v with TERM=dumb: %q missing from:\n%s", c.args, c.want, out)
		}
	}
}
