package engine

import (
	"fmt"
	"github.com/prunescope/prunescope/internal/i18n"
	"slices"
	"strings"
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
	// Expectimax searches trees with chance nodes in full: a chance node
	// is worth its children's average weighted by their probabilities.
	Expectimax
	// Star1 is Ballard's alpha-beta for trees with chance nodes: a chance
	// node is cut when the values it may still take, given the bounds of
	// every value (Options.Bounds), lie beyond its window (chance.go).
	Star1
	// Star2 is Star1 with Ballard's probing: each child of a chance node is
	// first bounded by its first move alone.
	Star2
	numAlgos
)

var algoNames = [numAlgos]string{"minimax", "negamax", "branch-bound", "alphabeta", "pvs", "mtdf", "expectimax", "star1", "star2"}

// AlgoNames lists the names ParseAlgo accepts, in order.
func AlgoNames() []string { return append([]string(nil), algoNames[:]...) }

func (a Algo) String() string { return nameOf(algoNames[:], a, "algo") }

// ParseAlgo reads an algorithm name as written on the command line.
func ParseAlgo(s string) (Algo, error) {
	if i := slices.Index(algoNames[:], s); i >= 0 {
		return Algo(i), nil
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
	case "expectiminimax", "expecti-max":
		return Expectimax, nil
	case "*1", "star-1", "*-minimax":
		return Star1, nil
	case "*2", "star-2":
		return Star2, nil
	}
	return 0, i18n.Errorf("unknown algorithm %q (choose from %s)", s, strings.Join(algoNames[:], ", "))
}

// Prunes reports whether the algorithm cuts off moves, so that the fail and
// cutoff conventions apply to it.
func (a Algo) Prunes() bool { return a == BranchBound || a.windowed() || a.Star() }

// Star reports whether the algorithm is Ballard's Star1 or Star2, which
// prune chance nodes with bounds on every value.
func (a Algo) Star() bool { return a == Star1 || a == Star2 }

// ForChance reports whether the algorithm searches trees with chance nodes:
// expectimax, Star1 and Star2.
func (a Algo) ForChance() bool { return a == Expectimax || a.Star() }

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

func (f Fail) String() string { return nameOf(failNames[:], f, "fail") }

// nameOf is the name of value v, or kind(v) for a value without a name.
func nameOf[T ~uint8](names []string, v T, kind string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return fmt.Sprintf("%s(%d)", kind, v)
}

// ParseFail reads "hard", "soft" or "f2".
func ParseFail(s string) (Fail, error) {
	if i := slices.Index(failNames[:], s); i >= 0 {
		return Fail(i), nil
	}
	return 0, i18n.Errorf("unknown fail mode %q (choose hard, soft or f2)", s)
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
	return 0, i18n.Errorf("unknown cutoff rule %q (choose ge or gt)", s)
}
