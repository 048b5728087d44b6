// Package engine holds the game-independent part of prunescope: the Position
// interface every game implements, the search algorithms, and the options that
// switch each technique on and off.
//
// Values inside the engine are integers from the point of view of the side to
// move (negamax). Everything handed to a trace is converted to MAX's point of
// view, as textbooks draw it; MAX is the player at the root unless the position
// says otherwise (RootMin).
//
// # Games
//
// A game implements Position, the core every search needs (moves, make and
// unmake, the end of the game, the evaluation, a key, labels), and only the
// optional interfaces it has a use for: Passer (the null move), Tactical
// (captures, checks, promotions: quiescence, extensions, reductions,
// razoring), CaptureValuer, Materialist, PieceHolder, MoverCapturer,
// SeventhRankPusher, RootMin, Namer, SubtreeDescriber, Bounded. The searcher
// asks for each once per search; a technique finds nothing to do in a game
// without what it needs (tic-tac-toe implements the core alone).
//
// # Where things live
//
// One file per algorithm (minimax.go, negamax.go, branchbound.go,
// alphabeta.go, mtdf.go) and one per technique: the selective ones, layered
// on the search of a node (nullmove.go, reductions.go, futility.go,
// razoring.go, quiescence.go, extensions.go; rfp.go, iid.go and checkext.go
// beyond the seeds), and the iterative ones, shaping
// the search around the nodes (tt.go, ordering.go, iterative.go,
// aspiration.go). search.go holds what every search shares (the searcher, the
// line's frames, events, Search itself); plan.go decides, move by move, what
// the per-move techniques do; options.go holds Options, the table of
// techniques and the tuning constants; technique.go what a technique is;
// spec.go the specs of --algos.
//
// # How to add a technique
//
// A technique is one file, opening with its common name, its source in the
// seeds and what it does. The file holds:
//   - its options struct (as NullMove, Razoring or Aspiration), each field
//     commented;
//   - a technique value (technique.go): its name in specs
//     ("alphabeta+razoring") and aliases, its family (SelectiveFamily or
//     IterativeFamily), on and switchOn, defaults, check (called by Search
//     before searching), describe (its line in the start event,
//     trace.Info.Options), and params (its command-line flags: name, kind,
//     default, usage) with apply, which reads them through Given;
//   - the searcher method that does the work, building each event only
//     inside `if s.on(kind) { ... }`, so that a search without a hook
//     allocates nothing per node (TestNoAllocationPerNode);
//   - nothing about words: the reasons its events carry are constants of
//     the trace vocabulary (trace/reason.go), its sentences are written in
//     trace/explain.
//
// Adding one touches these files, and no other:
//  1. the new file (razoring.go, lmr.go, aspiration.go, ...);
//  2. options.go: a field for its options (in Selective for a selective
//     technique, in Options for an iterative one), a line in the table of
//     techniques, and its tuning constants in the block there;
//  3. the place in the search where it acts, one call there: alphabeta.go
//     before the moves (the threat test, razoring, the null move) or at the
//     horizon (horizonValue: quiescence); plan.go for each move (extensions,
//     futility pruning, late move pruning, reductions, late move
//     reductions), whose plan sees the move made, the node's state
//     (nodeInfo) and what was known of the move before (moveInfo: capture,
//     promotion, its index among the node's moves, the table's move, a
//     killer); or iterative.go's rootSearch for the root's passes
//     (aspiration windows). A technique that searches a move again (late
//     move reductions' re-search at full depth) does it in searchMoves
//     (alphabeta.go), beside PVS's re-search, told by a field plan sets in
//     moveInfo (full);
//  4. the trace vocabulary, when it reports a new event kind or reason: the
//     kind's constant and its row in the table of kinds (trace/kinds.go:
//     name, counted or not, reasons, sentence id, how sinks treat it), its
//     reason constants (trace/reason.go), its sentence and claims in
//     trace/explain/events.go and its few words in the player's compact
//     tree (Note, trace/explain/words.go); a new kind also needs its mark in
//     the step-through player and the page (a row of looks in
//     trace/step/marks.go: glyph, words, a colour of the palette) and a
//     search that produces it in trace/page/marks_test.go
//     (TestEveryKindMarksItsNode fails until both are there). The other
//     sinks (text, JSON Lines, drawings, the comparison table, diff, the
//     recorder) read the table: no edit there. A technique that only uses
//     existing kinds and reasons (aspiration windows; late move reductions,
//     whose reduce and research events carry reasons of their own) needs
//     none of this but the reasons and their sentences.
//
// A parameter is one of the kinds of technique.go (ParamKind): a switch, a
// count, a whole number, a text (a word, or values in the game's units),
// or a list of counts by depth or move number (CountsParam, read by
// Counts). A new kind of parameter is one more case in cmd/setup's
// techniques.go, where the flags are made.
//
// Nothing else: the names --algos accepts, the flags of the commands
// (cmd/setup makes them from Params, and the lab's list of every flag from
// the same flags; its Techniques row of boxes, the switches a class uses
// most, is a line of internal/lab/parts/20-settings.js), the checks, the start event's lines and DefaultSelective all
// come from the table. A technique that must remember something about the
// line (as the null move does) adds a field to the frame in search.go. Tests
// go beside: selective_test.go and deepening_test.go, the truth tests
// (internal/truth, whose random trees and chess positions check every
// sentence: add the technique to their configurations), a case in
// cmd/options_test.go (TestTechniqueInEveryCommand), and a CLI golden file
// for its trace; a built-in tree that shows it firing goes in
// engine/tree/builtin.go.
package engine
