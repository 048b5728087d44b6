package scene

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The placeholders are recognised without regular expressions (the
// WebAssembly engine leaves package regexp out), as `^0+$` and
// `^\(0+, 0+\)$` recognised them.
func TestPlaceholdersAreTheRegexps(t *testing.T) {
	value, window := regexp.MustCompile(`^0+$`), regexp.MustCompile(`^\(0+, 0+\)$`)
	pieces := []string{"0", "00", "(", ")", ", ", ",", " ", "1", "O"}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20000 {
		s := ""
		for range rng.IntN(7) {
			s += pieces[rng.IntN(len(pieces))]
		}
		if got, want := IsPageValue(s), value.MatchString(s); got != want {
			t.Fatalf("IsPageValue(%q) = %v, the regexp says %v", s, got, want)
		}
		if got, want := IsPageWindow(s), window.MatchString(s); got != want {
			t.Fatalf("IsPageWindow(%q) = %v, the regexp says %v", s, got, want)
		}
	}
	for _, w := range [][3]int{{0, 0, 0}, {3, 2, 7}, {1, 1, 1}} {
		if !IsPageValue(PageValue(w)) || !IsPageWindow(PageWindow(w)) {
			t.Errorf("widths %v: the placeholders are not recognised", w)
		}
	}
}
