package tree

import (
	"strconv"
	"strings"
)

// Format prints the tree in the canonical text form on one line: explicit
// names as NAME:, values in their shortest decimal form, annotations in the
// order [eval=N capture check promotion pass key=K], and [min] on the root when
// MIN moves first. Parse reads the result back to an equal tree.
func Format(t *Tree) string {
	if t == nil || t.Root == nil {
		return ""
	}
	return string(appendNode(nil, t, t.Root, true))
}

// FormatIndented prints the tree in the text form with one inner node per line,
// indented by two spaces per level; the leaves of a node stay on one line, as
// in (3 12 8). Parse reads the result back to an equal tree.
func FormatIndented(t *Tree) string {
	if t == nil || t.Root == nil {
		return ""
	}
	return string(appendIndented(nil, t, t.Root, 0))
}

// appendNode appends n and everything below it on one line.
func appendNode(b []byte, t *Tree, n *Node, root bool) []byte {
	b = appendName(b, n)
	if n.Leaf {
		b = appendValue(b, n.Value, t.Scale)
	} else {
		b = append(b, '(')
		for i, c := range n.Children {
			if i > 0 {
				b = append(b, ' ')
			}
			b = appendNode(b, t, c, false)
		}
		b = append(b, ')')
	}
	return appendAnnotations(b, t, n, root)
}

// appendIndented appends n at the given indentation level, ending with a
// newline. A node whose children are all leaves takes one line; any other inner
// node opens its list on its own line, puts each inner child and each run of
// leaf children on a line of their own, and closes the list on a line of its
// own.
func appendIndented(b []byte, t *Tree, n *Node, level int) []byte {
	indent := strings.Repeat("  ", level)
	b = append(b, indent...)
	if n.Leaf || allLeaves(n) {
		b = appendNode(b, t, n, level == 0)
		return append(b, '\n')
	}
	b = appendName(b, n)
	b = append(b, "(\n"...)
	for i := 0; i < len(n.Children); {
		c := n.Children[i]
		if !c.Leaf {
			b = appendIndented(b, t, c, level+1)
			i++
			continue
		}
		b = append(b, indent...)
		b = append(b, "  "...)
		for j := i; i < len(n.Children) && n.Children[i].Leaf; i++ {
			if i > j {
				b = append(b, ' ')
			}
			b = appendNode(b, t, n.Children[i], false)
		}
		b = append(b, '\n')
	}
	b = append(b, indent...)
	b = append(b, ')')
	b = appendAnnotations(b, t, n, level == 0)
	return append(b, '\n')
}

func allLeaves(n *Node) bool {
	for _, c := range n.Children {
		if !c.Leaf {
			return false
		}
	}
	return true
}

func appendName(b []byte, n *Node) []byte {
	if n.Name == "" {
		return b
	}
	b = append(b, n.Name...)
	return append(b, ':')
}

// appendAnnotations appends the bracket suffix of n, if it has any, in the
// canonical order.
func appendAnnotations(b []byte, t *Tree, n *Node, root bool) []byte {
	start := len(b)
	item := func(s string) {
		if len(b) == start {
			b = append(b, '[')
		} else {
			b = append(b, ' ')
		}
		b = append(b, s...)
	}
	if n.HasEval {
		item("eval=")
		b = appendValue(b, n.Eval, t.Scale)
	}
	if n.Capture {
		item("capture")
	}
	if n.Check {
		item("check")
	}
	if n.Promotion {
		item("promotion")
	}
	if n.Pass {
		item("pass")
	}
	if n.KeyText != "" {
		item("key=")
		b = append(b, n.KeyText...)
	}
	if root && t.RootMin {
		item("min")
	}
	if n.Turn != TurnAlternate {
		item(n.Turn.String())
	}
	if n.Chance {
		item("chance")
	}
	if n.PDen > 0 {
		item("p=")
		b = appendWeight(b, n.PNum, n.PDen)
	}
	if root && t.Depth > 0 {
		item("depth=")
		b = strconv.AppendInt(b, int64(t.Depth), 10)
	}
	if len(b) > start {
		b = append(b, ']')
	}
	return b
}
