// Package tree holds toy game trees: the nested-list text form and its JSON
// twin, a printer that round-trips, generators of random, best-ordered and
// worst-ordered trees, the textbook trees built in, and an engine.Position so
// that every search algorithm runs on them.
//
// Values are integers from MAX's point of view. A tree written with decimals
// holds every value multiplied by 100 (Tree.Scale), so the engine never sees a
// float and the printer shows each value as it was written.
package tree

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
)

// Tree is a toy game tree.
type Tree struct {
	Root    *Node
	RootMin bool   // the player at the root is MIN (declared in the input or set by the caller)
	Scale   int64  // 1 when every value is an integer, 100 when any value has decimals; values are stored multiplied by Scale
	Source  string // what it was read from: built-in name, file name, "stdin", "tree" for inline text; used as engine.Game.Input
	// Depth is the search depth the tree asks for ([depth=N] on the root), 0
	// when it does not say: a tree can be deeper than its search, so that
	// extensions and quiescence search reach past the horizon.
	Depth int
	// CS188 marks a tree read from a test of CS188's multi-agent project
	// (cs188.go): its nodes are named by their states; CS188Actions names
	// the action to each child of the root, by the child's label.
	// CS188Spec is the search the test's agent makes, as a spec
	// (minimax, alphabeta:soft:gt, expectimax).
	CS188        bool
	CS188Actions map[string]string
	CS188Spec    string
}

// Node is a node of a toy tree: a leaf with a value, or an inner node with
// children.
type Node struct {
	Name      string // explicit name from the input ("" when unnamed)
	Leaf      bool   // the node is a leaf and Value is its value
	Value     int64  // leaf value from MAX's point of view, scaled
	Eval      int64  // static evaluation of an inner node, MAX's view, scaled; valid when HasEval
	HasEval   bool   // Eval is set
	Capture   bool   // the move into this node is a capture
	Check     bool   // the move into this node gives check
	Promotion bool   // the move into this node promotes
	Pass      bool   // this child is its parent's null move (a pass), not a normal move
	KeyText   string // explicit transposition key, a name or an integer in canonical form ("" when none)
	Turn      Turn   // who moves at this node: by alternation, or as a [max] or [min] mark says (never on the root: Tree.RootMin)
	// Chance marks a chance node ([chance]): nobody chooses there, its value
	// is the average of its children's values weighted by their
	// probabilities. It takes no turn: the players alternate across it, so
	// its children are by default the other player than its parent's.
	Chance bool
	// PNum/PDen is the probability of this child of a chance node as
	// written ([p=0.25], [p=1/3]), a reduced fraction; PDen is 0 when no
	// weight is written, and every child of that node is then equally likely.
	PNum, PDen int64
	Children   []*Node // every written child in order, including a pass child
	Line, Col  int     // where the node starts in the text input (0 for JSON or generated trees)

	// The node's place: its parent (nil at the root) and its index among
	// the parent's children. Paths are computed from them when asked for,
	// not stored: a stored path costs as many bytes as the node is deep,
	// gigabytes for a deep and wide tree of a million nodes.
	parent *Node
	index  int
}

// Turn says who moves at a node. Players alternate unless a node is marked:
// a [max] or [min] mark gives the node to that player whatever its parent's,
// so that several MIN agents (or MAX agents) can move in turn.
type Turn uint8

const (
	TurnAlternate Turn = iota // the other player than at the parent
	TurnMax                   // MAX moves here ([max])
	TurnMin                   // MIN moves here ([min])
)

// String is the mark as written: "", "max" or "min".
func (t Turn) String() string {
	switch t {
	case TurnMax:
		return "max"
	case TurnMin:
		return "min"
	}
	return ""
}

// ChildMax reports whether MAX moves at child c of parent, a node where MAX
// moves when parentMax is true: its mark, else the other player; below a
// chance node, the chance node's own (a chance node takes no turn: it stands
// for the dice rolled before the next player's move, and parentMax is then
// that player).
func ChildMax(parent *Node, parentMax bool, c *Node) bool {
	switch c.Turn {
	case TurnMax:
		return true
	case TurnMin:
		return false
	}
	if parent.Chance {
		return parentMax
	}
	return !parentMax
}

