package step

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/text"
)

var (
	// stepPoint is a decimal point between digits.
	stepPoint = regexp.MustCompile(`\d\.\d`)
	// stepKept keeps its points: a node's name in the trees below (moves
	// 1 to 3) and the tree's own text in the header (from "((").
	stepKept = regexp.MustCompile(`(^|[^\d.,−-])[1-3](\.[1-3])+(\.?($|[^\d]))|\(\(.*?( · |$)`)
	// stepPair is a window or range with a decimal comma and a comma
	// between its edges, where a semicolon belongs: (2,5, +∞).
	stepPair = regexp.MustCompile(`[(\[][^()\[\];]*\d,\d[^()\[\];]*, [^()\[\];]*[)\]]`)
)

// TestScreenDecimals: the full-screen player in Russian and Czech, at every
// step of searches of decimal trees and at the end (its header, sentence,
// compact tree with windows, live labels and ranges, and the whole tree
// once the search is over), writes every value, window and range with the
// language's decimal comma ((0,5; 1,25) with a semicolon), node names
// keeping their points; and the numbers of the English screen.
func TestScreenDecimals(t *testing.T) {
	cases := []struct {
		tree, spec string
		opt        engine.Options
	}{
		{"((3 -3.5 8) (2.5 4.25 6) (1.5 7.5 9))", "alphabeta", engine.Options{}},
		{"(((3 -3.5)[eval=1.5] (8 2.5)[eval=-0.5])[eval=0.5] ((4.25 6)[eval=2.5] (1.5 7.5)[eval=3.5])[eval=1.5] ((9 -1.5)[eval=4.5] (0.5 6.5)[eval=2.5])[eval=-2.5])", "alphabeta:soft:gt", engine.Options{}},
		{"(((3 -3.5)[eval=1.5] (8 2.5)[eval=-0.5])[eval=0.5] ((4.25 6)[eval=2.5] (1.5 7.5)[eval=3.5])[eval=1.5] ((9 -1.5)[eval=4.5] (0.5 6.5)[eval=2.5])[eval=-2.5])", "mtdf", engine.Options{}},
		{"((3 [p=0.5] 4 [p=0.5])[chance] (1 [p=0.25] 6 [p=0.75])[chance] (2.5 [p=0.5] 0.5 [p=0.5])[chance])", "star1", engine.Options{Bounds: engine.Bounds{Lo: -1, Hi: 19, On: true}}},
	}
	for _, c := range cases {
		tr, err := tree.Parse("test", c.tree)
		if err != nil {
			t.Fatal(err)
		}
		opt := c.opt
		if opt.Bounds.On { // in halves: the tree's units
			opt.Bounds.Lo, opt.Bounds.Hi = opt.Bounds.Lo*tr.Scale/2, opt.Bounds.Hi*tr.Scale/2
		}
		data := traceWith(t, tr, c.spec, opt)
		screens := func(lang string) []string {
			rec := record.NewRecorder()
			if err := jsonl.ReadAll(bytes.NewReader(data), "trace", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
				t.Fatal(err)
			}
			p := playIn(t, data, lang)
			p.ShowRanges(rec.Recording())
			var out []string
			for {
				out = append(out, strings.Join(Screen(p, text.Plain(), 160, 60, ""), "\n"))
				ok, err := p.Next()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
			}
			return out
		}
		en := screens("")
		for _, lang := range []string{"ru", "cs"} {
			got := screens(lang)
			if len(got) != len(en) {
				t.Fatalf("%s %s in %s: %d screens, English %d", c.tree, c.spec, lang, len(got), len(en))
			}
			for i, s := range got {
				for _, line := range strings.Split(s, "\n") {
					if p := stepPoint.FindString(stepKept.ReplaceAllString(stepKept.ReplaceAllString(line, "$1$3"), "$1$3")); p != "" {
						t.Errorf("%s %s in %s, screen %d: a decimal point (%s) is left in %q", c.tree, c.spec, lang, i, p, line)
					}
					if w := stepPair.FindString(line); w != "" {
						t.Errorf("%s %s in %s, screen %d: %s needs a semicolon: %q", c.tree, c.spec, lang, i, w, line)
					}
				}
				if a, b := i18ntest.Numbers(en[i]), i18ntest.Numbers(s); !slices.Equal(a, b) {
					t.Errorf("%s %s in %s, screen %d: numbers %v, English's %v\n%s\n---\n%s", c.tree, c.spec, lang, i, b, a, s, en[i])
				}
			}
		}
	}
}
