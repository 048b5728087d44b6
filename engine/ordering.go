package engine

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"slices"
	"strings"
)

// Move ordering: the order in which a node searches its moves.
//
// Alpha-beta prunes most when the best move comes first: on best-ordered
// trees it searches exactly the minimal tree of Knuth and Moore. Real programs
// guess the order from what they know, each guess a switch here:
//   - TT: the best move the transposition table remembers for this position;
//   - Captures: captures (and promotions), most valuable victim first and,
//     among equal victims, least valuable attacker first (MVV-LVA);
//   - Killers: the two quiet moves that last caused a cutoff at the same ply
//     (a refutation often refutes the neighbours too);
//   - History: quiet moves that caused cutoffs anywhere, weighted by the
//     depth of the cutoff.
// The rest keep their generation order. The ordering scores the list when
// the node starts and the loop picks the next best move as it goes (a node
// cut by its first moves never sorts the rest); the loop that searches it is
// the same for every ordering.

// Ordering selects the move ordering heuristics.
type Ordering struct {
	TT, Captures, Killers, History bool
}

// Any reports whether any ordering is on.
func (o Ordering) Any() bool { return o.TT || o.Captures || o.Killers || o.History }

var orderTechnique = technique{
	name: "order", family: IterativeFamily,
	on: func(o *Options) bool { return o.Order.Any() },
	// All four; the table's move when the table is on.
	switchOn: func(o *Options) { o.Order = Ordering{TT: o.TT.On, Captures: true, Killers: true, History: true} },
	describe: func(o *Options, _ func(int64) string) string {
		r := o.Order
		what := saying(said{r.TT, "the table's move"}, said{r.Captures, "captures (most valuable victim first)"},
			said{r.Killers, "killers"}, said{r.History, "history"})
		return "move ordering: " + strings.Join(what, ", ")
	},
	params: []Param{
		{Name: "order", Kind: TextParam, Usage: "move ordering, a list of: tt (the table's move), captures (most valuable victim first), killers, history; or all"},
	},
	// --order LIST sets the orderings, over a spec's +order (all four);
	// the transposition table is on or off by then (tt comes first in the
	// table of techniques).
	apply: func(o *Options, g Given) error {
		if !g.Changed("order") {
			if o.Order.Any() && o.TT.On {
				o.Order.TT = true // +order: the table's move first when the table is on
			}
			return nil
		}
		var ord Ordering
		for _, name := range strings.Split(g.Text("order"), ",") {
			switch strings.TrimSpace(name) {
			case "":
			case "tt":
				if !o.TT.On {
					return i18n.Error("--order tt: the table's move needs the table: add --tt (or +tt to the spec)")
				}
				ord.TT = true
			case "captures", "mvv-lva":
				ord.Captures = true
			case "killers":
				ord.Killers = true
			case "history":
				ord.History = true
			case "all":
				ord = Ordering{TT: o.TT.On, Captures: true, Killers: true, History: true}
			default:
				return i18n.Errorf("--order: %q is not tt, captures, killers, history or all", name)
			}
		}
		o.Order = ord
		return nil
	},
}

// Ordering scores, highest first.
const (
	scoreFirst   = 1<<31 - 1 // internal iterative deepening's move (iid.go)
	scoreTT      = 1 << 30
	scoreCapture = 1 << 26
	scoreKiller  = 1 << 24
	historyMax   = 1<<24 - 1 // history never outranks a killer
)

// historyIndex maps a move to a slot of the history table. Chess moves keep
// their from and to squares in the low 12 bits; other games' moves are small.
func historyIndex(m Move) int { return int(m & 4095) }

// order sorts the moves of the node at ply, best guess first.
func (s *searcher) order(ply int, moves []Move, ttMove Move, hasTT bool) {
	s.scoreMoves(ply, moves, ttMove, hasTT)
	sortFrom(moves, s.scores[ply][:len(moves)], 0)
}

// orderFirst scores the moves of the node at ply and brings the best first;
// the node picks the others as it goes (pick). first, when has, is internal
// iterative deepening's move, which goes before any other.
func (s *searcher) orderFirst(ply int, moves []Move, ttMove Move, hasTT bool, first Move, has bool) {
	b := s.scoreMoves(ply, moves, ttMove, hasTT)
	scores := s.scores[ply][:len(moves)]
	if has {
		if i := slices.Index(moves, first); i >= 0 {
			scores[i], b = scoreFirst, i
		}
	}
	toFront(moves, scores, b)
}

