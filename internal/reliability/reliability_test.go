package reliability

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"
)

var heavy = flag.Bool("reliability.heavy", false, "also run the cases that write or read files of hundreds of megabytes")

// budgetKB is the memory budget every command stays under, whatever its
// input: 2 GB of peak resident memory.
const budgetKB = 2 << 20

var bin string // the prunescope binary under test

// peak is the run with the largest peak memory, printed at the end with -v.
var peak struct {
	sync.Mutex
	kb   int64
	args string
}

func TestMain(m *testing.M) {
	// The goldens are English, whatever the locale of the machine running
	// the tests: messages in English (LC_MESSAGES; LC_ALL decides first,
	// and keeps its UTF-8 as C.UTF-8).
	if os.Getenv("LC_ALL") != "" {
		os.Setenv("LC_ALL", "C.UTF-8")
	}
	os.Setenv("LC_MESSAGES", "C")
	flag.Parse()
	if testing.Short() {
		os.Exit(0) // the suite builds and runs the real binary: only in the full go test
	}
	dir, err := os.MkdirTemp("", "ps-rel-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	bin = filepath.Join(dir, "prunescope")
	out, err := exec.Command("go", "build", "-o", bin, "../../cmd/prunescope").CombinedOutput()
	if err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	if testing.Verbose() {
		fmt.Printf("largest peak memory: %d MB (prunescope %s)\n", peak.kb>>10, peak.args)
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// outcome is what a run of the binary left.
type outcome struct {
	code           int
	stdout, stderr string
	maxRSSKB       int64
	took           time.Duration
}

// runIn runs the binary with args in dir, with the environment additions env
// and stdin, and a time limit that only guards against a hang.
func runIn(t *testing.T, dir string, env []string, stdin string, args ...string) outcome {
	t.Helper()
	cmd := guarded(args...)
	rss := ""
	if _, err := os.Stat(gnuTime); err == nil {
		rss = filepath.Join(t.TempDir(), "rss")
		cmd = exec.Command("sh", append([]string{"-c", limitAS + ` && exec ` + gnuTime + ` -q -f %M -o "$PSREL_RSS" "$0" "$@"`, bin}, args...)...)
		env = append(env, "PSREL_RSS="+rss)
	}
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "NO_COLOR=1", "TMPDIR="+tmpdir(t)), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		<-done
		t.Fatalf("prunescope %s: still running after 2 minutes (a hang)", strings.Join(args, " "))
	}
	o := outcome{code: cmd.ProcessState.ExitCode(), stdout: out.String(), stderr: errOut.String(), took: time.Since(start)}
	if rss != "" {
		b, err := os.ReadFile(rss)
		lines := strings.Fields(string(b))
		if err != nil || len(lines) == 0 {
			t.Fatalf("prunescope %s: no peak memory from %s: %v", strings.Join(args, " "), gnuTime, err)
		}
		if o.maxRSSKB, err = strconv.ParseInt(lines[len(lines)-1], 10, 64); err != nil {
			t.Fatalf("%s wrote %q", gnuTime, b)
		}
	} else if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		// Without GNU time: an upper bound, since Linux keeps the peak of the
		// process that started the binary (this test) across exec.
		o.maxRSSKB = ru.Maxrss
	}
	peak.Lock()
	if o.maxRSSKB > peak.kb {
		peak.kb, peak.args = o.maxRSSKB, strings.Join(args, " ")
	}
	peak.Unlock()
	return o
}

// guarded is the command that runs the binary with args under an address
// space limit of 6 GB, so that a runaway case fails (out of memory) instead of
// taking the machine down; the budget itself is checked on the peak
// resident memory.
func guarded(args ...string) *exec.Cmd {
	return exec.Command("sh", append([]string{"-c", limitAS + ` && exec "$0" "$@"`, bin}, args...)...)
}

// limitAS is the shell command that sets the address space limit.
const limitAS = "ulimit -v 6291456"

// gnuTime measures a run's own peak resident memory (its -f %M). The rusage
// Go gets for a child it started is no good for that: Linux carries the peak
// of the process that called exec (this test, hundreds of megabytes once it
// has held a large output) into the child's. GNU time forks from its own
// small image, so the figure it reports is the binary's alone.
const gnuTime = "/usr/bin/time"

