package engine

import (
	"testing"
	"unsafe"

	"github.com/prunescope/prunescope/internal/score"
)

// TestTableEntrySize: the table's size in megabytes is counted with
// entrySize.
func TestTableEntrySize(t *testing.T) {
	if got := unsafe.Sizeof(ttEntry{}); got != entrySize {
		t.Fatalf("an entry is %d bytes, entrySize says %d", got, entrySize)
	}
}

// TestRenewedTableIsEmpty: a table renewed for another search holds none of
// the entries written before, in any generation, also when the
// generations wrap around; and it keeps what its own search writes.
func TestRenewedTableIsEmpty(t *testing.T) {
	tb := newTable(1, 64)
	for _, gen := range []uint16{1, 2, 1<<16 - 2, 1<<16 - 1} {
		tb.gen = gen
		for key := uint64(0); key < 64; key += 3 {
			tb.store(key, 5, int64(key), score.Exact, Move(key), true)
		}
		tb.renew()
		for key := uint64(0); key < 64; key++ {
			if e, ok := tb.probe(key); ok {
				t.Fatalf("generation %d renewed (now %d): key %d still holds %+v", gen, tb.gen, key, e)
			}
		}
		if !tb.store(9, 1, 4, score.Lower, 2, true) {
			t.Fatalf("generation %d: a shallower entry did not replace the last generation's", tb.gen)
		}
		if e, ok := tb.probe(9); !ok || e.value != 4 || e.depth != 1 {
			t.Fatalf("generation %d: key 9 holds %+v, %v", tb.gen, e, ok)
		}
	}
	if tb.gen != 1 {
		t.Fatalf("after generation 65,535 the table is at generation %d, not 1", tb.gen)
	}
}
