package page

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// colour reads X11's grayN without a regular expression (the WebAssembly
// engine leaves package regexp out): it takes what `^gr[ae]y(\d+)$` takes.
func TestGrayNIsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`^gr[ae]y(\d+)$`)
	pieces := []string{"gray", "grey", "grA", "y", "0", "7", "100", "x", " ", "٣", "+"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		s := ""
		for range rng.IntN(5) {
			s += pieces[rng.IntN(len(pieces))]
		}
		m := re.FindStringSubmatch(s)
		got, ok := grayN(s)
		if ok != (m != nil) || ok && got != m[1] {
			t.Fatalf("grayN(%q) = %q, %v; the regexp finds %q", s, got, ok, m)
		}
	}
	for c, want := range map[string]string{"gray50": "#7f7f7f", "grey100": "#ffffff", "gray0": "#000000", "gray": "gray", "grey7x": "grey7x", "": ""} {
		if got := colour(c); got != want {
			t.Errorf("colour(%q) = %q, want %q", c, got, want)
		}
	}
}
