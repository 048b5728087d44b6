package render

import (
	"context"
	"testing"
)

// BenchmarkSVG1000 renders a 1,000-node search tree to SVG with the builtin
// engine. Target: under 2 s per operation.
func BenchmarkSVG1000(b *testing.B) {
	src := sampleTree(1000)
	ctx := context.Background()
	for b.Loop() {
		if _, err := Render(ctx, src, SVG, Builtin); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPNG300 renders a 300-node search tree to PNG with the builtin
// engine (xdot layout, then painting). Target: under 3 s per operation.
func BenchmarkPNG300(b *testing.B) {
	src := sampleTree(300)
	ctx := context.Background()
	for b.Loop() {
		if _, err := Render(ctx, src, PNG, Builtin); err != nil {
			b.Fatal(err)
		}
	}
}
