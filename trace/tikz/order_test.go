package tikz

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

// TestRightToLeftLayout: searched right to left, the mirror of AIMA's tree
// is pictured as written, node 1 left of node 2 left of node 3 and the two
// leaves a cutoff left (2.1 and 2.2) left of 2.3, each searched child with
// its place in the visits.
func TestRightToLeftLayout(t *testing.T) {
	s := sinktest.Search{Name: "mirror", Tree: "((8 12 3) (6 4 2) (2 5 14))", Spec: "alphabeta", RightToLeft: true}
	src := string(picture(t, s, Options{}))
	at := 0
	v := func(k string) string { return `\textcolor{psVisit}{\textbf{\#` + k + `}}}` } // the visit's number, in its look
	for _, p := range []string{`[{1 ` + v("3"), `[{1.1 ` + v("3"), `[{1.3 ` + v("1"), `[{2 ` + v("2"), `{2.1}}`, `{2.2}}`, `[{2.3 ` + v("1"), `[{3 ` + v("1"), `[{3.1 ` + v("3")} {
		i := strings.Index(src[at:], p)
		if i < 0 {
			t.Fatalf("%q missing, or before what should precede it, in\n%s", p, src)
		}
		at += i + len(p)
	}
	if !strings.Contains(src, "% tree mirror · root MAX · depth 2 · children right to left") {
		t.Errorf("the header does not say right to left:\n%s", src)
	}
}
