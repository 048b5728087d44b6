// Package overview shows the shape of a whole search, however big: a sink
// (Builder) that adds up the events of a search by path — the moves from the
// root — as the search runs, and an icicle chart of the sums drawn as SVG
// (svg.go).
//
// The Builder keeps one cell per path down to a ply (MaxPly), and at most
// Cap cells: when a new path would pass the cap, the deepest row of cells
// is folded into the row above: its counts are added to its parents', and
// what it and the plies below it held becomes, a ply at a time, the tail of
// each parent (Cell.Tail), so the chart still draws every ply down to
// MaxPly, the moves of the folded plies added up. Events deeper than the
// cells kept are counted in the cell of their deepest kept ancestor. So the
// memory follows the cells kept, never the nodes searched: a search of
// millions of nodes costs the same few megabytes as one of thousands.
//
// Counting follows the contract (DESIGN.md): a cell's nodes are the
// positions entered at or below its path, each visit counted (a path
// searched again in a later iteration, pass or re-search adds its nodes
// again); leaves are the evaluations used (leaf and stand_pat). The root
// cell's counts are the search's own (engine.Result.Counts).
package overview

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// Defaults of a Builder: plies kept (a readable chart has a handful of
// rows) and cells kept (some 25 MB; a chart 1,920 pixels wide draws at
// most some 900 cells a row one by one, and the rows folded away are still
// drawn, added up by ply).
const (
	DefaultMaxPly = 8
	DefaultCap    = 100_000
	// MaxPlyLimit bounds MaxPly: rows beyond it would be a pixel high.
	MaxPlyLimit = 32
)

// ErrEmpty is what Overview returns for a trace in which no node was
// entered: there is nothing to draw.
var ErrEmpty = errors.New("the trace has no search in it: no node was entered")

// Counts are the events of a part of a search, by kind: what a cell's
// subtree holds (Cell.Counts), or what happened at the cell's own node
// (Cell.Own).
type Counts struct {
	Nodes      int64 // positions entered, each visit counted (Own: the visits of the path)
	Leaves     int64 // static or terminal evaluations used, stand pats included
	Cutoffs    int64 // nodes that left moves unsearched
	NullPrunes int64 // nodes pruned by the null move
	Reductions int64 // moves searched with less depth (Own: into this node)
	Extensions int64 // moves searched with more depth, or nodes extended (Own: into or at this node)
	TTHits     int64 // transposition-table hits
	TTCuts     int64 // hits that ended the node
	Researches int64 // moves searched again (Own: this node searched again)
	QS         int64 // quiescence searches started at the horizon (qs_enter)
	QSNodes    int64 // nodes entered by quiescence search
	Futile     int64 // moves skipped by futility pruning
	Razored    int64 // nodes cut short by razoring
	Pruned     int64 // moves a cutoff left unsearched
}

func (c *Counts) add(o *Counts) {
	c.Nodes += o.Nodes
	c.Leaves += o.Leaves
	c.Cutoffs += o.Cutoffs
	c.NullPrunes += o.NullPrunes
	c.Reductions += o.Reductions
	c.Extensions += o.Extensions
	c.TTHits += o.TTHits
	c.TTCuts += o.TTCuts
	c.Researches += o.Researches
	c.QS += o.QS
	c.QSNodes += o.QSNodes
	c.Futile += o.Futile
	c.Razored += o.Razored
	c.Pruned += o.Pruned
}

// Builder adds up a search's events by path. Use its Hooks as (one of) the
// search's hooks, or feed it events read back from a JSON Lines trace. Set
// MaxPly and Cap (0: the defaults) before the first event.
type Builder struct {
	MaxPly int // deepest ply that has cells of its own
	Cap    int // most cells kept

	cells pages
	tails []Slot             // the rows below the deepest kept cells, slots of them a cell
	slots int                // rows a tail has: MaxPly less the plies kept
	index map[childKey]int32 // a cell's children by move
	stack []frame            // the open nodes, by ply
	maxPly,
	userMax,
	capacity int // in force: MaxPly lowered by folds, MaxPly, Cap
	started bool
	deepest int // deepest ply entered
	folds   int

	info     *trace.Info
	summary  *trace.Summary
	hasValue bool                  // the done event has the root's value
	kinds    [trace.NumKinds]int64 // events of each kind
	events   int64
	err      error
}

