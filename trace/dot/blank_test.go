package dot

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace"
)

// TestGoldenExercise: the exercise of the aima tree (quiz --svg), and the
// legend's line for a horizon.
func TestGoldenExercise(t *testing.T) {
	info := &trace.Info{Game: "tree", Input: "aima", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1, Depth: 2}
	for name, horizon := range map[string]int{"aima-exercise": 0, "aima-exercise-horizon": 2} {
		src, err := Blank(sinktest.Exercise("aima"), info, horizon, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sinktest.Golden(t, filepath.Join("testdata", "golden", name+".dot"), src, *update)
	}
}

// TestExerciseSize: an exercise is drawn whole or refused, by its nodes and
// by its width.
func TestExerciseSize(t *testing.T) {
	var se *SizeError
	if _, err := Blank(sinktest.Exercise("wikipedia"), &trace.Info{Scale: 1}, 0, Options{MaxNodes: 32}); !errors.As(err, &se) || se.Nodes != 33 {
		t.Errorf("33 nodes under a budget of 32: %v", err)
	}
	if _, err := Blank(sinktest.Exercise("wikipedia"), &trace.Info{Scale: 1}, 0, Options{MaxWidth: 13}); !errors.As(err, &se) || se.Width != 14 {
		t.Errorf("14 leaves side by side under a width of 13: %v", err)
	}
	if _, err := Blank(sinktest.Exercise("wikipedia"), &trace.Info{Scale: 1}, 0, Options{MaxNodes: 33, MaxWidth: 14}); err != nil {
		t.Errorf("the exercise fits exactly: %v", err)
	}
}

// TestBlankNoTitleNoLegend: an exercise leaves its title and its legend out
// when asked, as every drawing does (--no-title, --no-legend).
func TestBlankNoTitleNoLegend(t *testing.T) {
	info := &trace.Info{Game: "tree", Input: "aima", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "max", Scale: 1}
	full, err := Blank(sinktest.Exercise("aima"), info, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	bare, err := Blank(sinktest.Exercise("aima"), info, 0, Options{NoTitle: true, NoLegend: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(full), "labelloc=t") || !strings.Contains(string(full), "legend [") {
		t.Fatalf("the exercise has no title or legend:\n%s", full)
	}
	if strings.Contains(string(bare), "labelloc=t") || strings.Contains(string(bare), "legend") {
		t.Errorf("--no-title --no-legend: still there:\n%s", bare)
	}
}
