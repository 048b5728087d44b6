package trace

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Describe names the algorithm and its conventions in one line; the
// selective techniques switched on are in Info.Options, a line each.
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
	case "pvs":
		parts = append(parts, "principal variation search (NegaScout): null-window probes after the first move")
	case "mtdf":
		parts = append(parts, "MTD(f) (Plaat): zero-window passes narrowing [lower, upper]")
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
	for _, k := range CountedKinds() {
		switch k {
		case Enter, Exit, Leaf:
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

// SelectiveSentence explains an event of the selective techniques in one
// sentence, from MAX's point of view (a test a MIN node makes against its
// alpha reads as one against beta in MAX's view). It returns "" for the
// other kinds.
func SelectiveSentence(in *Info, e *Event) string {
	v := in.Format
	name := nodeName(e)
	who := "MAX"
	if !e.Max {
		who = "MIN"
	}
	switch e.Kind {
	case NullTry:
		if e.Reason == "threat" {
			return fmt.Sprintf("Ø threat test at %s: %s passes, the opponent may capture; a threat if %s's value falls below %s (eval − margin %s)",
				name, who, who, v(boundFor(e)), v(e.Margin))
		}
		return fmt.Sprintf("Ø null move at %s: %s passes, search to depth %d with window %s (%s)", name, who, e.To, in.Window(e.Alpha, e.Beta), e.Detail)
	case NullSkip:
		return fmt.Sprintf("Ø no null move at %s: %s", name, e.Detail)
	case NullPrune:
		if e.Max {
			return fmt.Sprintf("Ø null-move prune at %s: even after passing MAX keeps %s ≥ β, so its moves are not searched", name, v(e.Value))
		}
		return fmt.Sprintf("Ø null-move prune at %s: even after passing MIN keeps %s ≤ α, so its moves are not searched", name, v(e.Value))
	case NullFail:
		switch e.Reason {
		case "no threat":
			return fmt.Sprintf("Ø no threat at %s: after the pass %s keeps %s", name, who, v(e.Value))
		case "verify":
			return fmt.Sprintf("Ø null move at %s reached the bound (%s): verify it with an ordinary search one ply shallower", name, v(e.Value))
		}
		return fmt.Sprintf("Ø null move fails at %s: after passing the value is %s, so the moves are searched", name, v(e.Value))
	case Reduce:
		if e.Max {
			return fmt.Sprintf("↓ %s reduced: depth %d → %d (quiet move, static score %s + margin %s ≤ α %s)", e.Move, e.Depth-1, e.To, v(e.Value), v(e.Margin), v(e.Alpha))
		}
		return fmt.Sprintf("↓ %s reduced: depth %d → %d (quiet move, static score %s − margin %s ≥ β %s)", e.Move, e.Depth-1, e.To, v(e.Value), v(e.Margin), v(e.Beta))
	case Extend:
		if e.Reason == "threat" {
			return fmt.Sprintf("↑ %s extended: depth %d → %d (threat: after a pass the opponent wins material, %s)", name, e.Depth, e.To, v(e.Value))
		}
		return fmt.Sprintf("↑ %s extended: depth %d → %d (%s)", e.Move, e.Depth-1, e.To, e.Reason)
	case Futility:
		if e.Max {
			return fmt.Sprintf("× futility: %s skipped: static score %s + margin %s ≤ α %s", e.Move, v(e.Value), v(e.Margin), v(e.Alpha))
		}
		return fmt.Sprintf("× futility: %s skipped: static score %s − margin %s ≥ β %s", e.Move, v(e.Value), v(e.Margin), v(e.Beta))
	case Razor:
		if e.Max {
			return fmt.Sprintf("✂ razoring at %s: eval %s + margin %s ≤ α %s: depth %d → %d", name, v(e.Value), v(e.Margin), v(e.Alpha), e.Depth, e.To)
		}
		return fmt.Sprintf("✂ razoring at %s: eval %s − margin %s ≥ β %s: depth %d → %d", name, v(e.Value), v(e.Margin), v(e.Beta), e.Depth, e.To)
	case QSEnter:
		return fmt.Sprintf("≈ quiescence from %s: captures and promotions only, window %s", name, in.Window(e.Alpha, e.Beta))
	case StandPat:
		if e.Reason == "cutoff" {
			if e.Max {
				return fmt.Sprintf("· stand pat %s ≥ β %s: MAX declines to capture, cutoff", v(e.Value), v(e.Beta))
			}
			return fmt.Sprintf("· stand pat %s ≤ α %s: MIN declines to capture, cutoff", v(e.Value), v(e.Alpha))
		}
		return fmt.Sprintf("· stand pat %s (%s may decline to capture)", v(e.Value), who)
	case Research:
		if e.Move != "" {
			return fmt.Sprintf("re-search: %s at %s (the probe said %s): %s", e.Move, name, v(e.Value), e.Reason)
		}
		return fmt.Sprintf("re-search: %s: %s", name, e.Reason)
	case TTHit:
		what := fmt.Sprintf("%s %s searched to depth %d", e.Bound, v(e.Value), e.To)
		from := ""
		switch {
		case e.RefPath != "" && e.RefPath == name, e.Has&HasRef != 0 && e.Ref == e.Node:
			from = " (stored by an earlier search of this node)"
		case e.RefPath != "":
			from = fmt.Sprintf(" (stored by the search of %s)", e.RefPath)
		case e.Has&HasRef != 0:
			from = fmt.Sprintf(" (stored by node %d)", e.Ref)
		}
		if e.Reason == "cut" {
			return fmt.Sprintf("≡ transposition at %s: the table knows %s%s: cutoff", name, what, from)
		}
		return fmt.Sprintf("≡ transposition at %s: the table knows %s%s, %s", name, what, from, strings.TrimPrefix(e.Reason, "no cut: "))
	case Window:
		if e.Reason == "mtdf" {
			return fmt.Sprintf("MTD(f) pass %d: window %s → %s, %s %s bound: the value lies in [%s, %s]",
				e.Pass, in.Window(e.Alpha, e.Beta), v(e.Value), article(e.Detail), e.Detail, v(e.Lower), v(e.Upper))
		}
		return fmt.Sprintf("aspiration pass %d: window %s → %s: %s", e.Pass, in.Window(e.Alpha, e.Beta), v(e.Value), e.Detail)
	}
	return ""
}

// article is "a" or "an" for the word w.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an"
	}
	return "a"
}

// RefNames remembers the paths of the nodes that stored table entries, so
// that a transposition can name where its entry came from. The zero value is
// ready; it keeps at most a million paths (then hits fall back to node ids).
type RefNames struct {
	paths map[int64]string
}

// Note records e's path if e is a tt_store, and fills RefPath if e is a
// tt_hit whose storing node it knows.
func (r *RefNames) Note(e *Event) {
	switch e.Kind {
	case TTStore:
		if r.paths == nil {
			r.paths = map[int64]string{}
		}
		if len(r.paths) < 1<<20 {
			r.paths[e.Node] = nodeName(e)
		}
	case TTHit:
		if e.Has&HasRef != 0 && e.RefPath == "" {
			if p, ok := r.paths[e.Ref]; ok {
				e.RefPath = p
			}
		}
	}
}

// boundFor is the value below which a threat test finds a threat: the top of
// its zero window, from the node's side.
func boundFor(e *Event) int64 {
	if e.Max {
		return e.Beta
	}
	return e.Alpha
}

// Wrap breaks s into lines of at most width characters, at spaces (a word
// longer than width gets a line of its own).
func Wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
