package step

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// The sentences of the nodes (Enter, Leaf, Exit and the effect on the
// parent, Done), the player's own words and explain's node words in
// Russian and Czech (issue 23): none left in English, and every number and
// node name of the English in each translation.

// english are words of those sentences and words that a translation must
// not have.
var english = regexp.MustCompile(`(?i)\b(the|of|and|value|values|node|nodes|leaf|leaves|window|depth|best|move|moves|returns|returned|searched|search|root|pruned|exact|bound|upper|lower|iteration|pass|step|event|cuts|keeps|instead|only|matter|elsewhere|table|reaches|static|after|before|at|is|with|not|now|has|more|below|above|average|chance|probe|quiescence|verified|failed|skipped|extended|reduced|closed|path|edge|given|known|cut|hit|threat|null|prunes|razored|futility skipped|re-search|tried)\b`)

// same checks a translation of English's en: no English of its own, the
// same numbers and node names. words false: a sentence with another part's
// words in it (an event's, a chance node's), checked for its numbers only.
func same(t *testing.T, what, lang, en, got string, words bool) {
	t.Helper()
	if words {
		if w := english.FindString(strings.NewReplacer("fail-hard", "", "fail-soft", "", "F2", "").Replace(got)); w != "" {
			t.Errorf("%s (%s): %q left in English in %q", what, lang, w, got)
		}
	}
	if a, b := i18ntest.Numbers(en), i18ntest.Numbers(got); !slices.Equal(a, b) {
		t.Errorf("%s (%s): numbers %v, English's %v\n  %s\n  %s", what, lang, b, a, got, en)
	}
}

func playIn(t *testing.T, b []byte, lang string) *Player {
	t.Helper()
	p := open(t, b)
	p.Info().Lang = lang
	return p
}

func TestStepsTranslated(t *testing.T) {
	trees := []struct {
		tree  string
		specs []string
		opt   engine.Options
	}{
		{"aima", []string{"alphabeta", "alphabeta:soft:gt", "alphabeta:f2", "pvs", "mtdf", "branch-bound", "minimax", "negamax"}, engine.Options{}},
		{"wikipedia", []string{"alphabeta", "alphabeta:soft:gt", "pvs", "mtdf"}, engine.Options{}},
		{"aima", []string{"alphabeta", "alphabeta:soft:gt"}, engine.Options{Window: engine.Window{Lo: 3, Hi: 8, On: true}}},
		{"aima", []string{"alphabeta:soft"}, engine.Options{Window: engine.Window{Lo: 1, Hi: 4, On: true}}},
		{"((3 12 7)[chance] (2[p=1/3] 4[p=1/6] 9[p=0.5])[chance])", []string{"expectimax"}, engine.Options{}},
		{"(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", []string{"star1", "star2"}, engine.Options{Bounds: engine.Bounds{Lo: -4, Hi: 4, On: true}}},
	}
	for _, c := range trees {
		tr, ok := tree.Builtin(c.tree)
		if !ok {
			var err error
			if tr, err = tree.Parse("test", c.tree); err != nil {
				t.Fatal(err)
			}
		}
		for _, spec := range c.specs {
			b := traceWith(t, tr, spec, c.opt)
			en := playIn(t, b, "")
			var ens, enTree, enStatus []string
			var kinds []trace.Kind
			for {
				ok, err := en.Next()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				ens = append(ens, en.State().Sentence)
				kinds = append(kinds, en.Events()[0].Kind)
				enTree = append(enTree, treeText(en))
				enStatus = append(enStatus, status(en)+" "+StepText(en))
			}
			for _, lang := range []string{"ru", "cs"} {
				p := playIn(t, b, lang)
				for i := 0; ; i++ {
					ok, err := p.Next()
					if err != nil {
						t.Fatal(err)
					}
					if !ok {
						break
					}
					what := c.tree + " " + spec + " step " + strconv.Itoa(i+1)
					k := kinds[i]
					words := (k == trace.Enter || k == trace.Exit || k == trace.Done) && !strings.Contains(c.tree, "chance")
					same(t, what, lang, ens[i], p.State().Sentence, words)
					same(t, what+" tree", lang, enTree[i], treeText(p), !strings.Contains(c.tree, "chance"))
					same(t, what+" status", lang, enStatus[i], status(p)+" "+StepText(p), false)
				}
			}
		}
	}
}

// traceWith is traceOf with options (a window given, bounds).
func traceWith(t testing.TB, tr *tree.Tree, spec string, def engine.Options) []byte {
	t.Helper()
	opt, err := engine.ParseSpec(spec, def)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, w.Hooks()); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// treeText is the compact tree the player shows, without the step's
// sentence.
func treeText(p *Player) string {
	var b strings.Builder
	for _, l := range p.treeFor(p.Info(), p.State(), 1000) {
		b.WriteString(l.text + "\n")
	}
	return b.String()
}

