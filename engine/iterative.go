package engine

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Iterative deepening ("the cascade", Němec; seed 003).
//
// Search depth 1, then 2, ..., up to the depth limit, instead of the limit at
// once. Each iteration costs little next to the last (with an effective
// branching factor of about 7 the earlier ones add a sixth), and pays for
// itself: its best move goes first in the next iteration, and the search can
// stop at any moment (time, node budget, Ctrl-C) with the best move of the
// last completed iteration as a usable answer.
//
// Root move ordering, as the seed describes it: when a move beats the current
// best at the root, it moves to the front of the root move list and the others
// shift back; the next iteration starts from that order.
//
// Aspiration windows (aspiration.go) narrow the window each iteration's root
// is searched with.

var iterativeTechnique = technique{
	name: "iterative", aliases: []string{"id"}, family: IterativeFamily,
	on:       func(o *Options) bool { return o.Iterative },
	switchOn: func(o *Options) { o.Iterative = true },
	describe: func(*Options, func(int64) string) string {
		return "iterative deepening (depth 1, 2, …, each iteration's best move first in the next)"
	},
	params: []Param{
		{Name: "iterative", Kind: SwitchParam, Usage: "iterative deepening: depth 1, 2, ..., --depth, each iteration's best move first in the next"},
	},
}

// Iteration is one completed iteration of iterative deepening.
type Iteration struct {
	Depth  int
	Value  int64 // MAX's view
	Best   string
	PV     []string
	Nodes  int64 // nodes so far, all iterations
	Leaves int64 // leaves so far, all iterations
	// Own is the iteration's own work: its nodes and leaves alone (its
	// aspiration re-searches or MTD(f) passes included), MIT 6.034's
	// per-iteration counts. The Own of the iterations add up to the last
	// one's Nodes and Leaves.
	Own      trace.Work
	Elapsed  time.Duration
	Passes   int // root searches in the iteration (aspiration, MTD(f))
	RootList []string
}

// Stop tells why a search ended before its depth limit.
type Stop uint8

const (
	Finished    Stop = iota // searched to the depth limit
	TimeUp                  // Limits.Time ran out
	NodesUsed               // Limits.Nodes ran out
	Interrupted             // the context was cancelled (Ctrl-C)
	TraceFull               // the trace reached its size limit (ErrTraceLimit)
)

var stopNames = [...]string{"finished", "time limit", "node limit", "interrupted", "trace limit"}

func (s Stop) String() string { return stopNames[s] }

// Lead is a move that took the lead at the root in an iteration that did not
// finish: better than the last completed iteration's answer as far as that
// iteration went.
type Lead struct {
	Depth int
	Move  string
	Value int64 // MAX's view; a bound, the iteration did not finish
}

// iterate runs iterative deepening and returns the result of the last
// completed iteration.
func (s *searcher) iterate() (Result, error) {
	var last *Result
	var before trace.Work // the work of the iterations before this one
	prev, prevprev := int64(0), int64(0)
	for d := 1; d <= s.lim.Depth; d++ {
		if err := s.ctxErr(); err != nil { // stopped between iterations
			s.stop(err)
			break
		}
		s.iteration, s.lead = d, nil
		v, passes := s.rootSearch(d, prev, prevprev, d > 1)
		if s.abort {
			break
		}
		res := s.result(view(s.stack[0].max, v))
		it := Iteration{Depth: d, Value: res.Value, Best: res.BestLabel, PV: res.PVLabels,
			Nodes: res.Nodes, Leaves: res.Leaves, Elapsed: time.Since(s.began), Passes: passes}
		it.Own = trace.Work{Nodes: res.Nodes - before.Nodes, Leaves: res.Leaves - before.Leaves}
		before = trace.Work{Nodes: res.Nodes, Leaves: res.Leaves}
		it.RootList = s.rootLabels()
		res.Iterations = append(append([]Iteration(nil), lastIterations(last)...), it)
		last = &res
		s.iterEvent(it)
		if s.progress != nil {
			s.progress(it)
		}
		prevprev, prev = prev, v
		if d == 1 {
			prevprev = v
		}
	}
	if last == nil {
		if s.err == nil {
			s.err = i18n.Error("no iteration finished")
		}
		return Result{}, s.err
	}
	res := *last
	if s.abort {
		res.Stopped = stopReason(s.err)
		res.Unfinished = s.lead
		if l := s.lead; l != nil && l.Move == res.BestLabel {
			res.Unfinished = nil // the lead is the answer already
		}
		s.err = nil
		s.abort = false
	}
	return res, nil
}

func lastIterations(r *Result) []Iteration {
	if r == nil {
		return nil
	}
	return r.Iterations
}

// stopReason maps the error that stopped a search to why it stopped.
func stopReason(err error) Stop {
	switch {
	case errors.Is(err, ErrNodeLimit):
		return NodesUsed
	case errors.Is(err, context.DeadlineExceeded):
		return TimeUp
	case errors.Is(err, ErrTraceLimit):
		return TraceFull
	}
	return Interrupted
}

