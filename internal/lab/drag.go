package lab

import (
	"context"

	"github.com/prunescope/prunescope/engine/tree"
)

// The tree tab's drag in the drawing (parts/12-drag.js): a node pressed
// and moved along its row goes among its siblings, by the edit "move". To
// know at the press whether a drawn node has siblings and where they are
// drawn, the page asks once a search for the tree's families (the call
// "families").

// Family is an inner node and its children, in order, by the names the
// drawing gives them (data-path, "" for the root) and the edits take.
type Family struct {
	Parent   string   `json:"parent"`
	Children []string `json:"children"`
}

// Families lists the inner nodes of a tree (its text, read as a draft, as
// the edits read it) with their children, parents before children.
func Families(text string) ([]Family, error) {
	t, err := tree.ParseDraft("tree", text)
	if err != nil {
		return nil, err
	}
	out := []Family{}
	var walk func(n *tree.Node)
	walk = func(n *tree.Node) {
		if len(n.Children) == 0 {
			return
		}
		f := Family{Parent: traceName(n)}
		for _, c := range n.Children {
			f.Children = append(f.Children, traceName(c))
		}
		out = append(out, f)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(t.Root)
	return out, nil
}

func init() {
	registerJSON("families", func(ctx context.Context, r treeRequest) (any, error) {
		return Families(r.Tree)
	})
}
