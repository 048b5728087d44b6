package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// The selective techniques of the seeds, each a switch with the parameters
// the articles name. They are layered on alpha-beta: a class can switch them on
// one by one and compare. Values (margins) are in the game's raw units:
// centipawns in chess, the tree's scaled values in toy trees.

// NullMove is null-move pruning (Kornilov; seed 000): before generating the
// moves, let the opponent move twice; if even then the score reaches beta, the
// node is pruned without searching its moves.
type NullMove struct {
	On       bool
	R        int        // the reduction: the null move is searched to depth-1-R
	RDeep    int        // a larger R used above remaining depth DeepFrom
	DeepFrom int        // RDeep applies at remaining depths above this one (0: never)
	Window   NullWindow // zero window (beta-1, beta) or the node's own window
	// The conditions for trying it, each a switch. (Not in check is no
	// switch: a pass in check is illegal, so it is always a condition.)
	NoCapture   bool  // the move into this node was not a capture
	NotExtended bool  // the node is not being extended
	EvalAbove   bool  // static eval - Margin >= beta
	Margin      int64 // margin of the eval condition (usually 0)
	MinPly      int   // not within the first MinPly plies of the line
	Once        NullOnce
	// Pieces is the zugzwang guard (not in the seed): no null move when the
	// side to move has only king and pawns, where passing is most often
	// better than any move. Games without pieces (PieceHolder) ignore it.
	Pieces bool
	// Threat detection: after the move into this node, a pass answered by a
	// capture-only search; if the mover then wins material (ThreatMargin or
	// more), the move carried a threat and the node is extended, not pruned.
	Threat       bool
	ThreatMargin int64
	ThreatRule   ThreatRule // which captures the mover may make after the pass
	// Verify re-searches a null-move fail-high with an ordinary search one ply
	// shallower (and no null move below) before pruning: the cure for
	// zugzwang, where passing would be the best move.
	Verify bool
}

// NullWindow selects the window of the null-move search.
type NullWindow uint8

const (
	NullZero NullWindow = iota // (beta-1, beta): only "does it reach beta?" is asked
	NullFull                   // (alpha, beta), as in the first version of the article
)

// ThreatRule selects the captures of threat detection's capture-only search.
type ThreatRule uint8

const (
	// ThreatMoved: only captures by the piece that moved into the node, the
	// seed's rule ("the attack is determined only for the piece that moved").
	// Games without pieces (no MoverCapturer) use every capture.
	ThreatMoved ThreatRule = iota
	// ThreatAny: every capture of the mover.
	ThreatAny
)

// NullOnce selects how often a line may pass.
type NullOnce uint8

const (
	OncePerLine    NullOnce = iota // one null move per line (the article's flag passed down)
	NotTwiceInARow                 // any number, but never two in a row
)

// Reductions is depth reduction instead of pruning (Kornilov; seed 002): a
// checking move keeps its depth, a capture loses one ply as usual, and a quiet
// move whose static score after the move does not improve alpha loses two.
type Reductions struct {
	On bool
	// MateGuard: no reduction while alpha or beta is within MateBand of a mate
	// score (or infinite, in games without mates): "until we know about mate,
	// we do not cut".
	MateGuard bool
	// AfterAttack: after the opponent's attack (a capture or a check into this
	// node) no move is reduced until it restores the material of before.
	AfterAttack bool
	// Margins[d-1] is the margin at remaining depth d (the last one beyond
	// the list): a quiet move is reduced only when its static score plus the
	// margin stays at or below alpha. The article: a margin "emulates a full
	// search", half a pawn in the last two plies, growing toward the root.
	Margins []int64
}

// MateBand is how close to a mate score (or to infinity) a window must not be
// for reductions under the mate guard: the article's INFINITY-100, in the
// game's units.
const MateBand = 100

// Futility is futility pruning (seeds 000 and 002): near the horizon, a quiet
// move that does not give check, when the side to move is not in check, is
// skipped when its static score after the move plus a margin stays at or
// below alpha. Margins[d-1] is the margin at remaining depth d; beyond the
// last one the rule does not apply.
type Futility struct {
	On      bool
	Margins []int64
}

// Razoring cuts a node short (seed 002, the margin test applied to the node):
// when the static evaluation plus Margins[d-1] stays at or below alpha at
// remaining depth d, the node is searched one ply shallower.
type Razoring struct {
	On      bool
	Margins []int64
}

// Quiescence searches on past the horizon (Němec; seed 003) with captures and
// promotions only, and "stand pat": the side to move may decline to capture
// and keep its static evaluation.
type Quiescence struct {
	On       bool
	MaxDepth int // plies of quiescence at most; 0: no limit
}

// Extensions search a move one ply deeper (Němec; seed 003).
type Extensions struct {
	On        bool
	Check     bool // a move that gives check: the reply is a check evasion
	Recapture bool // recapturing the piece that just captured
	Promotion bool // a pawn promotion, or a pawn push to the seventh rank
	Limit     int  // extensions allowed along one line
}

// Selective gathers the techniques.
type Selective struct {
	Null       NullMove
	Reductions Reductions
	Futility   Futility
	Razoring   Razoring
	Quiescence Quiescence
	Extensions Extensions
}

// Any reports whether any technique is on.
func (s *Selective) Any() bool {
	return s.Null.On || s.Reductions.On || s.Futility.On || s.Razoring.On || s.Quiescence.On || s.Extensions.On
}

