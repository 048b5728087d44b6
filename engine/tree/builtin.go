package tree

import (
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
)

// aimaText is Figure 5.2 of Russell and Norvig, "Artificial Intelligence: A
// Modern Approach" (3rd ed.): a two-ply game tree whose minimax value is 3,
// best move the first. It is left unnamed so that every node is called by its
// path, as in ../shared/data/trees.md: alpha-beta never evaluates 2.2 and 2.3.
const aimaText = `((3 12 8) (2 4 6) (14 5 2))`

// wikipediaText is the illustration of the Wikipedia article "Alpha–beta
// pruning": a four-ply tree whose minimax value is 6, best move the second.
const wikipediaText = `((((5 6) (7 4 5)) ((3))) (((6) (6 9)) ((7))) (((5)) ((9 8) (6))))`

// The trees below show one selective technique each (seeds 000, 002, 003), at
// the technique's defaults: each fires where its comment says. Their comments
// stay in the text, so "prunescope tree show NAME" cannot show them, but the
// lessons explain them.

// nullmoveText: MAX passes at ply 4, the first ply the null move is allowed
// on. At 2.1.1.2 even after a pass MAX keeps 8 >= beta 7: pruned. At 2.1.1.3
// the move into the node was a capture: no null move. At 2.1.1.4 the pass
// gives only 6 < 7: the moves are searched.
const nullmoveText = `
(
  (5 9)                                # 1: alpha at the root becomes 5
  (((
     7                                 # 2.1.1.1: MIN's first answer: beta below is 7
     (6 8 8[pass])[eval=9]             # 2.1.1.2: pruned by the null move
     (4 9 9[pass])[eval=9 capture]     # 2.1.1.3: reached by a capture: no null move
     (8 9 6[pass])[eval=8]             # 2.1.1.4: the null move fails
  )))
)`

// zugzwangText: at 2.1.1.2 MAX would rather pass (8) than move (1 or 2). The
// null move believes the pass and prunes, and the root's value becomes 7
// instead of 5. --null-verify, or no null move, gets 5 back.
const zugzwangText = `
(
  (5 9)                                # 1: alpha at the root becomes 5
  (((
     7                                 # 2.1.1.1: MIN's first answer: beta below is 7
     (1 2 8[pass])[eval=9]             # 2.1.1.2: zugzwang: passing keeps 8, the moves give 1 or 2
  )))
)`

// threatText: after MAX's quiet move 2, MIN passes and MAX captures 4: the
// move threatens material, so node 2 is searched a ply deeper, and its value
// 3 (not its static 0) makes move 2 the best.
const threatText = `
(
  (1 2)[eval=1]                        # 1: a quiet move worth 1
  ((0 4[capture])[eval=0]              # 2.1: MIN's answer; MAX then captures 4
   (1 3[capture])[eval=0]              # 2.2: MIN's answer; MAX then captures 3
   (0 4[capture])[pass eval=0]         # the pass: MAX captures at once
  )[eval=0]                            # 2: looks like 0
)[depth=2]`

// reductionsText: at 2.2 (both alpha and beta finite, so the mate guard lets
// reductions happen) the quiet 2.2.1, whose static score 1 does not improve
// alpha 2, loses two plies; the check 2.2.2 keeps its depth and so sees the
// real value 4 of a line whose evaluation says 5; the capture 2.2.3 loses one.
const reductionsText = `
(
  2                                            # 1: alpha at the root becomes 2
  (6                                           # 2.1: MIN's first answer: beta below is 6
   (((0 1)[eval=0] (3 2)[eval=1])[eval=1]      # 2.2.1: quiet, eval 1 <= alpha 2: reduced
    (((5 4)[eval=5])[eval=5])[check eval=5]    # 2.2.2: a check keeps its depth
    ((4 2)[eval=3] (2 1)[eval=2])[capture eval=3]
                                               # 2.2.3: a capture: one ply less, as usual
   )[eval=4])
)[depth=5]`

// futilityText: at 2.1 and 2.2, one ply from the horizon, a quiet move whose
// static score cannot lift alpha 5 is skipped; the capture and the move to 6
// are searched.
const futilityText = `
(
  ((3 5))                              # 1: alpha at the root becomes 5
  ((4 2 9[capture] 3)                  # 2.1: 4, 2 and 3 are skipped
   (6 1 2))                            # 2.2: 6 is searched; 1 and 2 are skipped
)`

