package lab

import (
	"encoding/json"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
)

// TestFlagHelpInEveryLanguage: every setting the lab lists has its help in
// Russian and Czech in the page (the commands' own translation of search's
// flag), so that the settings' list has no English in either.
func TestFlagHelpInEveryLanguage(t *testing.T) {
	var help map[string]map[string]string
	if err := json.Unmarshal([]byte(flagHelp()), &help); err != nil {
		t.Fatal(err)
	}
	flags := settingsFlags()
	if len(flags) < 40 {
		t.Fatalf("the lab lists %d settings", len(flags))
	}
	for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
		for _, f := range flags {
			s, ok := help[string(l)][f.Name]
			if !ok || s == "" || s == f.Usage {
				t.Errorf("%s: --%s has no help of its own in the page (%q)", l, f.Name, s)
			}
		}
	}
}
