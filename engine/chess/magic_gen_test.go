package chess

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var updateMagics = flag.Bool("magics.update", false, "rewrite magics.go from the magic search")

// Seeds of the magic search that produced magics.go.
const (
	rookMagicSeed   = 1
	bishopMagicSeed = 2
)

// TestMagicsMatchSearch proves the magic numbers in magics.go are what our
// own search finds, and that every one of them indexes without a harmful
// collision. With -magics.update it rewrites magics.go.
func TestMagicsMatchSearch(t *testing.T) {
	rook := magicSearch(rookDirs, rookMagicSeed)
	bishop := magicSearch(bishopDirs, bishopMagicSeed)
	if *updateMagics {
		var sb strings.Builder
		sb.WriteString("// Magic numbers for the sliding attack tables, as found by magicSearch\n")
		sb.WriteString("// (attacks.go) from the seeds in magic_gen_test.go. Regenerate with\n")
		sb.WriteString("// go test -run TestMagicsMatchSearch -magics.update ./engine/chess/\n\npackage chess\n\n")
		for _, tab := range []struct {
			name string
			m    [64]uint64
		}{{"rookMagicNumbers", rook}, {"bishopMagicNumbers", bishop}} {
			fmt.Fprintf(&sb, "var %s = [64]uint64{\n", tab.name)
			for i := 0; i < 64; i += 4 {
				fmt.Fprintf(&sb, "\t%#016x, %#016x, %#016x, %#016x,\n", tab.m[i], tab.m[i+1], tab.m[i+2], tab.m[i+3])
			}
			sb.WriteString("}\n\n")
		}
		if err := os.WriteFile("magics.go", []byte(strings.TrimSuffix(sb.String(), "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if rook != rookMagicNumbers || bishop != bishopMagicNumbers {
		t.Fatal("magics.go differs from what magicSearch finds; run with -magics.update")
	}
}

// TestSliderTables compares the magic lookups with the slow ray walk on
// random occupancies.
func TestSliderTables(t *testing.T) {
	ensureTables()
	r := splitMix{state: 42}
	for i := 0; i < 20000; i++ {
		occ := Bitboard(r.next() & r.next())
		s := Square(r.next() % 64)
		if got, want := rookAttacks(s, occ), slowSliderAttacks(s, occ, rookDirs); got != want {
			t.Fatalf("rook on %s, occ %#x: got %#x want %#x", s, occ, got, want)
		}
		if got, want := bishopAttacks(s, occ), slowSliderAttacks(s, occ, bishopDirs); got != want {
			t.Fatalf("bishop on %s, occ %#x: got %#x want %#x", s, occ, got, want)
		}
	}
}
