package lab

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// The tree tab's calls: "edit" changes one node of the tree (found by its
// name, as the drawing's data-path gives it), "indent" prints a tree in the
// indented text form the tab's box shows, "random" draws a random tree as
// prunescope tree random and the quiz do.
//
// An edit works on a draft of the tree (tree.ParseDraft): the tree's
// syntax, without the rules that span nodes, so that a tree that breaks
// one of those for a moment (a chance node whose children's probabilities
// are being typed one by one) can still be edited; the search says what is
// wrong with it, in the command line's words, at its line and column in the
// text the edit returns.

// EditRequest asks for one change of the tree: Op on the node named Path
// (its explicit name, else its path such as "2.1"; "" is the root), with
// Value (a leaf's value, an eval, a player, a probability) or To (the
// place, 1-based, a child moves to among its siblings).
type EditRequest struct {
	Tree  string `json:"tree"`
	Op    string `json:"op"`
	Path  string `json:"path"`
	Value string `json:"value"`
	To    int    `json:"to"`
}

// EditResult is the tree after the change, in the indented text form, and
// the name the node to keep picked now has (the edited node, the node a
// child was added to, the removed node's parent, the moved node at its new place).
type EditResult struct {
	Tree   string `json:"tree"`
	Picked string `json:"picked"`
	// Line is the tree on one line (tree.Format), what the lab searches
	// and its command shows; "" when the tree breaks a rule, which the
	// search of Tree then says at its line and column.
	Line string `json:"line"`
}

// EditOps lists the edits, for messages.
const EditOps = "value, eval, add, remove, player, p, move"

// Edit makes the change req asks for. Errors are one line: where (the
// node, or the tree's line and column) and what is wrong.
func Edit(req EditRequest) (*EditResult, error) {
	t, err := tree.ParseDraft("tree", req.Tree)
	if err != nil {
		return nil, err
	}
	n := t.Find(req.Path)
	if n == nil {
		return nil, setup.BadInputf("node %q: no such node in the tree", req.Path)
	}
	where := n.Label()
	bad := func(format string, args ...any) error {
		return setup.BadInputf("node %s: %s", where, fmt.Sprintf(format, args...))
	}
	picked := n
	switch req.Op {
	case "value":
		if !n.Leaf {
			return nil, bad("an inner node's value is its children's: give it an evaluation (eval) instead")
		}
		v, err := tree.ParseValue(strings.TrimSpace(req.Value))
		if err != nil {
			return nil, bad("%v", err)
		}
		n.Value = v
	case "eval":
		if n.Leaf {
			return nil, bad("eval on a leaf: a leaf's value is its evaluation")
		}
		s := strings.TrimSpace(req.Value)
		if s == "" {
			n.HasEval, n.Eval = false, 0
			break
		}
		v, err := tree.ParseValue(s)
		if err != nil {
			return nil, bad("%v", err)
		}
		n.HasEval, n.Eval = true, v
	case "add":
		c := &tree.Node{Leaf: true}
		if n.Leaf { // a leaf becomes an inner node; its value goes to its first child
			c.Value = n.Value
			n.Leaf, n.Value = false, 0
		}
		n.Children = append(n.Children, c) // the node stays picked: a click more adds another
	case "remove":
		p := n.Parent()
		if p == nil {
			return nil, bad("the root cannot be removed (type a new tree in the box instead)")
		}
		if len(p.Children) == 1 {
			return nil, bad("it is the only child of %s, and a node needs at least one child: remove %s instead", p.Label(), p.Label())
		}
		p.Children = append(p.Children[:indexOf(p, n)], p.Children[indexOf(p, n)+1:]...)
		picked = p
	case "player":
		if err := setPlayer(t, n, req.Value); err != nil {
			return nil, bad("%v", err)
		}
	case "p":
		s := strings.TrimSpace(req.Value)
		if s == "" {
			n.PNum, n.PDen = 0, 0
			break
		}
		if p := n.Parent(); p == nil || !p.Chance {
			return nil, bad("a probability belongs to a child of a chance node (mark its parent chance first)")
		}
		num, den, err := tree.ParseWeight(s)
		if err != nil {
			return nil, bad("%v", err)
		}
		n.PNum, n.PDen = num, den
	case "move":
		p := n.Parent()
		if p == nil {
			return nil, bad("the root has no siblings to move among")
		}
		if req.To < 1 || req.To > len(p.Children) {
			return nil, bad("place %d: %s has children 1 to %d", req.To, p.Label(), len(p.Children))
		}
		i := indexOf(p, n)
		kids := append(p.Children[:i:i], p.Children[i+1:]...)
		p.Children = append(kids[:req.To-1:req.To-1], append([]*tree.Node{n}, kids[req.To-1:]...)...)
	default:
		return nil, setup.BadInputf("edit %q: the edits are %s", req.Op, EditOps)
	}
	t.Relink()
	text := tree.FormatIndented(t)
	// The change must leave a tree that can still be read and edited: a
	// rule of the syntax it breaks (a pass marked max) refuses it.
	if _, err := tree.ParseDraft("tree", text); err != nil {
		return nil, bad("%s", strings.TrimPrefix(err.Error(), "tree: "))
	}
	out := &EditResult{Tree: text, Picked: traceName(picked)}
	if whole, err := tree.Parse("tree", text); err == nil {
		out.Line = tree.Format(whole)
	}
	return out, nil
}

