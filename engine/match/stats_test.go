package match

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-6 {
		t.Errorf("%s = %.9f, want %.9f", what, got, want)
	}
}

// TestElo: the logistic curve and its inverse, at points worked by hand:
// a score of 3/4 is 400·log10(3) Elo, 1/11 is −400 (10^(−400/400) = 1/10).
func TestElo(t *testing.T) {
	near(t, "EloOf(0.5)", EloOf(0.5), 0)
	near(t, "EloOf(0.75)", EloOf(0.75), 400*math.Log10(3))
	near(t, "EloOf(1/11)", EloOf(1.0/11), -400)
	near(t, "ScoreOf(400)", ScoreOf(400), 10.0/11)
	if !math.IsInf(EloOf(1), 1) || !math.IsInf(EloOf(0), -1) {
		t.Error("a score of 1 or 0 must be an infinite Elo difference")
	}
}

// TestIntervals: 10 wins, 20 draws, 10 losses in 20 pairs scoring 0, ½, 1,
// 1½ and 2 for A 2, 4, 8, 4 and 2 times. By hand:
//   - trinomial: s = 0.5, variance per game (10·0.25 + 20·0 + 10·0.25)/40 =
//     0.125, standard error √(0.125/40) = 0.0559017, s ± 1.959964·se =
//     0.5 ± 0.1095650, Elo −400·log10(1/0.6095650 − 1) = 77.388744;
//   - pentanomial: pair means 0, ¼, ½, ¾, 1, variance (2·¼ + 4·1/16 + 0 +
//     4·1/16 + 2·¼)/20 = 0.075, se √(0.075/20) = 0.0612372, s ± 0.1200230,
//     Elo ±85.060043.
func TestIntervals(t *testing.T) {
	tl := Tally{Wins: 10, Draws: 20, Losses: 10, Pairs: [5]int{2, 4, 8, 4, 2}}
	tri := tl.Trinomial()
	near(t, "trinomial Elo", tri.Elo, 0)
	near(t, "trinomial low", tri.Lo, -77.388743909)
	near(t, "trinomial high", tri.Hi, 77.388743909)
	p := tl.Pentanomial()
	near(t, "pentanomial low", p.Lo, -85.060042781)
	near(t, "pentanomial high", p.Hi, 85.060042781)

	// Pairs 1, 3, 6, 6, 4: mean 12.25/20 = 0.6125, variance 0.07796875.
	tl = Tally{Pairs: [5]int{1, 3, 6, 6, 4}}
	p = tl.Pentanomial()
	near(t, "Elo", p.Elo, 79.533754478)
	near(t, "low", p.Lo, -6.862877266)
	near(t, "high", p.Hi, 177.105286054)

	// All the same: no variance, the interval is the point itself.
	p = Tally{Pairs: [5]int{0, 0, 5, 0, 0}}.Pentanomial()
	if p.Lo != p.Hi {
		t.Errorf("every pair scoring 1: interval [%v, %v], want a point", p.Lo, p.Hi)
	}
}

// TestSPRT: LLR = N·(s1 − s0)·(2·mean − s0 − s1)/(2·variance), N and the
// moments with each empty class counted as 0.001 pair, s0 = 0.5 (Elo 0),
// s1 = 1/(1 + 10^(−50/400)) (Elo 50) or 1/(1 + 10^(−10/400)) (Elo 10);
// bounds log(0.05/0.95) = −2.944439 and +2.944439. The numbers were worked
// with a calculator from those formulas.
func TestSPRT(t *testing.T) {
	lo, hi := Bounds()
	near(t, "lower bound", lo, -2.944438979)
	near(t, "upper bound", hi, 2.944438979)
	cases := []struct {
		pairs      [5]int
		elo0, elo1 float64
		llr        float64
		verdict    Verdict
	}{
		{[5]int{0, 1, 4, 8, 7}, 0, 50, 6.93271946, AcceptH1},
		{[5]int{7, 8, 4, 1, 0}, 0, 50, -9.117842952, AcceptH0},
		{[5]int{0, 1, 4, 8, 7}, 0, 10, 1.571392712, Continue},
		{[5]int{1, 3, 6, 6, 4}, 0, 10, 0.388633314, Continue},
		// Every pair the same: no variance, no test yet.
		{[5]int{0, 0, 12, 0, 0}, 0, 10, 0, Continue},
		// Fewer than MinSPRTPairs pairs: the LLR, no verdict.
		{[5]int{0, 0, 0, 1, 3}, 0, 50, 0, Continue},
	}
	for _, c := range cases {
		r := Tally{Pairs: c.pairs}.Test(c.elo0, c.elo1)
		if c.llr != 0 {
			near(t, "LLR", r.LLR, c.llr)
		}
		if r.Verdict != c.verdict {
			t.Errorf("pairs %v, elo %v,%v: %s, want %s (LLR %.3f)", c.pairs, c.elo0, c.elo1, r.Verdict, c.verdict, r.LLR)
		}
	}
}
