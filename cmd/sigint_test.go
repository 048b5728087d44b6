package cmd

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptIterative runs the real binary on a long iterative search,
// sends it SIGINT (as Ctrl-C does) after a few iterations, and checks that it
// stops at once with the best move of the last completed iteration, says so,
// exits cleanly, and still writes its files whole.
func TestInterruptIterative(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT on Windows")
	}
	dir := t.TempDir()
	bin := binary(t)
	svg := filepath.Join(dir, "search.svg")
	txt := filepath.Join(dir, "trace.txt")
	cmd := exec.Command(bin, "search", "--fen", "kiwipete", "--depth", "30", "--iterative", "--tt", "--order", "all",
		"--trace", "text", "--trace-depth", "1", "--trace-out", txt, "--svg", svg, "--renderer", "builtin", "--max-draw", "120")
	cmd.Env = append(os.Environ(), "NO_COLOR=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	iterLine := regexp.MustCompile(`^iteration (\d+): .* best move (\S+) ·`)
	var lines []string
	lastBest := ""
	signalled := false
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		line := sc.Text()
		lines = append(lines, line)
		if m := iterLine.FindStringSubmatch(line); m != nil {
			lastBest = m[2]
			if m[1] == "5" && !signalled {
				time.Sleep(20 * time.Millisecond) // well into iteration 6
				if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
					t.Fatal(err)
				}
				signalled = true
			}
		}
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err = <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatal("the search did not stop after SIGINT")
	}
	out := strings.Join(lines, "\n")
	if err != nil {
		t.Fatalf("exit: %v\nstdout:\n%s\nstderr:\n%s", err, out, stderr.String())
	}
	if !signalled {
		t.Fatalf("the search finished before it could be interrupted:\n%s", out)
	}
	if !strings.Contains(out, "best move "+lastBest+" · PV") {
		t.Errorf("the answer is not the last completed iteration's %s:\n%s", lastBest, out)
	}
	if !strings.Contains(stderr.String(), "prunescope: note: interrupted during iteration") {
		t.Errorf("no note about the interruption:\n%s", stderr.String())
	}
	img, err := os.ReadFile(svg)
	if err != nil || !bytes.HasSuffix(bytes.TrimSpace(img), []byte("</svg>")) {
		t.Errorf("svg not written whole: %v", err)
	}
	trace, err := os.ReadFile(txt)
	if err != nil || !bytes.Contains(trace, []byte("value ")) || !bytes.Contains(trace, []byte("━ iteration 5")) {
		t.Errorf("trace not written whole: %v\n%s", err, trace)
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".ps-*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}
