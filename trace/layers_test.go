package trace_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoImportUpToEngine: the trace packages stand beside the engine, not
// on it: what they share with it (the values, internal/score) is on the
// ground floor, and no import of a trace package runs back up to the
// engine (its tests may search, to have traces to read).
func TestNoImportUpToEngine(t *testing.T) {
	const engine = "github.com/prunescope/prunescope/engine"
	n := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		n++
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if p == engine || strings.HasPrefix(p, engine+"/") {
				t.Errorf("%s imports %s: trace must not import the engine", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 40 {
		t.Fatalf("only %d Go files under trace/: the walk missed them", n)
	}
}
