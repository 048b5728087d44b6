package truth

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// The oracle follows a search step by step, on its own (it shares no state
// with the sinks), and knows the true value of every subtree of a toy tree
// by brute force: minimax at the players' nodes, the weighted average at
// chance nodes, static evaluations at the horizon. Against it are checked
// what the claims of a sentence say beyond the event's own numbers: where a
// bound came from ("MAX can already get 3 elsewhere", "the window given for
// the root", "the least any value can be", Ballard's arithmetic), and the α,
// β and best value of a node as they stand when the sentence is said.

// oracle is the state of a search as the events tell it, and the tree.
type oracle struct {
	tr    *tree.Tree  // nil when there is no tree to know the truth from (chess)
	info  *trace.Info // the run's start event
	exact bool        // the search is exact: its numbers are bounds of the true values
	line  []oframe    // the open nodes, by ply
	memo  map[memoKey]*big.Rat
}

type memoKey struct {
	n     *tree.Node
	depth int
}

// oframe is an open node.
type oframe struct {
	id          int64 // the node's id in the trace
	path        string
	node        *tree.Node // nil without a tree
	max, chance bool
	pass        bool // entered by a null move: not one of its parent's moves
	ply, depth  int
	hasWin      bool
	alpha, beta int64 // the window it was entered with, MAX's view
	hasBest     bool
	best        int64    // the best value its moves returned so far
	done        []ochild // its moves searched so far (not its pass)
	// before the last move's value: a research of that move supersedes it
	prevBest int64
	prevHas  bool
	// passed is the window its parent passed it as the algorithm says, from
	// the parent's window as it stood (hasPassed false at the root, or under
	// a chance node or a pass); cut: a cutoff
	// happened at it; chanceCut: its chance cut, if any.
	passed    [2]int64
	hasPassed bool
	cut       bool
	chanceCut *trace.Event
}

// current is the node's window as it stands: α raised at MAX, β lowered at
// MIN by the moves searched so far.
func (f *oframe) current() (alpha, beta int64) {
	alpha, beta = f.alpha, f.beta
	switch {
	case f.hasBest && f.max:
		alpha = max(alpha, f.best)
	case f.hasBest:
		beta = min(beta, f.best)
	}
	return alpha, beta
}

// ochild is a completed move of an open node.
type ochild struct {
	node  *tree.Node
	depth int
	value int64 // what it returned
}

func newOracle(tr *tree.Tree, info *trace.Info, exact bool) *oracle {
	return &oracle{tr: tr, info: info, exact: exact && tr != nil, memo: map[memoKey]*big.Rat{}}
}

// find is the tree node of a path, nil without a tree.
func (o *oracle) find(path string) *tree.Node {
	if o.tr == nil {
		return nil
	}
	if path == "" {
		return o.tr.Root
	}
	return o.tr.Find(path)
}

// frame is the open node with the path, nil if none is open.
func (o *oracle) frame(path string) *oframe {
	for i := len(o.line) - 1; i >= 0; i-- {
		if o.line[i].path == path {
			return &o.line[i]
		}
	}
	return nil
}

