package reliability

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within checks a case's own memory bound, tighter than the budget: what
// the case may use (MB), measured by GNU time (without it the figure is
// the test's own, and only the budget is checked).
func within(t *testing.T, o outcome, mb int64) {
	t.Helper()
	if _, err := os.Stat(gnuTime); err != nil {
		return
	}
	if o.maxRSSKB > mb<<10 {
		t.Errorf("peak memory %d MB, over the %d MB this case may use", o.maxRSSKB>>10, mb)
	}
	t.Logf("peak %d MB (may use %d), %v", o.maxRSSKB>>10, mb, o.took.Round(time.Millisecond))
}

// write writes a file of dir.
func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// toyTrace writes into dir the JSON Lines trace of minimax on a random
// tree of 3 moves a node, 9 plies deep: 29,524 nodes, 78,733 events.
func toyTrace(t *testing.T, dir string) string {
	t.Helper()
	o := runIn(t, dir, nil, "", "tree", "random", "-b", "3", "-d", "9", "--seed", "3")
	if o.code != 0 {
		t.Fatal(o.stderr)
	}
	write(t, dir, "t9.txt", []byte(o.stdout))
	o = runIn(t, dir, nil, "", "search", "--tree", "t9.txt", "--algo", "minimax", "--trace", "json", "--trace-out", "t9.jsonl")
	if o.code != 0 {
		t.Fatal(o.stderr)
	}
	return "t9.jsonl"
}

var pageData = regexp.MustCompile(`(?s)<script id="ps-data" type="application/json">(.*?)</script>`)

// TestReliabilityPages: a page made from --from or --focus holds what it
// shows, not every node before it (a page of the last 1000 steps of a
// 2M-node trace held them all: 316 MB, 6.2 GB of memory); a focus with
// more nodes than the page's step limit is refused before the steps are
// played (2.53 GB before it refused).
func TestReliabilityPages(t *testing.T) {
	t.Parallel() // each in folders of its own
	dir := t.TempDir()
	tr := toyTrace(t, dir)
	t.Run("--from near the end", func(t *testing.T) {
		o := runIn(t, dir, nil, "", "step", tr, "--html", "p.html", "--from", "70000", "--steps", "100", "--max-draw", "40")
		sane(t, o, 0)
		within(t, o, 150)
		html, err := os.ReadFile(filepath.Join(dir, "p.html"))
		if err != nil {
			t.Fatal(err)
		}
		m := pageData.FindSubmatch(html)
		if m == nil {
			t.Fatal("no steps' data in the page")
		}
		// 100 steps, 40 shapes and the open line: tens of kilobytes (1.8 MB
		// when it held the 25,000 nodes entered before).
		if len(m[1]) > 100<<10 {
			t.Errorf("the page's data is %d KB for 100 steps", len(m[1])>>10)
		}
	})
	t.Run("--focus too big for a page", func(t *testing.T) {
		o := runIn(t, dir, nil, "", "step", tr, "--html", "f.html", "--focus", "3", "--html-max-steps", "5000")
		sane(t, o, 2)
		within(t, o, 100)
		if !strings.Contains(o.stderr, "more than --html-max-steps 5000 steps") {
			t.Errorf("stderr: %s", o.stderr)
		}
	})
	noTemps(t, dir, "t9.txt", "t9.jsonl", "p.html")
	if !*heavy {
		return
	}
	t.Run("2M-node chess trace", func(t *testing.T) {
		o := runIn(t, dir, nil, "", "search", "--fen", "kiwipete", "--depth", "5", "--nodes", "2000000", "--trace", "json", "--trace-out", "big.jsonl")
		if o.code != 1 { // the node limit stops the search
			t.Fatal(o.stderr)
		}
		last, lastRoot := lastSeqAndRootMove(t, filepath.Join(dir, "big.jsonl"))
		o = runIn(t, dir, nil, "", "step", "big.jsonl", "--html", "p.html", "--from", strconv.FormatInt(last-80000, 10), "--steps", "1000")
		sane(t, o, 0)
		within(t, o, 1000)
		if fi, err := os.Stat(filepath.Join(dir, "p.html")); err != nil || fi.Size() > 4<<20 {
			t.Errorf("the page of 1000 steps: %v bytes, %v", fi.Size(), err)
		}
		o = runIn(t, dir, nil, "", "step", "big.jsonl", "--html", "f.html", "--focus", lastRoot)
		sane(t, o, 2)
		within(t, o, 500)
	})
}

