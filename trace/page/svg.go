package page

import (
	"strings"

	"github.com/prunescope/prunescope/trace/scene"
)

// Shapes are the shapes of the drawing the page's state names: the searched
// nodes drawn (by trace id) and the never-searched shapes (by SVG id, with
// the node whose cutoff left them).
type Shapes struct {
	Searched   map[int64]bool
	Unsearched map[string]int64
	// Notes are the events that made each line of a node's selective
	// techniques true (scene.Stats.Notes), by node id.
	Notes map[int64][]int64
}

// shapesOf lists the shapes of the page's scene: its searched nodes, and
// its never-searched nodes (u<k>) with the node whose cutoff left them.
func shapesOf(sc *scene.Scene) Shapes {
	sh := Shapes{Searched: map[int64]bool{}, Unsearched: map[string]int64{}}
	for _, n := range sc.Nodes {
		switch {
		case n.Searched:
			sh.Searched[n.Rec] = true
		case n.Unsearched && strings.HasPrefix(n.ID, "u") && n.CutFrom >= 0:
			sh.Unsearched[n.ID] = n.CutFrom
		}
	}
	return sh
}
