package match

import (
	_ "embed"
	"fmt"
	"io"
	"strings"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
)

// Opening is where a pair of games starts: a position (FEN; the initial
// position when empty) and book moves played from it before the engines
// take over, in SAN.
type Opening struct {
	Name  string
	FEN   string   // "" for the initial position
	Moves []string // book moves, SAN
	// Eval is Stockfish 15.1's evaluation of the position after the book
	// moves, in centipawns from White's point of view, at depth 12 (see
	// Openings); only for the built-in set.
	Eval int
}

// builtinOpenings is the built-in set: 40 main lines of the opening
// repertoire, four to ten plies each, named as the Encyclopaedia of Chess
// Openings names them (ECO code first). Each was checked to be balanced:
// Stockfish 15.1 (one thread, 16 MB hash, `go depth 12` after `position
// startpos moves ...`) evaluates the position after the book moves within
// ±50 centipawns; Eval holds what it said, White's point of view.
// TestOpeningsBalanced checks the numbers, and replays the lines with
// Stockfish again when given -stockfish.
var builtinOpenings = []Opening{
	{Name: "C65 Ruy Lopez, Berlin", Moves: f("e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6"), Eval: 14},
	{Name: "C78 Ruy Lopez, Morphy", Moves: f("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6"), Eval: 46},
	{Name: "C54 Italian Game", Moves: f("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6"), Eval: 23},
	{Name: "C45 Scotch Game", Moves: f("e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Nf6"), Eval: 12},
	{Name: "C42 Petrov Defence", Moves: f("e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4"), Eval: 26},
	{Name: "C47 Four Knights", Moves: f("e4 e5 Nf3 Nc6 Nc3 Nf6"), Eval: 40},
	{Name: "C26 Vienna Game", Moves: f("e4 e5 Nc3 Nf6 g3 d5"), Eval: 4},
	{Name: "B92 Sicilian, Najdorf, Opočenský", Moves: f("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2 e5"), Eval: 25},
	{Name: "B31 Sicilian, Rossolimo", Moves: f("e4 c5 Nf3 Nc6 Bb5 g6 O-O Bg7"), Eval: 28},
	{Name: "B70 Sicilian, Dragon", Moves: f("e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7"), Eval: 37},
	{Name: "B44 Sicilian, Taimanov", Moves: f("e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nb5 d6"), Eval: 26},
	{Name: "B51 Sicilian, Moscow", Moves: f("e4 c5 Nf3 d6 Bb5+ Bd7"), Eval: 19},
	{Name: "B25 Sicilian, Closed", Moves: f("e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7"), Eval: -5},
	{Name: "B22 Sicilian, Alapin", Moves: f("e4 c5 c3 Nf6 e5 Nd5"), Eval: 14},
	{Name: "C10 French, Rubinstein", Moves: f("e4 e6 d4 d5 Nc3 dxe4 Nxe4 Nd7"), Eval: 37},
	{Name: "C07 French, Tarrasch", Moves: f("e4 e6 d4 d5 Nd2 c5"), Eval: 42},
	{Name: "C02 French, Advance", Moves: f("e4 e6 d4 d5 e5 c5 c3 Nc6"), Eval: 44},
	{Name: "B18 Caro-Kann, Classical", Moves: f("e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"), Eval: 32},
	{Name: "B12 Caro-Kann, Advance", Moves: f("e4 c6 d4 d5 e5 Bf5"), Eval: 41},
	{Name: "C01 French, Exchange", Moves: f("e4 e6 d4 d5 exd5 exd5 Nf3 Nf6"), Eval: 14},
	{Name: "B10 Caro-Kann, Two Knights", Moves: f("e4 c6 Nc3 d5 Nf3 Bg4 h3 Bxf3"), Eval: 30},
	{Name: "C44 Ponziani", Moves: f("e4 e5 Nf3 Nc6 c3 Nf6 d4 Nxe4"), Eval: 23},
	{Name: "B05 Alekhine, Modern", Moves: f("e4 e5 Nf3 Nc6 Bc4 Nf6 d3 Be7"), Eval: 41},
	{Name: "D37 Queen's Gambit Declined", Moves: f("d4 d5 c4 e6 Nc3 Nf6 Nf3 Be7"), Eval: 40},
	{Name: "D11 Slav Defence", Moves: f("d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5"), Eval: 37},
	{Name: "A04 Réti, Symmetrical", Moves: f("Nf3 c5 g3 Nc6 Bg2 g6 O-O Bg7"), Eval: 15},
	{Name: "D27 Queen's Gambit Accepted, Classical", Moves: f("d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5"), Eval: 30},
	{Name: "E32 Nimzo-Indian, Classical", Moves: f("d4 Nf6 c4 e6 Nc3 Bb4 Qc2 O-O"), Eval: 34},
	{Name: "E12 Queen's Indian, Petrosian", Moves: f("d4 Nf6 c4 e6 Nf3 b6 a3 Bb7"), Eval: 36},
	{Name: "E11 Bogo-Indian", Moves: f("d4 Nf6 c4 e6 Nf3 Bb4+ Bd2 Bxd2+ Qxd2 d5"), Eval: 35},
	{Name: "D85 Grünfeld", Moves: f("d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5"), Eval: 21},
	{Name: "E04 Catalan", Moves: f("d4 Nf6 c4 e6 g3 d5 Bg2 dxc4"), Eval: 39},
	{Name: "A48 London System, King's Indian set-up", Moves: f("d4 Nf6 Nf3 g6 Bf4 Bg7 e3 O-O"), Eval: 19},
	{Name: "D02 London System", Moves: f("d4 d5 Nf3 Nf6 Bf4 c5 e3 Nc6"), Eval: 2},
	{Name: "A45 Trompowsky", Moves: f("d4 Nf6 Bg5 e6 e4 h6 Bxf6 Qxf6"), Eval: 34},
	{Name: "A29 English, Four Knights", Moves: f("c4 e5 Nc3 Nf6 Nf3 Nc6 g3 d5"), Eval: 16},
	{Name: "A36 English, Symmetrical", Moves: f("c4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7"), Eval: 36},
	{Name: "D05 Colle System", Moves: f("Nf3 d5 d4 Nf6 e3 e6 Bd3 c5"), Eval: 10},
	{Name: "A05 Réti, King's Indian Attack", Moves: f("Nf3 Nf6 g3 d5 Bg2 c6 O-O Bg4"), Eval: 17},
	{Name: "A01 Nimzowitsch-Larsen", Moves: f("b3 e5 Bb2 Nc6 e3 Nf6"), Eval: -15},
}

