package tree

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	textFile := write("t.txt", "# a tree\n((1 2) (3 4))[min]\n")
	jsonFile := write("t.json", `{"root": "min", "tree": {"children": [{"value": 5}]}}`)
	textNamedJSONish := write("tree", "(7 8)")
	badFile := write("bad.txt", "(1 2")
	badJSONFile := write("bad.json", `{"tree": {"value": 3.001}}`)

	tests := []struct {
		name, value, stdin string
		format, source     string // Format of the tree, its Source
	}{
		{"built-in", "aima", "", "((3 12 8) (2 4 6) (14 5 2))", "aima"},
		{"stdin text", "-", "  (1 (2 3))\n", "(1 (2 3))", "stdin"},
		{"stdin JSON", "-", "\n {\"tree\": {\"children\": [{\"value\": 1.5}]}}", "(1.5)", "stdin"},
		{"text file", textFile, "", "((1 2) (3 4))[min]", textFile},
		{"JSON file", jsonFile, "", "(5)[min]", jsonFile},
		{"file without extension", textNamedJSONish, "", "(7 8)", textNamedJSONish},
		{"inline text", "((3 12 8) (2 4 6))", "", "((3 12 8) (2 4 6))", "tree"},
		{"inline number", "5", "", "5", "tree"},
		{"inline negative number", "-2.5", "", "-2.5", "tree"},
		{"inline JSON", `{"tree": {"value": 4}}`, "", "4", "tree"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := Load(tc.value, strings.NewReader(tc.stdin))
			if err != nil {
				t.Fatalf("Load(%q): %v", tc.value, err)
			}
			if got := Format(tr); got != tc.format {
				t.Errorf("Load(%q) = %s, want %s", tc.value, got, tc.format)
			}
			if tr.Source != tc.source {
				t.Errorf("Load(%q).Source = %q, want %q", tc.value, tr.Source, tc.source)
			}
		})
	}

	errTests := []struct {
		name, value string
		stdin       func() *strings.Reader
		want        string
	}{
		{"unknown name", "aimaa", nil, `no built-in tree, file or tree text named "aimaa" (built-in trees: aima, extensions, futility, iterative, lmr, nullmove, quiescence, razoring, reductions, threat, transpositions, wikipedia, zugzwang)`},
		{"missing file", filepath.Join(dir, "none.txt"), nil, `no built-in tree, file or tree text named "` + filepath.Join(dir, "none.txt") + `" (built-in trees: aima, extensions, futility, iterative, lmr, nullmove, quiescence, razoring, reductions, threat, transpositions, wikipedia, zugzwang)`},
		{"directory", dir, nil, "tree file " + dir + ": is a directory"},
		{"bad text file", badFile, nil, badFile + ":1:5: '(' at 1:1 is never closed"},
		{"bad JSON file", badJSONFile, nil, badJSONFile + ": tree.value: value 3.001 has more than two decimals"},
		{"bad inline", "(1 2))", nil, "tree:1:6: unexpected ')' after the end of the tree"},
		{"bad inline number", "3.001", nil, "tree:1:1: value 3.001 has more than two decimals"},
		{"bad stdin", "-", func() *strings.Reader { return strings.NewReader("(1 x)") }, `stdin:1:4: expected ':' after the name "x" (a leaf is a number, inf or -inf)`},
		{"no stdin", "-", nil, "stdin: no standard input to read the tree from"},
	}
	for _, tc := range errTests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.stdin != nil {
				_, err = Load(tc.value, tc.stdin())
			} else {
				_, err = Load(tc.value, nil)
			}
			if err == nil || err.Error() != tc.want {
				t.Errorf("Load(%q) error:\n got %v\nwant %s", tc.value, err, tc.want)
			}
		})
	}
}

func TestLoadReadError(t *testing.T) {
	_, err := Load("-", iotest.ErrReader(errors.New("broken pipe")))
	if want := "stdin: read: broken pipe"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestLoadUnreadableFile(t *testing.T) {
	if os.Getuid() == 0 {
		t.Skip("root reads every file")
	}
	path := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(path, []byte("(1 2)"), 0o000); err != nil {
		t.Fatal(err)
	}
	_, err := Load(path, nil)
	if want := "tree file " + path + ": permission denied"; err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}
