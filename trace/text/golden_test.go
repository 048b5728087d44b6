package text

import (
	"bytes"
	"flag"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// render writes the text trace of s as the search runs.
func render(t *testing.T, s sinktest.Search, sc Scheme, opt Options) []byte {
	var buf bytes.Buffer
	sink := New(&buf, sc, opt)
	s.Run(t, sink.Hooks())
	if err := sink.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestGolden: the text trace of each small search (sinktest.Searches), in
// plain text, against testdata/golden/NAME.txt.
func TestGolden(t *testing.T) {
	sinktest.Goldens(t, sinktest.Searches, ".txt", *update, func(t *testing.T, s sinktest.Search) []byte {
		return render(t, s, Plain(), Options{})
	})
}

// TestGoldenOptions: the options that change the text: lines below a ply
// hidden, and colour.
func TestGoldenOptions(t *testing.T) {
	maxPly := sinktest.Search{Name: "wikipedia-maxply2", Tree: "wikipedia", Spec: "alphabeta"}
	sinktest.Goldens(t, []sinktest.Search{maxPly}, ".txt", *update, func(t *testing.T, s sinktest.Search) []byte {
		return render(t, s, Plain(), Options{MaxPly: 2})
	})
	color := sinktest.Search{Name: "aima-color", Tree: "aima", Spec: "alphabeta"}
	sinktest.Goldens(t, []sinktest.Search{color}, ".txt", *update, func(t *testing.T, s sinktest.Search) []byte {
		return render(t, s, Colored(), Options{})
	})
}
