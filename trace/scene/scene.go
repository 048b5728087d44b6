// Package scene is prunescope's one drawing model: it turns a recorded
// search (trace/record) into a Scene — the nodes to draw with their shapes,
// the texts shown in them (move, value, window, cut reason, range, the lines
// of the selective techniques with the event that makes each true), their
// marks (cut, principal variation, current, never searched, the techniques'
// marks), the edges with their labels and marks in the order written, the
// legend items of the marks used, the title and its notes, and each node's
// size in points measured with a font's advances.
//
// Every choice of a drawing is made here: what to draw (the tops, the depth
// limit, the node and width budgets, the boxes that summarise the rest, the
// never-searched branches), what a mark means and how it is said in the
// legend. The writers — trace/dot (Graphviz DOT, and SVG/PNG through it),
// trace/tikz (LaTeX) and the projector page (trace/page) — only write a
// Scene; none decides what a node shows.
//
// A mark's look — its Okabe–Ito colour, its second cue (outline, dash,
// width, glyph) and its legend line — is one entry of the look table
// (look.go, LookOf, Table), which the styles ("default", "projector",
// "paper") adjust in one place and from which the page's CSS custom
// properties are generated (CSS).
//
// "Window" means one thing in every scene: the window (α, β) a node was
// entered with, as its parent passed it — never one narrowed by its own
// children.
//
// Build makes the scene of a recording under Options (the part drawn —
// root, Focus, Iteration —, DrawDepth and the MaxNodes and MaxWidth budgets
// it fits by summarising, or Whole to draw it all or refuse it with a
// *BudgetError; the negamax view, ranges, windows; a frame's Until and
// Current; the page's placeholders with Page). BuildDiff makes the scene of
// two searches compared by trace/diff. Measure sizes every node's text in
// points by a font's advances (PageAdvance: the page's embedded font);
// ShapeSize is the triangle, circle or box around it.
//
// A Node's ID is "n<ID>" for the searched node ID (the page's SVG group
// id), "u…" for a never-searched shape, "s…" or "f…" for a box; its Lines
// carry a Role (value, window, cut, range, note, head, move, text), so a
// writer finds each number, and a note its Seq, the event from which the
// page shows it; CutFrom ties what a cutoff left to the node that cut, Of a
// box to the node it hangs from. An Edge's Order is its place among its
// tail's edges, left to right; Tree is false for a table hit's arrow.
//
// The package imports nothing of DOT, TikZ or Graphviz and makes no
// operating-system call: the page's WebAssembly build uses it.
package scene

import "strings"

// Scene is a drawing of a recorded search, ready for a writer.
type Scene struct {
	// Title are the lines above the picture (what was searched, the
	// options, the input and the result, the caption, the note of what was
	// summarised); empty with Options.NoTitle and on the page.
	Title []Line
	// Nodes are the shapes, in the order written: a node before the nodes
	// below it, siblings in their order left to right.
	Nodes []*Node
	// Edges are the lines between shapes, in the order written (siblings
	// left to right, see Edge.Order).
	Edges []*Edge
	// Legend are the legend's items for the marks used, in order (empty
	// with Options.NoLegend and on the page). Writers put the legend under
	// the picture.
	Legend []LegendItem
	// Stats say what the scene shows and what it leaves out.
	Stats Stats
	// Style is the look the scene is drawn in ("default", "projector",
	// "paper"): LookOf(mark, Style) is each mark's look.
	Style string
	// Sizes are the point sizes of the scene's texts.
	Sizes TextSizes
	// Page says the scene is the projector page's (Options.Page): the page
	// writes the numbers itself, each Line of role RoleValue, RoleWindow,
	// RoleCut holding a placeholder of its size.
	Page bool
	// Game says the scene is of a game's search (not a toy tree): the
	// drawing is kept narrow.
	Game bool
	// Diff says the scene compares two searches (BuildDiff).
	Diff bool
}

// Kind is what a node of a scene stands for, which sets its shape.
type Kind int

