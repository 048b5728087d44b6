package lab_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
)

// TestLabLateMoves: the lab's settings list (the flags call) offers late
// move reductions and pruning with their parameters and defaults, as search
// --help does, and a search of the lmr tree with them shows the reduction,
// the re-search and the pruned moves in its summary (issue 21).
func TestLabLateMoves(t *testing.T) {
	var flags []struct{ Name, Kind, Default string }
	if err := json.Unmarshal(lab.Call(context.Background(), "flags", []byte("{}")), &flags); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"lmr": "false", "lmr-min-depth": "3", "lmr-min-moves": "3", "lmr-base": "0.75",
		"lmr-divisor": "2.25", "lmp": "false", "lmp-depth": "3", "lmp-counts": ""}
	for _, f := range flags {
		if d, ok := want[f.Name]; ok {
			if f.Default != d {
				t.Errorf("--%s: default %q, want %q", f.Name, f.Default, d)
			}
			delete(want, f.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("the lab's settings lack %v", want)
	}
	tr, _ := tree.Builtin("lmr")
	r := lab.Search(context.Background(), tree.Format(tr), []string{"--algo", "alphabeta+lmr+lmp", "--lmp-counts", "1,1"})
	if r.Error != "" {
		t.Fatal(r.Error)
	}
	sum := strings.Join(r.Summary, "\n")
	for _, w := range []string{"best move 5", "reduce 2", "research 1", "late move prunes"} {
		if !strings.Contains(sum, w) {
			t.Errorf("the summary does not say %q:\n%s", w, sum)
		}
	}
	if r := lab.Search(context.Background(), tree.Format(tr), []string{"--lmp", "--lmp-counts", "0"}); !strings.Contains(r.Error, "--lmp-counts") {
		t.Errorf("--lmp-counts 0: %q, want the flag named", r.Error)
	}
}
