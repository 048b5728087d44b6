package pieces

import (
	"encoding/xml"
	"regexp"
	"strings"
	"testing"
)

// TestEveryPiece checks that each of the twelve pieces has a drawing that
// is well-formed SVG once put in an element of its own, with no script,
// link or style of its own, and that the two colours differ.
func TestEveryPiece(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < len(Letters); i++ {
		in := Inner(Letters[i])
		if in == "" {
			t.Fatalf("%c: no drawing", Letters[i])
		}
		for _, bad := range []string{"<svg", "<script", "href", "style=", "url("} {
			if strings.Contains(in, bad) {
				t.Errorf("%c: the drawing holds %q", Letters[i], bad)
			}
		}
		d := xml.NewDecoder(strings.NewReader(`<svg xmlns="http://www.w3.org/2000/svg">` + in + `</svg>`))
		for {
			_, err := d.Token()
			if err != nil {
				if err.Error() != "EOF" {
					t.Errorf("%c: %v", Letters[i], err)
				}
				break
			}
		}
		if seen[in] {
			t.Errorf("%c: the same drawing as another piece", Letters[i])
		}
		seen[in] = true
	}
	if Inner('x') != "" || Inner('1') != "" {
		t.Error("a letter that is no piece has a drawing")
	}
	if len(All()) != 12 {
		t.Errorf("All has %d pieces, want 12", len(All()))
	}
	if !strings.Contains(Notice, "Colin M.L. Burnett") || !strings.Contains(Notice, "GPL") {
		t.Error("the notice does not name the author and the licence")
	}
}

// withoutOuter takes off what `^\s*<svg[^>]*>|</svg>\s*$` took off (the
// WebAssembly engine leaves package regexp out).
func TestWithoutOuterIsTheRegexp(t *testing.T) {
	re := regexp.MustCompile(`^\s*<svg[^>]*>|</svg>\s*$`)
	for i := 0; i < len(Letters); i++ {
		b, err := files.ReadFile("cburnett/" + map[bool]string{true: "w", false: "b"}[Letters[i] < 'a'] + strings.ToUpper(Letters[i:i+1]) + ".svg")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{string(b), " \n" + string(b) + "\n\n", "<g/>", "<svg x='1'><g/></svg>", "<svg", "</svg>"} {
			if got, want := withoutOuter(s), re.ReplaceAllString(s, ""); got != want {
				t.Errorf("withoutOuter(%.40q…) = %.60q, the regexp gives %.60q", s, got, want)
			}
		}
	}
}