// The kinds of nodes.
const (
	// Max is an inner node where MAX is to move: an upward triangle
	// (the negamax view draws every inner node so).
	Max Kind = iota
	// Min is an inner node where MIN is to move: a downward triangle.
	Min
	// Chance is a chance node: a circle.
	Chance
	// Leaf is an evaluation point: a box with its value.
	Leaf
	// Summary is a box counting searched nodes not drawn one by one (below
	// the depth drawn, counted and not kept): dotted, rounded.
	Summary
	// More is a box counting a node's searched children past the width
	// drawn: dotted, rounded, as Summary.
	More
	// Pruned is a box naming the moves a cutoff left unsearched: grey,
	// dashed, rounded.
	Pruned
	// Futile is a box naming the moves futility pruning skipped: dashed,
	// rounded, in the futility look.
	Futile
	// Count is a box counting the nodes under a never-searched node drawn
	// at the depth limit: grey, dashed.
	Count
)

var kindNames = [...]string{Max: "max", Min: "min", Chance: "chance", Leaf: "leaf", Summary: "summary",
	More: "more", Pruned: "pruned", Futile: "futile", Count: "count"}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Inner says whether k is a searched or never-searched game node drawn as
// a triangle or circle (not a leaf, not a box).
func (k Kind) Inner() bool { return k == Max || k == Min || k == Chance }

// Box says whether k is one of the boxes that stand for nodes or moves not
// drawn one by one.
func (k Kind) Box() bool { return k >= Summary }

// Node is a shape of a scene.
type Node struct {
	// ID is the node's name, unique in the scene: "n<ID>" for a searched
	// node (its record.Node id), "u<k>" for a never-searched one, "s<k>"
	// for a summary, more, pruned or count box, "f<k>" for a futility box.
	// The page's SVG uses it as the group's id.
	ID string
	// Kind sets the shape.
	Kind Kind
	// Rec is the id of the searched node drawn (Searched), for writers
	// that link back to the recording (the page's n<ID>).
	Rec      int64
	Searched bool
	// Path is the trace's path of the node drawn (the moves from the root
	// joined by spaces; a toy tree's node name), searched or never
	// searched; "" for a box. The page writes it (data-path): the lab finds
	// the tree's node a click means by it.
	Path string
	// Unsearched says the node was never searched: a shape of the known
	// tree that a cutoff left (grey, dashed: the MarkUnsearched look).
	Unsearched bool
	// CutFrom is, for a never-searched node or a pruned box, the searched
	// node whose cutoff left it (the page's data-cut); -1 otherwise.
	CutFrom int64
	// Of is, for a box, the searched node it hangs from (the page's
	// data-of); -1 otherwise.
	Of int64
	// Lines are the texts shown in the node, top to bottom.
	Lines []Line
	// Marks are the looks of the node's outline and fill, the first the
	// strongest (see LookOf); a writer draws each with its colour and its
	// second cue.
	Marks []Mark
	// Hidden nodes are laid out but not shown (Options.Until: entered
	// after the event drawn up to), so that frames do not move.
	Hidden bool
	// Tooltip is a sentence for a viewer's tooltip: "node 3: 2.1".
	Tooltip string
	// Depth is the node's ply below the scene's top.
	Depth int
	// Width and Height are the size in points of the node's text block
	// (the widest line, the lines' heights), set by Measure; the shape
	// around it is the writer's (see ShapeSize).
	Width, Height float64
}

// Has says whether n carries mark m.
func (n *Node) Has(m Mark) bool {
	for _, x := range n.Marks {
		if x == m {
			return true
		}
	}
	return false
}

// Line returns n's first line of role r, nil when it has none.
func (n *Node) Line(r Role) *Line {
	for i := range n.Lines {
		if n.Lines[i].Role == r {
			return &n.Lines[i]
		}
	}
	return nil
}

// Role is what a line of a node says.
type Role int

// The roles of lines.
const (
	RoleValue  Role = iota // the value a node returned: "≤3", "?" while open
	RoleWindow             // the window it was entered with: "(3, +∞)"
	RoleCut                // the reason of its cutoff: "✂ 2 ≤ α"
	RoleRange              // the range its value may take: "[3, +∞]"
	RoleNote               // a selective technique's line: "Ø null move: 5 ≥ β"
	RoleHead               // a root visit's head: "iteration 2, pass 1"
	RoleMove               // the move into the node, written inside it
	RoleText               // a box's text
	RoleTitle              // a title line (Scene.Title)
)