// Units are the default margins of a game: a pawn's worth in its raw units.
// Chess: 100 centipawns. Toy trees and tic-tac-toe have no pawns (Pawn 0):
// their margins default to 0, the seeds' plain static tests, and threat
// detection counts any gain.
type Units struct{ Pawn int64 }

// DefaultSelective returns every technique at the defaults of the seeds, all
// switched off; margins are scaled to the game's pawn.
func DefaultSelective(u Units) Selective {
	half := u.Pawn / 2
	return Selective{
		Null: NullMove{R: 2, RDeep: 3, DeepFrom: 6, Window: NullZero,
			NoCapture: true, NotExtended: true, EvalAbove: true, MinPly: 4, Pieces: true,
			ThreatMargin: u.Pawn},
		Reductions: Reductions{MateGuard: true, AfterAttack: true,
			Margins: []int64{half, half, u.Pawn, 3 * half, 2 * u.Pawn}},
		// Half a pawn in the last two plies, growing toward the root.
		Futility:   Futility{Margins: []int64{half, half}},
		Razoring:   Razoring{Margins: []int64{2 * u.Pawn, 3 * u.Pawn, 5 * u.Pawn}},
		Extensions: Extensions{Check: true, Recapture: true, Promotion: true, Limit: 2},
	}
}

// validate checks the parameters of the techniques that are on.
func (s *Selective) validate() error {
	n := &s.Null
	if n.On {
		if n.R < 0 || n.RDeep < 0 || n.DeepFrom < 0 || n.MinPly < 0 {
			return fmt.Errorf("null move: R, R deep, deep-from depth and minimum ply must be 0 or more")
		}
		if n.Margin < 0 || n.ThreatMargin < 0 {
			return fmt.Errorf("null move: margins must be 0 or more")
		}
	}
	for _, m := range s.Reductions.Margins {
		if m < 0 {
			return fmt.Errorf("reductions: margins must be 0 or more")
		}
	}
	for _, m := range s.Futility.Margins {
		if m < 0 {
			return fmt.Errorf("futility: margins must be 0 or more")
		}
	}
	for _, m := range s.Razoring.Margins {
		if m < 0 {
			return fmt.Errorf("razoring: margins must be 0 or more")
		}
	}
	if s.Quiescence.MaxDepth < 0 {
		return fmt.Errorf("quiescence: the depth cap must be 0 (none) or more")
	}
	if s.Extensions.Limit < 0 {
		return fmt.Errorf("extensions: the limit per line must be 0 or more")
	}
	return nil
}

// Describe lists the techniques that are on with their parameters, one
// string each, for the trace's start event and the headers.
func (s *Selective) Describe(format func(int64) string) []string {
	var out []string
	if n := s.Null; n.On {
		d := "null move R=" + strconv.Itoa(n.R)
		if n.DeepFrom > 0 && n.RDeep != n.R {
			d += fmt.Sprintf(" (R=%d above depth %d)", n.RDeep, n.DeepFrom)
		}
		if n.Window == NullFull {
			d += ", full window"
		} else {
			d += ", zero window"
		}
		var cond []string
		if n.NoCapture {
			cond = append(cond, "not after a capture")
		}
		if n.NotExtended {
			cond = append(cond, "not extended")
		}
		if n.EvalAbove {
			cond = append(cond, "eval - "+format(n.Margin)+" ≥ β")
		}
		if n.MinPly > 0 {
			cond = append(cond, fmt.Sprintf("ply ≥ %d", n.MinPly))
		}
		if n.Once == OncePerLine {
			cond = append(cond, "once per line")
		} else {
			cond = append(cond, "not twice in a row")
		}
		if n.Pieces {
			cond = append(cond, "not with king and pawns only")
		}
		d += ", if " + strings.Join(cond, ", ")
		if n.Threat {
			d += ", threat detection (margin " + format(n.ThreatMargin)
			if n.ThreatRule == ThreatAny {
				d += ", any capture)"
			} else {
				d += ", captures by the piece that moved)"
			}
		}
		if n.Verify {
			d += ", verified"
		}
		out = append(out, d)
	}
	if r := s.Reductions; r.On {
		d := "reductions (check keeps depth, capture -1, quiet not improving α -2, margins " + margins(r.Margins, format)
		if len(r.Margins) > 0 {
			d += " and the last deeper"
		}
		if r.MateGuard {
			d += "; mate guard"
		}
		if r.AfterAttack {
			d += "; not after an attack until material is restored"
		}
		out = append(out, d+")")
	}
	if f := s.Futility; f.On {
		out = append(out, "futility margins "+margins(f.Margins, format))
	}
	if r := s.Razoring; r.On {
		out = append(out, "razoring margins "+margins(r.Margins, format))
	}
	if q := s.Quiescence; q.On {
		if q.MaxDepth > 0 {
			out = append(out, fmt.Sprintf("quiescence (captures and promotions, %d plies at most)", q.MaxDepth))
		} else {
			out = append(out, "quiescence (captures and promotions)")
		}
	}
	if e := s.Extensions; e.On {
		var what []string
		if e.Check {
			what = append(what, "check")
		}
		if e.Recapture {
			what = append(what, "recapture")
		}
		if e.Promotion {
			what = append(what, "promotion")
		}
		out = append(out, fmt.Sprintf("extensions (%s; %d per line)", strings.Join(what, ", "), e.Limit))
	}
	return out
}

func margins(ms []int64, format func(int64) string) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = format(m)
	}
	return strings.Join(parts, ",") + " by remaining depth 1.." + strconv.Itoa(len(ms))
}