// tmpdir is the TMPDIR the binary runs with: a folder of the test's own, so
// that a temporary file left behind is seen.
func tmpdir(t *testing.T) string {
	t.Helper()
	d := filepath.Join(os.TempDir(), "ps-rel-tmp-"+strings.ReplaceAll(t.Name(), "/", "_"))
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

// sane checks what every run must be: an exit code among 0, 1, 2 as
// wanted, no stack trace, an error of one line, memory under the budget,
// and no temporary file left in TMPDIR.
func sane(t *testing.T, o outcome, want int) {
	t.Helper()
	if o.code != want {
		t.Errorf("exit %d, want %d\nstderr: %s", o.code, want, o.stderr)
	}
	if strings.Contains(o.stderr, "goroutine ") || strings.Contains(o.stderr, "panic:") {
		t.Errorf("a stack trace:\n%s", o.stderr)
	}
	if want != 0 {
		lines := strings.Split(strings.TrimSpace(o.stderr), "\n")
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, "prunescope: ") || (want == 2 && len(lines) != 1) {
			t.Errorf("the error is not one line 'prunescope: WHERE: WHAT':\n%s", o.stderr)
		}
	}
	if o.maxRSSKB > budgetKB {
		t.Errorf("peak memory %d MB, over the %d MB budget", o.maxRSSKB>>10, budgetKB>>10)
	}
}

// noTemps checks that a folder holds nothing but the names given.
func noTemps(t *testing.T, dir string, keep ...string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		ok := false
		for _, k := range keep {
			if e.Name() == k {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%s is left in %s", e.Name(), dir)
		}
	}
}

// TestReliabilityHugeNumbers: depths, node counts and steps beyond any
// sensible size are refused before any work, for every command and game.
func TestReliabilityHugeNumbers(t *testing.T) {
	t.Parallel() // each in folders of its own
	const huge = "9223372036854775807"
	inputs := [][]string{{"--tree", "aima"}, {"--game", "tictactoe"}, {"--fen", "start"}}
	for _, in := range inputs {
		for _, c := range [][]string{
			{"search", "--depth", huge},
			{"search", "--depth", "1000000"},
			{"search", "--depth", "2147483647"},
			{"compare", "--depth", huge},
			{"step", "--steps", "3", "--depth", huge},
			{"diff", "alphabeta", "minimax", "--depth", huge},
			{"search", "--nodes", "-5"},
		} {
			args := append(append([]string(nil), c...), in...)
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				o := runIn(t, t.TempDir(), nil, "", args...)
				sane(t, o, 2)
			})
		}
	}
	t.Run("perft", func(t *testing.T) {
		sane(t, runIn(t, t.TempDir(), nil, "", "perft", "--fen", "start", "--depth", huge), 2)
	})
}

