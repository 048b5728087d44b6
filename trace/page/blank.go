package page

import (
	"strconv"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/scene"
)

// BlankSVG draws an exercise (the quiz's handout, see dot.Blank) as the page
// draws a search, with the page's own layout: every node by its side to
// move, every move on its edge, every evaluation point's value (format
// writes it), and nothing else — no inner value, no window, no cut, nothing
// greyed or dashed, so that a never-searched leaf looks like every other.
// Each node's group carries its name (data-path, "" at the root) for the
// lab's practise tab, which the student clicks.
func BlankSVG(t *trace.Subtree, format func(int64) string, style string) (string, error) {
	sc := &scene.Scene{Style: style, Page: true, Sizes: blankSizes}
	ids := 0
	var walk func(s *trace.Subtree) string
	walk = func(s *trace.Subtree) string {
		id := "n" + strconv.Itoa(ids)
		ids++
		n := &scene.Node{ID: id, Path: s.Path, CutFrom: -1, Of: -1}
		switch {
		case s.Leaf:
			n.Kind = scene.Leaf
			n.Lines = []scene.Line{{Role: scene.RoleValue, Runs: []scene.Run{{Text: format(s.Value)}}}}
		case s.Chance:
			n.Kind = scene.Chance
		case s.Max:
			n.Kind = scene.Max
		default:
			n.Kind = scene.Min
		}
		sc.Nodes = append(sc.Nodes, n)
		for i, c := range s.Children {
			cid := walk(c)
			sc.Edges = append(sc.Edges, &scene.Edge{From: id, To: cid, ID: "e" + cid[1:], Tree: true, Order: i,
				Label: []scene.Run{{Text: scene.MoveWithP(c.Move, c.PNum, c.PDen)}}, CutFrom: -1, Of: -1})
		}
		return id
	}
	walk(t)
	p, err := pictureOfScene(sc)
	if err != nil {
		return "", err
	}
	svg, err := drawSVG(p)
	if err != nil {
		return "", err
	}
	return string(svg), nil
}

// blankSizes are the page's text sizes (a node's value, a move on an edge,
// …), as the scene of a search drawn for the page has them.
var blankSizes = scene.TextSizes{Node: 14, Edge: 12, Window: 12, Small: scene.PageNoteSize, Move: 11, Box: 9}
