package render

import (
	"fmt"
	"strings"
)

// sampleDOT is a small search-tree diagram with every feature the project's
// DOT uses: triangles, dashed grey edges, bold edges, an HTML-table legend, ✂
// text, filled nodes, a point, plaintext, xlabel, a cluster, edge labels.
const sampleDOT = `digraph search {
  rankdir=TB;
  graph [fontname="Helvetica", fontsize=12, nodesep=0.4, ranksep=0.6];
  node [fontname="Helvetica", fontsize=11];
  edge [fontname="Helvetica", fontsize=10];

  root [shape=triangle, label="A\nv=3", style="filled,bold", fillcolor="#ffe4b5", penwidth=2];
  b [shape=invtriangle, label="B\nv=3"];
  c [shape=invtriangle, label="C\n≤2", xlabel="α=3 β=∞"];
  d [shape=box, label="3", style=filled, fillcolor=lightyellow];
  e [shape=box, label="5"];
  f [shape=box, label="2", style=filled, fillcolor="#add8e6"];
  g [shape=box, label="9", color=gray60, fontcolor=gray60, style=dashed];
  cut [shape=plaintext, label="✂ β-cut", fontcolor=firebrick];
  leaf [shape=point, width=0.12];
  ell [shape=ellipse, label="tt hit", style=filled, fillcolor=honeydew];

  root -> b [label="a1", style=bold, penwidth=2];
  root -> c [label="a2"];
  b -> d [label="b1", style=bold];
  b -> e [label="b2"];
  c -> f [label="c1"];
  c -> g [label="c2", style=dashed, color=gray60, fontcolor=gray60];
  c -> cut [style=dotted, arrowhead=none, color=firebrick];
  e -> leaf [arrowhead=odot];
  f -> ell [dir=back, color="#4169e1"];

  subgraph cluster_legend {
    label="Legend"; style=dashed; color=gray40; fontsize=10;
    legend [shape=plaintext, label=<<table border="0" cellborder="1" cellspacing="0" cellpadding="3">
      <tr><td bgcolor="gray90"><b>Symbol</b></td><td bgcolor="gray90"><b>Meaning</b></td></tr>
      <tr><td>▲</td><td>MAX node</td></tr>
      <tr><td>▼</td><td>MIN node</td></tr>
      <tr><td><font color="firebrick">✂</font></td><td><i>cutoff</i></td></tr>
      <tr><td>- - -</td><td>pruned</td></tr>
    </table>>];
  }
}
`

// sampleTree generates a search-tree diagram of n nodes styled like the
// project's: MAX triangles and MIN inverted triangles with two-line labels,
// move labels on edges, every seventh subtree pruned (dashed grey, with a ✂
// marker), and a legend.
func sampleTree(n int) []byte {
	var b strings.Builder
	b.WriteString("digraph tree {\n  rankdir=TB;\n  graph [fontname=\"Helvetica\", fontsize=12, nodesep=0.15, ranksep=0.45];\n")
	b.WriteString("  node [fontname=\"Helvetica\", fontsize=10, height=0.45, width=0.7, margin=0.02];\n")
	b.WriteString("  edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.6];\n")
	const branching = 3
	pruned := make([]bool, n)
	depth := make([]int, n)
	for i := 0; i < n; i++ {
		parent := (i - 1) / branching
		if i > 0 {
			depth[i] = depth[parent] + 1
			pruned[i] = pruned[parent] || i%7 == 0
		}
		shape := "triangle"
		if depth[i]%2 == 1 {
			shape = "invtriangle"
		}
		label := fmt.Sprintf("n%d\\nv=%d", i, (i*37)%21-10)
		style := ""
		if pruned[i] {
			style = `, style=dashed, color=gray60, fontcolor=gray60`
			if i > 0 && !pruned[parent] {
				label = fmt.Sprintf("n%d\\n✂ β", i)
			}
		} else if i%5 == 0 {
			style = `, style=filled, fillcolor="#ffe4b5"`
		}
		fmt.Fprintf(&b, "  n%d [shape=%s, label=\"%s\"%s];\n", i, shape, label, style)
		if i > 0 {
			estyle := ""
			if pruned[i] {
				estyle = `, style=dashed, color=gray60, fontcolor=gray60`
			} else if i%branching == 1 {
				estyle = `, style=bold`
			}
			fmt.Fprintf(&b, "  n%d -> n%d [label=\"m%d\"%s];\n", parent, i, i%branching+1, estyle)
		}
	}
	b.WriteString(`  legend [shape=plaintext, label=<<table border="0" cellborder="1" cellspacing="0"><tr><td><b>▲</b></td><td>MAX</td></tr><tr><td><b>▼</b></td><td>MIN</td></tr><tr><td>✂</td><td>cutoff</td></tr></table>>];` + "\n")
	b.WriteString("}\n")
	return []byte(b.String())
}
