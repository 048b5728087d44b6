package quiz

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/scene"
	"github.com/prunescope/prunescope/trace/tikz"
)

// drawingQuizzes are the quizzes whose pictures are checked: the textbook
// trees under two conventions, and a generated tree searched to a horizon.
func drawingQuizzes(t *testing.T) map[string]*Quiz {
	return map[string]*Quiz{
		"aima":         onTree(t, "aima", "alphabeta"),
		"wikipedia-gt": onTree(t, "wikipedia", "alphabeta:soft:gt"),
		"horizon":      generated(t, Gen{Branching: 3, Depth: 3, Max: 9, Seed: 3}, "alphabeta", 2),
	}
}

// pointValues are the values of the quiz's evaluation points, sorted: what
// every picture of it must show in its boxes.
func pointValues(q *Quiz) []string {
	var vs []string
	for _, p := range q.ix.points(q.Depth) {
		v := p.Value
		if !p.Leaf {
			v = p.Eval
		}
		vs = append(vs, q.Format(v))
	}
	slices.Sort(vs)
	return vs
}

var (
	dotBox   = regexp.MustCompile(`(?m)^  [bnu]\d+ \[shape=box, label=<(?:<font[^>]*>[^<]*</font><br/>)?([^<>]*)>`)
	dotShape = regexp.MustCompile(`(?m)^  b\d+ \[.*$`)
	tikzLeaf = regexp.MustCompile(`(?m)^\s*\[\{([^}]*)\}, ps leaf`)
)

func matches(re *regexp.Regexp, s string) []string {
	var out []string
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return out
}

// TestExerciseShowsLeavesOnly: the exercise of a quiz, in DOT and in TikZ,
// shows the value of every evaluation point (the ones the search never
// evaluates too) and nothing that gives an answer away: no value inside a
// triangle, no window, no cut, no bound, nothing greyed or bold.
func TestExerciseShowsLeavesOnly(t *testing.T) {
	for name, q := range drawingQuizzes(t) {
		t.Run(name, func(t *testing.T) {
			ex, info := q.Exercise()
			horizon := 0
			if q.Horizon {
				horizon = q.Depth
			}
			src, err := dot.Blank(ex, info, horizon, dot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			d := string(src)
			if got, want := matches(dotBox, d), pointValues(q); !slices.Equal(got, want) {
				t.Errorf("DOT boxes %v, want the evaluation points' values %v", got, want)
			}
			for _, line := range dotShape.FindAllString(d, -1) {
				if strings.Contains(line, "triangle") && !strings.Contains(line, `label=" "`) {
					t.Errorf("a triangle with something in it: %s", line)
				}
				for _, giveaway := range []string{"✂", "≤", "≥", "∞", "(", "dashed", "penwidth", "peripheries",
					scene.LookOf(scene.MarkCut, "").Colour, scene.LookOf(scene.MarkUnsearched, "").Colour} {
					if strings.Contains(line, giveaway) {
						t.Errorf("%q gives an answer away: %s", giveaway, line)
					}
				}
			}
			tex, err := tikz.Blank(ex, info, horizon, tikz.Options{})
			if err != nil {
				t.Fatal(err)
			}
			x := string(tex)
			body := x[strings.Index(x, `\begin{forest}`):]
			if got, want := matches(tikzLeaf, body), pointValues(q); !slices.Equal(got, want) {
				t.Errorf("TikZ leaves %v, want the evaluation points' values %v", got, want)
			}
			for _, giveaway := range []string{`\psCut{}`, `\textbf`, `\le`, `\ge`, `\infty`, "ps never,", "ps pv,", "ps cut node", `\psSmall{`} {
				if strings.Contains(body[strings.Index(body, "\n  [")+1:], giveaway) {
					t.Errorf("the TikZ exercise holds %s", giveaway)
				}
			}
		})
	}
}

// TestExerciseAimaUnevaluated: aima's leaves 2.2 and 2.3, which alpha-beta
// never evaluates, are in the exercise with their values, 4 and 6, as the
// others are.
func TestExerciseAimaUnevaluated(t *testing.T) {
	q := onTree(t, "aima", "alphabeta")
	ex, info := q.Exercise()
	src, err := dot.Blank(ex, info, 0, dot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for leaf, value := range map[string]string{"2.2": "4", "2.3": "6"} {
		// The leaf's box carries its move and its value, as every leaf's.
		if !strings.Contains(string(src), ` [shape=box, label=<<font point-size="9">`+leaf+`</font><br/>`+value+`>];`) {
			t.Errorf("%s is not a plain box with %s in\n%s", leaf, value, src)
		}
	}
	tex, err := tikz.Blank(ex, info, 0, tikz.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[{2.2}, ps move, ps from apex\n", "[{4}, ps leaf]", "[{2.3}, ps move, ps from apex\n", "[{6}, ps leaf]"} { // a move out of a MIN node leaves its apex by a stem
		if !strings.Contains(string(tex), want) {
			t.Errorf("the TikZ exercise lacks %q", want)
		}
	}
}

// TestKeyDrawings: the key's pictures are the quiz's search: the root's
// value, the cuts, and every node of the exercise (the never-searched parts
// drawn in full, down to the quiz's depth).
func TestKeyDrawings(t *testing.T) {
	for name, q := range drawingQuizzes(t) {
		t.Run(name, func(t *testing.T) {
			rec, err := q.Recording(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			src, _, err := dot.Build(rec, dot.Options{})
			if err != nil {
				t.Fatal(err)
			}
			d := string(src)
			root := q.Format(q.Key.Value)
			if !strings.Contains(d, "  n0 [shape=triangle, label=<<b>"+root+"</b>") {
				t.Errorf("the DOT key does not give the root's value %s", root)
			}
			if got, want := matches(dotBox, d), pointValues(q); !slices.Equal(got, want) {
				t.Errorf("DOT key boxes %v, want every evaluation point %v", got, want)
			}
			tex, _, err := tikz.Build(rec, tikz.Options{})
			if err != nil {
				t.Fatal(err)
			}
			x := string(tex)
			if !strings.Contains(x, `\textbf{`+tikz.Number(root)+`}`) {
				t.Errorf("the TikZ key does not give the root's value %s", root)
			}
			if got, want := matches(tikzLeaf, x), pointValues(q); !slices.Equal(got, want) {
				t.Errorf("TikZ key leaves %v, want every evaluation point %v", got, want)
			}
			if q.Key.Cutoffs > 0 {
				if strings.Count(d, "✂") < q.Key.Cutoffs || strings.Count(x, `\psCut{}`) < q.Key.Cutoffs {
					t.Errorf("%d cutoffs, and the keys have %d ✂ (DOT) and %d (TikZ)", q.Key.Cutoffs, strings.Count(d, "✂"), strings.Count(x, `\psCut{}`))
				}
				if !strings.Contains(x, "ps never") || !strings.Contains(d, "never searched") {
					t.Error("the never-searched parts are not drawn")
				}
			}
		})
	}
}
