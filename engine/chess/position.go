// Position adapts a Board to engine.Position: what the search algorithms ask
// of a chess position, with the evaluator and move notation chosen.

package chess

import "github.com/prunescope/prunescope/engine"

// Notation selects how MoveLabel writes moves.
type Notation uint8

const (
	SAN Notation = iota // standard algebraic notation (the default)
	UCI                 // UCI long algebraic (e2e4)
)

// Position is a chess position for the search engine. It implements
// engine.Position; every method but MoveLabel allocates nothing.
type Position struct {
	b        *Board
	eval     Evaluator
	notation Notation
	input    string
	line     []engine.Move // moves made through this Position, 0 for a null move
}

var (
	_ engine.Position = (*Position)(nil)
	_ engine.Passer   = (*Position)(nil)
	_ engine.Tactical = (*Position)(nil)
)

// NewPosition wraps b (which the Position then owns and changes) with the
// evaluator e. The position's input, for the trace, is b's FEN.
func NewPosition(b *Board, e Evaluator) *Position {
	return &Position{b: b, eval: e, input: b.FEN(), line: make([]engine.Move, 0, initialUndo)}
}

// SetNotation chooses how MoveLabel writes moves.
func (p *Position) SetNotation(n Notation) { p.notation = n }

// SetInput replaces what Game reports as the input (e.g. a built-in's name).
func (p *Position) SetInput(s string) { p.input = s }

// Evaluator is the evaluator in use.
func (p *Position) Evaluator() Evaluator { return p.eval }

// Board is the underlying board.
func (p *Position) Board() *Board { return p.b }

// SideToMove is the colour to move.
func (p *Position) SideToMove() Color { return p.b.side }

// Ply is the number of moves (and null moves) played since setup.
func (p *Position) Ply() int { return p.b.ply }

// Moves appends the legal moves in generation order.
func (p *Position) Moves(dst []engine.Move) []engine.Move { return p.b.appendMoves(dst, genAll) }

// Captures appends the legal captures and promotions in generation order.
func (p *Position) Captures(dst []engine.Move) []engine.Move {
	return p.b.appendMoves(dst, genNoisy)
}

// Make plays m.
func (p *Position) Make(m engine.Move) {
	p.b.Make(m)
	p.line = append(p.line, m)
}

// Unmake takes m back.
func (p *Position) Unmake(m engine.Move) {
	p.b.Unmake(m)
	p.line = p.line[:len(p.line)-1]
}

// CanPass reports whether a null move is allowed: never in check.
func (p *Position) CanPass() bool { return !p.b.InCheck() }

// MakeNull plays a null move.
func (p *Position) MakeNull() {
	p.b.MakeNull()
	p.line = append(p.line, 0)
}

// UnmakeNull takes the null move back.
func (p *Position) UnmakeNull() {
	p.b.UnmakeNull()
	p.line = p.line[:len(p.line)-1]
}

// IsRecapture reports whether m captures on the square where the previous
// move (made through this Position) captured.
func (p *Position) IsRecapture(m engine.Move) bool {
	if m&FlagCapture == 0 || len(p.line) == 0 {
		return false
	}
	last := p.line[len(p.line)-1]
	return last&FlagCapture != 0 && MoveTo(last) == MoveTo(m)
}

// PushesToSeventh reports whether m is a pawn push to the seventh rank (the
// second for Black), the last step before promotion.
func (p *Position) PushesToSeventh(m engine.Move) bool {
	if MovePiece(m) != Pawn || MovePromotion(m) != NoPieceType {
		return false
	}
	r := MoveTo(m).Rank()
	return (p.b.side == White && r == 6) || (p.b.side == Black && r == 1)
}

// HasPieces reports whether the side to move has a knight, bishop, rook or
// queen: without one, passing may be its best move (zugzwang), and the null
// move's guard keeps it from passing.
func (p *Position) HasPieces() bool {
	b := p.b
	pieces := b.byType[Knight] | b.byType[Bishop] | b.byType[Rook] | b.byType[Queen]
	return pieces&b.byColor[b.side] != 0
}

