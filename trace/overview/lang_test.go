package overview

import (
	"html"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

// chartEnglish are words of the chart's own English (its notes, row labels,
// tooltips and legend) that a Russian or Czech chart must not hold.
var chartEnglish = regexp.MustCompile(`(?i)\b(ply|plies|visit|visits|node|nodes|cell|cells|row|move|moves|searched|search|below|cutoff|cutoffs|leaf|leaves|prune|prunes|table|quiescence|reduced|reductions|extended|extensions|again|hover|drawn|scale|both|these|deeper|every|added|block|bounds|value|last|root|here|read|fill|ended|principal|variation|dashed|dotted|inside|evaluation|trace|event|went|holds|shows|the|of|and|at|in|is|by|its|or|an)\b`)

// chartText is the text a chart shows: its lines and its tooltips.
func chartText(svg []byte) []string {
	var out []string
	for _, m := range regexp.MustCompile(`<(?:text|title|tspan)[^>]*>([^<]*)<`).FindAllStringSubmatch(string(svg), -1) {
		out = append(out, strings.Split(html.UnescapeString(m[1]), "\n")...)
	}
	return out
}

// TestChartLanguages: an overview of a Russian or Czech search, alone and in
// a pair, writes its own words in that language with no English word left,
// and every number and node name of the English chart.
func TestChartLanguages(t *testing.T) {
	var charts []*Overview
	for _, s := range sinktest.Searches {
		o, _ := build(t, s, New(0, 0))
		charts = append(charts, o)
	}
	b := New(1, 0) // blocks below ply 1
	chessSearch(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", 3, "alphabeta+selective", b.Hooks())
	o, err := b.Overview()
	if err != nil {
		t.Fatal(err)
	}
	charts = append(charts, o)
	for i, o := range charts {
		drawings := func(lang string) [][]string {
			setLang := func(x *Overview, l string) {
				if x.Info != nil {
					x.Info.Lang = l
				}
			}
			next := charts[(i+1)%len(charts)]
			setLang(o, lang)
			setLang(next, lang)
			defer setLang(o, "")
			defer setLang(next, "")
			return [][]string{chartText(SVG(o)), chartText(Pair(o, next, "alphabeta", "alphabeta+tt"))}
		}
		en := drawings("")
		for _, lang := range []string{"ru", "cs"} {
			got := drawings(lang)
			for k := range got {
				for _, line := range got[k] {
					if otherPart(line) {
						continue
					}
					if w := chartEnglish.FindString(line); w != "" {
						t.Errorf("chart %d (%d) %s: %q left in English in %q", i, k, lang, w, line)
					}
				}
				want, have := chartNumbers(en[k]), chartNumbers(got[k])
				for _, n := range want {
					if !slices.Contains(have, n) {
						t.Errorf("chart %d (%d) %s: %s of the English chart is missing", i, k, lang, n)
						break
					}
				}
			}
		}
	}
}

// otherPart: the lines the chart takes from trace/explain (the search's
// description, its techniques, input, result and counts), and a pair's
// names of its searches (their specs), tested where they are written.
func otherPart(line string) bool {
	return strings.HasPrefix(line, "A = ") || strings.HasPrefix(line, "A  ") || strings.HasPrefix(line, "B  ")
}

func chartNumbers(lines []string) []string {
	var out []string
	for _, l := range lines {
		for _, m := range regexp.MustCompile(`[0-9]+(?:[.,][0-9]+)*`).FindAllString(l, -1) {
			out = append(out, strings.ReplaceAll(m, ",", "."))
		}
	}
	return out
}
