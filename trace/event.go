// Package trace is the event vocabulary a search speaks while it runs and the
// hook it speaks through. The values in events (infinity, bounds, numbers)
// are internal/score's; the recorder that rebuilds the searched tree from the
// events is trace/record; every sentence is trace/explain's.
//
// Payloads carry plain strings,
// integers and ids, so nothing here knows a game or an engine type: a search fills
// in an Event, and sinks (text, JSON Lines, DOT, the step-through player) turn the
// stream into something a person reads.
//
// Hooks follow net/http/httptrace: a struct of optional funcs, nil-checked at the
// call site, with the payload built only inside the check, so a search nobody
// listens to pays nothing for tracing.
//
// The vocabulary is a table of kinds (kinds.go): for each kind its JSON name,
// whether and how it is counted, its typed reasons (reason.go), the node it
// is about, how sinks treat it (cuts, silent, restarts, depth changes, tone)
// and the id of the sentence that tells it. Sinks look a kind up there rather
// than switching on it. A new technique's event kind is:
//
//   - a Kind constant and its row in the table (kinds.go), with its reasons
//     as constants (reason.go);
//   - its sentence, claims and note in trace/explain (events.go), under a
//     new SentenceID;
//
// No sink (text, jsonl, dot, table, diff, step, the recorder) needs an edit:
// the recorder keeps the new kind's events as marks on their nodes
// (record.Node.Marks), which diagrams draw as notes and diff compares. The
// older techniques have keep funcs (trace/record) and drawings of their own
// in trace/dot; a new one may grow the same, as an option.
package trace

import (
	"time"

	"github.com/prunescope/prunescope/internal/score"
)

// Event is one thing that happened in a search. Which fields apply depends on the
// kind; Has tells which of the optional ones are set. All values and windows are
// from MAX's point of view and in the game's raw integer units (see Info.Scale).
type Event struct {
	Seq    int64
	Kind   Kind
	Node   int64  // id of the node the event is about; the root is 0, ids grow with each visit
	Parent int64  // id of the parent node (Has&HasParent)
	Path   string // node name for toy trees, moves from the root joined by spaces for games
	Ply    int    // distance from the root
	Depth  int    // remaining depth

	Has   Field
	Alpha int64 // window, HasWindow
	Beta  int64
	Value int64       // HasValue
	Bound score.Bound // exit: exact, lower or upper, by the textbook rule (see BoundOf)
	// Proved marks an exit whose value the searched children prove exact
	// although the textbook rule calls it a bound (a value at or beyond
	// the window's edge with every move searched). An extra mark: Bound is
	// never changed by it.
	Proved bool

	Max bool // enter: MAX is to move at this node
	// Chance: the node is a chance node (a toy tree's [chance]): nobody
	// moves there, its value is its children's average weighted by their
	// probabilities. Max is then the player who moves after the chance
	// event. Set on every event about the node.
	Chance bool
	// PNum/PDen is, on the enter event of a chance node's child, its
	// probability (a reduced fraction); PDen is 0 on every other event.
	PNum, PDen int64
	To         int   // reduce, extend, razor, null_try: the depth the move or node is searched with (HasTo)
	Margin     int64 // futility, razor, null_try, null_skip: the margin of the test (HasMargin)
	Ref        int64 // tt_hit: the node whose search stored the entry (HasRef)
	// CutAlpha and CutBeta are a cutoff's window at the moment of the cut
	// (HasCut): the entry window with alpha (at a MAX node) or beta (at a MIN
	// node) moved by the moves searched before the cut. Alpha and Beta keep
	// the window the node was entered with.
	CutAlpha, CutBeta int64
	// RefPath is the name of the node Ref ("root" for the root), when a sink knows it (see
	// RefNames); the engine leaves it empty and traces do not carry it.
	RefPath string
	Pass    int // window: the pass of the root search, from 1
	// Lower and Upper are MTD(f)'s interval after a window pass (HasInterval):
	// the true value lies in [Lower, Upper].
	Lower, Upper int64
	Elapsed      time.Duration // iter: time since the search began
	Move         string        // label of the move into the node (enter) or of the move concerned
	Reason       string        // short machine-readable reason (cutoff: "alpha" or "beta")
	Detail       string        // one human sentence or a parameter list

	Pruned     []string   // cutoff: labels of the moves not searched
	Unsearched []*Subtree // cutoff: the pruned subtrees, when the game knows them (toy trees)

	Info    *Info    // start only
	Summary *Summary // done only
}

// Field is a bit set of optional Event fields.
type Field uint16

const (
	HasParent Field = 1 << iota
	HasWindow
	HasValue
	HasTo
	HasMargin
	HasRef
	HasInterval
	HasCut
)

// Subtree describes a part of a known game tree that was never searched, so a
// diagram can draw it greyed out. Value is set for leaves only. A large
// subtree is described only to some depth: Below counts the nodes under this
// one that are not described.
type Subtree struct {
	Move   string
	Path   string
	Max    bool
	Chance bool // a chance node: its value is its children's weighted average
	// PNum/PDen: the probability of this child of a chance node (PDen 0 else).
	PNum, PDen int64
	Leaf       bool
	Value      int64
	Below      int
	Children   []*Subtree
}

// Count returns the number of nodes in the subtree, itself and the nodes only
// counted in Below included.
func (s *Subtree) Count() int {
	n := 1 + s.Below
	for _, c := range s.Children {
		n += c.Count()
	}
	return n
}

