package cmd

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
)

// How prunescope writes a file it is asked to write (--dot, --svg, --png,
// --trace-out, the frames of step --frames):
//
//   - "-" is standard output.
//   - A regular file, or a name that does not exist yet, is written whole or
//     not at all: into a temporary file with a short name in the same folder
//     (.ps-NNNN.tmp, so that even a 255-byte file name leaves room for it),
//     renamed over the file at the end.
//   - A symbolic link is followed: its target is written (whole or not at
//     all if the target is a regular file); the link itself is never
//     replaced.
//   - A device or a FIFO (/dev/null, a named pipe) is written in place: it is
//     never replaced by a file.
//
// Every output is checked before the search (see checkOutputs): its folder
// must exist and take a new file, it must not be a folder, nor one of the
// inputs, nor another output.

// outPath is a file a command is asked to write, with the flag that asks.
type outPath struct {
	flag string // "--svg"
	path string // as given; "" when the flag is not given
}

// inPath is a file a command reads.
type inPath struct {
	what string // how to name it to the user: "--tree", "the trace"
	path string
}

// treeFile is the file a --tree value names, or "" when it names a built-in
// tree, standard input or tree text (tree.Load's order).
func treeFile(v string) string {
	if v == "" || v == "-" {
		return ""
	}
	if _, ok := tree.Builtin(v); ok {
		return ""
	}
	if st, err := os.Stat(v); err == nil && !st.IsDir() {
		return v
	}
	return ""
}

// outputFlags name a file to write, in every command that has them.
var outputFlags = []string{"dot", "svg", "png", "tikz", "trace-out", "html", "overview", "lab"}

// commandOutputs are the output flags of one command only (--out is a
// folder in lesson run, a file in lab).
var commandOutputs = map[string][]string{"prunescope lab": {"out"}, "prunescope match": {"pgn"}}

// folderOutputs are the output flags that name a folder in a command
// (lesson run --html DIR): makeOutDir checks them when the command runs.
var folderOutputs = map[string]string{"prunescope lesson run": "html"}

// traceArgCommands take a trace file to read as their first argument.
var traceArgCommands = map[string]bool{"prunescope render": true, "prunescope step": true, "prunescope check": true}

// checkCommandFiles checks the files a command is about to write against
// each other and against the files it reads (checkOutputs), for every
// command alike, before it runs.
func checkCommandFiles(c *cobra.Command, args []string) error {
	var outs []outPath
	for _, name := range append(outputFlags, commandOutputs[c.CommandPath()]...) {
		if folderOutputs[c.CommandPath()] == name {
			continue
		}
		if f := c.Flags().Lookup(name); f != nil && f.Value.Type() == "string" {
			outs = append(outs, outPath{"--" + name, f.Value.String()})
		}
	}
	if len(outs) == 0 {
		return nil
	}
	var ins []inPath
	if f := c.Flags().Lookup("tree"); f != nil {
		ins = append(ins, inPath{"--tree", treeFile(f.Value.String())})
	}
	if traceArgCommands[c.CommandPath()] && len(args) > 0 {
		ins = append(ins, inPath{"the trace", args[0]})
	}
	if c.CommandPath() == "prunescope diff" { // a spec may name a trace
		for _, a := range args {
			if a != "-" && isTraceArg(a) {
				ins = append(ins, inPath{"the trace", a})
			}
		}
	}
	return checkOutputs(outs, ins)
}

// checkOutputs refuses, before any work, outputs that cannot be written or
// would destroy something: a missing or unwritable folder, a folder given as
// a file, two outputs on one file (or two on standard output), an output
// that is one of the inputs.
func checkOutputs(outs []outPath, ins []inPath) error {
	var given []outPath
	stdout := ""
	for _, o := range outs {
		switch o.path {
		case "":
			continue
		case "-":
			if stdout != "" {
				return badInputf("%s -: %s - already writes to standard output; only one can", o.flag, stdout)
			}
			stdout = o.flag
			continue
		}
		if err := checkOutPath(o.flag, o.path); err != nil {
			return err
		}
		for _, g := range given {
			if samePath(g.path, o.path) {
				return badInputf("%s %s: %s %s writes the same file; give each output its own", o.flag, o.path, g.flag, g.path)
			}
		}
		for _, in := range ins {
			if in.path != "" && in.path != "-" && samePath(in.path, o.path) {
				return badInputf("%s %s: that is the input (%s %s); write to another file", o.flag, o.path, in.what, in.path)
			}
		}
		given = append(given, o)
	}
	return nil
}