type childKey struct {
	parent int32
	move   string
}

// pages hold the cells, pageSize to a page, so that the store grows a page
// at a time: no copy of every cell, no room reserved for as many again, as
// one growing slice would make at its cap.
type pages [][]cell

const (
	pageBits = 12
	pageSize = 1 << pageBits
)

func (ps pages) at(i int32) *cell { return &ps[i>>pageBits][i&(pageSize-1)] }

func (ps pages) len() int {
	if len(ps) == 0 {
		return 0
	}
	return (len(ps)-1)*pageSize + len(ps[len(ps)-1])
}

// add appends c and returns its index.
func (ps *pages) add(c cell) int32 {
	n := ps.len()
	if n%pageSize == 0 {
		*ps = append(*ps, make([]cell, 0, min(n+16, pageSize)))
	}
	last := &(*ps)[len(*ps)-1]
	*last = append(*last, c)
	return int32(n)
}

// counts32 is what happened at one path's own node, in 32 bits: a path is
// visited a handful of times (iterations, passes, re-searches), never
// billions.
type counts32 struct {
	Nodes, Leaves, Cutoffs, NullPrunes, Reductions, Extensions, TTHits, TTCuts,
	Researches, QS, QSNodes, Futile, Razored, Pruned int32
}

func (c *counts32) counts() Counts {
	return Counts{Nodes: int64(c.Nodes), Leaves: int64(c.Leaves), Cutoffs: int64(c.Cutoffs), NullPrunes: int64(c.NullPrunes),
		Reductions: int64(c.Reductions), Extensions: int64(c.Extensions), TTHits: int64(c.TTHits), TTCuts: int64(c.TTCuts),
		Researches: int64(c.Researches), QS: int64(c.QS), QSNodes: int64(c.QSNodes), Futile: int64(c.Futile),
		Razored: int64(c.Razored), Pruned: int64(c.Pruned)}
}

// cell is the sums of one path. here counts the events at the nodes the
// cell stands for: its own node, and deeper ones folded into it (the
// subtree's sums are added up by Overview); own those at its node alone.
type cell struct {
	move   string
	parent int32
	ply    int32
	tail   int32 // the cell's first slot in tails, -1 for none
	here   Counts
	own    counts32
	// The last visit: its value and bound, and whether it was a leaf.
	value    int64
	bound    score.Bound
	hasValue bool
	leaf     bool
	// order is the sequence number of the cell's first entry within its
	// parent's latest visit (parentVisit), so the chart can lay children
	// out in the order the last search of their parent tried them.
	order       int64
	parentVisit int32
}

// frame is an open node: the cell it is counted in, whether the cell is the
// node's own (exact) or an ancestor's the node was folded into, and the
// depth changes and re-search a technique announced for the next child.
type frame struct {
	cell  int32
	exact bool
	next  pending
}

// pending is what an event at a node said about the child entered next
// (reduce, extend and research name the move).
type pending struct {
	move                     string
	reduce, extend, research int64
}

func (p *pending) any() bool { return p.reduce+p.extend+p.research > 0 }

// New returns a builder keeping cells down to maxPly, at most capacity of
// them (0: the defaults).
func New(maxPly, capacity int) *Builder { return &Builder{MaxPly: maxPly, Cap: capacity} }

// Hooks returns hooks that add up every event.
func (b *Builder) Hooks() *trace.Hooks {
	return &trace.Hooks{Event: b.Add}
}

// Err reports the first inconsistency found in the event stream (an event
// about a node deeper than any open one), or nil.
func (b *Builder) Err() error { return b.err }

func (b *Builder) fail(err error) {
	if b.err == nil {
		b.err = err
	}
}

func (b *Builder) init() {
	b.started = true
	b.maxPly = b.MaxPly
	if b.maxPly <= 0 {
		b.maxPly = DefaultMaxPly
	}
	b.maxPly = min(b.maxPly, MaxPlyLimit)
	b.userMax = b.maxPly
	b.capacity = b.Cap
	if b.capacity <= 0 {
		b.capacity = DefaultCap
	}
	b.index = map[childKey]int32{}
}

