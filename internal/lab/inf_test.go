package lab_test

import (
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/lab"
)

// TestEditInfinite: a leaf's value typed as −∞ (or any spelling the text
// form reads) is the tree's -inf; the node's form shows it as the text form
// writes it; the search of the edited tree says what prunescope search
// prints for it; and a chance node above an infinite leaf gets the command
// line's error at the leaf's line and column.
func TestEditInfinite(t *testing.T) {
	r := edit(t, aimaIndented, "value", "2.1", "−∞", 0)
	if r.Line != "((3 12 8) (-inf 4 6) (14 5 2))" {
		t.Fatalf("edited tree %q", r.Line)
	}
	r = edit(t, r.Tree, "value", "3.2", "+∞", 0)
	const want = "((3 12 8) (-inf 4 6) (14 inf 2))"
	if r.Line != want {
		t.Fatalf("edited tree %q, want %q", r.Line, want)
	}
	info, err := lab.Node(r.Tree, "2.1")
	if err != nil || info.Value != "-inf" {
		t.Fatalf("node 2.1: %+v, %v", info, err)
	}
	for _, args := range [][]string{nil, {"--fail", "soft"}, {"--algo", "pvs"}, {"--algo", "mtdf"}} {
		res := lab.Search(context.Background(), r.Line, args)
		if res.Error != "" {
			t.Fatalf("%v: %s", args, res.Error)
		}
		out, errLine := cli(append([]string{"search", "--tree", want}, args...)...)
		if errLine != "" {
			t.Fatalf("%v: %s", args, errLine)
		}
		for _, line := range res.Summary {
			if !strings.Contains(out, line) {
				t.Errorf("%v: the lab says %q; prunescope search prints\n%s", args, line, out)
			}
		}
	}
	chance := edit(t, "((3 (1 2))[chance] 2)", "value", "1.2.2", "-inf", 0)
	res := lab.Search(context.Background(), chance.Tree, []string{"--algo", "expectimax"})
	_, errLine := cli("search", "--algo", "expectimax", "--tree", chance.Tree)
	if res.Error == "" || res.Error != errLine || !strings.Contains(errLine, "leaf 1.2.2 is −∞ below chance node 1") {
		t.Errorf("the lab: %q; the command line: %q", res.Error, errLine)
	}
}
