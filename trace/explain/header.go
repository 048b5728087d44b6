package explain

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// The names of the algorithms and conventions, each credited to whom it
// belongs. Knuth and Moore's F2 starts its running maximum at α (m := α) and
// returns it as it stands when the loop ends, so it clamps at α only; what
// prunescope calls fail-hard clamps at both ends; fail-soft, which returns
// the best value found whatever the window, is Fishburn's (1983).

// AlgoName names an algorithm as the headers do: "alpha-beta (F2 of Knuth &
// Moore, 1975)". In English; AlgoNameIn names it in a search's language.
func AlgoName(algo string) string { return AlgoNameIn(nil, algo) }

// AlgoNameIn names an algorithm in the language of in (English when nil).
func AlgoNameIn(in *trace.Info, algo string) string {
	p := Printer(in)
	switch algo {
	case "minimax":
		return p.T("explain.algo.minimax")
	case "negamax":
		return p.T("explain.algo.negamax")
	case "branch-bound":
		return p.T("explain.algo.branch-bound")
	case "alphabeta":
		return p.T("explain.algo.alphabeta")
	case "pvs":
		return p.T("explain.algo.pvs")
	case "mtdf":
		return p.T("explain.algo.mtdf")
	case "expectimax":
		return p.T("explain.algo.expectimax")
	case "star1":
		return p.T("explain.algo.star1")
	case "star2":
		return p.T("explain.algo.star2")
	}
	if in != nil && in.NodesOnly {
		// A student's own search, named by its trace's file
		// (lessons/student.Info): "yours (mine.jsonl)", "ваш поиск (mine.jsonl)".
		if file, ok := strings.CutPrefix(algo, "yours ("); ok && strings.HasSuffix(file, ")") {
			return p.T("student.yours", "File", strings.TrimSuffix(file, ")"))
		}
	}
	return algo
}

// FailName describes a fail convention in full, in English (FailNameIn: in
// a search's language).
func FailName(fail string) string { return FailNameIn(nil, fail) }

// FailNameIn describes a fail convention in full in the language of in.
func FailNameIn(in *trace.Info, fail string) string {
	p := Printer(in)
	switch fail {
	case "hard":
		return p.T("explain.fail.hard")
	case "soft":
		return p.T("explain.fail.soft")
	case "f2":
		return p.T("explain.fail.f2")
	}
	return fail
}

// FailShort names a fail convention in a sentence: "fail-hard", "fail-soft",
// "F2 as printed".
func FailShort(fail string) string { return FailShortIn(nil, fail) }

// FailShortIn is FailShort in the language of in.
func FailShortIn(in *trace.Info, fail string) string {
	if fail == "f2" {
		return Printer(in).T("explain.fail.f2.short")
	}
	return "fail-" + fail
}

// CutoffName describes a cutoff rule in full, in English (CutoffNameIn: in
// a search's language).
func CutoffName(rule string) string { return CutoffNameIn(nil, rule) }

// CutoffNameIn describes a cutoff rule in full in the language of in.
func CutoffNameIn(in *trace.Info, rule string) string {
	p := Printer(in)
	switch rule {
	case "ge":
		return p.T("explain.cutoff.ge")
	case "gt":
		return p.T("explain.cutoff.gt")
	}
	return rule
}

// NodesOnlyWords say what the trace of a search of a student's own tells
// (trace.Info.NodesOnly), where a run's conventions are said.
const NodesOnlyWords = "its trace tells the nodes it entered and the values they returned: no windows, bounds or cutoffs"

// nodesOnlyWords is NodesOnlyWords in the language of in.
func nodesOnlyWords(in *trace.Info) string { return Printer(in).T("explain.nodesonly") }

// Describe names the algorithm and its conventions in one line; the
// selective techniques switched on are in Info.Options, a line each.
func Describe(in *trace.Info) string {
	parts := []string{AlgoNameIn(in, in.Algo)}
	if in.NodesOnly {
		return parts[0] + " · " + nodesOnlyWords(in)
	}
	if b := in.Bounds; b != nil {
		parts = append(parts, Printer(in).T("explain.describe.bounds", "Range", interval(in, b.Alpha, b.Beta)))
	}
	if in.Fail != "" {
		parts = append(parts, FailNameIn(in, in.Fail))
	}
	if in.Cutoff != "" {
		parts = append(parts, CutoffNameIn(in, in.Cutoff))
	}
	return strings.Join(parts, " · ")
}

// Conventions names an algorithm's conventions in a few words, for tables:
// "fail-hard, cut on ≥ (ties prune)". branchBound has one bound and no fail
// convention of its own. In English; ConventionsIn in a search's language.
func Conventions(algo, fail, cutoff string) string { return ConventionsIn(nil, algo, fail, cutoff) }