// rootSearch searches the root to depth with the chosen algorithm and returns
// its value (side to move's view) and the number of root passes. prev and
// prevprev are the values of the last two iterations, valid when hasPrev.
func (s *searcher) rootSearch(depth int, prev, prevprev int64, hasPrev bool) (int64, int) {
	switch s.opt.Algo {
	case Minimax:
		return view(s.stack[0].max, s.minimax(0, depth)), 1
	case Negamax:
		return s.negamax(0, depth), 1
	case BranchBound:
		v, _ := s.branchBound(0, depth, score.Inf)
		return v, 1
	case Expectimax:
		return s.expectimax(0, depth), 1
	case MTDF:
		guess := int64(0)
		switch {
		case hasPrev:
			guess = prev
		case s.opt.HasGuess:
			guess = s.viewGuess()
		}
		return s.mtdf(depth, guess)
	}
	a := &s.opt.Aspiration
	center := prev
	if !hasPrev {
		center = s.viewGuess()
	}
	// No aspiration window around ±∞ (the last iteration's value): ∞ ± a
	// width is no window; such an iteration takes the full one.
	if a.Width <= 0 || !(hasPrev || s.opt.HasGuess) || score.IsInf(center) {
		lo, hi := s.rootWindow()
		v, _ := s.alphaBeta(0, depth, lo, hi)
		return v, 1
	}
	w := a.Width
	if a.Adaptive && hasPrev && !score.IsInf(prevprev) {
		w = max(w, abs(prev-prevprev))
	}
	return s.aspiration(depth, center, w)
}

// rootWindow is the window the root is searched with, side to move's view:
// the one given (Options.Window), else (-∞, +∞).
func (s *searcher) rootWindow() (int64, int64) {
	if w := s.opt.Window; w.On {
		return viewWindow(s.stack[0].max, w.Lo, w.Hi)
	}
	return -score.Inf, score.Inf
}

// viewGuess is the first guess (given from MAX's view) for the side to move.
func (s *searcher) viewGuess() int64 { return view(s.stack[0].max, s.opt.Guess) }

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// maxWords turns a direction word said in the side to move's view into
// MAX's: at a MIN root a fail low of MIN's value is a fail high of MAX's, a
// lower bound an upper bound.
func maxWords(max bool, w string) string {
	if max {
		return w
	}
	switch w {
	case trace.WindowFailLow:
		return trace.WindowFailHigh
	case trace.WindowFailHigh:
		return trace.WindowFailLow
	case trace.WindowLower:
		return trace.WindowUpper
	case trace.WindowUpper:
		return trace.WindowLower
	}
	return w
}

// windowEvent reports a pass of the root with window (lo, hi) and result v
// (side to move's view). lower and upper are MTD(f)'s interval after the pass;
// outcome is already in MAX's view (maxWords).
func (s *searcher) windowEvent(pass int, lo, hi, v int64, reason, outcome string, lower, upper int64) {
	traced := s.on(trace.Window)
	if !traced && s.onPass == nil {
		return
	}
	f := s.stack[0]
	e := s.event(trace.Window, 0, s.iteration)
	e.Has |= trace.HasWindow | trace.HasValue | trace.HasInterval
	e.Alpha, e.Beta = viewWindow(f.max, lo, hi)
	e.Value = view(f.max, v)
	e.Lower, e.Upper = viewWindow(f.max, lower, upper)
	e.Pass = pass
	e.Reason = reason
	e.Detail = outcome
	if traced {
		s.emit(e)
	}
	if s.onPass != nil {
		s.onPass(e)
	}
}

// iterEvent reports a completed iteration.
func (s *searcher) iterEvent(it Iteration) {
	if !s.on(trace.Iter) {
		return
	}
	e := s.event(trace.Iter, 0, it.Depth)
	e.Has |= trace.HasValue
	e.Value = it.Value
	e.Move = it.Best
	e.Elapsed = it.Elapsed
	own := it.Own
	e.Summary = &trace.Summary{Value: it.Value, Best: it.Best, PV: it.PV, Nodes: it.Nodes, Leaves: it.Leaves, Iter: &own}
	e.Detail = "root order: " + strings.Join(it.RootList, " ")
	s.emit(e)
}

// rootLabels names the root moves in their current order.
func (s *searcher) rootLabels() []string {
	out := make([]string, len(s.rootOrder))
	for i, m := range s.rootOrder {
		out[i] = s.pos.MoveLabel(m)
	}
	return out
}

// moveToFront puts the root move at index i first and shifts the moves before
// it back by one: the seed's root move ordering.
func moveToFront(moves []Move, i int) {
	m := moves[i]
	copy(moves[1:i+1], moves[:i])
	moves[0] = m
}
