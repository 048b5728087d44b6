package render

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/prunescope/prunescope/internal/gvcache"
)

// These tests start this test binary again as a helper process, so that
// package initialisation (internal/gvcache's init, then go-graphviz's, then
// this package's) runs under an environment the test chooses.

const helperEnv = "PRUNESCOPE_RENDER_TEST_HELPER"

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) == "1" {
		os.Exit(helperMain())
	}
	code := m.Run()
	if coldCache.dir != "" {
		os.RemoveAll(coldCache.dir)
	}
	os.Exit(code)
}

// coldCache is a cache folder filled by one helper run that started without a
// cache, shared by the tests below: compiling Graphviz without a cache takes
// seconds (more under the race detector).
var coldCache struct {
	once   sync.Once
	dir    string // the base folder (PRUNESCOPE_CACHE_DIR of that run)
	tmpdir string // TMPDIR of that run
	result helperResult
	err    error
}

func coldCacheRun(t *testing.T) (dir, tmpdir string, r helperResult) {
	t.Helper()
	coldCache.once.Do(func() {
		coldCache.dir, coldCache.err = os.MkdirTemp("", "render-cache-")
		if coldCache.err != nil {
			return
		}
		coldCache.tmpdir = filepath.Join(coldCache.dir, "tmp")
		if coldCache.err = os.Mkdir(coldCache.tmpdir, 0o700); coldCache.err != nil {
			return
		}
		cache := filepath.Join(coldCache.dir, "cache")
		coldCache.result = runHelper(t, gvcache.CacheDirEnv+"="+cache, "TMPDIR="+coldCache.tmpdir)
	})
	if coldCache.err != nil {
		t.Fatal(coldCache.err)
	}
	return filepath.Join(coldCache.dir, "cache"), coldCache.tmpdir, coldCache.result
}

// helperMain reports what the process saw after initialisation, and renders.
func helperMain() int {
	v, set := os.LookupEnv("TMPDIR")
	out, err := Render(context.Background(), []byte("digraph { a -> b }"), PNG, Builtin)
	fmt.Printf("dir=%s\ntmpdir=%s\ntmpdirset=%v\nrendered=%d\nerr=%v\n", gvcache.Dir(), v, set, len(out), err)
	if err != nil {
		return 1
	}
	return 0
}

type helperResult struct {
	fields map[string]string
	stderr string
	err    error
}

// runHelper runs the helper with the given variables; "-NAME" unsets NAME.
func runHelper(t *testing.T, vars ...string) helperResult {
	t.Helper()
	drop := map[string]bool{"TMPDIR": true, gvcache.CacheDirEnv: true, gvcache.SwitchEnv: true, helperEnv: true}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !drop[k] {
			env = append(env, kv)
		}
	}
	env = append(env, helperEnv+"=1")
	for _, v := range vars {
		if !strings.HasPrefix(v, "-") {
			env = append(env, v)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = env
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := helperResult{fields: map[string]string{}, stderr: stderr.String(), err: err}
	for _, line := range strings.Split(stdout.String(), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			r.fields[k] = v
		}
	}
	return r
}

// cacheEntries lists the files wazero keeps in a go-graphviz cache folder.
func cacheEntries(t *testing.T, gv string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(gv, "wazero-*", "*"))
	return files
}

// TestInitOrder checks that internal/gvcache's init runs before go-graphviz's:
// go-graphviz must put its compiled code under $PRUNESCOPE_CACHE_DIR, not under
// $TMPDIR, and this package must hand the program its TMPDIR back.
func TestInitOrder(t *testing.T) {
	cache, tmp, r := coldCacheRun(t)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	gv := filepath.Join(cache, "go-graphviz")
	if r.fields["dir"] != gv {
		t.Errorf("gvcache.Dir() = %q, want %q", r.fields["dir"], gv)
	}
	files := cacheEntries(t, gv)
	if len(files) == 0 {
		t.Fatalf("go-graphviz left no compiled code in %s: its init ran before gvcache's", gv)
	}
	if st, err := os.Stat(files[0]); err != nil || st.Size() < 100000 {
		t.Errorf("cache entry %s: %v", files[0], err)
	}
	if _, err := os.Stat(filepath.Join(tmp, "go-graphviz")); err == nil {
		t.Errorf("go-graphviz used $TMPDIR/go-graphviz")
	}
	if r.fields["tmpdir"] != tmp || r.fields["tmpdirset"] != "true" {
		t.Errorf("TMPDIR after initialisation = %q (set %s), want %q", r.fields["tmpdir"], r.fields["tmpdirset"], tmp)
	}
	if r.fields["rendered"] == "0" {
		t.Error("helper rendered nothing")
	}

	// TMPDIR unset at start: unset again after initialisation (the same
	// cache folder, now warm).
	r = runHelper(t, gvcache.CacheDirEnv+"="+cache, "-TMPDIR")
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	if r.fields["tmpdirset"] != "false" {
		t.Errorf("TMPDIR was unset, after initialisation it is %q", r.fields["tmpdir"])
	}
}

