package scene

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	toytree "github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// englishWords are words of the drawings' own English (notes, boxes, edge
// labels, tooltips, legend) that a Russian or Czech drawing must not hold.
var englishWords = regexp.MustCompile(`\b(searched|search|node|nodes|move|moves|depth|cutoff|leaf|window|value|outline|dashed|dotted|never|reduced|extended|pass|iteration|drawn|principal|variation|quiescence|null|probe|subtree|plies|ply|shapes|below|besides|more|skipped|exact|lower|upper|cut|avg|grey|bold|box|tinted|orange|blue|thick|double|vermillion|razor|stand pat|re-search|chance|average|outcomes|the|of|and|at|by|its)\b`)

// numbers finds the numbers and node names of a text (1, 2.3, 15).
var numbers = regexp.MustCompile(`[0-9]+(\.[0-9]+)*`)

// ownWords are the scene's own words: its title's note, the legend, the
// boxes' lines, the edges' labels and the tooltips (the title's other
// lines and the techniques' notes are trace/explain's).
func ownWords(sc *Scene) []string {
	out := []string{sc.Stats.Note}
	for _, it := range sc.Legend {
		out = append(out, it.Text)
	}
	for _, n := range sc.Nodes {
		out = append(out, n.Tooltip)
		if n.Kind.Box() {
			for _, l := range n.Lines {
				for _, r := range l.Runs {
					out = append(out, r.Text)
				}
			}
		}
	}
	for _, e := range sc.Edges {
		for _, r := range e.Label {
			out = append(out, r.Text)
		}
	}
	return out
}

// langRecordings are searches whose drawings hold every kind of the
// drawing's own words: cutoffs, never-searched subtrees, boxes past the
// budgets, a null move, table hits, iterations and windows, a stopped
// search, chance nodes and their cut.
func langRecordings(t *testing.T) map[string]*record.Recording {
	recs := map[string]*record.Recording{}
	for _, s := range sinktest.Searches {
		recs[s.Name] = s.Record(t)
	}
	recs["star2"] = star2Chance(t)
	return recs
}

// TestDrawingLanguages: a drawing of a Russian or Czech search writes its
// own words in that language, in every style and when it summarises (the
// notes, the boxes), with no English word left, and keeps every number and
// node name the English drawing writes.
// decimalComma is a decimal comma as Russian and Czech write it.
var decimalComma = regexp.MustCompile(`(\d),(\d)`)

func TestDrawingLanguages(t *testing.T) {
	recs := langRecordings(t)
	names := make([]string, 0, len(recs))
	for name := range recs {
		names = append(names, name)
	}
	slices.Sort(names)
	type view struct {
		name string
		opt  Options
	}
	views := []view{{"whole", Options{}}, {"paper", Options{Style: "paper"}}, {"summarised", Options{MaxNodes: 9, DrawDepth: 2}},
		{"negamax", Options{Negamax: true, Ranges: true}}, {"narrow", Options{MaxWidth: 3}}}
	for _, name := range names {
		rec := recs[name]
		for _, v := range views {
			rec.Info.Lang = ""
			en, err := Build(rec, v.opt)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v.name, err)
			}
			enText := strings.Join(ownWords(en), "\n")
			for _, lang := range []string{"ru", "cs"} {
				rec.Info.Lang = lang
				sc, err := Build(rec, v.opt)
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, v.name, lang, err)
				}
				words := ownWords(sc)
				text := strings.Join(words, "\n")
				for _, w := range words {
					if m := englishWords.FindString(w); m != "" {
						t.Errorf("%s %s %s: %q is English (%q)", name, v.name, lang, w, m)
					}
				}
				prose := decimalComma.ReplaceAllString(text, "$1.$2") // 0,5 is 0.5 in Russian and Czech
				for _, num := range numbers.FindAllString(enText, -1) {
					if !strings.Contains(prose, num) {
						t.Errorf("%s %s %s: %s of the English drawing is missing:\n%s", name, v.name, lang, num, text)
						break
					}
				}
			}
			rec.Info.Lang = ""
		}
	}
}

// TestDiffDrawingLanguages: a drawing of two searches compared (diff
// --draw) writes its own words (title, notes, tooltips, boxes, legend) in
// the searches' language, with no English word left and every number and
// node name of the English drawing.
func TestDiffDrawingLanguages(t *testing.T) {
	tr, ok := toytree.Builtin("wikipedia")
	if !ok {
		t.Fatal("no wikipedia tree")
	}
	record1 := func(spec string) *record.Recording {
		opt, err := engine.ParseSpec(spec, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		r := record.NewRecorder()
		if _, err := engine.Search(context.Background(), toytree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, r.Hooks()); err != nil {
			t.Fatal(err)
		}
		return r.Recording()
	}
	pairs := [][2]string{{"alphabeta:hard:ge", "alphabeta:soft:gt"}, {"alphabeta", "minimax"}, {"alphabeta", "pvs"}}
	views := []Options{{}, {MaxNodes: 9, DrawDepth: 1}, {Focus: "1"}, {Style: "paper"}}
	words := func(sc *Scene) []string {
		out := ownWords(sc)
		for _, l := range sc.Title {
			for _, r := range l.Runs {
				out = append(out, notWords.ReplaceAllString(r.Text, ""))
			}
		}
		return out
	}
	for _, pair := range pairs {
		a, b := record1(pair[0]), record1(pair[1])
		for _, v := range views {
			draw := func(lang string) []string {
				a.Info.Lang, b.Info.Lang = lang, lang
				run := func(name, spec string, rec *record.Recording) *diff.Run {
					return &diff.Run{Name: name, Spec: spec, Conventions: explain.RunConventions(rec.Info), Rec: rec, Root: rec.Root}
				}
				sc, err := BuildDiff(diff.Compare(run("A", pair[0], a), run("B", pair[1], b)), v)
				if err != nil {
					t.Fatalf("%v %v: %v", pair, v, err)
				}
				return words(sc)
			}
			en := strings.Join(draw(""), "\n")
			for _, lang := range []string{"ru", "cs"} {
				got := draw(lang)
				text := strings.Join(got, "\n")
				for _, w := range got {
					if m := englishWords.FindString(notWords.ReplaceAllString(w, "")); m != "" {
						t.Errorf("%v %+v %s: %q is English (%q)", pair, v, lang, w, m)
					}
				}
				for _, num := range numbers.FindAllString(en, -1) {
					if !strings.Contains(text, num) {
						t.Errorf("%v %+v %s: %s of the English drawing is missing:\n%s", pair, v, lang, num, text)
						break
					}
				}
			}
			a.Info.Lang, b.Info.Lang = "", ""
		}
	}
}

// notWords are a diff title's spec names (alphabeta:hard:ge) and flags,
// which stay as they are.
var notWords = regexp.MustCompile(`--[a-z-]+|\S*[a-z][:+]\S*`)
