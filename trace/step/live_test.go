package step

import (
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// TestLiveText: the label beside an open node's window says what is live,
// from the frame's numbers: the best so far and the bound that moves, the
// closed window at a cut (≥ under the cut on ties, > under the strict rule),
// a chance cut's average; nothing before a move has returned.
func TestLiveText(t *testing.T) {
	ge := &trace.Info{Scale: 1, Cutoff: "ge"}
	gt := &trace.Info{Scale: 1, Cutoff: "gt"}
	inf := score.Inf
	for _, c := range []struct {
		in   *trace.Info
		f    Frame
		want string
	}{
		{ge, Frame{Max: true, HasWindow: true, Alpha: -inf, Beta: inf}, ""},
		{ge, Frame{Max: true, HasWindow: true, Alpha: -inf, Beta: inf, HasBest: true, Best: 5}, "best 5 · α 5"},
		{ge, Frame{Max: true, HasWindow: true, Alpha: 7, Beta: inf, HasBest: true, Best: 5}, "best 5 · α 7"},
		{ge, Frame{HasWindow: true, Alpha: 3, Beta: inf, HasBest: true, Best: 4}, "best 4 · β 4"},
		{ge, Frame{HasWindow: true, Alpha: 3, Beta: inf, HasBest: true, Best: 2}, "closed: α 3 ≥ β 2 — cut"},
		{ge, Frame{HasWindow: true, Alpha: 3, Beta: inf, HasBest: true, Best: 3}, "closed: α 3 ≥ β 3 — cut"},
		{gt, Frame{HasWindow: true, Alpha: 3, Beta: inf, HasBest: true, Best: 3}, "best 3 · β 3"},
		{gt, Frame{HasWindow: true, Alpha: 3, Beta: inf, HasBest: true, Best: 2}, "closed: α 3 > β 2 — cut"},
		{ge, Frame{Max: true, HasWindow: true, Alpha: 2, Beta: 4, HasBest: true, Best: 6}, "closed: α 6 ≥ β 4 — cut"},
		{ge, Frame{Max: true, HasBest: true, Best: 6}, "best 6"},
		{ge, Frame{Chance: true, HasWindow: true, Alpha: 3, Beta: inf, chance: &chanceCut{lower: -2, upper: 1, atAlpha: true, alpha: 3, beta: inf}}, "closed: average ≤ 1 ≤ α 3 — cut"},
		{ge, Frame{Chance: true, HasWindow: true, Alpha: -inf, Beta: 0, chance: &chanceCut{lower: 1, upper: 2, alpha: -inf, beta: 0}}, "closed: average ≥ 1 ≥ β 0 — cut"},
	} {
		if got := c.f.Live(c.in).Text(c.in); got != c.want {
			t.Errorf("%+v under %s: %q, want %q", c.f, c.in.Cutoff, got, c.want)
		}
	}
}
