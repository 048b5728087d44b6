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
// Graphviz is loaded (or not) by a fresh process under an environment the
// test chooses: the compilation cache is chosen and loaded once a process.

const helperEnv = "PRUNESCOPE_RENDER_TEST_HELPER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "render":
		os.Exit(helperMain(true))
	case "idle":
		os.Exit(helperMain(false))
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
	result helperResult
	err    error
}

func coldCacheRun(t *testing.T) (dir string, r helperResult) {
	t.Helper()
	coldCache.once.Do(func() {
		coldCache.dir, coldCache.err = os.MkdirTemp("", "render-cache-")
		if coldCache.err != nil {
			return
		}
		tmp := filepath.Join(coldCache.dir, "tmp")
		if coldCache.err = os.Mkdir(tmp, 0o700); coldCache.err != nil {
			return
		}
		cache := filepath.Join(coldCache.dir, "cache")
		coldCache.result = runHelper(t, "render", gvcache.CacheDirEnv+"="+cache, "TMPDIR="+tmp)
	})
	if coldCache.err != nil {
		t.Fatal(coldCache.err)
	}
	return filepath.Join(coldCache.dir, "cache"), coldCache.result
}

// helperMain reports what the process saw, and renders if asked.
func helperMain(draw bool) int {
	Warn = func(msg string) { fmt.Fprintln(os.Stderr, "warning: "+msg) }
	var out []byte
	var err error
	if draw {
		out, err = Render(context.Background(), []byte("digraph { a -> b }"), PNG, Builtin)
	}
	fmt.Printf("rendered=%d\nerr=%v\n", len(out), err)
	if draw {
		fmt.Printf("dir=%s\n", gvcache.Dir())
	}
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

// runHelper runs the helper (mode "render" or "idle") with the given
// variables.
func runHelper(t *testing.T, mode string, vars ...string) helperResult {
	t.Helper()
	drop := map[string]bool{"TMPDIR": true, gvcache.CacheDirEnv: true, helperEnv: true}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !drop[k] {
			env = append(env, kv)
		}
	}
	env = append(env, helperEnv+"="+mode)
	env = append(env, vars...)
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

// cacheEntries lists the compiled-code entries wazero keeps in a go-graphviz
// cache folder (not their checksum files).
func cacheEntries(t *testing.T, gv string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(gv, "wazero-*", "*"))
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".sha256") {
			out = append(out, f)
		}
	}
	return out
}

// copyCache copies a cache folder's entries (and checksums) into
// base/go-graphviz.
func copyCache(t *testing.T, real, base string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(real, "wazero-*", "*"))
	for _, f := range files {
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

// TestLazyLoad: a process that draws nothing never compiles Graphviz nor
// touches its cache (go-graphviz upstream compiles at every start); one that
// draws fills the cache, and seals its entry with a checksum.
func TestLazyLoad(t *testing.T) {
	base := filepath.Join(t.TempDir(), "cache")
	tmp := t.TempDir()
	r := runHelper(t, "idle", gvcache.CacheDirEnv+"="+base, "TMPDIR="+tmp)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	if _, err := os.Stat(base); err == nil {
		t.Errorf("a process that draws nothing made the cache folder %s", base)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("a process that draws nothing wrote into TMPDIR: %v", left)
	}

	cache, r := coldCacheRun(t)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	gv := filepath.Join(cache, "go-graphviz")
	if r.fields["dir"] != gv {
		t.Errorf("gvcache.Dir() = %q, want %q", r.fields["dir"], gv)
	}
	files := cacheEntries(t, gv)
	if len(files) == 0 {
		t.Fatalf("no compiled code in %s", gv)
	}
	if st, err := os.Stat(files[0]); err != nil || st.Size() < 100000 {
		t.Errorf("cache entry %s: %v", files[0], err)
	}
	if _, err := os.Stat(files[0] + ".sha256"); err != nil {
		t.Errorf("the entry was not sealed: %v", err)
	}
	if r.fields["rendered"] == "0" || r.stderr != "" {
		t.Errorf("helper rendered %s bytes, stderr %q", r.fields["rendered"], r.stderr)
	}
}

// TestDamagedCache damages the cache entry in two ways: bytes changed in the
// table of function offsets, which wazero does not check (go-graphviz
// upstream then panicked at every start, before main, until the file was
// removed by hand), and an entry that fails to load though its checksum
// matches. Either way the program draws, says so in one warning line, and
// leaves a good entry behind.
func TestDamagedCache(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles Graphviz without a cache")
	}
	good, r := coldCacheRun(t)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	goodGV := filepath.Join(good, "go-graphviz")
	for _, c := range []struct {
		name   string
		damage func(t *testing.T, entry string)
		want   string
	}{
		{"offsets", func(t *testing.T, entry string) {
			f, err := os.OpenFile(entry, os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			f.WriteAt([]byte(strings.Repeat("\x5a\xa5\x3c\xc3", 64)), 200)
			f.Close()
		}, "held a damaged entry"},
		{"fails to load", func(t *testing.T, entry string) {
			os.WriteFile(entry, []byte("not wazero's"), 0o600)
			os.Remove(entry + ".sha256")
			if err := gvcache.Seal(filepath.Dir(filepath.Dir(entry))); err != nil {
				t.Fatal(err)
			}
		}, "could not be loaded"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			copyCache(t, goodGV, base)
			gv := filepath.Join(base, "go-graphviz")
			entry := cacheEntries(t, gv)[0]
			c.damage(t, entry)
			r := runHelper(t, "render", gvcache.CacheDirEnv+"="+base, "TMPDIR="+t.TempDir())
			if r.err != nil || r.fields["rendered"] == "0" {
				t.Fatalf("with a damaged cache: %v\n%.2000s", r.err, r.stderr)
			}
			if lines := strings.Split(strings.TrimSpace(r.stderr), "\n"); len(lines) != 1 || !strings.Contains(lines[0], c.want) {
				t.Errorf("want one warning line saying %q, got:\n%s", c.want, r.stderr)
			}
			entries := cacheEntries(t, gv)
			if len(entries) != 1 {
				t.Fatalf("entries after: %v", entries)
			}
			got, _ := os.ReadFile(entries[0])
			want, _ := os.ReadFile(cacheEntries(t, goodGV)[0])
			if string(got) != string(want) {
				t.Error("the entry was not compiled again")
			}
			if damaged, err := gvcache.Check(gv); err != nil || len(damaged) > 0 || len(cacheEntries(t, gv)) != 1 {
				t.Errorf("the rebuilt entry is not sealed: %v %v", damaged, err)
			}
		})
	}
}

