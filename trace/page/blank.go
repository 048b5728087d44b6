package page

import (
	"strconv"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/scene"
)

// BlankSVG draws an exercise (the quiz's handout, see dot.Blank) as the page
// draws a search, with the page's own layout: every node by its side to
// move, every move on its edge (an outcome's probability in info's
// language: 0,25 in Russian and Czech), every evaluation point's value
// (explain.Number writes it: 3,5 in Russian and Czech), and nothing else — no inner value, no window, no cut, nothing
// greyed or dashed, so that a never-searched leaf looks like every other.
// Each node's group carries its name (data-path, "" at the root) for the
// lab's practise tab, which the student clicks.
func BlankSVG(t *trace.Subtree, info *trace.Info, style string) (string, error) {
	p := explain.Printer(info)
	sc := &scene.Scene{Style: style, Page: true, Sizes: blankSizes}
	ids := 0
	var walk func(s *trace.Subtree) string
	walk = func(s *trace.Subtree) string {
		// Ids b1, b2, …: a line of a shape not a search's node ("n…") is
		// written inside it, as a box's text is.
		id := "b" + strconv.Itoa(ids)
		ids++
		n := &scene.Node{ID: id, Path: s.Path, CutFrom: -1, Of: -1}
		switch {
		case s.Leaf:
			n.Kind = scene.Leaf
			n.Lines = []scene.Line{{Role: scene.RoleText, Runs: []scene.Run{{Text: explain.Number(info, s.Value)}}}}
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
				Label: []scene.Run{{Text: scene.MoveWithPIn(p, c.Move, c.PNum, c.PDen)}}, CutFrom: -1, Of: -1})
		}
		return id
	}
	walk(t)
	pic, err := pictureOfScene(sc)
	if err != nil {
		return "", err
	}
	for _, sh := range pic.shapes {
		// An inner node: an empty shape with room to write a value in
		// (the layout makes it at least half these sizes).
		switch sh.shape {
		case "triangle", "invtriangle":
			sh.fixedW, sh.fixedH = 2*blankInner[0], 2*blankInner[1]
		case "circle":
			sh.fixedW, sh.fixedH = 2*blankInner[1], 2*blankInner[1]
		}
	}
	svg, err := drawSVG(pic)
	if err != nil {
		return "", err
	}
	return string(svg), nil
}

// blankInner is the width and height of an inner node's empty shape, in
// points: a two-digit value fits in it.
var blankInner = [2]float64{44, 32}

// blankSizes are the page's text sizes (a node's value, a move on an edge,
// …), as the scene of a search drawn for the page has them.
var blankSizes = scene.TextSizes{Node: 14, Edge: 12, Window: 12, Small: scene.PageNoteSize, Move: 11, Box: 9}
