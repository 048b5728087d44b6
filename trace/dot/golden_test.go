package dot

import (
	"flag"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// draw records s through the recorder's hooks and draws it with opt.
func draw(t *testing.T, s sinktest.Search, opt Options) []byte {
	b, _, err := Build(s.Record(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGolden: the DOT drawing of each small search (sinktest.Searches) with
// the default options, against testdata/golden/NAME.dot.
func TestGolden(t *testing.T) {
	sinktest.Goldens(t, sinktest.Searches, ".dot", *update, func(t *testing.T, s sinktest.Search) []byte {
		return draw(t, s, Options{})
	})
}

// TestGoldenOptions: the options that change the drawing, one golden file
// each: a focus, negamax values, a frame in the middle of the search (with
// and without the nodes not entered yet), the draw depth, the node budget,
// an earlier iteration, a root of 40 moves under a width budget of 10, and
// AIMA's ranges at the end and in the middle of the search.
func TestGoldenOptions(t *testing.T) {
	opts := map[string]Options{
		"wikipedia-focus":      {Focus: "2"},
		"wikipedia-negamax":    {Negamax: true},
		"wikipedia-until":      {Until: 20, Caption: "after event 20"},
		"wikipedia-until-skip": {Until: 20, SkipFuture: true},
		"wikipedia-drawdepth":  {DrawDepth: 2},
		"wikipedia-maxnodes":   {MaxNodes: 8},
		"iterative-first":      {Iteration: 1},
		"wide":                 {MaxWidth: 10},
		"aima-ranges":          {Ranges: true},
		"aima-ranges-until":    {Ranges: true, Until: 14},
	}
	var searches []sinktest.Search
	for _, name := range slices.Sorted(maps.Keys(opts)) {
		s := sinktest.Search{Name: name, Tree: "wikipedia", Spec: "alphabeta"}
		switch name {
		case "iterative-first":
			s.Tree, s.Spec = "iterative", "alphabeta+iterative+aspiration+tt+order"
		case "aima-ranges", "aima-ranges-until": // AIMA's Figure 5.5, fail-soft as the figure is
			s.Tree, s.Spec = "aima", "alphabeta:soft"
		case "wide": // a root of 40 moves
			s.Tree = "(" + strings.Repeat("(1 2) ", 40) + ")"
		}
		searches = append(searches, s)
	}
	sinktest.Goldens(t, searches, ".dot", *update, func(t *testing.T, s sinktest.Search) []byte {
		return draw(t, s, opts[s.Name])
	})
}
