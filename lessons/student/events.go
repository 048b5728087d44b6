package student

import (
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// A student's search shown as prunescope shows its own: Events turns the
// steps of a student's trace (ReadGame) into prunescope's trace events, so
// that the step-through player, the pictures, the projector page and diff
// show it as they show a search prunescope ran. What the student's trace
// does not tell, the events do not say: no window, no bound, no cutoff (a
// node the search never entered is simply not there, never "pruned"), and
// the run's Info names no algorithm prunescope runs (Info.NodesOnly).

// Converted is a student's search as prunescope's trace events.
type Converted struct {
	Info   *trace.Info
	Events []*trace.Event // start, the node events, done
	// Shown counts the student's steps the events show: all of them, unless
	// the trace stops being a search there (Stop).
	Shown int
	// Stop says why the events stop before the student's last step, or
	// before every node entered has returned: the trace ends with nodes
	// open, or a step does not follow from the ones before it ("" when the
	// trace is a whole search). StopLine is the student's line of the
	// step the events stop at (0 when the trace ended).
	Stop     string
	StopLine int
	stop     stopAt // Stop, to say in another language (StopIn)
	// Seq is the sequence number, in Events, of the event of each step
	// shown: a node's enter, or the event that gives its value (its leaf
	// event, else its exit).
	Seq []int64
}

// Info is the start event's description of a student's search of g to
// depth (the depth the reference search goes): the game, its input, its
// units and players, as prunescope's search of it would say them, and for
// the algorithm the words "yours (name)", name the trace's file; no
// conventions and no options, which the trace does not tell.
func Info(g Game, depth int, name string) *trace.Info {
	in := engine.Describe(g.Position(false), engine.Limits{Depth: depth}, engine.Options{Algo: engine.Minimax})
	in.Algo = "yours (" + name + ")"
	in.Fail, in.Cutoff, in.Options, in.Order = "", "", nil, ""
	in.RootWindow, in.Bounds = nil, nil
	in.NodesOnly = true
	return in
}

// Events turns a student's steps of a search of g (read by ReadGame) into
// prunescope's trace events, described by info (Info): a start event, an
// enter for every node entered, with its path, the move into it, its ply,
// its depth left under info.Depth and the player to move; a leaf event for
// a node that returns at once the game's own value there (a toy tree's leaf
// or its static evaluation at the depth limit, a finished game, a position
// without moves, a chess position's static evaluation at the depth limit);
// an exit with the value every node returns (MAX's view), with no bound;
// and a done event with the root's value and the counts of nodes and
// leaves.
//
// The events follow the steps while they make a search: a step that
// enters a node which is not a move from the node open there, leaves a node
// other than the one open, or enters the root a second time, ends them
// (Converted.Stop says where and why), and so does the end of the trace
// with nodes still open. Those are left open, without a value: the done
// event then says the search stopped, and has no value. A trace whose first
// step is not the root's enter has nothing to show: an error, naming
// source and the line.
func Events(steps []Step, g Game, info *trace.Info, source string) (*Converted, error) {
	c := &Converted{Info: info}
	seq := int64(0)
	add := func(e *trace.Event) *trace.Event {
		e.Seq = seq
		seq++
		c.Events = append(c.Events, e)
		return e
	}
	add(&trace.Event{Kind: trace.Start, Depth: info.Depth, Info: info})

	type open struct {
		id   int64
		key  string
		path string
		ply  int
		max  bool
		// chance: a chance node (its events say so, as prunescope's do)
		chance bool
		move   engine.Move // the move into it (none at the root)
		kids   bool        // a child was entered
	}
	pos := g.Position(false)
	turns, _ := pos.(engine.Turns)
	chance, _ := pos.(engine.Chance)
	isChance := func() bool { return chance != nil && chance.IsChance() }
	rootMax := info.Root != "min"
	var stack []open
	var counts [trace.NumKinds]int64
	var nextID int64
	rootValue, haveValue := int64(0), false
	stop := func(i int, why stopAt) {
		why.line = steps[i].Line
		c.stop, c.Stop, c.StopLine = why, why.english(), steps[i].Line
	}
	var moves []engine.Move

	i := 0
steps:
	for ; i < len(steps); i++ {
		st := steps[i]
		path := g.tracePath(st.Key, st.Node)
		if !st.Exit {
			var mv engine.Move
			var pnum, pden int64 // the probability of a chance node's child
			if len(stack) == 0 {
				if _, _, isChild := g.parent(st.Key, st.Node); isChild {
					if i == 0 {
						// never the root: its path in the words of the language's format
						return nil, i18n.Errorf(`%s:%d: the trace enters node %s before the root: a search starts at the root (its first event enters "root")`, source, st.Line, path)
					}
					stop(i, stopAt{kind: stopAfterRoot, node: path})
					break
				}
				if nextID > 0 {
					stop(i, stopAt{kind: stopRootAgain})
					break
				}
			} else {
				top := &stack[len(stack)-1]
				p, label, ok := g.parent(st.Key, st.Node)
				if !ok || p != top.key {
					stop(i, stopAt{kind: stopNotMove, node: path, open: top.path})
					break
				}
				found := false
				moves = pos.Moves(moves[:0])
				for _, m := range moves {
					if pos.MoveLabel(m) == label {
						mv, found = m, true
						break
					}
				}
				if !found {
					stop(i, stopAt{kind: stopNotSearched, node: path, open: top.path})
					break
				}
				if top.chance {
					pnum, pden = chance.Weight(mv)
					g := score.GCD(pnum, pden)
					pnum, pden = pnum/g, pden/g
				}
				pos.Make(mv)
				top.kids = true
			}
			ply := len(stack)
			isMax := rootMax
			switch {
			case turns != nil:
				isMax = turns.MaxToMove()
			case ply%2 == 1:
				isMax = !rootMax
			}
			ch := isChance()
			e := &trace.Event{Kind: trace.Enter, Node: nextID, Path: path, Ply: ply, Depth: info.Depth - ply, Max: isMax, Chance: ch, PNum: pnum, PDen: pden}
			if ply > 0 {
				e.Has |= trace.HasParent
				e.Parent = stack[ply-1].id
				_, e.Move, _ = g.parent(st.Key, st.Node)
			}
			add(e)
			c.Seq = append(c.Seq, e.Seq)
			counts[trace.Enter]++
			stack = append(stack, open{id: nextID, key: st.Key, path: path, ply: ply, max: isMax, chance: ch, move: mv})
			nextID++
			continue
		}
		if len(stack) == 0 || stack[len(stack)-1].key != st.Key {
			at := stopAt{kind: stopReturns, node: path, none: len(stack) == 0}
			if len(stack) > 0 {
				at.open = stack[len(stack)-1].path
			}
			stop(i, at)
			break steps
		}
		top := stack[len(stack)-1]
		base := trace.Event{Node: top.id, Path: top.path, Ply: top.ply, Depth: info.Depth - top.ply, Max: top.max, Chance: top.chance}
		if top.ply > 0 {
			base.Has |= trace.HasParent
			base.Parent = stack[top.ply-1].id
		}
		if !top.kids {
			if reason, ok := own(pos, top.ply, info.Depth-top.ply, top.max, st.Value); ok {
				leaf := base
				leaf.Kind, leaf.Reason, leaf.Value = trace.Leaf, reason, st.Value
				leaf.Has |= trace.HasValue
				add(&leaf)
				c.Seq = append(c.Seq, leaf.Seq)
				counts[trace.Leaf]++
			}
		}
		exit := base
		exit.Kind, exit.Value = trace.Exit, st.Value
		exit.Has |= trace.HasValue
		add(&exit)
		if len(c.Seq) == i { // no leaf event told the value
			c.Seq = append(c.Seq, exit.Seq)
		}
		counts[trace.Exit]++
		stack = stack[:len(stack)-1]
		if top.ply > 0 {
			pos.Unmake(top.move)
		} else {
			rootValue, haveValue = st.Value, true
		}
	}
	c.Shown = i
	if c.Stop == "" && len(stack) > 0 {
		c.stop = stopAt{kind: stopEnds, line: steps[len(steps)-1].Line, open: stack[len(stack)-1].path}
		c.Stop = c.stop.english()
	}
	sum := &trace.Summary{Nodes: counts[trace.Enter], Leaves: counts[trace.Leaf], Counts: counts}
	done := &trace.Event{Kind: trace.Done, Depth: info.Depth, Summary: sum}
	switch {
	case len(stack) > 0:
		// Nodes left open, without a value: the search stopped there, said
		// in the language of info, as the sentences that tell it are.
		sum.Stopped = c.StopIn(i18n.For(i18n.Lang(info.Lang)))
	case haveValue:
		sum.Value = rootValue
		done.Has |= trace.HasValue
		done.Value = rootValue
	}
	add(done)
	return c, nil
}

// own tells whether v (MAX's view) is the game's own value at the current
// position of pos, at ply with depth left, where MAX moves when isMax, as
// prunescope's search takes it when the line ends there: a finished game's
// (a toy tree's leaf), a position without moves, or the static evaluation
// at the depth limit. reason is the leaf event's.
func own(pos engine.Position, ply, depth int, isMax bool, v int64) (reason string, ok bool) {
	view := func(x int64) int64 {
		if isMax {
			return x
		}
		return -x
	}
	if x, over := pos.Terminal(ply); over {
		return trace.ReasonTerminal, view(x) == v
	}
	if depth == 0 {
		if x, ok := pos.Evaluate(); ok && view(x) == v {
			return trace.ReasonStatic, true
		}
	}
	if len(pos.Moves(nil)) == 0 && view(pos.NoMoves(ply)) == v {
		return trace.ReasonNoMoves, true
	}
	return "", false
}

// nodeWords names a node in a sentence: "node 2.1", "the root".
func nodeWords(path string) string {
	if path == "" {
		return "the root"
	}
	return "node " + path
}
