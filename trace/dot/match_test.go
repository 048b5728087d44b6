package dot

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// randomText is a string of pieces that the matchers look for, in any
// order, with a random letter case and junk between.
func randomText(rng *rand.Rand, pieces []string) string {
	s := ""
	for range rng.IntN(8) {
		p := pieces[rng.IntN(len(pieces))]
		if rng.IntN(4) == 0 {
			b := []byte(p)
			for i := range b {
				if b[i] >= 'a' && b[i] <= 'z' && rng.IntN(2) == 0 {
					b[i] -= 'a' - 'A'
				}
			}
			p = string(b)
		}
		s += p
	}
	return s
}

// The DOT statements' matchers are plain code (the WebAssembly engine
// leaves package regexp out): they find what the regular expressions they
// replace found.
func TestMatchersAreTheRegexps(t *testing.T) {
	pointRE := regexp.MustCompile(`(?i)point-size="([\d.]+)"`)
	sizeRE := regexp.MustCompile(`[\[ ,]fontsize=([\d.]+)`)
	edgeRE := regexp.MustCompile(`^\s*\S+ -> \S+ \[`)
	pieces := []string{`point-size="`, `"`, "12", ".5", "x", " ", ",", "[", "fontsize=", "=", "\t", "\n", "->", " -> ", " [", "a", "n1", "é", "\v", "point-size=12"}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		s := randomText(rng, pieces)
		if m := pointRE.FindStringSubmatch(s); true {
			got, ok := pointSize(s)
			if ok != (m != nil) || ok && got != m[1] {
				t.Fatalf("pointSize(%q) = %q, %v; the regexp finds %q", s, got, ok, m)
			}
		}
		if m := sizeRE.FindStringSubmatch(s); true {
			got, ok := statementSize(s)
			if ok != (m != nil) || ok && got != m[1] {
				t.Fatalf("statementSize(%q) = %q, %v; the regexp finds %q", s, got, ok, m)
			}
		}
		if got, want := isEdge(s), edgeRE.MatchString(s); got != want {
			t.Fatalf("isEdge(%q) = %v, the regexp says %v", s, got, want)
		}
	}
	for _, s := range []string{`  n1 -> n2 [label=<x>]`, `n1 -> n2 [`, "\tn1 -> n2 [", `n1 [label="->"]`, `n1 ->  n2 [`} {
		if got, want := isEdge(s), edgeRE.MatchString(s); got != want {
			t.Errorf("isEdge(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}
