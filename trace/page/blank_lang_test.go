package page

import (
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace"
)

// TestBlankChanceLanguages: the lab's exercise (BlankSVG) writes the
// outcomes' probabilities as the language writes a decimal (1.1 (0,25) in
// Russian and Czech, 1.1 (0.25) in English), the moves' names keeping
// their points.
func TestBlankChanceLanguages(t *testing.T) {
	leaf := func(move string, v, num, den int64) *trace.Subtree {
		return &trace.Subtree{Move: move, Path: move, Leaf: true, Value: v, PNum: num, PDen: den}
	}
	ex := &trace.Subtree{Path: "", Max: true, Children: []*trace.Subtree{
		{Move: "1", Path: "1", Chance: true, Children: []*trace.Subtree{leaf("1.1", 3, 1, 4), leaf("1.2", 12, 3, 4)}},
		{Move: "2", Path: "2", Chance: true, Children: []*trace.Subtree{
			{Move: "2.1", Path: "2.1", PNum: 1, PDen: 3, Children: []*trace.Subtree{leaf("2.1.1", 2, 0, 0)}},
			{Move: "2.2", Path: "2.2", PNum: 2, PDen: 3, Children: []*trace.Subtree{leaf("2.2.1", 4, 0, 0)}},
		}},
	}}
	want := map[string][]string{
		"":   {">1.1 (0.25)<", ">1.2 (0.75)<", ">2.1 (1/3)<", ">2.2 (2/3)<"},
		"ru": {">1.1 (0,25)<", ">1.2 (0,75)<", ">2.1 (1/3)<", ">2.2 (2/3)<"},
		"cs": {">1.1 (0,25)<", ">1.2 (0,75)<", ">2.1 (1/3)<", ">2.2 (2/3)<"},
	}
	for lang, moves := range want {
		svg, err := BlankSVG(ex, &trace.Info{Game: "tree", Scale: 1, Root: "max", Algo: "expectimax", Lang: lang}, "default")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			if !strings.Contains(svg, m) {
				t.Errorf("%q: the exercise lacks %q:\n%s", lang, m, svg)
			}
		}
		if m := regexp.MustCompile(`>[^<]*\([0-9]+\.[0-9]+\)<`).FindString(svg); lang != "" && m != "" {
			t.Errorf("%s: %q has a decimal point", lang, m)
		}
	}
}