// Line is one line of text of a node, an edge or the title.
type Line struct {
	Role Role
	Runs []Run
	// Seq is the sequence number of the event that makes the line true
	// (RoleNote: the page shows it from that step); 0 when it is true from
	// the node's entry.
	Seq int64
}

// Text is the line's text, its runs joined.
func (l Line) Text() string {
	s := ""
	for _, r := range l.Runs {
		s += r.Text
	}
	return s
}

// Run is a run of text in one size, weight and look.
type Run struct {
	Text string
	// Size is the run's size in points; 0 for the size of what holds it
	// (Scene.Sizes: a node's Node, an edge's Edge, a box's Box).
	Size float64
	Bold bool
	// Mark is the look whose colour the run is written in; MarkNone: the
	// text's colour (LookOf(MarkNone) is black).
	Mark Mark
}

// Edge is a line from a node to a node below it (or, for a table hit, to
// the node that stored the entry).
type Edge struct {
	From, To string // Node.ID
	// ID is the edge's name on the page: "e<ID>" for the edge into the
	// searched node ID; "" for others.
	ID string
	// Label is the move (with its probability, a re-search's pass, a depth
	// change, the visit's order), empty when the move is written inside
	// the child (RoleMove).
	Label []Run
	// Marks are the looks of the line: MarkPV bold, MarkUnsearched grey
	// dashed, MarkNullPass, MarkReduce, MarkExtend, MarkTT, MarkSummary,
	// MarkFutility. LeadCut puts a ✂ (MarkCut's glyph) before the label.
	Marks   []Mark
	LeadCut bool
	// Order is the edge's place among the edges out of From, from 0, left
	// to right.
	Order int
	// Tree says the edge is part of the tree (it sets the layout); a table
	// hit's arrow is not, and is drawn from the side of From to the side
	// of To with an arrowhead.
	Tree bool
	// CutFrom and Of: as Node's, for the page (-1 when not).
	CutFrom, Of int64
	Hidden      bool
}

// Has says whether e carries mark m.
func (e *Edge) Has(m Mark) bool {
	for _, x := range e.Marks {
		if x == m {
			return true
		}
	}
	return false
}

// LegendItem is a line of the legend: the mark it explains (its look draws
// the sample: colour, outline, glyph) and the sentence.
type LegendItem struct {
	Mark Mark
	Text string
}

// Stats say what a scene shows.
type Stats struct {
	Drawn     int    // shapes drawn (nodes, unsearched nodes, summary boxes)
	Searched  int    // searched nodes in the recording
	Depth     int    // plies drawn below the top node
	Truncated bool   // some searched nodes are only counted in boxes
	Note      string // what was summarised, "" when everything is drawn
	// Notes are, on the page (Options.Page), the sequence numbers of the
	// events that made each of a node's lines of the selective techniques
	// true, in the order of the lines, by node id: the page shows a line
	// from the step of its event.
	Notes map[int64][]int64
}

// TextSizes are the point sizes of a scene's text: compact in a figure,
// larger on the projector page (Options.Page), which a class reads from the
// back of the room.
type TextSizes struct {
	Node, Edge int // a node's value; a move on an edge
	Window     int // a node's window
	Small      int // the lines of cutoffs and of the selective techniques
	Move       int // a move written inside a shape
	Box        int // the boxes that count nodes, and the legend
}

// LegendLines breaks a legend item's text into lines of at most width
// characters, at spaces (a word longer than width is a line of its own),
// so that the legend does not set the picture's width.
func LegendLines(s string, width int) []string {
	var lines, cur []string
	n := 0
	for _, word := range strings.Fields(s) {
		l := len([]rune(word))
		if n > 0 && n+1+l > width {
			lines = append(lines, strings.Join(cur, " "))
			cur, n = nil, 0
		}
		if n > 0 {
			n++
		}
		cur = append(cur, word)
		n += l
	}
	if len(cur) > 0 {
		lines = append(lines, strings.Join(cur, " "))
	}
	return lines
}
