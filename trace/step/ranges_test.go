package step

import (
	"bytes"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// TestRangesInTheTree: with ShowRanges the player's tree gives each inner
// node its range as known at the step, as AIMA's Figure 5.5 does: after C's
// cutoff on the aima tree searched fail-soft, the root [3, +∞], B [3, 3]
// and C [−∞, 2]; at the end the root [3, 3]. Leaves carry none, and
// without ShowRanges no line carries one.
func TestRangesInTheTree(t *testing.T) {
	tr, _ := tree.Builtin("aima")
	data := traceOf(t, tr, "alphabeta:soft")
	rec := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(data), "trace", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	p, err := Open(bytes.NewReader(data), "trace")
	if err != nil {
		t.Fatal(err)
	}
	for {
		ok, err := p.Next()
		if err != nil || !ok {
			t.Fatalf("no cutoff step (%v)", err)
		}
		if p.State().Kind == trace.Cutoff {
			break
		}
	}
	if got := strings.Join(lines(p), "\n"); strings.Contains(got, "[") {
		t.Errorf("ranges without ShowRanges:\n%s", got)
	}
	p.ShowRanges(rec.Recording())
	got := strings.Join(lines(p), "\n")
	for _, want := range []string{"▲ root  (−∞, +∞)  best 3 · α 3  [3, +∞]", "▼ 1 = 3  [3, 3]", "▼ 2  (3, +∞)  closed: α 3 ≥ β 2 — cut  [−∞, 2]", "· 2.1 = 2\n"} {
		if !strings.Contains(got+"\n", want) {
			t.Errorf("the tree lacks %q:\n%s", want, got)
		}
	}
	if err := p.End(); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(lines(p), "\n"); !strings.Contains(got, "root = 3  [3, 3]") {
		t.Errorf("at the end:\n%s", got)
	}
}
