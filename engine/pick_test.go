package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestPickIsStableSort: picking the best move left one at a time, then
// sorting the rest at any point, leaves the moves in the order a stable sort
// of their scores makes, ties in their first order.
func TestPickIsStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		n := r.IntN(40)
		moves := make([]Move, n)
		scores := make([]int32, n)
		for i := range moves {
			moves[i], scores[i] = Move(i), int32(r.IntN(6))
		}
		want := slices.Clone(moves)
		slices.SortStableFunc(want, func(a, b Move) int { return int(scores[b] - scores[a]) })
		got, gs := slices.Clone(moves), slices.Clone(scores)
		b := 0
		for i, sc := range gs {
			if sc > gs[b] {
				b = i
			}
		}
		if n > 0 {
			toFront(got, gs, b)
		}
		stop := r.IntN(n + 1)
		for i := 1; i < stop; i++ {
			pick(got, gs, i)
		}
		sortFrom(got, gs, max(stop, 1))
		if !slices.Equal(got, want) {
			t.Fatalf("scores %v: picked %v, stable sort %v", scores, got, want)
		}
	}
}
