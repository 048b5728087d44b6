package engine

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/prunescope/prunescope/trace"
)

// Algo selects a search algorithm.
type Algo uint8

const (
	// Minimax is the textbook form: MAX takes the largest child value, MIN the smallest.
	Minimax Algo = iota
	// Negamax is F of Knuth and Moore: the value is the maximum of the negated child values.
	Negamax
	// BranchBound is F1 of Knuth and Moore: one bound, no deep cutoffs.
	BranchBound
	// AlphaBeta is F2 of Knuth and Moore: both bounds.
	AlphaBeta
	// PVS is principal variation search (NegaScout): after the first move,
	// null-window probes; a probe that fails high is searched again in full.
	PVS
	// MTDF is MTD(f): the value is found by zero-window searches alone.
	MTDF
	numAlgos
)

var algoNames = [numAlgos]string{"minimax", "negamax", "branch-bound", "alphabeta", "pvs", "mtdf"}

// AlgoNames lists the names ParseAlgo accepts, in order.
func AlgoNames() []string { return append([]string(nil), algoNames[:]...) }

func (a Algo) String() string {
	if a < numAlgos {
		return algoNames[a]
	}
	return fmt.Sprintf("algo(%d)", a)
}

// ParseAlgo reads an algorithm name as written on the command line.
func ParseAlgo(s string) (Algo, error) {
	for i, n := range algoNames {
		if n == s {
			return Algo(i), nil
		}
	}
	switch s { // accepted spellings people type
	case "alpha-beta", "ab":
		return AlphaBeta, nil
	case "branch-and-bound", "bb", "branchbound":
		return BranchBound, nil
	case "negascout", "scout":
		return PVS, nil
	case "mtd(f)", "mtd-f", "mtd":
		return MTDF, nil
	}
	return 0, fmt.Errorf("unknown algorithm %q (choose from %s)", s, strings.Join(algoNames[:], ", "))
}

// Prunes reports whether the algorithm cuts off moves, so that the fail and
// cutoff conventions apply to it.
func (a Algo) Prunes() bool { return a == BranchBound || a.windowed() }

// windowed reports whether the algorithm is alpha-beta or one of its
// window-narrowing descendants, which share its search of a node.
func (a Algo) windowed() bool { return a == AlphaBeta || a == PVS || a == MTDF }

// Fail selects what a node returns when its value falls outside its window.
type Fail uint8

const (
	// FailHard clamps the value of an inner node into its window [alpha, beta]:
	// alpha stands for "alpha or less", beta for "beta or more". This is the
	// seeds' `if (alpha >= beta) return alpha; // or beta` taken as "beta".
	FailHard Fail = iota
	// FailSoft returns the best value found, which may lie outside the window
	// and is then a tighter bound (Fishburn).
	FailSoft
	// FailF2 is Knuth and Moore's F2 as printed: the running maximum starts
	// at alpha (m := alpha), so a node returns max(best, alpha): clamped at
	// alpha only, a value at or above beta returned as found.
	FailF2
	numFails
)

var failNames = [numFails]string{"hard", "soft", "f2"}

func (f Fail) String() string {
	if f < numFails {
		return failNames[f]
	}
	return fmt.Sprintf("fail(%d)", f)
}

// ParseFail reads "hard", "soft" or "f2".
func ParseFail(s string) (Fail, error) {
	for i, n := range failNames {
		if n == s {
			return Fail(i), nil
		}
	}
	return 0, fmt.Errorf("unknown fail mode %q (choose hard, soft or f2)", s)
}

// Cutoff selects when a node stops searching its moves.
type Cutoff uint8

const (
	// CutGE cuts as soon as a value reaches the bound (value >= beta), as Knuth
	// and Moore's F2 loops "while m < beta".
	CutGE Cutoff = iota
	// CutGT cuts only when a value passes the bound strictly (value > beta): no
	// pruning on ties, the UC Berkeley CS188 convention.
	CutGT
)

func (c Cutoff) String() string {
	if c == CutGT {
		return "gt"
	}
	return "ge"
}

// ParseCutoff reads "ge" or "gt".
func ParseCutoff(s string) (Cutoff, error) {
	switch s {
	case "ge", ">=":
		return CutGE, nil
	case "gt", ">":
		return CutGT, nil
	}
	return 0, fmt.Errorf("unknown cutoff rule %q (choose ge or gt)", s)
}

// Options selects an algorithm, its conventions and the techniques layered
// on it.
type Options struct {
	Algo   Algo
	Fail   Fail
	Cutoff Cutoff
	Sel    Selective
	TT     TT       // the transposition table
	Order  Ordering // move ordering
	// Iterative searches depth 1, 2, ..., Limits.Depth, each iteration
	// ordering the root moves for the next (move to front).
	Iterative  bool
	Aspiration Aspiration
	// Guess is MTD(f)'s first guess, or the centre of the first aspiration
	// window, when HasGuess (else the previous iteration's value, or 0); MAX's
	// point of view.
	Guess    int64
	HasGuess bool
	// Progress is called after each completed iteration of an iterative
	// search: the caller decides what to show, and when to stop (cancel the
	// context).
	Progress func(Iteration)
	// Pass is called with the window event of each pass of the root
	// (aspiration windows, MTD(f)), traced or not: a pass is worth telling
	// even when nothing else is. The event is valid during the call only.
	Pass func(*trace.Event)
}

// Limits bounds a search.
type Limits struct {
	// Depth is the number of plies to search; at depth 0 an inner node's static
	// evaluation is used. With iterative deepening, the last iteration's depth.
	Depth int
	// Nodes stops the search after this many visits when positive.
	Nodes int64
	// Time stops the search after this long when positive.
	Time time.Duration
}

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
