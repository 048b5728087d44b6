package explain

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

func TestCutoffStrictAndLong(t *testing.T) {
	info := &trace.Info{Cutoff: "gt", Scale: 100}
	e := &trace.Event{Kind: trace.Cutoff, Path: "2", Ply: 1, Max: true, Reason: "beta", Move: "2.3", Value: 450, Beta: 400, Alpha: -score.Inf,
		Has: trace.HasValue | trace.HasWindow, Pruned: []string{"a", "b", "c", "d"}}
	s := Event(info, e)
	want := "✂ β-cutoff at MAX node 2: 2.3 returned 4.5 > β 4; not searched: a, b, c, d"
	if s.Short != want {
		t.Errorf("got  %s\nwant %s", s.Short, want)
	}
	if err := Check(e, s, func(int) Side { return Max }); err != nil {
		t.Error(err)
	}
	if got := s.Claim(); got != "value > beta" {
		t.Errorf("claim %q, want value > beta", got)
	}
	// The same claim said of the wrong side, or with the wrong number, fails.
	if err := Check(e, s, func(int) Side { return Min }); err == nil {
		t.Error("a MAX sentence passed as MIN's")
	}
	bad := *e
	bad.Value = 300
	if err := Check(&bad, s, nil); err == nil || !strings.Contains(err.Error(), "event says") {
		t.Errorf("a number not the event's passed: %v", err)
	}
}

// The summary line counts every kind the table of kinds tallies, in the
// table's words, and no other.
func TestCountsTallyEveryKind(t *testing.T) {
	sum := &trace.Summary{Nodes: 9, Leaves: 4}
	for k := range sum.Counts {
		sum.Counts[k] = 2
	}
	got := Counts(nil, sum)
	parts := []string{"nodes 9", "leaves 4"}
	for _, k := range trace.CountedKinds() {
		if sp := k.Spec(); sp.Tally != "" {
			parts = append(parts, sp.Tallies+" 2")
		}
	}
	if want := strings.Join(parts, " · "); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	one := &trace.Summary{}
	if got := Counts(nil, one); got != "nodes 0 · leaves 0 · cutoffs 0" {
		t.Errorf("no events: %q, want the kinds always shown only", got)
	}
	one.Counts[trace.Cutoff] = 1
	if got := Counts(nil, one); got != "nodes 0 · leaves 0 · cutoff 1" {
		t.Errorf("one cutoff: %q", got)
	}
	// A trace that tells only its nodes (a student's search) counts no
	// cutoffs: it does not tell them.
	if got := Counts(&trace.Info{NodesOnly: true}, one); got != "nodes 0 · leaves 0" {
		t.Errorf("nodes only: %q", got)
	}
}

// The event sentences in Russian and Czech: every sentence kind, built for
// it, and every sentence of real searches (chess with every technique,
// chance trees), is written in each language with no English left and with
// every number and node name the English sentence states.

