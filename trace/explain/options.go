package explain

import (
	"regexp"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// The techniques' lines. The engine writes each technique switched on as a
// line of trace.Info.Options, in English: data, as the JSON trace keeps it.
// OptionLine reads such a line and writes it in the search's language, so
// that a trace read back from a file reads as one just searched. A line is
// a technique's name and its parameters, a list of noun phrases: each
// technique's line is one message, its lists' items each one.

// OptionLines are the lines of the techniques switched on, in the
// language of in, as the headers show them (without their "+ ").
func OptionLines(in *trace.Info) []string {
	if in == nil {
		return nil
	}
	out := make([]string, len(in.Options))
	for i, o := range in.Options {
		out[i] = OptionLine(in, o)
	}
	return out
}

// OptionLine is one line of trace.Info.Options in the language of in: the
// line itself in English, and a line this version of prunescope does not
// know (a newer engine's) too.
func OptionLine(in *trace.Info, o string) string {
	p := Printer(in)
	if p.Lang() == i18n.En {
		return o
	}
	if s, ok := optionWords(p, o); ok {
		return s
	}
	return o
}

var (
	optNull       = regexp.MustCompile(`^null move R=(\d+)(?: \(R=(\d+) above depth (\d+)\))?, (full|zero) window, if (.*?)(?:, threat detection \(margin (\S+), (any capture|captures by the piece that moved)\))?(, verified)?$`)
	optNullEval   = regexp.MustCompile(`^eval - (\S+) ≥ β at MAX \(eval \+ (\S+) ≤ α at MIN\)$`)
	optNullPly    = regexp.MustCompile(`^ply ≥ (\d+)$`)
	optTT         = regexp.MustCompile(`^transposition table \(up to (\d+) MB(; its entries only order moves, never end a node)?\)$`)
	optOrder      = regexp.MustCompile(`^move ordering: (.*)$`)
	optAspiration = regexp.MustCompile(`^aspiration windows \(half-width (\S+)(, widened to the last change of the value)?; a fail high (searched again from its move|searches the root again)\)$`)
	optCheckExt   = regexp.MustCompile(`^check extension \(\+(\d+); (\d+) per line\)$`)
	optExt        = regexp.MustCompile(`^extensions \((.*); (\d+) per line\)$`)
	optIID        = regexp.MustCompile(`^internal iterative deepening \(depth ≥ (\d+), searched first to depth-(\d+), at (open-window \(PV\) nodes|every node) without a table move\)$`)
	optLMP        = regexp.MustCompile(`^late move pruning \(at depth ≤ (\d+), quiet moves after the first (\S+) by remaining depth 1\.\.(\d+)\)$`)
	optLMR        = regexp.MustCompile(`^late move reductions \(quiet moves after the first (\d+) at depth ≥ (\d+): R = floor\((\S+) \+ ln\(depth\)·ln\(move\)/(\S+)\); re-searched at full depth when they beat α\)$`)
	optQS         = regexp.MustCompile(`^quiescence \(captures and promotions, (every move in check|stand pat even in check)(?:, (\d+) plies at most)?\)$`)
	optReductions = regexp.MustCompile(`^reductions \(check keeps depth, capture -1, quiet not improving α -2, margins (.*? by remaining depth 1\.\.\d+)( and the last deeper)?(; mate guard)?(; not after an attack until material is restored)?\)$`)
	optRFP        = regexp.MustCompile(`^reverse futility \(static null move\) margins (.*), (at every node|at null-window nodes only)$`)
	optMargined   = regexp.MustCompile(`^(futility|razoring) margins (.*)$`)
	optMargins    = regexp.MustCompile(`^(\S*) by remaining depth 1\.\.(\d+)$`)
)

// optionWords writes the line o in p's language; ok is false when o is no
// line it knows, or has a part it does not know. Written in English it is o
// again (TestOptionLines holds it to that).
func optionWords(p *i18n.Printer, o string) (string, bool) {
	switch {
	case o == "iterative deepening (depth 1, 2, …, each iteration's best move first in the next)":
		return p.T("explain.opt.iterative"), true
	case o == "late move pruning (at depth ≤ 0: no move is pruned)":
		return p.T("explain.opt.lmp.none"), true
	case o == "reverse futility (static null move): no depth to apply at (depth 0 or no margins)":
		return p.T("explain.opt.rfp.none"), true
	}
	if m := optNull.FindStringSubmatch(o); m != nil {
		return nullOption(p, m)
	}
	if m := optTT.FindStringSubmatch(o); m != nil {
		if m[2] != "" {
			return p.T("explain.opt.tt.order", "MB", m[1]), true
		}
		return p.T("explain.opt.tt", "MB", m[1]), true
	}
	if m := optOrder.FindStringSubmatch(o); m != nil {
		what, ok := items(m[1], func(s string) string {
			switch s {
			case "the table's move":
				return p.T("explain.opt.order.tt")
			case "captures (most valuable victim first)":
				return p.T("explain.opt.order.captures")
			case "killers":
				return p.T("explain.opt.order.killers")
			case "history":
				return p.T("explain.opt.order.history")
			}
			return ""
		})
		return p.T("explain.opt.order", "What", what), ok
	}
	if m := optAspiration.FindStringSubmatch(o); m != nil {
		move := m[3] == "searched again from its move"
		switch {
		case m[2] != "" && move:
			return p.T("explain.opt.aspiration.adaptive.move", "Width", m[1]), true
		case m[2] != "":
			return p.T("explain.opt.aspiration.adaptive.root", "Width", m[1]), true
		case move:
			return p.T("explain.opt.aspiration.move", "Width", m[1]), true
		}
		return p.T("explain.opt.aspiration.root", "Width", m[1]), true
	}
	if m := optCheckExt.FindStringSubmatch(o); m != nil {
		return p.T("explain.opt.checkext", "Plies", m[1], "Limit", m[2]), true
	}
	if m := optExt.FindStringSubmatch(o); m != nil {
		what, ok := items(m[1], func(s string) string {
			switch s {
			case "check":
				return p.T("explain.opt.ext.check")
			case "recapture":
				return p.T("explain.opt.ext.recapture")
			case "promotion":
				return p.T("explain.opt.ext.promotion")
			}
			return ""
		})
		return p.T("explain.opt.ext", "What", what, "Limit", m[2]), ok
	}
	if m := optIID.FindStringSubmatch(o); m != nil {
		if m[3] == "every node" {
			return p.T("explain.opt.iid.all", "Depth", m[1], "R", m[2]), true
		}
		return p.T("explain.opt.iid", "Depth", m[1], "R", m[2]), true
	}
	if m := optLMP.FindStringSubmatch(o); m != nil {
		return p.T("explain.opt.lmp", "Depth", m[1], "Counts", m[2], "Last", m[3]), true
	}
	if m := optLMR.FindStringSubmatch(o); m != nil {
		return p.T("explain.opt.lmr", "Moves", m[1], "Depth", m[2], "Base", m[3], "Divisor", m[4]), true
	}
	if m := optQS.FindStringSubmatch(o); m != nil {
		stand := m[1] == "stand pat even in check"
		if m[2] != "" {
			n := atoi(m[2])
			if stand {
				return p.N("explain.opt.qs.stand.plies", n), true
			}
			return p.N("explain.opt.qs.plies", n), true
		}
		if stand {
			return p.T("explain.opt.qs.stand"), true
		}
		return p.T("explain.opt.qs"), true
	}
	if m := optReductions.FindStringSubmatch(o); m != nil {
		margins, ok := marginWords(p, m[1])
		var deeper, guard, attack string
		if m[2] != "" {
			deeper = p.T("explain.opt.reductions.deeper")
		}
		if m[3] != "" {
			guard = p.T("explain.opt.reductions.mateguard")
		}
		if m[4] != "" {
			attack = p.T("explain.opt.reductions.attack")
		}
		return p.T("explain.opt.reductions", "Margins", margins, "Deeper", deeper, "Guard", guard, "Attack", attack), ok
	}
	if m := optRFP.FindStringSubmatch(o); m != nil {
		margins, ok := marginWords(p, m[1])
		if m[2] == "at every node" {
			return p.T("explain.opt.rfp.all", "Margins", margins), ok
		}
		return p.T("explain.opt.rfp", "Margins", margins), ok
	}
	if m := optMargined.FindStringSubmatch(o); m != nil {
		margins, ok := marginWords(p, m[2])
		if m[1] == "futility" {
			return p.T("explain.opt.futility", "Margins", margins), ok
		}
		return p.T("explain.opt.razoring", "Margins", margins), ok
	}
	return "", false
}

// nullOption writes the null move's line from optNull's match.
func nullOption(p *i18n.Printer, m []string) (string, bool) {
	var deep, threat, verify string
	if m[2] != "" {
		deep = p.T("explain.opt.null.deep", "R", m[2], "Depth", m[3])
	}
	window := p.T("explain.opt.null.zero")
	if m[4] == "full" {
		window = p.T("explain.opt.null.full")
	}
	conds, ok := items(m[5], func(s string) string {
		switch s {
		case "not after a capture":
			return p.T("explain.opt.null.nocapture")
		case "not extended":
			return p.T("explain.opt.null.notextended")
		case "once per line":
			return p.T("explain.opt.null.once")
		case "not twice in a row":
			return p.T("explain.opt.null.twice")
		case "not with king and pawns only":
			return p.T("explain.opt.null.pawns")
		}
		if e := optNullEval.FindStringSubmatch(s); e != nil && e[1] == e[2] {
			return p.T("explain.opt.null.eval", "Margin", e[1])
		}
		if e := optNullPly.FindStringSubmatch(s); e != nil {
			return p.T("explain.opt.null.ply", "Ply", e[1])
		}
		return ""
	})
	switch m[7] {
	case "any capture":
		threat = p.T("explain.opt.null.threat.any", "Margin", m[6])
	case "captures by the piece that moved":
		threat = p.T("explain.opt.null.threat.mover", "Margin", m[6])
	}
	if m[8] != "" {
		verify = p.T("explain.opt.null.verified")
	}
	return p.T("explain.opt.null", "R", m[1], "Deep", deep, "Window", window, "Conds", conds, "Threat", threat, "Verify", verify), ok
}

// items writes a list of phrases joined by ", ", each by word; ok is false
// when word does not know one.
func items(list string, word func(string) string) (string, bool) {
	if list == "" {
		return "", true
	}
	parts := strings.Split(list, ", ")
	for i, s := range parts {
		w := word(s)
		if w == "" {
			return "", false
		}
		parts[i] = w
	}
	return strings.Join(parts, ", "), true
}

// marginWords writes margins by remaining depth ("100,200 by remaining depth
// 1..2"); the margins stay as the engine wrote them.
func marginWords(p *i18n.Printer, s string) (string, bool) {
	m := optMargins.FindStringSubmatch(s)
	if m == nil {
		return "", false
	}
	return p.T("explain.opt.margins", "Margins", m[1], "Last", m[2]), true
}

// atoi reads a count the engine wrote.
func atoi(s string) int64 {
	var n int64
	for _, c := range s {
		n = n*10 + int64(c-'0')
	}
	return n
}
