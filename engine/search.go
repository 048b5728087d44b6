package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Result is what a search found. Values are from MAX's point of view.
type Result struct {
	Value int64
	// Bound is what Value is when the root was searched with a given window
	// (Options.Window) and the value fell outside it: Upper (at most Value)
	// or Lower (at least Value), by the textbook rule, MAX's view; NoBound
	// when Value is exact. Proved marks a bound the searched moves prove
	// exact all the same (as an exit's Proved mark). When the side to move
	// failed low, unproved, no move is known best: Best and PV are empty.
	Bound     score.Bound
	Proved    bool
	Best      Move // best root move, valid when HasBest
	HasBest   bool
	BestLabel string
	PV        []Move
	PVLabels  []string
	Nodes     int64 // positions entered, root and leaves included, each visit counted
	Leaves    int64 // static or terminal evaluations used (leaf and stand_pat events)
	Counts    [trace.NumKinds]int64
	Cuts      trace.Cuts // cut tests on a last move, and what the cutoffs left unsearched

	// Iterative deepening: the completed iterations, why the search stopped
	// before its depth limit (Finished when it did not), and a move that took
	// the lead in the iteration that did not finish.
	Iterations []Iteration
	Stopped    Stop
	Unfinished *Lead
}

// Cutoffs is the number of nodes that left moves unsearched.
func (r *Result) Cutoffs() int64 { return r.Counts[trace.Cutoff] }

// ErrNodeLimit is returned when Limits.Nodes stops a search before it finished.
var ErrNodeLimit = i18n.Error("node limit reached before the search finished")

// ErrTraceLimit is the cause a caller gives when it cancels the context
// because the trace it writes reached the size it allows
// (context.WithCancelCause): the search stops as at a node limit, its done
// event saying "trace limit", and Search returns ErrTraceLimit.
var ErrTraceLimit = i18n.Error("trace size limit reached before the search finished")

// NoEvalError reports a node where the depth limit ends the search but the
// position has no static evaluation to use (a toy-tree inner node without an
// eval annotation). It is an input error: the tree lacks what the depth needs.
type NoEvalError struct {
	Path  string // node name, "root" for the root
	Depth int    // the depth limit of the search
	// IID: the line was ended by internal iterative deepening's shallower
	// search, to depth IIDDepth at the node IIDAt (iid.go), not by the
	// depth limit.
	IID      bool
	IIDAt    string
	IIDDepth int
}

func (e *NoEvalError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *NoEvalError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *NoEvalError) err() error {
	if e.IID {
		return i18n.Errorf("node %s: internal iterative deepening searches %s to depth %d first, which ends the line here, but the node has no static evaluation (annotate it [eval=N] or search without iid)", e.Path, e.IIDAt, e.IIDDepth)
	}
	return i18n.Errorf("node %s: depth %d ends the search here but the node has no static evaluation (annotate it [eval=N] or search deeper)", e.Path, e.Depth)
}

// Search runs the algorithm chosen in opt on pos to the depth in lim and
// returns the root value, best move and principal variation. Each event of the
// search goes to hooks; nil hooks make tracing free. pos is restored before
// Search returns. Cancelling ctx stops the search with ctx's error; with
// iterative deepening, a stop (ctx, time or node limit) after the first
// iteration returns the last completed iteration, with Stopped saying why.
func Search(ctx context.Context, pos Position, lim Limits, opt Options, hooks *trace.Hooks) (Result, error) {
	if err := Check(lim, opt); err != nil {
		return Result{}, err
	}
	if err := CheckTurns(pos, opt); err != nil {
		return Result{}, err
	}
	if err := CheckChance(pos, opt); err != nil {
		return Result{}, err
	}
	if lim.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, lim.Time)
		defer cancel()
	}
	if opt.Algo == MTDF {
		opt.Fail = FailSoft // see mtdf.go
	}
	s := newSearcher(ctx, pos, lim, opt, hooks)
	if s.tt != nil {
		defer s.tt.release()
	}
	s.start()
	var res Result
	if opt.Iterative {
		var err error
		if res, err = s.iterate(); err != nil {
			s.doneWithout(err)
			return Result{}, err
		}
	} else {
		s.iteration = lim.Depth
		v, _ := s.rootSearch(lim.Depth, 0, 0, false)
		if s.err != nil {
			s.doneWithout(s.err)
			return Result{}, s.err
		}
		res = s.result(view(s.stack[0].max, v))
		s.outside(&res)
	}
	s.done(&res)
	return res, nil
}

