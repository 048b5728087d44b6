package step

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/trace"
)

// explain says in a sentence or two what a step does and why. st is the
// state before the step; evs are its events.
func explain(in *trace.Info, st *State, evs []*trace.Event) string {
	e := evs[0]
	switch e.Kind {
	case trace.Enter:
		if len(evs) > 1 && evs[1].Kind == trace.Leaf {
			return leafSentence(in, st, evs[0], evs[1])
		}
		return enterSentence(in, st, e)
	case trace.Exit:
		return exitSentence(in, st, e)
	case trace.Cutoff:
		return cutSentence(in, st, e)
	case trace.Iter:
		s := fmt.Sprintf("Iteration %d is complete: value %s, best move %s.", e.Depth, in.Format(e.Value), e.Move)
		if order, ok := strings.CutPrefix(e.Detail, "root order: "); ok {
			s += " The next iteration searches the root moves in this order, the move that took the lead first: " + order + "."
		}
		return s
	case trace.Done:
		sum := e.Summary
		if sum == nil {
			return "The search is over."
		}
		s := "The search is over: value " + in.Format(sum.Value)
		if sum.Best != "" {
			s += ", best move " + sum.Best
		}
		if len(sum.PV) > 0 {
			s += ", principal variation " + strings.Join(sum.PV, " ")
		}
		return s + ". " + trace.Counts(sum) + "."
	}
	if s := trace.SelectiveSentence(in, e); s != "" {
		return s
	}
	return fmt.Sprintf("%s at %s.", e.Kind, label(e.Path))
}

func label(path string) string {
	if path == "" {
		return "root"
	}
	return path
}

func side(max bool) string {
	if max {
		return "MAX"
	}
	return "MIN"
}

func enterSentence(in *trace.Info, st *State, e *trace.Event) string {
	var s string
	if e.Ply == 0 {
		if st.Iteration > 0 || st.Pass > 0 {
			s = fmt.Sprintf("Iteration %d, pass %d: the root is searched to depth %d", st.Iteration+1, st.Pass+1, e.Depth)
		} else {
			s = fmt.Sprintf("The search starts at the root, %s to move, depth %d", side(e.Max), e.Depth)
		}
	} else {
		s = fmt.Sprintf("Node %s: %s to move, depth %d left", label(e.Path), side(e.Max), e.Depth)
	}
	if e.Has&trace.HasWindow == 0 {
		return s + "."
	}
	s += ", window " + in.Window(e.Alpha, e.Beta) + "."
	a, b := e.Alpha, e.Beta
	switch {
	case !trace.IsInf(a) && !trace.IsInf(b) && b-a == 1:
		s += fmt.Sprintf(" A null window: the search only asks whether the value is above %s.", in.Format(a))
	case trace.IsInf(a) && trace.IsInf(b):
		if e.Ply > 0 {
			s += " Nothing is known yet that could cut this node short."
		}
	case e.Ply == 0:
		s += " An aspiration window: a value outside it only says the root failed low or high, and the root is searched again with a wider window."
	case trace.IsInf(b):
		s += fmt.Sprintf(" MAX can already get α = %s elsewhere: only values above %s matter here.", in.Format(a), in.Format(a))
	case trace.IsInf(a):
		s += fmt.Sprintf(" MIN can already hold MAX to β = %s elsewhere: only values below %s matter here.", in.Format(b), in.Format(b))
	default:
		s += fmt.Sprintf(" MAX can already get α = %s elsewhere and MIN can hold MAX to β = %s: only values between them matter here.", in.Format(a), in.Format(b))
	}
	return s
}

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// leafSentence explains a leaf: its value, and what it does to its parent.
func leafSentence(in *trace.Info, st *State, enter, leaf *trace.Event) string {
	name, v := label(enter.Path), in.Format(leaf.Value)
	var s string
	switch leaf.Reason {
	case "static":
		s = fmt.Sprintf("Depth limit at %s: its static evaluation, %s, is used.", name, v)
	case "no moves":
		s = fmt.Sprintf("%s has no moves: %s.", upper(name), v)
	default:
		if in.Game == "tree" {
			s = fmt.Sprintf("Leaf %s = %s.", name, v)
		} else {
			s = fmt.Sprintf("The game is over at %s: %s.", name, v)
		}
	}
	return s + effect(in, st.top(), enter.Move, leaf.Value, trace.Exact)
}

