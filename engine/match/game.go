package match

import (
	"context"
	"errors"
	"fmt"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Outcome is a game's result from White's point of view.
type Outcome uint8

const (
	Unfinished Outcome = iota
	WhiteWins
	BlackWins
	Draw
)

// String is the result as PGN writes it.
func (o Outcome) String() string {
	return [...]string{"*", "1-0", "0-1", "1/2-1/2"}[o]
}

// Ending is why a game ended.
type Ending uint8

const (
	NotEnded Ending = iota
	Checkmate
	Stalemate
	Repetition   // the same position a third time (FIDE 9.2)
	FiftyMoves   // 50 moves of each side without a capture or a pawn move (FIDE 9.3)
	DeadPosition // insufficient material (chess.Board.InsufficientMaterial)
	MoveCap      // the match's cap on a game's length: adjudicated a draw
)

// Termination is the PGN Termination tag's value: "normal" for an end by
// the rules, "adjudication" for the move cap (the PGN standard's 9.8.1).
func (e Ending) Termination() string {
	switch e {
	case NotEnded:
		return "unterminated"
	case MoveCap:
		return "adjudication"
	}
	return "normal"
}

// Ply is one move of a game: its SAN, and for an engine's move what its
// search said.
type Ply struct {
	SAN  string
	Book bool // a book move of the opening, not searched
	// Depth is the last completed iteration's depth.
	Depth int
	// Fallback: no iteration finished within the limit, and the move is
	// the first legal one in generation order, so that the game goes on
	// the same way every time. Depth and Value are then 0.
	Fallback bool
	// Value is the search's value, from the side to move's point of view,
	// in centipawns (mates as chess.MateScore minus the distance).
	Value int64
	Nodes int64 // the nodes of the search; with Fallback, the node limit (0 for a time limit)
}

// Game is one game of a match.
type Game struct {
	Round   int // from 1
	Opening Opening
	// White and Black are the players' indexes: 0 for A, 1 for B.
	White, Black int
	Plies        []Ply
	Outcome      Outcome
	Ending       Ending
}

// Score is the game's score for player p (0 A, 1 B): 1, ½ or 0, in halves.
func (g *Game) Score(p int) int {
	switch {
	case g.Outcome == Draw:
		return 1
	case (g.Outcome == WhiteWins) == (g.White == p):
		return 2
	}
	return 0
}

// Reason says in words why the game ended, as PGN programs write it in the
// last comment: "White mates", "draw by threefold repetition".
func (g *Game) Reason() string {
	switch g.Ending {
	case Checkmate:
		if g.Outcome == WhiteWins {
			return "White mates"
		}
		return "Black mates"
	case Stalemate:
		return "draw by stalemate"
	case Repetition:
		return "draw by threefold repetition"
	case FiftyMoves:
		return "draw by the fifty-move rule"
	case DeadPosition:
		return "draw by insufficient material"
	case MoveCap:
		return fmt.Sprintf("draw by adjudication: %d plies played, the match's cap", len(g.Plies))
	}
	return "unfinished"
}

// Player is one side of a match: the options of its search and its limits
// per move.
type Player struct {
	Name string // the spec, as given: "alphabeta+tt+null-move"
	Opt  engine.Options
}

// play plays one game from the opening, white and black searching with
// their players' options and the limits per move, until the rules end it or
// it reaches maxPlies plies (the book moves included).
func play(ctx context.Context, g *Game, players [2]Player, lim engine.Limits, ev chess.Evaluator, maxPlies int) error {
	b, err := g.Opening.start()
	if err != nil {
		return err
	}
	pos := chess.NewPosition(b, ev)
	keys := []uint64{b.Key()} // the positions of the game, for repetitions
	var moves []engine.Move
	playMove := func(m engine.Move, p Ply) {
		p.SAN = b.SAN(m)
		b.Make(m)
		keys = append(keys, b.Key())
		g.Plies = append(g.Plies, p)
	}
	for i, s := range g.Opening.Moves {
		m, err := b.ParseSAN(s)
		if err != nil {
			return i18n.Errorf("opening %s: book move %d %s: %w", g.Opening.Name, i+1, s, err)
		}
		playMove(m, Ply{Book: true})
		if g.Outcome, g.Ending = adjudicate(b, keys); g.Ending != NotEnded {
			return nil
		}
	}
	if g.Outcome, g.Ending = adjudicate(b, keys); g.Ending != NotEnded {
		return nil // a position from a file that is over already
	}
	side := [2]int{g.White, g.Black}
	for {
		if len(g.Plies) >= maxPlies {
			g.Outcome, g.Ending = Draw, MoveCap
			return nil
		}
		pl := players[side[b.SideToMove()]]
		res, err := engine.Search(ctx, pos, lim, pl.Opt, nil)
		ply := Ply{}
		var m engine.Move
		switch {
		case err == nil && res.HasBest:
			m = res.Best
			ply.Depth, ply.Value, ply.Nodes = lastDepth(res), res.Value, res.Nodes
		case err == nil || errors.Is(err, engine.ErrNodeLimit) || errors.Is(err, context.DeadlineExceeded):
			// No iteration finished within the limit: the first legal
			// move, so that the game goes on, the same way every time.
			moves = b.Moves(moves[:0])
			m = moves[0]
			ply.Fallback, ply.Nodes = true, lim.Nodes
			if err == nil {
				ply.Nodes = res.Nodes
			}
		default:
			return err
		}
		playMove(m, ply)
		if g.Outcome, g.Ending = adjudicate(b, keys); g.Ending != NotEnded {
			return nil
		}
	}
}

// lastDepth is the depth of the search's last completed iteration.
func lastDepth(r engine.Result) int {
	if n := len(r.Iterations); n > 0 {
		return r.Iterations[n-1].Depth
	}
	return 0
}

// adjudicate says whether the game has ended in the position on b, reached
// by the positions keys (the current one last), and how. Checkmate comes
// first: a mate given on the fiftieth move wins (FIDE 9.3).
func adjudicate(b *chess.Board, keys []uint64) (Outcome, Ending) {
	if b.CountMoves() == 0 {
		if !b.InCheck() {
			return Draw, Stalemate
		}
		if b.SideToMove() == chess.White {
			return BlackWins, Checkmate
		}
		return WhiteWins, Checkmate
	}
	if b.InsufficientMaterial() {
		return Draw, DeadPosition
	}
	if b.HalfmoveClock() >= 100 {
		return Draw, FiftyMoves
	}
	if repetitions(keys, b.HalfmoveClock()) >= 3 {
		return Draw, Repetition
	}
	return Unfinished, NotEnded
}

// repetitions counts the occurrences of the last position among the
// positions since the last capture or pawn move (halfmove plies ago; same
// side to move, so every second one), itself included. The key holds the
// side to move, the castling rights and a capturable en passant square, as
// FIDE's "same position" asks (9.2.2).
func repetitions(keys []uint64, halfmove int) int {
	last := len(keys) - 1
	n := 0
	for k := last; k >= 0 && last-k <= halfmove; k -= 2 {
		if keys[k] == keys[last] {
			n++
		}
	}
	return n
}

// formatValue writes a search value for a PGN comment: centipawns with a
// sign (+35, -120, 0), or a mate (#3, #-2).
func formatValue(v int64) string {
	s := score.Number(v, 1, chess.MateScore)
	if v > 0 && s[0] != '#' {
		return "+" + s
	}
	return s
}
