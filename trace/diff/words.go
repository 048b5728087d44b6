package diff

import (
	"github.com/prunescope/prunescope/trace/explain"
)

// Words says in a few words what one search did at a node for the kind of a
// difference, values and windows from MAX's point of view: "≤5", "(6, +∞)",
// "cut: 6 ≤ α 6, not searched: 2.1.2.2". side is 'A' or 'B'; "" when that
// search did not visit the node. The words come from the explain package.
func (r *Result) Words(d *Difference, side byte) string {
	n, info := d.Node.A, r.A.Info()
	if side == 'B' {
		n, info = d.Node.B, r.B.Info()
	}
	if n == nil {
		return ""
	}
	switch d.Kind {
	case OnlyA, OnlyB:
		return explain.Brief(info, n)
	case Depth:
		return explain.DepthIn(info, n)
	case Window:
		return explain.Window(info, n)
	case NullMove:
		return explain.NullMove(info, n)
	case Razoring:
		return explain.RazoringIn(info, n)
	case Quiescence:
		return explain.Quiescence(info, n)
	case TT:
		return explain.Table(info, n)
	case Cutoff:
		return explain.Cut(info, n)
	case Futility:
		return explain.FutilityIn(info, n)
	case Research:
		return explain.ResearchIn(info, n)
	case Technique:
		return explain.MarksIn(info, n)
	case Value:
		return explain.Value(info, n)
	}
	return ""
}