// poison makes base/go-graphviz/<wazero folder>/<entry> a symbolic link to
// itself for every entry of a real cache: opening it fails with "too many
// levels of symbolic links" even for root, as opening another user's cache
// fails with "permission denied".
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

// TestPoisonedCache: a cache folder whose entries cannot be opened (another
// user's) is passed over for the per-user temporary folder, and with both
// poisoned Graphviz is compiled in memory.
func TestPoisonedCache(t *testing.T) {
	if testing.Short() {
		t.Skip("starts helpers that compile Graphviz without a cache")
	}
	good, r := coldCacheRun(t)
	if r.err != nil {
		t.Fatalf("helper: %v\n%s", r.err, r.stderr)
	}
	goodGV := filepath.Join(good, "go-graphviz")
	uid := fmt.Sprintf("prunescope-%d", os.Getuid())

	bad := t.TempDir()
	poison(t, goodGV, bad)

	// The preferred folder is poisoned: the per-user temporary folder is used.
	tmp := t.TempDir()
	copyCache(t, goodGV, filepath.Join(tmp, uid)) // warm, to keep the test fast
	r = runHelper(t, "render", gvcache.CacheDirEnv+"="+bad, "TMPDIR="+tmp)
	if r.err != nil {
		t.Fatalf("with a poisoned cache folder: %v\n%.2000s", r.err, r.stderr)
	}
	if want := filepath.Join(tmp, uid, "go-graphviz"); r.fields["dir"] != want {
		t.Errorf("gvcache.Dir() = %q, want %q", r.fields["dir"], want)
	}

	// Both poisoned: Graphviz is compiled in memory.
	tmp2 := t.TempDir()
	poison(t, goodGV, filepath.Join(tmp2, uid))
	r = runHelper(t, "render", gvcache.CacheDirEnv+"="+bad, "TMPDIR="+tmp2)
	if r.err != nil {
		t.Fatalf("with every cache folder poisoned: %v\n%.2000s", r.err, r.stderr)
	}
	if r.fields["dir"] != "" {
		t.Errorf("gvcache.Dir() = %q, want none", r.fields["dir"])
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
	good, r := coldCacheRun(t)
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
	r = runHelper(t, "render", gvcache.CacheDirEnv+"="+bad, "TMPDIR="+tmp)
	if r.err != nil {
		t.Fatalf("with a read-only cache folder: %v\n%.2000s", r.err, r.stderr)
	}
	if want := filepath.Join(tmp, fmt.Sprintf("prunescope-%d", os.Getuid()), "go-graphviz"); r.fields["dir"] != want {
		t.Errorf("gvcache.Dir() = %q, want %q", r.fields["dir"], want)
	}
}
