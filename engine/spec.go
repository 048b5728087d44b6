package engine

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Spec formats options as the spec ParseSpec reads: the algorithm, then the
// conventions that apply to it, then the selective techniques switched on,
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
	if o.TT.On {
		s += "+tt"
	}
	if o.Order.Any() {
		s += "+order"
	}
	if o.Iterative {
		s += "+iterative"
	}
	if o.Aspiration.Width > 0 {
		s += "+aspiration"
	}
	all := true
	for _, t := range techniques {
		all = all && *t.on(&o.Sel)
	}
	if all {
		return s + "+selective"
	}
	for _, t := range techniques {
		if *t.on(&o.Sel) {
			s += "+" + t.name
		}
	}
	return s
}

// switchOn switches on the search technique a spec names after a plus,
// besides the selective ones: the transposition table (with its cutoffs),
// move ordering (all four), iterative deepening, aspiration windows (with the
// width already set, or DefaultAspiration). It reports whether it knew name.
func (o *Options) switchOn(name string) bool {
	switch name {
	case "tt":
		o.TT.On, o.TT.Cutoffs = true, true
	case "order":
		o.Order = Ordering{TT: o.TT.On, Captures: true, Killers: true, History: true}
	case "iterative", "id":
		o.Iterative = true
	case "aspiration":
		if o.Aspiration.Width == 0 {
			o.Aspiration.Width = DefaultAspiration
		}
	default:
		return false
	}
	if o.Order.Any() && o.TT.On {
		o.Order.TT = true // the table's move goes first when both are on
	}
	return true
}

// DefaultAspiration is the aspiration half-width a spec switches on when no
// width was given, in the game's raw units (a third of a pawn in chess).
const DefaultAspiration = 35

// techniques names the selective techniques as specs write them.
var techniques = []struct {
	name string
	on   func(*Selective) *bool
}{
	{"null-move", func(s *Selective) *bool { return &s.Null.On }},
	{"reductions", func(s *Selective) *bool { return &s.Reductions.On }},
	{"futility", func(s *Selective) *bool { return &s.Futility.On }},
	{"razoring", func(s *Selective) *bool { return &s.Razoring.On }},
	{"quiescence", func(s *Selective) *bool { return &s.Quiescence.On }},
	{"extensions", func(s *Selective) *bool { return &s.Extensions.On }},
}

// TechniqueNames lists the names of the selective techniques in specs.
func TechniqueNames() []string {
	out := make([]string, len(techniques))
	for i, t := range techniques {
		out[i] = t.name
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
			if o.switchOn(name) {
				continue
			}
			found := false
			for _, t := range techniques {
				if name == t.name || name == "selective" || (name == "null" && t.name == "null-move") || (name == "qs" && t.name == "quiescence") {
					*t.on(&o.Sel) = true
					found = true
				}
			}
			if !found {
				return o, fmt.Errorf("%s: unknown technique %q (use %s, or selective for all; tt, order, iterative, aspiration)", where, name, strings.Join(TechniqueNames(), ", "))
			}
		}
	}
	a, err := ParseAlgo(parts[0])
	if err != nil {
		return o, err
	}
	o.Algo = a
	for _, p := range parts[1:] {
		if !a.Prunes() {
			return o, fmt.Errorf("%s: %s does not prune, so fail and cutoff conventions do not apply", where, a)
		}
		if f, err := ParseFail(p); err == nil {
			if a == BranchBound && f != FailSoft {
				return o, fmt.Errorf("%s: branch and bound has one bound and is fail-soft by construction", where)
			}
			o.Fail = f
			continue
		}
		if c, err := ParseCutoff(p); err == nil {
			o.Cutoff = c
			continue
		}
		return o, fmt.Errorf("%s: unknown convention %q (use hard, soft, f2, ge or gt)", where, p)
	}
	if a == BranchBound {
		o.Fail = FailSoft
	}
	if (o.Sel.Any() || o.TT.On || o.Order.Any()) && !a.windowed() {
		return o, fmt.Errorf("%s: the selective techniques, the transposition table and move ordering work with alphabeta, pvs and mtdf", where)
	}
	if a == MTDF {
		o.Fail = FailSoft // MTD(f) needs fail-soft zero-window searches
	}
	return o, nil
}