// razoringText: 2.1's static evaluation 2 plus the margin stays at or below
// alpha 5, so it is searched one ply shallower; 2.2's evaluation 6 is above
// alpha and it is searched in full.
const razoringText = `
(
  ((3 5)[eval=4])                      # 1: alpha at the root becomes 5
  (((1 3)[eval=2] (2 0)[eval=1])[eval=2]
                                       # 2.1: razored: depth 2 -> 1
   ((8 6)[eval=7] (9 7)[eval=8])[eval=6])
                                       # 2.2: searched in full
)`

// quiescenceText: searched one ply deep, move 2 captures and the evaluation
// says 5; but MIN recaptures and MAX is left at -4. Without quiescence the
// search plays 2 (the horizon effect); with it, the quiet move 1 (3).
const quiescenceText = `
(
  (3 4)[eval=3]                        # 1: a quiet move; the position is worth 3
  ((-4 -3)[eval=-4 capture] 6)[eval=5 capture]
                                       # 2: MAX captures (5); MIN recaptures (2.1): -4
)[depth=1]`

// extensionsText: searched to depth 2, the tree goes a ply further. The check
// 2 looks bad for MAX (3) until its answer is searched (9); MIN's recapture
// 3.1 looks good for MAX (8) until searched (2); MIN's promotion 4.1 looks bad
// for MAX (1) until searched (7).
const extensionsText = `
(
  (4 5)[eval=4]                        # 1: a quiet move: MIN answers 4
  ((9 1)[eval=3])[check eval=3]        # 2: a check; one ply deeper MAX has 9
  ((2 1)[eval=8 capture] 6)[capture eval=5]
                                       # 3: MAX captures, MIN recaptures (3.1): 8, deeper 2
  ((7 0)[eval=1 promotion] 8)[eval=2]  # 4: MIN promotes (4.1): 1, deeper 7
)[depth=2]`

// transpositionsText: MAX's moves 1 then 1.1, and 2 then 2.1, reach the same
// position p (seed 004: the tree is a graph). With a transposition table the
// second visit, 2.1, is answered from the entry the first stored: an exact 5,
// and node 2 is cut at once.
const transpositionsText = `
(
  ((3 5)[key=p eval=4] (2 6)[key=q eval=3])[eval=3]    # 1, then 1.1: position p
  ((3 5)[key=p eval=4] (1 9)[eval=2])[eval=3]          # 2, then 2.1: position p again
)`

// iterativeText: searched one ply deep the evaluations rank the moves 3, 2,
// 1; two plies deep the order is 1, 3, 2. Iterative deepening moves the move
// that takes the lead to the front of the root moves, and the next iteration
// starts from that order (seed 003).
const iterativeText = `
(
  (5 6)[eval=1]                        # 1: looks worst, is best
  (1 0)[eval=2]                        # 2
  (3 4)[eval=3]                        # 3: looks best
)`

// lmrText: late move reductions at their defaults (depth 3, the first 3
// moves never reduced). Moves 1-3 are searched in full and the root's α
// becomes 3; 4 is a capture, never reduced. 5 and 6, quiet and late, are
// searched one ply shallower, to their children's static evaluations: 5's
// reduced value 5 beats α, so it is searched again at full depth, where it
// is worth 6 and becomes the best move; 6's reduced value 1 does not, and
// the 9 below it is never seen (plain alpha-beta plays 6: LMR is unsound).
const lmrText = `
(
  ((3 2)[eval=3] (4 5)[eval=4])[eval=3]              # 1: α at the root becomes 3
  ((1 2)[eval=1] (9 9)[eval=9])[eval=2]              # 2: cut at once
  ((2 0)[eval=2] (7 7)[eval=7])[eval=1]              # 3: cut at once
  ((1 2)[eval=2] (0 3)[eval=1])[eval=2 capture]      # 4: a capture: not reduced
  ((6 5)[eval=5] (8 6)[eval=6])[eval=4]              # 5: reduced, 5 > α 3: re-searched, 6
  ((9 8)[eval=1] (8 9)[eval=2])[eval=1]              # 6: reduced, 1: never re-searched
)`

