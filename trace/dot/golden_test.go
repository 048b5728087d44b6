package dot

import (
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden: the DOT drawing of each small search (sinktest.Searches),
// recorded through the recorder's hooks, against testdata/golden/NAME.dot.
func TestGolden(t *testing.T) {
	for _, s := range sinktest.Searches {
		t.Run(s.Name, func(t *testing.T) {
			b, _, err := Build(s.Record(t), Options{})
			if err != nil {
				t.Fatal(err)
			}
			sinktest.Golden(t, filepath.Join("testdata", "golden", s.Name+".dot"), b, *update)
		})
	}
}

// wide is a root with 40 moves, wider than a width budget of 10.
var wide = sinktest.Search{Name: "wide", Tree: "(" + strings.Repeat("(1 2) ", 40) + ")", Spec: "alphabeta"}

// TestGoldenOptions: the options that change the drawing, on one search
// each: a focus, negamax values, an earlier iteration, a frame in the middle
// of the search (with and without the nodes not entered yet), the node and
// width budgets.
func TestGoldenOptions(t *testing.T) {
	wikipedia := sinktest.Search{Name: "wikipedia", Tree: "wikipedia", Spec: "alphabeta"}
	iterative := sinktest.Search{Name: "iterative", Tree: "iterative", Spec: "alphabeta+iterative+aspiration+tt+order"}
	for _, c := range []struct {
		name   string
		search sinktest.Search
		opt    Options
	}{
		{"wikipedia-focus", wikipedia, Options{Focus: "2"}},
		{"wikipedia-negamax", wikipedia, Options{Negamax: true}},
		{"wikipedia-until", wikipedia, Options{Until: 20, Caption: "after event 20"}},
		{"wikipedia-until-skip", wikipedia, Options{Until: 20, SkipFuture: true}},
		{"wikipedia-drawdepth", wikipedia, Options{DrawDepth: 2}},
		{"wikipedia-maxnodes", wikipedia, Options{MaxNodes: 8}},
		{"iterative-first", iterative, Options{Iteration: 1}},
		{"wide", wide, Options{MaxWidth: 10}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, _, err := Build(c.search.Record(t), c.opt)
			if err != nil {
				t.Fatal(err)
			}
			sinktest.Golden(t, filepath.Join("testdata", "golden", c.name+".dot"), b, *update)
		})
	}
}
