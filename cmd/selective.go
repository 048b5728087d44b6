package cmd

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
)

// selFlags switch the selective techniques of the seeds on and set their
// parameters. Margins are read in the game's units as people write them
// (centipawns in chess, the tree's values in toy trees).
type selFlags struct {
	fs *pflag.FlagSet

	all bool // --selective

	null                                       bool
	nullR, nullRDeep, nullDeepFrom, nullMinPly int
	nullWindow, nullOnce, nullThreatRule       string
	nullCapture, nullExtended                  bool
	nullEval, nullPieces                       bool
	nullMargin                                 string
	nullThreat, nullVerify                     bool
	nullThreatMargin                           string

	reductions, mateGuard, afterAttack bool
	reductionMargins                   string

	futility, razoring            bool
	futilityMargins, razorMargins string

	quiescence bool
	qsDepth    int

	extensions                   bool
	extCheck, extRecap, extPromo bool
	extLimit                     int
}

func (f *selFlags) add(fs *pflag.FlagSet) {
	f.fs = fs
	d := engine.DefaultSelective(engine.Units{Pawn: 100})
	fs.BoolVar(&f.all, "selective", false, "switch on every selective technique below at its defaults (--selective --null-move=false leaves one out)")

	fs.BoolVar(&f.null, "null-move", false, "null-move pruning (Kornilov): pass, search depth-1-R; if that still reaches β, prune")
	fs.IntVar(&f.nullR, "null-r", d.Null.R, "null move: the reduction R")
	fs.IntVar(&f.nullRDeep, "null-r-deep", d.Null.RDeep, "null move: the R used above remaining depth --null-deep-from")
	fs.IntVar(&f.nullDeepFrom, "null-deep-from", d.Null.DeepFrom, "null move: --null-r-deep applies at remaining depths above this one (0: never)")
	fs.StringVar(&f.nullWindow, "null-window", "zero", "null move: search window, zero (β-1, β) or full (α, β)")
	fs.BoolVar(&f.nullCapture, "null-if-no-capture", true, "null move condition: the move into the node was not a capture")
	fs.BoolVar(&f.nullExtended, "null-if-not-extended", true, "null move condition: the node is not being extended")
	fs.BoolVar(&f.nullEval, "null-if-eval", true, "null move condition: static eval - --null-margin ≥ β")
	fs.StringVar(&f.nullMargin, "null-margin", "0", "null move: the margin of the eval condition")
	fs.IntVar(&f.nullMinPly, "null-min-ply", d.Null.MinPly, "null move condition: not within the first N plies of the line (0: anywhere but the root)")
	fs.BoolVar(&f.nullPieces, "null-if-pieces", true, "null move condition: the side to move has a piece besides king and pawns (the zugzwang guard)")
	fs.StringVar(&f.nullOnce, "null-once", "line", "null move: at most once per line, or never twice in a row (row)")
	fs.BoolVar(&f.nullThreat, "null-threat", false, "null move threat detection: after a move, pass and let the mover capture; if it wins material, extend the node")
	fs.StringVar(&f.nullThreatRule, "null-threat-rule", "moved", "threat detection: the mover's captures after the pass, moved (by the piece that moved, as the seed says) or any; toy trees have no pieces, so there moved works as any")
	fs.StringVar(&f.nullThreatMargin, "null-threat-margin", "", "threat detection: material the mover must win (default: a pawn in chess, 0 otherwise: any gain)")
	fs.BoolVar(&f.nullVerify, "null-verify", false, "verify a null-move cutoff with an ordinary search one ply shallower before pruning (against zugzwang)")

	fs.BoolVar(&f.reductions, "reductions", false, "depth reductions (Kornilov): a check keeps its depth, a capture -1, a quiet move not improving α -2")
	fs.BoolVar(&f.mateGuard, "reduce-mate-guard", true, "reductions: not while α or β is within 100 of a mate score (or infinite)")
	fs.BoolVar(&f.afterAttack, "reduce-after-attack", true, "reductions: not after the opponent's capture or check until material is restored")
	fs.StringVar(&f.reductionMargins, "reduction-margins", "", "reductions: margins by remaining depth 1, 2, ..., the last for deeper (default: 50,50,100,150,200 in chess, 0 otherwise)")

	fs.BoolVar(&f.futility, "futility", false, "futility pruning: skip a quiet move whose static score + margin ≤ α near the horizon")
	fs.StringVar(&f.futilityMargins, "futility-margins", "", "futility margins by remaining depth 1, 2, ... (default: 50,50 in chess, 0,0 otherwise)")
	fs.BoolVar(&f.razoring, "razoring", false, "razoring: search a node one ply shallower when its static eval + margin ≤ α")
	fs.StringVar(&f.razorMargins, "razor-margins", "", "razoring margins by remaining depth 1, 2, ... (default: 200,300,500 in chess, 0,0,0 otherwise)")

	fs.BoolVar(&f.quiescence, "quiescence", false, "quiescence search at the horizon: captures and promotions only, with stand pat")
	fs.IntVar(&f.qsDepth, "qs-depth", 0, "quiescence: at most this many plies (0: no limit)")

	fs.BoolVar(&f.extensions, "extensions", false, "extensions: search a check, a recapture or a promotion one ply deeper")
	fs.BoolVar(&f.extCheck, "ext-check", true, "extensions: moves that give check")
	fs.BoolVar(&f.extRecap, "ext-recapture", true, "extensions: recaptures")
	fs.BoolVar(&f.extPromo, "ext-promotion", true, "extensions: promotions and pawn pushes to the seventh rank")
	fs.IntVar(&f.extLimit, "ext-limit", d.Extensions.Limit, "extensions: at most this many along one line")
}

