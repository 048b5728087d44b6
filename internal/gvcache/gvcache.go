// Package gvcache chooses, before go-graphviz starts, the folder in which
// go-graphviz keeps its compiled copy of Graphviz, so that it never panics on a
// folder that belongs to another user.
//
// # The problem
//
// github.com/goccy/go-graphviz v0.2.10 ships Graphviz compiled to WebAssembly and
// runs it with wazero. The init function of its package internal/wasm (bind.go,
// func init and getCompilationCache) compiles that WebAssembly at every start of
// every binary that links it, and keeps the compiled code in
// filepath.Join(os.TempDir(), "go-graphviz"): about 30–50 ms with a warm cache,
// 0.5–1.7 s without one. If that folder already exists but was made by another
// user (typically /tmp/go-graphviz, owned by whoever ran first, with a 0700
// subfolder wazero-<version>-<arch>-<os>), wazero's cache lookup fails with
// "permission denied" and go-graphviz calls panic(err) during package
// initialisation, before main runs: the program cannot even print its help.
//
// os.TempDir reads $TMPDIR (TMP on Windows) each time it is called, so pointing
// that variable at a folder this user owns, before go-graphviz's init runs, moves
// the cache there.
//
// # Why an init function, and why it runs first
//
// This init is the one justified init in the project: nothing else can run
// before another package's init. Since Go 1.21 the order of package
// initialisation is specified (The Go Programming Language Specification,
// "Package initialization"): all packages of the program are sorted by import
// path, and repeatedly the first package in that list whose imports are all
// initialised is initialised next. go-graphviz's internal/wasm imports
// github.com/tetratelabs/wazero, so it is initialised after wazero.
// "github.com/prunescope/prunescope/internal/gvcache" sorts before
// "github.com/tetratelabs/wazero", and this package imports only standard-library
// packages that wazero imports too (directly or not: errors, os, path/filepath,
// runtime, strconv), so by the time wazero could be initialised, everything this
// package needs is initialised already, and this package, being earlier in the
// list, goes first. Hence this init runs before go-graphviz's, in every binary
// that links both. Keep the import list that small, and keep this package's path
// sorting before github.com/tetratelabs: otherwise the guarantee is gone.
//
// The test TestInitOrder in package trace/render checks it empirically: it
// starts the render test binary again with PRUNESCOPE_CACHE_DIR set to a fresh
// folder and checks that go-graphviz filled <that folder>/go-graphviz and left
// $TMPDIR alone. TestPoisonedCache there reproduces the panic (a cache entry
// that cannot be opened, as for a folder owned by another user) and checks that
// this package steers around it.
//
// # What it does
//
// The cache folder is chosen from, in this order:
//
//  1. $PRUNESCOPE_CACHE_DIR if set and not empty, else os.UserCacheDir()/prunescope
//     (for example ~/.cache/prunescope, so the compiled code lands in
//     ~/.cache/prunescope/go-graphviz);
//  2. <the original temporary folder>/prunescope-<uid>;
//
// taking the first where the base folder can be created (0700), its go-graphviz
// subfolder exists or can be created, a probe file can be created and removed in
// that subfolder and in every folder inside it, and every entry in those folders
// can be opened for reading (that is what wazero does, and where it fails). The
// chosen base becomes $TMPDIR. If none qualifies, $TMPDIR is pointed at a path
// inside os.DevNull, which cannot be created even by root, so go-graphviz's
// os.Mkdir fails and it compiles without a cache: slow, but it never panics.
//
// Setting PRUNESCOPE_GVCACHE=off leaves the environment untouched (for tests and
// for diagnosing).
//
// The original value of the variable, and whether it was set at all, are kept;
// Restore puts them back. Package trace/render, which imports go-graphviz and is
// therefore initialised after it, calls Restore during its own initialisation, so
// the rest of the program (and every child process) sees the user's real TMPDIR.
// Between this init and that call, other packages' init functions see the
// changed variable; no package of this project makes temporary files during
// initialisation.
package gvcache

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
)

// CacheDirEnv names the variable that overrides the user cache folder.
const CacheDirEnv = "PRUNESCOPE_CACHE_DIR"

