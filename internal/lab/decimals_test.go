package lab

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
)

var (
	// labPoint is a decimal point between digits.
	labPoint = regexp.MustCompile(`\d\.\d`)
	// labNode is a node's name in the trees below (moves 1 to 3: 2.1).
	labNode = regexp.MustCompile(`(^|[^\d.,−-])[1-3](\.[1-3])+(\.?($|[^\d]))`)
)

// labLeftPoint is a decimal point s writes in a value (not a node's name).
func labLeftPoint(s string) string {
	return labPoint.FindString(labNode.ReplaceAllString(labNode.ReplaceAllString(s, "$1$3"), "$1$3"))
}

// TestLabDecimals: asked in Russian or Czech, the Code tab's variables and
// notes and the Node tab's facts of every node at every step write their
// values as the language writes a decimal (1,5; (0,5; 1,25)), node names
// keeping their points, on trees with decimal values and a chance tree's
// averages.
func TestLabDecimals(t *testing.T) {
	cases := []struct {
		tree string
		args []string
	}{
		{"((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))", nil},
		{"((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))", []string{"--algo", "negamax", "--fail", "soft"}},
		{"((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))", []string{"--algo", "pvs", "--window", "0.5,5.5"}},
		{"(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", []string{"--algo", "star1", "--bounds", "-2,2"}},
	}
	for _, c := range cases {
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			name := fmt.Sprintf("%s %v in %s", c.tree, c.args, l)
			ctx := i18n.WithLang(context.Background(), l)
			code, err := CodeOf(ctx, c.tree, c.args)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for i, s := range code.Steps {
				for _, v := range append([]string{s.Note}, s.Vars...) {
					if p := labLeftPoint(v); p != "" {
						t.Errorf("%s: the Code tab's step %d writes %s with a decimal point: %q", name, i, p, v)
					}
				}
			}
			for step := 1; step <= len(code.Steps); step++ {
				var ids []string // the searched nodes, and the shapes never searched
				for k := 0; k < 13; k++ {
					ids = append(ids, fmt.Sprintf("n%d", k), fmt.Sprintf("u%d", k))
				}
				for _, id := range ids {
					x, err := Inspect(ctx, c.tree, c.args, step, id, nil)
					if err != nil {
						continue // no such node
					}
					for _, f := range x.Facts {
						if p := labLeftPoint(f.Text); p != "" {
							t.Errorf("%s: the Node tab at step %d, node %s writes %s with a decimal point: %s: %q", name, step, id, p, f.Label, f.Text)
						}
					}
				}
			}
		}
	}
}
