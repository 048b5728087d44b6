//go:build unix

package cmd

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestOutputFIFO writes a drawing into a named pipe in place: the reader
// gets it, and the pipe is still a pipe afterwards.
func TestOutputFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- err.Error()
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- string(b)
	}()
	r := run(t, "", "search", "--tree", "aima", "--trace", "none", "--dot", fifo)
	if r.code != 0 {
		t.Fatal(r)
	}
	if s := <-got; !strings.HasPrefix(s, "digraph") {
		t.Errorf("the reader got %.60q", s)
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v %v", st.Mode(), err)
	}
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// mknodChar makes a character device node.
func mknodChar(path string, major, minor uint32) error {
	return syscall.Mknod(path, syscall.S_IFCHR|0o666, int(major<<8|minor))
}

// TestOutputDevStdout: --dot /dev/stdout with standard output redirected
// to a file writes into that file after the report, and does not replace
// it (the shell holds it open). The link is one of the test's own to
// /proc/self/fd/1, as /dev/stdout is, so that a regression replaces that
// and not the system's /dev/stdout (root may replace anything in /dev).
func TestOutputDevStdout(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd/1"); err != nil {
		t.Skip("no /proc/self/fd")
	}
	dir := t.TempDir()
	stdout := filepath.Join(dir, "stdout")
	if err := os.Symlink("/proc/self/fd/1", stdout); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.txt")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	before, _ := f.Stat()
	cmd := exec.Command(binary(t), "search", "--tree", "aima", "--trace", "none", "--dot", stdout)
	cmd.Stdout = f
	err = cmd.Run()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(out)
	data, _ := os.ReadFile(out)
	if !os.SameFile(before, after) {
		t.Error("the file standard output went to was replaced")
	}
	if st, err := os.Lstat(stdout); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced")
	}
	if i, j := strings.Index(string(data), "value 3"), strings.Index(string(data), "digraph"); i < 0 || j < i {
		t.Errorf("want the report, then the drawing:\n%s", data)
	}
}
