package quiz

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
)

// checkBytes is what making a quiz on tr and checking a wrong answer to it
// allocates: a never list that sends the checker through every mistaken
// search it knows, one per node for a window not passed on.
func checkBytes(t *testing.T, tr *tree.Tree, algo string) uint64 {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	q, err := New(context.Background(), Spec{Tree: tr, Opt: spec(t, algo)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.Check(context.Background(), mustParse(t, q, "value 0; best 1; never none")); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestCheckMemoryIsLinear: checking an answer costs memory in proportion
// to the tree. The mistaken searches share the key's search instead of
// copying the tree, and are kept only when they give the answer: a tree
// nine times larger costs at most about nine times more, not thirty or eighty (29,524 nodes
// took 1.24 GB when each copied the tree).
func TestCheckMemoryIsLinear(t *testing.T) {
	small, large := 5, 7 // 364 and 3,280 nodes
	if testing.Short() {
		small, large = 4, 6
	}
	for _, algo := range []string{"alphabeta", "alphabeta:soft:gt", "branch-bound"} {
		var bytes [2]uint64
		for i, d := range []int{small, large} {
			tr, err := tree.Random(3, d, -9, 9, 11)
			if err != nil {
				t.Fatal(err)
			}
			bytes[i] = checkBytes(t, tr, algo)
		}
		ratio := float64(bytes[1]) / float64(bytes[0])
		t.Logf("%s: %d and %d bytes, %.1f times", algo, bytes[0], bytes[1], ratio)
		if ratio > 14 {
			t.Errorf("%s: a tree 9 times larger costs %.1f times the memory to check (%d and %d bytes): not linear", algo, ratio, bytes[0], bytes[1])
		}
	}
}

// TestMaxNodes: a given tree whose search reaches more than MaxNodes nodes
// is refused before anything is made of it, naming --tree; a horizon that
// keeps the search within them lets the same tree in.
func TestMaxNodes(t *testing.T) {
	// A root and 200,000 leaves; then 500 nodes of 500 leaves each below
	// the root (250,501 nodes), searched to them only.
	wide, err := tree.Parse("wide", "("+strings.Repeat("0 ", MaxNodes)+")")
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(context.Background(), Spec{Tree: wide, Opt: spec(t, "alphabeta")})
	var qe *Error
	if !errorAs(err, &qe) || qe.Where != "--tree" || !strings.Contains(qe.Msg, "a search of 1 plies reaches 200001 nodes of the tree: a quiz takes at most 200000") {
		t.Errorf("a root and 200,000 leaves: %v", err)
	}
	if testing.Short() {
		return
	}
	deep, err := tree.Parse("deep", "("+strings.Repeat("("+strings.TrimSpace(strings.Repeat("1 ", 500))+")[eval=1] ", 500)+")")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sizeFits(deep, 0); err == nil || !strings.Contains(err.Error(), "a search of 2 plies reaches 250501 nodes") {
		t.Errorf("250,501 nodes: %v", err)
	}
	if perPly, err := sizeFits(deep, 1); err != nil || reached(perPly, 1) != 501 {
		t.Errorf("250,501 nodes searched one ply: %v %v", perPly, err)
	}
}