// IsStop reports whether err is a search stopped before it had a result:
// by the node limit, the time limit, the trace limit or an interruption
// (the context).
func IsStop(err error) bool {
	return errors.Is(err, ErrNodeLimit) || errors.Is(err, ErrTraceLimit) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// doneWithout closes the trace of a search stopped before it had a result:
// a done event without a value, best move or PV, with the counts as far as
// the search went and why it stopped. Other errors (a tree without the
// evaluation its depth needs) are input errors, not stops: no done event.
func (s *searcher) doneWithout(err error) {
	if !IsStop(err) || !s.on(trace.Done) {
		return
	}
	e := s.event(trace.Done, 0, s.lim.Depth)
	e.Summary = &trace.Summary{
		Nodes: s.counts[trace.Enter], Leaves: s.counts[trace.Leaf] + s.counts[trace.StandPat],
		Counts: s.counts, Cuts: s.cutCounts(), Stopped: stopReason(err).String(),
	}
	s.emit(e)
}

// OptionsError reports options or limits that do not go together: a usage
// error, found before any search. Rule names the rule broken, for callers
// that word it in their own terms (a command names its flags).
type OptionsError struct {
	Msg  string
	Rule Rule
	msg  error // Msg, to say in another language
}

func (e *OptionsError) Error() string { return e.Msg }

// TranslateError is Error in p's language.
func (e *OptionsError) TranslateError(p *i18n.Printer) string { return p.Error(e.msg) }

func optionsError(rule Rule, msg error) *OptionsError {
	return &OptionsError{Msg: msg.Error(), Rule: rule, msg: msg}
}

// Rule names a rule between options that Check enforces.
type Rule uint8

const (
	RuleOther Rule = iota
	// RuleWindowed: the selective techniques, the transposition table and
	// move ordering need an algorithm with a window (alpha-beta, PVS,
	// MTD(f)).
	RuleWindowed
	// RuleRootWindow: a window given for the root (Options.Window) needs an
	// algorithm with a window, one search of the root, and edges in order.
	RuleRootWindow
)

// Check rejects limits and options that do not go together, as Search does
// before it starts, with an *OptionsError.
func Check(lim Limits, opt Options) error {
	if needsWindow(opt) {
		msg := i18n.Errorf("%s: the transposition table and move ordering work with alpha-beta, PVS and MTD(f)", opt.Algo)
		if opt.Sel.Any() {
			msg = i18n.Errorf("%s: the selective techniques (%w) work with alpha-beta, PVS and MTD(f)", opt.Algo, techniqueList{})
		}
		return optionsError(RuleWindowed, msg)
	}
	if err := checkWindow(opt); err != nil {
		return optionsError(RuleRootWindow, err)
	}
	if err := checkOptions(lim, opt); err != nil {
		return optionsError(RuleOther, err)
	}
	return nil
}

// checkWindow rejects a root window the options cannot search with.
func checkWindow(opt Options) error {
	w := opt.Window
	switch {
	case !w.On:
		return nil
	case w.Lo >= w.Hi || !score.Sane(w.Lo) || !score.Sane(w.Hi):
		return i18n.Errorf("the window's lower edge must be below its upper edge, each a number or ±∞")
	case opt.Algo < numAlgos && !opt.Algo.windowed():
		return i18n.Errorf("%s searches without a window; a root window needs alphabeta, pvs or mtdf", opt.Algo)
	case opt.Aspiration.Width > 0:
		return i18n.Errorf("aspiration windows choose the root's window themselves; give a window or aspiration, not both")
	case opt.Iterative:
		return i18n.Errorf("the root is searched once with the window given; iterative deepening searches it once per depth (search without --iterative)")
	}
	return nil
}

// CheckTurns rejects, with an *OptionsError, the options that cannot search
// a game where some move keeps the turn with the same player (Turns): the
// selective techniques and the transposition table. The null move passes
// the turn by definition, quiescence and the other techniques reason about
// "the opponent's reply", and the table's entries would need the player too;
// the plain searches and move ordering are exact on such games.
func CheckTurns(pos Position, opt Options) error {
	t, ok := pos.(Turns)
	if !ok || t.Alternates() {
		return nil
	}
	switch {
	case opt.Sel.Any():
		return optionsError(RuleOther, i18n.Error("the tree has a node with the same player as its parent ([max] or [min] marks): the selective techniques assume the players alternate; search it without them"))
	case opt.TT.On:
		return optionsError(RuleOther, i18n.Error("the tree has a node with the same player as its parent ([max] or [min] marks): the transposition table assumes the players alternate; search it without the table"))
	}
	return nil
}

// CheckChance rejects, with an *OptionsError, an algorithm that cannot search
// the game's chance nodes (every one but expectimax, Star1 and Star2), Star1
// and Star2 on a game without the Chance interface, and bounds that some
// value of the game lies outside.
func CheckChance(pos Position, opt Options) error {
	c, ok := pos.(Chance)
	switch {
	case ok && c.HasChance() && !opt.Algo.ForChance():
		return optionsError(RuleOther, i18n.Errorf("%s: the tree has chance nodes ([chance]), whose value is an average: a minimax search takes no averages and alpha-beta's cutoffs assume none; search it with --algo expectimax, star1 or star2", opt.Algo))
	case opt.Algo.Star() && !ok:
		return optionsError(RuleOther, i18n.Errorf("%s: Ballard's algorithms search toy trees here (a game with chance nodes)", opt.Algo))
	case opt.Bounds.On && ok:
		lo, hi := c.ValueRange()
		if lo < opt.Bounds.Lo || hi > opt.Bounds.Hi {
			f := func(v int64) string { return score.Number(v, max(pos.Game().Scale, 1), 0) }
			return optionsError(RuleOther, i18n.Errorf("bounds %s, %s: the tree's values run from %s to %s, so these are no bounds on them", f(opt.Bounds.Lo), f(opt.Bounds.Hi), f(lo), f(hi)))
		}
	}
	return nil
}

// needsWindow reports options that need an algorithm with a window under
// one without (RuleWindowed).
func needsWindow(opt Options) bool {
	return (opt.Sel.Any() || opt.TT.On || opt.Order.Any()) && opt.Algo < numAlgos && !opt.Algo.windowed()
}

func checkOptions(lim Limits, opt Options) error {
	switch {
	case lim.Depth < 0:
		return i18n.Errorf("depth %d: must be 0 or more", lim.Depth)
	case lim.Depth > MaxDepth:
		return i18n.Errorf("depth %d: must be at most %d", lim.Depth, MaxDepth)
	case lim.Nodes < 0:
		return i18n.Errorf("node limit %d: must be 0 (none) or more", lim.Nodes)
	case lim.Time < 0:
		return i18n.Errorf("time limit %s: must be 0 (none) or more", lim.Time)
	case opt.Algo >= numAlgos:
		return i18n.Errorf("unknown algorithm %d", opt.Algo)
	case opt.Order.TT && !opt.TT.On:
		return i18n.Errorf("ordering by the transposition table's move needs the transposition table")
	case opt.TT.Cutoffs && !opt.TT.On:
		return i18n.Errorf("transposition-table cutoffs need the transposition table")
	case opt.Cutoff == CutGT && (opt.Algo == PVS || opt.Algo == MTDF || opt.Aspiration.Width > 0):
		// Not because they could not cut: a zero window (m, m+1) cuts under
		// gt on any value above m+1. The papers define them with ≥.
		what := opt.Algo.String()
		if opt.Algo == AlphaBeta {
			what = "aspiration"
		}
		return i18n.Errorf("%s: PVS, MTD(f) and aspiration windows are defined, in the papers that introduce them, with the cutoff on ties (≥ β); prunescope runs them under --cutoff ge only", what)
	case opt.Algo.Star() && !opt.Bounds.On:
		return i18n.Errorf("%s: Ballard's %s prunes chance nodes with bounds on every value: give them (--bounds LO,HI)", opt.Algo, opt.Algo)
	case opt.Bounds.On && !opt.Algo.ForChance():
		return i18n.Errorf("%s: bounds on every value are for star1 and star2, which prune chance nodes with them (expectimax takes them too, and prunes nothing)", opt.Algo)
	case opt.Bounds.On && opt.Bounds.Lo >= opt.Bounds.Hi:
		return i18n.Errorf("bounds: the lower bound must be below the upper")
	case opt.Algo.Star() && opt.Fail == FailF2:
		return i18n.Errorf("%s: Ballard's algorithms run fail-hard or fail-soft (--fail hard or soft)", opt.Algo)
	case opt.Algo.Star() && opt.Cutoff == CutGT:
		return i18n.Errorf("%s: Ballard defines the cut on ties (the interval at or beyond the window's edge); prunescope runs it under --cutoff ge only", opt.Algo)
	case opt.Algo.ForChance() && (opt.Iterative || opt.HasGuess):
		return i18n.Errorf("%s: searches trees with chance nodes at one depth (no iterative deepening or guess)", opt.Algo)
	case opt.Aspiration.Width > 0 && !(opt.Algo == AlphaBeta || opt.Algo == PVS):
		return i18n.Errorf("%s: aspiration windows work with alpha-beta and PVS", opt.Algo)
	case opt.Aspiration.Width > 0 && !opt.Iterative && !opt.HasGuess:
		return i18n.Errorf("aspiration windows need a value to centre on: search iteratively or give a guess")
	}
	return opt.checkTechniques() // each technique's parameters
}

// searcher holds the state of one search. Everything a node needs is kept
// per ply and allocated the first time a line reaches that ply (a few plies
// are allocated up front), so an untraced search allocates nothing per node,
// and its memory follows the deepest line searched, not the depth asked for.
type searcher struct {
	ctx       context.Context
	pos       Position
	lim       Limits
	opt       Options
	hook      func(*trace.Event) // nil: untraced
	namer     Namer              // nil unless the position names its nodes
	pass      Passer             // nil unless the side to move may pass
	tact      Tactical           // nil unless the game has captures and checks
	values    CaptureValuer      // nil unless the game values its captures
	capScorer CaptureScorer      // nil unless the game scores its captures in one call
	desc      SubtreeDescriber   // nil unless the position knows unsearched subtrees
	turns     Turns              // nil unless some move keeps the turn with the same player
	count     SubtreeCounter     // nil unless the position can count unsearched subtrees
	chance    Chance             // nil unless the game has chance nodes
	lows      [][]int64          // Star2's probe bounds by ply
	probed    [][]bool           // the children Star2's probes entered, by ply
	rest      []Move             // a chance cut's unsearched moves (reused)
	cuts      trace.Cuts         // what the cut tests did, traced or not

	seq    int64
	ev     trace.Event // reused for every event: hooks copy what they keep
	counts [trace.NumKinds]int64
	stack  []*frame // by ply; frames never move, so a node may hold its own across its children's growth of the stack
	moves  [][]Move
	pv     [][]Move
	pvLen  []int

	mate      int64 // the game's mate score, 0 when it has none
	selective bool  // some selective technique is on
	// threatening: the null move's threat test is searching the mover's
	// captures after the pass (nullmove.go): quiescence plays captures only
	// there, no quiet promotion.
	threatening bool

	tt        *table           // nil when off
	ttNode    map[uint64]int64 // traced runs: the node that stored each key
	ordering  bool             // some move ordering is on
	scores    [][]int32        // ordering scores by ply
	killers   []killers        // killer moves by ply
	history   *[2][4096]int32  // history counts by side and move (nil unless the history heuristic is on)
	keepRoot  bool             // the root's move order carries over between iterations
	rootOrder []Move           // the root moves in their current order
	iteration int              // the depth of the current iteration
	lead      *Lead            // a move that took the lead in the current iteration
	began     time.Time
	progress  func(Iteration)
	onPass    func(*trace.Event)

	// The textbook bound of the root's last exit and what is known of its
	// value (side to move's view): a root window's outcome (outside).
	rootBound, rootKnown score.Bound

	err       error // why the search stopped early
	abort     bool  // unwind now
	nextCheck int64 // node count at which the context is checked again
}

// frame is what the searcher keeps about each node on the current line.
type frame struct {
	max bool // MAX is to move here (at a chance node: moves after it)
	// chance: a chance node; probe: entered for a Star2 probe; pnum/pden:
	// the node's probability as a child of a chance node (pden 0 else),
	// over the node's common denominator.
	chance, probe bool
	pnum, pden    int64
	id            int64 // node id: the visit number
	path          string
	move          string // label of the move into this node (traced runs only)

	// What the selective techniques need to know about the line (set only
	// when one of them is on).
	capInto    bool  // the move into this node was a capture
	chkInto    bool  // it gave check: the side to move here is in check
	nullInto   bool  // it was a null move
	nullOnLine bool  // a null move was made on the line down to here
	noNull     bool  // inside a null-move verification search: no null move
	extended   bool  // the node is searched deeper than usual
	exts       int   // extensions on the line down to here
	attacked   bool  // the move into this node was an attack (capture or check)
	restore    int64 // after an attack: the material (side to move's view) to get back to
	qs         int   // plies of quiescence search down to here (0: not in quiescence)
	moverOnly  bool  // a threat test's pass: the mover captures with the piece that moved only
	first      Move  // internal iterative deepening's move, searched first when hasFirst (iid.go)
	hasFirst   bool
	picking    bool // the node's moves are scored, and picked best first as it searches them (ordering.go)

	// The window the node was entered with (side to move's view), when the
	// algorithm has one: its exit is labelled by the textbook rule on it.
	alpha, beta int64
	hasWin      bool
}

const checkEvery = 1024 // nodes between looks at the context

func newSearcher(ctx context.Context, pos Position, lim Limits, opt Options, hooks *trace.Hooks) *searcher {
	s := &searcher{ctx: ctx, pos: pos, lim: lim, opt: opt, nextCheck: checkEvery}
	s.pass, _ = pos.(Passer)
	s.tact, _ = pos.(Tactical)
	s.values, _ = pos.(CaptureValuer)
	s.capScorer, _ = pos.(CaptureScorer)
	if t, ok := pos.(Turns); ok && !t.Alternates() {
		s.turns = t
	}
	if c, ok := pos.(Chance); ok && c.HasChance() {
		s.chance = c
	}
	if opt.Sel.Any() || opt.TT.On {
		s.selective = opt.Sel.Any()
		s.mate = pos.Game().Mate
	}
	if opt.TT.On {
		positions := 0
		if b, ok := pos.(Bounded); ok {
			positions = b.Positions()
		}
		s.tt = newTable(opt.TT.MB, positions)
		if hooks != nil && hooks.Event != nil {
			s.ttNode = map[uint64]int64{}
		}
	}
	s.ordering = opt.Order.Any()
	if opt.Order.History {
		s.history = new([2][4096]int32)
	}
	s.keepRoot = opt.Iterative
	s.progress = opt.Progress
	s.onPass = opt.Pass
	s.began = time.Now()
	s.count, _ = pos.(SubtreeCounter)
	s.cuts.Known = s.count != nil
	if hooks != nil && hooks.Event != nil {
		s.hook = hooks.Event
		s.namer, _ = pos.(Namer)
		s.desc, _ = pos.(SubtreeDescriber)
	}
	s.ensure(min(lim.Depth+lineRoom, initialPlies))
	s.stack[0].max = true
	if r, ok := pos.(RootMin); ok && r.RootIsMin() {
		s.stack[0].max = false
	}
	// The root's path is "" whatever its name (DESIGN.md: the root has the
	// empty path): a named root keeps its name in the tree, not in paths.
	s.stack[0].path = ""
	return s
}

// ensure makes room for plies 0..n-1. It allocates only when a line goes
// deeper than any before it, and then for the new plies only. A ply's move,
// score and line buffers (a few kilobytes) are made when a node at the ply
// first needs them (moveBuf, pvBuf, scoreMoves): the plies ensure keeps
// ahead for quiescence and extensions, and the leaves' ply, never pay for
// them.
func (s *searcher) ensure(n int) {
	var block []frame
	if k := n - len(s.stack); k > 0 {
		block = make([]frame, k)
	}
	for len(s.stack) < n {
		s.stack = append(s.stack, &block[0])
		block = block[1:]
		s.moves = append(s.moves, nil)
		s.scores = append(s.scores, nil)
		s.killers = append(s.killers, killers{})
		s.pv = append(s.pv, nil)
		s.pvLen = append(s.pvLen, 0)
	}
}

// moveBuf is the move buffer of ply, emptied: room for the moves of any
// chess position, made at the ply's first use.
func (s *searcher) moveBuf(ply int) []Move {
	if s.moves[ply] == nil {
		s.moves[ply] = make([]Move, 0, maxMoves)
	}
	return s.moves[ply][:0]
}

// pvBuf is the principal variation buffer of ply, emptied, made at the
// ply's first use.
func (s *searcher) pvBuf(ply int) []Move {
	if s.pv[ply] == nil {
		s.pv[ply] = make([]Move, 0, pvRoom)
	}
	return s.pv[ply][:0]
}

// MaxDepth is the deepest search the engine runs, in plies (Limits.Depth).
// It is far beyond any search that finishes (chess at depth 10 already takes
// hours; a toy tree is nested at most MaxDepth levels, tic-tac-toe 9 plies),
// and low enough that a line's depth fits every counter that holds it (the
// transposition table keeps depths in 16 bits). Deeper requests are an
// OptionsError.
const MaxDepth = 1000

// MaxTTMB is the largest transposition table, in megabytes (TT.MB): with the
// search's other memory a run stays within 2 GB.
const MaxTTMB = 1024

// Buffer sizes: room for the moves of any chess position; principal
// variations that grow past pvRoom moves (lines longer than that) are
// reallocated once and keep the room. A search allocates initialPlies plies
// up front at most, fewer when its depth plus lineRoom (room for quiescence
// and extensions past the depth) is smaller; deeper lines grow the buffers.
const (
	maxMoves     = 256
	pvRoom       = 128
	lineRoom     = 16
	initialPlies = 64
)

// on counts an event of kind k and reports whether anyone listens, so that call
// sites build the payload only inside `if s.on(k) { ... }`.
func (s *searcher) on(k trace.Kind) bool {
	s.counts[k]++
	return s.hook != nil
}

// emit stamps an event with its sequence number and hands it to the hook.
func (s *searcher) emit(e *trace.Event) {
	e.Seq = s.seq
	s.seq++
	s.hook(e)
}

// event starts an event about the node at ply, in the searcher's one scratch
// event: hooks own an event only while they are called, so tracing allocates
// no event per node.
func (s *searcher) event(k trace.Kind, ply, depth int) *trace.Event {
	f := s.stack[ply]
	s.ev = trace.Event{Kind: k, Node: f.id, Path: f.path, Ply: ply, Depth: depth, Max: f.max, Chance: f.chance}
	e := &s.ev
	if ply > 0 {
		e.Parent = s.stack[ply-1].id
		e.Has |= trace.HasParent
	}
	return e
}

func (s *searcher) start() {
	if !s.on(trace.Start) {
		return
	}
	e := s.event(trace.Start, 0, s.lim.Depth)
	e.Info = Describe(s.pos, s.lim, s.opt)
	s.emit(e)
}

// Describe returns what the start event of a search of pos says about the run:
// the game, the algorithm and its conventions, the depth and the value units.
func Describe(pos Position, lim Limits, opt Options) *trace.Info {
	g := pos.Game()
	info := &trace.Info{
		Game: g.Name, Input: g.Input, Algo: opt.Algo.String(),
		Root: "max", Scale: max(g.Scale, 1), Mate: g.Mate, Unit: g.Unit, Depth: lim.Depth,
		MaxName: g.MaxName, MinName: g.MinName, Order: g.Order, Lang: opt.Lang,
	}
	if r, ok := pos.(RootMin); ok && r.RootIsMin() {
		info.Root = "min"
	}
	if w := opt.Window; w.On {
		info.RootWindow = &trace.Span{Alpha: w.Lo, Beta: w.Hi}
	}
	if b := opt.Bounds; b.On {
		info.Bounds = &trace.Span{Alpha: b.Lo, Beta: b.Hi}
	}
	if opt.Algo.Prunes() {
		info.Cutoff = opt.Cutoff.String()
		info.Fail = opt.Fail.String()
		if opt.Algo == BranchBound {
			info.Fail = "soft"
		}
	}
	info.Options = opt.describe(info.Format)
	return info
}

// Summary returns the result as the done event carries it.
func (r *Result) Summary() *trace.Summary {
	cuts := r.Cuts
	sum := &trace.Summary{Value: r.Value, Bound: r.Bound, Proved: r.Proved, Best: r.BestLabel, PV: r.PVLabels, Nodes: r.Nodes, Leaves: r.Leaves, Counts: r.Counts, Cuts: &cuts}
	if r.Stopped != Finished {
		sum.Stopped = r.Stopped.String()
	}
	return sum
}

func (s *searcher) done(r *Result) {
	traced := s.on(trace.Done)
	r.Counts = s.counts
	r.Cuts = *s.cutCounts()
	r.Nodes, r.Leaves = s.counts[trace.Enter], s.counts[trace.Leaf]+s.counts[trace.StandPat]
	if !traced {
		return
	}
	e := s.event(trace.Done, 0, s.lim.Depth)
	e.Has |= trace.HasValue
	e.Value = r.Value
	e.Bound, e.Proved = r.Bound, r.Proved
	if w := s.opt.Window; w.On { // the window the value is a bound of
		e.Has |= trace.HasWindow
		e.Alpha, e.Beta = w.Lo, w.Hi
	}
	e.Summary = r.Summary()
	s.emit(e)
}

// outside marks the result of a search of the root with a given window
// (Options.Window) whose value fell outside it: a bound, by the textbook
// rule the root's exit applied (or MTD(f)'s, mtdf). When the side to move
// failed low, every move is at most the value and none is known to be best,
// unless the searched moves prove the value exact: the best move and the
// principal variation are dropped.
func (s *searcher) outside(r *Result) {
	b := s.rootBound
	if !s.opt.Window.On || (b != score.Lower && b != score.Upper) {
		return
	}
	r.Bound = viewBound(s.stack[0].max, b)
	r.Proved = s.rootKnown == score.Exact
	if b == score.Upper && !r.Proved {
		r.Best, r.HasBest, r.BestLabel, r.PV, r.PVLabels = 0, false, "", nil, nil
	}
}

// cutCounts returns what the cut tests did so far. Where nothing was pruned
// the unsearched subtrees are known to be empty, whatever the game.
func (s *searcher) cutCounts() *trace.Cuts {
	c := s.cuts
	c.Known = c.Known || c.Edges == 0
	return &c
}

// result gathers the outcome once the root has been searched.
func (s *searcher) result(v int64) Result {
	r := Result{Value: v, Nodes: s.counts[trace.Enter], Leaves: s.counts[trace.Leaf] + s.counts[trace.StandPat], Counts: s.counts}
	line := s.pv[0][:s.pvLen[0]]
	if len(line) == 0 {
		return r
	}
	r.Best, r.HasBest = line[0], true
	r.PV = append([]Move(nil), line...)
	r.PVLabels = make([]string, len(line))
	for i, m := range line {
		r.PVLabels[i] = s.pos.MoveLabel(m)
		s.pos.Make(m)
	}
	for i := len(line) - 1; i >= 0; i-- {
		s.pos.Unmake(line[i])
	}
	r.BestLabel = r.PVLabels[0]
	return r
}

// stop ends the search early with err; the algorithms unwind on s.abort.
// ctxErr is the context's error, ErrTraceLimit when that is its cause.
func (s *searcher) ctxErr() error {
	err := s.ctx.Err()
	if err != nil && errors.Is(context.Cause(s.ctx), ErrTraceLimit) {
		return ErrTraceLimit
	}
	return err
}

func (s *searcher) stop(err error) {
	if s.err == nil {
		s.err = err
	}
	s.abort = true
}

// enter registers a visit to the node at ply. alpha and beta are the node's
// window from the side to move's view; hasWindow is false for the algorithms
// that search without one. It reports false, and enters nothing, when the
// search stops instead: it was stopped already, its context is done, or the
// node would be one more than Limits.Nodes — so a search stopped by the node
// limit has entered exactly that many nodes. The caller then returns at
// once; s.abort unwinds the rest.
func (s *searcher) enter(ply, depth int, alpha, beta int64, hasWindow bool) bool {
	if s.abort {
		return false
	}
	if n := s.counts[trace.Enter]; n >= s.nextCheck {
		s.nextCheck = n + checkEvery
		if err := s.ctxErr(); err != nil {
			s.stop(err)
			return false
		}
	}
	if s.lim.Nodes > 0 && s.counts[trace.Enter] >= s.lim.Nodes {
		s.stop(ErrNodeLimit)
		return false
	}
	f := s.stack[ply]
	f.id = s.counts[trace.Enter]
	f.alpha, f.beta, f.hasWin = alpha, beta, hasWindow
	f.moverOnly = false
	s.pvLen[ply] = 0
	if s.on(trace.Enter) {
		e := s.event(trace.Enter, ply, depth)
		e.Move = f.move
		if f.qs > 0 {
			e.Reason = trace.ReasonQS
		}
		if f.probe {
			e.Reason = trace.ReasonProbe
		}
		if f.pden > 0 {
			g := score.GCD(f.pnum, f.pden)
			e.PNum, e.PDen = f.pnum/g, f.pden/g
		}
		if hasWindow {
			e.Has |= trace.HasWindow
			e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
		}
		s.emit(e)
	}
	return true
}

// exit closes the node at ply with the value v (side to move's view) and
// reports it. The bound follows the textbook rule (score.BoundOf) on the
// node's entry window, exact for the algorithms without a window; clamps
// says whether the convention may have clamped v onto the window (fail-hard,
// F2). proved is what the searched children prove about v (score.Proof), or
// NoBound when nothing was computed: it is only used in searches without a
// selective technique, where it marks an exit whose bound the children prove
// exact (Event.Proved). exit returns the textbook bound and the bound the
// parent may rely on: exact when proved, else the textbook one.
func (s *searcher) exit(ply, depth int, v int64, clamps bool, proved score.Bound) (bound, known score.Bound) {
	f := s.stack[ply]
	bound = score.Exact
	if f.hasWin {
		bound = score.BoundOf(v, f.alpha, f.beta, clamps)
	}
	known = bound
	if !s.selective && bound != score.Exact && (proved == score.Exact || bound == score.NoBound) {
		known = proved
	}
	if ply == 0 {
		s.rootBound, s.rootKnown = bound, known
	}
	if s.on(trace.Exit) {
		e := s.event(trace.Exit, ply, depth)
		e.Has |= trace.HasValue
		e.Value = view(f.max, v)
		e.Bound = viewBound(f.max, bound)
		e.Proved = known == score.Exact && bound != score.Exact
		if f.hasWin {
			e.Has |= trace.HasWindow
			e.Alpha, e.Beta = viewWindow(f.max, f.alpha, f.beta)
		}
		s.emit(e)
	}
	return bound, known
}

// clamps reports whether the fail convention clamps an inner node's value
// onto its window: fail-hard at both edges, F2 at alpha.
func (s *searcher) clamps() bool { return s.opt.Fail != FailSoft }

// horizon ends the line at a finished game or at the depth limit. It returns
// the node's value (side to move's view) and true when the line ends here; it
// has then already reported the leaf and the node's exit.
func (s *searcher) horizon(ply, depth int) (int64, bool) {
	if v, over := s.pos.Terminal(ply); over {
		s.leaf(ply, depth, v, trace.ReasonTerminal)
		return v, true
	}
	if depth > 0 {
		return 0, false
	}
	return s.staticLeaf(ply, depth), true
}

// staticLeaf uses the static evaluation of the node at ply as its value. A
// node without one (a toy-tree inner node without [eval=N]) stops the search
// with a NoEvalError.
func (s *searcher) staticLeaf(ply, depth int) int64 {
	v, ok := s.pos.Evaluate()
	if !ok {
		path := "root"
		if n, isNamer := s.pos.(Namer); isNamer && ply > 0 {
			path = n.NodeName()
		} else if ply > 0 {
			path = fmt.Sprintf("at ply %d", ply)
		}
		s.stop(&NoEvalError{Path: path, Depth: s.iteration})
		return 0
	}
	s.leaf(ply, depth, v, trace.ReasonStatic)
	return v
}

// noMoves ends the line at a position without legal moves.
func (s *searcher) noMoves(ply, depth int) int64 {
	v := s.pos.NoMoves(ply)
	s.leaf(ply, depth, v, trace.ReasonNoMoves)
	return v
}

// leaf reports that the value v (side to move's view) of the node at ply is
// used as it is, and closes the node. The value is the node's own, never
// clamped: exact in truth, whatever its window makes the textbook label. It
// returns the bound the parent may rely on.
func (s *searcher) leaf(ply, depth int, v int64, reason string) score.Bound {
	if s.on(trace.Leaf) {
		e := s.event(trace.Leaf, ply, depth)
		e.Has |= trace.HasValue
		e.Value = view(s.stack[ply].max, v)
		e.Reason = reason
		s.emit(e)
	}
	_, known := s.exit(ply, depth, v, false, score.Exact)
	return known
}

// generate fills the move buffer of ply with the legal moves.
func (s *searcher) generate(ply int) []Move {
	s.moves[ply] = s.pos.Moves(s.moveBuf(ply))
	return s.moves[ply]
}

// makeMove plays m at ply and prepares the frame of the child.
func (s *searcher) makeMove(ply int, m Move) {
	var label string
	if s.hook != nil {
		label = s.pos.MoveLabel(m) // before the move: SAN needs the position it is played in
	}
	var pnum, pden int64
	if s.stack[ply].chance {
		pnum, pden = s.chance.Weight(m)
	}
	s.pos.Make(m)
	if ply+1 >= len(s.stack) {
		s.ensure(ply + 2)
	}
	c := s.stack[ply+1]
	c.max = !s.stack[ply].max
	if s.turns != nil {
		c.max = s.turns.MaxToMove()
	}
	c.pnum, c.pden = pnum, pden
	c.chance = s.chance != nil && s.chance.IsChance()
	if s.hook != nil {
		c.move = label
		switch {
		case s.namer != nil:
			c.path = s.namer.NodeName()
		case ply == 0:
			c.path = label
		default:
			c.path = s.stack[ply].path + " " + label
		}
	}
}

// makeNull passes at ply and prepares the frame of the child.
func (s *searcher) makeNull(ply int) {
	s.pass.MakeNull()
	if ply+1 >= len(s.stack) {
		s.ensure(ply + 2)
	}
	p, c := s.stack[ply], s.stack[ply+1]
	*c = frame{max: !p.max, nullInto: true, nullOnLine: true, noNull: p.noNull, exts: p.exts}
	if s.hook != nil {
		c.move = NullLabel
		switch {
		case s.namer != nil:
			c.path = s.namer.NodeName()
		case ply == 0:
			c.path = NullLabel
		default:
			c.path = p.path + " " + NullLabel
		}
	}
}

// flips reports whether the move just made at ply hands the turn to the other
// player: always, unless the game says otherwise (Turns). Between a node and a
// child of the other player, values and windows are negated (negamax);
// between two nodes of the same player they are passed as they are.
func (s *searcher) flips(ply int) bool { return s.stack[ply+1].max != s.stack[ply].max }

// childWindow turns the window (lo, hi) of the node at ply into the window
// of its child just made, from the child's side to move: (-hi, -lo) across a
// change of player, (lo, hi) for the same player.
func (s *searcher) childWindow(ply int, lo, hi int64) (int64, int64) {
	if s.flips(ply) {
		return -hi, -lo
	}
	return lo, hi
}

// fromChild turns the value the child just made returned, and its bound,
// into the view of the node at ply.
func (s *searcher) fromChild(ply int, v int64, b score.Bound) (int64, score.Bound) {
	if s.flips(ply) {
		return -v, b.Flip()
	}
	return v, b
}

// updatePV makes m followed by the child's line the principal variation of ply.
func (s *searcher) updatePV(ply int, m Move) {
	child := s.pv[ply+1][:s.pvLen[ply+1]]
	line := append(s.pvBuf(ply), m)
	line = append(line, child...)
	s.pv[ply] = line
	s.pvLen[ply] = len(line)
}

// updateLine makes m the principal variation of ply, followed by the
// child's line only when the child's value is known exact (known, the
// node's view): a child that returned a bound failed for its own side to
// move, and the move its search happened to try first is no best reply.
// (An MTD(f) pass, all of whose nodes return bounds, proves the root's
// move and nothing below it.)
func (s *searcher) updateLine(ply int, m Move, known score.Bound) {
	if known == score.Exact {
		s.updatePV(ply, m)
		return
	}
	s.pv[ply] = append(s.pvBuf(ply), m)
	s.pvLen[ply] = 1
}

// cutoff reports that the node at ply stopped after moves[i] reached the bound:
// the moves after it are never searched. v is the node's best value, alpha and
// beta its entry window, m the running maximum before moves[i] (alpha or the
// best so far), all from the side to move's view: the window at the cut is
// (m, beta), which in MAX's view is alpha raised at a MAX node, beta lowered
// at a MIN node.
func (s *searcher) cutoff(ply, depth int, v, alpha, beta, m int64, moves []Move, i int) {
	if i+1 >= len(moves) {
		s.cuts.OnLast++
		return // the last move reached the bound: nothing is left to prune
	}
	s.countPruned(moves[i+1:])
	if !s.on(trace.Cutoff) {
		return
	}
	f := s.stack[ply]
	e := s.event(trace.Cutoff, ply, depth)
	e.Has |= trace.HasValue | trace.HasWindow | trace.HasCut
	e.Value = view(f.max, v)
	e.Alpha, e.Beta = viewWindow(f.max, alpha, beta)
	e.CutAlpha, e.CutBeta = viewWindow(f.max, max(alpha, m), beta)
	e.Move = s.pos.MoveLabel(moves[i])
	e.Reason = trace.ReasonBeta
	if !f.max {
		e.Reason = trace.ReasonAlpha
	}
	s.pruned(e, moves[i+1:])
	s.emit(e)
}

// countPruned counts the moves a cut left unsearched, and the leaves and
// inner nodes behind them where the game knows its tree.
func (s *searcher) countPruned(rest []Move) {
	s.cuts.Edges += int64(len(rest))
	if s.count != nil {
		for _, m := range rest {
			l, n := s.count.CountSubtree(m)
			s.cuts.Leaves += l
			s.cuts.Inner += n
		}
	}
}

// pruned names in a cut's event the moves it left unsearched, and describes
// the subtrees behind them where the game knows its tree.
func (s *searcher) pruned(e *trace.Event, rest []Move) {
	e.Pruned = make([]string, len(rest))
	for j, m := range rest {
		e.Pruned[j] = s.pos.MoveLabel(m)
	}
	if s.desc != nil {
		e.Unsearched = make([]*trace.Subtree, 0, len(rest))
		for _, m := range rest {
			if st := s.desc.DescribeSubtree(m, DescribeBudget); st != nil {
				e.Unsearched = append(e.Unsearched, st)
			}
		}
	}
}

// reaches reports whether v reaches the bound under the cutoff convention:
// v >= bound, or v > bound when ties must not prune.
func (s *searcher) reaches(v, bound int64) bool {
	if s.opt.Cutoff == CutGT {
		return v > bound
	}
	return v >= bound
}

func view(max bool, v int64) int64 {
	if max {
		return v
	}
	return -v
}

// viewWindow converts a window (alpha, beta) of the side to move to MAX's view.
func viewWindow(max bool, alpha, beta int64) (int64, int64) {
	if max {
		return alpha, beta
	}
	return -beta, -alpha
}

// viewBound converts a bound of the side to move to MAX's view: what is a lower
// bound for MIN is an upper bound for MAX.
func viewBound(max bool, b score.Bound) score.Bound {
	if max {
		return b
	}
	return b.Flip()
}

// techniqueList is the selective techniques' names as an error's words
// list them: "null move, reductions, ...", their flags' names in English
// (TechniqueNames), in a printer's language as its catalog names them.
type techniqueList struct{}

func (techniqueList) Error() string {
	return strings.ReplaceAll(strings.Join(TechniqueNames(), ", "), "-", " ")
}

// TranslateError is the list in p's language.
func (techniqueList) TranslateError(p *i18n.Printer) string { return p.T("engine.techniques") }
