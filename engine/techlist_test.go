package engine

import (
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
)

// TestTechniqueListTranslated: the list of the selective techniques an
// error names is the flags' names in English, and as many in Russian and
// Czech.
func TestTechniqueListTranslated(t *testing.T) {
	en := techniqueList{}.Error()
	if en != i18n.For(i18n.En).T("engine.techniques") {
		t.Errorf("the catalog's English list %q is not the techniques' %q", i18n.For(i18n.En).T("engine.techniques"), en)
	}
	for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
		if got := (techniqueList{}).TranslateError(i18n.For(l)); strings.Count(got, ", ") != strings.Count(en, ", ") {
			t.Errorf("%s: %q names another number of techniques than %q", l, got, en)
		}
	}
}
