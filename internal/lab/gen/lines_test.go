package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestDropLineTables builds the engine as gen does and checks what
// dropLineTables changes: every function's file and line tables are gone
// (offset 0, their bytes zero), its stack-pointer and pc-data tables are
// the same bytes at the same places, and nothing else in memory changes.
func TestDropLineTables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine for WebAssembly")
	}
	wasm := filepath.Join(t.TempDir(), "engine.wasm")
	cmd := exec.Command("go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "../wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	raw, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	if raw, err = mergeSegments(raw, mergeGap); err != nil {
		t.Fatal(err)
	}
	out, err := dropLineTables(raw)
	if err != nil {
		t.Fatal(err)
	}
	before, err := newMemory(raw)
	if err != nil {
		t.Fatal(err)
	}
	after, err := newMemory(out)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := findPCTables(before)
	if err != nil {
		t.Fatal(err)
	}
	ta, err := findPCTables(after)
	if err != nil {
		t.Fatal(err)
	}
	if len(tb.funcs) < 1000 || len(ta.funcs) != len(tb.funcs) {
		t.Fatalf("%d functions before, %d after", len(tb.funcs), len(ta.funcs))
	}
	withLines := 0
	for i, fb := range tb.funcs {
		fa := ta.funcs[i]
		if fa.pcfile != 0 || fa.pcln != 0 {
			t.Fatalf("function %d keeps a file or line table", i)
		}
		if fb.pcln != 0 {
			withLines++
		}
		for k, o := range append([]uint32{fb.pcsp}, fb.pcdata...) {
			oa := append([]uint32{fa.pcsp}, fa.pcdata...)[k]
			if o == 0 && oa == 0 {
				continue
			}
			n, err := pcTableLen(tb.pctab, o)
			if err != nil {
				t.Fatal(err)
			}
			if oa != o || !bytes.Equal(ta.pctab[o:o+n], tb.pctab[o:o+n]) {
				t.Fatalf("function %d: its table %d (pcsp or pc-data) changed", i, k)
			}
		}
	}
	if withLines < len(tb.funcs)/2 {
		t.Fatalf("only %d of %d functions had a line table before", withLines, len(tb.funcs))
	}
	// Only pctab's bytes and the records' two offsets change.
	changed, inPCTab := 0, 0
	pctabAt := int(tb.pctabAt)
	for k := range before.image {
		if before.image[k] == after.image[k] {
			continue
		}
		changed++
		if k >= pctabAt && k < pctabAt+len(tb.pctab) {
			inPCTab++
		}
	}
	if changed == 0 || changed-inPCTab > 8*len(tb.funcs) {
		t.Fatalf("%d bytes of memory changed, %d of them outside pctab", changed, changed-inPCTab)
	}
	if len(out) != len(raw) {
		t.Fatalf("the module's length changed: %d, was %d", len(out), len(raw))
	}
}