// lastSeqAndRootMove reads a trace's last sequence number and the move of
// its last root child.
func lastSeqAndRootMove(t *testing.T, path string) (int64, string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var last int64
	move := ""
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		if bytes.Contains(l, []byte(`"ev":"enter"`)) && bytes.Contains(l, []byte(`"ply":1,`)) {
			var e struct{ Move string }
			json.Unmarshal(l, &e)
			move = e.Move
		}
	}
	var e struct{ Seq int64 }
	json.Unmarshal(data[bytes.LastIndexByte(bytes.TrimSpace(data), '\n')+1:], &e)
	last = e.Seq
	if move == "" || last == 0 {
		t.Fatalf("no root move or last event in %s", path)
	}
	return last, move
}

// TestReliabilityFramesBounded: frames drawn by the builtin Graphviz
// reuse bounded memory (its WebAssembly memory grew with every frame: 3.5
// GB by 6,600 frames, then a crash that left a 541 MB temporary folder);
// a deck stopped by a signal leaves no temporary folder.
func TestReliabilityFramesBounded(t *testing.T) {
	t.Parallel() // each in folders of its own
	dir := t.TempDir()
	o := runIn(t, dir, nil, "", "tree", "random", "-b", "3", "-d", "8", "--seed", "1")
	tree8 := o.stdout
	write(t, dir, "t8.txt", []byte(tree8))
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel() // each in a folder of its own; most of the time is the wait before the signal
			if signal.Ignored(sig) {
				t.Skipf("%v is ignored by this process, so by the program it starts", sig)
			}
			dir := t.TempDir()
			write(t, dir, "t8.txt", []byte(tree8))
			cmd := guarded("step", "--tree", "t8.txt", "--algo", "minimax", "--frames", "deck", "--renderer", "builtin", "--frames-max", "10000", "--steps", "3000")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+tmpdir(t))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Second) // into the frames
			signalAndWait(t, cmd, sig, "")
			if sig == syscall.SIGINT && !strings.Contains(stderr.String(), "interrupted: no frames written") {
				t.Errorf("stderr: %s", stderr.String())
			}
			noTemps(t, dir, "t8.txt")
		})
	}
	if !*heavy {
		return
	}
	t.Run("2000 frames", func(t *testing.T) {
		o := runIn(t, dir, nil, "", "step", "--tree", "t8.txt", "--algo", "minimax", "--frames", "deck", "--renderer", "builtin", "--frames-max", "10000", "--steps", "2000")
		sane(t, o, 0)
		within(t, o, 450) // 1.1 GB before, and growing with every frame
		noTemps(t, dir, "t8.txt", "deck")
	})
}

