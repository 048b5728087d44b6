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
	// Window is the window the root is searched with, once, when On: an
	// exam's "search the root with window (3, 8)". A value outside it is
	// reported as the bound the textbook rule makes it, never searched
	// again. MAX's point of view; with MTD(f), the bounds its passes stop
	// at.
	Window Window
	// Bounds are the least and the greatest value any position may take,
	// MAX's point of view, raw units: what Star1 and Star2 prune chance
	// nodes with.
	Bounds Bounds
	// Lang is the language (en, ru, cs) the words about this search are
	// written in by whoever reads its trace (trace.Info.Lang); it changes
	// nothing searched.
	Lang string
	// Progress is called after each completed iteration of an iterative
	// search: the caller decides what to show, and when to stop (cancel the
	// context).
	Progress func(Iteration)
	// Pass is called with the window event of each pass of the root
	// (aspiration windows, MTD(f)), traced or not: a pass is worth telling
	// even when nothing else is. The event is valid during the call only.
	Pass func(*trace.Event)
}

// Window is a window given for the root, (Lo, Hi) from MAX's point of view,
// each finite or ±∞ (score.Inf), Lo < Hi.
type Window struct {
	Lo, Hi int64
	On     bool
}

// Bounds are known bounds on every value: Lo <= v <= Hi (On).
type Bounds struct {
	Lo, Hi int64
	On     bool
}

// Selective gathers the selective techniques, each defined in a file of its
// own: nullmove.go, reductions.go, futility.go, razoring.go, quiescence.go,
// extensions.go, rfp.go, iid.go, checkext.go. Values (margins) are in the game's raw units: centipawns in
// chess, the tree's scaled values in toy trees. A class can switch them on one
// by one and compare.
type Selective struct {
	Null       NullMove
	Reductions Reductions
	Futility   Futility
	Razoring   Razoring
	Quiescence Quiescence
	Extensions Extensions
	LMR        LMR // late move reductions (lmr.go)
	LMP        LMP // late move pruning (lmp.go)
	// Issue 21: reverse futility (rfp.go), internal iterative deepening
	// (iid.go), the check extension on its own (checkext.go).
	RFP      ReverseFutility
	IID      IID
	CheckExt CheckExtension
}

// techniques is the table of techniques (technique.go), in the order specs
// name them: the iterative ones first, then the selective ones. Each is
// defined in its own file.
var techniques = []*technique{
	&ttTechnique,         // tt.go
	&orderTechnique,      // ordering.go
	&iterativeTechnique,  // iterative.go
	&aspirationTechnique, // aspiration.go
	&nullMoveTechnique,   // nullmove.go
	&reductionsTechnique, // reductions.go
	&futilityTechnique,   // futility.go
	&razoringTechnique,   // razoring.go
	&quiescenceTechnique, // quiescence.go
	&extensionsTechnique, // extensions.go
	&lmrTechnique,        // lmr.go
	&lmpTechnique,        // lmp.go
	&rfpTechnique,        // rfp.go
	&iidTechnique,        // iid.go
	&checkExtTechnique,   // checkext.go
}

// Tuning constants: the defaults of the techniques' parameters, in one place.
// Margins are in centipawns of chess, whole pawns or halves; other games
// scale them to their pawn (Units), and games without pawns get 0.
const (
	nullR        = 2   // the null move's reduction R (seed 000: "R = 2 usually")
	nullRDeep    = 3   // R far from the horizon ("3 or 4 when the depth is above about 6")
	nullDeepFrom = 6   // the remaining depth above which nullRDeep applies
	nullMinPly   = 4   // no null move in the first plies of a line ("not in the first 4 plies")
	threatMargin = 100 // material the mover must win for a threat: a pawn

	// MateBand is how close to a mate score (or to infinity) a window must
	// not be for reductions under the mate guard: the article's
	// INFINITY-100, in the game's units.
	MateBand = 100

	extensionLimit = 2 // extensions along one line: each lengthens one line at the others' cost

	// MaxExtensionLimit is the most extensions one line may be given
	// (Extensions.Limit, --ext-limit): every extension makes a line one ply
	// longer, and a line of checks that never ends (a perpetual) would
	// otherwise be searched, and traced, without end.
	MaxExtensionLimit = 16

	// DefaultAspiration is the aspiration half-width a spec switches on when
	// no width was given, in the game's raw units (a third of a pawn in
	// chess).
	DefaultAspiration = 35

	// DefaultTTMB is the table size in megabytes when TT.MB is 0.
	DefaultTTMB = 16

	// Late move reductions (lmr.go): not below remaining depth 3, never the
	// first 3 moves of a node, and Ethereal's table, R = floor(0.75 +
	// ln(depth)·ln(move)/2.25) (base and divisor in hundredths, each at most
	// 100). Late move pruning (lmp.go): at remaining depth 3 or less.
	lmrMinDepth   = 3
	lmrMinMoves   = 3
	lmrBase       = 75
	lmrDivisor    = 225
	maxLMRBase    = 10000
	maxLMRDivisor = 10000
	lmpDepth      = 3
	// Reverse futility, internal iterative deepening and the check
	// extension (issue 21; the chessprogramming wiki's pages of the same
	// names).
	rfpDepth         = 6  // reverse futility at remaining depths 1..6 (Stockfish: depth < 9; older engines 3 to 7)
	rfpMargin        = 75 // its margin a ply of remaining depth: 75·d centipawns
	iidDepth         = 4  // internal iterative deepening at remaining depths of 4 and more
	iidReduction     = 2  // its shallower search: depth-2 (Fruit, Crafty)
	checkExtPlies    = 1  // a check is searched one ply deeper
	maxCheckExtPlies = 2  // at most two: each ply of it deepens a line of checks further
)

// Margins by remaining depth 1, 2, ... (seed 002: "half a pawn in the last two
// plies, growing toward the root").
var (
	reductionMargins = []int64{50, 50, 100, 150, 200} // reductions: the last one for deeper nodes too
	futilityMargins  = []int64{50, 50}                // futility pruning: only in the last two plies
	razorMargins     = []int64{200, 300, 500}         // razoring: the node's own eval, so wider
)

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
