package diff

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace"
)

// maxMoves is the most moves a line names (pruned moves, futile moves).
const maxMoves = 6

// Words says in a few words what one search did at a node for the kind of a
// difference, values and windows from MAX's point of view: "≤5", "(6, +∞)",
// "cut: 6 ≤ α 6, not searched: 2.1.2.2". side is 'A' or 'B'; "" when that
// search did not visit the node.
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
		return Brief(info, n)
	case Depth:
		return depthWords(n)
	case Window:
		return WindowWords(info, n)
	case NullMove:
		return nullWords(info, n)
	case Razoring:
		if z := n.Razored; z != nil {
			return fmt.Sprintf("razored: depth %d → %d", z.From, z.To)
		}
		return "not razored"
	case Quiescence:
		return qsWords(info, n)
	case TT:
		t := n.TT
		if t == nil {
			return "no table hit"
		}
		w := fmt.Sprintf("table hit: %s %s, depth %d", t.Bound, info.Format(t.Value), t.Depth)
		if t.Cut {
			return w + ", cutoff"
		}
		return w + ", no cutoff"
	case Cutoff:
		return CutWords(info, n)
	case Futility:
		if len(n.Futile) == 0 {
			return "no futility pruning"
		}
		moves := make([]string, len(n.Futile))
		for i, f := range n.Futile {
			moves[i] = f.Move
		}
		return "skipped by futility: " + list(moves)
	case Research:
		if n.Research == "" {
			return "no re-search"
		}
		if again := repeated(n.Children); len(again) > 0 {
			return "searched " + list(again) + " again: " + n.Research
		}
		return "a move searched again: " + n.Research
	case Value:
		return ValueWords(info, n)
	}
	return ""
}

// ValueWords is the value a node returned, with its bound: "6" exact, "≤5" an
// upper bound, "≥7" a lower bound, "~6" a fail-hard value clamped onto an
// empty window (no bound), "?" when the node returned nothing.
func ValueWords(info *trace.Info, n *trace.Node) string {
	if !n.HasValue {
		return "?"
	}
	s := info.Format(n.Value)
	switch n.Bound {
	case trace.Lower:
		return "≥" + s
	case trace.Upper:
		return "≤" + s
	case trace.NoBound:
		if n.Closed && !n.Leaf {
			return "~" + s
		}
	}
	return s
}

// WindowWords is the window a node was searched with, "(α, β)".
func WindowWords(info *trace.Info, n *trace.Node) string {
	if !n.HasWindow {
		return "no window"
	}
	return info.Window(n.Alpha, n.Beta)
}

// Brief describes a node in one phrase: its value ("leaf 9", "static eval 5",
// "returned ≤5") and its window.
func Brief(info *trace.Info, n *trace.Node) string {
	var w string
	switch {
	case n.Null:
		w = "the null move (a pass): "
	case n.QS:
		w = "quiescence search: "
	}
	switch {
	case n.Leaf && n.LeafReason == "static":
		w += "static eval " + ValueWords(info, n)
	case n.Leaf:
		w += "leaf " + ValueWords(info, n)
	default:
		w += "returned " + ValueWords(info, n)
	}
	if n.HasWindow {
		w += " · window " + WindowWords(info, n)
	}
	return w
}

// CutWords says whether a node cut off its moves, why, and which.
func CutWords(info *trace.Info, n *trace.Node) string {
	c := n.Cut
	if c == nil {
		if n.Leaf {
			return "a leaf, no moves searched"
		}
		return "no cutoff"
	}
	strict := info.Cutoff == "gt"
	var why string
	if c.Reason == "alpha" {
		cmp := "≤"
		if strict {
			cmp = "<"
		}
		why = info.Format(c.Value) + " " + cmp + " α " + info.Format(c.Alpha)
	} else {
		cmp := "≥"
		if strict {
			cmp = ">"
		}
		why = info.Format(c.Value) + " " + cmp + " β " + info.Format(c.Beta)
	}
	return "cut: " + why + ", not searched: " + list(c.Pruned)
}

// depthWords is a node's remaining depth and why it is not its parent's
// minus one.
func depthWords(n *trace.Node) string {
	w := "depth " + strconv.Itoa(n.Depth)
	c := n.Change
	if c == nil {
		return w
	}
	what := "reduced"
	if c.Kind == trace.Extend {
		what = "extended"
	}
	if c.From == n.Depth && c.To != n.Depth { // the node itself, at once (a threat)
		return fmt.Sprintf("%s, %s to %d (%s)", w, what, c.To, c.Reason)
	}
	return fmt.Sprintf("%s, %s from %d (%s)", w, what, c.From, c.Reason)
}

func nullWords(info *trace.Info, n *trace.Node) string {
	m := n.NullMove
	if m == nil {
		if n.NullSkip != "" {
			return "no null move: " + n.NullSkip
		}
		return "no null move"
	}
	v := info.Format(m.Value)
	switch m.Outcome {
	case "prune":
		if n.Max {
			return "null move prunes (" + v + " ≥ β)"
		}
		return "null move prunes (" + v + " ≤ α)"
	case "fail":
		return "null move fails (" + v + ")"
	case "verify":
		return "null move reaches the bound (" + v + "), verified by a search"
	case "threat":
		return "threat test: a threat, the node is extended"
	case "no threat":
		return "threat test: no threat"
	}
	return "null move tried"
}

func qsWords(info *trace.Info, n *trace.Node) string {
	var parts []string
	if n.QSRoot {
		parts = append(parts, "quiescence search from here")
	}
	if s := n.Stand; s != nil {
		w := "stand pat " + info.Format(s.Value)
		if s.Cut {
			w += ", cutoff"
		}
		parts = append(parts, w)
	}
	if len(parts) == 0 {
		return "no quiescence search"
	}
	return strings.Join(parts, ", ")
}

// list names moves, at most maxMoves of them.
func list(moves []string) string {
	if len(moves) > maxMoves {
		return strings.Join(moves[:maxMoves], ", ") + fmt.Sprintf(", … (%d more)", len(moves)-maxMoves)
	}
	return strings.Join(moves, ", ")
}

// repeated lists the moves searched more than once from a node, in order.
func repeated(children []*trace.Node) []string {
	count := map[string]int{}
	for _, c := range children {
		count[c.Move]++
	}
	var out []string
	for _, c := range children {
		if count[c.Move] > 1 {
			out = append(out, c.Move)
			count[c.Move] = 0
		}
	}
	return out
}
