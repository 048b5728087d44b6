package quiz

import (
	"context"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// The quiz's pictures: the exercise, drawn from the tree itself with its
// leaf values and nothing that gives an answer away, and the key, the
// quiz's own search as the drawings of search draw it.

// Exercise is the tree a student works on, as far as the quiz's search
// looks: every node by its side to move, every move by its name, and a value
// at every evaluation point (a leaf, or a node on the horizon with its static
// evaluation), searched or not, so that a never-evaluated leaf looks like
// every other. The info describes the search the quiz asks about.
func (q *Quiz) Exercise() (*trace.Subtree, *trace.Info) {
	return q.describe(q.Tree.Root, !q.Tree.RootMin, 0), q.Info()
}

// Info describes the search the quiz asks about (the key's), as its trace's
// start event would.
func (q *Quiz) Info() *trace.Info {
	return engine.Describe(q.ix.position(), engine.Limits{Depth: q.Depth}, q.langOpt())
}

// langOpt is the quiz's search options with its language, which the
// drawings of it speak (engine.Options.Lang, trace.Info.Lang).
func (q *Quiz) langOpt() engine.Options {
	opt := q.Opt
	if q.Lang != i18n.En {
		opt.Lang = string(q.Lang)
	}
	return opt
}

// describe describes n (MAX to move there when isMax) and what lies below
// it down to the quiz's depth; ply is n's.
func (q *Quiz) describe(n *tree.Node, isMax bool, ply int) *trace.Subtree {
	s := &trace.Subtree{Move: n.Label(), Path: n.Path(), Max: isMax, Chance: n.Chance}
	if n.Name != "" {
		s.Path = n.Name
	}
	switch {
	case n.Leaf:
		s.Leaf, s.Value = true, n.Value
		return s
	case ply == q.Depth:
		// An evaluation point on the horizon: its static evaluation is the
		// value the search takes there.
		s.Leaf, s.Value = true, n.Eval
		return s
	}
	for _, c := range moves(n) {
		cs := q.describe(c, q.ix.max[c], ply+1)
		if n.Chance { // an outcome: its probability, reduced
			for i, k := range n.Children {
				if k == c {
					num, den := n.Weight(i)
					g := score.GCD(num, den)
					cs.PNum, cs.PDen = num/g, den/g
				}
			}
		}
		s.Children = append(s.Children, cs)
	}
	return s
}

// Recording is the quiz's search (its algorithm, conventions and depth, the
// answer key's), recorded for a drawing. What each cutoff left unsearched is
// described in full from the tree, down to the quiz's depth as the exercise
// is, so that the key draws every node of the exercise.
func (q *Quiz) Recording(ctx context.Context) (*record.Recording, error) {
	r := record.NewRecorder()
	if _, err := engine.Search(ctx, q.ix.position(), engine.Limits{Depth: q.Depth}, q.langOpt(), r.Hooks()); err != nil {
		return nil, err
	}
	if err := r.Err(); err != nil {
		return nil, i18n.Errorf("recording the search: %w", err)
	}
	rec := r.Recording()
	for _, n := range rec.Nodes {
		if n.Cut == nil {
			continue
		}
		at := q.ix.byName[n.Path]
		if at == nil {
			return nil, i18n.Errorf("recording the search: node %q is not in the tree", n.Path)
		}
		var full []*trace.Subtree
		for _, m := range n.Cut.Pruned {
			c := childByLabel(at, m)
			if c == nil {
				return nil, i18n.Errorf("recording the search: %q has no move %q", n.Path, m)
			}
			full = append(full, q.describe(c, q.ix.max[c], n.Ply+1))
		}
		n.Cut.Unsearched = full
	}
	return rec, nil
}
