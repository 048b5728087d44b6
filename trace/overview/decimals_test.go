package overview

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

// TestChartDecimals: the overview of a Russian or Czech search of a tree
// with decimal values writes its values (a cell's value, "≤2,5") with the
// language's decimal comma, node names and the tree's text keeping their
// points, and every number of the English chart.
func TestChartDecimals(t *testing.T) {
	point := regexp.MustCompile(`\d\.\d`)
	kept := regexp.MustCompile(`(^|[^\d.,−-])[1-3](\.[1-3])+(\.?($|[^\d]))|\(\(.*?( · |$)`)
	for _, s := range []sinktest.Search{
		{Name: "decimal", Tree: "((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))", Spec: "alphabeta"},
		{Name: "chance", Tree: "((3 [p=0.5] 4 [p=0.5])[chance] (1 [p=0.25] 6 [p=0.75])[chance] (2.5 [p=0.5] 0.5 [p=0.5])[chance])", Spec: "expectimax"},
	} {
		o, _ := build(t, s, New(0, 0))
		chart := func(lang string) []string {
			o.Info.Lang = lang
			defer func() { o.Info.Lang = "" }()
			return chartText(SVG(o))
		}
		en := chart("")
		if !point.MatchString(kept.ReplaceAllString(kept.ReplaceAllString(strings.Join(en, "\n"), "$1$3"), "$1$3")) {
			t.Errorf("%s: the English chart writes no decimal", s.Name)
		}
		for _, lang := range []string{"ru", "cs"} {
			got := chart(lang)
			for _, line := range got {
				if p := point.FindString(kept.ReplaceAllString(kept.ReplaceAllString(line, "$1$3"), "$1$3")); p != "" {
					t.Errorf("%s %s: a decimal point (%s) is left in %q", s.Name, lang, p, line)
				}
			}
			have := chartNumbers(got)
			for _, n := range chartNumbers(en) {
				if !slices.Contains(have, n) {
					t.Errorf("%s %s: %s of the English chart is missing", s.Name, lang, n)
				}
			}
		}
	}
}
