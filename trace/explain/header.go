package explain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/trace"
)

// The names of the algorithms and conventions, each credited to whom it
// belongs. Knuth and Moore's F2 starts its running maximum at α (m := α) and
// returns it as it stands when the loop ends, so it clamps at α only; what
// prunescope calls fail-hard clamps at both ends; fail-soft, which returns
// the best value found whatever the window, is Fishburn's (1983).

// AlgoName names an algorithm as the headers do: "alpha-beta (F2 of Knuth &
// Moore, 1975)".
func AlgoName(algo string) string {
	switch algo {
	case "minimax":
		return "minimax (MAX/MIN form)"
	case "negamax":
		return "negamax (Knuth & Moore's F, 1975)"
	case "branch-bound":
		return "branch and bound (Knuth & Moore's F1, 1975: one bound)"
	case "alphabeta":
		return "alpha-beta (Knuth & Moore's F2, 1975)"
	case "pvs":
		return "principal variation search (NegaScout: null-window probes after the first move)"
	case "mtdf":
		return "MTD(f) (Plaat et al., 1996: zero-window passes narrowing [lower, upper])"
	case "expectimax":
		return "expectimax (a chance node is worth the average of its outcomes; every node searched)"
	case "star1":
		return "Star1 (Ballard, 1983: alpha-beta, and chance nodes cut by bounds on every value)"
	case "star2":
		return "Star2 (Ballard, 1983: Star1 with probes, each outcome's first move first)"
	}
	return algo
}

// FailName describes a fail convention in full.
func FailName(fail string) string {
	switch fail {
	case "hard":
		return "fail-hard: values clamped into [α, β]"
	case "soft":
		return "fail-soft (Fishburn, 1983): the best value found is returned, even outside the window"
	case "f2":
		return "F2 as printed (m := α): values clamped at α only"
	}
	return fail
}

// FailShort names a fail convention in a sentence: "fail-hard", "fail-soft",
// "F2 as printed".
func FailShort(fail string) string {
	if fail == "f2" {
		return "F2 as printed"
	}
	return "fail-" + fail
}

// CutoffName describes a cutoff rule in full.
func CutoffName(rule string) string {
	switch rule {
	case "ge":
		return "cut when a value reaches the bound (≥ β at MAX, ≤ α at MIN): ties prune"
	case "gt":
		return "cut only past the bound (> β at MAX, < α at MIN): ties are searched, as in UC Berkeley's CS188"
	}
	return rule
}

// NodesOnlyWords say what the trace of a search of a student's own tells
// (trace.Info.NodesOnly), where a run's conventions are said.
const NodesOnlyWords = "its trace tells the nodes it entered and the values they returned: no windows, bounds or cutoffs"

// Describe names the algorithm and its conventions in one line; the
// selective techniques switched on are in Info.Options, a line each.
func Describe(in *trace.Info) string {
	parts := []string{AlgoName(in.Algo)}
	if in.NodesOnly {
		return parts[0] + " · " + NodesOnlyWords
	}
	if b := in.Bounds; b != nil {
		parts = append(parts, "every value in ["+in.Format(b.Alpha)+", "+in.Format(b.Beta)+"]")
	}
	if in.Fail != "" {
		parts = append(parts, FailName(in.Fail))
	}
	if in.Cutoff != "" {
		parts = append(parts, CutoffName(in.Cutoff))
	}
	return strings.Join(parts, " · ")
}

// Conventions names an algorithm's conventions in a few words, for tables:
// "fail-hard, cut on ≥ (ties prune)". branchBound has one bound and no fail
// convention of its own.
func Conventions(algo, fail, cutoff string) string {
	switch algo {
	case "minimax", "negamax", "expectimax":
		return "no pruning"
	}
	cut := "cut on ≥ (ties prune)"
	if cutoff == "gt" {
		cut = "cut on > (no pruning on ties)"
	}
	switch {
	case algo == "branch-bound":
		return "one bound, " + cut
	case fail == "f2":
		return "F2 as printed (m := α), " + cut
	case fail == "soft":
		return "fail-soft (Fishburn), " + cut
	}
	return "fail-" + fail + ", " + cut
}

// RunConventions names a run's conventions as Conventions does, from its
// description; a run whose trace tells only its nodes (NodesOnly) in the
// words of what it tells.
func RunConventions(in *trace.Info) string {
	if in.NodesOnly {
		return NodesOnlyWords
	}
	return Conventions(in.Algo, in.Fail, in.Cutoff)
}

// InputLine describes what was searched in one line.
func InputLine(in *trace.Info) string {
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
	if in.Order == "rtl" {
		s += " · children right to left"
	}
	if w := in.RootWindow; w != nil {
		s += " · root window " + in.Window(w.Alpha, w.Beta) + " given"
	}
	if in.Unit == "cp" {
		s += " · centipawns"
	}
	return s
}

