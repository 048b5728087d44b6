//go:build unix

package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// streamUntil starts a long search that streams its trace (mode) to a file
// on standard output, waits until it has written some of it, sends sig, and
// returns what the file holds, how the program ended and its standard
// error.
func streamUntil(t *testing.T, mode string, sig syscall.Signal) ([]byte, error, string) {
	t.Helper()
	if signal.Ignored(sig) {
		t.Skipf("%v is ignored by this process (nohup, a background job), so by the program it starts", sig)
	}
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "trace"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command(binary(t), "search", "--fen", "kiwipete", "--depth", "30", "--trace", mode)
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	cmd.Stdout = out
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitFor(t, "a megabyte of trace", func() bool {
		st, err := out.Stat()
		return err == nil && st.Size() > 1<<20
	})
	cmd.Process.Signal(sig)
	err = waitAtMost(t, cmd, 20*time.Second)
	data, rerr := os.ReadFile(out.Name())
	if rerr != nil {
		t.Fatal(rerr)
	}
	return data, err, stderr.String()
}

// TestSignalEndsStreamOnWholeLine: SIGTERM and SIGHUP end a trace streamed
// to standard output on a whole line, the last one the done event that says
// the search was interrupted (JSON Lines; the text trace's closing
// sentence), and the program ends by the signal, silently.
func TestSignalEndsStreamOnWholeLine(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String()+"/json", func(t *testing.T) {
			data, err, stderr := streamUntil(t, "json", sig)
			if got := signalled(err); got != sig {
				t.Errorf("ended with %v, want by %v", err, sig)
			}
			if stderr != "" {
				t.Errorf("a signal is not an error to report: %q", stderr)
			}
			if !bytes.HasSuffix(data, []byte("\n")) {
				t.Fatalf("the trace ends in the middle of a line: %q", data[max(0, len(data)-80):])
			}
			lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
			for i, l := range lines {
				if !json.Valid(l) {
					t.Fatalf("line %d of %d is no JSON: %q", i+1, len(lines), l)
				}
			}
			var done struct{ Ev, Stopped string }
			json.Unmarshal(lines[len(lines)-1], &done)
			if done.Ev != "done" || done.Stopped != "interrupted" {
				t.Errorf("the last line is %s, want the done event of an interrupted search", lines[len(lines)-1])
			}
		})
		t.Run(sig.String()+"/text", func(t *testing.T) {
			data, err, _ := streamUntil(t, "text", sig)
			if got := signalled(err); got != sig {
				t.Errorf("ended with %v, want by %v", err, sig)
			}
			if !bytes.HasSuffix(data, []byte("\n")) || !bytes.Contains(data[max(0, len(data)-300):], []byte("The search stopped (interrupted)")) {
				t.Errorf("the text trace does not end with the sentence that says why it stopped: %q", data[max(0, len(data)-300):])
			}
		})
	}
}

// TestOutsideSIGPIPE: a SIGPIPE sent from outside ends the program, as a
// reader closing the pipe does: silently, by SIGPIPE, its output ending on
// a whole line (it was ignored, and the trace written on).
func TestOutsideSIGPIPE(t *testing.T) {
	data, err, stderr := streamUntil(t, "json", syscall.SIGPIPE)
	if got := signalled(err); got != syscall.SIGPIPE {
		t.Errorf("ended with %v, want by SIGPIPE", err)
	}
	if stderr != "" {
		t.Errorf("stderr %q", stderr)
	}
	if !bytes.HasSuffix(data, []byte("\n")) {
		t.Errorf("the trace ends in the middle of a line: %q", data[max(0, len(data)-80):])
	}
}
