package explain

import (
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace"
)

// The origins of a window's edges in Russian and Czech: every clause that
// says where an edge came from (edgeWords, reachWhy, reachTail, bothEdges)
// leaves no English and keeps the English's numbers and node names.

var englishClause = regexp.MustCompile(`(?i)\b(the|of|and|value|values|node|window|edge|root|pass|given|least|greatest|elsewhere|can|already|get|hold|will|never|let|play|reach|reaches|comes|from|arithmetic|average|falls|below|above|at|or|is|test|made|which|only|asks|whether|known|better|worse|no|not|allow|it|its|here|bounds)\b`)

func numbersIn(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`[0-9]+(?:[.,][0-9]+)*|[+−-]∞`).FindAllString(s, -1) {
		m = strings.ReplaceAll(m, ",", ".") // a decimal comma in prose (Printer.Decimal)
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	sort.Strings(out)
	return out
}

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
			if a, b := numbersIn(en[i]), numbersIn(got[i]); !slices.Equal(a, b) {
				t.Errorf("%s: numbers %v, English's %v: %q / %q", lang, b, a, got[i], en[i])
			}
		}
	}
}
