package engine

import "github.com/prunescope/prunescope/trace"

// Move identifies a move of the position that generated it. Each game chooses its
// own encoding; the engine only stores moves and hands them back.
type Move uint32

// NullLabel is how a null move (a pass) is written in traces and paths.
const NullLabel = "--"

// Position is a game position that can be searched: the core every game
// implements. Values are from the point of view of the side to move. What
// only some games have (passing, captures and checks, piece values, ...) is
// offered through the optional interfaces below; the engine asks for them
// once per search, and a technique that needs one a game lacks finds
// nothing to do (no pass, no capture, never in check).
type Position interface {
	// Moves appends the legal moves in generation order to dst and returns it.
	// It must not allocate when dst has room.
	Moves(dst []Move) []Move
	// Make plays a move returned by Moves; Unmake takes it back.
	Make(m Move)
	Unmake(m Move)

	// Terminal reports whether the game is over without looking at the moves
	// (a toy-tree leaf, a draw by rule, a finished tic-tac-toe board) and its
	// value. ply is the distance from the root, for scoring faster mates higher.
	Terminal(ply int) (value int64, over bool)
	// NoMoves is the value when the side to move has no legal move (checkmate or
	// stalemate in chess).
	NoMoves(ply int) int64
	// Evaluate is the static evaluation. ok is false when the position has none
	// (an inner node of a toy tree without an eval annotation).
	Evaluate() (value int64, ok bool)

	// Key identifies the position for transpositions: equal keys, same position.
	Key() uint64
	// MoveLabel names a move of the current position for people: SAN in chess,
	// the child's name in a toy tree. Called only when tracing or reporting.
	MoveLabel(m Move) string
	// Game describes the game and its value units, for the trace.
	Game() Game
}

// Passer is implemented by games where the side to move may pass: the null
// move. CanPass reports whether a pass is possible here; MakeNull and
// UnmakeNull play and take back that pass.
type Passer interface {
	CanPass() bool
	MakeNull()
	UnmakeNull()
}

// Tactical is implemented by games with captures, checks and promotions:
// what quiescence search, extensions, reductions, razoring and the null
// move's conditions ask.
type Tactical interface {
	// Captures appends the legal captures and promotions in generation order:
	// the moves of quiescence search.
	Captures(dst []Move) []Move
	InCheck() bool
	IsCapture(m Move) bool
	IsPromotion(m Move) bool
	// IsRecapture reports whether m captures back the piece that made the last
	// capture.
	IsRecapture(m Move) bool
}

// The optional questions, answered for any game: a game without the
// interface cannot pass, has no captures or promotions, and is never in
// check.

func (s *searcher) canPass() bool { return s.pass != nil && s.pass.CanPass() }
func (s *searcher) inCheck() bool { return s.tact != nil && s.tact.InCheck() }
func (s *searcher) isCapture(m Move) bool {
	return s.tact != nil && s.tact.IsCapture(m)
}
func (s *searcher) isPromotion(m Move) bool {
	return s.tact != nil && s.tact.IsPromotion(m)
}
func (s *searcher) isRecapture(m Move) bool {
	return s.tact != nil && s.tact.IsRecapture(m)
}

// captures appends the position's captures and promotions to dst (none when
// the game has none).
func (s *searcher) captures(dst []Move) []Move {
	if s.tact == nil {
		return dst
	}
	return s.tact.Captures(dst)
}

// Game describes a game for the trace's start event.
type Game struct {
	Name  string // "tree", "chess", "tictactoe"
	Input string // what the position was read from: a built-in name, a file, a FEN
	Scale int64  // raw values divided by Scale are what people see (1 or 100)
	Mate  int64  // mate score constant, 0 when the game has no mates
	Unit  string // "cp" for centipawns, "" for plain numbers
	// MaxName and MinName name the players people know ("White", "X"); empty
	// for toy trees. Game is asked at the root, so a game whose MAX is the
	// player to move there can name them from the position.
	MaxName, MinName string
	// Order is "rtl" when a toy tree's children are searched right to left
	// (the last written first), "" for the order written.
	Order string
}

// SeventhRankPusher is implemented by games with pawns: whether a move pushes a
// pawn to the seventh rank, an extension of seed 003.
type SeventhRankPusher interface {
	PushesToSeventh(m Move) bool
}

