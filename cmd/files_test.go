package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// leftovers lists the temporary files left in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	var left []string
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".ps-") || strings.Contains(e.Name(), ".tmp") {
			left = append(left, e.Name())
		}
	}
	return left
}

// TestOutputLongName writes a file whose name is as long as a name may be
// but for the extension: the temporary name must not be longer than it.
func TestOutputLongName(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, strings.Repeat("a", 251)+".dot") // 255 bytes
	r := run(t, "", "search", "--tree", "aima", "--trace", "none", "--dot", name)
	if r.code != 0 {
		t.Fatalf("%s", r)
	}
	if data, err := os.ReadFile(name); err != nil || !strings.HasPrefix(string(data), "digraph") {
		t.Errorf("not written: %v", err)
	}
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// devices returns a null device and a full one to write to. As root they
// are nodes made for the test, so that a regression replaces those and not
// the system's /dev/null (root may replace anything in /dev); as anyone
// else the system's, which cannot be replaced.
func devices(t *testing.T) (null, full string) {
	t.Helper()
	null, full = os.DevNull, "/dev/full"
	if os.Geteuid() == 0 {
		dir := t.TempDir()
		null, full = filepath.Join(dir, "null"), filepath.Join(dir, "full")
		if err := mknodChar(null, 1, 3); err != nil {
			t.Skip("cannot make a device node:", err)
		}
		if err := mknodChar(full, 1, 7); err != nil {
			t.Skip("cannot make a device node:", err)
		}
	}
	for _, dev := range []string{null, full} {
		if st, err := os.Stat(dev); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Skipf("no %s here", dev)
		}
	}
	return null, full
}

// TestOutputDevice writes to device nodes in place: a device is never
// replaced by a file, and one that fails to take the data (/dev/full) is
// a failure, exit 1, in one line.
func TestOutputDevice(t *testing.T) {
	null, full := devices(t)
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--trace", "none", "--dot", null},
		{"search", "--tree", "aima", "--trace", "json", "--trace-out", null},
	} {
		r := run(t, "", args...)
		if r.code != 0 {
			t.Errorf("%v: %s", args, r)
		}
	}
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--trace", "none", "--dot", full},
		{"search", "--tree", "aima", "--trace", "json", "--trace-out", full},
	} {
		r := run(t, "", args...)
		if r.code != 1 || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "no space left") {
			t.Errorf("%v: want exit 1 and one line about the full device:\n%s", args, r)
		}
	}
	for _, dev := range []string{null, full} {
		if st, err := os.Stat(dev); err != nil || st.Mode()&os.ModeCharDevice == 0 {
			t.Fatalf("%s is no longer a device: %v %v", dev, st.Mode(), err)
		}
	}
}

// TestOutputSymlink follows a symbolic link: the file it names is written
// (whole, through a temporary file) and the link stays a link; a dangling
// link gets its target made.
func TestOutputSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.dot")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "link.dot")
	os.Symlink("target.dot", link)
	dangling := filepath.Join(dir, "dangling.dot")
	os.Symlink("made.dot", dangling)
	for _, p := range []string{link, dangling} {
		r := run(t, "", "search", "--tree", "aima", "--trace", "none", "--dot", p)
		if r.code != 0 {
			t.Fatalf("%s: %s", p, r)
		}
		if st, err := os.Lstat(p); err != nil || st.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", p)
		}
	}
	for _, p := range []string{target, filepath.Join(dir, "made.dot")} {
		if data, err := os.ReadFile(p); err != nil || !strings.HasPrefix(string(data), "digraph") {
			t.Errorf("%s not written through the link: %v", p, err)
		}
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("the target's permissions changed to %v", st.Mode().Perm())
	}
	if left := leftovers(t, dir); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// TestOutputClash refuses, before the search and in one line, an output