// exitSentence explains the value a node returns, and what it does to its
// parent.
func exitSentence(in *trace.Info, st *State, e *trace.Event) string {
	f := st.frame(e.Node)
	name, v := label(e.Path), in.Format(e.Value)
	s := fmt.Sprintf("Node %s returns %s", name, v)
	if e.Ply == 0 {
		s = "The root returns " + v
	}
	switch e.Bound {
	case trace.Exact:
		s += ", exact."
	case trace.Upper:
		s += fmt.Sprintf(", an upper bound: its true value is %s or less.", v)
	case trace.Lower:
		s += fmt.Sprintf(", a lower bound: its true value is %s or more.", v)
	default:
		s += ": no bound (a fail-hard value clamped onto an empty window)."
	}
	if f != nil && f.HasBest && f.Best != e.Value && in.Fail == "hard" {
		edge := "β"
		if e.Value > f.Best {
			edge = "α"
		}
		s += fmt.Sprintf(" Fail-hard: the best found, %s, is clamped to %s.", in.Format(f.Best), edge)
	}
	if len(st.Stack) < 2 || f == nil {
		return s
	}
	return s + effect(in, &st.Stack[len(st.Stack)-2], f.Move, e.Value, e.Bound)
}

// effect says what a child's value does to its parent p.
func effect(in *trace.Info, p *Frame, move string, v int64, bound trace.Bound) string {
	if p == nil {
		return ""
	}
	who, at, val := side(p.Max), label(p.Path), in.Format(v)
	if at == "root" {
		at = "the root"
	}
	better := !p.HasBest || (p.Max && v > p.Best) || (!p.Max && v < p.Best)
	if !better {
		s := fmt.Sprintf(" %s at %s keeps %s: %s is no better", who, at, in.Format(p.Best), move)
		if bound != trace.Exact {
			s += " (a bound is enough to know that)"
		}
		return s + "."
	}
	s := fmt.Sprintf(" %s at %s now has %s", who, at, val)
	if p.HasBest {
		s += " instead of " + in.Format(p.Best)
	}
	if !p.HasWindow {
		return s + "."
	}
	strict := in.Cutoff == "gt"
	switch {
	case p.Max && reaches(v, p.Beta, strict):
		s += fmt.Sprintf(", at or above β = %s", in.Format(p.Beta))
		if strict {
			s = strings.Replace(s, "at or above", "above", 1)
		}
	case !p.Max && reaches(-v, -p.Alpha, strict):
		s += fmt.Sprintf(", at or below α = %s", in.Format(p.Alpha))
		if strict {
			s = strings.Replace(s, "at or below", "below", 1)
		}
	case p.Max && v > p.Alpha:
		s += fmt.Sprintf(": α rises to %s for its other moves", val)
	case !p.Max && v < p.Beta:
		s += fmt.Sprintf(": β falls to %s for its other moves", val)
	}
	return s + "."
}

func reaches(v, bound int64, strict bool) bool {
	if trace.IsInf(bound) {
		return false
	}
	if strict {
		return v > bound
	}
	return v >= bound
}

// cutSentence explains a cutoff: which move reached which bound, why the
// rest cannot matter, and what is left unsearched.
func cutSentence(in *trace.Info, st *State, e *trace.Event) string {
	strict := in.Cutoff == "gt"
	name, v := label(e.Path), in.Format(e.Value)
	// The move's value may be a bound (a fail-hard child clamped to the
	// window): say so, it is what the node compares.
	if f := st.frame(e.Node); f != nil && len(f.Children) > 0 {
		switch c := f.Children[len(f.Children)-1]; {
		case c.Bound == trace.Upper && c.Value == e.Value:
			v = "at most " + v + ", and " + v
		case c.Bound == trace.Lower && c.Value == e.Value:
			v = "at least " + v + ", and " + v
		}
	}
	var s string
	if e.Reason == "alpha" {
		cmp := "≤"
		if strict {
			cmp = "<"
		}
		a := in.Format(e.Alpha)
		s = fmt.Sprintf("α-cutoff at MIN node %s: %s scored %s %s α = %s. MAX can already get %s elsewhere and will never let play reach %s",
			name, e.Move, v, cmp, a, a, name)
	} else {
		cmp := "≥"
		if strict {
			cmp = ">"
		}
		b := in.Format(e.Beta)
		s = fmt.Sprintf("β-cutoff at MAX node %s: %s scored %s %s β = %s. MIN can already hold MAX to %s elsewhere and will never let play reach %s",
			name, e.Move, v, cmp, b, b, name)
	}
	n := len(e.Pruned)
	list := e.Pruned
	more := ""
	if len(list) > 8 {
		more = fmt.Sprintf(", … (%d more)", len(list)-8)
		list = list[:8]
	}
	if n == 1 {
		return s + ", so the remaining move of this node is not searched: " + list[0] + "."
	}
	return s + fmt.Sprintf(", so the %d remaining moves of this node are not searched: %s%s.", n, strings.Join(list, ", "), more)
}
