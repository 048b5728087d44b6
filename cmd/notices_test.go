package cmd

import (
	"strings"
	"testing"
)

// TestNoticesNamePieces checks that version --notices carries the licence
// of the chess pieces the page embeds, beside the renderer's.
func TestNoticesNamePieces(t *testing.T) {
	r := run(t, "", "version", "--notices")
	for _, want := range []string{"Graphviz", "Colin M.L. Burnett", "GNU General Public License, version 2 or (at your option) any later"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("version --notices: exit %d, no %q", r.code, want)
		}
	}
}