// Add adds one event. Events that break the stream's order (reported by
// Err) are left out.
func (b *Builder) Add(e *trace.Event) {
	if !b.started {
		b.init()
	}
	b.events++
	if e.Kind < trace.NumKinds {
		b.kinds[e.Kind]++
	}
	switch e.Kind {
	case trace.Start:
		b.info = e.Info
		return
	case trace.Done:
		b.summary, b.hasValue = e.Summary, e.Has&trace.HasValue != 0 && e.Summary != nil
		return
	case trace.Enter:
		b.enter(e)
		return
	}
	if e.Kind.Spec().About != trace.AboutOpen && e.Kind != trace.Exit {
		return // iter, window, tt_store: about the root or a closed node; counted by kind only
	}
	if e.Ply < 0 || e.Ply >= len(b.stack) {
		b.fail(fmt.Errorf("event %d: %s at ply %d, but %d nodes are open", e.Seq, e.Kind, e.Ply, len(b.stack)))
		return
	}
	f := &b.stack[e.Ply]
	c := b.cells.at(f.cell)
	switch e.Kind {
	case trace.Exit:
		if f.next.any() {
			// Announced for a child that was never entered: the node's own.
			b.settle(f, &f.next)
		}
		if f.exact {
			c.value, c.bound, c.hasValue = e.Value, e.Bound, e.Has&trace.HasValue != 0
		}
		b.stack = b.stack[:e.Ply]
	case trace.Leaf, trace.StandPat:
		c.here.Leaves++
		if f.exact {
			c.own.Leaves++
			c.leaf = c.leaf || e.Kind == trace.Leaf
		} else if sl := b.slot(f.cell, e.Ply); sl != nil {
			sl.Leaves++
		}
	case trace.Cutoff:
		c.here.Cutoffs++
		c.here.Pruned += int64(len(e.Pruned))
		if f.exact {
			c.own.Cutoffs++
			c.own.Pruned += int32(len(e.Pruned))
		} else if sl := b.slot(f.cell, e.Ply); sl != nil {
			sl.Cutoffs++
		}
	case trace.NullPrune:
		c.here.NullPrunes++
		if f.exact {
			c.own.NullPrunes++
		} else if sl := b.slot(f.cell, e.Ply); sl != nil {
			sl.NullPrunes++
		}
	case trace.TTHit:
		cut := int64(0)
		if e.Reason == trace.ReasonTTCut {
			cut = 1
		}
		c.here.TTHits++
		c.here.TTCuts += cut
		if f.exact {
			c.own.TTHits++
			c.own.TTCuts += int32(cut)
		} else if sl := b.slot(f.cell, e.Ply); sl != nil {
			sl.TTCuts += cut
		}
	case trace.QSEnter:
		c.here.QS++
		if f.exact {
			c.own.QS++
		}
	case trace.Futility:
		c.here.Futile++
		if f.exact {
			c.own.Futile++
		}
	case trace.Razor:
		c.here.Razored++
		if f.exact {
			c.own.Razored++
		}
	case trace.Reduce, trace.Extend, trace.Research:
		p := pending{move: e.Move}
		switch e.Kind {
		case trace.Reduce:
			p.reduce = 1
		case trace.Extend:
			p.extend = 1
		default:
			p.research = 1
		}
		if e.Move == "" {
			b.settle(f, &p) // about the node itself (a threat extension, a verification's re-search)
			return
		}
		if f.next.any() && f.next.move != e.Move {
			b.settle(f, &f.next)
		}
		f.next.move = e.Move
		f.next.reduce += p.reduce
		f.next.extend += p.extend
		f.next.research += p.research
	}
}

// settle counts what p says at the node of frame f, and clears p.
func (b *Builder) settle(f *frame, p *pending) {
	c := b.cells.at(f.cell)
	c.here.Reductions += p.reduce
	c.here.Extensions += p.extend
	c.here.Researches += p.research
	if f.exact {
		c.own.Reductions += int32(p.reduce)
		c.own.Extensions += int32(p.extend)
		c.own.Researches += int32(p.research)
	}
	*p = pending{}
}