// poison makes base/go-graphviz/<wazero folder>/<entry> a symbolic link to
// itself for every entry of a real cache: opening it fails with "too many
// levels of symbolic links" even for root, as opening another user's cache
// fails with "permission denied". wazero returns that error from its cache
// lookup and go-graphviz's init panics.
func poison(t *testing.T, real, base string) {
	t.Helper()
	files := cacheEntries(t, real)
	if len(files) == 0 {
		t.Fatal("no cache to imitate")
	}
	for _, f := range files {
		rel, _ := filepath.Rel(real, f)
		p := filepath.Join(base, "go-graphviz", rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Base(p), p); err != nil {
			t.Fatal(err)
		}
	}
}

// copyCache copies a cache folder's entries into base/go-graphviz.
func copyCache(t *testing.T, real, base string) {
	t.Helper()
	for _, f := range cacheEntries(t, real) {
		rel, _ := filepath.Rel(real, f)
		p := filepath.Join(base, "go-graphviz", rel)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// TestPoisonedCache reproduces go-graphviz's panic on a cache it cannot read,
// and checks that gvcache steers around such a cache.
func TestPoisonedCache(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helpers that compile Graphviz without a cache")
	}
	// A good cache to imitate.
	good, _, r := coldCacheRun(t)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	goodGV := filepath.Join(good, "go-graphviz")
	uid := fmt.Sprintf("prunescope-%d", os.Getuid())

	bad := t.TempDir()
	poison(t, goodGV, bad)

	// Control: without gvcache's help, go-graphviz panics at start.
	r = runHelper(t, gvcache.SwitchEnv+"=off", "TMPDIR="+bad)
	if r.err == nil || !strings.Contains(r.stderr, "panic") || !strings.Contains(r.stderr, "go-graphviz") {
		t.Fatalf("the poisoned cache did not make go-graphviz panic (err %v):\n%.2000s", r.err, r.stderr)
	}

	// The preferred folder is poisoned: the per-user temporary folder is used.
	tmp := t.TempDir()
	copyCache(t, goodGV, filepath.Join(tmp, uid)) // warm, to keep the test fast
	r = runHelper(t, gvcache.CacheDirEnv+"="+bad, "TMPDIR="+tmp)
	if r.err != nil {
		t.Fatalf("with a poisoned cache folder: %v\n%.2000s", r.err, r.stderr)
	}
	if want := filepath.Join(tmp, uid, "go-graphviz"); r.fields["dir"] != want {
		t.Errorf("gvcache.Dir() = %q, want %q", r.fields["dir"], want)
	}
	if r.fields["tmpdir"] != tmp {
		t.Errorf("TMPDIR after initialisation = %q, want %q", r.fields["tmpdir"], tmp)
	}

	// Both poisoned: go-graphviz runs without a cache, and does not panic.
	tmp2 := t.TempDir()
	poison(t, goodGV, filepath.Join(tmp2, uid))
	r = runHelper(t, gvcache.CacheDirEnv+"="+bad, "TMPDIR="+tmp2)
	if r.err != nil {
		t.Fatalf("with every cache folder poisoned: %v\n%.2000s", r.err, r.stderr)
	}
	if r.fields["dir"] != "" {
		t.Errorf("gvcache.Dir() = %q, want none", r.fields["dir"])
	}
	if r.fields["tmpdir"] != tmp2 {
		t.Errorf("TMPDIR after initialisation = %q, want %q", r.fields["tmpdir"], tmp2)
	}
}

// TestUnwritableCache is the case seen in the field: the go-graphviz folder
// exists but this user may not write in it. Root may write anywhere, so the
// test needs another user.
func TestUnwritableCache(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores permissions")
	}
	if testing.Short() {
		t.Skip("starts a helper")
	}
	good, _, r := coldCacheRun(t)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	bad := t.TempDir()
	copyCache(t, filepath.Join(good, "go-graphviz"), bad)
	for _, d := range []string{filepath.Join(bad, "go-graphviz"), filepath.Dir(cacheEntries(t, filepath.Join(bad, "go-graphviz"))[0])} {
		if err := os.Chmod(d, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(d, 0o700) })
	}
	tmp := t.TempDir()
	r = runHelper(t, gvcache.CacheDirEnv+"="+bad, "TMPDIR="+tmp)
	if r.err != nil {
		t.Fatalf("with a read-only cache folder: %v\n%.2000s", r.err, r.stderr)
	}
	if want := filepath.Join(tmp, fmt.Sprintf("prunescope-%d", os.Getuid()), "go-graphviz"); r.fields["dir"] != want {
		t.Errorf("gvcache.Dir() = %q, want %q", r.fields["dir"], want)
	}
}
