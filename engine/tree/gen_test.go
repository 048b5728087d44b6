package tree

import (
	"fmt"
	"strings"
	"testing"
)

type generator func(b, d int, lo, hi int64, seed uint64) (*Tree, error)

var generators = []struct {
	name string
	gen  generator
}{{"random", Random}, {"ordered", Ordered}, {"worst", Worst}}

func TestGeneratorsDeterministic(t *testing.T) {
	for _, g := range generators {
		t.Run(g.name, func(t *testing.T) {
			a, err := g.gen(3, 4, -100, 100, 7)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := g.gen(3, 4, -100, 100, 7)
			c, _ := g.gen(3, 4, -100, 100, 8)
			if !Equal(a, b) {
				t.Errorf("same seed, different trees: %s", Diff(a, b))
			}
			if Equal(a, c) {
				t.Errorf("seeds 7 and 8 give the same tree %s", Format(a))
			}
			if want := fmt.Sprintf("%s b=3 d=4 min=-100 max=100 seed=7", g.name); a.Source != want {
				t.Errorf("Source = %q, want %q", a.Source, want)
			}
		})
	}
}

// TestGeneratorsShape checks the shape, the range and, for the ordered trees,
// that the leaf values are distinct.
func TestGeneratorsShape(t *testing.T) {
	shapes := []struct {
		b, d   int
		lo, hi int64
	}{
		{1, 0, 5, 5}, {1, 3, 0, 10}, {2, 1, -1, 0}, {3, 4, -100, 100}, {4, 3, 0, 63}, {5, 2, -1000000000, 1000000000},
	}
	for _, g := range generators {
		for _, s := range shapes {
			t.Run(fmt.Sprintf("%s b=%d d=%d", g.name, s.b, s.d), func(t *testing.T) {
				tr, err := g.gen(s.b, s.d, s.lo, s.hi, 1)
				if err != nil {
					t.Fatal(err)
				}
				if tr.Scale != 1 || tr.RootMin {
					t.Errorf("scale %d, root min %v; want 1, false", tr.Scale, tr.RootMin)
				}
				seen := map[int64]bool{}
				var check func(n *Node, depth int, path string)
				check = func(n *Node, depth int, path string) {
					if n.Path() != path {
						t.Errorf("node at %q has path %q", path, n.Path())
					}
					if depth == s.d {
						if !n.Leaf || len(n.Children) != 0 {
							t.Fatalf("node %s at depth %d is not a leaf", path, depth)
						}
						if n.Value < s.lo || n.Value > s.hi {
							t.Errorf("leaf %s = %d outside [%d, %d]", path, n.Value, s.lo, s.hi)
						}
						if g.name != "random" && seen[n.Value] {
							t.Errorf("leaf value %d appears twice", n.Value)
						}
						seen[n.Value] = true
						return
					}
					if n.Leaf || len(n.Children) != s.b {
						t.Fatalf("node %q at depth %d: leaf %v, %d children; want %d", path, depth, n.Leaf, len(n.Children), s.b)
					}
					for i, c := range n.Children {
						p := fmt.Sprint(i + 1)
						if path != "" {
							p = path + "." + p
						}
						check(c, depth+1, p)
					}
				}
				check(tr.Root, 0, "")
			})
		}
	}
}

// TestRandomUsesTheRange checks that random values spread over the range,
// both ends included.
func TestRandomUsesTheRange(t *testing.T) {
	tr, err := Random(4, 4, -2, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int64]int{}
	walk(tr.Root, func(n *Node) {
		if n.Leaf {
			seen[n.Value]++
		}
	})
	for v := int64(-2); v <= 2; v++ {
		if seen[v] == 0 {
			t.Errorf("value %d never drawn in 256 leaves: %v", v, seen)
		}
	}
}

// minimax computes the value of n from MAX's point of view.
func minimax(n *Node, max bool) int64 {
	if n.Leaf {
		return n.Value
	}
	best := minimax(n.Children[0], !max)
	for _, c := range n.Children[1:] {
		v := minimax(c, !max)
		if (max && v > best) || (!max && v < best) {
			best = v
		}
	}
	return best
}

// TestOrdering checks that the children of every inner node run from best to
// worst (Ordered) or worst to best (Worst) for the side to move.
func TestOrdering(t *testing.T) {
	for _, tc := range []struct {
		name      string
		gen       generator
		bestFirst bool
	}{{"ordered", Ordered, true}, {"worst", Worst, false}} {
		for seed := uint64(1); seed <= 5; seed++ {
			tr, err := tc.gen(3, 5, -1000, 1000, seed)
			if err != nil {
				t.Fatal(err)
			}
			var check func(n *Node, max bool)
			check = func(n *Node, max bool) {
				if n.Leaf {
					return
				}
				for i := 1; i < len(n.Children); i++ {
					a, b := minimax(n.Children[i-1], !max), minimax(n.Children[i], !max)
					better := (max && a > b) || (!max && a < b)
					if better != tc.bestFirst {
						t.Errorf("%s seed %d: node %s (max=%v): child %d = %d, child %d = %d", tc.name, seed, n.Label(), max, i, a, i+1, b)
					}
				}
				for _, c := range n.Children {
					check(c, !max)
				}
			}
			check(tr.Root, true)
		}
	}
}

func TestGeneratorErrors(t *testing.T) {
	tests := []struct {
		gen    generator
		b, d   int
		lo, hi int64
		want   string
	}{
		{Random, 0, 3, 0, 9, "branching 0: must be between 1 and 20"},
		{Random, 21, 3, 0, 9, "branching 21: must be between 1 and 20"},
		{Random, 2, -1, 0, 9, "depth -1: must be between 0 and 12"},
		{Random, 2, 13, 0, 9, "depth 13: must be between 0 and 12"},
		{Random, 2, 3, 5, 4, "min 5 is greater than max 4"},
		{Random, 2, 3, -1000000001, 4, "min -1000000001: must be between -1000000000 and 1000000000"},
		{Random, 2, 3, 0, 1000000001, "max 1000000001: must be between -1000000000 and 1000000000"},
		{Random, 20, 5, 0, 9, "branching 20 and depth 5 make 3368421 nodes: at most 1000000 are allowed"},
		{Ordered, 3, 3, 1, 10, "min 1 and max 10 allow 10 distinct values but branching 3 and depth 3 need 27 distinct leaf values: make max-min+1 at least 27 (e.g. max 27)"},
		{Worst, 2, 2, 0, 2, "min 0 and max 2 allow 3 distinct values but branching 2 and depth 2 need 4 distinct leaf values: make max-min+1 at least 4 (e.g. max 3)"},
	}
	for _, tc := range tests {
		tr, err := tc.gen(tc.b, tc.d, tc.lo, tc.hi, 1)
		if err == nil {
			t.Errorf("(%d, %d, %d, %d) = %s, want error %q", tc.b, tc.d, tc.lo, tc.hi, Format(tr), tc.want)
			continue
		}
		if err.Error() != tc.want || strings.Contains(err.Error(), "\n") {
			t.Errorf("(%d, %d, %d, %d) error:\n got %s\nwant %s", tc.b, tc.d, tc.lo, tc.hi, err, tc.want)
		}
	}
	// The exact range is enough, and the largest tree allowed can be built.
	if _, err := Ordered(3, 3, 1, 27, 1); err != nil {
		t.Errorf("Ordered with an exact range: %v", err)
	}
	if _, err := Random(2, 12, 0, 9, 1); err != nil {
		t.Errorf("Random(2, 12): %v", err)
	}
}