// checkOutPath fails early when a file cannot be written where asked: its
// folder is missing or takes no new file, or the path is a folder.
func checkOutPath(flag, p string) error {
	if p == "" || p == "-" {
		return nil
	}
	target, st, inPlace, err := outTarget(p)
	if err != nil {
		return badInputf("%s %s: %v", flag, p, unwrapPath(err))
	}
	if st != nil && st.IsDir() {
		return badInputf("%s %s: is a folder, not a file", flag, p)
	}
	if inPlace {
		return nil // a device or a FIFO: written where it is
	}
	dir := filepath.Dir(target)
	if dst, err := os.Stat(dir); err != nil || !dst.IsDir() {
		return badInputf("%s %s: folder %s does not exist", flag, p, dir)
	}
	if err := dirWritable(dir); err != nil {
		return badInputf("%s %s: folder %s is not writable: %v", flag, p, dir, unwrapPath(err))
	}
	return nil
}

// dirWritable checks that a new file can be made in dir, by making one
// (named as the temporary files are) and removing it: permissions,
// read-only file systems and the like all show.
func dirWritable(dir string) error {
	var name string
	key, err := cleanups.register(func() (func(), error) {
		f, err := os.CreateTemp(dir, tempPattern)
		if err != nil {
			return nil, err
		}
		name = f.Name()
		f.Close()
		return func() { os.Remove(name) }, nil
	})
	if err != nil {
		return err
	}
	defer cleanups.drop(key)
	return os.Remove(name)
}

