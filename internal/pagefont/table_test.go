//go:build !(js && wasm)

package pagefont

import (
	"bytes"
	"os"
	"testing"
)

// TestTableIsTheFonts checks that the table the WebAssembly engine measures
// text by (table.go) is that of the fonts now (go generate wrote it from
// them), and that it gives every character, ✂ and the aliases, the
// characters the fonts lack and those beyond the Basic Multilingual Plane
// the advance and extent the fonts give.
func TestTableIsTheFonts(t *testing.T) {
	src, err := TableSource()
	if err != nil {
		t.Fatal(err)
	}
	file, err := os.ReadFile("table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(src, file) {
		t.Fatal("table.go is not the fonts' table: run go generate ./internal/pagefont")
	}
	checked, missing := 0, 0
	for r := rune(0); r <= 0x10000; r++ {
		for _, bold := range []bool{false, true} {
			wa, wok := Advance(r, bold)
			ga, gok := tableAdvance(r, bold)
			if wa != ga || wok != gok {
				t.Fatalf("%U (bold %v): the table's advance is %v, %v; the font's %v, %v", r, bold, ga, gok, wa, wok)
			}
			s := string(r) + "x" // x: Extent leaves out spaces and control characters
			wu, wd := Extent(s, bold)
			gu, gd := tableExtent(s, bold)
			if wu != gu || wd != gd {
				t.Fatalf("%U (bold %v): the table's extent is %v, %v; the font's %v, %v", r, bold, gu, gd, wu, wd)
			}
			if !wok {
				missing++
			}
			checked++
		}
	}
	for _, s := range []string{"", " ", "\t", "✂", "◀▶◆", "😀 value 3", "α 5 · β ∞", "Ünïcödé ≤ ≥"} {
		for _, bold := range []bool{false, true} {
			wu, wd := Extent(s, bold)
			gu, gd := tableExtent(s, bold)
			if wu != gu || wd != gd {
				t.Errorf("Extent(%q, %v): the table's %v, %v; the font's %v, %v", s, bold, gu, gd, wu, wd)
			}
		}
	}
	if missing == 0 || missing == checked || len(tableRunes) < 600 {
		t.Fatalf("%d of %d checks on characters the fonts lack, %d characters in the table: not the whole range", missing, checked, len(tableRunes))
	}
}