// setPlayer marks who moves at n: max, min, chance, or "" (by turn, the
// other player than at the parent). The root is MAX's or MIN's ([min]);
// turning a chance node into a player's drops its children's probabilities.
func setPlayer(t *tree.Tree, n *tree.Node, who string) error {
	if n.Parent() == nil {
		switch who {
		case "max", "":
			t.RootMin = false
		case "min":
			t.RootMin = true
		case "chance":
			return fmt.Errorf("chance on the root: the root is a player's choice; put the chance node below it")
		default:
			return fmt.Errorf("player %q: the root is max or min", who)
		}
		return nil
	}
	switch who {
	case "max", "min", "":
		n.Turn = map[string]tree.Turn{"max": tree.TurnMax, "min": tree.TurnMin, "": tree.TurnAlternate}[who]
		if n.Chance {
			n.Chance = false
			for _, c := range n.Children {
				c.PNum, c.PDen = 0, 0
			}
		}
	case "chance":
		if n.Leaf {
			return fmt.Errorf("chance on a leaf: a chance node needs outcomes, its children (add one first)")
		}
		n.Turn, n.Chance = tree.TurnAlternate, true
	default:
		return fmt.Errorf("player %q: write max, min, chance or nothing (by turn)", who)
	}
	return nil
}

func indexOf(p, n *tree.Node) int {
	for i, c := range p.Children {
		if c == n {
			return i
		}
	}
	return -1
}

// traceName is a node's name as traces and the drawing's data-path give
// it: its explicit name, else its path ("" at an unnamed root).
func traceName(n *tree.Node) string {
	if n.Name != "" {
		return n.Name
	}
	return n.Path()
}

// NodeInfo is what the tree tab's form shows of a node of the tree as
// written: its name, whether it is a leaf, its value or eval as written,
// its player's mark, its probability, its children's names, its place
// among its siblings.
type NodeInfo struct {
	Name  string `json:"name"`
	Label string `json:"label"`
	Leaf  bool   `json:"leaf"`
	Value string `json:"value"`
	Eval  string `json:"eval"`
	// Player is the mark: max, min, chance, or "" (by turn); the root's
	// is max or min.
	Player string `json:"player"`
	Root   bool   `json:"root"`
	// InChance: the node is a child of a chance node; P its probability
	// as written ("" when none is).
	InChance bool     `json:"inChance"`
	P        string   `json:"p"`
	Children []string `json:"children"`
	Index    int      `json:"index"` // 1-based among its siblings; 0 at the root
	Siblings int      `json:"siblings"`
}

// Node describes the node named path of the tree (read as a draft, as the
// edits read it).
func Node(text, path string) (*NodeInfo, error) {
	t, err := tree.ParseDraft("tree", text)
	if err != nil {
		return nil, err
	}
	n := t.Find(path)
	if n == nil {
		return nil, setup.BadInputf("node %q: no such node in the tree", path)
	}
	num := func(v int64) string { return tree.FormatValue(v, t.Scale) }
	info := &NodeInfo{Name: traceName(n), Label: n.Label(), Leaf: n.Leaf, Player: n.Turn.String(), Children: []string{}}
	if n.Leaf {
		info.Value = num(n.Value)
	}
	if n.HasEval {
		info.Eval = num(n.Eval)
	}
	if n.Chance {
		info.Player = "chance"
	}
	if p := n.Parent(); p != nil {
		info.Index, info.Siblings = indexOf(p, n)+1, len(p.Children)
		info.InChance = p.Chance
		if n.PDen > 0 {
			info.P = string(score.AppendDecimal(nil, n.PNum, n.PDen))
		}
	} else {
		info.Root = true
		info.Player = "max"
		if t.RootMin {
			info.Player = "min"
		}
	}
	for _, c := range n.Children {
		info.Children = append(info.Children, traceName(c))
	}
	return info, nil
}

