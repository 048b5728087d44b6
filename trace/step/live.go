package step

import (
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Windows: one meaning on every surface. A node's window is the window it
// was entered with, as its parent passed it (Frame.Alpha, Frame.Beta); it
// never narrows. What changes while the node is open is its Live state,
// shown beside the window and labelled: the best value its moves returned
// so far and the one edge that moves with it, α at MAX (the entry α raised
// to the best so far), β at MIN (the entry β lowered to it). When that live
// α reaches β (passes it, under the strict rule --cutoff gt) the window is
// closed: the moment of a cut.

// Live is what changes at an open node while its moves return.
type Live struct {
	Max       bool
	HasBest   bool
	Best      int64 // the best value of its moves so far (MAX's view)
	HasWindow bool
	// Alpha and Beta are the live window: the entry window with α raised
	// at MAX, β lowered at MIN, by the best so far.
	Alpha, Beta int64
	// Strict: the run cuts only when a value passes the bound (--cutoff
	// gt), so the window is closed when α > β, else when α ≥ β.
	Strict bool
	// Closed: the live window is closed (or the node's cutoff happened).
	Closed bool
	// ChanceCut: a chance cut at the node: its average lies in [Lower,
	// Upper], at or below its α (AtAlpha) or at or above its β.
	ChanceCut    bool
	Lower, Upper int64
	AtAlpha      bool
	CutAlpha     int64 // the window edge the chance cut reached
	CutBeta      int64
}

// Live is the live state of the open node f in the run described by in.
func (f *Frame) Live(in *trace.Info) Live {
	l := Live{Max: f.Max, HasBest: f.HasBest && !f.Chance, Best: f.Best, HasWindow: f.HasWindow,
		Alpha: f.Alpha, Beta: f.Beta, Strict: in != nil && in.Cutoff == "gt"}
	if f.HasWindow && l.HasBest {
		l.Alpha, l.Beta = (&explain.Open{Max: f.Max, HasWindow: true, Alpha: f.Alpha, Beta: f.Beta, HasBest: true, Best: f.Best}).Current()
	}
	if f.HasWindow && l.HasBest {
		l.Closed = l.Alpha >= l.Beta
		if l.Strict {
			l.Closed = l.Alpha > l.Beta
		}
	}
	if f.Pruned != nil && !f.Chance {
		l.Closed = true // the node's cutoff: whatever the convention, it is cut
	}
	if f.chance != nil {
		c := f.chance
		l.ChanceCut, l.Closed = true, true
		l.Lower, l.Upper, l.AtAlpha, l.CutAlpha, l.CutBeta = c.lower, c.upper, c.atAlpha, c.alpha, c.beta
	}
	return l
}

// Text is the live state as the page and the stepper write it beside the
// window: "best 5 · α 5" at MAX, "best 3 · β 3" at MIN ("best 5" alone
// without a window), "closed: α 3 ≥ β 2 — cut" once α reaches β, and at a
// chance node cut by Star1/Star2 "closed: average ≤ 1 ≤ α 1.5 — cut". "" when there is nothing live to show (no move returned yet).
func (l Live) Text(in *trace.Info) string {
	p := explain.Printer(in)
	f := func(v int64) string { return explain.Number(in, v) }
	switch {
	case l.ChanceCut && l.AtAlpha:
		return p.T("step.live.chance.alpha", "Upper", f(l.Upper), "Alpha", f(l.CutAlpha))
	case l.ChanceCut:
		return p.T("step.live.chance.beta", "Lower", f(l.Lower), "Beta", f(l.CutBeta))
	case !l.HasBest:
		return ""
	case l.Closed && l.HasWindow:
		if l.Alpha < l.Beta || (l.Strict && l.Alpha == l.Beta) {
			// Cut although the live window is open (a trace read back
			// that says so): say only what is true.
			return p.T("step.live.best.cut", "Best", f(l.Best))
		}
		rel := "≥"
		if l.Strict {
			rel = ">"
		}
		return p.T("step.live.closed", "Alpha", f(l.Alpha), "Rel", rel, "Beta", f(l.Beta))
	case !l.HasWindow:
		return p.T("step.live.best", "Best", f(l.Best))
	case l.Max:
		return p.T("step.live.best", "Best", f(l.Best)) + " · α " + f(l.Alpha)
	}
	return p.T("step.live.best", "Best", f(l.Best)) + " · β " + f(l.Beta)
}

// chanceCut is what a chance cut at a node said: where the average lies
// and which edge of the node's window it reached.
type chanceCut struct {
	lower, upper int64
	atAlpha      bool
	alpha, beta  int64
}

// chanceCutOf is the chance cut an event tells.
func chanceCutOf(e *trace.Event) *chanceCut {
	atAlpha := e.Reason == trace.ReasonAlpha || e.Reason == trace.ReasonProbeAlpha
	return &chanceCut{lower: e.Lower, upper: e.Upper, atAlpha: atAlpha, alpha: e.Alpha, beta: e.Beta}
}