// TestReliabilityDrawings: a PNG is capped in size whatever draws it; the
// memory of --png follows the drawing, not the search; a drawing whose
// native dot is interrupted is never reported as written.
func TestReliabilityDrawings(t *testing.T) {
	t.Parallel() // each in folders of its own
	t.Run("--png of a long search, 10 shapes", func(t *testing.T) {
		o := runIn(t, t.TempDir(), nil, "", "search", "--fen", "kiwipete", "--depth", "7", "--iterative", "--nodes", "600000", "--trace", "none", "--png", "x.png", "--max-draw", "10")
		sane(t, o, 0)
		within(t, o, 200) // 370 MB before, 1.2 GB at 646M nodes
	})
	t.Run("native dot PNG capped", func(t *testing.T) {
		if _, err := exec.LookPath("dot"); err != nil {
			t.Skip("no native Graphviz dot on PATH: the builtin painter's cap is tested in trace/render")
		}
		dir := t.TempDir()
		o := runIn(t, dir, nil, "", "tree", "random", "-b", "3", "-d", "8", "--seed", "1")
		write(t, dir, "t8.txt", []byte(o.stdout))
		o = runIn(t, dir, nil, "", "search", "--tree", "t8.txt", "--algo", "minimax", "--trace", "none", "--png", "big.png", "--renderer", "dot", "--max-draw", "5000", "--scale", "8")
		sane(t, o, 0)
		within(t, o, 300)
		f, err := os.Open(filepath.Join(dir, "big.png"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cfg, err := png.DecodeConfig(f)
		if err != nil || cfg.Width > 16384 || cfg.Height > 16384 || cfg.Width*cfg.Height > 40<<20 {
			t.Errorf("a %d×%d PNG (%v), over the cap", cfg.Width, cfg.Height, err)
		}
	})
	if runtime.GOOS == "windows" {
		return
	}
	t.Run("Ctrl-C while native dot draws", func(t *testing.T) {
		// A stand-in for dot that draws for half a second and, told Ctrl-C,
		// writes a blank 16×16 picture and exits 0, as Graphviz's does.
		dot := t.TempDir()
		var whole, blank bytes.Buffer
		png.Encode(&whole, image.NewGray(image.Rect(0, 0, 160, 160)))
		png.Encode(&blank, image.NewGray(image.Rect(0, 0, 16, 16)))
		write(t, dot, "whole.png", whole.Bytes())
		write(t, dot, "blank.png", blank.Bytes())
		started := filepath.Join(dot, "started")
		os.WriteFile(filepath.Join(dot, "dot"), []byte(fmt.Sprintf(`#!/bin/sh
cat >/dev/null
case "$1" in -Tplain) echo "graph 1 1 1"; echo stop; exit 0 ;; esac
trap 'cat %[1]q/blank.png; exit 0' INT
echo $$ > %[2]q.tmp && mv %[2]q.tmp %[2]q
sleep 0.5 & wait $!
cat %[1]q/whole.png
`, dot, started)), 0o755)
		for _, to := range []string{"group", "dot"} {
			os.Remove(started)
			dir := t.TempDir()
			cmd := guarded("search", "--tree", "aima", "--trace", "none", "--png", "x.png", "--renderer", "dot")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+dot+string(os.PathListSeparator)+os.Getenv("PATH"), "TMPDIR="+tmpdir(t))
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a job of a shell
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
				if _, err := os.Stat(started); err == nil {
					break
				}
			}
			if to == "group" {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGINT) // the terminal's Ctrl-C
			} else {
				b, _ := os.ReadFile(started)
				pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
				syscall.Kill(pid, syscall.SIGINT)
			}
			cmd.Wait()
			o := outcome{code: cmd.ProcessState.ExitCode(), stderr: stderr.String()}
			if to == "group" {
				sane(t, o, 0)
				f, err := os.Open(filepath.Join(dir, "x.png"))
				if err != nil {
					t.Fatal(err)
				}
				cfg, err := png.DecodeConfig(f)
				f.Close()
				if err != nil || cfg.Width != 160 {
					t.Errorf("Ctrl-C at the terminal: a %d×%d picture written (%v), want the whole drawing", cfg.Width, cfg.Height, err)
				}
				continue
			}
			sane(t, o, 1)
			if strings.Count(o.stderr, "\n") != 1 || !strings.Contains(o.stderr, "x.png: render: dot: a picture of 16×16 pixels") {
				t.Errorf("dot interrupted: stderr %q, want one line saying the picture is not the drawing", o.stderr)
			}
			noTemps(t, dir)
		}
	})
}

