package render

import (
	"bytes"
	"context"
	"os"
	"testing"

	graphviz "github.com/prunescope/prunescope/internal/gographviz"
)

// TestBuiltinMemoryBounded: go-graphviz leaks some WebAssembly memory at
// every drawing; past GraphvizMemoryLimit the module is made anew, so that
// any number of drawings (step --frames) stays in bounded memory, and the
// drawings after a restart are the same as before it.
func TestBuiltinMemoryBounded(t *testing.T) {
	ctx := context.Background()
	src := []byte(sampleDOT)
	wantSVG, err := Render(ctx, src, SVG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	wantPNG, err := Render(ctx, src, PNG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	gvMu.Lock()
	before := graphviz.MemorySize()
	gvMu.Unlock()
	defer func(limit uint64) { GraphvizMemoryLimit = limit }(GraphvizMemoryLimit)
	// A limit a little above what the module holds now: a few drawings
	// pass it.
	GraphvizMemoryLimit = before + 256<<10
	start := restarts
	peak := uint64(0)
	for i := 0; i < 60; i++ {
		f, want := SVG, wantSVG
		if i%3 == 2 {
			f, want = PNG, wantPNG
		}
		got, err := Render(ctx, src, f, Builtin)
		if err != nil {
			t.Fatalf("drawing %d: %v", i, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("drawing %d (%v, after %d restarts) differs from the first", i, f, restarts-start)
		}
		gvMu.Lock()
		peak = max(peak, graphviz.MemorySize())
		gvMu.Unlock()
	}
	if restarts-start < 2 {
		t.Fatalf("%d restarts in 60 drawings: the module's memory (%d KB at the start, %d KB at most) was never let go", restarts-start, before>>10, peak>>10)
	}
	// Between drawings the module never holds much more than the limit:
	// what one drawing takes above it.
	if peak > GraphvizMemoryLimit+4<<20 {
		t.Errorf("the module held %d KB between drawings, over the limit %d KB", peak>>10, GraphvizMemoryLimit>>10)
	}
}

// TestTrapRestarts: Graphviz's module traps (reads outside its memory) on
// the fifth PNG in a row of testdata/trap.dot (MTD(f) on Wikipedia's tree,
// as the mtdf lesson draws it), however little memory it holds, and was
// then left unusable: every drawing after it failed, "the input holds no
// graph", and a lesson run again in one process failed. A trap now makes
// the module anew and draws again: any number of drawings in a row, each
// the same as the first.
func TestTrapRestarts(t *testing.T) {
	src, err := os.ReadFile("testdata/trap.dot")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	want, err := Render(ctx, src, PNG, Builtin)
	if err != nil {
		t.Fatal(err)
	}
	start := restarts
	for i := range 5 {
		got, err := Render(ctx, src, PNG, Builtin)
		if err != nil {
			t.Fatalf("drawing %d in a row: %v", i+2, err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("drawing %d in a row differs from the first", i+2)
		}
	}
	if svg, err := Render(ctx, []byte(sampleDOT), SVG, Builtin); err != nil || len(svg) == 0 {
		t.Fatalf("an SVG after them: %v", err)
	}
	t.Logf("%d restarts", restarts-start)
}