// ConventionsIn is Conventions in the language of in (its algorithm and
// conventions are the arguments', not in's).
func ConventionsIn(in *trace.Info, algo, fail, cutoff string) string {
	p := Printer(in)
	switch algo {
	case "minimax", "negamax", "expectimax":
		return p.T("explain.conv.nopruning")
	}
	gt := cutoff == "gt"
	switch {
	case algo == "branch-bound" && gt:
		return p.T("explain.conv.bb.gt")
	case algo == "branch-bound":
		return p.T("explain.conv.bb.ge")
	case fail == "f2" && gt:
		return p.T("explain.conv.f2.gt")
	case fail == "f2":
		return p.T("explain.conv.f2.ge")
	case fail == "soft" && gt:
		return p.T("explain.conv.soft.gt")
	case fail == "soft":
		return p.T("explain.conv.soft.ge")
	case gt:
		return p.T("explain.conv.fail.gt", "Fail", "fail-"+fail)
	}
	return p.T("explain.conv.fail.ge", "Fail", "fail-"+fail)
}

// RunConventions names a run's conventions as Conventions does, from its
// description; a run whose trace tells only its nodes (NodesOnly) in the
// words of what it tells.
func RunConventions(in *trace.Info) string {
	if in.NodesOnly {
		return nodesOnlyWords(in)
	}
	return ConventionsIn(in, in.Algo, in.Fail, in.Cutoff)
}

// InputLine describes what was searched in one line.
func InputLine(in *trace.Info) string {
	p := Printer(in)
	s := gameInput(p, in.Game, in.Input)
	root := strings.ToUpper(in.Root)
	if name := in.MaxName; name != "" {
		if in.Root == "min" {
			name = in.MinName
		}
		switch name { // chess's players, by their colours
		case "White":
			name = p.T("explain.player.white")
		case "Black":
			name = p.T("explain.player.black")
		}
		root += " (" + name + ")"
	}
	s += " · " + p.T("explain.input.root", "Side", root)
	s += " · " + p.T("explain.input.depth", "Depth", in.Depth)
	if in.Order == "rtl" {
		s += " · " + p.T("explain.input.rtl")
	}
	if w := in.RootWindow; w != nil {
		s += " · " + p.T("explain.input.window", "Window", window(in, w.Alpha, w.Beta))
	}
	if in.Unit == "cp" {
		s += " · " + p.T("explain.input.cp")
	}
	return s
}

// gameInput is the game's word and what was searched in it: "tree aima",
// "дерево aima" (the input's name stays).
func gameInput(p *i18n.Printer, game, input string) string {
	switch game {
	case "tree":
		return p.T("explain.game.tree", "Input", input)
	case "chess":
		return p.T("explain.game.chess", "Input", input)
	case "tictactoe":
		return p.T("explain.game.tictactoe", "Input", input)
	}
	return game + " " + input
}

// Counts writes the summary's counts: nodes, leaves, then every event kind
// the table of kinds tallies (entering, leaving and leaves are the nodes and
// leaves), when it happened or is always shown. Of a run whose trace tells
// only its nodes (in.NodesOnly) the nodes and leaves only: it does not tell
// the rest (a cutoff it made is none of its events), and no count of it is
// said.
func Counts(in *trace.Info, sum *trace.Summary) string {
	p := Printer(in)
	parts := []string{p.N("explain.count.nodes", sum.Nodes), p.N("explain.count.leaves", sum.Leaves)}
	if in != nil && in.NodesOnly {
		return strings.Join(parts, " · ")
	}
	for _, k := range trace.CountedKinds() {
		sp := k.Spec()
		if sp.Tally == "" {
			continue
		}
		if c := sum.Counts[k]; c > 0 || sp.Always {
			parts = append(parts, tally(p, k, c))
		}
	}
	return strings.Join(parts, " · ")
}

// tally is a kind's count as Counts writes it: "cutoffs 2" in English (the
// table of kinds' Tally and Tallies), "отсечений: 2" in Russian.
func tally(p *i18n.Printer, k trace.Kind, c int64) string {
	switch k {
	case trace.Cutoff:
		return p.N("explain.tally.cutoff", c)
	case trace.NullTry:
		return p.N("explain.tally.null_try", c)
	case trace.NullPrune:
		return p.N("explain.tally.null_prune", c)
	case trace.NullFail:
		return p.N("explain.tally.null_fail", c)
	case trace.Reduce:
		return p.N("explain.tally.reduce", c)
	case trace.Extend:
		return p.N("explain.tally.extend", c)
	case trace.Research:
		return p.N("explain.tally.research", c)
	case trace.Futility:
		return p.N("explain.tally.futility", c)
	case trace.Razor:
		return p.N("explain.tally.razor", c)
	case trace.QSEnter:
		return p.N("explain.tally.qs_enter", c)
	case trace.StandPat:
		return p.N("explain.tally.stand_pat", c)
	case trace.TTProbe:
		return p.N("explain.tally.tt_probe", c)
	case trace.TTHit:
		return p.N("explain.tally.tt_hit", c)
	case trace.TTStore:
		return p.N("explain.tally.tt_store", c)
	case trace.Iter:
		return p.N("explain.tally.iter", c)
	case trace.Window:
		return p.N("explain.tally.window", c)
	case trace.NullSkip:
		return p.N("explain.tally.null_skip", c)
	case trace.Threat:
		return p.N("explain.tally.threat", c)
	case trace.NullVerify:
		return p.N("explain.tally.null_verify", c)
	case trace.ChanceCut:
		return p.N("explain.tally.chance_cut", c)
	case trace.LatePrune:
		return p.N("explain.tally.lmp", c)
	case trace.RFP:
		return p.N("explain.tally.rfp", c)
	case trace.IID:
		return p.N("explain.tally.iid", c)
	case trace.IIDDone:
		return p.N("explain.tally.iid_done", c)
	case trace.Evasions:
		return p.N("explain.tally.evasions", c)
	}
	sp := k.Spec() // a kind added since: its English words
	name := sp.Tallies
	if c == 1 {
		name = sp.Tally
	}
	return fmt.Sprintf("%s %d", name, c)
}