// scoreMoves gives each move of the node at ply its ordering score, in
// s.scores[ply]: what the node knows of it when it starts. The node then picks
// its moves one at a time (pick), best score first, so that a node cut by
// its first moves never orders the rest; the order is the one a stable sort
// of the scores makes. It returns the index of the first best-scored move.
func (s *searcher) scoreMoves(ply int, moves []Move, ttMove Move, hasTT bool) (best int) {
	o := &s.opt.Order
	if len(moves) > len(s.scores[ply]) { // the ply's first ordering, or a toy-tree node wider than any chess position
		s.scores[ply] = make([]int32, max(len(moves), maxMoves))
	}
	scores := s.scores[ply][:len(moves)]
	side := 0
	if !s.stack[ply].max {
		side = 1
	}
	k := &s.killers[ply]
	// Captures first, scored by the game in one call where it can
	// (CaptureScorer), else move by move; then one pass that gives every
	// other move its killer or history score, the table's move its own,
	// and finds the best.
	s.scoreCaptures(moves, scores)
	history, tt := o.History, o.TT && hasTT
	var h *[4096]int32
	if history {
		h = &s.history[side]
	}
	k0, k1 := o.Killers && k.has[0], o.Killers && k.has[1]
	top := int32(-1)
	for i, m := range moves {
		sc := scores[i]
		switch {
		case tt && m == ttMove:
			sc = scoreTT
		case sc >= 0:
			sc += scoreCapture
		case k0 && m == k.move[0]:
			sc = scoreKiller + 1
		case k1 && m == k.move[1]:
			sc = scoreKiller
		case history:
			sc = h[historyIndex(m)] // never above historyMax (rememberCutoff)
		default:
			sc = 0
		}
		scores[i] = sc
		if sc > top {
			top, best = sc, i
		}
	}
	return best
}

// scoreCaptures sets scores[i] to the capture score of moves[i] (most
// valuable victim first, least valuable attacker first; 0 where the game
// values no pieces) when the ordering orders captures and moves[i] is a
// capture or a promotion, else to −1: CaptureScorer's contract.
func (s *searcher) scoreCaptures(moves []Move, scores []int32) {
	switch {
	case !s.opt.Order.Captures:
		for i := range scores {
			scores[i] = -1
		}
	case s.capScorer != nil:
		s.capScorer.ScoreCaptures(moves, scores)
	default:
		for i, m := range moves {
			switch {
			case !s.isCapture(m) && !s.isPromotion(m):
				scores[i] = -1
			case s.values != nil:
				scores[i] = int32(s.values.Victim(m)*64 - s.values.Attacker(m)/16)
			default:
				scores[i] = 0
			}
		}
	}
}

// pickFirst is how many moves a node picks one at a time before it sorts
// the rest: a node cut at all is mostly cut by its first moves (the table's
// move, a good capture), and one that searched that many most often searches
// every move, which one insertion sort orders in less time than picking.
const pickFirst = 3

// pick brings the best-scored of moves[i:] to index i: the first of the
// highest score, the others keeping their order, as a stable sort would
// leave them.
func pick(moves []Move, scores []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if scores[j] > scores[b] {
			b = j
		}
	}
	toFront(moves[i:], scores[i:], b-i)
}

// toFront moves moves[b] (and its score) to the front, the ones before it
// one place on.
func toFront(moves []Move, scores []int32, b int) {
	if b == 0 {
		return
	}
	m, sc := moves[b], scores[b]
	copy(moves[1:b+1], moves[:b])
	copy(scores[1:b+1], scores[:b])
	moves[0], scores[0] = m, sc
}

// sortFrom sorts moves[from:] by score, highest first; moves of equal score
// keep their order (insertion sort, stable).
func sortFrom(moves []Move, scores []int32, from int) {
	for i := from + 1; i < len(moves); i++ {
		m, sc := moves[i], scores[i]
		j := i
		for j > from && scores[j-1] < sc {
			moves[j], scores[j] = moves[j-1], scores[j-1]
			j--
		}
		moves[j], scores[j] = m, sc
	}
}

// killers are the two quiet moves that last caused a cutoff at a ply.
type killers struct {
	move [2]Move
	has  [2]bool
}

// rememberCutoff teaches the killer and history tables that the quiet move m
// caused a cutoff at ply with depth left.
func (s *searcher) rememberCutoff(ply, depth int, m Move) {
	o := &s.opt.Order
	if o.Killers {
		k := &s.killers[ply]
		if !(k.has[0] && k.move[0] == m) {
			k.move[1], k.has[1] = k.move[0], k.has[0]
			k.move[0], k.has[0] = m, true
		}
	}
	if o.History {
		side := 0
		if !s.stack[ply].max {
			side = 1
		}
		h := &s.history[side][historyIndex(m)]
		*h = min(*h+int32(depth*depth), historyMax)
	}
}
