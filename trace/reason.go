package trace

import (
	"strconv"
	"strings"
)

// PassMove is how a null move (a pass) is written as a move in traces and
// paths.
const PassMove = "--"

// The reasons events carry in their Reason field, as the JSON Lines contract
// writes them. Sinks match these constants, never prose: a sentence is made
// from the event by the explain package.
const (
	// cutoff: the bound the node's value reached.
	ReasonBeta  = "beta"  // a MAX node reached beta
	ReasonAlpha = "alpha" // a MIN node reached alpha

	// leaf: where the value comes from.
	ReasonTerminal = "terminal" // the game is over
	ReasonStatic   = "static"   // the depth limit: the static evaluation
	ReasonNoMoves  = "no moves" // no legal move (checkmate or stalemate)

	// enter: a quiescence-search node.
	ReasonQS = "qs"

	// enter and exit: a node entered for a Star2 probe, whose first move
	// alone is searched; its exit's value is a lower bound for its side.
	// chance_cut: "probe beta" or "probe alpha" when the probes settled it.
	ReasonProbe      = "probe"
	ReasonProbeBeta  = ReasonProbe + " " + ReasonBeta
	ReasonProbeAlpha = ReasonProbe + " " + ReasonAlpha
	// DetailProbed opens the detail of a chance_cut after the probes: the
	// outcomes left that a probe entered (searched in part, not pruned),
	// their labels joined by ", " after it.
	DetailProbed = "probed: "

	// null_try: a threat test rather than a null move.
	ReasonThreat = "threat"
	// threat: the outcome of a threat test.
	ReasonNoThreat = "no threat"

	// null_skip: the condition that blocked a null move, the first in the
	// order the engine tests them.
	ReasonNullVerifying  = "verification"    // inside a null-move verification search
	ReasonNullFirstPlies = "first plies"     // within the first plies of the line (MinPly)
	ReasonNullInCheck    = "in check"        // the side to move is in check: a pass is illegal
	ReasonNullCapture    = "after a capture" // the move into the node was a capture
	ReasonNullExtended   = "extended"        // the node is being extended
	ReasonNullOnce       = "once per line"   // the line already has a null move
	ReasonNullTwice      = "twice in a row"  // the move into the node was a null move
	ReasonNullPawns      = "king and pawns"  // the side to move has only king and pawns (zugzwang guard)
	ReasonNullInfinite   = "infinite beta"   // β is +∞ for the side to move: no value reaches it
	ReasonNullEval       = "eval below beta" // the static evaluation minus the margin is below β

	// extend: the rule that extends a move (ReasonThreat too: a threat
	// found at the node extends the node itself).
	ReasonExtendCheck     = "check"                    // a check: the reply is forced
	ReasonExtendRecapture = "recapture"                // the exchange is not over
	ReasonExtendPromotion = "promotion"                // a promotion
	ReasonExtendSeventh   = "pawn to the seventh rank" // a pawn about to promote
	ReasonExtendCheckKept = "check keeps its depth"    // reductions: a checking move is not reduced

	// reduce: the rule that reduced the move (a free reason: saved traces
	// may carry others).
	ReasonReduceQuiet = "quiet move, static score does not improve alpha"

	// tt_hit that does not end the node: ReasonTTNoCut followed by why (a
	// free reason, as saved traces carry it).
	ReasonTTNoCut      = "no cut: "
	ReasonTTCutoffsOff = "cutoffs off"              // the table's cutoffs are switched off
	ReasonTTAtRoot     = "not at the root"          // the root is always searched: it needs a move
	ReasonTTShallow    = "too shallow"              // the entry was searched less deep than the node needs
	ReasonTTOutside    = "bound outside the window" // a bound that does not settle the window

	// stand_pat and tt_hit: the evaluation or the entry ended the node.
	ReasonStandCut = "cutoff"
	ReasonTTCut    = "cut"

	// window: the technique of a root pass.
	ReasonAspiration = "aspiration"
	ReasonMTDF       = "mtdf"

	// research: why a move or a node is searched again.
	// (ReasonAspiration too: a root move that failed high in an aspiration
	// window, searched again from that move, as Němec does.)
	ReasonPVS        = "pvs"          // a PVS probe passed its null window
	ReasonVerifyFail = "verification" // a null-move verification did not reach beta

	// Late move reductions and late move pruning: a reduce event's reason
	// when LMR reduced the move, the research reason when the reduced move
	// beat α and is searched again at full depth, and the lmp event's
	// reason. Their Detail is the move's number among the node's moves
	// (LateDetail).
	ReasonReduceLate = "late move"
	ReasonLMR        = "lmr"
	ReasonLMPCount   = "move count"
)

// LateDetail is the Detail of a late move's reduce, research or lmp event:
// its number among the node's moves, from 1, and the count of moves searched
// before late moves are reduced or pruned: "move 5 after 3".
func LateDetail(number, count int) string {
	return "move " + strconv.Itoa(number) + " after " + strconv.Itoa(count)
}

// ParseLateDetail reads LateDetail's words back.
func ParseLateDetail(detail string) (number, count int, ok bool) {
	var err1, err2 error
	n, c, found := strings.Cut(strings.TrimPrefix(detail, "move "), " after ")
	if !found || !strings.HasPrefix(detail, "move ") {
		return 0, 0, false
	}
	number, err1 = strconv.Atoi(n)
	count, err2 = strconv.Atoi(c)
	return number, count, err1 == nil && err2 == nil
}

// The outcomes of a root pass, as a window event writes them in its Detail
// field: an aspiration window's, then an MTD(f) zero window's (the bound the
// pass proved).
const (
	WindowFailLow  = "fail low"
	WindowFailHigh = "fail high"
	WindowInside   = "inside"
	WindowLower    = "lower"
	WindowUpper    = "upper"
)
