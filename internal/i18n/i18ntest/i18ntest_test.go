package i18ntest

import (
	"slices"
	"testing"
)

// TestDecimalCommas: a decimal comma (3,5) and a window with decimal edges
// ((0,5; 1,25)) read as the English numbers; a node's name keeps its
// points, and a list's comma (1, 2) is no decimal.
func TestDecimalCommas(t *testing.T) {
	en := "Leaf 1.2 = -3.5; window (0.5, 1.25), moves 1, 2, value ≤4.75 (−∞, 3)."
	ru := "Лист 1.2 = -3,5; окно (0,5; 1,25), ходы 1, 2, оценка ≤4,75 (−∞, 3)."
	if got := Prose(ru); got != "Лист 1.2 = -3.5; окно (0.5; 1.25), ходы 1, 2, оценка ≤4.75 (−∞, 3)." {
		t.Errorf("Prose(%q) = %q", ru, got)
	}
	if got, want := Tokens(ru), Tokens(en); !slices.Equal(got, want) {
		t.Errorf("Tokens: Russian %q, English %q", got, want)
	}
	want := []string{"3.5", "0.5", "1", "1.2", "1.25", "2", "3", "4.75", "−∞"}
	slices.Sort(want)
	if got := Numbers(ru); !slices.Equal(got, want) {
		t.Errorf("Numbers(%q) = %q, want %q", ru, got, want)
	}
	if got := Numbers(en); !slices.Equal(got, want) {
		t.Errorf("Numbers(%q) = %q, want %q", en, got, want)
	}
}
