package engine_test

import (
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
)

// parseTree reads tree text for a test.
func parseTree(t testing.TB, text string) *tree.Tree {
	t.Helper()
	tr, err := tree.Parse("test", text)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// TestNamedRootHasEmptyPath: the root's path is "" in every event, named or
// not (DESIGN.md), and its children keep their names.
func TestNamedRootHasEmptyPath(t *testing.T) {
	tr := parseTree(t, "A:(B:(3 4) C:(5))")
	for _, sp := range allSpecs {
		_, evs := run(t, tr, spec(t, sp), 2)
		for _, e := range evs {
			if e.Node == 0 && e.Path != "" {
				t.Fatalf("%s: %s event of the root has path %q, want \"\"", sp, e.Kind, e.Path)
			}
			if e.Kind == trace.Enter && e.Ply == 1 && e.Path != "B" && e.Path != "C" {
				t.Errorf("%s: child entered as %q", sp, e.Path)
			}
		}
	}
}
