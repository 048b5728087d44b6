package tree

import (
	"slices"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// TestBuiltinSourceIn: every built-in tree's source in English is
// BuiltinSource's, and in Russian and Czech another text with the same
// numbers (a figure's, a reduction's).
func TestBuiltinSourceIn(t *testing.T) {
	for _, name := range BuiltinNames() {
		en := BuiltinSourceIn(i18n.For(i18n.En), name)
		if en != BuiltinSource(name) {
			t.Errorf("%s: English %q, BuiltinSource %q", name, en, BuiltinSource(name))
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got := BuiltinSourceIn(i18n.For(l), name)
			if got == "" || got == en {
				t.Errorf("%s %s: %q, not translated", l, name, got)
			}
			if n, want := i18ntest.Numbers(got), i18ntest.Numbers(en); !slices.Equal(n, want) {
				t.Errorf("%s %s: numbers %v, English's %v: %s", l, name, n, want, got)
			}
		}
	}
	if got := BuiltinSourceIn(i18n.For(i18n.Ru), "nosuch"); got != "" {
		t.Errorf("nosuch: %q", got)
	}
}
