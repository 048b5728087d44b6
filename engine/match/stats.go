package match

import "math"

// The statistics of a match, as engine testers compute them.
//
// Score and Elo: a score fraction s (wins plus half the draws, over the
// games) is the expected score of the logistic Elo model, so the Elo
// difference is -400·log10(1/s − 1) (Elo, "The Rating of Chessplayers",
// 1978; the logistic form the FIDE and every engine tester use).
//
// The 95 % interval comes from the standard error of the mean score, the
// normal approximation with z = 1.96, and is carried into Elo through the
// same curve (chessprogramming.org, "Match Statistics"; cutechess-cli's
// elo.cpp). Two models of a game's outcome:
//   - trinomial: each game is a draw of win, draw or loss, independent of
//     the others; variance per game Σ p_i (x_i − s)² over x = 1, ½, 0;
//   - pentanomial: the two games of one opening (colours swapped) are one
//     sample, scores 0, ½, 1, 1½, 2 for the pair; variance per pair of the
//     pair's mean score. The games of a pair are correlated (a lopsided
//     opening wins one game for each side), which the pentanomial model
//     counts and the trinomial does not (Fishtest's stat_util.py, M. Van
//     den Bergh, "Normalized Elo" notes, 2020).
//
// SPRT: the generalised sequential probability ratio test between H0: the
// Elo difference is elo0 and H1: it is elo1, with the log-likelihood ratio
// of the normal approximation, LLR = N·(s1 − s0)·(2·x̄ − s0 − s1)/(2·σ²) for
// N samples of mean x̄ and variance σ² (pairs, pentanomial), s0 and s1 the
// expected scores of elo0 and elo1 (M. Van den Bergh, "A simple
// approximation of the GSPRT", used by Fishtest and OpenBench). It accepts
// H1 when LLR ≥ log((1−β)/α), H0 when LLR ≤ log(β/(1−α)); α = β = 0.05
// give ±2.94. Empty outcome classes get 0.001 of a sample (stat_util.py's
// regularisation), and the test starts once the pairs do not all score the
// same: before that the variance is that regularisation's alone and the
// approximation means nothing (LLR 0, continue). The normal approximation
// also needs samples enough: the test gives a verdict from MinSPRTPairs
// pairs on (its LLR is shown before), as Fishtest and OpenBench, which
// update it by batches of games, never decide on the first few.

// Z95 is the normal quantile of a two-sided 95 % interval.
const Z95 = 1.959963984540054

// MinSPRTPairs is the number of pairs (of two games) before which the SPRT
// gives no verdict.
const MinSPRTPairs = 10

// Alpha and Beta are the SPRT's error rates.
const (
	Alpha = 0.05
	Beta  = 0.05
)

// Tally counts a match's results from A's point of view.
type Tally struct {
	Wins, Draws, Losses int
	// Pairs counts the pairs of games of one opening (both colours) by
	// A's score in halves: Pairs[k] is the pairs where A scored k/2
	// (0, ½, 1, 1½, 2).
	Pairs [5]int
}

// Games is the number of games.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score is A's score fraction, (wins + draws/2)/games; NaN without games.
func (t Tally) Score() float64 {
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// EloOf is the Elo difference whose expected score is s: ±Inf at 1 and 0.
func EloOf(s float64) float64 {
	switch {
	case s <= 0:
		return math.Inf(-1)
	case s >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/s-1)
}

// ScoreOf is the expected score of an Elo difference (the logistic curve).
func ScoreOf(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// Interval is an Elo estimate with its 95 % interval.
type Interval struct {
	Elo, Lo, Hi float64 // ±Inf where the score's interval reaches 0 or 1
}

// Trinomial is the Elo difference and its interval, each game a sample.
func (t Tally) Trinomial() Interval {
	n := float64(t.Games())
	s := t.Score()
	v := (float64(t.Wins)*sq(1-s) + float64(t.Draws)*sq(0.5-s) + float64(t.Losses)*sq(s)) / n
	return interval(s, math.Sqrt(v/n))
}

// PairCount is the number of pairs.
func (t Tally) PairCount() int {
	n := 0
	for _, c := range t.Pairs {
		n += c
	}
	return n
}

// Pentanomial is the Elo difference and its interval, each pair of games a
// sample; the games outside a whole pair are left out (none in a match of
// whole pairs).
func (t Tally) Pentanomial() Interval {
	m, v, n := t.pairStats(0)
	return interval(m, math.Sqrt(v/n))
}

// pairStats is the mean and variance of the pairs' mean scores, and their
// number, each empty class counted as eps pairs (0: none).
func (t Tally) pairStats(eps float64) (mean, variance, n float64) {
	var w [5]float64
	var sum float64
	for k, c := range t.Pairs {
		w[k] = float64(c)
		if c == 0 {
			w[k] = eps
		}
		n += w[k]
		sum += w[k] * float64(k) / 4
	}
	mean = sum / n
	for k := range w {
		variance += w[k] * sq(float64(k)/4-mean)
	}
	return mean, variance / n, n
}

func interval(s, se float64) Interval {
	return Interval{Elo: EloOf(s), Lo: EloOf(s - Z95*se), Hi: EloOf(s + Z95*se)}
}

func sq(x float64) float64 { return x * x }

// Verdict is what an SPRT concludes.
type Verdict uint8

const (
	Continue Verdict = iota // neither bound reached: more games are needed
	AcceptH0                // the difference is elo0 (or less)
	AcceptH1                // the difference is elo1 (or more)
)

func (v Verdict) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[v]
}

// SPRT is a test's state after some pairs of games.
type SPRT struct {
	Elo0, Elo1 float64
	LLR        float64
	Lower      float64 // log(β/(1−α))
	Upper      float64 // log((1−β)/α)
	Verdict    Verdict
}

// Bounds are the SPRT's bounds on the LLR for α and β.
func Bounds() (lower, upper float64) {
	return math.Log(Beta / (1 - Alpha)), math.Log((1 - Beta) / Alpha)
}

// Test runs the SPRT of elo0 against elo1 on the tally's pairs.
func (t Tally) Test(elo0, elo1 float64) SPRT {
	r := SPRT{Elo0: elo0, Elo1: elo1}
	r.Lower, r.Upper = Bounds()
	if _, v, _ := t.pairStats(0); t.PairCount() > 0 && v > 0 {
		mean, v, n := t.pairStats(1e-3)
		s0, s1 := ScoreOf(elo0), ScoreOf(elo1)
		r.LLR = n * (s1 - s0) * (2*mean - s0 - s1) / (2 * v)
	}
	switch {
	case t.PairCount() < MinSPRTPairs:
	case r.LLR >= r.Upper:
		r.Verdict = AcceptH1
	case r.LLR <= r.Lower:
		r.Verdict = AcceptH0
	}
	return r
}
