//go:build unix

package cmd

import (
	"io"
	"os"
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