// apply follows one event.
func (o *oracle) apply(e *trace.Event) {
	if e.Kind != trace.Research && e.Move == "" && e.Kind.Spec().Restarts {
		// Another kind that searches its node again from scratch (iid_done:
		// the shallower search's values are not the node's).
		if f := o.frame(e.Path); f != nil {
			f.hasBest, f.best, f.done = false, 0, nil
		}
	}
	switch e.Kind {
	case trace.Start:
		if e.Info != nil {
			o.info = e.Info
		}
	case trace.Enter:
		if e.Ply < len(o.line) {
			o.line = o.line[:e.Ply]
		}
		f := oframe{
			id: e.Node, path: e.Path, node: o.find(e.Path), max: e.Max, chance: e.Chance, pass: e.Move == trace.PassMove,
			ply: e.Ply, depth: e.Depth, hasWin: e.Has&trace.HasWindow != 0, alpha: e.Alpha, beta: e.Beta,
		}
		if n := len(o.line); n > 0 && !o.line[n-1].chance && o.line[n-1].hasWin && !f.pass {
			a, b := o.line[n-1].current()
			if o.info != nil && o.info.Algo == "branch-bound" {
				// One bound: the parent's own, the one that moves, to
				// a child of the other side; to one of its own side the
				// bound the parent was given.
				switch {
				case o.line[n-1].max == f.max:
					a, b = o.line[n-1].alpha, o.line[n-1].beta
				case o.line[n-1].max:
					b = score.Inf
				default:
					a = -score.Inf
				}
			}
			f.passed, f.hasPassed = [2]int64{a, b}, true
		}
		o.line = append(o.line, f)
	case trace.Cutoff:
		if f := o.frame(e.Path); f != nil {
			f.cut = true
		}
	case trace.ChanceCut:
		if f := o.frame(e.Path); f != nil {
			f.cut, f.chanceCut = true, e
		}
	case trace.Exit:
		n := len(o.line)
		if n == 0 || o.line[n-1].path != e.Path {
			return
		}
		f := o.line[n-1]
		o.line = o.line[:n-1]
		if n == 1 || f.pass {
			return
		}
		p := &o.line[n-2]
		if p.chance {
			return
		}
		p.done = append(p.done, ochild{node: f.node, depth: f.depth, value: e.Value})
		p.prevBest, p.prevHas = p.best, p.hasBest
		if !p.hasBest || (p.max && e.Value > p.best) || (!p.max && e.Value < p.best) {
			p.best, p.hasBest = e.Value, true
		}
	case trace.Research:
		if len(o.line) == 0 {
			return
		}
		switch {
		case e.Reason == trace.ReasonAspiration && e.Ply == 0:
			// The root's window opened on the side the move failed.
			if e.Max {
				o.line[0].beta = score.Inf
			} else {
				o.line[0].alpha = -score.Inf
			}
		case e.Move == "" && e.Kind.Spec().Restarts:
			if f := o.frame(e.Path); f != nil {
				f.hasBest, f.best, f.done = false, 0, nil
			}
		}
		if f := o.frame(e.Path); f != nil && e.Move != "" && len(f.done) > 0 {
			// The move just searched is searched again: its first value
			// (a PVS probe's, a failed-high aspiration move's) is not one
			// the node has.
			f.done = f.done[:len(f.done)-1]
			f.best, f.hasBest = f.prevBest, f.prevHas
		}
	}
}

// truth is the true value of n searched to depth plies, MAX's view, over
// the extended reals: an infinite leaf or evaluation is ±score.Inf, beyond
// every finite value, so that minimax takes it as ±∞; the only arithmetic,
// a chance node's average, never meets one (the tree format refuses an
// infinite value below a chance node).
func (o *oracle) truth(n *tree.Node, depth int) *big.Rat {
	k := memoKey{n, depth}
	if v, ok := o.memo[k]; ok {
		return v
	}
	var v *big.Rat
	switch {
	case n.Leaf:
		v = big.NewRat(n.Value, 1)
	case depth == 0:
		v = big.NewRat(n.Eval, 1)
	case n.Chance:
		v = new(big.Rat)
		for i, c := range n.Children {
			num, den := n.Weight(i)
			t := new(big.Rat).Mul(big.NewRat(num, den), o.truth(c, depth-1))
			v.Add(v, t)
		}
	default:
		max := nodeMax(o.tr, n)
		for _, c := range n.Children {
			if c.Pass {
				continue
			}
			t := o.truth(c, depth-1)
			if v == nil || (max && t.Cmp(v) > 0) || (!max && t.Cmp(v) < 0) {
				v = t
			}
		}
		if v == nil {
			v = new(big.Rat) // no moves: the tree's NoMoves value
		}
	}
	o.memo[k] = v
	return v
}

