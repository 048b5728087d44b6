package pieces

import (
	"encoding/xml"
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
