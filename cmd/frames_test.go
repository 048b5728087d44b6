package cmd

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// fakeDot puts a dot executable first on PATH that runs script (sh).
func fakeDot(t *testing.T, script string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("needs a shell script as dot")
	}
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "dot"), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// deckState is what a frames folder and its parent hold.
func deckState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	for _, d := range []string{filepath.Dir(dir), dir} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			data, _ := os.ReadFile(filepath.Join(d, e.Name()))
			b.WriteString(filepath.Join(d, e.Name()) + " " + string(data[:min(len(data), 80)]) + "\n")
		}
	}
	return b.String()
}

// TestFramesKeepOldDeck: a run of step --frames that fails while drawing,
// or is interrupted, leaves the old deck as it was and no temporary folder.
func TestFramesKeepOldDeck(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "slides")
	if r := run(t, "", "step", "--tree", "aima", "--frames", dir, "--frames-every", "8", "--renderer", "builtin"); r.code != 0 {
		t.Fatal(r)
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	before := deckState(t, dir)

	// dot fails at the third frame.
	count := filepath.Join(t.TempDir(), "count")
	fakeDot(t, `echo x >> `+count+`; [ $(wc -l < `+count+`) -lt 3 ] || { echo "dot: boom" >&2; exit 1; }; cat >/dev/null; echo '<svg></svg>'`)
	r := run(t, "", "step", "--tree", "aima", "--frames", dir, "--renderer", "dot")
	if r.code != 1 || !strings.Contains(r.stderr, "boom") {
		t.Errorf("want exit 1 with dot's error: %s", r)
	}
	if after := deckState(t, dir); after != before {
		t.Errorf("a failed run changed the frames folder:\n--- before\n%s--- after\n%s", before, after)
	}

	// Ctrl-C while drawing the second frame.
	marker := filepath.Join(t.TempDir(), "drawing")
	count = filepath.Join(t.TempDir(), "count")
	fakeDot(t, `echo x >> `+count+`; [ $(wc -l < `+count+`) -lt 2 ] || touch `+marker+`; sleep 0.2; cat >/dev/null; echo '<svg></svg>'`)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if _, err := os.Stat(marker); err == nil {
				break
			}
		}
		cancel()
	}()
	var out, errOut strings.Builder
	code := Run(ctx, []string{"step", "--tree", "aima", "--frames", dir, "--renderer", "dot"}, &Streams{In: strings.NewReader(""), Out: &out, Err: &errOut})
	if code != 1 || !strings.Contains(errOut.String(), "interrupted: no frames written") {
		t.Errorf("Ctrl-C: exit %d, %q", code, errOut.String())
	}
	if after := deckState(t, dir); after != before {
		t.Errorf("an interrupted run changed the frames folder:\n--- before\n%s--- after\n%s", before, after)
	}

	// A whole run replaces the deck, and keeps what is not a frame.
	fakeDot(t, `cat >/dev/null; echo '<svg>new</svg>'`)
	if r := run(t, "", "step", "--tree", "aima", "--frames", dir, "--frames-every", "4", "--renderer", "dot"); r.code != 0 {
		t.Fatal(r)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if got := strings.Join(names, " "); got != "index.html notes.txt step-0001.svg step-0005.svg step-0009.svg step-0013.svg step-0017.svg" {
		t.Errorf("frames folder: %s", got)
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 1 {
		t.Errorf("beside the frames folder: %v", entries)
	}
}

// TestFramesFolderNotWritable refuses, before the search, a frames folder
// that cannot be written or made.
func TestFramesFolderNotWritable(t *testing.T) {
	ro := readOnlyDir(t)
	for _, dir := range []string{ro, filepath.Join(ro, "new", "slides")} {
		r := run(t, "", "step", "--tree", "aima", "--frames", dir)
		if r.code != 2 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "--frames "+dir+": folder "+ro+" is not writable") {
			t.Errorf("--frames %s: want exit 2 and one line naming the folder:\n%s", dir, r)
		}
	}
	// Each of lesson run's folders is blamed on its own flag (--html was
	// blamed on --out).
	for _, flag := range []string{"--out", "--html"} {
		r := run(t, "", "lesson", "run", "alpha-beta", flag, ro)
		if r.code != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "prunescope: "+flag+" "+ro+": folder "+ro+" is not writable") {
			t.Errorf("lesson run %s %s: want exit 2 before the lesson, one line:\n%s", flag, ro, r)
		}
	}
}

// TestLessonFolderFlagNamed: a lesson's folder that cannot be made, or is a
// file, is refused before the lesson with one line naming its flag and the
// path, whoever runs the test (root included).
func TestLessonFolderFlagNamed(t *testing.T) {
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, flag := range []string{"--out", "--html"} {
		for _, dir := range []string{file, filepath.Join(file, "pages")} {
			refused(t, "lesson run "+flag+" "+dir, run(t, "", "lesson", "run", "alpha-beta", flag, dir), "prunescope: "+flag+": ", dir)
		}
	}
}