func f(s string) []string { return strings.Fields(s) }

// Openings returns the built-in set of openings.
func Openings() []Opening { return append([]Opening(nil), builtinOpenings...) }

// wideOpenings is the wider built-in set, for matches of more than the 80
// games the main set gives at fixed nodes: 424 lines of six plies,
// Stockfish 15.1's three best moves at depth 8 at each ply from the initial
// position, kept when its depth-12 evaluation is within ±50 centipawns (the
// file says how it was made; TestGenerateOpenings makes it again).
//
//go:embed openings-wide.txt
var wideOpenings string

// OpeningSets are the names of the built-in sets, for --openings.
var OpeningSets = []string{"main", "wide"}

// OpeningSet returns a built-in set by its name: "main" (the 40 named
// main lines, Openings) or "wide" (424 lines of six plies, named "wide 1"
// to "wide 424").
func OpeningSet(name string) ([]Opening, bool) {
	switch name {
	case "main":
		return Openings(), true
	case "wide":
		set, err := ReadOpenings(strings.NewReader(wideOpenings))
		if err != nil {
			panic("match: the wide set of openings: " + err.Error()) // TestOpenings reads it
		}
		for i := range set {
			set[i].Name = fmt.Sprintf("wide %d", i+1)
		}
		return set, true
	}
	return nil, false
}

// start returns the opening's starting position, before the book moves.
func (o Opening) start() (*chess.Board, error) {
	if o.FEN == "" {
		return chess.StartBoard(), nil
	}
	return chess.ParseFEN(o.FEN)
}

// UCI returns the book moves in UCI notation (e2e4), as Stockfish's
// "position ... moves" takes them.
func (o Opening) UCI() ([]string, error) {
	b, err := o.start()
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(o.Moves))
	for i, s := range o.Moves {
		m, err := b.ParseSAN(s)
		if err != nil {
			if o.Name == "" {
				return nil, i18n.Errorf("move %d %s: %w", i+1, s, err)
			}
			return nil, i18n.Errorf("opening %s: book move %d %s: %w", o.Name, i+1, s, err)
		}
		out = append(out, b.UCI(m))
		b.Make(m)
	}
	return out, nil
}

// MaxOpeningsFile is the largest openings file read, in bytes (4 MiB: some
// ten thousand lines of moves or positions).
const MaxOpeningsFile = 4 << 20

// ReadOpenings reads a set of openings, one a line: an EPD or FEN record
// (a position; its id operation, if any, names it), or book moves from the
// initial position in SAN, move numbers allowed ("1. e4 e5 2. Nf3 Nc6").
// Blank lines and lines starting with # are skipped. Errors name the line.
func ReadOpenings(r io.Reader) ([]Opening, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxOpeningsFile+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxOpeningsFile {
		return nil, i18n.Errorf("larger than %d MiB, more than any set of openings", MaxOpeningsFile>>20)
	}
	var out []Opening
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		o, err := parseOpening(line)
		if err != nil {
			return nil, i18n.Errorf("line %d: %w", n+1, err)
		}
		if o.Name == "" {
			o.Name = fmt.Sprintf("line %d", n+1)
		}
		out = append(out, o)
	}
	if len(out) == 0 {
		return nil, i18n.Error("no openings in it (one a line: a FEN or EPD, or moves in SAN)")
	}
	return out, nil
}

func parseOpening(line string) (Opening, error) {
	if first, _, _ := strings.Cut(line, " "); strings.Contains(first, "/") {
		e, err := chess.ParseEPD(line)
		if err != nil {
			return Opening{}, err
		}
		o := Opening{Name: e.Operand("id"), FEN: e.FEN}
		if o.FEN == chess.StartFEN {
			o.FEN = ""
		}
		b, _ := o.start()
		if b.CountMoves() == 0 {
			return Opening{}, i18n.Error("the position has no legal move: no game to play from it")
		}
		return o, nil
	}
	var o Opening
	for _, w := range strings.Fields(line) {
		if i := strings.LastIndex(w, "."); i >= 0 && isMoveNumber(w[:i+1]) {
			w = w[i+1:] // "1.e4", "1." or "1..."
		}
		if w != "" {
			o.Moves = append(o.Moves, w)
		}
	}
	_, err := o.UCI() // checks every move
	return o, err
}

// isMoveNumber reports whether s is a move number: digits then dots.
func isMoveNumber(s string) bool {
	d := strings.TrimRight(s, ".")
	if d == "" || len(d) == len(s) {
		return false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
