package text

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden: the text trace of each small search (sinktest.Searches), in
// plain text, written as the search runs, against testdata/golden/NAME.txt.
func TestGolden(t *testing.T) {
	for _, s := range sinktest.Searches {
		t.Run(s.Name, func(t *testing.T) {
			var buf bytes.Buffer
			sink := New(&buf, Plain(), Options{})
			s.Run(t, sink.Hooks())
			if err := sink.Flush(); err != nil {
				t.Fatal(err)
			}
			sinktest.Golden(t, filepath.Join("testdata", "golden", s.Name+".txt"), buf.Bytes(), *update)
		})
	}
}

// TestGoldenOptions: the options that change the text, on one search each:
// lines below a ply hidden, and colour.
func TestGoldenOptions(t *testing.T) {
	for _, c := range []struct {
		name   string
		search sinktest.Search
		sc     Scheme
		opt    Options
	}{
		{"wikipedia-maxply2", sinktest.Search{Name: "wikipedia", Tree: "wikipedia", Spec: "alphabeta"}, Plain(), Options{MaxPly: 2}},
		{"aima-color", sinktest.Search{Name: "aima", Tree: "aima", Spec: "alphabeta"}, Colored(), Options{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			sink := New(&buf, c.sc, c.opt)
			c.search.Run(t, sink.Hooks())
			if err := sink.Flush(); err != nil {
				t.Fatal(err)
			}
			sinktest.Golden(t, filepath.Join("testdata", "golden", c.name+".txt"), buf.Bytes(), *update)
		})
	}
}
