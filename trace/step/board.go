package step

import (
	"strings"

	"github.com/prunescope/prunescope/internal/wrap"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/text"
)

// Board is the position at a node of a board game's search: its FEN and
// the squares of the move into it ("" at the root and after a pass).
type Board struct {
	FEN      string
	From, To string
}

// ShowBoards makes the full-screen player draw the position at the node of
// each step, which boards gives from the node's path (moves from the root
// joined by spaces); ascii draws the pieces as letters (KQRBNP for White,
// kqrbnp for Black) for a terminal without Unicode.
func (p *Player) ShowBoards(boards func(path string) (Board, error), ascii bool) {
	p.boards, p.asciiBoard = boards, ascii
}

// stepPath is the path of the node of the current step: the node its first
// event is about ("" before the first step and at the end, the root).
func (p *Player) stepPath() string {
	if len(p.cur) == 0 || p.cur[0].Kind == trace.Done {
		return ""
	}
	return p.cur[0].Path
}

// The pieces by their FEN letters, in Unicode.
var unicodePieces = map[rune]string{
	'K': "♔", 'Q': "♕", 'R': "♖", 'B': "♗", 'N': "♘", 'P': "♙",
	'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟",
}

// boardWidth is the width of the drawn board: a rank's number and eight
// squares of three columns.
const boardWidth = 2 + 8*3

// boardLines draws the position of the current step for the screen: a line
// that says which position it is, the eight ranks from the 8th down with
// their numbers, the files' letters, and the side to move. The squares of
// the move into the node are bracketed, [♘], and bold in colour. Nil when
// the player draws no boards or the position cannot be had.
func (p *Player) boardLines(sc text.Scheme) []string {
	if p.boards == nil {
		return nil
	}
	path := p.stepPath()
	b, err := p.boards(path)
	if err != nil {
		return nil
	}
	fields := strings.Fields(b.FEN)
	if len(fields) == 0 {
		return nil
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 8 {
		return nil
	}
	moves := strings.Fields(path)
	in := p.Info()
	P := explain.Printer(in)
	head := P.T("step.board.root")
	if len(moves) > 0 {
		last := moves[len(moves)-1]
		switch {
		case last == trace.PassMove:
			head = P.T("step.board.pass")
		case b.From != "" && b.To != "":
			head = P.T("step.board.after.squares", "Move", last, "From", b.From, "To", b.To)
		default:
			head = P.T("step.board.after", "Move", last)
		}
	}
	out := []string{clip(head, boardWidth)}
	for i, r := range ranks {
		rank := byte('8' - i)
		var row strings.Builder
		row.WriteByte(rank)
		row.WriteByte(' ')
		file := byte('a')
		for _, c := range r {
			if c >= '1' && c <= '8' {
				for k := 0; k < int(c-'0') && file <= 'h'; k++ {
					row.WriteString(p.square(sc, '.', string([]byte{file, rank}), b))
					file++
				}
				continue
			}
			if file > 'h' {
				return nil
			}
			row.WriteString(p.square(sc, c, string([]byte{file, rank}), b))
			file++
		}
		if file != 'i' {
			return nil // not a FEN's rank
		}
		out = append(out, strings.TrimRight(row.String(), " "))
	}
	out = append(out, "   a  b  c  d  e  f  g  h")
	switch {
	case len(fields) > 1 && fields[1] == "w":
		out = append(out, P.T("step.board.white"))
	case len(fields) > 1 && fields[1] == "b":
		out = append(out, P.T("step.board.black"))
	}
	return out
}

// square draws one square: the piece (or an empty square's dot), bracketed
// when the move into the node left from or arrived on it.
func (p *Player) square(sc text.Scheme, piece rune, name string, b Board) string {
	glyph := string(piece)
	switch {
	case piece == '.' && p.asciiBoard:
		glyph = "."
	case piece == '.':
		glyph = "·"
	case !p.asciiBoard:
		g, ok := unicodePieces[piece]
		if !ok {
			g = "?"
		}
		glyph = g
	}
	if name == b.From || name == b.To {
		return sc.Value("[" + glyph + "]")
	}
	return " " + glyph + " "
}

// boardPanel places the board of the current step on a screen of width
// columns with room lines for the tree: beside the tree when the tree keeps
// at least 50 columns, else above it when the tree keeps at least 4 lines,
// else nowhere. It returns the board's lines, where they go ("right",
// "top" or ""), and the width and lines left for the tree.
func (p *Player) boardPanel(sc text.Scheme, width, room int) (board []string, place string, treeWidth, treeRoom int) {
	board = p.boardLines(sc)
	switch {
	case board == nil:
		return nil, "", width, room
	case width-boardWidth-3 >= 50 && room >= len(board):
		return board, "right", width - boardWidth - 3, room
	case room-len(board)-1 >= 4:
		return board, "top", width, room - len(board) - 1
	}
	return nil, "", width, room
}

// placeBoard puts the board's lines with the tree's: to the right of the
// tree lines (padded to treeWidth), or above them with an empty line.
func placeBoard(tree, board []string, place string, treeWidth int) []string {
	switch place {
	case "right":
		out := make([]string, len(tree))
		for i, l := range tree {
			if i < len(board) {
				l += strings.Repeat(" ", max(treeWidth-wrap.Width(l), 0)) + " │ " + board[i]
			}
			out[i] = l
		}
		return out
	case "top":
		return append(append(append([]string{}, board...), ""), tree...)
	}
	return tree
}

// screenWrap wraps a sentence of the screen at width columns, never inside
// a number, a name or a window (package wrap); on a screen narrower than
// wrap.MinText, at any space.
func screenWrap(s string, width int) []string {
	if width < wrap.MinText {
		return trace.Wrap(s, width)
	}
	return wrap.Text(s, width, width)
}
