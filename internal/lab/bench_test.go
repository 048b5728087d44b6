package lab_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/internal/lab"
)

// BenchmarkSearch200 is the lab's search of the 200-node tree
// natively (a random tree of 259 nodes: prunescope tree random
// --branching 6 --depth 3 --seed 1): the search, its trace, the page's
// steps and drawing — what the engine does in the page's worker at every
// change (BenchmarkLab in internal/browser measures it there, with the
// drawing put in place).
func BenchmarkSearch200(b *testing.B) {
	var out, errOut bytes.Buffer
	if cmd.Main([]string{"tree", "random", "--branching", "6", "--depth", "3", "--seed", "1"}, strings.NewReader(""), &out, &errOut) != 0 {
		b.Fatal(errOut.String())
	}
	tree := out.String()
	for b.Loop() {
		if r := lab.Search(context.Background(), tree, []string{"--fail", "soft"}); r.Error != "" {
			b.Fatal(r.Error)
		}
	}
}
