package match

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// TestReportLanguages: the report in Russian and Czech says what the
// English one says, with the same numbers (decimal commas read back as
// points) and no English word of its own, for each line it may have: an
// interrupted match, one the SPRT ended, each ending, each verdict, an
// interval and none.
func TestReportLanguages(t *testing.T) {
	games := func(endings ...Ending) []*Game {
		var out []*Game
		for i, e := range endings {
			out = append(out, &Game{Round: i + 1, Opening: Opening{Name: []string{"Ruy Lopez", "Sicilian"}[i/2%2]}, Ending: e})
		}
		return out
	}
	results := []*Result{
		{Games: games(Checkmate, Stalemate, Repetition, FiftyMoves), Tally: Tally{Wins: 2, Draws: 1, Losses: 1, Pairs: [5]int{0, 0, 1, 1, 0}}, Planned: 20, Interrupted: true},
		{Games: games(DeadPosition, MoveCap), Tally: Tally{Draws: 2, Pairs: [5]int{0, 0, 1, 0, 0}}, Planned: 40,
			SPRT: &SPRT{Elo0: 0, Elo1: 2.5, LLR: 3.01, Lower: -2.94, Upper: 2.94, Verdict: AcceptH1}},
		{Games: games(Checkmate, Checkmate), Tally: Tally{Losses: 2, Pairs: [5]int{1, 0, 0, 0, 0}}, Planned: 2,
			SPRT: &SPRT{Elo0: -5, Elo1: 5, LLR: -0.5, Lower: -2.94, Upper: 2.94}},
		{Games: games(Checkmate, Checkmate), Tally: Tally{Losses: 1, Wins: 1, Pairs: [5]int{0, 0, 1, 0, 0}}, Planned: 2,
			SPRT: &SPRT{LLR: -3, Lower: -2.94, Upper: 2.94, Verdict: AcceptH0}},
	}
	english := regexp.MustCompile(`(?i)\b(games?|openings?|each|with|both|colours|nodes|per|move|interrupted|after|of|the|planned|ended|match|wins?|draws?|loss|losses|score|difference|pentanomial|trinomial|sample|pairs?|scored|same|variance|more|needed|endings|checkmate|stalemate|threefold|repetition|rule|insufficient|material|cap|bounds|accepted|continue)\b`)
	for _, r := range results {
		var en strings.Builder
		if err := WriteReport(&en, r, ReportInfo{Names: [2]string{"alphabeta+tt", "pvs+tt"}, Limits: "300 nodes per move"}); err != nil {
			t.Fatal(err)
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			var got strings.Builder
			WriteReport(&got, r, ReportInfo{Names: [2]string{"alphabeta+tt", "pvs+tt"}, Limits: "300", Lang: l})
			for _, line := range strings.Split(got.String(), "\n") {
				if w := english.FindString(line); w != "" {
					t.Errorf("%s: %q left in English in %q", l, w, line)
				}
			}
			if n, want := i18ntest.Numbers(got.String()), i18ntest.Numbers(en.String()); !slices.Equal(n, want) {
				t.Errorf("%s: numbers %v, English's %v\n%s\n%s", l, n, want, got.String(), en.String())
			}
			if strings.Count(got.String(), "\n") != strings.Count(en.String(), "\n") {
				t.Errorf("%s: %d lines, English %d", l, strings.Count(got.String(), "\n"), strings.Count(en.String(), "\n"))
			}
		}
	}
}
