package engine

import (
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// MTD(f) (Plaat et al.; seed 003: "close the window completely").
//
// Contract: mtdf(depth, f) returns the exact value of the root at depth,
// starting from the guess f, and the number of passes it took.
//
// Every pass is a zero-window alpha-beta search (beta-1, beta), which can only
// answer "at least beta" or "below beta". The answers narrow an interval
// [lower, upper] around the true value until it closes:
//
//	beta = f + 1 if f == lower, else f
//	f = search(beta-1, beta)
//	if f < beta { upper = f } else { lower = f }
//
// A guess equal to the true value takes exactly two passes (one proves "at
// least", the next "at most"). The passes search much of the same tree again,
// so MTD(f) is efficient only with a transposition table remembering the
// earlier passes. The zero-window searches are fail-soft, whatever --fail
// says: a fail-hard pass only answers beta-1 or beta and moves f by one.
//
// With a window given for the root (lo, hi) (Options.Window), the guess is
// moved into [lo, hi] and the passes stop as soon as the interval is
// closed or lies outside the window: upper <= lo (the value is at most
// upper, a fail low) or lower >= hi (at least lower, a fail high). The
// value is then that bound, as the textbook rule on (lo, hi) labels it;
// proved exact when the interval closed all the same.
func (s *searcher) mtdf(depth int, f int64) (int64, int) {
	lower, upper := -score.Inf, score.Inf
	lo, hi := s.rootWindow()
	if score.IsInf(f) {
		// An infinite guess (the last iteration's value): no test sits
		// next to ±∞ ((∞-1, ∞) is no window); start from 0, and the
		// passes rise or fall to it.
		f = 0
	}
	f = min(max(f, lo), hi)
	pass := 0
	var best []Move // the principal variation of the last pass that failed high
	for lower < upper && upper > lo && lower < hi {
		pass++
		beta := f
		if f == lower {
			beta = f + 1
		}
		v, _ := s.alphaBeta(0, depth, beta-1, beta)
		if s.abort {
			return 0, pass
		}
		bound := trace.WindowLower
		if v < beta {
			upper = v
			bound = trace.WindowUpper
		} else {
			lower = v
			best = append(best[:0], s.pv[0][:s.pvLen[0]]...)
		}
		f = v
		s.windowEvent(pass, beta-1, beta, v, trace.ReasonMTDF, maxWords(s.stack[0].max, bound), lower, upper)
	}
	// The line of the pass that proved the value from below.
	s.pv[0] = append(s.pvBuf(0), best...)
	s.pvLen[0] = len(best)
	if s.opt.Window.On {
		s.rootBound, s.rootKnown = score.BoundOf(f, lo, hi, false), score.NoBound
		if lower >= upper {
			s.rootKnown = score.Exact
		}
	}
	return f, pass
}