// TestNodeWordsTranslated: explain's words for every node of chess searches
// with the selective techniques and the table, as diff and the pictures
// show them.
func TestNodeWordsTranslated(t *testing.T) {
	fens := []string{
		"6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1",
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
	}
	if testing.Short() {
		fens = fens[:1] // the fork; the opening's larger search with the whole run
	}
	for _, fen := range fens {
		b, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
		opt.Sel.Null.On, opt.Sel.Reductions.On, opt.Sel.Null.MinPly = true, true, 1
		opt.TT = engine.TT{On: true, MB: 1, Cutoffs: true}
		r := record.NewRecorder()
		var buf bytes.Buffer
		w := jsonl.NewWriter(&buf)
		if _, err := engine.Search(context.Background(), chess.NewPosition(b, chess.EvalPST), engine.Limits{Depth: 3}, opt, trace.Tee(r.Hooks(), w.Hooks())); err != nil {
			t.Fatal(err)
		}
		rec := r.Recording()
		words := func(in *trace.Info, n *record.Node) []string {
			out := []string{explain.Brief(in, n), explain.Cut(in, n), explain.DepthIn(in, n), explain.Window(in, n), explain.NullMove(in, n),
				explain.Quiescence(in, n), explain.Table(in, n), explain.FutilityIn(in, n), explain.RazoringIn(in, n),
				explain.ResearchIn(in, n), explain.MarksIn(in, n), explain.Value(in, n)}
			if l, _ := explain.NullLabel(in, n); l != "" {
				out = append(out, l)
			}
			return out
		}
		var walk func(n *record.Node)
		walk = func(n *record.Node) {
			en := words(&trace.Info{Scale: rec.Info.Scale, Unit: rec.Info.Unit}, n)
			for _, lang := range []string{"ru", "cs"} {
				got := words(&trace.Info{Scale: rec.Info.Scale, Unit: rec.Info.Unit, Lang: lang}, n)
				for i := range en {
					same(t, n.Path, lang, en[i], got[i], true)
				}
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(rec.Root)
		for _, lang := range []string{"", "ru", "cs"} {
			in := *rec.Info
			in.Lang = lang
			sum := rec.Summary
			for _, s := range append(explain.SummaryLines(&in, sum), explain.Stopped(&in, sum), explain.IterWorkIn(&in, sum)) {
				if lang != "" {
					if w := english.FindString(s); w != "" {
						t.Errorf("summary (%s): %q left in English in %q", lang, w, s)
					}
				}
			}
		}
	}
}

// TestMarkWordsTranslated: the marks' legend words (the page's legend) in
// Russian and Czech, none left in English; English's are Look's own.
func TestMarkWordsTranslated(t *testing.T) {
	for _, m := range AllMarks() {
		if got, want := m.LookIn("").Words, m.Look().Words; got != want {
			t.Errorf("%s: English %q, Look's %q", m.Name(), got, want)
		}
		for _, lang := range []string{"ru", "cs"} {
			l := m.LookIn(lang)
			if l.Glyph != m.Look().Glyph || l.Colour != m.Look().Colour {
				t.Errorf("%s (%s): look %v changed", m.Name(), lang, l)
			}
			same(t, m.Name(), lang, m.Look().Words, l.Words, true)
			if l.Words == m.Look().Words && m != Mark(trace.StandPat) { // Russian keeps "stand pat" (docs/glossary.md)
				t.Errorf("%s (%s): %q not translated", m.Name(), lang, l.Words)
			}
		}
	}
}

// TestChanceCutProbabilities: the outcomes a chance cut leaves unsearched
// are listed in the stepper's tree with their probabilities as the
// language writes a decimal in prose (2.2 p=0,5 in Russian and Czech, 2.2
// p=0.5 in English), the node's name keeping its point.
func TestChanceCutProbabilities(t *testing.T) {
	tr, err := tree.Parse("test", "(((2 2)[p=0.75] (1 2)[p=0.25])[chance] ((0 2)[p=0.5] (-1 0)[p=0.5])[chance])")
	if err != nil {
		t.Fatal(err)
	}
	b := traceWith(t, tr, "star1", engine.Options{Bounds: engine.Bounds{Lo: -2 * tr.Scale, Hi: 2 * tr.Scale, On: true}})
	want := map[string]string{"": "2.2 p=0.5", "ru": "2.2 p=0,5", "cs": "2.2 p=0,5"}
	var en []string
	for _, lang := range []string{"", "ru", "cs"} {
		p := playIn(t, b, lang)
		seen := false
		for i := 0; ; i++ {
			ok, err := p.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			text := treeText(p)
			seen = seen || strings.Contains(text, want[lang])
			if lang == "" {
				en = append(en, text)
				continue
			}
			if m := regexp.MustCompile(`p=[0-9]+\.[0-9]`).FindString(text); m != "" {
				t.Errorf("%s step %d: %q has a decimal point:\n%s", lang, i+1, m, text)
			}
			same(t, "step "+strconv.Itoa(i+1)+" tree", lang, en[i], text, false)
		}
		if !seen {
			t.Errorf("%q: no step's tree lists %q", lang, want[lang])
		}
	}
}