// Weight returns the probability of child i of chance node n as a fraction
// num/den: as written, else 1/(number of children).
func (n *Node) Weight(i int) (num, den int64) {
	if c := n.Children[i]; c.PDen > 0 {
		return c.PNum, c.PDen
	}
	return 1, int64(len(n.Children))
}

// Path is the node's path: the 1-based child indices from the root joined
// by dots ("2", "2.1"), "" for the root. It is computed on each call.
func (n *Node) Path() string {
	if n.parent == nil {
		return ""
	}
	var buf [64]int
	idx := buf[:0]
	for x := n; x.parent != nil; x = x.parent {
		idx = append(idx, x.index+1)
	}
	b := make([]byte, 0, 3*len(idx))
	for i := len(idx) - 1; i >= 0; i-- {
		b = strconv.AppendInt(b, int64(idx[i]), 10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return string(b)
}

// Parent returns the node's parent, nil for the root.
func (n *Node) Parent() *Node { return n.parent }

// rootLabel is how an unnamed root is shown to people.
const rootLabel = "root"

// maxNesting bounds how deep a tree read from text or JSON may be, so that the
// recursive walks over it stay small: as deep as the engine searches.
const maxNesting = engine.MaxDepth

// MaxNodes is the most nodes a toy tree may have, read or generated: a
// million nodes take about 150 MB, parsed from text or JSON, and a tree
// that large is searched in a second. Reading stops as soon as the count is
// passed.
const MaxNodes = 1_000_000

// MaxInputBytes is the most bytes of tree text or JSON read from a file or
// standard input (64 MiB); reading stops there. The text form of a tree of
// MaxNodes nodes takes a few megabytes; the indented JSON of the largest
// generated trees may not fit (write those as text).
const MaxInputBytes = 64 << 20

// maxMagnitude is the largest absolute value (unscaled) a tree may hold.
const maxMagnitude = 1_000_000_000

// Label is the node's display name: its explicit name, else its path, and
// "root" for an unnamed root.
func (n *Node) Label() string {
	switch {
	case n.Name != "":
		return n.Name
	case n.parent == nil:
		return rootLabel
	}
	return n.Path()
}

// traceName is the node's name in traces: its explicit name, else its path
// ("" for an unnamed root).
func (n *Node) traceName() string {
	if n.Name != "" {
		return n.Name
	}
	return n.Path()
}

// MoveChildren returns the children of n reached by moves (not its pass
// child), in the order written.
func (n *Node) MoveChildren() []*Node {
	out := make([]*Node, 0, len(n.Children))
	for _, c := range n.Children {
		if !c.Pass {
			out = append(out, c)
		}
	}
	return out
}

// Height returns the number of plies from the root to the deepest leaf; a pass
// counts as a ply.
func (t *Tree) Height() int {
	if t == nil || t.Root == nil {
		return 0
	}
	return height(t.Root)
}

func height(n *Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+height(c))
	}
	return h
}

// CheckDepth reports whether a search to the given depth finds a value
// wherever it stops: every inner node the moves reach at exactly that depth
// needs an eval annotation. Only ordinary moves are followed; a null-move
// search that stops inside a pass child's subtree is checked by the engine
// when it happens (engine.NoEvalError).
func (t *Tree) CheckDepth(depth int) error {
	if depth < 0 {
		return i18n.Errorf("depth %d: must be 0 or more", depth)
	}
	if t == nil || t.Root == nil {
		return nil
	}
	if n := missingEval(t.Root, depth); n != nil {
		return i18n.Errorf("depth %d ends the search at node %s, which has no static evaluation: annotate it [eval=N] or search deeper (the tree is %d plies deep)",
			depth, n.Label(), t.Height())
	}
	return nil
}

// missingEval returns the first inner node without eval that ordinary moves
// reach from n in exactly depth plies, or nil.
func missingEval(n *Node, depth int) *Node {
	switch {
	case n.Leaf:
		return nil
	case depth == 0:
		if n.HasEval {
			return nil
		}
		return n
	}
	for _, c := range n.Children {
		if c.Pass {
			continue
		}
		if m := missingEval(c, depth-1); m != nil {
			return m
		}
	}
	return nil
}

