// Package gvcache keeps Graphviz's compiled WebAssembly between runs: it
// chooses the folder of the compilation cache, and checks every entry in it
// before the builtin renderer loads Graphviz, so that a damaged entry is
// removed and compiled again instead of crashing the program.
//
// # Why
//
// The builtin renderer runs Graphviz compiled to WebAssembly with wazero
// (internal/gographviz). Compiling it takes 0.5–3 s; wazero can keep the
// compiled machine code in a folder and load it in 30–50 ms. Nothing here
// runs at start-up: the renderer asks for the folder (Dir) when it draws for
// the first time, and commands that draw nothing never touch the cache.
//
// # The folder
//
// Chosen at the first call of Dir, from, in this order:
//
//  1. $PRUNESCOPE_CACHE_DIR if set and not empty, else os.UserCacheDir()/prunescope
//     (for example ~/.cache/prunescope, so that the compiled code lands in
//     ~/.cache/prunescope/go-graphviz);
//  2. <the temporary folder>/prunescope-<uid>;
//
// taking the first where the base folder can be made (0700), its go-graphviz
// subfolder exists or can be made, a probe file can be made and removed in
// that subfolder and in every folder inside it, and every entry in those
// folders can be opened for reading (another user's cache in /tmp fails
// here). If none qualifies, Graphviz is compiled in memory at every run:
// slow, never wrong.
//
// # The entries
//
// wazero checks a checksum of the machine code in an entry, but not of the
// header and the table of function offsets in front of it: a damaged offset
// makes wazero panic or jump into the wrong code. So each entry gets a
// checksum file of its own, <entry>.sha256, written by Seal after the entry
// loaded well, and Check removes, before Graphviz is loaded, every entry
// whose checksum is missing or differs (and every checksum file whose entry
// is gone). An entry removed is compiled again and sealed by the same run.
package gvcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
)

// CacheDirEnv names the variable that overrides the user cache folder.
const CacheDirEnv = "PRUNESCOPE_CACHE_DIR"

var (
	once     sync.Once
	dir      string // the compilation cache folder, "" when there is none
	problems error  // why preferred folders were skipped
)

// Dir returns the folder in which Graphviz's compiled code is kept (the
// go-graphviz folder of the first usable base, made if missing), or "" when
// no folder qualifies. It chooses at its first call.
func Dir() string {
	once.Do(func() {
		base, errs := choose(candidates())
		problems = errors.Join(errs...)
		if base != "" {
			dir = filepath.Join(base, "go-graphviz")
		}
	})
	return dir
}

// Err explains why better folders than Dir were passed over, or returns nil.
func Err() error {
	Dir()
	return problems
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

// sumSuffix ends the name of an entry's checksum file.
const sumSuffix = ".sha256"

// entries lists the compiled-code entries under dir (in its wazero-*
// folders), without their checksum files and wazero's temporary files.
func entries(dir string) ([]string, error) {
	subs, err := filepath.Glob(filepath.Join(dir, "wazero-*"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, sub := range subs {
		files, err := os.ReadDir(sub)
		if err != nil {
			continue // not a folder: wazero makes its own
		}
		for _, f := range files {
			n := f.Name()
			if strings.HasSuffix(n, sumSuffix) || strings.HasSuffix(n, ".tmp") || strings.HasPrefix(n, ".") {
				continue
			}
			out = append(out, filepath.Join(sub, n))
		}
	}
	return out, nil
}

// fileSum is the SHA-256 of a file, in hex.
func fileSum(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Check removes from dir every entry that cannot be trusted: one whose
// checksum file is missing (an entry of an older prunescope, or of a run
// that ended before sealing it) or differs from its contents (damaged), and
// the checksum files whose entry is gone. It returns the entries removed as
// damaged: those a user should hear of.
func Check(dir string) (damaged []string, err error) {
	list, err := entries(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range list {
		want, rerr := os.ReadFile(e + sumSuffix)
		got, serr := fileSum(e)
		switch {
		case rerr == nil && serr == nil && string(bytes.TrimSpace(want)) == got:
			continue
		case rerr == nil:
			damaged = append(damaged, e)
		}
		if err := os.Remove(e); err != nil && !errors.Is(err, os.ErrNotExist) {
			return damaged, fmt.Errorf("removing %s: %w", e, err)
		}
		os.Remove(e + sumSuffix)
	}
	sums, _ := filepath.Glob(filepath.Join(dir, "wazero-*", "*"+sumSuffix))
	for _, s := range sums {
		if _, err := os.Lstat(strings.TrimSuffix(s, sumSuffix)); errors.Is(err, os.ErrNotExist) {
			os.Remove(s)
		}
	}
	return damaged, nil
}

// Seal writes the checksum file of every entry in dir that has none: called
// after Graphviz loaded well, so the entries are good.
func Seal(dir string) error {
	list, err := entries(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range list {
		if _, err := os.Stat(e + sumSuffix); err == nil {
			continue
		}
		sum, err := fileSum(e)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		tmp, err := os.CreateTemp(filepath.Dir(e), ".sum-*")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		_, werr := tmp.WriteString(sum + "\n")
		cerr := tmp.Close()
		if err := errors.Join(werr, cerr); err != nil {
			os.Remove(tmp.Name())
			errs = append(errs, err)
			continue
		}
		if err := os.Rename(tmp.Name(), e+sumSuffix); err != nil {
			os.Remove(tmp.Name())
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Clear removes every entry of dir and its checksum file.
func Clear(dir string) error {
	subs, err := filepath.Glob(filepath.Join(dir, "wazero-*"))
	if err != nil {
		return err
	}
	var errs []error
	for _, sub := range subs {
		files, err := os.ReadDir(sub)
		if err != nil {
			continue
		}
		for _, f := range files {
			if err := os.Remove(filepath.Join(sub, f.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
