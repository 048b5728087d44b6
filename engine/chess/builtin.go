// Built-in positions for lessons: a few classic positions chosen to show one
// idea each, and the null-move zugzwang test positions.

package chess

import (
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
)

// Builtin is a named position.
type Builtin struct {
	Name        string
	FEN         string
	Description string
}

// zugzwangEPD is a copy of shared/data/nullmove-zugzwang.epd, the five
// zugzwang positions where a null-move search goes wrong.
const zugzwangEPD = `8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1 bm Rf1; id "zugzwang.001";
1q1k4/2Rr4/8/2Q3K1/8/8/8/8 w - - 0 1 bm Kh6;  id "zugzwang.002";
7k/5K2/5P1p/3p4/6P1/3p4/8/8 w - - 0 1 bm g5; id "zugzwang.003";
8/6B1/p5p1/Pp4kp/1P5r/5P1Q/4q1PK/8 w - - 0 32 bm Qxh4; id "zugzwang.004";
8/8/1p1r1k2/p1pPN1p1/P3KnP1/1P6/8/3R4 b - - 0 1 bm Nxd5; id "zugzwang.005";`

// builtins lists the positions in the order Builtins returns them. The
// mate-in-2, tactic and king-and-pawn claims were checked with Stockfish 15.1.
var builtins = []Builtin{
	{"start", StartFEN, "the initial position"},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"Kiwipete (Peter McKenzie), perft position 2: castling, en passant, promotions and pins all within a few plies"},
	{"mate-in-2", "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",
		"White mates in 2 on the back rank: 1.Rd8+ Rxd8 2.Rxd8# (the only mating line)"},
	{"tactic", "6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1",
		"knight fork: 1.Nf6+ forks king and queen and 2.Nxd7 wins the queen (3 plies; every other move leaves White a queen down)"},
	{"kp-ending", "8/4k3/8/4K3/4P3/8/8/8 b - - 0 1",
		"king and pawn ending where the opposition decides: with Black to move White holds the opposition and wins (every black move loses); with White to move the same position is a draw"},
}

// Builtins returns the built-in positions: start, kiwipete, mate-in-2,
// tactic, kp-ending and zugzwang-1 .. zugzwang-5.
func Builtins() []Builtin {
	out := append([]Builtin(nil), builtins...)
	for i, line := range strings.Split(zugzwangEPD, "\n") {
		e, err := ParseEPD(line)
		if err != nil {
			panic("chess: built-in zugzwang position: " + err.Error()) // unreachable: tested
		}
		out = append(out, Builtin{
			Name: "zugzwang-" + string(rune('1'+i)),
			FEN:  e.FEN,
			Description: "null-move zugzwang test " + e.Operand("id") + " (" + zugzwangFile + "): best move " +
				e.Operand("bm") + "; a null-move search that passes here misjudges it",
		})
	}
	return out
}

// zugzwangFile is where the zugzwang positions come from.
const zugzwangFile = "shared/data/nullmove-zugzwang.epd"

// DescriptionIn is the position's description in p's language
// (Description is English's); its moves stay SAN.
func (b Builtin) DescriptionIn(p *i18n.Printer) string {
	switch b.Name {
	case "start":
		return p.T("positions.start")
	case "kiwipete":
		return p.T("positions.kiwipete")
	case "mate-in-2":
		return p.T("positions.mate-in-2")
	case "tactic":
		return p.T("positions.tactic")
	case "kp-ending":
		return p.T("positions.kp-ending")
	}
	if e := zugzwangRecord(b.Name); e != nil {
		return p.T("positions.zugzwang", "Test", e.Operand("id"), "File", zugzwangFile, "Move", e.Operand("bm"))
	}
	return b.Description
}

// zugzwangRecord is the EPD record of the zugzwang position called name
// (zugzwang-1 .. zugzwang-5), nil for another name.
func zugzwangRecord(name string) *EPD {
	n, ok := strings.CutPrefix(name, "zugzwang-")
	lines := strings.Split(zugzwangEPD, "\n")
	if !ok || len(n) != 1 || n[0] < '1' || int(n[0]-'1') >= len(lines) {
		return nil
	}
	e, err := ParseEPD(lines[n[0]-'1'])
	if err != nil {
		return nil // unreachable: Builtins parses them all
	}
	return &e
}

// BuiltinByName returns the built-in position with the name.
func BuiltinByName(name string) (Builtin, bool) {
	for _, b := range Builtins() {
		if b.Name == name {
			return b, true
		}
	}
	return Builtin{}, false
}
