package step

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/text"
)

// TestIIDCutForgotten: node 2's shallower search (internal iterative
// deepening) cuts, its search at full depth does not; at the end the
// stepper marks the first visit of 2 cut, and the second, the node's own
// search, not.
func TestIIDCutForgotten(t *testing.T) {
	tr, err := tree.Parse("t", "(((5 5)[eval=5] (5 5)[eval=5])[eval=5] ((9 9)[eval=1] (9 9)[eval=9])[eval=9])[eval=5]")
	if err != nil {
		t.Fatal(err)
	}
	opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{})}
	opt.Sel.IID = engine.IID{On: true, Depth: 2, Reduction: 1}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 3}, opt, w.Hooks()); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	// While stepping (the live state) and at the end (the recording).
	p := open(t, buf.Bytes())
	seen := false
	for {
		ok, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		for _, l := range Screen(p, text.Plain(), 200, 200, "") {
			if strings.Contains(l, "▼ 2 = 9") {
				seen = true
				if strings.Contains(l, "✂") {
					t.Fatalf("the second visit of 2 is marked cut: %q", l)
				}
			}
		}
	}
	if !seen {
		t.Fatal("the second visit of 2 never returned 9")
	}
	var twos []string
	for _, l := range Screen(p, text.Plain(), 200, 200, "") {
		if strings.Contains(l, "▼ 2 ") {
			twos = append(twos, l)
		}
	}
	if len(twos) != 2 || !strings.Contains(twos[0], "✂") || strings.Contains(twos[1], "✂") {
		t.Errorf("the visits of node 2: %q; want the first cut (the root's shallower search) and the second not", twos)
	}
}
