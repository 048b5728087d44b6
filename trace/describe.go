package trace

import (
	"fmt"
	"strings"
)

// Describe names the algorithm and its conventions in one line.
func Describe(in *Info) string {
	var parts []string
	switch in.Algo {
	case "minimax":
		parts = append(parts, "minimax (MAX/MIN form)")
	case "negamax":
		parts = append(parts, "negamax F (Knuth & Moore)")
	case "branch-bound":
		parts = append(parts, "branch and bound F1 (one bound)")
	case "alphabeta":
		parts = append(parts, "alpha-beta F2 (Knuth & Moore)")
	default:
		parts = append(parts, in.Algo)
	}
	if in.Fail != "" {
		parts = append(parts, "fail-"+in.Fail)
	}
	switch in.Cutoff {
	case "ge":
		parts = append(parts, "cut when value reaches the bound (≥ β at MAX, ≤ α at MIN)")
	case "gt":
		parts = append(parts, "cut only past the bound (> β at MAX, < α at MIN; ties searched)")
	}
	parts = append(parts, in.Options...)
	return strings.Join(parts, " · ")
}

// InputLine describes what was searched in one line.
func InputLine(in *Info) string {
	s := in.Game + " " + in.Input
	root := strings.ToUpper(in.Root)
	if name := in.MaxName; name != "" {
		if in.Root == "min" {
			name = in.MinName
		}
		root += " (" + name + ")"
	}
	s += " · root " + root
	s += fmt.Sprintf(" · depth %d", in.Depth)
	if in.Unit == "cp" {
		s += " · centipawns"
	}
	return s
}

// CutSentence explains a cutoff event in one sentence, e.g.
// "MIN node 2: value 2 <= alpha 3 -> 2 moves not searched: 2.2, 2.3".
func CutSentence(in *Info, e *Event, maxPruned int) string {
	var who, cmp, bound string
	strict := in != nil && in.Cutoff == "gt"
	if e.Reason == "alpha" {
		who, cmp, bound = "MIN", "<=", "alpha "+in.Format(e.Alpha)
		if strict {
			cmp = "<"
		}
	} else {
		who, cmp, bound = "MAX", ">=", "beta "+in.Format(e.Beta)
		if strict {
			cmp = ">"
		}
	}
	n := len(e.Pruned)
	moves := "moves"
	if n == 1 {
		moves = "move"
	}
	list := e.Pruned
	more := ""
	if maxPruned > 0 && len(list) > maxPruned {
		more = fmt.Sprintf(", … (%d more)", len(list)-maxPruned)
		list = list[:maxPruned]
	}
	return fmt.Sprintf("%s node %s: value %s %s %s -> %d %s not searched: %s%s",
		who, nodeName(e), in.Format(e.Value), cmp, bound, n, moves, strings.Join(list, ", "), more)
}

// Counts writes the summary's counts: nodes, leaves, then every event kind that
// happened besides entering, leaving and leaves.
func Counts(sum *Summary) string {
	parts := []string{fmt.Sprintf("nodes %d", sum.Nodes), fmt.Sprintf("leaves %d", sum.Leaves)}
	for k := Kind(0); k < NumKinds; k++ {
		switch k {
		case Start, Done, Enter, Exit, Leaf:
			continue
		}
		if c := sum.Counts[k]; c > 0 || k == Cutoff {
			name := strings.ReplaceAll(k.String(), "_", " ")
			if c != 1 && k == Cutoff {
				name = "cutoffs"
			}
			parts = append(parts, fmt.Sprintf("%s %d", name, c))
		}
	}
	return strings.Join(parts, " · ")
}

// nodeName is the name of the node an event is about: its path, "root" at the root.
func nodeName(e *Event) string {
	if e.Path == "" {
		return "root"
	}
	return e.Path
}
