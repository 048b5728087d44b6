package gvcache

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The init order itself (this package's init before go-graphviz's) is tested
// in package trace/render, whose test binary links both: TestInitOrder and
// TestPoisonedCache there.

// initialEnv reads the environment the process started with (Linux only).
func initialEnv(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("/proc/self/environ")
	if err != nil {
		t.Skip("no /proc/self/environ")
	}
	env := map[string]string{}
	for _, kv := range bytes.Split(b, []byte{0}) {
		if k, v, ok := strings.Cut(string(kv), "="); ok {
			env[k] = v
		}
	}
	return env
}

// TestInitAndRestore runs first (tests run in file order): it sees the
// environment as this package's init left it.
func TestInitAndRestore(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	start := initialEnv(t)
	if start[SwitchEnv] == "off" {
		t.Skip(SwitchEnv + "=off")
	}
	if d := Dir(); d != "" {
		if got := os.Getenv(envVar); got != filepath.Dir(d) {
			t.Errorf("after init %s = %q, want %q", envVar, got, filepath.Dir(d))
		}
		if err := probe(d); err != nil {
			t.Errorf("Dir() %s is not writable: %v", d, err)
		}
	}
	orig, wasSet := start[envVar]
	Restore()
	v, set := os.LookupEnv(envVar)
	if set != wasSet || v != orig {
		t.Errorf("after Restore %s = %q (set %v), want %q (set %v)", envVar, v, set, orig, wasSet)
	}
	Restore() // idempotent
	if v2, set2 := os.LookupEnv(envVar); v2 != v || set2 != set {
		t.Error("a second Restore changed the environment")
	}
}

func TestRestoreExactly(t *testing.T) {
	t.Setenv(envVar, "keep") // restored by the test framework afterwards
	defer func(v string, s, c bool) { origValue, origSet, changed = v, s, c }(origValue, origSet, changed)

	origValue, origSet, changed = "", false, true
	os.Setenv(envVar, "/somewhere")
	Restore()
	if _, set := os.LookupEnv(envVar); set {
		t.Error("an unset variable was not unset again")
	}

	origValue, origSet, changed = "", true, true
	os.Setenv(envVar, "/somewhere")
	Restore()
	if v, set := os.LookupEnv(envVar); !set || v != "" {
		t.Errorf("an empty variable came back as %q (set %v)", v, set)
	}

	origValue, origSet, changed = "/orig", true, true
	os.Setenv(envVar, "/somewhere")
	Restore()
	if v := os.Getenv(envVar); v != "/orig" {
		t.Errorf("got %q, want /orig", v)
	}

	// Nothing changed at init: Restore leaves the variable alone.
	changed = false
	os.Setenv(envVar, "/mine")
	Restore()
	if v := os.Getenv(envVar); v != "/mine" {
		t.Errorf("Restore without a change set %q", v)
	}
}

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
	t.Setenv(envVar, tmp)
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
