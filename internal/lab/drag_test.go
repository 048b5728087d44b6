package lab_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
)

// TestFamilies checks the families the Tree tab's drag moves a node among
// against the node call the tab's form reads (each child at its place, of
// its parent's children) and the names the drawing gives (every node but
// the root a child of exactly one family), on the AIMA tree, a tree with
// named nodes, a chance node's and random trees; the call answers the
// same, and a malformed tree's error is the edits' one line.
func TestFamilies(t *testing.T) {
	texts := []string{
		aimaIndented,
		"A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))",
		"((1 2)[chance] (3 (4 5) 6) 7)",
	}
	for seed := uint64(1); seed <= 6; seed++ {
		r, err := tree.Random(1+int(seed%3), 1+int(seed%4), -9, 9, seed)
		if err != nil {
			t.Fatal(err)
		}
		texts = append(texts, tree.Format(r))
	}
	for _, text := range texts {
		fams, err := lab.Families(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		names, err := lab.Names(text)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, f := range fams {
			p, err := lab.Node(text, f.Parent)
			if err != nil {
				t.Fatalf("%s: family of %q: %v", text, f.Parent, err)
			}
			if !reflect.DeepEqual(p.Children, f.Children) {
				t.Errorf("%s: the children of %q are %q, the node call says %q", text, f.Parent, f.Children, p.Children)
			}
			for i, c := range f.Children {
				seen[c]++
				n, err := lab.Node(text, c)
				if err != nil {
					t.Fatal(err)
				}
				if n.Index != i+1 || n.Siblings != len(f.Children) {
					t.Errorf("%s: %q is child %d of %d of %q, the node call says %d of %d", text, c, i+1, len(f.Children), f.Parent, n.Index, n.Siblings)
				}
			}
		}
		for k, name := range names {
			if want := min(k, 1); seen[name] != want {
				t.Errorf("%s: node %q is a child in %d families, want %d", text, name, seen[name], want)
			}
		}
		if got := call[[]lab.Family](t, "families", map[string]any{"tree": text}); !reflect.DeepEqual(got, fams) {
			t.Errorf("%s: the call answers %+v, Families %+v", text, got, fams)
		}
	}
	bad := call[map[string]string](t, "families", map[string]any{"tree": "((1 2)"})
	_, want := cli("tree", "show", "((1 2)")
	if bad["error"] == "" || strings.Contains(bad["error"], "\n") || bad["error"] != want {
		t.Errorf("a malformed tree: the call answers %q, prunescope tree show says %q", bad["error"], want)
	}
}
