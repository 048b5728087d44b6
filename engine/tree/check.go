package tree

import "fmt"

// placer tells where a node was written: a line and column for text, a JSON
// path for JSON.
type placer func(n *Node) (line, col int, where string)

// checker completes a tree read from text or JSON and checks the rules that
// span several nodes.
type checker struct {
	source string
	place  placer
	names  map[string]*Node
}

// finish links every node to its parent (for its path), checks that explicit names are unique and
// that pass children follow their rules, and scales the values: they were read
// in hundredths, and stay so only when some value has decimals.
func finish(t *Tree, source string, place placer) error {
	c := &checker{source: source, place: place, names: map[string]*Node{}}
	link(t.Root)
	if err := c.check(t.Root, true); err != nil {
		return err
	}
	decimals := false
	walk(t.Root, func(n *Node) {
		decimals = decimals || n.Value%100 != 0 || n.Eval%100 != 0
	})
	t.Scale = 100
	if !decimals {
		t.Scale = 1
		walk(t.Root, func(n *Node) {
			n.Value /= 100
			n.Eval /= 100
		})
	}
	return nil
}

// errorf returns an error placed at n.
func (c *checker) errorf(n *Node, format string, args ...any) *SyntaxError {
	line, col, where := c.place(n)
	return &SyntaxError{Source: c.source, Line: line, Col: col, Where: where, Msg: fmt.Sprintf(format, args...)}
}

// at names the place of n in a message about another node.
func (c *checker) at(n *Node) string {
	line, col, where := c.place(n)
	if where != "" {
		return where
	}
	return fmt.Sprintf("%d:%d", line, col)
}

func (c *checker) check(n *Node, root bool) error {
	if n.Name != "" {
		if n.Name == rootLabel && !root {
			return c.errorf(n, "the name %q is reserved for the root", n.Name)
		}
		if first, dup := c.names[n.Name]; dup {
			return c.errorf(n, "name %q is already used at %s", n.Name, c.at(first))
		}
		c.names[n.Name] = n
	}
	var pass *Node
	for _, ch := range n.Children {
		if ch.Pass {
			if pass != nil {
				return c.errorf(ch, "a node has at most one pass child; the first is at %s", c.at(pass))
			}
			pass = ch
		}
	}
	if pass != nil && len(n.Children) == 1 {
		return c.errorf(n, "a node needs at least one child that is not a pass")
	}
	for _, ch := range n.Children {
		if err := c.check(ch, false); err != nil {
			return err
		}
	}
	return nil
}
