package trace

import "github.com/prunescope/prunescope/internal/score"

// Format formats a raw value under the conventions of a run.
func (i *Info) Format(v int64) string {
	if i == nil {
		return score.Number(v, 1, 0)
	}
	return score.Number(v, i.Scale, i.Mate)
}

// Window formats an alpha-beta window as "(α, β)" with ±∞ where unbounded.
func (i *Info) Window(alpha, beta int64) string {
	return "(" + i.Format(alpha) + ", " + i.Format(beta) + ")"
}
