package dot_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
)

// TestBlankChance: an exercise with chance nodes draws them as circles,
// each outcome with its probability (on its edge, or in its leaf's box),
// and says so in the legend: a student cannot average without them.
func TestBlankChance(t *testing.T) {
	out, err := dot.Blank(chanceExercise(), &trace.Info{Game: "tree", Scale: 1, Root: "max", Algo: "expectimax"}, 0, dot.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{"shape=circle", "1.1 (0.25)", "1.2 (0.75)", "label=<2.1 (1/3)>", "label=<2.2 (2/3)>", "○ chance node"} {
		if !strings.Contains(s, want) {
			t.Errorf("the exercise lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "shape=circle") != 2 {
		t.Errorf("want two circles:\n%s", s)
	}
}

// chanceExercise is an exercise with two chance nodes: outcomes that are
// leaves (1.1, 1.2: 0.25 and 0.75) and inner nodes (2.1, 2.2: 1/3, 2/3).
func chanceExercise() *trace.Subtree {
	leaf := func(move string, v, num, den int64) *trace.Subtree {
		return &trace.Subtree{Move: move, Path: move, Leaf: true, Value: v, PNum: num, PDen: den}
	}
	return &trace.Subtree{Path: "", Max: true, Children: []*trace.Subtree{
		{Move: "1", Path: "1", Chance: true, Children: []*trace.Subtree{leaf("1.1", 3, 1, 4), leaf("1.2", 12, 3, 4)}},
		{Move: "2", Path: "2", Chance: true, Children: []*trace.Subtree{
			{Move: "2.1", Path: "2.1", PNum: 1, PDen: 3, Children: []*trace.Subtree{leaf("2.1.1", 2, 0, 0)}},
			{Move: "2.2", Path: "2.2", PNum: 2, PDen: 3, Children: []*trace.Subtree{leaf("2.2.1", 4, 0, 0)}},
		}},
	}}
}

// TestBlankChanceLanguages: in Russian and Czech the exercise writes the
// outcomes' probabilities as the language writes a decimal (1.1 (0,25)),
// the moves' names keeping their points, and every number of the English.
func TestBlankChanceLanguages(t *testing.T) {
	draw := func(lang string) string {
		out, err := dot.Blank(chanceExercise(), &trace.Info{Game: "tree", Scale: 1, Root: "max", Algo: "expectimax", Lang: lang}, 0, dot.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	en := draw("")
	for _, lang := range []string{"ru", "cs"} {
		s := draw(lang)
		for _, want := range []string{"1.1 (0,25)", "1.2 (0,75)", "label=<2.1 (1/3)>", "label=<2.2 (2/3)>"} {
			if !strings.Contains(s, want) {
				t.Errorf("%s: the exercise lacks %q:\n%s", lang, want, s)
			}
		}
		if m := regexp.MustCompile(`\([0-9]+\.[0-9]+\)`).FindString(s); m != "" {
			t.Errorf("%s: %q has a decimal point:\n%s", lang, m, s)
		}
		entity := regexp.MustCompile(`&#[0-9]+;`) // MAX&#39;s
		if a, b := i18ntest.Numbers(entity.ReplaceAllString(en, "")), i18ntest.Numbers(entity.ReplaceAllString(s, "")); !slices.Equal(a, b) {
			t.Errorf("%s: numbers %v, English's %v", lang, b, a)
		}
	}
}