// Info describes a run: what was searched and under which conventions. It is
// carried by the start event so a saved trace can be drawn or replayed later.
type Info struct {
	Game   string // "tree", "chess", "tictactoe"
	Input  string // built-in name, file name, FEN or board
	Algo   string // "minimax", "negamax", "branch-bound", "alphabeta", ...
	Fail   string // "hard", "soft" or "f2"; "" where it does not apply
	Cutoff string // "ge" or "gt"; "" where it does not apply
	Root   string // "max" or "min": the player at the root
	Scale  int64  // raw values are divided by Scale for display: 1 or 100, or finer for chance nodes' averages
	Mate   int64  // values at or beyond Mate-1000 in magnitude are mate scores; 0: none
	Unit   string // "cp" for centipawns, "" for plain numbers
	Depth  int    // depth limit of the run
	// MaxName and MinName name the players ("White", "X"), "" when the game
	// has no names for them.
	MaxName, MinName string
	// Order is "rtl" when a toy tree's children were searched right to left
	// (the last written first), "" when in the order written: a drawing
	// then lays them out as written and numbers the visits.
	Order string
	// Bounds are the least and the greatest value every position may take
	// (Alpha and Beta), when given: what Star1 and Star2 prune chance
	// nodes with.
	Bounds *Span
	// Options lists the selective-search toggles that are on, with their parameters.
	Options []string
	// RootWindow is the window given for the root (--window), searched once
	// without re-search; nil when the root is searched with (-∞, +∞) or a
	// window the algorithm chooses (aspiration, MTD(f)'s passes).
	RootWindow *Span
	// NodesOnly says the trace tells only the nodes a search entered and
	// the values they returned (a search of a student's own, read from its
	// minimal trace: lessons/student): no windows, no bounds, no cutoffs,
	// nothing of a technique. Its counts of the other kinds are then not
	// known, and no surface says them; Algo names the search in words.
	NodesOnly bool
	// Lang is the language the words about the search are written in: en
	// (or ""), ru or cs (internal/i18n). It is the reader's choice, not the
	// search's: no trace file records it.
	Lang string
}

// Span is a window (Alpha, Beta), MAX's view, each edge finite or ±∞.
type Span struct {
	Alpha, Beta int64
}

// Summary is the result of a run, carried by the done event.
type Summary struct {
	// Value is the root's value; the done event has it (HasValue) unless the
	// search stopped before any result.
	Value int64
	// Bound is Upper or Lower when Value is a bound, not the root's exact
	// value: the root was searched with a given window (Info.RootWindow) and
	// its value fell outside it; NoBound when exact. Proved marks a bound
	// the searched moves prove exact all the same. The done event carries
	// both as its own Bound and Proved, and the window as its Alpha, Beta.
	Bound  score.Bound
	Proved bool
	// Best is the best root move; empty when the search stopped without
	// one, or failed low on a given window (no move is known best). After
	// a fail high it is the move that reached the window's edge.
	Best   string
	PV     []string
	Nodes  int64
	Leaves int64
	Counts [NumKinds]int64 // events of each kind
	// Cuts counts what the cut tests did under the conventions answer keys
	// differ on; nil when a trace read back does not carry them.
	Cuts *Cuts
	// Iter is an iter event's own work: the nodes and leaves of its
	// iteration alone, where Nodes and Leaves are all iterations' so far;
	// nil when a trace read back does not carry it.
	Iter *Work
	// Stopped says why the search ended before its depth limit ("node
	// limit", "time limit", "interrupted"); "" when it finished.
	Stopped string
}

// Work is the nodes entered and the leaves evaluated by a part of a search.
type Work struct {
	Nodes, Leaves int64
}

// Cuts counts the cut tests of a search that fired and what they left
// unsearched, summed over every cut (a node cut in two iterations is counted
// twice, as nodes count each visit). A cut test that fires on a node's last
// move leaves nothing to prune and makes no cutoff event: it is counted in
// OnLast only, so the cutoffs counting it are Counts[Cutoff] + OnLast.
type Cuts struct {
	OnLast int64 // cut tests that fired on the last move of their node
	// Edges counts the moves left unsearched at the cut nodes (the pruned
	// branches of AIMA's figures): the edges from a cut node into a child
	// never searched, not the edges below that child.
	Edges int64
	// Leaves and Inner count the nodes of the never-searched subtrees, the
	// child at the cut included, as the game tree is written (below the
	// depth limit too); only when Known (the game knows its tree). Every
	// such node has one edge into it, so the edges of the pruned subtrees,
	// those below the cut included, are Leaves + Inner.
	Leaves, Inner int64
	Known         bool
}

// Hooks receives the events of a search. A nil *Hooks, or a nil Event func, means
// the search is not traced and costs nothing extra.
type Hooks struct {
	// Event is called for every event in order. The event is owned by the caller
	// only for the duration of the call: a sink that keeps it must copy it.
	Event func(e *Event)
}

// Tee returns hooks that pass every event to each of hs in turn (nil entries are
// skipped). It returns nil when no hook listens.
func Tee(hs ...*Hooks) *Hooks {
	var live []func(*Event)
	for _, h := range hs {
		if h != nil && h.Event != nil {
			live = append(live, h.Event)
		}
	}
	switch len(live) {
	case 0:
		return nil
	case 1:
		return &Hooks{Event: live[0]}
	}
	return &Hooks{Event: func(e *Event) {
		for _, f := range live {
			f(e)
		}
	}}
}
