package chess

import (
	"slices"
	"testing"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
)

// TestBuiltinDescriptionIn: every built-in position's description in
// English is Description, and in Russian and Czech another text with the
// same numbers, moves and test names.
func TestBuiltinDescriptionIn(t *testing.T) {
	for _, b := range Builtins() {
		en := b.DescriptionIn(i18n.For(i18n.En))
		if en != b.Description {
			t.Errorf("%s: English %q, Description %q", b.Name, en, b.Description)
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got := b.DescriptionIn(i18n.For(l))
			if got == "" || got == en {
				t.Errorf("%s %s: %q, not translated", l, b.Name, got)
			}
			if n, want := i18ntest.Tokens(got), i18ntest.Tokens(en); !sameSet(n, want) {
				t.Errorf("%s %s: numbers and moves %v, English's %v: %s", l, b.Name, n, want, got)
			}
		}
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
