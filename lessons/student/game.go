package student

import (
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// Game is what a student's search searched: a toy tree or a chess
// position. It names the nodes a trace names by the key the reference
// search's trace gives them.
type Game interface {
	// Position is a fresh position to search, its children taken right to
	// left when rtl (toy trees).
	Position(rtl bool) engine.Position
	// resolve is the key of the node a student's trace names, whether MAX
	// moves there, and the toy tree's node (nil in chess).
	resolve(name string) (key string, isMax bool, n *tree.Node, err error)
	// resolveAt is resolve where the student's search stands: an event of
	// kind (enter, leaf, exit) after steps, the toy tree's nodes open
	// (entered, not left) the last the innermost.
	resolveAt(name, kind string, open []*tree.Node, steps []Step) (key string, isMax bool, n *tree.Node, err error)
	// key is the key of the node a reference event is about.
	key(path string) (string, *tree.Node, error)
	// scale turns a student's value into the engine's units.
	scale() int64
	// nodes bounds the steps a search of the game makes (for the reader).
	nodes() int
	// parent is the key of a node's parent and the move to the node; ok is
	// false at the root.
	parent(key string, n *tree.Node) (p, move string, ok bool)
	// span is the least and the greatest value the game's positions take,
	// MAX's view: a window's bound beyond them is an infinite one to a
	// search (−∞ and +∞ when the game does not say).
	span() (lo, hi int64)
	// tracePath is the node's path as prunescope's traces of the game write
	// it: a toy tree's node name or path, the moves from the start ("" at
	// the root).
	tracePath(key string, n *tree.Node) string
}

// TreeGame is a toy tree. Its nodes are keyed by their labels: a name, a
// path, or root.
func TreeGame(tr *tree.Tree) Game { return &treeGame{tr: tr, isMax: maxNodes(tr)} }

type treeGame struct {
	tr    *tree.Tree
	isMax map[*tree.Node]bool
}

func (g *treeGame) Position(rtl bool) engine.Position {
	p := tree.NewPosition(g.tr)
	p.SetRightToLeft(rtl)
	return p
}

func (g *treeGame) resolve(name string) (string, bool, *tree.Node, error) {
	n := g.tr.Find(name)
	if n == nil {
		return "", false, nil, i18n.Errorf("%q is no node of the tree (name nodes by path, such as 2.1, by name, or root)", name)
	}
	return n.Label(), g.isMax[n], n, nil
}

// resolveAt reads a name first where the search stands: the node open
// there (an exit, a leaf whose enter was given) or a child of it (an
// enter, a leaf without its enter), so that a CS188 test's state reached
// twice is one name in the student's trace, m and m' in the tree; else
// anywhere in the tree (resolve).
func (g *treeGame) resolveAt(name, kind string, open []*tree.Node, steps []Step) (string, bool, *tree.Node, error) {
	var c *tree.Node
	if last := len(steps) - 1; kind == "exit" && last >= 0 && steps[last].Exit && steps[last].Node != nil &&
		isLeafLine(steps, last) && g.names(steps[last].Node, name) {
		c = steps[last].Node // the exit of the leaf just given
	}
	if c == nil {
		c = g.inContext(name, kind != "enter", open) // a leaf's enter given: the leaf is open
	}
	if c == nil && kind == "leaf" {
		c = g.inContext(name, false, open) // its enter left out: a child of the node open
	}
	if c != nil {
		return c.Label(), g.isMax[c], c, nil
	}
	return g.resolve(name)
}

// inContext is the node a student's trace names name where the nodes
// open are open (the last the innermost): for an exit, the innermost open
// node; else one of its children; matched by label, else by state (a
// CS188 test's label without its primes). nil when none is.
func (g *treeGame) inContext(name string, exit bool, open []*tree.Node) *tree.Node {
	if len(open) == 0 || open[len(open)-1] == nil {
		return nil
	}
	top := open[len(open)-1]
	if exit {
		if g.names(top, name) {
			return top
		}
		return nil
	}
	for _, c := range top.MoveChildren() {
		if c.Label() == name {
			return c
		}
	}
	for _, c := range top.MoveChildren() {
		if g.names(c, name) {
			return c
		}
	}
	return nil
}

// names says whether a student's trace may name n so: by its label, or in
// a CS188 test by its state (the label without its primes).
func (g *treeGame) names(n *tree.Node, name string) bool {
	return n.Label() == name || (g.tr.CS188 && strings.TrimRight(n.Label(), "'") == name)
}

func (g *treeGame) key(path string) (string, *tree.Node, error) {
	n := g.tr.Find(path)
	if n == nil {
		return "", nil, i18n.Errorf("the search entered %q, no node of the tree", path)
	}
	return n.Label(), n, nil
}

func (g *treeGame) scale() int64 { return g.tr.Scale }
func (g *treeGame) span() (int64, int64) {
	return tree.NewPosition(g.tr).ValueRange()
}
func (g *treeGame) nodes() int { return len(g.isMax) }

func (g *treeGame) tracePath(_ string, n *tree.Node) string {
	switch {
	case n == nil || n.Parent() == nil:
		return "" // the root, named or not
	case n.Name != "":
		return n.Name
	}
	return n.Path()
}

func (g *treeGame) parent(key string, n *tree.Node) (string, string, bool) {
	if n == nil || n.Parent() == nil {
		return "", "", false
	}
	return n.Parent().Label(), n.Label(), true
}

// ChessGame is a chess position (MAX the side to move there): a node is keyed by the moves from the root
// in SAN, space-separated (the root ""), as prunescope's chess traces name
// it; a student's trace may write the moves in SAN or UCI. Values are
// centipawns, as the engine's.
func ChessGame(b *chess.Board, eval chess.Evaluator) Game {
	return &chessGame{b: b, eval: eval, known: map[string]string{}}
}

type chessGame struct {
	b     *chess.Board
	eval  chess.Evaluator
	known map[string]string // keys resolved, by the name given
}

func (g *chessGame) Position(bool) engine.Position {
	return chess.NewPosition(g.b.Clone(), g.eval)
}

func (g *chessGame) resolve(name string) (string, bool, *tree.Node, error) {
	return resolveMoves(name, g.known, func(moves []string) ([]string, error) {
		b := g.b.Clone()
		sans := make([]string, 0, len(moves))
		for _, m := range moves {
			mv, err := b.ParseMove(m)
			if err != nil {
				return sans, err
			}
			sans = append(sans, b.SAN(mv))
			b.Make(mv)
		}
		return sans, nil
	})
}

// resolveMoves keys the node a student names by its moves from the start
// (root: the start), as replay writes them, and caches the key: MAX moves
// at the start and every second ply from it.
func resolveMoves(name string, known map[string]string, replay func(moves []string) ([]string, error)) (string, bool, *tree.Node, error) {
	name = strings.TrimSpace(name)
	if name == "root" {
		name = ""
	}
	moves := strings.Fields(name)
	isMax := len(moves)%2 == 0
	if k, ok := known[name]; ok {
		return k, isMax, nil, nil
	}
	labels, err := replay(moves)
	if err != nil {
		return "", false, nil, i18n.Errorf("move %d of %q: %v", len(labels)+1, name, err)
	}
	k := strings.Join(labels, " ")
	if len(known) < 1<<16 {
		known[name] = k
	}
	return k, isMax, nil, nil
}

func (g *chessGame) key(path string) (string, *tree.Node, error) { return path, nil, nil }

// resolveAt: a position is named by its moves, the same wherever the
// search stands.
func (g *chessGame) resolveAt(name, _ string, _ []*tree.Node, _ []Step) (string, bool, *tree.Node, error) {
	return g.resolve(name)
}
func (g *chessGame) scale() int64         { return 1 }
func (g *chessGame) span() (int64, int64) { return -chess.MateScore, chess.MateScore }
func (g *chessGame) nodes() int           { return 1 << 20 }

func (g *chessGame) tracePath(key string, _ *tree.Node) string { return key }

func (g *chessGame) parent(key string, _ *tree.Node) (string, string, bool) {
	if key == "" {
		return "", "", false
	}
	i := strings.LastIndexByte(key, ' ')
	if i < 0 {
		return "", key, true
	}
	return key[:i], key[i+1:], true
}

// MovesGame is a game whose nodes are keyed by the labels of the moves from
// the start, space-separated (tic-tac-toe: "X5 O1"; the start ""), as
// prunescope's traces name them; a student's trace names them the same way
// (letters in either case). fresh makes the start position.
func MovesGame(fresh func() engine.Position) Game {
	return &movesGame{fresh: fresh, known: map[string]string{}}
}

type movesGame struct {
	fresh func() engine.Position
	known map[string]string
}

func (g *movesGame) Position(bool) engine.Position { return g.fresh() }

func (g *movesGame) resolve(name string) (string, bool, *tree.Node, error) {
	return resolveMoves(name, g.known, func(moves []string) ([]string, error) {
		pos := g.fresh()
		labels := make([]string, 0, len(moves))
		for _, tok := range moves {
			found := false
			for _, m := range pos.Moves(nil) {
				if l := pos.MoveLabel(m); strings.EqualFold(l, tok) {
					labels = append(labels, l)
					pos.Make(m)
					found = true
					break
				}
			}
			if !found {
				return labels, i18n.Errorf("%q is not a move there", tok)
			}
		}
		return labels, nil
	})
}

func (g *movesGame) key(path string) (string, *tree.Node, error) { return path, nil, nil }

func (g *movesGame) resolveAt(name, _ string, _ []*tree.Node, _ []Step) (string, bool, *tree.Node, error) {
	return g.resolve(name)
}
func (g *movesGame) scale() int64 { return 1 }
func (g *movesGame) span() (int64, int64) {
	if m := g.fresh().Game().Mate; m > 0 {
		return -m, m
	}
	return -score.Inf, score.Inf
}
func (g *movesGame) nodes() int { return 1 << 20 }

func (g *movesGame) tracePath(key string, _ *tree.Node) string { return key }

func (g *movesGame) parent(key string, _ *tree.Node) (string, string, bool) {
	return (&chessGame{}).parent(key, nil)
}
