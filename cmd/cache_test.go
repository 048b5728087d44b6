package cmd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/gvcache"
)

// runEnv runs the binary with extra environment variables.
func runEnv(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(binary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code = cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatalf("%v: %v", args, err)
	}
	return code, out.String(), errOut.String()
}

// TestNoDrawingNoCache: commands that draw nothing never load Graphviz nor
// touch its compilation cache (it used to be compiled at every start, 3 s
// without a usable cache folder).
func TestNoDrawingNoCache(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: five commands in processes of their own; the whole run checks them")
	}
	dir := t.TempDir()
	cache, tmp := filepath.Join(dir, "cache"), filepath.Join(dir, "tmp")
	os.Mkdir(tmp, 0o700)
	env := []string{gvcache.CacheDirEnv + "=" + cache, "TMPDIR=" + tmp}
	for _, args := range [][]string{{"--help"}, {"search", "--tree", "aima"}, {"search", "--tree", "aima", "--dot", "-"}, {"step", "--tree", "aima", "--steps", "1"}, {"quiz", "--tree", "aima", "--key"}} {
		if code, _, stderr := runEnv(t, env, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		if _, err := os.Stat(cache); err == nil {
			t.Fatalf("%v made the drawing cache folder", args)
		}
		if left, _ := os.ReadDir(tmp); len(left) > 0 {
			t.Fatalf("%v wrote into TMPDIR: %v", args, left)
		}
	}
}

// TestDamagedCacheBinary damages the compilation cache as a crash or a full
// disk can: every command used to panic before main, --help included, until
// the file was removed by hand. Now a command that draws nothing does not
// notice, and one that draws rebuilds the entry with one warning.
func TestDamagedCacheBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles Graphviz without a cache")
	}
	// A good cache entry, made by the binary in the usual cache folder (warm
	// after the first run on a machine; a test binary's wazero names its
	// folder differently), copied into a folder of the test's own.
	svg := filepath.Join(t.TempDir(), "x.svg")
	draw := []string{"search", "--tree", "aima", "--trace", "none", "--svg", svg, "--renderer", "builtin"}
	if code, _, stderr := runEnv(t, nil, draw...); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	src := gvcache.Dir() // the folder the binary chose too: same environment
	base := t.TempDir()
	env := []string{gvcache.CacheDirEnv + "=" + base}
	var entry string
	files, _ := filepath.Glob(filepath.Join(src, "wazero-v*", "*"))
	for _, f := range files {
		rel, _ := filepath.Rel(src, f)
		p := filepath.Join(base, "go-graphviz", rel)
		os.MkdirAll(filepath.Dir(p), 0o700)
		b, _ := os.ReadFile(f)
		os.WriteFile(p, b, 0o600)
		if !strings.HasSuffix(p, ".sha256") {
			entry = p
		}
	}
	if entry == "" {
		t.Skip("no cache entry to damage in", src)
	}
	f, _ := os.OpenFile(entry, os.O_WRONLY, 0)
	f.WriteAt([]byte(strings.Repeat("\x5a\xa5\x3c\xc3", 64)), 200) // the table of function offsets
	f.Close()

	if code, stdout, stderr := runEnv(t, env, "--help"); code != 0 || stderr != "" || !strings.Contains(stdout, "Usage:") {
		t.Errorf("--help with a damaged cache: exit %d\n%.1000s", code, stderr)
	}
	code, _, stderr := runEnv(t, env, draw...)
	if code != 0 {
		t.Fatalf("drawing with a damaged cache: exit %d\n%.2000s", code, stderr)
	}
	if n := strings.Count(stderr, "prunescope: warning: "); n != 1 || !strings.Contains(stderr, "damaged") {
		t.Errorf("want one warning line about the damaged cache:\n%s", stderr)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "</svg>") {
		t.Errorf("no drawing: %v", err)
	}
	// The entry is whole again: no warning the second time.
	if code, _, stderr := runEnv(t, env, draw...); code != 0 || strings.Contains(stderr, "warning") {
		t.Errorf("second run: exit %d\n%s", code, stderr)
	}
}