// Counts writes the summary's counts: nodes, leaves, then every event kind
// the table of kinds tallies (entering, leaving and leaves are the nodes and
// leaves), when it happened or is always shown. Of a run whose trace tells
// only its nodes (in.NodesOnly) the nodes and leaves only: it does not tell
// the rest (a cutoff it made is none of its events), and no count of it is
// said.
func Counts(in *trace.Info, sum *trace.Summary) string {
	parts := []string{fmt.Sprintf("nodes %d", sum.Nodes), fmt.Sprintf("leaves %d", sum.Leaves)}
	if in != nil && in.NodesOnly {
		return strings.Join(parts, " · ")
	}
	for _, k := range trace.CountedKinds() {
		sp := k.Spec()
		if sp.Tally == "" {
			continue
		}
		if c := sum.Counts[k]; c > 0 || sp.Always {
			name := sp.Tallies
			if c == 1 {
				name = sp.Tally
			}
			parts = append(parts, fmt.Sprintf("%s %d", name, c))
		}
	}
	return strings.Join(parts, " · ")
}

// CutCounts writes what the cut tests of a search did, "" when they did
// nothing or the summary does not carry the counts (a trace written before
// they were counted). Drawings leave it out of their captions; the text
// summary and compare show it.
func CutCounts(sum *trace.Summary) string {
	if sum.Cuts == nil {
		return ""
	}
	return strings.Join(cutWords(sum.Cuts, sum.Counts[trace.Cutoff]), " · ")
}

// cutWords tells what the cut tests did, where they did anything: what the
// cutoffs left unsearched (edges at the cut nodes; leaves and inner nodes
// of the never-searched subtrees, "–" where the game's tree is not known),
// and the cut tests that fired on a last move, which some answer keys count
// as cutoffs and others do not.
func cutWords(c *trace.Cuts, cutoffs int64) []string {
	var parts []string
	if c.Edges > 0 {
		leaves, inner := "–", "–"
		if c.Known {
			leaves, inner = strconv.FormatInt(c.Leaves, 10), strconv.FormatInt(c.Inner, 10)
		}
		unknown := ""
		if !c.Known {
			unknown = " (not known for this game)"
		}
		parts = append(parts, fmt.Sprintf("pruned %s %s, %s inner %s%s, %d %s at the cuts",
			leaves, plural(c.Leaves, c.Known, "leaf", "leaves"), inner, plural(c.Inner, c.Known, "node", "nodes"), unknown,
			c.Edges, plural(c.Edges, true, "edge", "edges")))
	}
	if c.OnLast > 0 {
		parts = append(parts, fmt.Sprintf("%d %s on a last move (nothing left to prune; cutoffs counting %s: %d)",
			c.OnLast, plural(c.OnLast, true, "cut test fired", "cut tests fired"), plural(c.OnLast, true, "it", "them"), cutoffs+c.OnLast))
	}
	return parts
}

// plural picks the word for n things; unknown numbers take the plural.
func plural(n int64, known bool, one, many string) string {
	if known && n == 1 {
		return one
	}
	return many
}

// IterWork writes an iteration's work: its own nodes and leaves, then all
// iterations' so far (MIT 6.034 counts each iteration's own evaluations).
// Without the own counts (a trace written before they were carried) it says
// the nodes so far only.
func IterWork(sum *trace.Summary) string {
	if sum.Iter == nil {
		return fmt.Sprintf("nodes %d so far", sum.Nodes)
	}
	return fmt.Sprintf("this iteration %d %s, %d %s · so far %d %s, %d %s",
		sum.Iter.Nodes, plural(sum.Iter.Nodes, true, "node", "nodes"), sum.Iter.Leaves, plural(sum.Iter.Leaves, true, "leaf", "leaves"),
		sum.Nodes, plural(sum.Nodes, true, "node", "nodes"), sum.Leaves, plural(sum.Leaves, true, "leaf", "leaves"))
}

// Stopped says why a search ended before its depth limit, or "". A run
// whose trace tells only its nodes (in.NodesOnly) has no iterations: its
// trace stopped, and nothing is said of a value.
func Stopped(in *trace.Info, sum *trace.Summary) string {
	if sum == nil || sum.Stopped == "" {
		return ""
	}
	if in != nil && in.NodesOnly {
		return fmt.Sprintf("the search's trace stopped (%s) after %d nodes", sum.Stopped, sum.Nodes)
	}
	return fmt.Sprintf("the search stopped early (%s) after %d nodes: the value is the last completed iteration's", sum.Stopped, sum.Nodes)
}

// BoundRule states the textbook bound rule in a sentence, for quizzes and
// keys: clamps tells whether the convention clamps values onto the window's
// edge, strict whether the strict cutoff rule (which makes tie windows) is
// in force. A leaf's value is exact, whatever its window, as the textbooks'
// keys give it.
func BoundRule(clamps, strict bool) string {
	s := "A leaf's value (or a static evaluation at the horizon) is exact, whatever its window. A value an inner node returns is an upper bound (≤) at or below the node's α, a lower bound (≥) at or above its β, exact strictly inside its window."
	switch {
	case strict && clamps:
		s += " On a tie window (α = β: a tie that did not cut, under the strict rule) a value on its edge is no bound (fail-hard may have clamped it there): the number is what counts."
	case strict:
		s += " On a tie window (α = β: a tie that did not cut, under the strict rule) a value on its edge is a bound for the side to move: ≥ at MAX, ≤ at MIN."
	}
	return s
}