// unwrapPath drops the operation and path Go puts in front of a file
// system error: the caller names the file itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// outTarget says where writing p really goes: target is the file itself,
// symbolic links followed, or for a name that does not exist yet the name,
// or the missing target of a dangling link. inPlace is true when the file
// must be written where it is rather than replaced (a device, a FIFO, a
// folder, a link to a file that has no path such as /dev/stdout's); st is
// what is there, nil when nothing is yet.
func outTarget(p string) (target string, st os.FileInfo, inPlace bool, err error) {
	st, err = os.Stat(p)
	switch {
	case err == nil && !st.Mode().IsRegular():
		return p, st, true, nil
	case err == nil:
		if !isLink(p) {
			return p, st, false, nil
		}
		t, err := filepath.EvalSymlinks(p)
		if err != nil || throughFD(p) {
			return p, st, true, nil
		}
		return t, st, false, nil
	case !errors.Is(err, fs.ErrNotExist):
		return p, nil, false, err
	}
	for range 40 {
		if !isLink(p) {
			return p, nil, false, nil
		}
		link, err := os.Readlink(p)
		if err != nil {
			return p, nil, false, err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	return p, nil, false, i18n.Error("too many levels of symbolic links")
}

// throughFD reports whether the chain of symbolic links from p passes
// through a file descriptor's link (/dev/stdout is /proc/self/fd/1): what
// it names is a file another process has open (the shell's redirection),
// written in place rather than replaced.
func throughFD(p string) bool {
	for range 40 {
		abs, _ := filepath.Abs(p)
		if strings.HasPrefix(abs, "/proc/") || strings.HasPrefix(abs, "/dev/fd/") {
			return true
		}
		link, err := os.Readlink(p)
		if err != nil {
			return false
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(p), link)
		}
		p = link
	}
	return false
}

// isLink reports whether p is a symbolic link.
func isLink(p string) bool {
	st, err := os.Lstat(p)
	return err == nil && st.Mode()&fs.ModeSymlink != 0
}

// samePath reports whether two paths name the same file: the same file on
// disk when both exist (hard links and symbolic links included), else the
// same absolute path once symbolic links are resolved.
func samePath(a, b string) bool {
	ta, sa, _, errA := outTarget(a)
	tb, sb, _, errB := outTarget(b)
	if errA == nil && errB == nil && sa != nil && sb != nil {
		return os.SameFile(sa, sb)
	}
	return canonical(ta) == canonical(tb)
}

// canonical is p made absolute, its folder's symbolic links resolved.
func canonical(p string) string {
	dir, base := filepath.Split(p)
	if dir == "" {
		dir = "."
	}
	if d, err := filepath.EvalSymlinks(dir); err == nil {
		dir = d
	}
	abs, err := filepath.Abs(filepath.Join(dir, base))
	if err != nil {
		return filepath.Clean(p)
	}
	return abs
}

// tempPattern names temporary files: short, so that a file name of the
// longest length allowed still leaves room for it, and hidden.
const tempPattern = ".ps-*.tmp"

// writeFileAtomic writes data to path, whole or not at all (see above).
func writeFileAtomic(path string, data []byte) error {
	af, err := createAtomic(path)
	if err != nil {
		return err
	}
	if _, err := af.Write(data); err != nil {
		af.Abort()
		return i18n.Errorf("%s: %w", path, unwrapPath(err))
	}
	return af.Commit()
}

// atomicFile is an output being written. A regular file is written to a
// file without a name where the system allows (Linux: see unnamedTemp),
// else under a temporary name, that Commit renames and Abort removes (both registered
// with the cleanup registry, so that a signal removes it too); a device or
// FIFO is written in place and Commit and Abort only close it.
type atomicFile struct {
	*os.File
	path  string // as the user gave it
	final string // the file the temporary one becomes; "" when written in place
	perm  fs.FileMode
	key   int // in the cleanup registry
	done  bool
	// unnamed: the temporary file has no name until Commit (O_TMPFILE).
	unnamed bool
}

func createAtomic(path string) (*atomicFile, error) {
	target, st, inPlace, err := outTarget(path)
	if err != nil {
		return nil, i18n.Errorf("%s: %w", path, unwrapPath(err))
	}
	if inPlace {
		flag := os.O_WRONLY
		switch {
		case st.Mode().IsRegular() && throughFD(path):
			flag |= os.O_APPEND // after what the program wrote there already
		case st.Mode().IsRegular():
			flag |= os.O_TRUNC
		}
		f, err := os.OpenFile(path, flag, 0)
		if err != nil {
			return nil, i18n.Errorf("%s: %w", path, unwrapPath(err))
		}
		return &atomicFile{File: f, path: path}, nil
	}
	perm := fs.FileMode(0o644)
	if st != nil {
		perm = st.Mode().Perm() // replacing a file keeps its permissions
	}
	a := &atomicFile{path: path, final: target, perm: perm}
	a.key, err = cleanups.register(func() (func(), error) {
		if f, ok := unnamedTemp(filepath.Dir(target)); ok {
			a.File, a.unnamed = f, true
			return func() { f.Close() }, nil
		}
		f, err := os.CreateTemp(filepath.Dir(target), tempPattern)
		if err != nil {
			return nil, err
		}
		a.File = f
		return func() { f.Close(); os.Remove(f.Name()) }, nil
	})
	if err != nil {
		return nil, i18n.Errorf("%s: %w", path, unwrapPath(err))
	}
	return a, nil
}

// Commit gives the file its real name (or closes a file written in place).
func (a *atomicFile) Commit() error {
	if a.done {
		return nil
	}
	a.done = true
	if a.final == "" {
		if err := a.File.Close(); err != nil {
			return i18n.Errorf("%s: %w", a.path, unwrapPath(err))
		}
		return nil
	}
	tmp := a.File.Name()
	if a.unnamed {
		// Named only now, just before the rename.
		cleanups.drop(a.key)
		var err error
		a.key, err = cleanups.register(func() (func(), error) {
			name, err := nameTemp(a.File, filepath.Dir(a.final))
			if err != nil {
				return nil, err
			}
			tmp = name
			return func() { os.Remove(name) }, nil
		})
		if err != nil {
			a.File.Close()
			return i18n.Errorf("%s: %w", a.path, unwrapPath(err))
		}
	}
	err := a.File.Close()
	if err == nil {
		err = os.Chmod(tmp, a.perm)
	}
	if err == nil {
		err = cleanups.finish(a.key, func() error { return os.Rename(tmp, a.final) })
	}
	if err != nil {
		os.Remove(tmp)
		cleanups.drop(a.key)
		return i18n.Errorf("%s: %w", a.path, unwrapPath(err))
	}
	return nil
}

// Abort removes the temporary file (or closes a file written in place).
func (a *atomicFile) Abort() {
	if a.done {
		return
	}
	a.done = true
	a.File.Close()
	if a.final != "" {
		if !a.unnamed {
			os.Remove(a.File.Name())
		}
		cleanups.drop(a.key)
	}
}

// scratchFile makes the temporary file a trace is kept in while it is
// stepped through, so that nothing is left of it however the program ends:
// it is removed from its folder at once, the open file staying usable (as
// Unix allows), so that not even SIGKILL leaves it behind. Where an open
// file cannot be removed (Windows), it is removed at the end, or by the
// cleanup registry on a signal.
func scratchFile() (*os.File, func(), error) {
	var f *os.File
	key, err := cleanups.register(func() (func(), error) {
		var err error
		if f, err = os.CreateTemp("", "prunescope-step-*.jsonl"); err != nil {
			return nil, err
		}
		return func() { f.Close(); os.Remove(f.Name()) }, nil
	})
	if err != nil {
		return nil, nil, err
	}
	if os.Remove(f.Name()) == nil {
		cleanups.drop(key)
		return f, func() { f.Close() }, nil
	}
	return f, func() { f.Close(); os.Remove(f.Name()); cleanups.drop(key) }, nil
}

// savedTrace opens a saved trace to step through as a seekable file: the
// file at path, or for - standard input copied to a scratch file. cleanup
// closes it (and removes the copy).
func savedTrace(path string, stdin io.Reader) (f *os.File, name string, cleanup func(), err error) {
	none := func() {}
	if path == "-" {
		tmp, cleanup, err := scratchFile()
		if err != nil {
			return nil, "", none, failed(err)
		}
		if _, err := io.Copy(tmp, stdin); err != nil {
			cleanup()
			return nil, "", none, failed(i18n.Errorf("reading standard input: %w", err))
		}
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			cleanup()
			return nil, "", none, failed(err)
		}
		return tmp, "stdin", cleanup, nil
	}
	if f, err = os.Open(path); err != nil {
		return nil, "", none, badInput("", err)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, "", none, badInputf("%s: is a folder, not a trace", path)
	}
	return f, path, func() { f.Close() }, nil
}

// makeOutDir makes the folder a lesson's flag (--out for its drawings,
// --html for its pages) names, or makes sure the one there is a folder;
// either way, before the lesson runs, that it takes new files. Errors name
// the flag.
func makeOutDir(flag, dir string) error {
	if exists, err := existingFolder(flag, dir); err != nil || exists {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInput(flag, err)
	}
	return writableFolder(flag, dir, dir)
}

// existingFolder checks the folder an output flag names (dir), if there is
// one: a file there is refused, and a folder must take new files. exists
// reports whether something is there.
func existingFolder(flag, dir string) (exists bool, err error) {
	st, err := os.Stat(dir)
	switch {
	case err == nil && !st.IsDir():
		return true, badInputf("%s: %s is a file, not a folder", flag, dir)
	case err == nil:
		return true, writableFolder(flag, dir, dir)
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	}
	return false, badInput(flag, err)
}

// writableFolder refuses a folder (of the output dir) that takes no new
// files.
func writableFolder(flag, dir, folder string) error {
	if err := dirWritable(folder); err != nil {
		return badInputf("%s %s: folder %s is not writable: %v", flag, dir, folder, unwrapPath(err))
	}
	return nil
}
