package page

// The picture of the page: the shapes, their lines of text and the edges
// the page draws, read from the page's scene (trace/scene with
// Options.Page, which decides what is drawn: the nodes searched, the moves
// never searched, the boxes that count what is not drawn, the lines of the
// selective techniques; fromscene.go) and laid out by the page itself
// (draw.go, with trace/layout), without Graphviz.

// picShape is one shape of the picture: a searched node (n<ID>), a move
// never searched (u<N>) or a box hanging from a node (s<N>).
type picShape struct {
	id      string // n5, u3, s2
	shape   string // triangle, invtriangle, box, circle
	lines   []picLine
	style   string // the DOT style: dashed, dotted, rounded, filled
	color   string // the outline's colour ("": black)
	look    string // the look table's name of its mark (scene.Look.Name): its colours are the page's --ps-<look> ("": none)
	fill    string // the fill ("": white)
	font    string // the text's colour ("": black)
	size    float64
	tooltip string
	path    string // the trace's path of the node drawn (data-path), "" for a box
	class   string // unsearched, or ""
	cut, of int64  // the node whose cutoff left it unsearched, or it hangs from (-1: none)
	// A shape of fixed size in the DOT (a never-searched inner node): its
	// width and height, in points.
	fixedW, fixedH float64
	parent         int // index of the shape it hangs from (-1: the root)
	edge           *picEdge
	children       []int
}

// picLine is a line of a shape's label: its runs, and what the player does
// with it (ps-v, ps-w, ps-c, ps-note, "" for a fixed text).
type picLine struct {
	runs  []picRun
	class string
	// place is where a line that is not a number goes: above the shape
	// (the move), below it (the notes, a root visit's head), or, when not
	// said (placeAny), above if it comes before the value, below after it.
	place int
}

// The places of a node's lines (picLine.place).
const (
	placeAny = iota
	placeAbove
	placeBelow
)

// picRun is a run of text of one style.
type picRun struct {
	text  string
	size  float64
	bold  bool
	color string
	look  string // as picShape.look
}

// picEdge is an edge: into a shape from its parent, or across the tree
// (cross: a transposition table's hit points at the entry's node).
type picEdge struct {
	id           string // e5 for the edge into node 5, or ""
	from, to     int
	label        []picRun
	style, color string
	look         string // as picShape.look
	class        string
	cut, of      int64
	cross        bool
}

// picture is the page's picture before it is laid out.
type picture struct {
	shapes []*picShape
	cross  []*picEdge
	// roots are the shapes that hang from none: the root, or every visit
	// of the root, side by side (iterative deepening, aspiration, MTD(f)).
	roots []int
}
