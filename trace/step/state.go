// Package step is the step-through player: it walks a JSON Lines trace one
// step at a time, forwards and backwards, and says at each step what
// happened and why, with the path from the root, the window and a compact
// view of the tree searched so far.
//
// A step is one event, except that entering a leaf, its value and leaving it
// are one step, and the table's probes and stores (which change nothing a
// person sees but their node's marks) are taken with the step they follow.
// The player reads a trace lazily from a seekable file and keeps checkpoints
// to go back, so a huge trace is never held in memory.
//
// Windows. Each open node shows the window it was entered with, as its
// parent passed it, as every surface does (the pictures, the text trace, the
// page); beside it, labelled, what is live (Live): its best so far and the
// one bound that moves, "best 5 · α 5" at MAX, "best 3 · β 3" at MIN, and
// "closed: α 3 ≥ β 2 — cut" once α reaches β. Every event leaves a mark on
// the node it concerns (MarksOf), written after its line as glyphs.
package step

import (
	"slices"
	"strings"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Child is a completed child of an open node, as the compact tree shows it.
type Child struct {
	Node   int64
	Move   string
	Path   string
	Max    bool // MAX is to move at the child
	Chance bool // the child is a chance node
	Value  int64
	Bound  score.Bound
	Leaf   bool
	Cut    bool // a cutoff happened at the child
	Note   string
	Marks  Marks // what the events of the child left on it (MarksOf)
}

// Frame is an open node on the path from the root to the current node.
type Frame struct {
	Node      int64
	Move      string
	Path      string
	Max       bool
	Ply       int
	Depth     int
	HasWindow bool
	Alpha     int64 // the window the node was entered with (MAX's view)
	Beta      int64
	// AlphaFrom and BetaFrom are where the window's edges came from.
	AlphaFrom, BetaFrom explain.Source
	Leaf                bool // its value is a static or terminal evaluation
	HasBest             bool
	Best                int64 // the best value of its completed children (MAX's view)
	// prevBest and prevHas are Best and HasBest before the last child's
	// value: a research of that move supersedes it.
	prevBest int64
	prevHas  bool
	Children []Child
	Pruned   []string // moves a cutoff left unsearched
	Notes    []string // what the selective techniques did here, in short
	// Chance: a chance node, whose children searched in full are its
	// Outcomes; PNum/PDen: its probability as a chance node's child.
	Chance     bool
	Outcomes   []explain.Outcome
	PNum, PDen int64
	// Marks: what the events of the node left on it (MarksOf); LastMarks:
	// what events left on its last child after it returned (a table
	// store), kept here so that a mark never copies the list of children;
	// chance: its chance cut, once it has happened.
	Marks, LastMarks Marks
	chance           *chanceCut
}

// Label is the name of the frame's node: its path, or "root".
func (f *Frame) Label() string {
	if f.Path == "" {
		return "root"
	}
	return f.Path
}

// State is what the player shows after a step.
type State struct {
	Stack     []Frame
	Cuts      int // cutoffs and prunes so far
	Iteration int // completed iterations
	Pass      int // root visits in the iteration in progress
	Summary   *trace.Summary
	Root      *Child // what the last root visit returned, once it has
	// RootFrame is the last root visit once it has returned: its children
	// and what its cutoff left, for the tree at the end of the search.
	RootFrame *Frame
	// Sentence explains the last step (Said.Text), and Said is it with the
	// claims it makes; Node is the node it is about and Kind its main
	// event's kind.
	Sentence string
	Said     explain.Sentence
	// Others are the step's sentence in the languages the player was
	// asked to tell it in too (Player.SayAlso).
	Others  []string
	Node    int64
	Kind    trace.Kind
	pending string // a reduction or extension announced for the next child
	// pendingMarks: the marks of that announcement, for the next child.
	pendingMarks Marks
}

// clone returns a copy of st that later steps of either leave alone. The
// frames are copied; their lists are shared, capped at their length: a step
// only appends to them (Pruned it replaces whole), so an append to one copy
// never writes where the other looks. A checkpoint thus costs the open
// frames, not every child seen so far, and a node with a hundred thousand
// children does not fill the memory with copies of them.
func (st *State) clone() State {
	c := *st
	c.Stack = make([]Frame, len(st.Stack))
	for i, f := range st.Stack {
		f.Children = slices.Clip(f.Children)
		f.Pruned = slices.Clip(f.Pruned)
		f.Notes = slices.Clip(f.Notes)
		c.Stack[i] = f
	}
	return c
}

// top is the innermost open node, nil before the root is entered.
func (st *State) top() *Frame {
	if len(st.Stack) == 0 {
		return nil
	}
	return &st.Stack[len(st.Stack)-1]
}

// frame is the open node with the given id, nil if it is not open.
func (st *State) frame(node int64) *Frame {
	if i := st.index(node); i >= 0 {
		return &st.Stack[i]
	}
	return nil
}

// index is the place of the open node with the given id on the stack, -1
// if it is not open.
func (st *State) index(node int64) int {
	for i := len(st.Stack) - 1; i >= 0; i-- {
		if st.Stack[i].Node == node {
			return i
		}
	}
	return -1
}

// parentOf is the open node a node entered at ply is entered from, nil at
// the root or when the line does not reach it.
func (st *State) parentOf(ply int) *Frame {
	if ply <= 0 || ply > len(st.Stack) {
		return nil
	}
	return &st.Stack[ply-1]
}

// apply updates the state with one event of the run described by in (the
// sentence is the player's business: it sees the whole step).
func (st *State) apply(in *trace.Info, e *trace.Event) {
	sp := e.Kind.Spec()
	if sp.CutsAt(e) {
		st.Cuts++
	}
	if e.Kind != trace.Enter {
		st.mark(e.Node, MarksOf(e))
		st.pendingMarks |= MarksChild(e)
	}
	switch e.Kind {
	case trace.Enter:
		// The reader checks that a node is entered one ply below the
		// innermost open node; a stack that disagrees is cut back.
		if ply := max(e.Ply, 0); ply < len(st.Stack) {
			st.Stack = st.Stack[:ply]
		}
		f := Frame{
			Node: e.Node, Move: e.Move, Path: e.Path, Max: e.Max, Ply: e.Ply, Depth: e.Depth,
			HasWindow: e.Has&trace.HasWindow != 0, Alpha: e.Alpha, Beta: e.Beta,
			Chance: e.Chance, PNum: e.PNum, PDen: e.PDen,
		}
		f.AlphaFrom, f.BetaFrom = explain.Origins(in, openOf(st.parentOf(e.Ply)), e)
		f.Marks = MarksOf(e)
		if e.Ply == 0 {
			st.Pass++
			st.Root, st.RootFrame = nil, nil
		} else {
			if st.pending != "" {
				f.Notes = append(f.Notes, st.pending)
			}
			f.Marks |= st.pendingMarks
		}
		st.pending, st.pendingMarks = "", 0
		st.Stack = append(st.Stack, f)
	case trace.Leaf:
		if f := st.frame(e.Node); f != nil {
			f.Leaf = true
		}
	case trace.Exit:
		if st.frame(e.Node) == nil {
			return
		}
		i := len(st.Stack) - 1
		for st.Stack[i].Node != e.Node {
			i--
		}
		done := st.Stack[i]
		st.Stack = st.Stack[:i]
		c := Child{
			Node: done.Node, Move: done.Move, Path: done.Path, Max: done.Max, Chance: done.Chance,
			Value: e.Value, Bound: e.Bound, Leaf: done.Leaf, Cut: done.Pruned != nil,
			Note: strings.Join(done.Notes, ", "), Marks: done.Marks,
		}
		p := st.top()
		if p == nil {
			st.Root, st.RootFrame = &c, &done
			return
		}
		p.Children, p.LastMarks = append(p.Children, c), 0
		if done.Move == trace.PassMove {
			return // a pass is not one of the node's moves
		}
		if p.Chance {
			if e.Reason != trace.ReasonProbe {
				p.Outcomes = append(p.Outcomes, explain.Outcome{Num: done.PNum, Den: done.PDen, Value: e.Value})
			}
			return
		}
		p.prevBest, p.prevHas = p.Best, p.HasBest
		if !p.HasBest || (p.Max && e.Value > p.Best) || (!p.Max && e.Value < p.Best) {
			p.Best, p.HasBest = e.Value, true
		}
	case trace.Cutoff:
		if f := st.frame(e.Node); f != nil {
			f.Pruned = e.Pruned
		}
	case trace.ChanceCut:
		// A chance cut: the outcomes not searched are left as a cutoff
		// leaves its moves, and what the cut said is kept for the node's
		// live state.
		if f := st.frame(e.Node); f != nil {
			f.Pruned = make([]string, 0, len(e.Pruned))
			for i, m := range e.Pruned {
				// each outcome with its probability, where the event has it
				if i < len(e.Unsearched) && e.Unsearched[i].Move == m && e.Unsearched[i].PDen > 0 {
					m += " p=" + explain.Printer(in).Decimal(explain.Probability(e.Unsearched[i].PNum, e.Unsearched[i].PDen))
				}
				f.Pruned = append(f.Pruned, m)
			}
			f.chance = chanceCutOf(e)
		}
	case trace.Iter:
		st.Iteration = e.Depth
		st.Pass = 0
	case trace.Done:
		st.Summary = e.Summary
	default:
		st.note(in, e, sp)
	}
}

// mark adds the marks m to the node id: an open node, else the last
// child of the innermost open one, else the root's result.
func (st *State) mark(id int64, m Marks) {
	if m == 0 {
		return
	}
	if f := st.frame(id); f != nil {
		f.Marks |= m
		return
	}
	if top := st.top(); top != nil {
		if n := len(top.Children); n > 0 && top.Children[n-1].Node == id {
			top.LastMarks |= m // Children is shared with checkpoints: left as it is
		}
		return
	}
	if st.Root != nil && st.Root.Node == id {
		r := *st.Root
		r.Marks |= m
		st.Root = &r
	}
}

// note adds what an event of a technique says to the line of its node, or
// of the child entered next for a depth change of a move, as its row of the
// table of kinds tells.
func (st *State) note(in *trace.Info, e *trace.Event, sp *trace.Spec) {
	note := explain.NoteIn(in, e)
	if sp.Depths && e.Move != "" {
		st.pending = note // for the child about to be entered
		return
	}
	f := st.frame(e.Node)
	if f == nil {
		return
	}
	if sp.Restarts && e.Move == "" {
		f.HasBest = false // searched again from scratch
		f.Outcomes = nil
		f.Pruned = nil // a cut of the search before (iid's shallower one) is not the node's
	}
	if e.Kind == trace.Research && e.Reason == trace.ReasonAspiration && e.Ply == 0 && f.Ply == 0 {
		// The root's window opens on the side its move failed, and the
		// move is searched again with it: the window the root searches
		// with from now on (its exit says so too).
		if f.Max {
			f.Beta = score.Inf
		} else {
			f.Alpha = -score.Inf
		}
	}
	if e.Kind == trace.Research && e.Move != "" {
		// The move just searched is searched again (a PVS probe that
		// passed its null window, a root move that failed high on an
		// aspiration window): its first value does not count.
		f.Best, f.HasBest = f.prevBest, f.prevHas
	}
	if note != "" {
		f.Notes = append(f.Notes, note)
	}
}
