package tree

import (
	"fmt"
	"strings"
)

// dump describes a tree one node per line, parents first, so that tests can
// state the expected structure without going through the printer:
//
//	scale=1 root=max
//	root name=A inner eval=5 @1:1
//	1 leaf=3 capture @1:4
//
// Values are raw (scaled). pos adds where each node starts in the text.
func dump(t *Tree, pos bool) string {
	var b strings.Builder
	side := "max"
	if t.RootMin {
		side = "min"
	}
	fmt.Fprintf(&b, "scale=%d root=%s\n", t.Scale, side)
	walk(t.Root, func(n *Node) {
		p := n.Path()
		if p == "" {
			p = "root"
		}
		b.WriteString(p)
		if n.Name != "" {
			fmt.Fprintf(&b, " name=%s", n.Name)
		}
		if n.Leaf {
			fmt.Fprintf(&b, " leaf=%d", n.Value)
		} else {
			b.WriteString(" inner")
		}
		if n.HasEval {
			fmt.Fprintf(&b, " eval=%d", n.Eval)
		}
		for _, f := range []struct {
			on   bool
			name string
		}{{n.Capture, "capture"}, {n.Check, "check"}, {n.Promotion, "promotion"}, {n.Pass, "pass"}} {
			if f.on {
				b.WriteString(" " + f.name)
			}
		}
		if n.KeyText != "" {
			fmt.Fprintf(&b, " key=%s", n.KeyText)
		}
		if n.Turn != TurnAlternate {
			fmt.Fprintf(&b, " player=%s", n.Turn)
		}
		if pos {
			fmt.Fprintf(&b, " @%d:%d", n.Line, n.Col)
		}
		b.WriteByte('\n')
	})
	return b.String()
}

// trimDump removes the indentation and blank lines of an expected dump written
// as an indented raw string.
func trimDump(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}
