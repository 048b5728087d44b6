package explain

import (
	"regexp"
	"slices"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// optionEnglish are words of the techniques' English lines that a Russian
// or Czech line must not hold.
var optionEnglish = regexp.MustCompile(`\b(null|move|moves|window|if|not|after|capture|captures|extended|eval|at|ply|plies|once|per|line|twice|row|king|pawns|only|threat|detection|margin|margins|any|piece|moved|verified|transposition|table|up|to|entries|order|never|end|node|nodes|ordering|killers|history|iterative|deepening|depth|each|iteration|best|first|next|aspiration|windows|half-width|widened|last|change|value|fail|high|searched|searches|again|root|check|extension|extensions|recapture|promotion|internal|open-window|every|without|late|pruning|quiet|remaining|reductions|re-searched|full|when|they|beat|quiescence|and|even|in|most|keeps|improving|deeper|mate|guard|attack|until|material|restored|reverse|futility|static|razoring|apply|no|or|the|of|by|its|is|pruned)\b`)

// TestOptionLines: every line the engine writes of a technique switched on
// (trace.Info.Options), in every form its parameters give it, is read back:
// written in English it is the line itself, and in Russian and Czech it has
// no English word left and every number of the English line.
func TestOptionLines(t *testing.T) {
	base, err := engine.ParseSpec("alphabeta+selective+tt+order+iterative+aspiration+lmr+lmp+rfp+iid+check-ext", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	base.Sel = engine.DefaultSelective(engine.Units{Pawn: 100})
	variants := []func(o *engine.Options){
		func(o *engine.Options) {},
		func(o *engine.Options) {
			o.Sel.Null.Window, o.Sel.Null.Once, o.Sel.Null.Threat, o.Sel.Null.ThreatRule, o.Sel.Null.Verify = engine.NullFull, engine.OncePerLine+1, true, engine.ThreatAny, true
			o.Sel.Null.NoCapture, o.Sel.Null.NotExtended, o.Sel.Null.EvalAbove, o.Sel.Null.MinPly, o.Sel.Null.Pieces = true, true, true, 2, true
			o.Sel.Null.RDeep, o.Sel.Null.DeepFrom = o.Sel.Null.R+1, 6
			o.Aspiration.Adaptive = true
			o.TT.Cutoffs = false
			o.Sel.IID.All = true
			o.Sel.Quiescence.MaxDepth, o.Sel.Quiescence.StandInCheck = 1, true
			o.Sel.Reductions.MateGuard, o.Sel.Reductions.AfterAttack = true, true
			o.Sel.RFP.PV = true
			o.Sel.LMP.Depth = 0
		},
		func(o *engine.Options) {
			o.Sel.Null.Threat, o.Sel.Null.ThreatRule = true, engine.ThreatMoved
			o.Aspiration.Research = engine.ResearchMove
			o.Sel.Quiescence.MaxDepth = 5
			o.Sel.RFP.Depth = 0
			o.Sel.LMP.Depth = 9
			o.Sel.Extensions.Recapture = false
		},
	}
	b, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, v := range variants {
		o := base
		o.Sel.Null.On, o.Sel.Reductions.On, o.Sel.Futility.On, o.Sel.Razoring.On, o.Sel.Quiescence.On, o.Sel.Extensions.On = true, true, true, true, true, true
		o.Sel.LMR.On, o.Sel.LMP.On, o.Sel.RFP.On, o.Sel.IID.On, o.Sel.CheckExt.On = true, true, true, true, true
		o.TT.On, o.TT.Cutoffs = true, true
		o.Aspiration.Width = 50
		v(&o)
		in := engine.Describe(chess.NewPosition(b, chess.EvalPST), engine.Limits{Depth: 3}, o)
		for _, line := range in.Options {
			seen++
			if got, ok := optionWords(i18n.For(i18n.En), line); !ok || got != line {
				t.Errorf("English: %q read back as %q (%v)", line, got, ok)
			}
			for _, l := range []string{"ru", "cs"} {
				got := OptionLine(&trace.Info{Lang: l}, line)
				if w := optionEnglish.FindString(notWordsOpt.ReplaceAllString(got, "")); w != "" {
					t.Errorf("%s: %q left in English in %q", l, w, got)
				}
				if a, b := optNumbers(line), optNumbers(got); !slices.Equal(a, b) {
					t.Errorf("%s: numbers %v, English's %v: %q", l, b, a, got)
				}
			}
		}
	}
	if seen < 3*14 {
		t.Errorf("only %d lines", seen)
	}
}

// notWordsOpt are what stays as it is: the techniques' names kept in
// English by the glossary, R, ln, floor, MB, PV, MAX and MIN.
var notWordsOpt = regexp.MustCompile(`futility pruning|reverse futility pruning|razoring|stand pat|LMP|floor|ln|MB|PV|MAX|MIN`)

func optNumbers(s string) []string {
	out := regexp.MustCompile(`[0-9]+`).FindAllString(s, -1)
	slices.Sort(out)
	return out
}