// MoverCaptures appends, after a pass, the captures and promotions of the
// piece that made the move before the pass (the piece on that move's
// destination square). ok is false when the line through this Position does
// not end with a move followed by a pass.
func (p *Position) MoverCaptures(dst []engine.Move) ([]engine.Move, bool) {
	n := len(p.line)
	if n < 2 || p.line[n-1] != 0 || p.line[n-2] == 0 {
		return dst, false
	}
	sq := MoveTo(p.line[n-2])
	start := len(dst)
	dst = p.b.appendMoves(dst, genNoisy)
	kept := dst[:start]
	for _, m := range dst[start:] {
		if MoveFrom(m) == sq {
			kept = append(kept, m)
		}
	}
	return kept, true
}

// Material is the material balance for the side to move, in centipawns.
func (p *Position) Material() int64 { return p.b.Evaluate(EvalMaterial) }

// Terminal reports checkmate, and below the root a draw by the fifty-move
// rule or by repetition (value 0). Stalemate is left to NoMoves.
//
// A side in check with no legal move is checkmated, and that is reported here
// too, so that a mate at the depth limit scores as a mate and not as a static
// evaluation: a student searching a mate in 2 to depth 3 sees #2. It costs a
// move generation only at nodes where the side to move is in check. Mate
// comes first: checkmated with the halfmove clock at 100 or more is a loss,
// not a draw (FIDE Laws 9.3 and 5.1.1: the mate ends the game).
//
// The root (ply 0) is always searched: a repetition or the fifty-move rule
// ends lines below it, never the search, so that the position a user asks
// about gets a move (the draw is a player's claim to make, not the engine's
// answer to "what would you play here").
func (p *Position) Terminal(ply int) (int64, bool) {
	if p.b.InCheck() && p.b.CountMoves() == 0 {
		return -(MateScore - int64(ply)), true
	}
	if ply > 0 && (p.b.IsFiftyMoveDraw() || p.b.IsRepetition()) {
		return 0, true
	}
	return 0, false
}

// NoMoves is the value without legal moves: mated at ply scores
// -(MateScore-ply), stalemate 0.
func (p *Position) NoMoves(ply int) int64 {
	if p.b.InCheck() {
		return -(MateScore - int64(ply))
	}
	return 0
}

// Evaluate is the static evaluation for the side to move; always available.
func (p *Position) Evaluate() (int64, bool) { return p.b.Evaluate(p.eval), true }

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.b.InCheck() }

// IsCapture reports whether m captures (en passant included).
func (p *Position) IsCapture(m engine.Move) bool { return m&FlagCapture != 0 }

// IsPromotion reports whether m promotes a pawn.
func (p *Position) IsPromotion(m engine.Move) bool { return MovePromotion(m) != NoPieceType }

// Key is the Zobrist key.
func (p *Position) Key() uint64 { return p.b.key }

// MoveLabel writes m in the chosen notation (SAN by default).
func (p *Position) MoveLabel(m engine.Move) string {
	if p.notation == UCI {
		return p.b.UCI(m)
	}
	return p.b.SAN(m)
}

// Game describes chess for the trace.
func (p *Position) Game() engine.Game {
	g := engine.Game{Name: "chess", Input: p.input, Scale: 1, Mate: MateScore, Unit: "cp", MaxName: "White", MinName: "Black"}
	if p.b.side == Black { // MAX is the side to move at the root
		g.MaxName, g.MinName = "Black", "White"
	}
	return g
}

// Victim is the value of the piece m captures (a pawn for en passant), 0 if
// m is not a capture.
func (p *Position) Victim(m engine.Move) int { return pieceValue[MoveCaptured(m)] }

// ScoreCaptures scores each capture or promotion Victim*64 − Attacker/16,
// every other move −1 (engine.CaptureScorer).
func (p *Position) ScoreCaptures(moves []engine.Move, scores []int32) {
	scores = scores[:len(moves)]
	for i, m := range moves {
		switch {
		case m&FlagCapture != 0:
			scores[i] = int32(pieceValue[MoveCaptured(m)]*64 - pieceValue[MovePiece(m)]/16)
		case MovePromotion(m) != NoPieceType:
			scores[i] = 0
		default:
			scores[i] = -1
		}
	}
}

// Attacker is the value of the piece making the capture m (KingValue for the
// king), 0 if m is not a capture.
func (p *Position) Attacker(m engine.Move) int {
	if m&FlagCapture == 0 {
		return 0
	}
	return pieceValue[MovePiece(m)]
}