// english are words that, standing alone, are English in a Russian or
// Czech sentence (not "a", "to", "no": Czech words too).
var english = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the at is are of and or so its it from after with without which not only can may be again first left more each every this
		search searched searches returned returns window cut cutoff move moves value values node nodes root depth pass passes null threat
		reduced reduction extended bound lower upper exact average outcome outcomes chance probe probed probes iteration best margin static
		eval evaluation capture captures check skipped quiet transposition table late fail high low none nobody`) {
		english[w] = true
	}
}

// englishWord is the first English word of s, "" when none: words are
// runs of letters, any script's.
func englishWord(s string) string {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' }) {
		if english[strings.ToLower(w)] {
			return w
		}
	}
	return ""
}

var numToken = regexp.MustCompile(`[−+-]?(?:\d+(?:[.,]\d+)*|∞)`)

// numbers are the numbers and node names of a sentence, decimal commas
// read as points (node names keep their points in every language).
func numbers(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range numToken.FindAllString(s, -1) {
		out[strings.ReplaceAll(m, ",", ".")] = true
	}
	return out
}

// checkTranslated holds the Russian and Czech of a sentence to its English:
// render writes it in the language in carries.
func checkTranslated(t *testing.T, name string, in *trace.Info, render func(in *trace.Info) string) {
	checkTranslatedBut(t, name, in, render, func(*trace.Info) string { return "\x00" })
}

// checkTranslatedBut is checkTranslated of a sentence that quotes a phrase
// foreign writes, which another part of the package translates: the
// phrase is not looked at for English words.
func checkTranslatedBut(t *testing.T, name string, in *trace.Info, render, foreign func(in *trace.Info) string) {
	t.Helper()
	if in == nil {
		in = &trace.Info{}
	}
	en := *in
	en.Lang = ""
	want := render(&en)
	if want == "" {
		return
	}
	for _, l := range []string{"ru", "cs"} {
		tr := *in
		tr.Lang = l
		got := render(&tr)
		if got == want {
			t.Errorf("%s (%s): left in English: %s", name, l, got)
			continue
		}
		if w := englishWord(strings.ReplaceAll(got, foreign(&tr), "")); w != "" {
			t.Errorf("%s (%s): English word %q left in %q (English %q)", name, l, w, got, want)
		}
		have := numbers(got)
		for n := range numbers(want) {
			if !have[n] {
				t.Errorf("%s (%s): %s of the English %q is missing from %q", name, l, n, want, got)
			}
		}
	}
}

// builtEvents are events built for every sentence kind and variant.
func builtEvents() []*trace.Event {
	w := trace.HasValue | trace.HasWindow
	inf := score.Inf
	late := trace.LateDetail(5, 3)
	var out []*trace.Event
	add := func(e trace.Event) { out = append(out, &e) }
	for _, path := range []string{"", "2.1"} {
		ply := strings.Count(path, ".") + 1
		if path == "" {
			ply = 0
		}
		for _, max := range []bool{true, false} {
			b := trace.Event{Path: path, Ply: ply, Max: max, Alpha: 150, Beta: 400, Value: 450, Margin: 50, Depth: 3, To: 1, Has: w | trace.HasMargin}
			if !max {
				b.Value = 100
			}
			with := func(k trace.Kind, f func(e *trace.Event)) {
				e := b
				e.Kind = k
				f(&e)
				add(e)
			}
			for _, pr := range [][]string{nil, {"a"}, {"a", "b", "c"}, strings.Fields("a b c d e f g h i j k l m n o")} {
				with(trace.Cutoff, func(e *trace.Event) { e.Move, e.Pruned = "Nf3", pr })
				with(trace.Cutoff, func(e *trace.Event) { e.Pruned = pr })
			}
			with(trace.NullTry, func(e *trace.Event) {})
			with(trace.NullTry, func(e *trace.Event) {
				e.Detail = "R=2; past the first plies, not in check, not after a capture, not extended, first null move on the line, not after a null move, a piece besides king and pawns, β finite, α finite, static eval - margin ≥ β, static eval + margin ≤ α"
			})
			with(trace.NullTry, func(e *trace.Event) { e.Reason = trace.ReasonThreat })
			with(trace.Threat, func(e *trace.Event) { e.Reason = trace.ReasonThreat })
			with(trace.Threat, func(e *trace.Event) { e.Reason = trace.ReasonNoThreat })
			for _, r := range []string{trace.ReasonNullInCheck, trace.ReasonNullCapture, trace.ReasonNullExtended, trace.ReasonNullEval,
				trace.ReasonNullFirstPlies, trace.ReasonNullOnce, trace.ReasonNullTwice, trace.ReasonNullVerifying, trace.ReasonNullInfinite, trace.ReasonNullPawns} {
				with(trace.NullSkip, func(e *trace.Event) { e.Reason = r })
			}
			with(trace.NullPrune, func(e *trace.Event) {})
			with(trace.NullFail, func(e *trace.Event) {})
			with(trace.NullVerify, func(e *trace.Event) {})
			with(trace.Reduce, func(e *trace.Event) { e.Move, e.Reason = "exd5", trace.ReasonReduceQuiet })
			for _, d := range []string{late, trace.LateDetail(4, 1), "?"} {
				with(trace.Reduce, func(e *trace.Event) { e.Move, e.Reason, e.Detail = "exd5", trace.ReasonReduceLate, d })
				with(trace.LatePrune, func(e *trace.Event) { e.Move, e.Reason, e.Detail = "exd5", trace.ReasonLMPCount, d })
			}
			for _, r := range []string{trace.ReasonExtendCheck, trace.ReasonExtendRecapture, trace.ReasonExtendPromotion, trace.ReasonThreat,
				trace.ReasonExtendSeventh, trace.ReasonExtendCheckKept} {
				with(trace.Extend, func(e *trace.Event) { e.Reason, e.To = r, 4 })
				with(trace.Extend, func(e *trace.Event) { e.Reason, e.To, e.Move = r, 4, "Qh7" })
			}
			with(trace.Futility, func(e *trace.Event) { e.Move = "a4" })
			with(trace.Razor, func(e *trace.Event) {})
			with(trace.QSEnter, func(e *trace.Event) {})
			with(trace.StandPat, func(e *trace.Event) { e.Reason = trace.ReasonStandCut })
			with(trace.StandPat, func(e *trace.Event) {})
			for _, r := range []string{trace.ReasonPVS, trace.ReasonLMR, trace.ReasonVerifyFail, trace.ReasonAspiration, "other"} {
				with(trace.Research, func(e *trace.Event) { e.Reason, e.Move = r, "Bb5" })
				with(trace.Research, func(e *trace.Event) { e.Reason = r })
			}
			for _, bound := range []score.Bound{score.Exact, score.Lower, score.Upper, score.NoBound} {
				for _, r := range []string{trace.ReasonTTCut, trace.ReasonTTNoCut + trace.ReasonTTShallow, trace.ReasonTTNoCut + trace.ReasonTTOutside,
					trace.ReasonTTNoCut + trace.ReasonTTCutoffsOff, trace.ReasonTTNoCut + trace.ReasonTTAtRoot} {
					with(trace.TTHit, func(e *trace.Event) { e.Reason, e.Bound, e.To, e.Depth = r, bound, 1, 2 })
					with(trace.TTHit, func(e *trace.Event) { e.Reason, e.Bound, e.RefPath = r, bound, "3.2" })
					with(trace.TTHit, func(e *trace.Event) { e.Reason, e.Bound, e.Ref, e.Has = r, bound, 17, e.Has|trace.HasRef })
				}
			}
			with(trace.RFP, func(e *trace.Event) {})
			with(trace.IID, func(e *trace.Event) {})
			with(trace.IIDDone, func(e *trace.Event) {})
			with(trace.IIDDone, func(e *trace.Event) { e.Detail = "Rd8" })
			for _, d := range []string{"", "Kf1", "Kf1, Ke2", "Kf1, Ke2, Kg1, Bf1, Qe2"} {
				with(trace.Evasions, func(e *trace.Event) { e.Detail = d })
			}
			for _, high := range []bool{true, false} {
				r := trace.ReasonAlpha
				if high {
					r = trace.ReasonBeta
				}
				with(trace.ChanceCut, func(e *trace.Event) { e.Reason, e.Lower, e.Upper, e.Pruned = r, 450, 600, []string{"a", "b"} })
				with(trace.ChanceCut, func(e *trace.Event) { e.Reason, e.Lower, e.Upper, e.Move = r, 450, 600, "c" })
				with(trace.ChanceCut, func(e *trace.Event) {
					e.Reason, e.Lower, e.Upper, e.Move, e.Detail = r, 450, 600, "c", trace.DetailProbed+"a, b"
				})
				with(trace.ChanceCut, func(e *trace.Event) {
					e.Reason, e.Lower, e.Upper, e.Move, e.Detail, e.Pruned = r, 450, 600, "c", trace.DetailProbed+"a", []string{"d"}
				})
				with(trace.ChanceCut, func(e *trace.Event) { e.Reason, e.Lower, e.Upper = trace.ReasonProbe+" "+r, 450, 600 })
				with(trace.ChanceCut, func(e *trace.Event) {
					e.Reason, e.Lower, e.Upper, e.Pruned = trace.ReasonProbe+" "+r, 450, 600, []string{"d"}
				})
			}
		}
	}
	for _, r := range []string{trace.ReasonAspiration, trace.ReasonMTDF} {
		for _, d := range []string{trace.WindowFailLow, trace.WindowFailHigh, trace.WindowInside, trace.WindowLower, trace.WindowUpper} {
			add(trace.Event{Kind: trace.Window, Reason: r, Detail: d, Pass: 2, Alpha: 150, Beta: 400, Value: 250, Lower: 250, Upper: 900, Has: w})
		}
		add(trace.Event{Kind: trace.Window, Reason: r, Pass: 1, Alpha: -inf, Beta: 400, Value: -inf, Has: w})
		add(trace.Event{Kind: trace.Window, Reason: r, Pass: 1, Alpha: 100, Beta: inf, Value: inf, Has: w})
	}
	return out
}

func TestEventSentencesTranslated(t *testing.T) {
	infos := []*trace.Info{
		{Scale: 1},
		{Scale: 100, Unit: "cp", Options: []string{"quiescence: every move in check"}, Bounds: &trace.Span{Alpha: -600, Beta: 600}},
	}
	for _, in := range infos {
		for i, e := range builtEvents() {
			name := fmt.Sprintf("%s %d %s at %q reason %q detail %q", e.Kind, i, map[bool]string{true: "MAX", false: "MIN"}[e.Max], e.Path, e.Reason, e.Detail)
			checkTranslated(t, name, in, func(in *trace.Info) string { return Event(in, e).Text })
			checkTranslated(t, name+" short", in, func(in *trace.Info) string { return Event(in, e).Short })
			if e.Kind == trace.Cutoff || e.Kind == trace.ChanceCut {
				for _, from := range []Origin{FromNothing, FromMove, FromWindow, FromPass, FromBounds, FromChance, FromTest} {
					src := Source{From: from, At: "2"}
					self := &Open{AlphaFrom: src, BetaFrom: src}
					high := e.Max
					if e.Kind == trace.ChanceCut {
						high = strings.HasSuffix(e.Reason, trace.ReasonBeta)
					}
					edge := e.Beta
					if !high {
						edge = e.Alpha
					}
					checkTranslatedBut(t, fmt.Sprintf("%s long from %d", name, from), in,
						func(in *trace.Info) string { return CutLong(in, e, self).Text },
						func(in *trace.Info) string { return capital(reachWhy(in, e.Path, e.Ply, edge, !high, src)) })
				}
			}
			checkTranslated(t, name+" note", in, func(in *trace.Info) string { return note21In(in, e) })
			if t.Failed() {
				return
			}
		}
		it := &trace.Event{Kind: trace.Iter, Depth: 3, Value: 250, Move: "Nf3"}
		checkTranslated(t, "iteration", in, func(in *trace.Info) string { return Iteration(in, it).Text })
		checkTranslated(t, "iteration short", in, func(in *trace.Info) string { return Iteration(in, it).Short })
		it2 := *it
		it2.Detail = "root order: Nf3, e4, d4"
		checkTranslated(t, "iteration order", in, func(in *trace.Info) string { return Iteration(in, &it2).Text })
		for _, b := range []score.Bound{score.Exact, score.Lower, score.Upper, score.NoBound} {
			checkTranslated(t, "bound", in, func(in *trace.Info) string { return BoundWords(in, b) })
		}
	}
}

// The chance node's sentences: entering one, its average, what an
// outcome's value does to it.
func TestChanceSentencesTranslated(t *testing.T) {
	in := &trace.Info{Scale: 100, Bounds: &trace.Span{Alpha: -600, Beta: 600}}
	for _, path := range []string{"", "1"} {
		e := &trace.Event{Kind: trace.Enter, Path: path, Chance: true, Depth: 2, PNum: 1, PDen: 4}
		checkTranslated(t, "enter "+path, in, func(in *trace.Info) string {
			x := &say{in: in, e: e}
			return x.chanceEnter() + x.probability()
		})
		outs := []Outcome{{1, 2, 300}, {1, 4, -150}, {1, 4, 1250}}
		many := make([]Outcome, 14)
		for i := range many {
			many[i] = Outcome{1, 14, 1400}
		}
		for _, o := range [][]Outcome{outs, many} {
			avg, _ := Average(o)
			x := &trace.Event{Kind: trace.Exit, Path: path, Value: avg, Bound: score.Exact}
			checkTranslated(t, "return", in, func(in *trace.Info) string { return ChanceReturn(in, x, &Open{Outcomes: o}).Text })
			checkTranslated(t, "return short", in, func(in *trace.Info) string { return ChanceReturn(in, x, &Open{Outcomes: o}).Short })
		}
		p := &Open{Path: path, Ply: strings.Count(path, ".")}
		for _, reason := range []string{"", trace.ReasonProbe} {
			for _, bound := range []score.Bound{score.Exact, score.Lower, score.Upper} {
				for _, from := range []Origin{FromBounds, FromChance, FromTest} {
					for _, pden := range []int64{0, 4} {
						child := &trace.Event{Kind: trace.Exit, Path: "1.2", Ply: p.Ply + 1, Reason: reason, Value: 600, Alpha: -600, Beta: 600}
						if bound == score.Upper {
							child.Value = -600
						}
						self := &Open{PNum: 1, PDen: pden, AlphaFrom: Source{From: from, At: path, Ply: p.Ply}, BetaFrom: Source{From: from, At: path, Ply: p.Ply}}
						checkTranslated(t, fmt.Sprintf("outcome %q %q %v %d %d", path, reason, bound, from, pden), in, func(in *trace.Info) string {
							return outcomeEffect(in, p, child, self, bound).Text
						})
					}
				}
			}
		}
	}
}

// The sentences of real searches: chess with every technique, in
// centipawns (decimal commas), and every event any of them emits.
func TestSearchSentencesTranslated(t *testing.T) {
	fens := []string{
		"2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
		"6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1",
		"8/4k3/8/4K3/4P3/8/8/8 b - - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	}
	sel := engine.DefaultSelective(engine.Units{Pawn: 100})
	all := sel
	for _, on := range []*bool{&all.Null.On, &all.Reductions.On, &all.Futility.On, &all.Razoring.On, &all.Quiescence.On, &all.Extensions.On, &all.LMR.On, &all.LMP.On} {
		*on = true
	}
	all.Null.MinPly, all.Null.Threat = 1, true
	all.RFP.On, all.IID.On, all.CheckExt.On = true, true, true
	tt := engine.TT{On: true, MB: 1, Cutoffs: true}
	order := engine.Ordering{TT: true, Captures: true, Killers: true, History: true}
	opts := []engine.Options{
		{Algo: engine.AlphaBeta, Sel: all},
		{Algo: engine.PVS, TT: tt, Order: order, Sel: all},
		{Algo: engine.MTDF, TT: tt},
		{Algo: engine.AlphaBeta, Iterative: true, Aspiration: engine.Aspiration{Width: 20}, Sel: all},
	}
	seen := map[trace.SentenceID]bool{}
	for _, fen := range fens {
		for _, opt := range opts {
			b, err := chess.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			var info *trace.Info
			var events []*trace.Event
			hooks := &trace.Hooks{Event: func(e *trace.Event) {
				c := *e
				if c.Kind == trace.Start {
					info = c.Info
				}
				events = append(events, &c)
			}}
			_, err = engine.Search(context.Background(), chess.NewPosition(b, chess.EvalPST), engine.Limits{Depth: 3, Nodes: 3000}, opt, hooks)
			if err != nil && !errors.Is(err, engine.ErrNodeLimit) {
				t.Fatalf("%s: %v", fen, err)
			}
			for _, e := range events {
				say := e.Kind.Spec().Say
				if say == trace.SayNone && e.Kind != trace.Iter || seen[say] && e.Kind != trace.Cutoff {
					continue
				}
				seen[say] = true
				checkTranslated(t, fmt.Sprintf("%s %s", fen, e.Kind), info, func(in *trace.Info) string { return Event(in, e).Text })
				if e.Kind == trace.Iter {
					checkTranslated(t, fen+" iteration", info, func(in *trace.Info) string { return Iteration(in, e).Text })
				}
			}
		}
	}
	for _, k := range []trace.Kind{trace.Cutoff, trace.NullTry, trace.NullPrune, trace.Reduce, trace.QSEnter, trace.StandPat, trace.TTHit} {
		if !seen[k.Spec().Say] {
			t.Errorf("no search told a %s", k)
		}
	}
}
