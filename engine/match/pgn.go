package match

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/engine/chess"
)

// PGN: the games in the export format of the PGN standard (Edwards, 1994,
// section 8): the seven tags first (Event, Site, Date, Round, White, Black,
// Result), then SetUp and FEN when an opening starts elsewhere than the
// initial position, ECO and Opening, PlyCount and Termination; movetext in
// SAN, lines of at most 79 characters, each move of an engine followed by
// its search's summary as a comment, {depth 7, value +35, nodes 20000}
// (value in centipawns from the mover's point of view, #N a mate in N), a
// book move by {book}, and the last by why the game ended.
//
// The Date is the PGN standard's unknown date, "????.??.??", so that a
// match at fixed nodes writes the same bytes every time; the limits per
// move are in the Event.

// PGNInfo is what the tags of every game say.
type PGNInfo struct {
	Event string // "prunescope match, 20000 nodes per move"
	Names [2]string
}

// WritePGN writes the games.
func WritePGN(w io.Writer, games []*Game, info PGNInfo) error {
	bw := bufio.NewWriter(w)
	for i, g := range games {
		if i > 0 {
			bw.WriteString("\n")
		}
		writeGame(bw, g, info)
	}
	return bw.Flush()
}

func writeGame(w *bufio.Writer, g *Game, info PGNInfo) {
	tag := func(name, value string) {
		value = strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(value)
		fmt.Fprintf(w, "[%s \"%s\"]\n", name, value)
	}
	tag("Event", info.Event)
	tag("Site", "?")
	tag("Date", "????.??.??")
	tag("Round", strconv.Itoa(g.Round))
	tag("White", info.Names[g.White])
	tag("Black", info.Names[g.Black])
	tag("Result", g.Outcome.String())
	start := chess.StartBoard()
	if g.Opening.FEN != "" {
		tag("SetUp", "1")
		tag("FEN", g.Opening.FEN)
		if b, err := chess.ParseFEN(g.Opening.FEN); err == nil {
			start = b
		}
	}
	if eco, name, ok := strings.Cut(g.Opening.Name, " "); ok && isECO(eco) {
		tag("ECO", eco)
		tag("Opening", name)
	} else if g.Opening.Name != "" {
		tag("Opening", g.Opening.Name)
	}
	tag("PlyCount", strconv.Itoa(len(g.Plies)))
	tag("Termination", g.Ending.Termination())
	w.WriteString("\n")

	lw := &lineWriter{w: w}
	move, black := start.FullmoveNumber(), start.SideToMove() == chess.Black
	needNumber := true
	for _, p := range g.Plies {
		switch {
		case !black:
			lw.word(strconv.Itoa(move) + ".")
		case needNumber:
			lw.word(strconv.Itoa(move) + "...")
		}
		lw.word(p.SAN)
		lw.comment(plyComment(p))
		needNumber = true // a comment follows every move
		if black {
			move++
		}
		black = !black
	}
	if g.Ending != NotEnded {
		lw.comment(g.Reason())
	}
	lw.word(g.Outcome.String())
	lw.end()
}

// plyComment is the comment after a move.
func plyComment(p Ply) string {
	switch {
	case p.Book:
		return "book"
	case p.Fallback && p.Nodes > 0:
		return fmt.Sprintf("no iteration finished within %d nodes: the first legal move", p.Nodes)
	case p.Fallback:
		return "no iteration finished within the time: the first legal move"
	}
	return fmt.Sprintf("depth %d, value %s, nodes %d", p.Depth, formatValue(p.Value), p.Nodes)
}

// isECO reports whether s is an ECO code, a letter A to E and two digits.
func isECO(s string) bool {
	return len(s) == 3 && s[0] >= 'A' && s[0] <= 'E' && s[1] >= '0' && s[1] <= '9' && s[2] >= '0' && s[2] <= '9'
}

// lineWriter writes movetext words, breaking lines before 80 characters
// (between words; a comment's words too, which PGN allows).
type lineWriter struct {
	w   *bufio.Writer
	col int
}

func (l *lineWriter) word(s string) {
	if l.col > 0 && l.col+1+len(s) > 79 {
		l.w.WriteString("\n")
		l.col = 0
	}
	if l.col > 0 {
		l.w.WriteString(" ")
		l.col++
	}
	l.w.WriteString(s)
	l.col += len(s)
}

func (l *lineWriter) comment(s string) {
	words := strings.Fields(s)
	for i, w := range words {
		if i == 0 {
			w = "{" + w
		}
		if i == len(words)-1 {
			w += "}"
		}
		l.word(w)
	}
}

func (l *lineWriter) end() {
	l.w.WriteString("\n")
	l.col = 0
}
