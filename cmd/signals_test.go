//go:build unix

package cmd

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// longSearch is a search that writes a trace file for much longer than the
// tests wait.
func longSearch(bin, out string) *exec.Cmd {
	return exec.Command(bin, "search", "--fen", "kiwipete", "--depth", "30", "--iterative",
		"--trace", "json", "--trace-out", out)
}

// waitFor polls until cond holds, for at most 20 seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// writingInto reports whether process pid has a file open in dir (Linux,
// where an output being written has no name: see unnamedTemp).
func writingInto(pid int, dir string) bool {
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	for _, fd := range fds {
		if l, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name())); err == nil && strings.HasPrefix(l, dir+"/") {
			return true
		}
	}
	return false
}

// waitAtMost waits for cmd to end, killing it and failing the test if it
// has not ended in d.
func waitAtMost(t *testing.T, cmd *exec.Cmd, d time.Duration) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		cmd.Process.Kill()
		<-done
		t.Fatalf("still running %v after the signal", d)
		return nil
	}
}

// signalled returns the signal that ended a command, or 0.
func signalled(err error) syscall.Signal {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return ws.Signal()
		}
	}
	return 0
}

// endedBeforeSecond reports whether a double Ctrl-C's second signal came
// after the first had already ended the program, as a first Ctrl-C does:
// with the trace written whole (exit 0), or, on a loaded machine where the
// first iteration had not finished yet, with "interrupted before a search
// finished" (exit 1).
func endedBeforeSecond(err error, stderr string) bool {
	var ee *exec.ExitError
	return err == nil || (errors.As(err, &ee) && ee.ExitCode() == 1 && strings.Contains(stderr, "interrupted before a search finished"))
}

// TestSignalRemovesTempFiles ends a search that is writing its trace with
// SIGTERM, SIGHUP and a double Ctrl-C: the program ends by that signal and
// no temporary file is left beside the trace.
func TestSignalRemovesTempFiles(t *testing.T) {
	bin := binary(t)
	for _, c := range []struct {
		name string
		sigs []syscall.Signal
	}{
		{"SIGTERM", []syscall.Signal{syscall.SIGTERM}},
		{"SIGHUP", []syscall.Signal{syscall.SIGHUP}},
		{"second SIGINT", []syscall.Signal{syscall.SIGINT, syscall.SIGINT}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if signal.Ignored(c.sigs[0]) {
				t.Skipf("%v is ignored by this process (nohup, a background job), so by the program it starts", c.sigs[0])
			}
			dir := t.TempDir()
			cmd := longSearch(bin, filepath.Join(dir, "trace.jsonl"))
			var stderr strings.Builder
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			waitFor(t, "the temporary trace file", func() bool { return len(leftovers(t, dir)) > 0 || writingInto(cmd.Process.Pid, dir) })
			for _, sig := range c.sigs {
				cmd.Process.Signal(sig)
			}
			err := waitAtMost(t, cmd, 20*time.Second)
			last := c.sigs[len(c.sigs)-1]
			if got := signalled(err); got != last && !(last == syscall.SIGINT && endedBeforeSecond(err, stderr.String())) {
				t.Errorf("ended with %v, want by %v\n%s", err, last, stderr.String())
			}
			if left := leftovers(t, dir); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// TestStepLeavesNoTempTrace checks that step's temporary trace is gone
// however the program ends: standard output closed under it (step | head)
// or SIGKILL during the search.
func TestStepLeavesNoTempTrace(t *testing.T) {
	bin := binary(t)

	tmp := t.TempDir()
	cmd := exec.Command(bin, "step", "--fen", "kiwipete", "--depth", "3")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The header, then the first step.
	out := bufio.NewReader(stdout)
	var line string
	for i := 0; i < 8 && err == nil && !strings.HasPrefix(line, "[step "); i++ {
		line, err = out.ReadString('\n')
	}
	if err != nil || !strings.HasPrefix(line, "[step 1") {
		t.Fatalf("first step's line %q: %v", line, err)
	}
	stdout.Close() // as head does after its line
	err = cmd.Wait()
	if got := signalled(err); got != syscall.SIGPIPE {
		t.Errorf("ended with %v, want by SIGPIPE", err)
	}
	if stderr.Len() > 0 {
		t.Errorf("a closed pipe is not an error to report: %q", stderr.String())
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR: %v", left)
	}

	tmp = t.TempDir()
	cmd = exec.Command(bin, "step", "--fen", "kiwipete", "--depth", "30", "--plain")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // well into the search
	cmd.Process.Kill()
	cmd.Wait()
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("left in TMPDIR after SIGKILL: %v", left)
	}
}
