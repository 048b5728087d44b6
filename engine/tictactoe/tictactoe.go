// Package tictactoe is the 3×3 game of noughts and crosses as a searchable
// position: small enough to search completely, as seed 001 says, and so the
// game where minimax can be compared with alpha-beta on a whole game tree.
//
// X is MAX and moves first. A finished game is worth +1 (X has three in a
// row), -1 (O has) or 0 (a full board without a line), from X's point of
// view. Moves are the empty squares in row-major order, top-left first,
// numbered 1 to 9:
//
//	1 2 3
//	4 5 6
//	7 8 9
//
// and written with the mover's mark, "X5" for X in the centre.
package tictactoe

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
)

// Cell contents.
const (
	empty = 0
	x     = 1
	o     = 2
)

// lines are the eight ways to get three in a row.
var lines = [8][3]int{
	{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, // rows
	{0, 3, 6}, {1, 4, 7}, {2, 5, 8}, // columns
	{0, 4, 8}, {2, 4, 6}, // diagonals
}

// Position is a tic-tac-toe board with the player to move.
type Position struct {
	cells  [9]uint8
	toMove uint8 // x or o
	input  string
	rootO  bool // O was to move when the position was set up: the root is MIN
}

// Tic-tac-toe implements only the core of engine.Position: no pass, no
// captures or checks.
var _ engine.Position = (*Position)(nil)

// New returns the empty board, X to move.
func New() *Position { return &Position{toMove: x, input: "empty board"} }

// Parse reads a board written as three rows from the top, separated by '/',
// each of three cells: 'x' or 'X', 'o' or 'O', '.' or '-' for an empty square,
// e.g. "x.o/.x./..o". The player to move follows from the counts: X when both
// have played as often, O when X has played once more.
func Parse(s string) (*Position, error) {
	rows := strings.Split(strings.TrimSpace(s), "/")
	if len(rows) != 3 {
		return nil, i18n.Errorf("board %q: %d rows, want 3 separated by '/' (e.g. x.o/.x./..o)", s, len(rows))
	}
	p := &Position{input: strings.TrimSpace(s)}
	nx, no := 0, 0
	for r, row := range rows {
		if len(row) != 3 {
			return nil, i18n.Errorf("board %q: row %d is %q, want 3 squares", s, r+1, row)
		}
		for c := 0; c < 3; c++ {
			switch row[c] {
			case 'x', 'X':
				p.cells[3*r+c] = x
				nx++
			case 'o', 'O', '0':
				p.cells[3*r+c] = o
				no++
			case '.', '-', '_':
			default:
				return nil, i18n.Errorf("board %q: row %d: %q is not x, o or '.'", s, r+1, row[c])
			}
		}
	}
	switch nx - no {
	case 0:
		p.toMove = x
	case 1:
		p.toMove = o
		p.rootO = true
	default:
		return nil, i18n.Errorf("board %q: %d X and %d O cannot happen (X moves first, then they alternate)", s, nx, no)
	}
	switch {
	case p.winner(x) && p.winner(o):
		return nil, i18n.Errorf("board %q: both X and O have three in a row", s)
	case p.winner(x) && p.toMove == x:
		return nil, i18n.Errorf("board %q: X has three in a row but it is X's turn (the game ended when X made the line)", s)
	case p.winner(o) && p.toMove == o:
		return nil, i18n.Errorf("board %q: O has three in a row but it is O's turn (the game ended when O made the line)", s)
	}
	return p, nil
}

// String writes the board in the form Parse reads.
func (p *Position) String() string {
	var b strings.Builder
	for i, c := range p.cells {
		if i > 0 && i%3 == 0 {
			b.WriteByte('/')
		}
		b.WriteByte(".xo"[c])
	}
	return b.String()
}

func (p *Position) winner(mark uint8) bool {
	for _, l := range lines {
		if p.cells[l[0]] == mark && p.cells[l[1]] == mark && p.cells[l[2]] == mark {
			return true
		}
	}
	return false
}

// Moves appends the empty squares in row-major order, top-left first.
func (p *Position) Moves(dst []engine.Move) []engine.Move {
	for i, c := range p.cells {
		if c == empty {
			dst = append(dst, engine.Move(i))
		}
	}
	return dst
}

// Make puts the mark of the player to move on square m.
func (p *Position) Make(m engine.Move) {
	p.cells[m] = p.toMove
	p.toMove ^= x | o
}

// Unmake takes the mark on square m back.
func (p *Position) Unmake(m engine.Move) {
	p.cells[m] = empty
	p.toMove ^= x | o
}

// Terminal reports a finished game: a line for either player, or a full board.
// The value is from the point of view of the player to move, who can only have
// lost (the line belongs to the player who just moved).
func (p *Position) Terminal(int) (int64, bool) {
	if p.winner(x) || p.winner(o) {
		return -1, true
	}
	for _, c := range p.cells {
		if c == empty {
			return 0, false
		}
	}
	return 0, true
}

// NoMoves is the value of a full board (Terminal reports it first).
func (p *Position) NoMoves(int) int64 { return 0 }

// Evaluate: tic-tac-toe has no static evaluation here; it is searched to the
// end of the game.
func (p *Position) Evaluate() (int64, bool) { return 0, false }

func (p *Position) RootIsMin() bool                { return p.rootO }
func (p *Position) MoveLabel(m engine.Move) string { return fmt.Sprintf("%c%d", "?XO"[p.toMove], m+1) }

// Key is the board read as a number in base 3 (each square empty, X or O):
// different boards, different keys, and the player to move follows from the
// board.
func (p *Position) Key() uint64 {
	var k uint64
	for _, c := range p.cells {
		k = 3*k + uint64(c)
	}
	return k
}

// Empty is the number of empty squares: the depth of a complete search.
func (p *Position) Empty() int {
	n := 0
	for _, c := range p.cells {
		if c == empty {
			n++
		}
	}
	return n
}

// Game describes tic-tac-toe for the trace: X is MAX.
func (p *Position) Game() engine.Game {
	return engine.Game{Name: "tictactoe", Input: p.input, Scale: 1, MaxName: "X", MinName: "O"}
}