// builtin is a tree that comes with the program.
type builtin struct {
	text  string // the tree in the text form
	about string // where it comes from, for people
}

// lookupBuiltin returns the built-in tree called name.
func lookupBuiltin(name string) (builtin, bool) {
	switch name {
	case "aima":
		return builtin{aimaText, "Russell & Norvig, Artificial Intelligence: A Modern Approach, Figure 5.2"}, true
	case "wikipedia":
		return builtin{wikipediaText, `Wikipedia, "Alpha–beta pruning", the illustration of the article`}, true
	case "nullmove":
		return builtin{nullmoveText, "null move (Kornilov): a prune, a try blocked by a condition, a try that fails"}, true
	case "zugzwang":
		return builtin{zugzwangText, "null move in zugzwang: the pass would be best, so the null move prunes wrongly"}, true
	case "threat":
		return builtin{threatText, "null-move threat detection: a quiet move that threatens a capture is searched deeper"}, true
	case "reductions":
		return builtin{reductionsText, "depth reductions (Kornilov): quiet -2, check keeps its depth, capture -1"}, true
	case "futility":
		return builtin{futilityText, "futility pruning: quiet moves that cannot lift alpha, skipped near the horizon"}, true
	case "razoring":
		return builtin{razoringText, "razoring: a node whose evaluation is hopeless searched one ply shallower"}, true
	case "quiescence":
		return builtin{quiescenceText, "quiescence search (Němec): the horizon effect of a capture, and its cure"}, true
	case "extensions":
		return builtin{extensionsText, "extensions (Němec): a check, a recapture and a promotion searched a ply deeper"}, true
	case "transpositions":
		return builtin{transpositionsText, "a transposition: two move orders reach one position, the table answers the second"}, true
	case "lmr":
		return builtin{lmrText, "late move reductions: a late move reduced, re-searched at full depth and best; another reduced and missed"}, true
	case "iterative":
		return builtin{iterativeText, "iterative deepening: the move that takes the lead goes to the front of the root moves"}, true
	}
	return builtin{}, false
}

// BuiltinNames lists the names of the built-in trees, sorted.
func BuiltinNames() []string {
	return []string{"aima", "extensions", "futility", "iterative", "lmr", "nullmove", "quiescence", "razoring", "reductions", "threat", "transpositions", "wikipedia", "zugzwang"}
}

// BuiltinSource tells where the built-in tree called name comes from (a book
// and figure, an article), or returns "" when there is no such tree.
func BuiltinSource(name string) string {
	b, _ := lookupBuiltin(name)
	return b.about
}

// BuiltinSourceIn is BuiltinSource in p's language (English's is
// BuiltinSource's): the book's published title in the language where it
// has one, its authors as the language writes them.
func BuiltinSourceIn(p *i18n.Printer, name string) string {
	switch name {
	case "aima":
		return p.T("tree.builtin.aima")
	case "wikipedia":
		return p.T("tree.builtin.wikipedia")
	case "nullmove":
		return p.T("tree.builtin.nullmove")
	case "zugzwang":
		return p.T("tree.builtin.zugzwang")
	case "threat":
		return p.T("tree.builtin.threat")
	case "reductions":
		return p.T("tree.builtin.reductions")
	case "futility":
		return p.T("tree.builtin.futility")
	case "razoring":
		return p.T("tree.builtin.razoring")
	case "quiescence":
		return p.T("tree.builtin.quiescence")
	case "extensions":
		return p.T("tree.builtin.extensions")
	case "transpositions":
		return p.T("tree.builtin.transpositions")
	case "lmr":
		return p.T("tree.builtin.lmr")
	case "iterative":
		return p.T("tree.builtin.iterative")
	}
	return BuiltinSource(name)
}

// Builtin returns a fresh copy of the built-in tree called name; its Source is
// the name. ok is false when there is no such tree.
func Builtin(name string) (t *Tree, ok bool) {
	b, ok := lookupBuiltin(name)
	if !ok {
		return nil, false
	}
	t, err := Parse(name, b.text)
	if err != nil { // a bug in the constants above, caught by the tests
		panic(fmt.Sprintf("built-in tree %s: %v", name, err))
	}
	return t, true
}
