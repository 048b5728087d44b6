package explain

import (
	"regexp"
	"slices"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/trace"
)

// The origins of a window's edges in Russian and Czech: every clause that
// says where an edge came from (edgeWords, reachWhy, reachTail, bothEdges)
// leaves no English and keeps the English's numbers and node names.

var englishClause = regexp.MustCompile(`(?i)\b(the|of|and|value|values|node|window|edge|root|pass|given|least|greatest|elsewhere|can|already|get|hold|will|never|let|play|reach|reaches|comes|from|arithmetic|average|falls|below|above|at|or|is|test|made|which|only|asks|whether|known|better|worse|no|not|allow|it|its|here|bounds)\b`)

func TestOriginsTranslated(t *testing.T) {
	clauses := func(in *trace.Info) []string {
		var out []string
		for _, from := range []Origin{FromNothing, FromMove, FromWindow, FromPass, FromBounds, FromChance, FromTest} {
			for _, at := range []string{"", "2.1"} {
				for _, ply := range []int{1, 3} {
					src := Source{From: from, At: at, Ply: 2}
					for _, low := range []bool{true, false} {
						p := &Open{Path: "2.1.3", Ply: ply, AlphaFrom: src, BetaFrom: src}
						out = append(out, edgeWords(in, ply, 7, low, src), reachWhy(in, "2.1.3", ply, 7, low, src), reachTail(in, p, 7, low))
						out = append(out, reachWhy(in, "", ply, 7, low, src))
					}
					out = append(out, bothEdges(in, 3, 8, src, src))
				}
			}
		}
		return out
	}
	en := clauses(&trace.Info{Scale: 1})
	for _, lang := range []string{"ru", "cs"} {
		got := clauses(&trace.Info{Scale: 1, Lang: lang})
		for i := range en {
			if w := englishClause.FindString(got[i]); w != "" {
				t.Errorf("%s: %q left in English in %q (English %q)", lang, w, got[i], en[i])
			}
			if a, b := i18ntest.Numbers(en[i]), i18ntest.Numbers(got[i]); !slices.Equal(a, b) {
				t.Errorf("%s: numbers %v, English's %v: %q / %q", lang, b, a, got[i], en[i])
			}
		}
	}
}