func (b *Builder) enter(e *trace.Event) {
	p := e.Ply
	if p != len(b.stack) {
		b.fail(fmt.Errorf("event %d: node %d entered at ply %d, but %d nodes are open", e.Seq, e.Node, p, len(b.stack)))
		return
	}
	b.deepest = max(b.deepest, p)
	var f frame
	switch {
	case p == 0:
		if b.cells.len() == 0 {
			b.cells.add(cell{parent: -1, tail: -1})
		}
		f = frame{cell: 0, exact: true}
	default:
		f = b.child(p, e.Move, e.Seq)
	}
	b.stack = append(b.stack, f)
	c := b.cells.at(f.cell)
	qs := int64(0)
	if e.Reason == trace.ReasonQS {
		qs = 1
	}
	c.here.Nodes++
	c.here.QSNodes += qs
	if f.exact {
		c.own.Nodes++
		c.own.QSNodes += int32(qs)
		c.leaf = false
	} else if sl := b.slot(f.cell, p); sl != nil {
		sl.Nodes++
		sl.QS += qs
	}
	if p > 0 {
		if up := &b.stack[p-1]; up.next.any() {
			if up.next.move == e.Move {
				b.settle(&b.stack[p], &up.next)
			} else {
				b.settle(up, &up.next)
			}
		}
	}
}

// child finds or makes the cell of the move at ply p below the innermost
// open node, folding the deepest row when the cells are at the cap. A node
// below the kept plies is counted in its deepest kept ancestor.
func (b *Builder) child(p int, move string, seq int64) frame {
	up := b.stack[p-1]
	if !up.exact || p > b.maxPly {
		return frame{cell: up.cell}
	}
	k := childKey{up.cell, move}
	i, ok := b.index[k]
	if !ok {
		for b.cells.len() >= b.capacity && b.maxPly > 0 {
			b.fold()
		}
		up = b.stack[p-1]
		if !up.exact || p > b.maxPly {
			return frame{cell: up.cell}
		}
		i = b.cells.add(cell{move: move, parent: up.cell, ply: int32(p), tail: -1, parentVisit: -1})
		b.index[childKey{up.cell, move}] = i
	}
	c := b.cells.at(i)
	if v := b.cells.at(up.cell).own.Nodes; c.parentVisit != v {
		c.parentVisit, c.order = v, seq
	}
	return frame{cell: i, exact: true}
}

// Slot is what happened at one ply below a cell of the deepest kept row:
// the nodes entered at that ply (the last row of the chart: at that ply
// and deeper), and how they ended.
type Slot struct {
	Nodes      int64
	Leaves     int64
	Cutoffs    int64
	NullPrunes int64
	TTCuts     int64
	QS         int64 // nodes entered by quiescence search
}

func (s *Slot) add(o *Slot) {
	s.Nodes += o.Nodes
	s.Leaves += o.Leaves
	s.Cutoffs += o.Cutoffs
	s.NullPrunes += o.NullPrunes
	s.TTCuts += o.TTCuts
	s.QS += o.QS
}

func (s *Slot) sub(o *Slot) {
	s.Nodes -= o.Nodes
	s.Leaves -= o.Leaves
	s.Cutoffs -= o.Cutoffs
	s.NullPrunes -= o.NullPrunes
	s.TTCuts -= o.TTCuts
	s.QS -= o.QS
}

// slot is the slot of ply in the tail of cell ci (a cell of the deepest
// kept row), nil when the ply is no row of the chart's (rows are kept to
// MaxPly; deeper plies are counted in the last).
func (b *Builder) slot(ci int32, ply int) *Slot {
	k := min(ply, b.userMax) - b.maxPly - 1
	if k < 0 || k >= b.slots {
		return nil
	}
	return b.tailSlot(b.cells.at(ci), k)
}