// SwitchEnv names the variable that, set to "off", disables this package.
const SwitchEnv = "PRUNESCOPE_GVCACHE"

var (
	envVar    = tempEnvVar()
	origValue string // the variable's value at start
	origSet   bool   // whether the variable was set at start
	changed   bool   // whether init changed the variable (and Restore has not run)
	dir       string // go-graphviz's cache folder, "" when it has none
	problems  error  // why preferred folders were skipped
)

func init() {
	origValue, origSet = os.LookupEnv(envVar)
	if os.Getenv(SwitchEnv) == "off" {
		dir = filepath.Join(os.TempDir(), "go-graphviz")
		return
	}
	base, errs := choose(candidates())
	problems = errors.Join(errs...)
	if base == "" {
		// A path inside a file: mkdir fails with ENOTDIR for everyone.
		base = filepath.Join(os.DevNull, "prunescope-no-cache")
	} else {
		dir = filepath.Join(base, "go-graphviz")
	}
	if os.Setenv(envVar, base) == nil {
		changed = true
	} else {
		dir = ""
	}
}

// tempEnvVar is the variable os.TempDir reads first on this system.
func tempEnvVar() string {
	if runtime.GOOS == "windows" {
		return "TMP"
	}
	return "TMPDIR"
}

// candidates lists the base folders to try, best first.
func candidates() []string {
	var c []string
	if d := os.Getenv(CacheDirEnv); d != "" {
		c = append(c, d)
	} else if d, err := os.UserCacheDir(); err == nil {
		c = append(c, filepath.Join(d, "prunescope"))
	}
	name := "prunescope"
	if uid := os.Getuid(); uid >= 0 {
		name += "-" + strconv.Itoa(uid)
	}
	return append(c, filepath.Join(os.TempDir(), name))
}

// choose returns the first usable base folder, or "" and the reasons.
func choose(bases []string) (string, []error) {
	var errs []error
	for _, b := range bases {
		err := usable(b)
		if err == nil {
			return b, errs
		}
		errs = append(errs, err)
	}
	return "", errs
}

// usable makes base and base/go-graphviz if needed and checks that wazero
// will be able to read and write everything in it.
func usable(base string) error {
	if err := os.MkdirAll(base, 0o700); err != nil {
		return err
	}
	gv := filepath.Join(base, "go-graphviz")
	if err := os.Mkdir(gv, 0o700); err != nil && !errors.Is(err, os.ErrExist) {
		return err
	}
	if err := probe(gv); err != nil {
		return err
	}
	entries, err := os.ReadDir(gv)
	if err != nil {
		return err
	}
	for _, e := range entries {
		sub := filepath.Join(gv, e.Name())
		st, err := os.Stat(sub)
		if err != nil {
			return err
		}
		if !st.IsDir() {
			continue // wazero refuses it without panicking
		}
		if err := probe(sub); err != nil {
			return err
		}
		files, err := os.ReadDir(sub)
		if err != nil {
			return err
		}
		for _, f := range files {
			r, err := os.Open(filepath.Join(sub, f.Name()))
			if err != nil {
				if errors.Is(err, os.ErrNotExist) {
					continue // a dangling link is a cache miss to wazero
				}
				return err
			}
			r.Close()
		}
	}
	return nil
}

// probe creates and removes a file in d.
func probe(d string) error {
	f, err := os.CreateTemp(d, ".prunescope-probe-*")
	if err != nil {
		return err
	}
	name := f.Name()
	cerr := f.Close()
	rerr := os.Remove(name)
	if cerr != nil {
		return cerr
	}
	return rerr
}

// Restore puts the temporary-folder variable back exactly as it was when the
// program started (set to the same value, or unset). It is safe to call more
// than once; it does nothing when init changed nothing.
func Restore() {
	if !changed {
		return
	}
	changed = false
	if origSet {
		os.Setenv(envVar, origValue)
	} else {
		os.Unsetenv(envVar)
	}
}

// Dir returns the folder in which go-graphviz keeps its compiled code, or ""
// when it runs without a cache (no writable folder was found).
func Dir() string { return dir }

// Err explains why better folders than Dir were passed over, or returns nil.
func Err() error { return problems }
