package engine

import (
	"time"

	"github.com/prunescope/prunescope/trace"
)

// Options selects an algorithm, its conventions and the techniques layered
// on it.
type Options struct {
	Algo   Algo
	Fail   Fail
	Cutoff Cutoff
	Sel    Selective
	TT     TT       // the transposition table
	Order  Ordering // move ordering
	// Iterative searches depth 1, 2, ..., Limits.Depth, each iteration
	// ordering the root moves for the next (move to front).
	Iterative  bool
	Aspiration Aspiration
	// Guess is MTD(f)'s first guess, or the centre of the first aspiration
	// window, when HasGuess (else the previous iteration's value, or 0); MAX's
	// point of view.
	Guess    int64
	HasGuess bool
	// Progress is called after each completed iteration of an iterative
	// search: the caller decides what to show, and when to stop (cancel the
	// context).
	Progress func(Iteration)
	// Pass is called with the window event of each pass of the root
	// (aspiration windows, MTD(f)), traced or not: a pass is worth telling
	// even when nothing else is. The event is valid during the call only.
	Pass func(*trace.Event)
}

// Limits bounds a search.
type Limits struct {
	// Depth is the number of plies to search; at depth 0 an inner node's static
	// evaluation is used. With iterative deepening, the last iteration's depth.
	Depth int
	// Nodes stops the search after this many visits when positive.
	Nodes int64
	// Time stops the search after this long when positive.
	Time time.Duration
}