// that is an input or another output: compared once symbolic links are
// followed, and as files when both exist (a hard link is the same file).
func TestOutputClash(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	treeText := "((3 12 8) (2 4 6))\n"
	os.WriteFile(at("t.txt"), []byte(treeText), 0o644)
	os.Symlink("t.txt", at("link.txt"))
	os.Link(at("t.txt"), at("hard.txt"))
	if r := run(t, "", "search", "--tree", "aima", "--trace", "json", "--trace-out", at("trace.jsonl")); r.code != 0 {
		t.Fatal(r)
	}
	trace, _ := os.ReadFile(at("trace.jsonl"))
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"search", "--tree", at("t.txt"), "--dot", at("t.txt")}, "--dot " + at("t.txt") + ": that is the input (--tree"},
		{[]string{"search", "--tree", at("t.txt"), "--trace-out", at("t.txt")}, "that is the input"},
		{[]string{"search", "--tree", at("t.txt"), "--svg", at("link.txt")}, "that is the input"},
		{[]string{"search", "--tree", at("link.txt"), "--png", at("hard.txt")}, "that is the input"},
		{[]string{"search", "--tree", at("t.txt"), "--dot", dir + "/./t.txt"}, "that is the input"},
		{[]string{"diff", "alphabeta", "minimax", "--tree", at("t.txt"), "--dot", at("t.txt")}, "that is the input"},
		{[]string{"render", at("trace.jsonl"), "--svg", at("trace.jsonl")}, "that is the input (the trace"},
		{[]string{"search", "--tree", "aima", "--svg", at("a"), "--png", at("a")}, "--png " + at("a") + ": --svg " + at("a") + " writes the same file"},
		{[]string{"search", "--tree", "aima", "--trace-out", at("x"), "--dot", at("x")}, "writes the same file"},
		{[]string{"search", "--tree", "aima", "--trace-out", at("t.txt"), "--dot", at("link.txt")}, "writes the same file"},
		{[]string{"search", "--tree", "aima", "--svg", "-", "--trace-out", "-"}, "already writes to standard output"},
	}
	for _, c := range cases {
		r := run(t, "", c.args...)
		if r.code != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: want exit 2, nothing on stdout, one line with %q:\n%s", c.args, c.want, r)
		}
	}
	if data, _ := os.ReadFile(at("t.txt")); string(data) != treeText {
		t.Errorf("the input was overwritten: %q", data)
	}
	if data, _ := os.ReadFile(at("trace.jsonl")); string(data) != string(trace) {
		t.Error("the trace was overwritten")
	}
	for _, p := range []string{"a", "x"} {
		if _, err := os.Stat(at(p)); err == nil {
			t.Errorf("%s was written", p)
		}
	}
}

// readOnlyDir returns a folder in which no file can be made, or skips.
func readOnlyDir(t *testing.T) string {
	t.Helper()
	if os.Geteuid() != 0 {
		d := t.TempDir()
		os.Chmod(d, 0o500)
		t.Cleanup(func() { os.Chmod(d, 0o700) })
		return d
	}
	// Root writes anywhere on an ordinary file system.
	for _, d := range []string{"/proc/1", "/sys"} {
		if dirWritable(d) != nil {
			return d
		}
	}
	t.Skip("no folder refuses new files to root here")
	return ""
}

// TestOutputFolderNotWritable checks an output's folder before the search.
func TestOutputFolderNotWritable(t *testing.T) {
	ro := readOnlyDir(t)
	for _, args := range [][]string{
		{"search", "--tree", "aima", "--svg", filepath.Join(ro, "x.svg")},
		{"search", "--tree", "aima", "--trace", "json", "--trace-out", filepath.Join(ro, "x.jsonl")},
		{"diff", "alphabeta", "minimax", "--tree", "aima", "--dot", filepath.Join(ro, "x.dot")},
	} {
		r := run(t, "", args...)
		flag := args[len(args)-2]
		if r.code != 2 || r.stdout != "" || strings.Count(r.stderr, "\n") != 1 ||
			!strings.Contains(r.stderr, flag+" ") || !strings.Contains(r.stderr, "folder "+ro+" is not writable") {
			t.Errorf("%v: want exit 2 before the search, one line naming %s and %s:\n%s", args, flag, ro, r)
		}
	}
}
