//go:build unix

package cmd

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// slowDot puts in a folder of its own a native dot that lays every graph
// out as 1×1 inch (-Tplain) and draws it (-Tpng) in two seconds as a
// 160×160 PNG, as 144 dpi asks; told Ctrl-C meanwhile it does what
// Graphviz's dot does: writes what it has (a 16×16 picture) and exits as if
// all went well. It writes its pid to the file "started" when it draws.
func slowDot(t *testing.T) (bin, started string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, w int) {
		var buf bytes.Buffer
		png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, w)))
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("whole.png", 160)
	write("blank.png", 16)
	started = filepath.Join(dir, "started")
	script := fmt.Sprintf(`#!/bin/sh
cat >/dev/null
case "$1" in
-Tplain) echo "graph 1 1 1"; echo stop; exit 0 ;;
esac
trap 'cat %[1]q/blank.png; exit 0' INT
echo $$ > %[2]q.tmp && mv %[2]q.tmp %[2]q
sleep 2 & wait $!
cat %[1]q/whole.png
`, dir, started)
	if err := os.WriteFile(filepath.Join(dir, "dot"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir, started
}

// drawWithSlowDot starts search --png with slowDot, in a process group of
// its own as a shell runs a job, waits until dot draws, lets act interrupt
// it, and returns how it ended, its standard error and the folder of x.png.
func drawWithSlowDot(t *testing.T, act func(prunescope, dot int)) (error, string, string) {
	t.Helper()
	dotDir, started := slowDot(t)
	dir := t.TempDir()
	cmd := exec.Command(binary(t), "search", "--tree", "aima", "--trace", "none", "--png", "x.png", "--renderer", "dot")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+dotDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	waitFor(t, "dot to draw", func() bool { _, err := os.Stat(started); return err == nil })
	b, _ := os.ReadFile(started)
	dotPid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	act(cmd.Process.Pid, dotPid)
	err := waitAtMost(t, cmd, 20*time.Second)
	return err, stderr.String(), dir
}

// TestCtrlCWhileNativeDotDraws: Ctrl-C at the terminal (SIGINT to the
// job's process group) while a native dot draws the picture of a finished
// search does not reach dot: the picture is drawn whole and written, as
// the builtin renderer's is (a blank 16×16 PNG was written, exit 0). A dot
// interrupted all the same (told SIGINT directly) leaves no picture: the
// command fails with one line, and nothing is written.
func TestCtrlCWhileNativeDotDraws(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a slow dot: in the full suite only")
	}
	t.Run("terminal Ctrl-C", func(t *testing.T) {
		err, stderr, dir := drawWithSlowDot(t, func(ps, _ int) { syscall.Kill(-ps, syscall.SIGINT) })
		if err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
		data, rerr := os.ReadFile(filepath.Join(dir, "x.png"))
		if rerr != nil {
			t.Fatal(rerr)
		}
		cfg, derr := png.DecodeConfig(bytes.NewReader(data))
		if derr != nil || cfg.Width != 160 {
			t.Errorf("the picture written is %d×%d (%v), want the whole drawing, 160×160", cfg.Width, cfg.Height, derr)
		}
	})
	t.Run("dot interrupted", func(t *testing.T) {
		err, stderr, dir := drawWithSlowDot(t, func(_, dot int) { syscall.Kill(dot, syscall.SIGINT) })
		var ee *exec.ExitError
		if !asExit(err, &ee) || ee.ExitCode() != 1 {
			t.Errorf("ended with %v, want exit 1\n%s", err, stderr)
		}
		if n := strings.Count(stderr, "\n"); n != 1 || !strings.Contains(stderr, "x.png: render: dot: a picture of 16×16 pixels") {
			t.Errorf("stderr: %q", stderr)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("left in the folder: %v", left)
		}
	})
}

func asExit(err error, ee **exec.ExitError) bool {
	e, ok := err.(*exec.ExitError)
	*ee = e
	return ok
}