// Count returns the number of nodes, root and pass children included, and the
// number of leaves.
func (t *Tree) Count() (nodes, leaves int) {
	if t == nil || t.Root == nil {
		return 0, 0
	}
	walk(t.Root, func(n *Node) {
		nodes++
		if n.Leaf {
			leaves++
		}
	})
	return nodes, leaves
}

// Find returns the node with the given label or path ("root" or "" for the
// root, an explicit name, or a path like "2.1"), or nil when there is none.
func (t *Tree) Find(name string) *Node {
	if t == nil || t.Root == nil {
		return nil
	}
	if name == rootLabel || name == "" {
		return t.Root
	}
	if name[0] >= '0' && name[0] <= '9' { // a path: names start with a letter or '_'
		n := t.Root
		for _, part := range strings.Split(name, ".") {
			i, err := strconv.Atoi(part)
			if err != nil || strconv.Itoa(i) != part || i < 1 || i > len(n.Children) {
				return nil
			}
			n = n.Children[i-1]
		}
		return n
	}
	var found *Node
	walk(t.Root, func(n *Node) {
		if found == nil && n.Name == name {
			found = n
		}
	})
	return found
}

// walk calls f for n and every node below it, parents before children.
func walk(n *Node, f func(*Node)) {
	f(n)
	for _, c := range n.Children {
		walk(c, f)
	}
}

// link gives every node below n its parent and index, n becoming a root:
// what Path and Label need.
func link(n *Node) {
	n.parent, n.index = nil, 0
	linkChildren(n)
}

// linked reports whether every node below n knows its parent and index, so
// that positions made at once from one tree only read it.
func linked(n *Node) bool {
	for i, c := range n.Children {
		if c.parent != n || c.index != i || !linked(c) {
			return false
		}
	}
	return true
}

func linkChildren(n *Node) {
	for i, c := range n.Children {
		c.parent, c.index = n, i
		linkChildren(c)
	}
}

// Equal reports whether a and b are the same tree: same structure (and so
// the same paths), names, values, annotations, root player and scale. Source
// and the positions in the input are ignored.
func Equal(a, b *Tree) bool { return Diff(a, b) == "" }

// Diff describes the first difference between a and b as Equal sees them, or
// returns "" when they are equal.
func Diff(a, b *Tree) string {
	switch {
	case a == nil || b == nil:
		if a == b {
			return ""
		}
		return "one tree is nil"
	case a.RootMin != b.RootMin:
		return fmt.Sprintf("root player: min=%v vs min=%v", a.RootMin, b.RootMin)
	case a.Depth != b.Depth:
		return fmt.Sprintf("depth: %d vs %d", a.Depth, b.Depth)
	case a.Scale != b.Scale:
		return fmt.Sprintf("scale: %d vs %d", a.Scale, b.Scale)
	case a.Root == nil || b.Root == nil:
		if a.Root == b.Root {
			return ""
		}
		return "one root is nil"
	}
	return diffNode(a.Root, b.Root)
}

func diffNode(a, b *Node) string {
	where := a.Label()
	type field struct {
		name string
		x, y any
	}
	for _, f := range []field{
		{"name", a.Name, b.Name},
		{"leaf", a.Leaf, b.Leaf},
		{"value", a.Value, b.Value},
		{"eval", a.Eval, b.Eval},
		{"has eval", a.HasEval, b.HasEval},
		{"capture", a.Capture, b.Capture},
		{"check", a.Check, b.Check},
		{"promotion", a.Promotion, b.Promotion},
		{"pass", a.Pass, b.Pass},
		{"key", a.KeyText, b.KeyText},
		{"player", a.Turn, b.Turn},
		{"chance", a.Chance, b.Chance},
		{"probability", [2]int64{a.PNum, a.PDen}, [2]int64{b.PNum, b.PDen}},
		{"children", len(a.Children), len(b.Children)},
	} {
		if f.x != f.y {
			return fmt.Sprintf("node %s: %s %v vs %v", where, f.name, f.x, f.y)
		}
	}
	for i := range a.Children {
		if d := diffNode(a.Children[i], b.Children[i]); d != "" {
			return d
		}
	}
	return ""
}
