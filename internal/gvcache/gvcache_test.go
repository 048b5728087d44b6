package gvcache

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Loading Graphviz with this cache (lazily, a damaged entry rebuilt) is
// tested in package trace/render, which links both: TestLazyLoad,
// TestDamagedCache and the tests after them.

func TestUsableFresh(t *testing.T) {
	base := filepath.Join(t.TempDir(), "a", "prunescope")
	if err := usable(base); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(base, "go-graphviz"))
	if err != nil || !st.IsDir() || st.Mode().Perm() != 0o700 {
		t.Fatalf("go-graphviz folder: %v, %v", st, err)
	}
	// A filled cache is usable too, and the probes leave nothing behind.
	sub := filepath.Join(base, "go-graphviz", "wazero-v1-amd64-linux")
	os.Mkdir(sub, 0o700)
	os.WriteFile(filepath.Join(sub, "entry"), []byte("x"), 0o600)
	os.WriteFile(filepath.Join(base, "go-graphviz", "stray-file"), nil, 0o600)
	os.Symlink("missing", filepath.Join(sub, "dangling")) // a cache miss to wazero
	if err := usable(base); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{filepath.Join(base, "go-graphviz"), sub} {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".prunescope-probe-") {
				t.Errorf("probe file left in %s", d)
			}
		}
	}
}

func TestUsableRefuses(t *testing.T) {
	// An entry wazero cannot open (a link to itself: fails even for root,
	// like another user's file).
	base := t.TempDir()
	sub := filepath.Join(base, "go-graphviz", "wazero-v1-amd64-linux")
	os.MkdirAll(sub, 0o700)
	os.Symlink("entry", filepath.Join(sub, "entry"))
	if err := usable(base); err == nil {
		t.Error("a cache entry that cannot be opened was accepted")
	}

	// go-graphviz is a file.
	base = t.TempDir()
	os.WriteFile(filepath.Join(base, "go-graphviz"), nil, 0o600)
	if err := usable(base); err == nil {
		t.Error("a file named go-graphviz was accepted")
	}

	// The base cannot be made.
	if err := usable(filepath.Join(os.DevNull, "x")); err == nil {
		t.Error("a base inside a file was accepted")
	}
}

func TestUsableReadOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root ignores permissions")
	}
	for _, level := range []string{"go-graphviz", "go-graphviz/wazero-v1-amd64-linux"} {
		base := t.TempDir()
		sub := filepath.Join(base, "go-graphviz", "wazero-v1-amd64-linux")
		os.MkdirAll(sub, 0o700)
		d := filepath.Join(base, level)
		os.Chmod(d, 0o500)
		err := usable(base)
		os.Chmod(d, 0o700)
		if err == nil {
			t.Errorf("read-only %s was accepted", level)
		}
	}
}

func TestChoose(t *testing.T) {
	bad := filepath.Join(os.DevNull, "x")
	good := filepath.Join(t.TempDir(), "good")
	got, errs := choose([]string{bad, good})
	if got != good || len(errs) != 1 {
		t.Errorf("choose = %q, %v", got, errs)
	}
	got, errs = choose([]string{bad, bad})
	if got != "" || len(errs) != 2 {
		t.Errorf("choose with no good folder = %q, %v", got, errs)
	}
}

func TestCandidates(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if runtime.GOOS == "windows" {
		t.Setenv("TMP", tmp)
	}
	last := filepath.Join(tmp, "prunescope-"+strconv.Itoa(os.Getuid()))
	if runtime.GOOS == "windows" {
		last = filepath.Join(tmp, "prunescope")
	}

	t.Setenv(CacheDirEnv, "/my/cache")
	if c := candidates(); len(c) != 2 || c[0] != "/my/cache" || c[1] != last {
		t.Errorf("with %s: %q", CacheDirEnv, c)
	}

	t.Setenv(CacheDirEnv, "")
	if runtime.GOOS == "linux" {
		t.Setenv("XDG_CACHE_HOME", "/xdg")
		if c := candidates(); len(c) != 2 || c[0] != "/xdg/prunescope" || c[1] != last {
			t.Errorf("with XDG_CACHE_HOME: %q", c)
		}
		t.Setenv("XDG_CACHE_HOME", "")
		t.Setenv("HOME", "")
		if c := candidates(); len(c) != 1 || c[0] != last {
			t.Errorf("without a home: %q", c)
		}
	}
}

// fakeCache makes dir/wazero-v1-amd64-linux/<name> holding data.
func fakeCache(t *testing.T, dir, name, data string) string {
	t.Helper()
	sub := filepath.Join(dir, "wazero-v1-amd64-linux")
	if err := os.MkdirAll(sub, 0o700); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(sub, name)
	if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func exists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// TestCheckAndSeal: an entry without its checksum is removed quietly, a
// sealed entry is kept, a damaged one is removed and reported, a checksum
// without its entry goes.
func TestCheckAndSeal(t *testing.T) {
	dir := t.TempDir()
	a := fakeCache(t, dir, "aaaa", "compiled code a")
	b := fakeCache(t, dir, "bbbb", "compiled code b")
	orphan := fakeCache(t, dir, "cccc.sha256", "0000\n")
	tmp := fakeCache(t, dir, "dddd.123.tmp", "half written by wazero")

	// Unsealed: removed, not reported.
	damaged, err := Check(dir)
	if err != nil || len(damaged) != 0 {
		t.Fatalf("Check = %v, %v", damaged, err)
	}
	if exists(a) || exists(b) || exists(orphan) {
		t.Error("unsealed entries or an orphan checksum were kept")
	}
	if !exists(tmp) {
		t.Error("wazero's temporary file was removed")
	}

	// Sealed: kept.
	a = fakeCache(t, dir, "aaaa", "compiled code a")
	b = fakeCache(t, dir, "bbbb", "compiled code b")
	if err := Seal(dir); err != nil {
		t.Fatal(err)
	}
	if !exists(a+".sha256") || !exists(b+".sha256") {
		t.Fatal("Seal wrote no checksum")
	}
	if damaged, err := Check(dir); err != nil || len(damaged) != 0 || !exists(a) || !exists(b) {
		t.Fatalf("sealed entries: Check = %v, %v", damaged, err)
	}

	// Damaged: removed with its checksum, reported.
	os.WriteFile(b, []byte("compiled code B"), 0o600)
	damaged, err = Check(dir)
	if err != nil || len(damaged) != 1 || damaged[0] != b {
		t.Fatalf("damaged entry: Check = %v, %v", damaged, err)
	}
	if exists(b) || exists(b+".sha256") || !exists(a) {
		t.Error("the damaged entry was kept, or the good one removed")
	}

	// Clear removes everything.
	if err := Clear(dir); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "wazero-*", "*")); len(left) != 0 {
		t.Errorf("Clear left %v", left)
	}
}
