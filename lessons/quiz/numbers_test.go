package quiz

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// The answers' readers are plain code (the lab's WebAssembly engine leaves
// package regexp out): they do what the regular expressions they replace
// did, on random text.
func TestNumberReadersAreTheRegexps(t *testing.T) {
	slashes := regexp.MustCompile(`\s*/\s*`)
	exact := regexp.MustCompile(`^[+-]?(?:[0-9]{1,19}(?:\.[0-9]{1,19})?|[0-9]{1,19}/[0-9]{1,19})$`)
	pieces := []string{"0", "7", "123456789", "1234567890", ".", "/", " / ", " ", "\t", "+", "-", "e", "\v", "½"}
	rng := rand.New(rand.NewPCG(9, 10))
	for range 50000 {
		s := ""
		for range rng.IntN(7) {
			s += pieces[rng.IntN(len(pieces))]
		}
		if got, want := closeSlashes(s), slashes.ReplaceAllString(s, "/"); got != want {
			t.Fatalf("closeSlashes(%q) = %q, the regexp gives %q", s, got, want)
		}
		if got, want := isExact(s), exact.MatchString(s); got != want {
			t.Fatalf("isExact(%q) = %v, the regexp says %v", s, got, want)
		}
	}
	for _, s := range []string{"3", "-2.5", "15/2", "+7/3", "1234567890123456789", "12345678901234567890", "1.", ".5", "--1", "1/2/3", "1.2.3"} {
		if got, want := isExact(s), exact.MatchString(s); got != want {
			t.Errorf("isExact(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}
