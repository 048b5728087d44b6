package trace

import "fmt"

// Recording is a search rebuilt from its events: the run's info, the tree of
// visited nodes in visit order, and the summary. Sinks that need the whole
// picture (diagrams, the step-through player) work from a Recording.
type Recording struct {
	Info    *Info
	Summary *Summary
	Root    *Node
	Nodes   []*Node // by id: Nodes[id].ID == id
	Events  int64   // events seen
}

// Node is one visit of a position in a recorded search.
type Node struct {
	ID     int64
	Parent *Node
	Move   string // label of the move into the node ("" at the root)
	Path   string
	Ply    int
	Depth  int
	Max    bool // MAX is to move

	HasWindow   bool
	Alpha, Beta int64 // window the node was searched with

	HasValue bool
	Value    int64 // value the node returned
	Bound    Bound
	Closed   bool // the exit event was seen

	Leaf       bool   // a static or terminal value was used
	LeafReason string // "static", "terminal", "no moves"

	Cut      *Cut // set when the node stopped before its last move
	Children []*Node

	// The selective techniques.
	Null     bool      // reached by a null move (a pass)
	QS       bool      // a quiescence-search node
	QSRoot   bool      // quiescence search started here, at the horizon
	Stand    *Stand    // the stand-pat evaluation of a quiescence node
	NullMove *NullMove // a null move (or threat test) tried here
	NullSkip string    // why a possible null move was not tried
	Change   *Change   // the node is searched deeper or shallower than usual
	Razored  *Razoring // razoring cut the node short
	Futile   []Futile  // moves skipped by futility pruning
	Research string    // why the node was searched again
	pending  *Change   // a change announced for the next child entered
}

// Stand is a quiescence node's stand-pat evaluation and whether it cut.
type Stand struct {
	Value int64
	Cut   bool
}

// NullMove is a null-move try at a node and how it ended: "prune", "fail",
// "verify" (verification asked), or for a threat test "threat" or "no threat".
type NullMove struct {
	Threat  bool
	To      int // depth of the null-move search
	Alpha   int64
	Beta    int64
	Detail  string
	Outcome string
	Value   int64
}

// Change is a depth change of a node: an extension or a reduction.
type Change struct {
	Kind     Kind // Extend or Reduce
	From, To int  // the depth the move would have had, and the one it got
	Reason   string
}

// Razoring is razoring at a node.
type Razoring struct {
	Value, Margin int64
	From, To      int
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
	Reason      string   // "beta" (a MAX node reached beta) or "alpha" (a MIN node reached alpha)
	Pruned      []string // moves never searched
	Unsearched  []*Subtree
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
}

// NewRecorder returns an empty recorder.
func NewRecorder() *Recorder { return &Recorder{} }

// Hooks returns hooks that record every event.
func (r *Recorder) Hooks() *Hooks {
	return &Hooks{Event: func(e *Event) { r.Add(e) }}
}

// Err reports the first inconsistency found in the event stream (an event about
// a node that was never entered, ids out of order), or nil.
func (r *Recorder) Err() error { return r.err }

// Recording returns what has been recorded so far.
func (r *Recorder) Recording() *Recording { return &r.rec }

// Add records one event. Inconsistent events are ignored and remembered in Err.
func (r *Recorder) Add(e *Event) {
	rec := &r.rec
	rec.Events++
	switch e.Kind {
	case Start:
		rec.Info = e.Info
		return
	case Done:
		rec.Summary = e.Summary
		return
	case Enter:
		r.enter(e)
		return
	}
	n := r.node(e)
	if n == nil {
		return
	}
	switch e.Kind {
	case Leaf:
		n.Leaf = true
		n.LeafReason = e.Reason
		n.HasValue, n.Value = true, e.Value
	case Exit:
		n.Closed = true
		n.HasValue, n.Value, n.Bound = true, e.Value, e.Bound
	case Cutoff:
		n.Cut = &Cut{
			Move: e.Move, Value: e.Value, Alpha: e.Alpha, Beta: e.Beta,
			Reason: e.Reason, Pruned: e.Pruned, Unsearched: e.Unsearched,
		}
	case QSEnter:
		n.QS, n.QSRoot = true, true
	case StandPat:
		n.Stand = &Stand{Value: e.Value, Cut: e.Reason == "cutoff"}
	case NullTry:
		n.NullMove = &NullMove{Threat: e.Reason == "threat", To: e.To, Alpha: e.Alpha, Beta: e.Beta, Detail: e.Detail}
	case NullSkip:
		n.NullSkip = e.Detail
	case NullPrune, NullFail:
		if n.NullMove != nil {
			n.NullMove.Value = e.Value
			switch {
			case e.Kind == NullPrune:
				n.NullMove.Outcome = "prune"
			case e.Reason == "verify", e.Reason == "no threat":
				n.NullMove.Outcome = e.Reason
			default:
				n.NullMove.Outcome = "fail"
			}
		}
	case Reduce, Extend:
		c := &Change{Kind: e.Kind, From: e.Depth - 1, To: e.To, Reason: e.Reason}
		if e.Move == "" { // the node itself (a threat extension)
			c.From = e.Depth
			n.Change = c
			if n.NullMove != nil && n.NullMove.Threat {
				n.NullMove.Outcome = "threat"
			}
		} else {
			n.pending = c
		}
	case Razor:
		n.Razored = &Razoring{Value: e.Value, Margin: e.Margin, From: e.Depth, To: e.To}
	case Futility:
		n.Futile = append(n.Futile, Futile{Move: e.Move, Value: e.Value, Margin: e.Margin})
	case Research:
		n.Research = e.Reason
	}
}

func (r *Recorder) enter(e *Event) {
	rec := &r.rec
	if e.Node != int64(len(rec.Nodes)) {
		r.fail(fmt.Errorf("event %d: node %d entered out of order (expected %d)", e.Seq, e.Node, len(rec.Nodes)))
		return
	}
	n := &Node{
		ID: e.Node, Move: e.Move, Path: e.Path, Ply: e.Ply, Depth: e.Depth, Max: e.Max,
		HasWindow: e.Has&HasWindow != 0, Alpha: e.Alpha, Beta: e.Beta,
		Null: e.Move == "--", QS: e.Reason == "qs",
	}
	if e.Has&HasParent != 0 {
		if e.Parent < 0 || e.Parent >= int64(len(rec.Nodes)) {
			r.fail(fmt.Errorf("event %d: parent %d of node %d was never entered", e.Seq, e.Parent, e.Node))
			return
		}
		n.Parent = rec.Nodes[e.Parent]
		n.Parent.Children = append(n.Parent.Children, n)
		if p := n.Parent.pending; p != nil && p.Reason != "" {
			n.Change, n.Parent.pending = p, nil
		}
	} else if rec.Root == nil {
		rec.Root = n
	}
	rec.Nodes = append(rec.Nodes, n)
}

func (r *Recorder) node(e *Event) *Node {
	if e.Node < 0 || e.Node >= int64(len(r.rec.Nodes)) {
		r.fail(fmt.Errorf("event %d (%s): node %d was never entered", e.Seq, e.Kind, e.Node))
		return nil
	}
	return r.rec.Nodes[e.Node]
}

func (r *Recorder) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// PVNodes follows the principal variation of the summary from the root through
// the recorded children and returns the nodes on it (the root first). Where a
// move was visited more than once (a re-search), the last visit counts.
func (rec *Recording) PVNodes() []*Node {
	if rec.Root == nil {
		return nil
	}
	line := []*Node{rec.Root}
	if rec.Summary == nil {
		return line
	}
	n := rec.Root
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
