package scene

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	toytree "github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/trace/record"
)

// decimalSearches are searches of trees with decimal values (none of which
// reads as one of their nodes' names, 1.2 or 3.3): alpha-beta's windows
// and cut reasons, fail-soft's bounds, MTD(f)'s zero windows, aspiration
// windows, a table's hits, a quiescence's stand pat, the averages of chance
// nodes and Star2's cut with decimal bounds.
func decimalSearches(t *testing.T) map[string]*record.Recording {
	const (
		plain  = "((3 -3.5 8)[eval=2.5] (2.5 4.25 6)[eval=1.5] (1.5 7.5 9)[eval=0.5])"
		deep   = "(((3 -3.5)[eval=1.5] (8 2.5)[eval=-0.5])[eval=0.5] ((4.25 6)[eval=2.5] (1.5 7.5)[eval=3.5])[eval=1.5] ((9 -1.5)[eval=4.5] (0.5 6.5)[eval=2.5])[eval=-2.5])"
		chance = "((3 [p=0.5] 4 [p=0.5])[chance] (1 [p=0.25] 6 [p=0.75])[chance] (2.5 [p=0.5] 0.5 [p=0.5])[chance])"
		// captures below the horizon (depth 2): quiescence's stand pat
		qs = "(((3[capture] -3.5)[eval=1.5] (8 2.5[capture])[eval=-0.5])[eval=0.5] ((4.25 6[capture])[eval=2.5 capture] (1.5 7.5)[eval=3.5])[eval=1.5] ((9 -1.5)[eval=4.5] (0.5[capture] 6.5)[eval=2.5 capture])[eval=-2.5])"
	)
	selective := func(int64) engine.Options {
		sel := engine.DefaultSelective(engine.Units{})
		sel.Null.On, sel.Null.MinPly, sel.Quiescence.On, sel.RFP.On, sel.Futility.On, sel.Razoring.On = true, 1, true, true, true, true
		return engine.Options{Algo: engine.AlphaBeta, Sel: sel}
	}
	searches := []struct {
		name, tree string
		opt        func(scale int64) engine.Options
		depth      int // a horizon inside the tree; 0: its height
	}{
		{"selective", qs, selective, 2},
		{"alphabeta", plain, func(int64) engine.Options { return engine.Options{Algo: engine.AlphaBeta} }, 0},
		{"soft gt", deep, func(int64) engine.Options {
			return engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}
		}, 0},
		{"mtdf", deep, func(s int64) engine.Options { return engine.Options{Algo: engine.MTDF, Guess: s / 2, HasGuess: true} }, 0},
		{"aspiration", deep, func(s int64) engine.Options {
			return engine.Options{Algo: engine.AlphaBeta, Iterative: true, Aspiration: engine.Aspiration{Width: s / 2}}
		}, 0},
		{"window", deep, func(s int64) engine.Options {
			return engine.Options{Algo: engine.PVS, Window: engine.Window{Lo: s / 2, Hi: 5 * s / 2, On: true}}
		}, 0},
		{"tt", deep, func(int64) engine.Options {
			return engine.Options{Algo: engine.AlphaBeta, TT: engine.TT{On: true, MB: 1, Cutoffs: true}}
		}, 0},
		{"expectimax", chance, func(int64) engine.Options { return engine.Options{Algo: engine.Expectimax} }, 0},
		{"star2", chance, func(s int64) engine.Options {
			return engine.Options{Algo: engine.Star2, Bounds: engine.Bounds{Lo: -s / 2, Hi: 19 * s / 2, On: true}}
		}, 0},
	}
	recs := map[string]*record.Recording{}
	for _, s := range searches {
		tr, err := toytree.Parse(s.name, s.tree)
		if err != nil {
			t.Fatal(err)
		}
		r := record.NewRecorder()
		depth := tr.Height()
		if s.depth > 0 {
			depth = s.depth
		}
		if _, err := engine.Search(context.Background(), toytree.NewPosition(tr), engine.Limits{Depth: depth}, s.opt(tr.Scale), r.Hooks()); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		recs[s.name] = r.Recording()
	}
	return recs
}