// CutCounts writes what the cut tests of a search did, "" when they did
// nothing or the summary does not carry the counts (a trace written before
// they were counted). Drawings leave it out of their captions; the text
// summary and compare show it. In English; CutCountsIn in a search's
// language.
func CutCounts(sum *trace.Summary) string { return CutCountsIn(nil, sum) }

// CutCountsIn is CutCounts in the language of in.
func CutCountsIn(in *trace.Info, sum *trace.Summary) string {
	if sum.Cuts == nil {
		return ""
	}
	return strings.Join(cutWords(Printer(in), sum.Cuts, sum.Counts[trace.Cutoff]), " · ")
}

// cutWords tells what the cut tests did, where they did anything: what the
// cutoffs left unsearched (edges at the cut nodes; leaves and inner nodes
// of the never-searched subtrees, "–" where the game's tree is not known),
// and the cut tests that fired on a last move, which some answer keys count
// as cutoffs and others do not.
func cutWords(p *i18n.Printer, c *trace.Cuts, cutoffs int64) []string {
	var parts []string
	if c.Edges > 0 {
		edges := p.N("explain.cuts.edges", c.Edges)
		if c.Known {
			parts = append(parts, p.T("explain.cuts.pruned", "Leaves", p.N("explain.cuts.leaves", c.Leaves), "Inner", p.N("explain.cuts.inner", c.Inner), "Edges", edges))
		} else {
			parts = append(parts, p.T("explain.cuts.pruned.unknown", "Edges", edges))
		}
	}
	if c.OnLast > 0 {
		parts = append(parts, p.N("explain.cuts.onlast", c.OnLast, "Cutoffs", cutoffs+c.OnLast))
	}
	return parts
}

// IterWork writes an iteration's work: its own nodes and leaves, then all
// iterations' so far (MIT 6.034 counts each iteration's own evaluations).
// Without the own counts (a trace written before they were carried) it says
// the nodes so far only. In English; IterWorkIn in a search's language.
func IterWork(sum *trace.Summary) string { return IterWorkIn(nil, sum) }

// IterWorkIn is IterWork in the language of in.
func IterWorkIn(in *trace.Info, sum *trace.Summary) string {
	p := Printer(in)
	if sum.Iter == nil {
		return p.N("explain.iter.sofar", sum.Nodes)
	}
	return p.T("explain.iter.work",
		"Own", p.T("explain.iter.nodesleaves", "Nodes", p.N("explain.iter.nodes", sum.Iter.Nodes), "Leaves", p.N("explain.iter.leaves", sum.Iter.Leaves)),
		"All", p.T("explain.iter.nodesleaves", "Nodes", p.N("explain.iter.nodes", sum.Nodes), "Leaves", p.N("explain.iter.leaves", sum.Leaves)))
}

// Stopped says why a search ended before its depth limit, or "". A run
// whose trace tells only its nodes (in.NodesOnly) has no iterations: its
// trace stopped, and nothing is said of a value.
func Stopped(in *trace.Info, sum *trace.Summary) string {
	if sum == nil || sum.Stopped == "" {
		return ""
	}
	p := Printer(in)
	if in != nil && in.NodesOnly {
		return p.N("explain.stopped.nodesonly", sum.Nodes, "Why", stopWords(p, sum.Stopped))
	}
	return p.N("explain.stopped", sum.Nodes, "Why", stopWords(p, sum.Stopped))
}

// BoundRule states the textbook bound rule in a sentence, for quizzes and
// keys: clamps tells whether the convention clamps values onto the window's
// edge, strict whether the strict cutoff rule (which makes tie windows) is
// in force. A leaf's value is exact, whatever its window, as the textbooks'
// keys give it. In English; BoundRuleIn in a search's language.
func BoundRule(clamps, strict bool) string { return BoundRuleIn(nil, clamps, strict) }

// BoundRuleIn is BoundRule in the language of in.
func BoundRuleIn(in *trace.Info, clamps, strict bool) string {
	p := Printer(in)
	switch {
	case strict && clamps:
		return p.T("explain.boundrule.strict.clamps")
	case strict:
		return p.T("explain.boundrule.strict")
	}
	return p.T("explain.boundrule")
}