// Names lists the names of every node of a tree (as the drawing's
// data-path gives them), read as a draft, parents before children.
func Names(text string) ([]string, error) {
	t, err := tree.ParseDraft("tree", text)
	if err != nil {
		return nil, err
	}
	var out []string
	var walk func(n *tree.Node)
	walk = func(n *tree.Node) {
		out = append(out, traceName(n))
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
	return out, nil
}

// Indent prints a tree given as text in the indented form (the command
// line's tree show --indent), read as the search reads it (a built-in
// tree's name gives that tree).
func Indent(text string) (string, error) {
	t, err := tree.Load(text, strings.NewReader(""))
	if err != nil {
		return "", err
	}
	return tree.FormatIndented(t), nil
}

// RandomRequest asks for a random tree: prunescope tree random's
// --branching, --depth, --min, --max and --seed, and the quiz's
// --min-cutoffs and --deep-cutoff, counted with the lab's settings Args.
type RandomRequest struct {
	Branching  int      `json:"branching"`
	Depth      int      `json:"depth"`
	Min        int64    `json:"min"`
	Max        int64    `json:"max"`
	Seed       uint64   `json:"seed"`
	MinCutoffs int      `json:"cutoffs"`
	DeepCutoff bool     `json:"deep"`
	Args       []string `json:"args"`
}

// RandomResult is the tree drawn, in the indented text form, and the seed
// it was drawn with (the quiz's: the request's, or one derived from it
// when the request's tree did not meet the cutoffs asked for).
type RandomResult struct {
	Tree     string `json:"tree"`
	Line     string `json:"line"` // the tree on one line, what the lab searches
	TreeSeed string `json:"treeSeed"`
	Attempt  int    `json:"attempt"`
}

// Random draws the tree req asks for: without cutoffs asked for, the tree
// prunescope tree random prints with the same flags; with them, the tree
// prunescope quiz draws (the first of the seed's trees whose search, with
// the lab's algorithm and conventions, has them).
func Random(ctx context.Context, req RandomRequest) (*RandomResult, error) {
	if err := setup.CheckInt("branching", req.Branching, 1); err != nil {
		return nil, err
	}
	if err := setup.CheckInt("depth", req.Depth, 0); err != nil {
		return nil, err
	}
	leaves := int64(1)
	for i := 0; i < req.Depth && leaves <= MaxSteps; i++ {
		leaves *= int64(req.Branching)
	}
	if leaves > MaxSteps {
		return nil, setup.BadInputf("--branching: branching %d and depth %d make more than %d leaves, more than the lab shows (at most %d steps of a search): make the tree smaller", req.Branching, req.Depth, MaxSteps, MaxSteps)
	}
	if req.MinCutoffs == 0 && !req.DeepCutoff {
		t, err := tree.Random(req.Branching, req.Depth, req.Min, req.Max, req.Seed)
		if err != nil {
			return nil, setup.BadInput(setup.GenFlag(err), err)
		}
		return &RandomResult{Tree: tree.FormatIndented(t), Line: tree.Format(t), TreeSeed: strconv.FormatUint(req.Seed, 10)}, nil
	}
	f := NewFlags()
	if err := f.Parse(req.Args); err != nil {
		return nil, err
	}
	opt, err := f.algo.Options(engine.Game{})
	if err != nil {
		return nil, err
	}
	q, err := quiz.New(ctx, quiz.Spec{
		Gen: quiz.Gen{Branching: req.Branching, Depth: req.Depth, Min: req.Min, Max: req.Max, Seed: req.Seed,
			MinCutoffs: req.MinCutoffs, DeepCutoff: req.DeepCutoff},
		Opt:         opt,
		RightToLeft: f.input.OrderChildren == "rtl",
	})
	if err != nil {
		return nil, setup.BadInputf("%v", err)
	}
	return &RandomResult{Tree: tree.FormatIndented(q.Tree), Line: tree.Format(q.Tree), TreeSeed: strconv.FormatUint(q.TreeSeed, 10), Attempt: q.Attempt}, nil
}

// treeRequest asks about a tree (its text); nodeRequest about one of its
// nodes (by name).
type (
	treeRequest struct {
		Tree string `json:"tree"`
	}
	nodeRequest struct {
		Tree string `json:"tree"`
		Path string `json:"path"`
	}
)

func init() {
	registerJSON("edit", func(ctx context.Context, r EditRequest) (any, error) {
		return Edit(r)
	})
	registerJSON("node", func(ctx context.Context, r nodeRequest) (any, error) {
		return Node(r.Tree, r.Path)
	})
	registerJSON("names", func(ctx context.Context, r treeRequest) (any, error) {
		return Names(r.Tree)
	})
	registerJSON("indent", func(ctx context.Context, r treeRequest) (any, error) {
		s, err := Indent(r.Tree)
		if err != nil {
			return nil, err
		}
		return map[string]string{"tree": s}, nil
	})
	registerJSON("random", func(ctx context.Context, r RandomRequest) (any, error) {
		return Random(ctx, r)
	})
}
