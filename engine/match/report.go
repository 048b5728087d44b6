package match

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// ReportInfo names what the report describes.
type ReportInfo struct {
	Names  [2]string // A and B
	Limits string    // "20000 nodes per move"
}

// WriteReport writes the match's result for people: the players, the
// games, wins, draws and losses from A's point of view, the score, the Elo
// difference with its 95 % interval, how the games ended, and the SPRT
// when there was one.
func WriteReport(w io.Writer, r *Result, info ReportInfo) error {
	var b strings.Builder
	t := r.Tally
	fmt.Fprintf(&b, "A: %s\nB: %s\n", info.Names[0], info.Names[1])
	openings := map[string]bool{}
	for _, g := range r.Games {
		openings[g.Opening.Name] = true
	}
	fmt.Fprintf(&b, "%s (%s, each with both colours), %s\n", plural(t.Games(), "game"), plural(len(openings), "opening"), info.Limits)
	switch {
	case r.Interrupted:
		fmt.Fprintf(&b, "interrupted after %d of the %d games planned\n", t.Games(), r.Planned)
	case t.Games() < r.Planned:
		fmt.Fprintf(&b, "the SPRT ended the match after %d of the %d games planned\n", t.Games(), r.Planned)
	}
	fmt.Fprintf(&b, "A: %s, %s, %s · score %s/%d = %.1f %%\n",
		plural(t.Wins, "win"), plural(t.Draws, "draw"), plural(t.Losses, "loss"), halves(2*t.Wins+t.Draws), t.Games(), 100*t.Score())
	p, tri := t.Pentanomial(), t.Trinomial()
	fmt.Fprintf(&b, "Elo difference A − B: %s, %s\n", elo(p.Elo), span(p, "pentanomial: the two games of an opening one sample", "pair"))
	fmt.Fprintf(&b, "  trinomial, each game a sample: %s\n", span(tri, "", "game"))
	fmt.Fprintf(&b, "pairs by A's score 0, ½, 1, 1½, 2: %d, %d, %d, %d, %d\n", t.Pairs[0], t.Pairs[1], t.Pairs[2], t.Pairs[3], t.Pairs[4])
	b.WriteString("endings: " + endings(r.Games) + "\n")
	if s := r.SPRT; s != nil {
		fmt.Fprintf(&b, "SPRT elo0 %s, elo1 %s (α = β = %.2f): LLR %.2f, bounds [%.2f, %.2f]: %s\n",
			num(s.Elo0), num(s.Elo1), Alpha, s.LLR, s.Lower, s.Upper, s.Verdict)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// plural writes n and the noun, with an s (es after an s) unless n is 1.
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

// span writes a 95 % interval, or says why there is none: every sample
// (pair or game) scored the same, and the variance is 0.
func span(i Interval, model, sample string) string {
	if i.Lo == i.Hi {
		return fmt.Sprintf("no interval: every %s scored the same, the variance is 0 (more games needed)", sample)
	}
	if model != "" {
		model = " (" + model + ")"
	}
	return fmt.Sprintf("95 %% interval [%s, %s]%s", elo(i.Lo), elo(i.Hi), model)
}

func num(x float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", x), "0"), ".")
}

// endings counts the games by how they ended, in the order of Ending.
func endings(games []*Game) string {
	var n [MoveCap + 1]int
	for _, g := range games {
		n[g.Ending]++
	}
	names := [...]string{"", "checkmate", "stalemate", "threefold repetition", "fifty-move rule", "insufficient material", "move cap"}
	var parts []string
	for e := Checkmate; e <= MoveCap; e++ {
		if n[e] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", names[e], n[e]))
		}
	}
	return strings.Join(parts, ", ")
}
