package tikz

import (
	"flag"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// picture records s through the recorder's hooks and draws it with opt.
func picture(t *testing.T, s sinktest.Search, opt Options) []byte {
	t.Helper()
	b, _, err := Build(s.Record(t), opt)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGolden: the picture of each small search (sinktest.Searches) with the
// default options, against testdata/golden/NAME.tex.
func TestGolden(t *testing.T) {
	sinktest.Goldens(t, sinktest.Searches, ".tex", *update, func(t *testing.T, s sinktest.Search) []byte {
		return picture(t, s, Options{})
	})
}
