package explain

import (
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
	case strings.HasPrefix(o, "null move R="):
		return nullOption(p, o)
	}
	if m, ok := glob(o, "transposition table (up to {} MB; its entries only order moves, never end a node)"); ok {
		return p.T("explain.opt.tt.order", "MB", m[0]), true
	}
	if m, ok := glob(o, "transposition table (up to {} MB)"); ok {
		return p.T("explain.opt.tt", "MB", m[0]), true
	}
	if m, ok := glob(o, "move ordering: {}"); ok {
		what, ok := items(m[0], func(s string) string {
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
	if m, ok := glob(o, "aspiration windows (half-width {}, widened to the last change of the value; a fail high searched again from its move)"); ok {
		return p.T("explain.opt.aspiration.adaptive.move", "Width", p.Decimal(m[0])), true
	}
	if m, ok := glob(o, "aspiration windows (half-width {}, widened to the last change of the value; a fail high searches the root again)"); ok {
		return p.T("explain.opt.aspiration.adaptive.root", "Width", p.Decimal(m[0])), true
	}
	if m, ok := glob(o, "aspiration windows (half-width {}; a fail high searched again from its move)"); ok {
		return p.T("explain.opt.aspiration.move", "Width", p.Decimal(m[0])), true
	}
	if m, ok := glob(o, "aspiration windows (half-width {}; a fail high searches the root again)"); ok {
		return p.T("explain.opt.aspiration.root", "Width", p.Decimal(m[0])), true
	}
	if m, ok := glob(o, "check extension (+{}; {} per line)"); ok {
		return p.T("explain.opt.checkext", "Plies", m[0], "Limit", m[1]), true
	}
	if m, ok := glob(o, "extensions ({}; {} per line)"); ok {
		what, ok := items(m[0], func(s string) string {
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
		return p.T("explain.opt.ext", "What", what, "Limit", m[1]), ok
	}
	if m, ok := glob(o, "internal iterative deepening (depth ≥ {}, searched first to depth-{}, at every node without a table move)"); ok {
		return p.T("explain.opt.iid.all", "Depth", m[0], "R", m[1]), true
	}
	if m, ok := glob(o, "internal iterative deepening (depth ≥ {}, searched first to depth-{}, at open-window (PV) nodes without a table move)"); ok {
		return p.T("explain.opt.iid", "Depth", m[0], "R", m[1]), true
	}
	if m, ok := glob(o, "late move pruning (at depth ≤ {}, quiet moves after the first {} by remaining depth 1..{})"); ok {
		return p.T("explain.opt.lmp", "Depth", m[0], "Counts", m[1], "Last", m[2]), true
	}
	if m, ok := glob(o, "late move reductions (quiet moves after the first {} at depth ≥ {}: R = floor({} + ln(depth)·ln(move)/{}); re-searched at full depth when they beat α)"); ok {
		return p.T("explain.opt.lmr", "Moves", m[0], "Depth", m[1], "Base", m[2], "Divisor", m[3]), true
	}
	if strings.HasPrefix(o, "quiescence (captures and promotions, ") {
		return quiescenceOption(p, o)
	}
	if strings.HasPrefix(o, "reductions (check keeps depth, capture -1, quiet not improving α -2, margins ") {
		return reductionsOption(p, o)
	}
	if m, ok := glob(o, "reverse futility (static null move) margins {}, at every node"); ok {
		margins, ok := marginWords(p, m[0])
		return p.T("explain.opt.rfp.all", "Margins", margins), ok
	}
	if m, ok := glob(o, "reverse futility (static null move) margins {}, at null-window nodes only"); ok {
		margins, ok := marginWords(p, m[0])
		return p.T("explain.opt.rfp", "Margins", margins), ok
	}
	if m, ok := glob(o, "futility margins {}"); ok {
		margins, ok := marginWords(p, m[0])
		return p.T("explain.opt.futility", "Margins", margins), ok
	}
	if m, ok := glob(o, "razoring margins {}"); ok {
		margins, ok := marginWords(p, m[0])
		return p.T("explain.opt.razoring", "Margins", margins), ok
	}
	return "", false
}

// quiescenceOption writes quiescence's line.
func quiescenceOption(p *i18n.Printer, o string) (string, bool) {
	switch o {
	case "quiescence (captures and promotions, every move in check)":
		return p.T("explain.opt.qs"), true
	case "quiescence (captures and promotions, stand pat even in check)":
		return p.T("explain.opt.qs.stand"), true
	}
	if m, ok := glob(o, "quiescence (captures and promotions, every move in check, {} plies at most)"); ok && count(m[0]) {
		return p.N("explain.opt.qs.plies", atoi(m[0])), true
	}
	if m, ok := glob(o, "quiescence (captures and promotions, stand pat even in check, {} plies at most)"); ok && count(m[0]) {
		return p.N("explain.opt.qs.stand.plies", atoi(m[0])), true
	}
	return "", false
}

// reductionsOption writes the reductions' line: their margins, then what
// the line may add.
func reductionsOption(p *i18n.Printer, o string) (string, bool) {
	rest, ok := strings.CutPrefix(o, "reductions (check keeps depth, capture -1, quiet not improving α -2, margins ")
	if !ok || !strings.HasSuffix(rest, ")") {
		return "", false
	}
	rest = strings.TrimSuffix(rest, ")")
	var deeper, guard, attack string
	if r, ok := strings.CutSuffix(rest, "; not after an attack until material is restored"); ok {
		rest, attack = r, p.T("explain.opt.reductions.attack")
	}
	if r, ok := strings.CutSuffix(rest, "; mate guard"); ok {
		rest, guard = r, p.T("explain.opt.reductions.mateguard")
	}
	if r, ok := strings.CutSuffix(rest, " and the last deeper"); ok {
		rest, deeper = r, p.T("explain.opt.reductions.deeper")
	}
	margins, ok := marginWords(p, rest)
	return p.T("explain.opt.reductions", "Margins", margins, "Deeper", deeper, "Guard", guard, "Attack", attack), ok
}

// nullOption writes the null move's line: R, the window, the conditions,
// threat detection and verification.
func nullOption(p *i18n.Printer, o string) (string, bool) {
	rest := strings.TrimPrefix(o, "null move R=")
	var deep, threat, verify string
	if r, ok := strings.CutSuffix(rest, ", verified"); ok {
		rest, verify = r, p.T("explain.opt.null.verified")
	}
	if i := strings.LastIndex(rest, ", threat detection (margin "); i >= 0 {
		t := rest[i+len(", threat detection (margin "):]
		rest = rest[:i]
		if m, ok := glob(t, "{}, any capture)"); ok {
			threat = p.T("explain.opt.null.threat.any", "Margin", m[0])
		} else if m, ok := glob(t, "{}, captures by the piece that moved)"); ok {
			threat = p.T("explain.opt.null.threat.mover", "Margin", m[0])
		} else {
			return "", false
		}
	}
	head, conds, ok := strings.Cut(rest, " window, if ")
	if !ok {
		return "", false
	}
	head, kind, ok := cutLast(head, ", ")
	if !ok {
		return "", false
	}
	window := p.T("explain.opt.null.zero")
	switch kind {
	case "full":
		window = p.T("explain.opt.null.full")
	case "zero":
	default:
		return "", false
	}
	r := head
	if m, ok := glob(head, "{} (R={} above depth {})"); ok {
		r, deep = m[0], p.T("explain.opt.null.deep", "R", m[1], "Depth", m[2])
	}
	words, ok := items(conds, func(s string) string {
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
		if m, ok := glob(s, "eval - {} ≥ β at MAX (eval + {} ≤ α at MIN)"); ok && m[0] == m[1] {
			return p.T("explain.opt.null.eval", "Margin", m[0])
		}
		if m, ok := glob(s, "ply ≥ {}"); ok {
			return p.T("explain.opt.null.ply", "Ply", m[0])
		}
		return ""
	})
	return p.T("explain.opt.null", "R", r, "Deep", deep, "Window", window, "Conds", words, "Threat", threat, "Verify", verify), ok
}

// glob matches s against pattern, whose {} each stand for some text: the
// shortest that lets the next literal follow, the last one up to the
// pattern's end. It returns the texts; ok is false when s does not match.
func glob(s, pattern string) ([]string, bool) {
	parts := strings.Split(pattern, "{}")
	rest, ok := strings.CutPrefix(s, parts[0])
	if !ok {
		return nil, false
	}
	var out []string
	for k, lit := range parts[1:] {
		if k == len(parts)-2 { // the last literal ends s
			v, ok := strings.CutSuffix(rest, lit)
			if !ok {
				return nil, false
			}
			return append(out, v), true
		}
		i := strings.Index(rest, lit)
		if i < 0 {
			return nil, false
		}
		out = append(out, rest[:i])
		rest = rest[i+len(lit):]
	}
	return out, rest == ""
}

// cutLast cuts s around the last sep.
func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// count reports whether s is a count the engine wrote: digits only.
func count(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
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
	m, ok := glob(s, "{} by remaining depth 1..{}")
	if !ok || strings.Contains(m[0], " ") || !count(m[1]) {
		return "", false
	}
	return p.T("explain.opt.margins", "Margins", m[0], "Last", m[1]), true
}

// atoi reads a count the engine wrote.
func atoi(s string) int64 {
	var n int64
	for _, c := range s {
		n = n*10 + int64(c-'0')
	}
	return n
}