// TestReliabilityStreams: a failed write stops the search at once; every
// signal ends a stream on a whole line, the closing event saying why; a
// SIGPIPE from outside ends the run.
func TestReliabilityStreams(t *testing.T) {
	t.Parallel() // each in folders of its own
	long := []string{"search", "--fen", "kiwipete", "--depth", "8", "--trace", "json"}
	t.Run("--trace-out on a full device", func(t *testing.T) {
		dir := t.TempDir()
		dev := filepath.Join(dir, "full")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
			t.Skip("cannot make a device node here (not root):", err)
		}
		o := runIn(t, dir, nil, "", append(long, "--trace-out", dev)...)
		sane(t, o, 1)
		if o.took > 10*time.Second {
			t.Errorf("stopped after %v: the search went on after the write failed", o.took)
		}
	})
	t.Run("standard output full", func(t *testing.T) {
		full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
		if err != nil {
			t.Skip("no /dev/full:", err)
		}
		defer full.Close()
		cmd := guarded(long...)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		cmd.Run()
		sane(t, outcome{code: cmd.ProcessState.ExitCode(), stderr: stderr.String()}, 1)
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("stopped after %v", took)
		}
	})
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE} {
		t.Run(sig.String(), func(t *testing.T) {
			if signal.Ignored(sig) {
				t.Skipf("%v is ignored by this process, so by the program it starts", sig)
			}
			dir := t.TempDir()
			out, err := os.Create(filepath.Join(dir, "trace.jsonl"))
			if err != nil {
				t.Fatal(err)
			}
			defer out.Close()
			cmd := guarded("search", "--fen", "kiwipete", "--depth", "30", "--trace", "json")
			cmd.Stdout = out
			cmd.Env = append(os.Environ(), "TMPDIR="+tmpdir(t))
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
				if st, _ := out.Stat(); st.Size() > 1<<20 {
					break
				}
			}
			signalAndWait(t, cmd, sig, "(835 MB were written on after an outside SIGPIPE)")
			data, _ := os.ReadFile(out.Name())
			if !bytes.HasSuffix(data, []byte("\n")) {
				t.Fatalf("the trace ends in the middle of a line: %q", data[max(0, len(data)-60):])
			}
			lastLine := data[bytes.LastIndexByte(data[:len(data)-1], '\n')+1:]
			if !json.Valid(lastLine) {
				t.Errorf("the last line is no JSON: %q", lastLine)
			}
			if sig != syscall.SIGPIPE && !bytes.Contains(lastLine, []byte(`"ev":"done"`)) || sig != syscall.SIGPIPE && !bytes.Contains(lastLine, []byte(`"stopped":"interrupted"`)) {
				t.Errorf("the trace does not close with a done event that says why it stopped: %s", lastLine)
			}
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != sig {
				t.Errorf("ended with %v, want by %v", cmd.ProcessState, sig)
			}
			noTemps(t, tmpdir(t))
		})
	}
}

// TestReliabilityTextFromFiles: text from a file reaches the terminal with
// its control characters escaped (step printed a trace's ESC[2J raw), and
// paths that reach Graphviz are escaped as it reads them (a NUL or a
// trailing backslash was a syntax error, exit 1). (A damaged cache's
// warning: TestReliabilityEnvironment.)
func TestReliabilityTextFromFiles(t *testing.T) {
	t.Parallel() // each in folders of its own
	dir := t.TempDir()
	o := runIn(t, dir, nil, "", "search", "--tree", "aima", "--trace", "json")
	if o.code != 0 {
		t.Fatal(o.stderr)
	}
	craft := func(name, path string) string {
		tr := strings.ReplaceAll(o.stdout, `"path":"1"`, `"path":"`+path+`"`)
		tr = strings.ReplaceAll(tr, `"move":"1"`, `"move":"`+path+`"`)
		return filepath.Base(write(t, dir, name, []byte(tr)))
	}
	evil := craft("evil.jsonl", `1\u001b[2J\u001b]0;title\u0007`)
	for _, args := range [][]string{{"step", evil, "--plain"}, {"render", evil, "--dot", "-", "--focus", "9"}} {
		r := runIn(t, dir, nil, "", args...)
		if strings.ContainsAny(r.stdout+r.stderr, "\x1b\x07") || !strings.Contains(r.stdout+r.stderr, `\x1b[2J`) {
			t.Errorf("%v: the control characters are not escaped:\n%q", args, r.stdout+r.stderr)
		}
	}
	for _, path := range []string{`1\\`, `1\u0000`} {
		tr := craft("p.jsonl", path)
		r := runIn(t, dir, nil, "", "render", tr, "--svg", "p.svg", "--renderer", "builtin")
		sane(t, r, 0)
	}
}
