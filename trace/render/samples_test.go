package render

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteSamples writes sample images for a person to look at, when
// PRUNESCOPE_RENDER_SAMPLES names a folder: each sample as builtin SVG and
// PNG, and as native SVG and PNG when dot is on PATH.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("PRUNESCOPE_RENDER_SAMPLES")
	if dir == "" {
		t.Skip("PRUNESCOPE_RENDER_SAMPLES is not set")
	}
	samples := map[string][]byte{
		"sample":   []byte(sampleDOT),
		"tree60":   sampleTree(60),
		"tree300":  sampleTree(300),
		"features": []byte(featuresDOT),
	}
	engines := []Engine{Builtin}
	if nativeDot() != "" {
		engines = append(engines, Dot)
	}
	for name, src := range samples {
		for _, e := range engines {
			for _, f := range []Format{SVG, PNG} {
				out, err := Render(context.Background(), src, f, e)
				if err != nil {
					t.Fatalf("%s %v %v: %v", name, e, f, err)
				}
				path := filepath.Join(dir, name+"-"+e.String()+"."+f.String())
				if err := os.WriteFile(path, out, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// featuresDOT exercises less common drawing: rounded and double shapes,
// gradients, a filled cluster, background colour, big text with ✂, bold,
// italic, underline and strike-through.
const featuresDOT = `digraph features {
  bgcolor="#f5f5f5";
  node [fontname="Helvetica"];
  subgraph cluster_f { style=filled; fillcolor=lavender; label="filled cluster"; r; d; }
  r [shape=box, style="rounded,filled", fillcolor="gold:white", label="rounded\ngradient"];
  d [shape=doublecircle, label="dbl"];
  big [shape=box, fontsize=40, label="✂ cut ✂"];
  html [shape=plaintext, fontsize=24, label=<<b>bold ✂</b> <i>italic</i> <u>under</u> <s>strike</s>>];
  rec [shape=record, label="{a|b|c}"];
  hex [shape=hexagon, style=filled, fillcolor="#ffcc0080", penwidth=3, color=steelblue];
  r -> d [arrowhead=vee, color=forestgreen, penwidth=2];
  d -> big [style=dotted];
  big -> html [arrowhead=diamond, label="edge label", fontcolor=darkorange];
  html -> rec -> hex [dir=both, arrowtail=inv];
  r -> hex [style=invis];
}
`
