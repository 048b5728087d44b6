package match

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
)

// ReportInfo names what the report describes.
type ReportInfo struct {
	Names  [2]string // A and B
	Limits string    // "20000 nodes per move", in Lang
	// Lang is the language of the report's words ("": English).
	Lang i18n.Lang
}

// WriteReport writes the match's result for people: the players, the
// games, wins, draws and losses from A's point of view, the score, the Elo
// difference with its 95 % interval, how the games ended, and the SPRT
// when there was one. Its words are info.Lang's, its decimals too (37,5 %
// in Russian and Czech, and an interval's edges apart by a semicolon:
// [−379,6; +106,7]).
func WriteReport(w io.Writer, r *Result, info ReportInfo) error {
	p := i18n.For(info.Lang) // "": English
	var b strings.Builder
	t := r.Tally
	fmt.Fprintf(&b, "A: %s\nB: %s\n", info.Names[0], info.Names[1])
	openings := map[string]bool{}
	for _, g := range r.Games {
		openings[g.Opening.Name] = true
	}
	line := func(s string) { b.WriteString(s + "\n") }
	line(p.T("match.head", "Games", p.N("match.games", int64(t.Games())), "Openings", p.N("match.openings", int64(len(openings))), "Limits", info.Limits))
	switch {
	case r.Interrupted:
		line(p.N("match.interrupted", int64(r.Planned), "Done", t.Games()))
	case t.Games() < r.Planned:
		line(p.N("match.sprtstop", int64(r.Planned), "Done", t.Games()))
	}
	line(p.T("match.score", "Wins", p.N("match.wins", int64(t.Wins)), "Draws", p.N("match.draws", int64(t.Draws)), "Losses", p.N("match.losses", int64(t.Losses)),
		"Points", halves(2*t.Wins+t.Draws), "Games", t.Games(), "Percent", p.Decimal(fmt.Sprintf("%.1f", 100*t.Score()))))
	pt, tri := t.Pentanomial(), t.Trinomial()
	line(p.T("match.elo", "Elo", p.Decimal(elo(pt.Elo)), "Interval", spanIn(p, pt, true)))
	line("  " + p.T("match.trinomial", "Interval", spanIn(p, tri, false)))
	line(p.T("match.pairs", "Pairs", fmt.Sprintf("%d, %d, %d, %d, %d", t.Pairs[0], t.Pairs[1], t.Pairs[2], t.Pairs[3], t.Pairs[4])))
	line(p.T("match.endings", "Endings", endings(p, r.Games)))
	if s := r.SPRT; s != nil {
		dec := func(x float64) string { return p.Decimal(fmt.Sprintf("%.2f", x)) }
		line(p.T("match.sprt", "Elo0", p.Decimal(num(s.Elo0)), "Elo1", p.Decimal(num(s.Elo1)), "Alpha", dec(Alpha),
			"LLR", dec(s.LLR), "Lower", dec(s.Lower), "Upper", dec(s.Upper), "Verdict", verdictIn(p, s.Verdict)))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// verdictIn is what the SPRT concludes, in p's language.
func verdictIn(p *i18n.Printer, v Verdict) string {
	switch v {
	case AcceptH0:
		return p.T("match.verdict.h0")
	case AcceptH1:
		return p.T("match.verdict.h1")
	}
	return p.T("match.verdict.continue")
}

// plural writes n and the noun, with an s (es after an s) unless n is 1:
// the English of match.wins, match.draws, match.losses (the tests').
func plural(n int, noun string) string {
	switch {
	case n == 1:
	case strings.HasSuffix(noun, "s"):
		noun += "es"
	default:
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}

// halves writes n/2: "7", "7½".
func halves(n int) string {
	if n%2 == 0 {
		return fmt.Sprint(n / 2)
	}
	if n == 1 {
		return "½"
	}
	return fmt.Sprintf("%d½", n/2)
}

// elo writes an Elo difference with its sign, to a tenth; ±∞ at a score of
// 0 or 100 %.
func elo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+∞"
	case math.IsInf(x, -1):
		return "−∞"
	case math.Abs(x) < 0.05:
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// spanIn writes a 95 % interval in p's language, or says why there is
// none: every sample (pair, when pentanomial, or game) scored the same,
// and the variance is 0.
func spanIn(p *i18n.Printer, i Interval, pentanomial bool) string {
	switch {
	case i.Lo == i.Hi && pentanomial:
		return p.T("match.nointerval.pair")
	case i.Lo == i.Hi:
		return p.T("match.nointerval.game")
	case pentanomial:
		return p.T("match.interval.pentanomial", "Lo", p.Decimal(elo(i.Lo)), "Hi", p.Decimal(elo(i.Hi)))
	}
	return p.T("match.interval", "Lo", p.Decimal(elo(i.Lo)), "Hi", p.Decimal(elo(i.Hi)))
}

func num(x float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

// endings counts the games by how they ended, in the order of Ending, in
// p's language.
func endings(p *i18n.Printer, games []*Game) string {
	var n [MoveCap + 1]int
	for _, g := range games {
		n[g.Ending]++
	}
	var parts []string
	for e := Checkmate; e <= MoveCap; e++ {
		if n[e] > 0 {
			parts = append(parts, endingName(p, e)+" "+fmt.Sprint(n[e]))
		}
	}
	return strings.Join(parts, ", ")
}

// endingName names how a game ended, in p's language.
func endingName(p *i18n.Printer, e Ending) string {
	switch e {
	case Checkmate:
		return p.T("match.ending.checkmate")
	case Stalemate:
		return p.T("match.ending.stalemate")
	case Repetition:
		return p.T("match.ending.repetition")
	case FiftyMoves:
		return p.T("match.ending.fifty")
	case DeadPosition:
		return p.T("match.ending.material")
	}
	return p.T("match.ending.movecap")
}