// drawnWords are every text of a scene: the title's lines, the legend,
// each node's lines and tooltip and each edge's label.
func drawnWords(sc *Scene) []string {
	var out []string
	for _, l := range sc.Title {
		out = append(out, l.Text())
	}
	out = append(out, sc.Stats.Note)
	for _, it := range sc.Legend {
		out = append(out, it.Text)
	}
	for _, n := range sc.Nodes {
		out = append(out, n.Tooltip)
		for _, l := range n.Lines {
			out = append(out, l.Text())
		}
	}
	for _, e := range sc.Edges {
		var s string
		for _, r := range e.Label {
			s += r.Text
		}
		out = append(out, s)
	}
	return out
}

var (
	// pointed is a number with a decimal point.
	pointed = regexp.MustCompile(`\d\.\d`)
	// kept are what keeps its points in every language: a node's name
	// (the trees' moves are 1 to 3), the tree's own text in the title, and
	// AIMA's figure (5.5) in the ranges' legend.
	// commaPair is a window or range with a decimal comma (or any
	// parenthesis with one and no semicolon): "(2,5, +∞)" is wrong,
	// "(2,5; +∞)" right.
	commaPair = regexp.MustCompile(`[(\[][^()\[\];]*\d,\d[^()\[\];]*[)\]]`)
	kept      = regexp.MustCompile(`(^|[^\d.,−-])[1-3](\.[1-3])+(\.?($|[^\d]))|\(\(.*|(Figure|рис\.|obr\.) 5\.5`)
)

// TestDrawingDecimals: a drawing of a Russian or Czech search of a tree
// with decimal values writes every value, window, range, cut reason and
// note with the language's decimal comma, a window or range with a
// decimal edge with a semicolon ((0,5; 1,25)), in every view (the
// negamax view and the ranges, summarised, paper), its node names keeping
// their points; and holds the English drawing's numbers.
func TestDrawingDecimals(t *testing.T) {
	recs := decimalSearches(t)
	views := []struct {
		name string
		opt  Options
	}{{"whole", Options{}}, {"negamax ranges", Options{Negamax: true, Ranges: true}}, {"summarised", Options{MaxNodes: 9, DrawDepth: 2}}, {"paper ranges", Options{Style: "paper", Ranges: true}}}
	for name, rec := range recs {
		for _, v := range views {
			rec.Info.Lang = ""
			en, err := Build(rec, v.opt)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v.name, err)
			}
			enWords := drawnWords(en)
			if !pointed.MatchString(kept.ReplaceAllString(kept.ReplaceAllString(strings.Join(enWords, "\n"), "$1$3"), "$1$3")) {
				t.Errorf("%s %s: the English drawing writes no decimal", name, v.name)
			}
			for _, lang := range []string{"ru", "cs"} {
				rec.Info.Lang = lang
				sc, err := Build(rec, v.opt)
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, v.name, lang, err)
				}
				words := drawnWords(sc)
				for _, w := range words {
					if m := pointed.FindString(kept.ReplaceAllString(kept.ReplaceAllString(w, "$1$3"), "$1$3")); m != "" {
						t.Errorf("%s %s %s: a decimal point (%s) is left in %q", name, v.name, lang, m, w)
					}
					for _, m := range commaPair.FindAllString(w, -1) {
						if strings.Contains(m, ", ") {
							t.Errorf("%s %s %s: %s, a window or range with a decimal comma, needs a semicolon: %q", name, v.name, lang, m, w)
						}
					}
				}
				want, got := i18ntest.Numbers(strings.Join(enWords, "\n")), i18ntest.Numbers(strings.Join(words, "\n"))
				for _, n := range want {
					if !slices.Contains(got, n) {
						t.Errorf("%s %s %s: %s of the English drawing is missing", name, v.name, lang, n)
					}
				}
			}
			rec.Info.Lang = ""
		}
	}
}
