package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Late move reductions (LMR).
//
// Sources: the chessprogramming wiki, "Late Move Reductions"; Tord Romstad,
// "An Introduction to Late Move Reductions" (2006); the reduction table of
// Ethereal (Andrew Grant, src/search.c: LMRTable[depth][played] = 0.75 +
// log(depth) * log(played) / 2.25) and of Stockfish (src/search.cpp, whose
// table grows with the same product of logarithms).
//
// With good move ordering the best move is almost always among the first
// few; the later moves of a node are searched with less depth. A move is
// reduced when
//   - the node's remaining depth is at least MinDepth, and the move comes
//     after the first MinMoves moves of the node (its index, from 0, is
//     MinMoves or more);
//   - it is quiet: not a capture, a promotion or a check, neither the
//     table's move nor a killer (what move ordering knew of it);
//   - the side to move is not in check;
//   - it is searched with its usual depth (no extension, no other
//     reduction).
//
// Its reduction is R = floor(Base + ln(depth) · ln(number) / Divisor), where
// number is the move's number among the node's moves (from 1): the move is
// searched to depth-1-R, never below depth 1. A reduced move whose value
// beats α (the node's running maximum) is searched again at full depth: the
// re-search (a research event, reason "lmr"). With PVS the reduced search is
// PVS's null-window probe; a probe that beats α is repeated at full depth
// with the null window, and only one that beats α again is searched with the
// full window, as engines do.
//
// LMR is unsound: a move whose reduced search stays at or below α is never
// searched at full depth, and may be better than it looked. Kornilov's
// static reduction (reductions.go) reduces a quiet move whose static score
// after it does not improve α, and never searches it again; LMR reduces a
// move for its place in the list and re-searches it when the reduced search
// says it was wrong.

// LMR configures late move reductions. Base and Divisor are in hundredths
// (75 and 225: 0.75 and 2.25).
type LMR struct {
	On       bool
	MinDepth int // reduce only at remaining depth MinDepth or more
	MinMoves int // the first MinMoves moves of a node are never reduced
	Base     int // R = floor(Base/100 + ln(depth)·ln(number)/(Divisor/100))
	Divisor  int // 0: Ethereal's 225
}

var lmrTechnique = technique{
	name: "lmr", family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.LMR.On },
	switchOn: func(o *Options) { o.Sel.LMR.On = true },
	defaults: func(s *Selective, _ Units) {
		s.LMR = LMR{MinDepth: lmrMinDepth, MinMoves: lmrMinMoves, Base: lmrBase, Divisor: lmrDivisor}
	},
	check: func(o *Options) error {
		l := &o.Sel.LMR
		switch {
		case !l.On:
		case l.MinDepth < 0:
			return i18n.Errorf("late move reductions: the minimum depth must be 0 or more")
		case l.MinMoves < 0:
			return i18n.Errorf("late move reductions: the moves never reduced must be 0 or more")
		case l.Base < 0 || l.Base > maxLMRBase:
			return i18n.Errorf("late move reductions: the base must be between 0 and %s", hundredths(maxLMRBase))
		case l.Divisor < 0 || l.Divisor > maxLMRDivisor:
			return i18n.Errorf("late move reductions: the divisor must be between 0.01 and %s", hundredths(maxLMRDivisor))
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		l := o.Sel.LMR
		return fmt.Sprintf("late move reductions (quiet moves after the first %d at depth ≥ %d: R = floor(%s + ln(depth)·ln(move)/%s); re-searched at full depth when they beat α)",
			l.MinMoves, l.MinDepth, hundredths(l.Base), hundredths(l.divisor()))
	},
	params: []Param{
		{Name: "lmr", Kind: SwitchParam, Usage: "late move reductions: quiet moves late in a node's list are searched shallower, and again at full depth if they beat α"},
		{Name: "lmr-min-depth", Kind: CountParam, Int: lmrMinDepth, Max: MaxDepth, Usage: "late move reductions: only at remaining depth N or more"},
		{Name: "lmr-min-moves", Kind: CountParam, Int: lmrMinMoves, Max: maxCount, Usage: "late move reductions: the first N moves of a node are never reduced"},
		{Name: "lmr-base", Kind: TextParam, Text: hundredths(lmrBase), Usage: "late move reductions: the table's base, R = floor(base + ln(depth)·ln(move)/divisor), Ethereal's"},
		{Name: "lmr-divisor", Kind: TextParam, Text: hundredths(lmrDivisor), Usage: "late move reductions: the table's divisor, Ethereal's"},
	},
	apply: func(o *Options, g Given) error {
		l := &o.Sel.LMR
		l.MinDepth, l.MinMoves = g.Int("lmr-min-depth"), g.Int("lmr-min-moves")
		var err error
		if l.Base, err = readHundredths(g, "lmr-base", maxLMRBase); err != nil {
			return err
		}
		l.Divisor, err = readHundredths(g, "lmr-divisor", maxLMRDivisor)
		if err == nil && l.Divisor == 0 {
			err = i18n.Errorf("--lmr-divisor: must be above 0")
		}
		return err
	},
}