// check verifies what a sentence said at this point of the search claims
// beyond its event's numbers; e is the event it is about.
func (o *oracle) check(s explain.Sentence, e *trace.Event) error {
	for _, c := range s.Claims {
		if err := o.checkRoles(c); err != nil {
			return fmt.Errorf("%q: %w", s.Text, err)
		}
		if c.Src.From == explain.FromNothing {
			continue
		}
		if err := o.checkSource(c); err != nil {
			return fmt.Errorf("%q: %w", s.Text, err)
		}
	}
	return nil
}

// checkRoles verifies the numbers of a claim that stand for a node's α, β
// or best value as they stand.
func (o *oracle) checkRoles(c explain.Claim) error {
	for _, t := range []explain.Term{c.L, c.R} {
		if t.Role == explain.NoRole {
			continue
		}
		f := o.frame(c.Node)
		if f == nil {
			return fmt.Errorf("names the %s of %s, which is not open", roleName(t.Role), explain.NodeName(c.Node))
		}
		var want int64
		curA, curB := f.current()
		switch t.Role {
		case explain.CurAlpha:
			want = curA
		case explain.CurBeta:
			want = curB
		case explain.BestSoFar:
			if !f.hasBest {
				return fmt.Errorf("names the best value so far of %s, whose moves returned none yet", explain.NodeName(c.Node))
			}
			want = f.best
		}
		if t.V != want {
			return fmt.Errorf("says the %s of %s is %d; it is %d", roleName(t.Role), explain.NodeName(c.Node), t.V, want)
		}
	}
	return nil
}

func roleName(r explain.Role) string {
	switch r {
	case explain.CurAlpha:
		return "current α"
	case explain.CurBeta:
		return "current β"
	}
	return "best value so far"
}

// checkSource verifies a claim that the edge c.L.V of c.Node's window came
// from c.Src.
func (o *oracle) checkSource(c explain.Claim) error {
	v, src := c.L.V, c.Src
	edge := "β"
	if c.Low {
		edge = "α"
	}
	at := o.frame(src.At)
	switch src.From {
	case explain.FromWindow, explain.FromBounds:
		span := o.info.RootWindow
		what := "window given for the root"
		if src.From == explain.FromBounds {
			span, what = o.info.Bounds, "bounds given"
		}
		if span == nil || (c.Low && v != span.Alpha) || (!c.Low && v != span.Beta) {
			return fmt.Errorf("says %s %d is an edge of the %s, which is %v", edge, v, what, span)
		}
		return nil
	case explain.FromPass:
		if len(o.line) == 0 || (c.Low && v != o.line[0].alpha) || (!c.Low && v != o.line[0].beta) {
			return fmt.Errorf("says %s %d is an edge of the root's window for this pass", edge, v)
		}
		return nil
	}
	if at == nil {
		return fmt.Errorf("says %s %d comes from %s, which is not open", edge, v, explain.NodeName(src.At))
	}
	switch src.From {
	case explain.FromMove:
		if at.chance || at.max != c.Low {
			return fmt.Errorf("says %s %d comes from a move of the player whose bound it is at %s, where that player does not choose", edge, v, explain.NodeName(src.At))
		}
		for _, d := range at.done {
			if o.exact {
				t := o.truth(d.node, d.depth)
				if (c.Low && t.Cmp(big.NewRat(v, 1)) >= 0) || (!c.Low && t.Cmp(big.NewRat(v, 1)) <= 0) {
					return nil
				}
			} else if (c.Low && d.value >= v) || (!c.Low && d.value <= v) {
				return nil
			}
		}
		return fmt.Errorf("says %s can already get %d elsewhere: no move searched at %s gives that", map[bool]string{true: "MAX", false: "MIN"}[c.Low], v, explain.NodeName(src.At))
	case explain.FromChance:
		if !at.chance {
			return fmt.Errorf("says %s %d comes from Ballard's arithmetic at %s, which is no chance node", edge, v, explain.NodeName(src.At))
		}
		if at.ply != c.Ply-1 || !o.exact {
			return nil // said as where it came from, not what it does
		}
		return o.checkChance(at, c.Node, v, c.Low)
	case explain.FromTest:
		// A test's window is one the node chose for it: not the node's
		// own window as its moves left it, which would come from where
		// that came from.
		curA, curB := at.current()
		if at.hasWin && ((c.Low && v == curA) || (!c.Low && v == curB)) {
			return fmt.Errorf("says %s %d comes from a test made at %s, whose own window's edge it is", edge, v, explain.NodeName(src.At))
		}
		return nil
	}
	return fmt.Errorf("unknown source %d", src.From)
}

