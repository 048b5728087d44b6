package engine

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spec formats options as the spec ParseSpec reads: the algorithm, then the
// conventions that apply to it, then the techniques switched on (the
// iterative ones, then the selective ones, in the table's order),
// e.g. "alphabeta:hard:ge+null-move+quiescence" or "negamax".
func (o Options) Spec() string {
	var s string
	switch {
	case !o.Algo.Prunes():
		s = o.Algo.String()
	case o.Algo == BranchBound: // one bound, fail-soft by construction
		s = o.Algo.String() + ":" + o.Cutoff.String()
	default:
		s = o.Algo.String() + ":" + o.Fail.String() + ":" + o.Cutoff.String()
	}
	for _, t := range techniques {
		if t.family == IterativeFamily && t.on(&o) {
			s += "+" + t.name
		}
	}
	all := true
	for _, t := range techniques {
		all = all && (t.family != SelectiveFamily || t.on(&o))
	}
	if all {
		return s + "+selective"
	}
	for _, t := range techniques {
		if t.family == SelectiveFamily && t.on(&o) {
			s += "+" + t.name
		}
	}
	return s
}

// TechniqueNames lists the names of the selective techniques in specs.
func TechniqueNames() []string { return techniqueNames(SelectiveFamily) }

// IterativeTechniqueNames lists the names of the iterative techniques in
// specs: the transposition table, move ordering, iterative deepening,
// aspiration windows.
func IterativeTechniqueNames() []string { return techniqueNames(IterativeFamily) }

// techniqueNames lists the names of a family's techniques in specs.
func techniqueNames(f Family) []string {
	var out []string
	for _, t := range techniques {
		if t.family == f {
			out = append(out, t.name)
		}
	}
	return out
}

// ParseSpec reads an algorithm spec: a name optionally followed by conventions
// separated by colons, in any order, and then by selective techniques each
// after a plus: "alphabeta", "alphabeta:soft", "alphabeta:soft:gt", "alphabeta:f2:ge",
// "branch-bound:gt", "alphabeta+null-move+quiescence", "alphabeta+selective".
// Conventions not given come from def, and so do the techniques' parameters
// (a technique named in the spec is switched on).
func ParseSpec(spec string, def Options) (Options, error) {
	spec = strings.TrimSpace(spec)
	where := spec // how errors name the spec: as typed, quoted if it holds a control character
	if strings.ContainsFunc(spec, unicode.IsControl) || !utf8.ValidString(spec) {
		where = strconv.Quote(spec)
	}
	head, tail, _ := strings.Cut(spec, "+")
	parts := strings.Split(head, ":")
	o := def
	if tail != "" {
		for _, name := range strings.Split(tail, "+") {
			found := false
			for _, t := range techniques {
				if t.named(name) || (name == "selective" && t.family == SelectiveFamily) {
					t.switchOn(&o)
					found = true
					if t.family == IterativeFamily && o.Order.Any() && o.TT.On {
						o.Order.TT = true // the table's move goes first when both are on
					}
				}
			}
			if !found {
				return o, i18n.Errorf("%s: unknown technique %q (use %s, or selective for all; %s)", where, name, strings.Join(TechniqueNames(), ", "), strings.Join(techniqueNames(IterativeFamily), ", "))
			}
		}
	}
	a, err := ParseAlgo(parts[0])
	if err != nil {
		return o, err
	}
	o.Algo = a
	var fail, cutoff string // the conventions named, each at most once
	for _, p := range parts[1:] {
		if !a.Prunes() {
			return o, i18n.Errorf("%s: %s does not prune, so fail and cutoff conventions do not apply", where, a)
		}
		if f, err := ParseFail(p); err == nil {
			if fail != "" {
				return o, twice(where, "fail", fail, p)
			}
			if a == BranchBound && f != FailSoft {
				return o, i18n.Errorf("%s: branch and bound has one bound and is fail-soft by construction", where)
			}
			if a == MTDF && f != FailSoft {
				return o, i18n.Errorf("%s: MTD(f) searches with fail-soft zero windows only", where)
			}
			o.Fail, fail = f, p
			continue
		}
		if c, err := ParseCutoff(p); err == nil {
			if cutoff != "" {
				return o, twice(where, "cutoff", cutoff, p)
			}
			o.Cutoff, cutoff = c, p
			continue
		}
		return o, i18n.Errorf("%s: unknown convention %q (use hard, soft, f2, ge or gt)", where, p)
	}
	if a == BranchBound {
		o.Fail = FailSoft
	}
	if needsWindow(o) {
		return o, i18n.Errorf("%s: the selective techniques, the transposition table and move ordering work with alphabeta, pvs and mtdf", where)
	}
	if a == MTDF {
		o.Fail = FailSoft // MTD(f) needs fail-soft zero-window searches
	}
	return o, nil
}

// twice refuses a spec that names a kind of convention (fail, cutoff) twice:
// the last one won, silently.
func twice(where, kind, first, second string) error {
	if first == second {
		return i18n.Errorf("%s: names the %s convention %s twice: give it once", where, kind, first)
	}
	return i18n.Errorf("%s: names two %s conventions, %s and %s: give one", where, kind, first, second)
}
