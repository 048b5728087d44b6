package dot

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace/scene"
)

// visitLabel is how a drawing numbers a child searched right to left.
func visitLabel(move, visit string) string {
	return move + ` <font color="` + scene.LookOf(scene.MarkVisit, "").Colour + `"><b>#` + visit + `</b></font>`
}

// inOrder fails unless each of parts is found in src after the one before.
func inOrder(t *testing.T, src string, parts ...string) {
	t.Helper()
	at := 0
	for _, p := range parts {
		i := strings.Index(src[at:], p)
		if i < 0 {
			t.Fatalf("%q missing, or not after %q, in\n%s", p, src[:at], src)
		}
		at += i + len(p)
	}
}

// TestRightToLeftLayout: AIMA's tree searched right to left is drawn as the
// book draws it, node 1 left of node 2 left of node 3 (with ordering=out
// the edges' order in the DOT text is their order left to right), and each
// searched child carries its place in the visits: 3 first, 1 last.
func TestRightToLeftLayout(t *testing.T) {
	s := sinktest.Search{Name: "aima-rtl", Tree: "aima", Spec: "alphabeta", RightToLeft: true}
	src := string(draw(t, s, Options{}))
	if !strings.Contains(src, "ordering=out") || !strings.Contains(src, "children right to left") {
		t.Fatalf("no ordering=out, or the title does not say right to left:\n%s", src)
	}
	inOrder(t, src, "label=<"+visitLabel("1", "3")+">", "label=<"+visitLabel("2", "2")+">", "label=<"+visitLabel("3", "1")+">")
	// The leaves carry their moves and visits inside their boxes.
	for _, p := range []string{"1", "2", "3"} {
		inOrder(t, src, p+".1</font>"+visitLabel("", "3"), p+".2</font>"+visitLabel("", "2"), p+".3</font>"+visitLabel("", "1"))
	}
	if !strings.Contains(src, "the order searched (right to left)") {
		t.Errorf("the legend does not explain the visit numbers:\n%s", src)
	}
	// Left to right nothing is numbered.
	if src := string(draw(t, sinktest.Search{Name: "aima", Tree: "aima", Spec: "alphabeta"}, Options{})); strings.Contains(src, "#1") {
		t.Errorf("a search left to right numbers its visits:\n%s", src)
	}
}

// TestRightToLeftUnsearched: the subtrees a cutoff leaves unsearched, which
// come before the searched children in the tree when it is searched right to
// left, are drawn where the tree has them, and only searched children are
// numbered.
func TestRightToLeftUnsearched(t *testing.T) {
	s := sinktest.Search{Name: "mirror", Tree: "((8 12 3) (6 4 2) (2 5 14))", Spec: "alphabeta", RightToLeft: true}
	src := string(draw(t, s, Options{}))
	inOrder(t, src, "✂</font> 2.1>", "✂</font> 2.2>", "label=<"+visitLabel("2.3", "1")+">")
	if strings.Contains(src, "2.1 <font") || strings.Contains(src, "2.2 <font") {
		t.Errorf("an unsearched child is numbered:\n%s", src)
	}
}