// on reports whether a technique is switched on: explicitly, or by
// --selective unless explicitly switched off.
func (f *selFlags) on(name string, v bool) bool {
	if f.fs.Changed(name) {
		return v
	}
	return f.all
}

// build returns the techniques the flags select for a game: parameters in its
// units, defaults scaled to its pawn.
func (f *selFlags) build(g engine.Game) (engine.Selective, error) {
	u := engine.Units{} // no pawns: every margin 0, the seeds' plain static tests
	if g.Name == "chess" {
		u.Pawn = 100
	}
	scale := max(g.Scale, 1)
	s := engine.DefaultSelective(u)
	var err error
	n := &s.Null
	n.On = f.on("null-move", f.null)
	n.R, n.RDeep, n.DeepFrom, n.MinPly = f.nullR, f.nullRDeep, f.nullDeepFrom, f.nullMinPly
	for _, c := range []struct {
		flag string
		v    int
	}{{"null-r", f.nullR}, {"null-r-deep", f.nullRDeep}, {"null-deep-from", f.nullDeepFrom}, {"null-min-ply", f.nullMinPly}, {"qs-depth", f.qsDepth}, {"ext-limit", f.extLimit}} {
		if c.v < 0 {
			return s, badInputf("--%s: %d is negative", c.flag, c.v)
		}
	}
	switch f.nullWindow {
	case "zero":
		n.Window = engine.NullZero
	case "full":
		n.Window = engine.NullFull
	default:
		return s, badInputf("--null-window: %q is not zero or full", f.nullWindow)
	}
	switch f.nullOnce {
	case "line":
		n.Once = engine.OncePerLine
	case "row":
		n.Once = engine.NotTwiceInARow
	default:
		return s, badInputf("--null-once: %q is not line or row", f.nullOnce)
	}
	n.NoCapture, n.NotExtended, n.EvalAbove, n.Pieces = f.nullCapture, f.nullExtended, f.nullEval, f.nullPieces
	if n.Margin, err = value("null-margin", f.nullMargin, scale); err != nil {
		return s, err
	}
	n.Threat, n.Verify = f.nullThreat, f.nullVerify
	switch f.nullThreatRule {
	case "moved":
		n.ThreatRule = engine.ThreatMoved
	case "any":
		n.ThreatRule = engine.ThreatAny
	default:
		return s, badInputf("--null-threat-rule: %q is not moved or any", f.nullThreatRule)
	}
	if f.nullThreatMargin != "" {
		if n.ThreatMargin, err = value("null-threat-margin", f.nullThreatMargin, scale); err != nil {
			return s, err
		}
	}

	s.Reductions.On = f.on("reductions", f.reductions)
	s.Reductions.MateGuard, s.Reductions.AfterAttack = f.mateGuard, f.afterAttack
	if f.reductionMargins != "" {
		if s.Reductions.Margins, err = valueList("reduction-margins", f.reductionMargins, scale); err != nil {
			return s, err
		}
	}

	s.Futility.On = f.on("futility", f.futility)
	if f.futilityMargins != "" {
		if s.Futility.Margins, err = valueList("futility-margins", f.futilityMargins, scale); err != nil {
			return s, err
		}
	}
	s.Razoring.On = f.on("razoring", f.razoring)
	if f.razorMargins != "" {
		if s.Razoring.Margins, err = valueList("razor-margins", f.razorMargins, scale); err != nil {
			return s, err
		}
	}

	s.Quiescence.On = f.on("quiescence", f.quiescence)
	s.Quiescence.MaxDepth = f.qsDepth

	x := &s.Extensions
	x.On = f.on("extensions", f.extensions)
	x.Check, x.Recapture, x.Promotion, x.Limit = f.extCheck, f.extRecap, f.extPromo, f.extLimit
	return s, nil
}

// needNull rejects null-move parameters given without the null move.
func needNull(s engine.Selective) error {
	switch {
	case s.Null.Threat && !s.Null.On:
		return badInputf("--null-threat: threat detection is part of the null move; add --null-move")
	case s.Null.Verify && !s.Null.On:
		return badInputf("--null-verify: verification is part of the null move; add --null-move")
	}
	return nil
}

// value reads a margin as written, in the game's units: "50", or "0.5" in a
// tree whose values have decimals.
func value(flag, s string, scale int64) (int64, error) {
	v, err := trace.ParseNumber(strings.TrimSpace(s), scale)
	if err != nil {
		return 0, badInputf("--%s: %v", flag, err)
	}
	if v < 0 {
		return 0, badInputf("--%s: %s is negative", flag, s)
	}
	return v, nil
}

// valueList reads margins separated by commas.
func valueList(flag, s string, scale int64) ([]int64, error) {
	var out []int64
	for i, part := range strings.Split(s, ",") {
		v, err := value(flag, part, scale)
		if err != nil {
			return nil, badInputf("--%s: margin %d: %v", flag, i+1, strings.TrimPrefix(err.Error(), "--"+flag+": "))
		}
		out = append(out, v)
	}
	return out, nil
}