// fold lowers the kept plies to one less than the deepest cells': that row
// is added into its parents, its nodes and what lay below them becoming
// the first rows of its parents' tails, and the nodes open there are
// counted in them from now on.
func (b *Builder) fold() {
	n := b.cells.len()
	deepest := int32(0)
	for i := range n {
		deepest = max(deepest, b.cells.at(int32(i)).ply)
	}
	old := b.maxPly
	b.maxPly = max(int(deepest)-1, 0)
	b.folds++
	keep := int32(b.maxPly)
	oldTails, oldSlots := b.tails, b.slots
	b.slots = b.userMax - b.maxPly
	b.tails = nil
	remap := make([]int32, n)
	var out pages // the cells kept, in new pages: the old ones are let go
	for i := range n {
		c := *b.cells.at(int32(i))
		if c.ply <= keep {
			if c.parent >= 0 {
				c.parent = remap[c.parent]
			}
			c.tail = -1
			remap[i] = out.add(c)
			continue
		}
		to := remap[c.parent] // the parent is kept, or folded into a kept cell
		remap[i] = to
		up := out.at(to)
		up.here.add(&c.here)
		// The folded row's own nodes are the first row of the parent's
		// tail; the rows of its own tail follow.
		own := Slot{Nodes: int64(c.own.Nodes), Leaves: int64(c.own.Leaves), Cutoffs: int64(c.own.Cutoffs),
			NullPrunes: int64(c.own.NullPrunes), TTCuts: int64(c.own.TTCuts), QS: int64(c.own.QSNodes)}
		b.tailSlot(up, 0).add(&own)
		// What the cell counted beyond its tail (nodes deeper than the
		// last row, when it was the last row) belongs to the last row.
		rest := Slot{Nodes: c.here.Nodes, Leaves: c.here.Leaves, Cutoffs: c.here.Cutoffs,
			NullPrunes: c.here.NullPrunes, TTCuts: c.here.TTCuts, QS: c.here.QSNodes}
		rest.sub(&own)
		if c.tail >= 0 {
			for k := range oldSlots {
				sl := &oldTails[int(c.tail)+k]
				rest.sub(sl)
				if at := old - b.maxPly + k; at < b.slots {
					b.tailSlot(up, at).add(sl)
				}
			}
		}
		b.tailSlot(up, b.slots-1).add(&rest)
	}
	b.cells = out
	b.index = make(map[childKey]int32, out.len()) // made anew: a map never shrinks
	for i := 1; i < out.len(); i++ {
		c := out.at(int32(i))
		b.index[childKey{c.parent, c.move}] = int32(i)
	}
	for i := range b.stack {
		f := &b.stack[i]
		f.exact = f.exact && out.at(remap[f.cell]).ply == int32(i) && i <= b.maxPly
		f.cell = remap[f.cell]
	}
}

// tailSlot is slot k of cell c's tail, made when new.
func (b *Builder) tailSlot(c *cell, k int) *Slot {
	if c.tail < 0 {
		c.tail = int32(len(b.tails))
		b.tails = append(b.tails, make([]Slot, b.slots)...)
	}
	return &b.tails[int(c.tail)+k]
}

// Cells reports how many cells the builder keeps now.
func (b *Builder) Cells() int { return b.cells.len() }

// Overview is a search added up by path, ready to draw.
type Overview struct {
	Info    *trace.Info    // the run's, nil when the trace had no start event
	Summary *trace.Summary // nil when the trace had no done event
	// HasValue: the done event has the root's value (not a search stopped
	// before its first result).
	HasValue bool
	// Cells are the paths kept, the root first, every parent before its
	// children.
	Cells []Cell
	// MaxPly is the deepest ply with cells; Deepest the deepest ply the
	// search entered. Nodes below MaxPly are counted in the cells of the
	// last row, and, down to Rows, in their tails.
	MaxPly, Deepest int
	// Rows is the number of rows of the chart: MaxPly+1, and the rows of
	// the tails below it when rows were folded (to the Builder's MaxPly,
	// the last row holding the deeper nodes).
	Rows int
	// Folds counts the rows folded away to keep within the cap.
	Folds int
	// Kinds counts the events of each kind; Events all of them.
	Kinds  [trace.NumKinds]int64
	Events int64
}

