package step

import (
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// sayStep says in a sentence or two what a step does and why. st is the
// state before the step; evs are its events. Every sentence comes from the
// explain package; the player only supplies what it knows of the line.
func sayStep(in *trace.Info, st *State, evs []*trace.Event) explain.Sentence {
	e := evs[0]
	switch e.Kind {
	case trace.Enter:
		if len(evs) > 1 && evs[1].Kind == trace.Leaf {
			return explain.Leaf(in, evs[0], evs[1], openOf(st.top()))
		}
		return explain.Enter(in, e, explain.Place{Iteration: st.Iteration, Pass: st.Pass}, openOf(st.parentOf(e.Ply)))
	case trace.Exit:
		var self, parent *explain.Open
		move := ""
		if i := st.index(e.Node); i >= 0 {
			self = openOf(&st.Stack[i])
			move = st.Stack[i].Move
			if i > 0 {
				parent = openOf(&st.Stack[i-1])
			}
		}
		return explain.Exit(in, e, self, parent, move)
	case trace.Cutoff, trace.ChanceCut:
		return explain.CutLong(in, e, openOf(st.frame(e.Node)))
	case trace.Iter:
		return explain.Iteration(in, e)
	case trace.Done:
		return explain.Done(in, e)
	}
	if s := explain.Event(in, e); s.Text != "" {
		return s
	}
	if e.Path == "" {
		return explain.Sentence{Text: explain.Printer(in).T("step.event.root", "Kind", e.Kind.String())}
	}
	return explain.Sentence{Text: explain.Printer(in).T("step.event", "Kind", e.Kind.String(), "Node", e.Path)}
}

// openOf is what the sentences need of an open node.
func openOf(f *Frame) *explain.Open {
	if f == nil {
		return nil
	}
	return &explain.Open{Path: f.Path, Max: f.Max, Ply: f.Ply, HasWindow: f.HasWindow,
		Alpha: f.Alpha, Beta: f.Beta, AlphaFrom: f.AlphaFrom, BetaFrom: f.BetaFrom, HasBest: f.HasBest, Best: f.Best,
		Chance: f.Chance, Outcomes: f.Outcomes, PNum: f.PNum, PDen: f.PDen}
}