// Reduction is R for a move with number (from 1) at remaining depth, before
// the floor of depth 1 is applied: floor(Base + ln(depth)·ln(number) /
// Divisor), 0 for the first move or at depth 1.
func (l *LMR) Reduction(depth, number int) int {
	if depth < 2 || number < 2 {
		return 0
	}
	r := float64(l.Base)/100 + math.Log(float64(depth))*math.Log(float64(number))/(float64(l.divisor())/100)
	// A billionth up, so that a logarithm a last bit off (the native
	// math.Log against WebAssembly's, in the lab) never moves the floor.
	return int(math.Floor(r + 1e-9))
}

// divisor is the table's divisor in hundredths: Divisor, or Ethereal's
// when it is 0.
func (l *LMR) divisor() int {
	if l.Divisor == 0 {
		return lmrDivisor
	}
	return l.Divisor
}

// lateQuiet reports whether the move just made is quiet as late move
// reductions and pruning mean it: not a capture, a promotion or a check,
// neither the table's move nor a killer.
func lateQuiet(mi *moveInfo, givesCheck bool) bool {
	return !mi.capture && !mi.promotion && !givesCheck && !mi.ttMove && !mi.killer
}

// lateReduction returns the depth the move just made at ply is searched with
// under late move reductions, newDepth (depth-1) when it is not reduced; a
// reduced move's full depth goes into mi.full, for the re-search.
func (s *searcher) lateReduction(ply, depth int, node *nodeInfo, mi *moveInfo, givesCheck bool) int {
	l := &s.opt.Sel.LMR
	newDepth := depth - 1
	if depth < l.MinDepth || mi.index < l.MinMoves || node.inCheck || !lateQuiet(mi, givesCheck) {
		return newDepth
	}
	to := max(newDepth-l.Reduction(depth, mi.index+1), 1)
	if to >= newDepth {
		return newDepth
	}
	mi.full = newDepth // this is a late move reduction
	if s.on(trace.Reduce) {
		e := s.event(trace.Reduce, ply, depth)
		e.Move = s.stack[ply+1].move
		e.Has |= trace.HasTo
		e.To = to
		e.Reason = trace.ReasonReduceLate
		e.Detail = trace.LateDetail(mi.index+1, l.MinMoves)
		s.emit(e)
	}
	return to
}

// lmrResearchEvent reports that the late move just made at ply, reduced to
// depth to, returned t, which beats the node's running maximum m (window
// (m, beta), side to move's view): it is searched again at full depth.
func (s *searcher) lmrResearchEvent(ply, depth, to int, mi *moveInfo, t, m, beta int64) {
	if e := s.research(ply, depth, t, m, beta); e != nil {
		e.Has |= trace.HasTo
		e.To = to
		e.Reason = trace.ReasonLMR
		e.Detail = trace.LateDetail(mi.index+1, s.opt.Sel.LMR.MinMoves)
		s.emit(e)
	}
}

// hundredths writes a number of hundredths as a decimal: 75 → "0.75", 200 →
// "2".
func hundredths(n int) string { return string(score.AppendDecimal(nil, int64(n), 100)) }

// readHundredths reads a decimal with at most two places, 0 or more and at
// most limit hundredths, as hundredths.
func readHundredths(g Given, name string, limit int) (int, error) {
	text := strings.TrimSpace(g.Text(name))
	whole, frac, _ := strings.Cut(text, ".")
	bad := i18n.Errorf("--%s: %q is not a number with at most two decimals, 0 or more", name, text)
	if whole == "" && frac == "" || len(frac) > 2 || len(whole) > 6 {
		return 0, bad
	}
	for _, c := range whole + frac {
		if c < '0' || c > '9' {
			return 0, bad
		}
	}
	n, _ := strconv.Atoi("0" + whole)
	f, _ := strconv.Atoi((frac + "00")[:2])
	v := n*100 + f
	if v > limit {
		return 0, i18n.Errorf("--%s: %s must be at most %s", name, text, hundredths(limit))
	}
	return v, nil
}