// CaptureValuer is implemented by games whose captures have values: the value
// of the piece taken and of the piece taking, for ordering captures most
// valuable victim first, least valuable attacker first.
type CaptureValuer interface {
	Victim(m Move) int
	Attacker(m Move) int
}

// CaptureScorer is implemented by games that order a node's captures in one
// call: for each capture or promotion moves[i], scores[i] =
// Victim(m)*64 − Attacker(m)/16 (CaptureValuer's values), never negative;
// for every other move, −1. It saves the ordering of each node a few calls
// a move.
type CaptureScorer interface {
	ScoreCaptures(moves []Move, scores []int32)
}

// Materialist is implemented by games that can tell the material balance for
// the side to move apart from the full evaluation (the reductions' "until
// material is restored" rule). Others use Evaluate.
type Materialist interface {
	Material() int64
}

// PieceHolder is implemented by games with pawns and pieces (chess): whether
// the side to move has a piece besides its king and pawns. The null move's
// zugzwang guard asks it; in games without it the guard never applies.
type PieceHolder interface {
	HasPieces() bool
}

// MoverCapturer is implemented by games whose moves move a piece (chess):
// after a pass, the captures (and promotions) of the piece that made the move
// before the pass, for threat detection's rule "captures by the piece that
// moved" (seed 000). ok is false when the position cannot tell; the engine
// then uses every capture.
type MoverCapturer interface {
	MoverCaptures(dst []Move) (moves []Move, ok bool)
}

// RootMin is implemented by positions whose root player is MIN (some textbook
// exercises). Values shown to people stay from MAX's point of view.
type RootMin interface {
	RootIsMin() bool
}

// Turns is implemented by games where a move need not hand the turn to the
// other player (toy trees with [max] and [min] marks: several MIN agents
// moving in turn). MaxToMove reports whether MAX moves at the current
// position; Alternates reports whether every move of the game does alternate,
// in which case the engine never asks. Where a child has the same player as
// its parent, the negamax searches do not negate between them: the child's
// value and window are the parent's own view.
type Turns interface {
	MaxToMove() bool
	Alternates() bool
}

// Namer is implemented by positions whose nodes have names of their own (toy
// trees). The trace uses the name as the node's path instead of the moves from
// the root.
type Namer interface {
	NodeName() string
}

// SubtreeDescriber is implemented by positions that know the whole game tree
// (toy trees): it describes the subtree behind a move of the current position so
// that a diagram can draw what a cutoff left unsearched. It describes at most
// budget nodes, whole levels from the top; the nodes below are counted in
// Subtree.Below.
type SubtreeDescriber interface {
	DescribeSubtree(m Move, budget int) *trace.Subtree
}

// SubtreeCounter is implemented by positions that know the whole game tree
// (toy trees): it counts the leaves and inner nodes of the subtree behind a
// move of the current position, the child itself included, as the tree is
// written (pass children left out, as DescribeSubtree leaves them out). The
// search counts with it what cutoffs leave unsearched, traced or not, so it
// must not allocate.
type SubtreeCounter interface {
	CountSubtree(m Move) (leaves, inner int64)
}

// DescribeBudget is how many nodes of each unsearched subtree a cutoff event
// describes: every textbook tree in full, never a flood for a deep tree.
const DescribeBudget = 200

// Bounded is implemented by games small enough to number their positions: a
// toy tree's nodes. Their keys are all below Positions(), so the
// transposition table is sized to them instead of to its megabytes.
type Bounded interface {
	Positions() int
}

// Chance is implemented by games with chance nodes (toy trees marked
// [chance]): positions where nobody chooses, whose value is the average of
// their children's values weighted by their probabilities. A chance node
// takes no turn: its frame's player is the one who moves after it.
// HasChance reports whether the game has any, asked once per search;
// IsChance whether the current position is one; Weight the probability of
// its move m as num/den, den the same for every move of the node, so that
// the average is (Σ num·v)/den, a whole number in the game's raw units
// (the tree's scale sees to that). ValueRange is the least and the
// greatest value of a leaf or evaluation (MAX's view), which bounds given
// to Star1 and Star2 must hold.
type Chance interface {
	HasChance() bool
	IsChance() bool
	Weight(m Move) (num, den int64)
	ValueRange() (lo, hi int64)
}
