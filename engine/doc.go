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
// Adding one touches four files:
//  1. the new file (razoring.go, aspiration.go, ...);
//  2. options.go: a field for its options (in Selective for a selective
//     technique, in Options for an iterative one), a line in the table of
//     techniques, and its tuning constants in the block there;
//  3. the place in the search where it acts, one call there: alphabeta.go
//     before the moves (the threat test, razoring, the null move) or at the
//     horizon (horizonValue: quiescence), plan.go for each move (extensions,
//     futility pruning, reductions), or iterative.go's rootSearch for the
//     root's passes (aspiration windows);
//  4. the trace vocabulary, when it reports a new event kind or reason: the
//     kind's constant and its row in the table of kinds (trace/kinds.go:
//     name, counted or not, reasons, sentence id, how sinks treat it), its
//     reason constants (trace/reason.go), and its sentence in
//     trace/explain/events.go: three files of package trace. The sinks (text,
//     JSON Lines, drawings, the comparison table, diff, the stepper, the
//     recorder) read the table: no edit there. A technique that only uses
//     existing kinds and reasons needs none of this.
//
// So a technique that reuses the trace's kinds (as aspiration windows do)
// touches three or four files; one with a new kind of event three more, in
// the trace, and none in a sink.
//
// Nothing else: the names --algos accepts, the flags of the commands
// (cmd/selective.go and cmd/deepening.go make them from Params), the checks,
// the start event's lines and DefaultSelective all come from the table. A
// technique that must remember something about the line (as the null move
// does) adds a field to the frame in search.go, a fifth file. Tests go beside:
// selective_test.go and deepening_test.go, and a CLI golden file for its
// trace.
package engine