// TestReliabilityMalformedTrace: step and render refuse a trace that breaks
// what they rely on, with one line naming it.
func TestReliabilityMalformedTrace(t *testing.T) {
	t.Parallel() // each in folders of its own
	dir := t.TempDir()
	trace := `{"seq":0,"ev":"enter","node":0,"path":"","ply":-1,"depth":2,"side":"max"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "bad.jsonl"), []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"step", "bad.jsonl", "--steps", "5"}, {"render", "bad.jsonl", "--dot", "out.dot"}} {
		o := runIn(t, dir, nil, "", args...)
		sane(t, o, 2)
		if !strings.Contains(o.stderr, "bad.jsonl:1") {
			t.Errorf("%v: the error does not name the line: %s", args, o.stderr)
		}
	}
	noTemps(t, dir, "bad.jsonl")
}

// TestReliabilityFrames: a frames deck that cannot be made leaves the old
// deck as it was.
func TestReliabilityFrames(t *testing.T) {
	t.Parallel() // each in folders of its own
	dir := t.TempDir()
	o := runIn(t, dir, nil, "", "step", "--tree", "aima", "--frames", "deck")
	sane(t, o, 0)
	before, err := os.ReadDir(filepath.Join(dir, "deck"))
	if err != nil || len(before) == 0 {
		t.Fatalf("no deck: %v", err)
	}
	o = runIn(t, dir, nil, "", "step", "--tree", "aima", "--frames", "deck", "--frames-max", "2")
	sane(t, o, 2)
	after, err := os.ReadDir(filepath.Join(dir, "deck"))
	if err != nil || len(after) != len(before) {
		t.Errorf("the old deck was touched: %d files, was %d (%v)", len(after), len(before), err)
	}
	// A step interval past the last step (it overflowed, and panicked after
	// the old deck was deleted) draws the first step and the last.
	o = runIn(t, dir, nil, "", "step", "--tree", "aima", "--frames", "deck", "--frames-every", "9223372036854775807")
	sane(t, o, 0)
	after, err = os.ReadDir(filepath.Join(dir, "deck"))
	if err != nil || len(after) != 3 {
		t.Errorf("--frames-every MaxInt64: %d files in the deck, want two frames and the page (%v)", len(after), err)
	}
	noTemps(t, dir, "deck")
}

// TestReliabilityOutputs: outputs never replace what is not theirs.
func TestReliabilityOutputs(t *testing.T) {
	t.Parallel() // each in folders of its own
	if runtime.GOOS != "linux" {
		t.Skip("device and FIFO cases are Linux's")
	}
	t.Run("device", func(t *testing.T) {
		// A device node of our own, like /dev/full (character device 1,7):
		// it takes no byte, so the write fails (exit 1), and it must stay a
		// device. (Never /dev/full itself: a regression would replace the
		// machine's.)
		dir := t.TempDir()
		dev := filepath.Join(dir, "full")
		if err := syscall.Mknod(dev, syscall.S_IFCHR|0o666, 1<<8|7); err != nil {
			t.Skip("cannot make a device node here (not root):", err)
		}
		o := runIn(t, dir, nil, "", "search", "--tree", "aima", "--trace", "none", "--dot", dev)
		sane(t, o, 1)
		if fi, err := os.Lstat(dev); err != nil || fi.Mode()&os.ModeDevice == 0 {
			t.Fatalf("the device node was replaced by a file: %v %v", fi.Mode(), err)
		}
	})
	t.Run("fifo", func(t *testing.T) {
		dir := t.TempDir()
		fifo := filepath.Join(dir, "pipe")
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Skip("no FIFO here:", err)
		}
		got := make(chan []byte, 1)
		go func() {
			data, _ := os.ReadFile(fifo)
			got <- data
		}()
		o := runIn(t, dir, nil, "", "search", "--tree", "aima", "--trace", "none", "--dot", fifo)
		sane(t, o, 0)
		select {
		case data := <-got:
			if !bytes.Contains(data, []byte("digraph")) {
				t.Errorf("the FIFO got %q", data)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("nothing was written to the FIFO")
			if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
				f.Close() // release the reader
			}
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			t.Errorf("the FIFO was replaced: %v", err)
		}
	})
	t.Run("symlink", func(t *testing.T) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "target.dot"), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink("target.dot", filepath.Join(dir, "link.dot")); err != nil {
			t.Fatal(err)
		}
		o := runIn(t, dir, nil, "", "search", "--tree", "aima", "--trace", "none", "--dot", "link.dot")
		sane(t, o, 0)
		if fi, err := os.Lstat(filepath.Join(dir, "link.dot")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the symlink was replaced: %v", err)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, "target.dot")); !bytes.Contains(data, []byte("digraph")) {
			t.Errorf("the symlink's target was not written: %q", data)
		}
		noTemps(t, dir, "target.dot", "link.dot")
	})
	t.Run("input as output", func(t *testing.T) {
		dir := t.TempDir()
		tree := []byte("((3 12 8) (2 4 6))")
		if err := os.WriteFile(filepath.Join(dir, "t.txt"), tree, 0o644); err != nil {
			t.Fatal(err)
		}
		o := runIn(t, dir, nil, "", "search", "--tree", "t.txt", "--dot", "t.txt")
		sane(t, o, 2)
		if data, _ := os.ReadFile(filepath.Join(dir, "t.txt")); !bytes.Equal(data, tree) {
			t.Errorf("the input was overwritten: %q", data)
		}
	})
	t.Run("two outputs on one path", func(t *testing.T) {
		dir := t.TempDir()
		o := runIn(t, dir, nil, "", "search", "--tree", "aima", "--dot", "a", "--svg", "a")
		sane(t, o, 2)
		noTemps(t, dir)
	})
	t.Run("long name", func(t *testing.T) {
		dir := t.TempDir()
		name := strings.Repeat("n", 245) + ".dot" // 249 bytes: within the 255 a name may have
		o := runIn(t, dir, nil, "", "search", "--tree", "aima", "--trace", "none", "--dot", name)
		sane(t, o, 0)
		noTemps(t, dir, name)
	})
	t.Run("read-only folder", func(t *testing.T) {
		if os.Geteuid() == 0 {
			t.Skip("root writes into read-only folders")
		}
		dir := t.TempDir()
		ro := filepath.Join(dir, "ro")
		if err := os.Mkdir(ro, 0o555); err != nil {
			t.Fatal(err)
		}
		o := runIn(t, dir, nil, "", "search", "--fen", "kiwipete", "--depth", "6", "--svg", "ro/x.svg")
		sane(t, o, 2)
		if o.took > 10*time.Second {
			t.Errorf("the folder was checked only after the search (%v)", o.took)
		}
	})
}

// TestReliabilityWriteErrors: a full standard output is a failure, exit 1,
// for every command.
func TestReliabilityWriteErrors(t *testing.T) {
	t.Parallel() // each in folders of its own
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full:", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"quiz", "--tree", "aima", "--print"},
		{"quiz", "--tree", "aima", "--key"},
		{"quiz", "check", "--tree", "aima", "--answer", "value 3; best 1; never 2.2 2.3"},
		{"tree", "list"},
		{"positions"},
		{"lesson", "list"},
		{"lesson", "show", "alpha-beta"},
		{"version"},
		{"--help"},
		{"search", "--help"},
		{"search", "--tree", "aima"},
		{"compare", "--tree", "aima"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd := guarded(args...)
			cmd.Env = append(os.Environ(), "NO_COLOR=1")
			cmd.Stdout = full
			var errOut bytes.Buffer
			cmd.Stderr = &errOut
			cmd.Run()
			sane(t, outcome{code: cmd.ProcessState.ExitCode(), stderr: errOut.String()}, 1)
		})
	}
}

// TestReliabilityEnvironment: a broken cache or a dumb terminal break
// nothing.
func TestReliabilityEnvironment(t *testing.T) {
	t.Parallel() // each in folders of its own
	t.Run("TERM=dumb", func(t *testing.T) {
		o := runIn(t, t.TempDir(), []string{"TERM=dumb", "NO_COLOR="}, "", "search", "--tree", "aima", "--color", "auto")
		sane(t, o, 0)
		if strings.Contains(o.stdout, "\x1b[") {
			t.Errorf("escapes under TERM=dumb:\n%q", o.stdout)
		}
	})
	t.Run("unusable cache", func(t *testing.T) {
		dir := t.TempDir()
		cache := filepath.Join(dir, "file-not-folder")
		if err := os.WriteFile(cache, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		o := runIn(t, dir, []string{"PRUNESCOPE_CACHE_DIR=" + cache}, "", "search", "--tree", "aima")
		sane(t, o, 0)
	})
	t.Run("corrupted cache", func(t *testing.T) {
		dir := t.TempDir()
		cache := filepath.Join(dir, "cache")
		env := []string{"PRUNESCOPE_CACHE_DIR=" + cache}
		o := runIn(t, dir, env, "", "search", "--tree", "aima", "--trace", "none", "--svg", "a.svg", "--renderer", "builtin")
		sane(t, o, 0)
		// Scramble every file the cache holds, with bytes a terminal would
		// obey.
		filepath.Walk(cache, func(p string, fi os.FileInfo, err error) error {
			if err == nil && fi.Mode().IsRegular() {
				os.WriteFile(p, bytes.Repeat([]byte("\x1b[2J\xde\xad\xff"), 64), 0o644)
			}
			return nil
		})
		for _, args := range [][]string{{"--help"}, {"search", "--tree", "aima", "--trace", "none", "--svg", "b.svg", "--renderer", "builtin"}} {
			o := runIn(t, dir, env, "", args...)
			sane(t, o, 0)
			// The warning copied raw bytes of the damaged entry.
			if strings.Contains(o.stderr, "\x1b") || !utf8.ValidString(o.stderr) {
				t.Errorf("%v: the warning holds raw bytes: %q", args, o.stderr)
			}
		}
	})
}

// TestReliabilityTemporaryFiles: no temporary file outlives a run, however
// it ends.
func TestReliabilityTemporaryFiles(t *testing.T) {
	t.Parallel() // each in folders of its own
	t.Run("step | head", func(t *testing.T) {
		dir := t.TempDir()
		tmp := tmpdir(t)
		cmd := exec.Command("sh", "-c", bin+" step --fen start --depth 3 --plain | head -3 >/dev/null")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		cmd.Run()
		time.Sleep(200 * time.Millisecond)
		noTemps(t, tmp)
	})
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel() // each in folders of its own; most of the time is the wait before the signal
			if signal.Ignored(sig) {
				t.Skipf("%v is ignored by this process (nohup, a background job), so by the program it starts", sig)
			}
			dir := t.TempDir()
			tmp := tmpdir(t)
			cmd := guarded("search", "--fen", "kiwipete", "--depth", "7", "--trace", "json", "--trace-out", "big.jsonl")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond) // well into the search and its trace
			signalAndWait(t, cmd, sig, "")
			if sig == syscall.SIGKILL && runtime.GOOS != "linux" {
				return // only Linux writes outputs to a file without a name
			}
			if sig != syscall.SIGINT {
				// SIGKILL too: the output had no name while it was written.
				noTemps(t, dir) // SIGINT keeps the trace so far (the search stops and says so)
			} else {
				noTemps(t, dir, "big.jsonl")
			}
			noTemps(t, tmp)
		})
	}
}

// TestReliabilityBigInputs: inputs near and over the documented sizes stay
// under the memory budget (and over them are refused).
func TestReliabilityBigInputs(t *testing.T) {
	t.Parallel() // each in folders of its own
	t.Run("wide root, max-draw 1", func(t *testing.T) {
		dir := t.TempDir()
		var b strings.Builder
		b.WriteString("(")
		for i := 0; i < 20000; i++ {
			fmt.Fprintf(&b, "%d ", i%97)
		}
		b.WriteString(")")
		if err := os.WriteFile(filepath.Join(dir, "wide.txt"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		o := runIn(t, dir, nil, "", "search", "--tree", "wide.txt", "--trace", "none", "--dot", "w.dot", "--max-draw", "1")
		sane(t, o, 0)
		if o.took > 30*time.Second {
			t.Errorf("took %v: --max-draw does not bound the first ply", o.took)
		}
	})
	t.Run("step on a deep chess search", func(t *testing.T) {
		o := runIn(t, t.TempDir(), nil, "", "step", "--fen", "start", "--depth", "100", "--steps", "3")
		sane(t, o, 0)
		if n := strings.Count(o.stdout, "[step "); n != 3 {
			t.Errorf("%d steps printed, want 3", n)
		}
		if o.took > 30*time.Second {
			t.Errorf("took %v: the search does not stop once its trace holds the steps", o.took)
		}
	})
	t.Run("halfmove clock", func(t *testing.T) {
		o := runIn(t, t.TempDir(), nil, "", "search", "--fen", "8/8/8/8/8/8/8/K6k w - - 4294967296 1", "--depth", "2")
		sane(t, o, 2)
	})
	if !*heavy {
		t.Log("the cases with inputs of hundreds of megabytes run with -reliability.heavy")
		return
	}
	t.Run("step through a deep chess search", func(t *testing.T) {
		// The whole trace is played: the search stops at step's trace limit
		// (256 MiB written and read back: 4 s, so with the heavy cases).
		o := runIn(t, t.TempDir(), nil, "", "step", "--fen", "start", "--depth", "100", "--cuts")
		sane(t, o, 0)
		if !strings.Contains(o.stderr, "its trace reached 256 MiB") {
			t.Errorf("no note that the trace limit stopped the search: %s", o.stderr)
		}
		t.Logf("step through a depth-100 chess search (256 MiB trace): peak %d MB, %v", o.maxRSSKB>>10, o.took.Round(time.Millisecond))
	})
	t.Run("40 MB tree", func(t *testing.T) {
		dir := t.TempDir()
		f, err := os.Create(filepath.Join(dir, "big.txt"))
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		for b.Len() < 40<<20 {
			b.WriteString("((1 2 3) (4 5 6) (7 8 9)) ")
		}
		fmt.Fprintf(f, "(%s)", b.String())
		f.Close()
		o := runIn(t, dir, nil, "", "search", "--tree", "big.txt", "--depth", "1", "--trace", "none")
		sane(t, o, 2)
		if !strings.Contains(o.stderr, "1000000 nodes") {
			t.Errorf("the refusal does not name the node limit: %s", o.stderr)
		}
		t.Logf("40 MB tree (20 million nodes): refused, peak %d MB, %v", o.maxRSSKB>>10, o.took.Round(time.Millisecond))
	})
	t.Run("tree of a million nodes", func(t *testing.T) {
		// The largest tree read: 999,999 leaves under one root, searched,
		// traced to a file and drawn.
		dir := t.TempDir()
		var b bytes.Buffer
		b.WriteString("(")
		for i := 0; i < 999_999; i++ {
			fmt.Fprintf(&b, "%d ", i%1000)
		}
		b.WriteString(")")
		if err := os.WriteFile(filepath.Join(dir, "million.txt"), b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		o := runIn(t, dir, nil, "", "search", "--tree", "million.txt", "--trace-out", "m.jsonl", "--svg", "m.svg")
		sane(t, o, 0)
		t.Logf("a tree of a million nodes searched, traced and drawn: peak %d MB, %v", o.maxRSSKB>>10, o.took.Round(time.Millisecond))
	})
	t.Run("render a large trace", func(t *testing.T) {
		dir := t.TempDir()
		o := runIn(t, dir, nil, "", "search", "--fen", "kiwipete", "--depth", "5", "--nodes", "3000000", "--trace", "json", "--trace-out", "big.jsonl")
		fi, err := os.Stat(filepath.Join(dir, "big.jsonl"))
		if err != nil {
			t.Fatal(err, o.stderr)
		}
		o = runIn(t, dir, nil, "", "render", "big.jsonl", "--svg", "big.svg")
		sane(t, o, 0)
		t.Logf("render of a %d MB trace: peak %d MB, %v", fi.Size()>>20, o.maxRSSKB>>10, o.took.Round(time.Millisecond))
		o = runIn(t, dir, nil, "", "step", "big.jsonl", "--cuts")
		sane(t, o, 0)
		t.Logf("step through a %d MB trace: peak %d MB, %v", fi.Size()>>20, o.maxRSSKB>>10, o.took.Round(time.Millisecond))
	})
}

// quizBudgetKB is what checking an answer to a quiz on the 88,573 nodes of
// tree random -b 3 -d 10 may use: memory linear in the tree (about 200 MB
// measured), with room to spare, far under the 2 GB budget. It took more
// than 2 GB (an out-of-memory stack trace) when every mistaken search the
// checker tries, one per node, copied the tree.
const quizBudgetKB = 640 << 10

// TestReliabilityQuizMemory: quiz check on a large given tree answers
// within the quiz's memory, under the conventions that cost it most too; a
// tree whose search reaches more nodes than a quiz takes is refused in one
// line before the quiz is made.
func TestReliabilityQuizMemory(t *testing.T) {
	t.Parallel() // each in folders of its own
	dir := t.TempDir()
	for _, c := range []struct {
		file  string
		depth string
	}{{"t10.txt", "10"}, {"t11.txt", "11"}} {
		o := runIn(t, dir, nil, "", "tree", "random", "-b", "3", "-d", c.depth, "--seed", "1")
		sane(t, o, 0)
		if err := os.WriteFile(filepath.Join(dir, c.file), []byte(o.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	conventions := [][]string{nil}
	if *heavy {
		conventions = append(conventions, []string{"--algo", "branch-bound"}, []string{"--order-children", "rtl", "--fail", "soft", "--cutoff", "gt"})
	}
	for _, conv := range conventions {
		args := append([]string{"quiz", "check", "--tree", "t10.txt", "--answer", "value 0; best 1; never none"}, conv...)
		o := runIn(t, dir, nil, "", args...)
		sane(t, o, 1)
		if !strings.Contains(o.stdout, "score ") || !strings.Contains(o.stdout, "nothing pruned, as in minimax") {
			t.Errorf("%v: no report:\n%.500s", conv, o.stdout)
		}
		if o.maxRSSKB > quizBudgetKB {
			t.Errorf("%v: peak memory %d MB checking a quiz on 88,573 nodes, over the quiz's %d MB", conv, o.maxRSSKB>>10, quizBudgetKB>>10)
		}
		t.Logf("quiz check on 88,573 nodes %v: peak %d MB, %v", conv, o.maxRSSKB>>10, o.took.Round(time.Millisecond))
	}
	o := runIn(t, dir, nil, "", "quiz", "check", "--tree", "t11.txt", "--answer", "value 0; best 1; never none")
	sane(t, o, 2)
	if !strings.Contains(o.stderr, "prunescope: --tree: a search of 11 plies reaches 265720 nodes of the tree: a quiz takes at most 200000") {
		t.Errorf("265,720 nodes: %s", o.stderr)
	}
	t.Logf("quiz check on 265,720 nodes: refused, peak %d MB, %v", o.maxRSSKB>>10, o.took.Round(time.Millisecond))
	noTemps(t, dir, "t10.txt", "t11.txt")
}

// signalAndWait sends sig to a started command and waits for it to end,
// failing the test (why says more, if anything) when it has not ended
// within 20 s.
func signalAndWait(t *testing.T, cmd *exec.Cmd, sig os.Signal, why string) {
	t.Helper()
	cmd.Process.Signal(sig)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%v did not stop it %s", sig, why)
	}
}
