package page

import (
	"fmt"
	"slices"
	"strings"

	"github.com/prunescope/prunescope/trace/scene"
)

// pictureOfScene is the page's picture of a scene (trace/scene, drawn with
// Options.Page): the same shapes, texts and edges the page's DOT holds
// (pictureOf), read from the drawing model instead of from its DOT text,
// each mark in its look of the scene's style.
func pictureOfScene(sc *scene.Scene) (*picture, error) {
	p := &picture{}
	index := map[string]int{}
	for _, n := range sc.Nodes {
		s := &picShape{id: n.ID, tooltip: n.Tooltip, path: n.Path, parent: -1, size: float64(sc.Sizes.Node), cut: -1, of: -1}
		switch n.Kind {
		case scene.Max:
			s.shape = "triangle"
		case scene.Min:
			s.shape = "invtriangle"
		case scene.Chance:
			s.shape = "circle"
		default:
			s.shape = "box"
		}
		if n.Kind.Box() {
			s.style = "rounded"
			s.size = float64(sc.Sizes.Box)
		}
		if len(n.Marks) > 0 {
			look := scene.LookOf(n.Marks[0], sc.Style)
			s.color, s.fill, s.look = look.Colour, look.Fill, look.Name
			s.style += " " + strokeStyle(look.Stroke)
		}
		if n.Unsearched {
			s.class = "unsearched"
			if n.Kind.Inner() && len(n.Lines) == 0 {
				// A never-searched inner node: its shape alone, as large
				// as a Graphviz drawing has it (0.6 by 0.4 inches, a
				// circle 0.4).
				s.fixedW, s.fixedH = 43.2, 28.8
				if n.Kind == scene.Chance {
					s.fixedW = 28.8
				}
			}
		}
		if n.CutFrom >= 0 && (n.Unsearched || n.Kind == scene.Pruned) {
			s.cut = n.CutFrom
		} else if n.Of >= 0 {
			s.of = n.Of
		}
		for _, l := range n.Lines {
			pl := sceneLine(l, s.size, sc.Style)
			if !n.Searched {
				pl.class = "" // a never-searched leaf's value is known: it is written, not a slot
				if l.Role == scene.RoleValue && strings.ContainsAny(l.Text(), ".,") {
					// A decimal, written in the page's language: i18n.js
					// writes it again in the language shown (3.5, 3,5).
					pl.class = "ps-num"
				}
			}
			s.lines = append(s.lines, pl)
		}
		if _, dup := index[n.ID]; dup {
			return nil, fmt.Errorf("page: the scene has two nodes %s", n.ID)
		}
		index[n.ID] = len(p.shapes)
		p.shapes = append(p.shapes, s)
	}
	if len(p.shapes) == 0 {
		return nil, fmt.Errorf("page: the scene has no nodes")
	}
	order := map[int]int{} // a shape's place among its parent's children
	for _, e := range sc.Edges {
		from, ok1 := index[e.From]
		to, ok2 := index[e.To]
		if !ok1 || !ok2 {
			return nil, fmt.Errorf("page: the scene's edge %s -> %s joins no nodes", e.From, e.To)
		}
		pe := &picEdge{id: e.ID, from: from, to: to, cut: -1, of: -1}
		if len(e.Marks) > 0 {
			look := scene.LookOf(e.Marks[0], sc.Style)
			pe.color, pe.style, pe.look = look.Colour, strokeStyle(look.Stroke), look.Name
		}
		if e.Has(scene.MarkUnsearched) {
			pe.class = "unsearched"
		}
		if e.CutFrom >= 0 {
			pe.cut = e.CutFrom
		} else if e.Of >= 0 {
			pe.of = e.Of
		}
		for _, r := range e.Label {
			pe.label = append(pe.label, sceneRun(r, float64(sc.Sizes.Edge), sc.Style))
		}
		if !e.Tree || p.shapes[to].edge != nil || to == 0 || from == to {
			pe.cross = true
			p.cross = append(p.cross, pe)
			continue
		}
		p.shapes[to].edge = pe
		p.shapes[to].parent = from
		p.shapes[from].children = append(p.shapes[from].children, to)
		order[to] = e.Order
	}
	for _, s := range p.shapes {
		// The children left to right (Edge.Order).
		slices.SortStableFunc(s.children, func(a, b int) int { return order[a] - order[b] })
	}
	for i, s := range p.shapes {
		if s.edge == nil {
			p.roots = append(p.roots, i)
		}
	}
	return p, nil
}

// sceneLine is a scene's line as the page draws it: a number's placeholder
// becomes the player's slot (ps-v, ps-w, ps-c; a range is written in the
// window's), a technique's line a note shown from its step.
func sceneLine(l scene.Line, size float64, style string) picLine {
	out := picLine{}
	for _, r := range l.Runs {
		out.runs = append(out.runs, sceneRun(r, size, style))
	}
	switch l.Role {
	case scene.RoleValue:
		out.class = "ps-v"
	case scene.RoleWindow, scene.RoleRange:
		out.class = "ps-w"
	case scene.RoleCut:
		out.class = "ps-c"
	case scene.RoleNote:
		out.class, out.place = "ps-note", placeBelow
	case scene.RoleHead:
		out.place = placeBelow
	case scene.RoleMove:
		out.place = placeAbove
		out.class = probabilityClass(out.runs) // a chance node's outcome: 2.1 (0,5)
	}
	return out
}

func sceneRun(r scene.Run, size float64, style string) picRun {
	out := picRun{text: r.Text, size: r.Size, bold: r.Bold}
	if out.size <= 0 {
		out.size = size
	}
	if r.Mark != scene.MarkNone {
		look := scene.LookOf(r.Mark, style)
		out.color, out.look = look.Colour, look.Name
	}
	return out
}

// strokeStyle is a look's stroke in the picture's words (DOT's styles).
func strokeStyle(s scene.Stroke) string {
	switch s {
	case scene.Dashed:
		return "dashed"
	case scene.Dotted:
		return "dotted"
	case scene.Double:
		return "double"
	}
	return ""
}

// lookCSS are the page's rules that colour the picture from the look
// table's custom properties (scene.CSS: --ps-cut, --ps-unsearched, …): a
// shape, edge or text of a mark's look has the class ps-l-<name>. The
// picture's colour attributes are the same values, for a reader without
// CSS. Written before the page's own rules, which win over these (the
// current node's outline, the cutoff's), as they do over the attributes.
func lookCSS(style string) string {
	var b strings.Builder
	for _, l := range scene.Table(style) {
		c := "ps-l-" + l.Name
		fmt.Fprintf(&b, "#ps-svg text.%s { fill: var(--ps-%s); }\n", c, l.Name)
		fmt.Fprintf(&b, "#ps-svg polygon.%[1]s, #ps-svg ellipse.%[1]s, #ps-svg path.%[1]s { stroke: var(--ps-%[2]s); }\n", c, l.Name)
		if l.Fill != "" {
			fmt.Fprintf(&b, "#ps-svg polygon.%[1]s, #ps-svg ellipse.%[1]s, #ps-svg .node path.%[1]s { fill: var(--ps-%[2]s-fill); }\n", c, l.Name)
		}
	}
	return b.String()
}