// Cell is the sums of one path.
type Cell struct {
	Move     string // the move into the cell, "" at the root
	Ply      int
	Parent   int   // index of the parent cell, -1 at the root
	Children []int // in the order the latest visit of this cell tried them
	// Counts are the events at and below the path, folded nodes included;
	// Own the events at the path's own node (Own.Nodes: its visits).
	Counts, Own Counts
	// The last visit's value and bound (HasValue), from MAX's point of view,
	// and whether it was a leaf.
	Value    int64
	Bound    score.Bound
	HasValue bool
	Leaf     bool
	QS       bool // a quiescence-search node
	PV       bool // on the principal variation
	// Tail is what lies below a cell of the last row, a ply at a time
	// (rows folded to keep the cells within the cap), nil when nothing
	// does.
	Tail []Slot
}

// Path is the moves from the root to the cell, joined by spaces as a
// trace's paths are (a toy tree's node name is its last move).
func (o *Overview) Path(i int) string {
	var moves []string
	for ; i > 0; i = o.Cells[i].Parent {
		moves = append(moves, o.Cells[i].Move)
	}
	slices.Reverse(moves)
	if o.Info != nil && o.Info.Game == "tree" && len(moves) > 0 {
		return moves[len(moves)-1]
	}
	s := ""
	for j, m := range moves {
		if j > 0 {
			s += " "
		}
		s += m
	}
	return s
}

// Overview adds up what the builder kept: each cell's counts over its
// subtree, its children in order, the principal variation marked. The
// builder is left as it was.
func (b *Builder) Overview() (*Overview, error) {
	if b.err != nil {
		return nil, b.err
	}
	n := b.cells.len()
	if n == 0 {
		return nil, ErrEmpty
	}
	o := &Overview{Info: b.info, Summary: b.summary, HasValue: b.hasValue, Deepest: b.deepest, Folds: b.folds, Kinds: b.kinds, Events: b.events}
	o.Cells = make([]Cell, n)
	for i := range n {
		c := b.cells.at(int32(i))
		o.Cells[i] = Cell{Move: c.move, Ply: int(c.ply), Parent: int(c.parent), Counts: c.here, Own: c.own.counts(),
			Value: c.value, Bound: c.bound, HasValue: c.hasValue, Leaf: c.leaf, QS: c.own.QSNodes > 0}
		o.MaxPly = max(o.MaxPly, int(c.ply))
		if c.tail >= 0 {
			tail := b.tails[c.tail : int(c.tail)+b.slots]
			for len(tail) > 0 && tail[len(tail)-1].Nodes == 0 {
				tail = tail[:len(tail)-1]
			}
			o.Cells[i].Tail = slices.Clone(tail)
			o.Rows = max(o.Rows, int(c.ply)+len(tail)+1)
		}
	}
	o.Rows = max(o.Rows, o.MaxPly+1)
	for i := len(o.Cells) - 1; i > 0; i-- {
		o.Cells[o.Cells[i].Parent].Counts.add(&o.Cells[i].Counts)
	}
	for i := 1; i < len(o.Cells); i++ {
		p := &o.Cells[o.Cells[i].Parent]
		p.Children = append(p.Children, i)
	}
	for i := range o.Cells {
		// The children the latest visit tried first, in its order; then
		// those only earlier visits tried, in theirs.
		visit := b.cells.at(int32(i)).own.Nodes
		slices.SortStableFunc(o.Cells[i].Children, func(x, y int) int {
			cx, cy := b.cells.at(int32(x)), b.cells.at(int32(y))
			lx, ly := cx.parentVisit == visit, cy.parentVisit == visit
			switch {
			case lx != ly && lx:
				return -1
			case lx != ly:
				return 1
			}
			return cmp.Compare(cx.order, cy.order)
		})
	}
	if s := b.summary; s != nil {
		at := 0
		o.Cells[0].PV = len(s.PV) > 0
		for _, m := range s.PV {
			next := -1
			for _, ch := range o.Cells[at].Children {
				if o.Cells[ch].Move == m {
					next = ch
					break
				}
			}
			if next < 0 {
				break
			}
			o.Cells[next].PV = true
			at = next
		}
	}
	return o, nil
}
