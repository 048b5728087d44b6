package tikz

import (
	"errors"
	"flag"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace"

	"github.com/prunescope/prunescope/internal/sinktest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// picture records s through the recorder's hooks and draws it with opt.
func picture(t *testing.T, s sinktest.Search, opt Options) []byte {
	t.Helper()
	b, _, err := Build(s.Record(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGolden: the picture of each small search (sinktest.Searches) with the
// default options, against testdata/golden/NAME.tex.
func TestGolden(t *testing.T) {
	sinktest.Goldens(t, sinktest.Searches, ".tex", *update, func(t *testing.T, s sinktest.Search) []byte {
		return picture(t, s, Options{})
	})
}

// TestGoldenOptions: the options that change the picture, one golden file
// each, on the Wikipedia tree: as it is, a focus, the draw depth (a box
// counts what is below), negamax values, values without windows, and aima
// as a whole document.
func TestGoldenOptions(t *testing.T) {
	opts := map[string]Options{
		"wikipedia":            {},
		"wikipedia-focus":      {Focus: "2"},
		"wikipedia-drawdepth":  {DrawDepth: 2},
		"wikipedia-negamax":    {Negamax: true},
		"wikipedia-nowindows":  {NoWindows: true},
		"aima-standalone":      {Standalone: true},
		"wikipedia-gt-focus-3": {Focus: "3"},
	}
	var searches []sinktest.Search
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		s := sinktest.Search{Name: name, Tree: "wikipedia", Spec: "alphabeta"}
		switch {
		case strings.HasPrefix(name, "aima"):
			s.Tree = "aima"
		case strings.Contains(name, "-gt"):
			s.Spec = "alphabeta:soft:gt"
		}
		searches = append(searches, s)
	}
	sinktest.Goldens(t, searches, ".tex", *update, func(t *testing.T, s sinktest.Search) []byte {
		return picture(t, s, opts[s.Name])
	})
}

// TestGoldenExercise: the exercises of the textbook trees (quiz --tikz).
func TestGoldenExercise(t *testing.T) {
	for _, name := range []string{"aima", "wikipedia"} {
		t.Run(name, func(t *testing.T) {
			info := &trace.Info{Game: "tree", Input: name, Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1, Depth: 4}
			tex, err := Blank(sinktest.Exercise(name), info, 0, Options{})
			if err != nil {
				t.Fatal(err)
			}
			sinktest.Golden(t, filepath.Join("testdata", "golden", name+"-exercise.tex"), tex, *update)
		})
	}
}

// TestBudget: a picture of more shapes than allowed is refused, saying how
// many it would take; the exercise likewise.
func TestBudget(t *testing.T) {
	rec := sinktest.Search{Name: "wikipedia", Tree: "wikipedia", Spec: "alphabeta"}.Record(t)
	_, _, err := Build(rec, Options{MaxNodes: 10})
	var be *BudgetError
	if !errors.As(err, &be) || be.Shapes != 25+8 || be.Max != 10 {
		t.Fatalf("got %v, want a BudgetError of 33 shapes (25 searched, 8 never searched) and 10 allowed", err)
	}
	if _, st, err := Build(rec, Options{MaxNodes: 33}); err != nil || st.Drawn != 33 {
		t.Errorf("33 shapes allowed: %v, %d drawn", err, st.Drawn)
	}
	if _, _, err := Build(rec, Options{MaxNodes: 10, DrawDepth: 1}); err != nil {
		t.Errorf("one ply (the root, 3 moves, 3 boxes) is refused: %v", err)
	}
	if _, err := Blank(sinktest.Exercise("wikipedia"), &trace.Info{Scale: 1}, 0, Options{MaxNodes: 32}); !errors.As(err, &be) {
		t.Errorf("the exercise of 33 nodes under a budget of 32: %v", err)
	}
}