// checkChance verifies that the chance node at's average, with its child
// node worth v and its other children their true values, is at or below
// its α (low) or at or above its β.
func (o *oracle) checkChance(at *oframe, node string, v int64, low bool) error {
	n := at.node
	child := o.find(node)
	if n == nil || child == nil || child.Parent() != n {
		return fmt.Errorf("%s is not a child of chance node %s", explain.NodeName(node), explain.NodeName(at.path))
	}
	avg := new(big.Rat)
	for i, c := range n.Children {
		num, den := n.Weight(i)
		val := big.NewRat(v, 1)
		if c != child {
			val = o.truth(c, at.depth-1)
		}
		avg.Add(avg, new(big.Rat).Mul(big.NewRat(num, den), val))
	}
	if low && !score.IsInf(at.alpha) && avg.Cmp(big.NewRat(at.alpha, 1)) <= 0 {
		return nil
	}
	if !low && !score.IsInf(at.beta) && avg.Cmp(big.NewRat(at.beta, 1)) >= 0 {
		return nil
	}
	return fmt.Errorf("says %s worth %d brings chance node %s's average (%s) beyond its window (%d, %d): it does not",
		explain.NodeName(node), v, explain.NodeName(at.path), avg.RatString(), at.alpha, at.beta)
}

// checkPV verifies the done event's best move and principal variation
// against the true values: after an exact result (or one proved exact),
// each move of the line keeps the value of the node it is played from; after
// a fail high on a window given for the root, the best move reaches the
// bound; after an unproved fail low no move is named.
func (o *oracle) checkPV(e *trace.Event) error {
	sum := e.Summary
	if !o.exact || sum == nil || e.Has&trace.HasValue == 0 || len(sum.PV) == 0 {
		return nil
	}
	n, depth := o.tr.Root, e.Depth
	rootMax := !o.tr.RootMin
	if (sum.Bound == score.Lower || sum.Bound == score.Upper) && !sum.Proved {
		c := o.tr.Find(sum.PV[0])
		if c == nil || c.Parent() != n {
			return fmt.Errorf("best move %q is no root move", sum.PV[0])
		}
		t, v := o.truth(c, depth-1), big.NewRat(sum.Value, 1)
		if (rootMax && t.Cmp(v) < 0) || (!rootMax && t.Cmp(v) > 0) {
			return fmt.Errorf("move %s is said to reach the bound %d; it is worth %s", sum.PV[0], sum.Value, t.RatString())
		}
		return nil
	}
	for i, label := range sum.PV {
		if depth == 0 || n.Chance {
			return fmt.Errorf("the line goes on past %s", explain.NodeName(n.Path()))
		}
		c := o.tr.Find(label)
		if c == nil || c.Parent() != n {
			return fmt.Errorf("move %d of the line, %q, is not a move of %s", i+1, label, explain.NodeName(n.Path()))
		}
		if o.truth(c, depth-1).Cmp(o.truth(n, depth)) != 0 {
			return fmt.Errorf("move %d of the line, %s, is worth %s where %s is worth %s: not a best move",
				i+1, label, o.truth(c, depth-1).RatString(), explain.NodeName(n.Path()), o.truth(n, depth).RatString())
		}
		n, depth = c, depth-1
	}
	return nil
}

// lineOf names the open nodes, for a failure's message.
func (o *oracle) lineOf() string {
	var b strings.Builder
	for i, f := range o.line {
		if i > 0 {
			b.WriteString(" › ")
		}
		fmt.Fprintf(&b, "%s (%d, %d)", explain.NodeName(f.path), f.alpha, f.beta)
		if f.hasBest {
			fmt.Fprintf(&b, " best %d", f.best)
		}
	}
	return b.String()
}
