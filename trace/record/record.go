// Package record rebuilds a search from its events: the Recorder, a sink,
// keeps the tree of visited nodes (a Recording) that the drawings, diff, the
// quiz and the frames work from. What it keeps of each technique's events is
// in keeps; a kind it has no keep func for (a new technique's) is kept on its
// node as a mark, so a new technique needs no edit here.
package record

import (
	"fmt"
	"sort"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Recording is a search rebuilt from its events: the run's info, the tree of
// visited nodes in visit order, and the summary. Sinks that need the whole
// picture (diagrams, the step-through player) work from a Recording.
type Recording struct {
	Info    *trace.Info
	Summary *trace.Summary
	Root    *Node   // the first root visit
	Roots   []*Node // every visit of the root: iterations, and passes within them
	Nodes   []*Node // the nodes kept, in the order of their ids (see Node)
	Events  int64   // events seen
	// Counted is the deepest ply kept node by node when the recorder had to
	// make room (0: every ply is kept): the nodes below it are counted in
	// their ancestor at that ply (Node.Below), not kept one by one.
	Counted int
	// Under is the path the recording was limited to (Recorder.Under).
	Under string
	// Dropped counts nodes entered but neither kept nor counted (a root
	// with more moves than the limit, or nodes outside Under); Discarded
	// counts nodes of earlier root visits let go to make room for a new one.
	Dropped, Discarded int64
	// Iterations counts the completed iterations of an iterative search.
	Iterations int
	// NoValue: the done event has no value (the search stopped before it
	// found one): the summary's value is none, and is not shown.
	NoValue bool
}

// Node is one visit of a position in a recorded search.
type Node struct {
	ID     int64
	Parent *Node
	Move   string // label of the move into the node ("" at the root)
	Path   string
	Ply    int
	Depth  int
	Max    bool // MAX is to move (at a chance node: the player who moves after it)
	// Chance: a chance node; PNum/PDen: the node's probability as a
	// chance node's child (PDen 0 else); Probe: entered for a Star2 probe.
	Chance     bool
	PNum, PDen int64
	Probe      bool

	HasWindow   bool
	Alpha, Beta int64 // window the node was searched with

	HasValue bool
	Value    int64 // value the node returned
	Bound    score.Bound
	Proved   bool // the children prove the value exact although Bound is a bound
	Closed   bool // the exit event was seen

	Leaf       bool   // a static or terminal value was used
	LeafReason string // ReasonStatic, ReasonTerminal, ReasonNoMoves

	// Seq and End are the sequence numbers of the events that entered and
	// left the node (End: of its value, for a leaf), so a drawing can show
	// the search as it stood at any event.
	Seq, End int64

	Cut      *Cut // set when the node stopped before its last move
	Children []*Node
	// Below counts what was searched under the node and not kept node by
	// node (see Recording.Counted); Children are then the kept ones only.
	Below Counts

	// The selective techniques.
	Null     bool      // reached by a null move (a pass)
	QS       bool      // a quiescence-search node
	QSRoot   bool      // quiescence search started here, at the horizon
	Stand    *Stand    // the stand-pat evaluation of a quiescence node
	NullMove *NullMove // a null move (or threat test) tried here
	NullSkip string    // why a possible null move was not tried: the event's detail, English
	// NullSkipReason is the reason key of the null move not tried (the
	// event's Reason: trace.ReasonNullInCheck, ...), for the words of other
	// languages.
	NullSkipReason string
	Change         *Change   // the node is searched deeper or shallower than usual
	Razored        *Razoring // razoring cut the node short
	Futile         []Futile  // moves skipped by futility pruning
	Research       string    // why the node was searched again
	// QSSeq and ResearchSeq are the sequence numbers of the events that set
	// QSRoot and Research (the other techniques' fields carry their own).
	QSSeq, ResearchSeq int64
	TT                 *TTEntry // what the transposition table knew about the node
	// Marks are the events of techniques whose row in the table of kinds
	// names nothing more specific to keep, in order: diagrams draw them as
	// notes and the comparison of two searches compares them.
	Marks   []trace.Event
	pending *Change // a change announced for the next child entered

	// A root visit: the iteration it belongs to (from 1; 1 as well when the
	// search was not iterative), its pass within the iteration (from 1), and
	// what the window event said of the pass.
	Iteration, Pass int
	Window          *WindowPass
	IterationDone   bool // the last pass of a completed iteration
}

// TTEntry is what a transposition-table hit found: the entry's value, bound
// and depth, whether it ended the node, and the node whose search stored it
// (Ref, when HasRef).
type TTEntry struct {
	Value  int64
	Bound  score.Bound
	Depth  int
	Cut    bool
	Why    string
	Move   string
	Ref    int64
	HasRef bool
	Seq    int64 // the event's sequence number
}

// WindowPass is a pass of the root with a narrowed window: aspiration or
// MTD(f).
type WindowPass struct {
	Kind         string // ReasonAspiration or ReasonMTDF
	Alpha, Beta  int64
	Value        int64
	Outcome      string // aspiration: WindowFailLow, WindowFailHigh, WindowInside; MTD(f): WindowLower, WindowUpper
	Lower, Upper int64  // MTD(f)'s interval after the pass
	HasInterval  bool
	Seq          int64 // the event's sequence number
}

// Stand is a quiescence node's stand-pat evaluation and whether it cut.
type Stand struct {
	Value int64
	Cut   bool
	Seq   int64 // the event's sequence number
}

// NullMove is a null-move try at a node and how it ended: OutcomePrune,
// OutcomeFail, OutcomeVerify (verification asked), or for a threat test
// ReasonThreat or ReasonNoThreat.
type NullMove struct {
	Threat  bool
	To      int // depth of the null-move search
	Alpha   int64
	Beta    int64
	Detail  string
	Outcome string
	Value   int64
	// Seq is the sequence number of the event that ended the try (of the
	// try itself while it has not ended).
	Seq int64
}

// The outcomes of a null move (NullMove.Outcome) besides a threat test's.
const (
	OutcomePrune  = "prune"
	OutcomeFail   = "fail"
	OutcomeVerify = "verify"
)

// Change is a depth change of a node: an extension or a reduction.
type Change struct {
	Kind     trace.Kind // Extend or Reduce
	From, To int        // the depth the move would have had, and the one it got
	Reason   string
	Seq      int64 // the event's sequence number
}

// Razoring is razoring at a node.
type Razoring struct {
	Value, Margin int64
	From, To      int
	Seq           int64 // the event's sequence number
}

// Futile is a move skipped by futility pruning: its static score and margin.
type Futile struct {
	Move          string
	Value, Margin int64
}

// Cut is what a cutoff event says about its node.
type Cut struct {
	Move        string   // the move whose value reached the bound
	Value       int64    // the node's best value at the cut
	Alpha, Beta int64    // the node's window
	Reason      string   // ReasonBeta (a MAX node reached beta) or ReasonAlpha (a MIN node reached alpha)
	Pruned      []string // moves never searched
	Unsearched  []*trace.Subtree
	Seq         int64 // the cutoff event's
	// Chance: a chance cut (Star1, Star2): the chance node's average lies
	// in [Lower, Upper], at or beyond an edge of its window.
	Chance       bool
	Lower, Upper int64
}

// ChanceEvent is the chance_cut event a chance cut of n was recorded from,
// rebuilt from the node and the cut (the pruned subtrees left out).
func (c *Cut) ChanceEvent(n *Node) trace.Event {
	e := trace.Event{
		Kind: trace.ChanceCut, Seq: c.Seq, Node: n.ID, Path: n.Path, Ply: n.Ply, Depth: n.Depth,
		Max: n.Max, Chance: n.Chance, Value: c.Value, Alpha: c.Alpha, Beta: c.Beta,
		Lower: c.Lower, Upper: c.Upper, Reason: c.Reason, Move: c.Move, Pruned: c.Pruned,
		Has: trace.HasValue | trace.HasWindow | trace.HasInterval,
	}
	if n.Parent != nil {
		e.Parent, e.Has = n.Parent.ID, e.Has|trace.HasParent
	}
	return e
}

// Counts are what a part of a search did: nodes entered, leaves evaluated,
// cutoffs, null-move prunes, reductions, extensions and table hits.
type Counts struct {
	Nodes, Leaves, Cutoffs, NullPrunes, Reductions, Extensions, TTHits int64
}

// Add adds c to k.
func (k *Counts) Add(c Counts) {
	k.Nodes += c.Nodes
	k.Leaves += c.Leaves
	k.Cutoffs += c.Cutoffs
	k.NullPrunes += c.NullPrunes
	k.Reductions += c.Reductions
	k.Extensions += c.Extensions
	k.TTHits += c.TTHits
}

// own is what the node itself counts for: one node, and a leaf, a cutoff, a
// null-move prune, a reduction or extension into it and a table hit when it
// had them.
func (n *Node) own() Counts {
	c := Counts{Nodes: 1}
	if n.Leaf {
		c.Leaves = 1
	}
	if n.Cut != nil {
		c.Cutoffs = 1
	}
	if n.NullMove != nil && n.NullMove.Outcome == OutcomePrune {
		c.NullPrunes = 1
	}
	if ch := n.Change; ch != nil {
		if ch.Kind == trace.Reduce {
			c.Reductions = 1
		} else {
			c.Extensions = 1
		}
	}
	if n.TT != nil {
		c.TTHits = 1
	}
	return c
}

// Under counts everything searched under n: its kept descendants and what
// was counted below them.
func (n *Node) Under() Counts {
	c := n.Below
	for _, ch := range n.Children {
		c.Add(ch.own())
		c.Add(ch.Under())
	}
	return c
}

// Label is the name a person sees for the node: its path, "root" at the root.
func (n *Node) Label() string {
	if n.Path == "" {
		return "root"
	}
	return n.Path
}

// Recorder rebuilds a Recording from events. Use its Hooks as (one of) the
// search's hooks, or feed it events read back from a JSON Lines trace.
type Recorder struct {
	rec Recording
	err error
	// Limit bounds the nodes kept (0: no bound), so that recording a long
	// search cannot exhaust memory. When a new visit of the root begins
	// (an iteration, a pass) with half the limit used, the earlier visits are
	// let go: the latest search is the one worth drawing. When the limit is
	// reached within a visit, the deepest plies are folded into counts
	// (Recording.Counted, Node.Below) until half the limit is used, and
	// later nodes that deep are counted too: the top of the search, which
	// a drawing shows, is kept whatever the search's size.
	Limit int64
	// Under, when not "", keeps only the nodes on the line to the node with
	// this path (moves joined by single spaces, or a toy-tree name), their
	// children, and the nodes below it (a drawing's --focus); the others are
	// dropped, so a focused drawing of a search of any size is whole.
	Under string
	next  int64 // id the next enter must have
	// line is the current line from the root, by ply: each node's id and
	// the nearest kept node at or above it (where a node not kept is
	// counted).
	line []lineNode
}

type lineNode struct {
	id   int64
	kept *Node // the node itself when kept, else its nearest kept ancestor (nil: none)
}

// Node returns the kept node with the given id, or nil.
func (rec *Recording) Node(id int64) *Node {
	if n := len(rec.Nodes); n > 0 {
		// Most recordings keep every node from their first: ids then
		// follow the indexes.
		if i := id - rec.Nodes[0].ID; i >= 0 && i < int64(n) && rec.Nodes[i].ID == id {
			return rec.Nodes[i]
		}
	}
	i := sort.Search(len(rec.Nodes), func(i int) bool { return rec.Nodes[i].ID >= id })
	if i < len(rec.Nodes) && rec.Nodes[i].ID == id {
		return rec.Nodes[i]
	}
	return nil
}

// NewRecorder returns an empty recorder.
func NewRecorder() *Recorder { return &Recorder{} }

// Hooks returns hooks that record every event.
func (r *Recorder) Hooks() *trace.Hooks {
	return &trace.Hooks{Event: func(e *trace.Event) { r.Add(e) }}
}

// Err reports the first inconsistency found in the event stream (an event about
// a node that was never entered, ids out of order), or nil.
func (r *Recorder) Err() error { return r.err }

// Recording returns what has been recorded so far.
func (r *Recorder) Recording() *Recording {
	r.rec.Under = r.Under
	return &r.rec
}

// Add records one event. Inconsistent events are ignored and remembered in Err.
// The skeleton kinds build the tree; every other kind is kept as its row of
// keeps says: by its keep func, or as a mark on its node when its row of the
// table of kinds gives it a sentence (a new technique's kind needs no edit
// here).
func (r *Recorder) Add(e *trace.Event) {
	rec := &r.rec
	rec.Events++
	switch e.Kind {
	case trace.Start:
		rec.Info = e.Info
		return
	case trace.Done:
		rec.Summary = e.Summary
		rec.NoValue = e.Has&trace.HasValue == 0
		return
	case trace.Iter:
		rec.Iterations++
		if n := len(rec.Roots); n > 0 {
			rec.Roots[n-1].IterationDone = true
		}
		return
	case trace.Enter:
		r.enter(e)
		return
	}
	n := r.node(e)
	if n == nil {
		r.count(e)
		return
	}
	switch e.Kind {
	case trace.Leaf:
		n.Leaf = true
		n.LeafReason = e.Reason
		n.HasValue, n.Value = true, e.Value
		n.End = e.Seq
	case trace.Exit:
		n.Closed = true
		n.HasValue, n.Value, n.Bound, n.Proved = true, e.Value, e.Bound, e.Proved
		if !n.Leaf {
			n.End = e.Seq
		}
	case trace.Cutoff, trace.ChanceCut:
		n.Cut = &Cut{
			Move: e.Move, Value: e.Value, Alpha: e.Alpha, Beta: e.Beta,
			Reason: e.Reason, Pruned: e.Pruned, Unsearched: e.Unsearched, Seq: e.Seq,
			Chance: e.Kind == trace.ChanceCut, Lower: e.Lower, Upper: e.Upper,
		}
	default:
		if e.Kind.Spec().Restarts && e.Move == "" {
			// The node is searched again from scratch (iid_done, a failed
			// null-move verification): a cut of the search before is not
			// the node's.
			n.Cut = nil
		}
		switch keep := keeps[e.Kind]; {
		case keep != nil:
			keep(n, e)
		case e.Kind.Spec().Say != trace.SayNone:
			m := *e
			m.Pruned, m.Unsearched, m.Info, m.Summary = nil, nil, nil, nil
			n.Marks = append(n.Marks, m)
		}
	}
}

// keeps is what the recorder keeps of the events of the techniques that have
// fields of their own in Node; the kinds of other techniques are kept as
// marks.
var keeps = map[trace.Kind]func(n *Node, e *trace.Event){
	trace.QSEnter:    keepQS,
	trace.StandPat:   keepStandPat,
	trace.NullTry:    keepNullTry,
	trace.NullPrune:  keepNullPrune,
	trace.NullFail:   keepNullFail,
	trace.Reduce:     keepDepth,
	trace.Extend:     keepDepth,
	trace.Research:   keepResearch,
	trace.Futility:   keepFutility,
	trace.Razor:      keepRazor,
	trace.TTHit:      keepTTHit,
	trace.Window:     keepWindow,
	trace.NullSkip:   keepNullSkip,
	trace.Threat:     keepThreat,
	trace.NullVerify: keepNullVerify,
}

func keepQS(n *Node, e *trace.Event) { n.QS, n.QSRoot, n.QSSeq = true, true, e.Seq }

func keepStandPat(n *Node, e *trace.Event) {
	n.Stand = &Stand{Value: e.Value, Cut: e.Reason == trace.ReasonStandCut, Seq: e.Seq}
}

func keepNullTry(n *Node, e *trace.Event) {
	n.NullMove = &NullMove{Threat: e.Reason == trace.ReasonThreat, To: e.To, Alpha: e.Alpha, Beta: e.Beta, Detail: e.Detail, Seq: e.Seq}
}

func keepNullSkip(n *Node, e *trace.Event) { n.NullSkip, n.NullSkipReason = e.Detail, e.Reason }

// nullOutcome records how the null move (or threat test) tried at the node
// ended.
func nullOutcome(n *Node, e *trace.Event, outcome string) {
	if n.NullMove != nil {
		n.NullMove.Value, n.NullMove.Outcome, n.NullMove.Seq = e.Value, outcome, e.Seq
	}
}

func keepNullPrune(n *Node, e *trace.Event)  { nullOutcome(n, e, OutcomePrune) }
func keepNullFail(n *Node, e *trace.Event)   { nullOutcome(n, e, OutcomeFail) }
func keepNullVerify(n *Node, e *trace.Event) { nullOutcome(n, e, OutcomeVerify) }
func keepThreat(n *Node, e *trace.Event)     { nullOutcome(n, e, e.Reason) } // ReasonThreat or ReasonNoThreat

// keepDepth records a reduction or an extension: of the node itself when the
// event names no move (a threat extension), else of the child entered next.
func keepDepth(n *Node, e *trace.Event) {
	c := &Change{Kind: e.Kind, From: e.Depth - 1, To: e.To, Reason: e.Reason, Seq: e.Seq}
	if e.Move == "" {
		c.From = e.Depth
		n.Change = c
	} else {
		n.pending = c
	}
}

func keepRazor(n *Node, e *trace.Event) {
	n.Razored = &Razoring{Value: e.Value, Margin: e.Margin, From: e.Depth, To: e.To, Seq: e.Seq}
}

func keepFutility(n *Node, e *trace.Event) {
	n.Futile = append(n.Futile, Futile{Move: e.Move, Value: e.Value, Margin: e.Margin})
}

func keepResearch(n *Node, e *trace.Event) { n.Research, n.ResearchSeq = e.Reason, e.Seq }

func keepTTHit(n *Node, e *trace.Event) {
	n.TT = &TTEntry{Value: e.Value, Bound: e.Bound, Depth: e.To, Cut: e.Reason == trace.ReasonTTCut,
		Why: e.Reason, Move: e.Move, Ref: e.Ref, HasRef: e.Has&trace.HasRef != 0, Seq: e.Seq}
}

func keepWindow(n *Node, e *trace.Event) {
	n.Window = &WindowPass{Kind: e.Reason, Alpha: e.Alpha, Beta: e.Beta, Value: e.Value, Outcome: e.Detail,
		Lower: e.Lower, Upper: e.Upper, HasInterval: e.Has&trace.HasInterval != 0, Seq: e.Seq}
}

func (r *Recorder) enter(e *trace.Event) {
	rec := &r.rec
	if e.Node != r.next {
		r.fail(fmt.Errorf("event %d: node %d entered out of order (expected %d)", e.Seq, e.Node, r.next))
		return
	}
	r.next++
	isRoot := e.Has&trace.HasParent == 0
	var parent *Node
	var anc *Node // where the node is counted if it is not kept
	if !isRoot {
		if e.Parent < 0 || e.Parent >= e.Node {
			r.fail(fmt.Errorf("event %d: parent %d of node %d was never entered", e.Seq, e.Parent, e.Node))
			return
		}
		parent = rec.Node(e.Parent)
		if parent == nil {
			anc = r.keptAbove(e.Parent, e.Ply-1)
		}
	}
	keep := func(n *Node) { r.push(e.Ply, e.Node, n) }
	if parent == nil && !isRoot {
		// Under a node not kept: counted in its nearest kept ancestor.
		keep(anc)
		if anc == nil {
			rec.Dropped++
			return
		}
		anc.Below.Nodes++
		return
	}
	if r.Under != "" && !isRoot && !onLine(parent, r.Under) {
		keep(nil)
		rec.Dropped++
		return
	}
	kept := int64(len(rec.Nodes))
	if isRoot && r.Limit > 0 && kept > 0 && kept >= r.Limit/2 {
		// A new root visit: let the earlier ones go.
		rec.Discarded += kept
		rec.Nodes, rec.Roots, rec.Root = nil, nil, nil
		rec.Counted = 0 // the new visit is kept whole while it fits
		kept = 0
	}
	if !isRoot && rec.Counted > 0 && e.Ply > rec.Counted {
		r.countChild(parent)
		keep(parent)
		return
	}
	if r.Limit > 0 && kept >= r.Limit && !isRoot {
		if r.fold() && e.Ply > rec.Counted {
			parent = rec.Node(e.Parent)
			if parent == nil {
				parent = r.keptAbove(e.Parent, e.Ply-1)
			}
			r.countChild(parent)
			keep(parent)
			return
		}
		if int64(len(rec.Nodes)) >= r.Limit {
			keep(parent)
			rec.Dropped++
			return
		}
		parent = rec.Node(e.Parent)
	}
	n := &Node{
		ID: e.Node, Move: e.Move, Path: e.Path, Ply: e.Ply, Depth: e.Depth, Max: e.Max, Seq: e.Seq,
		HasWindow: e.Has&trace.HasWindow != 0, Alpha: e.Alpha, Beta: e.Beta,
		Null: e.Move == trace.PassMove, QS: e.Reason == trace.ReasonQS,
		Chance: e.Chance, PNum: e.PNum, PDen: e.PDen, Probe: e.Reason == trace.ReasonProbe,
	}
	if parent != nil {
		n.Parent = parent
		parent.Children = append(parent.Children, n)
		if p := parent.pending; p != nil && p.Reason != "" {
			n.Change, parent.pending = p, nil
		}
	} else {
		if rec.Root == nil {
			rec.Root = n
		}
		n.Pass = 1
		if k := len(rec.Roots); k > 0 && rec.Roots[k-1].Iteration == rec.Iterations+1 {
			n.Pass = rec.Roots[k-1].Pass + 1
		}
		n.Iteration = rec.Iterations + 1
		rec.Roots = append(rec.Roots, n)
	}
	rec.Nodes = append(rec.Nodes, n)
	keep(n)
}

// onLine says whether a child of parent, a kept node, is kept under
// Recorder.Under: the children of the nodes on the line to the node under
// (so that a path that names no node can say what was searched there), and
// every node below it.
func onLine(parent *Node, under string) bool {
	return parent.Path == under || below(parent.Path, under) || parent.Path == "" || below(under, parent.Path)
}

// below says whether path names a node under the node at top: toy-tree
// names continue with ".", moves with " "; every node is under the root ("").
func below(path, top string) bool {
	if top == "" || top == "root" {
		return path != ""
	}
	return len(path) > len(top) && path[:len(top)] == top && (path[len(top)] == '.' || path[len(top)] == ' ')
}

// push puts the node entered at ply on the line, with the kept node it is
// counted in (itself when kept).
func (r *Recorder) push(ply int, id int64, kept *Node) {
	if ply < 0 {
		return
	}
	if ply < len(r.line) {
		r.line = r.line[:ply]
	}
	for len(r.line) < ply {
		r.line = append(r.line, lineNode{id: -1})
	}
	r.line = append(r.line, lineNode{id: id, kept: kept})
}

// keptAbove is the kept node where the node with id, at ply on the current
// line, is counted (nil when the line does not hold it).
func (r *Recorder) keptAbove(id int64, ply int) *Node {
	if ply >= 0 && ply < len(r.line) && r.line[ply].id == id {
		return r.line[ply].kept
	}
	return nil
}

// countChild counts a node entered below parent and not kept; a change of
// depth announced for it is counted with it.
func (r *Recorder) countChild(parent *Node) {
	if parent == nil {
		r.rec.Dropped++
		return
	}
	parent.Below.Nodes++
	if p := parent.pending; p != nil {
		parent.pending = nil
		if p.Kind == trace.Reduce {
			parent.Below.Reductions++
		} else {
			parent.Below.Extensions++
		}
	}
}

// count counts an event of a node that is not kept in the kept node it is
// counted in.
func (r *Recorder) count(e *trace.Event) {
	n := r.keptAbove(e.Node, e.Ply)
	if n == nil {
		return
	}
	switch e.Kind {
	case trace.Leaf:
		n.Below.Leaves++
	case trace.Cutoff, trace.ChanceCut:
		n.Below.Cutoffs++
	case trace.NullPrune:
		n.Below.NullPrunes++
	case trace.TTHit:
		n.Below.TTHits++
	case trace.Reduce:
		n.Below.Reductions++ // of the node's child, not kept either
	case trace.Extend:
		n.Below.Extensions++
	}
}

// fold makes room when the limit is reached: the deepest plies of the
// current root visit are folded into counts in their ancestors, as many as
// it takes to use at most half the limit, and Counted says from where. It
// reports false when only the root's children would be left (then nodes
// are dropped instead).
func (r *Recorder) fold() bool {
	rec := &r.rec
	var perPly []int64
	for _, n := range rec.Nodes {
		for len(perPly) <= n.Ply {
			perPly = append(perPly, 0)
		}
		perPly[n.Ply]++
	}
	keep, total := 0, int64(0)
	for ply, c := range perPly {
		if total+c > r.Limit/2 {
			break
		}
		total += c
		keep = ply
	}
	if keep < 1 {
		return false
	}
	if rec.Counted > 0 {
		keep = min(keep, rec.Counted)
	}
	rec.Counted = keep
	kept := rec.Nodes[:0]
	for _, n := range rec.Nodes {
		if n.Ply <= keep {
			kept = append(kept, n)
			continue
		}
		if n.Ply == keep+1 {
			// A child of a node at the last ply kept: it and everything
			// under it become counts there.
			c := n.own()
			c.Add(n.Under())
			n.Parent.Below.Add(c)
		}
	}
	clear(rec.Nodes[len(kept):])
	rec.Nodes = kept
	for _, n := range rec.Nodes {
		if n.Ply == keep {
			n.Children = nil
		}
	}
	// The current line: nodes deeper than kept are now counted at the ply
	// kept.
	for i := range r.line {
		if i > keep && i < len(r.line) {
			r.line[i].kept = r.line[keep].kept
		}
	}
	return true
}

func (r *Recorder) node(e *trace.Event) *Node {
	if e.Node < 0 || e.Node >= r.next {
		r.fail(fmt.Errorf("event %d (%s): node %d was never entered", e.Seq, e.Kind, e.Node))
		return nil
	}
	return r.rec.Node(e.Node) // nil for a node entered but not kept
}

func (r *Recorder) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// LastIteration is the number of the last iteration the recording visits
// (0 when it visits no root).
func (rec *Recording) LastIteration() int {
	if len(rec.Roots) == 0 {
		return 0
	}
	return rec.Roots[len(rec.Roots)-1].Iteration
}

// PVNodes follows the principal variation of the summary from the root through
// the recorded children and returns the nodes on it (the root first). Where a
// move was visited more than once (a re-search), the last visit counts.
func (rec *Recording) PVNodes() []*Node { return rec.PVFrom(rec.Root) }

// PVFrom follows the summary's principal variation from one root visit.
func (rec *Recording) PVFrom(root *Node) []*Node {
	if root == nil {
		return nil
	}
	line := []*Node{root}
	if rec.Summary == nil {
		return line
	}
	n := root
	for _, mv := range rec.Summary.PV {
		var next *Node
		for _, c := range n.Children {
			if c.Move == mv {
				next = c
			}
		}
		if next == nil {
			break
		}
		line = append(line, next)
		n = next
	}
	return line
}
