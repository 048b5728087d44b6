package scene

import (
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// Options tune a scene: what part of the search to draw, how deep, in
// which view and style.
type Options struct {
	// DrawDepth draws nodes at most this many plies below the top node; deeper
	// parts become boxes counting their nodes. 0: as deep as the budget allows.
	DrawDepth int
	// Focus draws only the subtree of the node with this path (moves from the
	// root joined by spaces, or a toy-tree node name). "" draws from the root.
	Focus string
	// MaxNodes is the node budget of one drawing (0: DefaultMaxNodes).
	MaxNodes int
	// MaxWidth is the most shapes drawn side by side on one level (0:
	// DefaultMaxWidth): the width of a picture is what makes it unreadable.
	MaxWidth int
	// Negamax shows values and windows from the side to move's point of view
	// instead of MAX's.
	Negamax bool
	// Iteration draws this iteration of an iterative search, every pass of
	// the root in it (0: the last completed one).
	Iteration int

	// Until draws the search as it stood after the event with this sequence
	// number (0: at its end), for a step-by-step film: nodes not entered yet
	// are laid out but invisible, so that nothing moves from one frame to the
	// next; nodes not left yet show "?"; cutoffs appear when they happen.
	Until int64
	// SkipFuture leaves the nodes not entered yet out instead (for a search
	// too big to draw whole, where they would leave the picture empty).
	SkipFuture bool
	// FocusID draws the subtree of the node with this id (when HasFocusID),
	// as Focus does by path: a step's frame shows where the search is.
	FocusID    int64
	HasFocusID bool
	// Current highlights the node with this id (when HasCurrent): the node
	// the step is about.
	Current    int64
	HasCurrent bool
	// Caption is written under the title, e.g. what the step did.
	Caption string
	// Page lays the search out for the projector page (trace/page): every
	// root visit (iterations, passes) unless Iteration names one. The page
	// writes each node's numbers itself as the search goes: a searched
	// node's value, window and cutoff reason are placeholders of their size
	// (PageValue, PageWindow, PageCut), the outlines of the principal
	// variation and of cutoffs are left to the page, the graph has no title,
	// and every shape and edge carries an SVG id or class: n<ID> for a
	// searched node and e<ID> for the edge into it; class "unsearched
	// ps-cut<ID>" for a never-searched shape or edge, ID being the node whose
	// cutoff left it; class "ps-of<ID>" for a box or edge that hangs from the
	// searched node ID (counts, futility, table hits).
	Page bool
	// Ranges writes under each searched inner node the range [lo, hi] its
	// value may take, as known at the moment drawn (AIMA Figure 5.5; see
	// record.Node.RangeAt): an exact value [v, v], a lower bound [v, +∞], an
	// upper bound [−∞, v]. A leaf's range is its value, already written.
	Ranges bool
	// PageWidths are the most characters the page writes for a value (its
	// bound's sign included), an α and a β (0: 5 each): the placeholders are
	// that wide, so that a tree of one-digit values is laid out for them.
	PageWidths [3]int

	// Style is the figure's look: "" or "default"; "projector", larger text
	// and thicker lines; "paper", a colour-blind-safe palette (Okabe and
	// Ito's) in which every mark also differs by its outline or dash, so
	// that a greyscale print still tells them apart.
	Style string
	// NoTitle and NoLegend leave out the title (with its notes) and the
	// legend, for a figure whose caption says it all.
	NoTitle, NoLegend bool
	// NoWindows leaves the windows out: values only (a LaTeX picture's
	// --tikz-windows=false).
	NoWindows bool
	// Whole draws the chosen part in full down to DrawDepth (every child,
	// every never-searched branch), never summarised to fit MaxNodes and
	// MaxWidth: a scene of more than MaxNodes shapes is refused with a
	// *BudgetError instead, before it is built (the LaTeX picture, which
	// the author cuts down himself).
	Whole bool
}

// BudgetError refuses a scene of more shapes than Options.MaxNodes when
// Options.Whole forbids summarising it.
type BudgetError struct {
	Shapes, Max int
	Depth       int // the plies the scene was to draw below its top
}

func (e *BudgetError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *BudgetError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *BudgetError) err() error {
	return i18n.Errorf("the picture would take %d shapes, more than the %d allowed", e.Shapes, e.Max)
}

// PageCut is the placeholder of Options.Page where the page marks a cutoff.
const PageCut = "✂"

// PageValue and PageWindow are the placeholders of Options.Page where the
// page writes a node's value and window: zeros as many as widths say (0: 5).
func PageValue(widths [3]int) string { return zeros(widths[0]) }

// PageWindow: see PageValue.
func PageWindow(widths [3]int) string {
	return "(" + zeros(widths[1]) + ", " + zeros(widths[2]) + ")"
}

func zeros(n int) string {
	if n <= 0 {
		n = 5
	}
	return strings.Repeat("0", min(n, 40))
}

// IsPageValue says whether a label's text is PageValue's placeholder: one
// or more zeros.
func IsPageValue(s string) bool { return s != "" && strings.Trim(s, "0") == "" }

// IsPageWindow says whether a label's text is PageWindow's placeholder:
// "(0…0, 0…0)".
func IsPageWindow(s string) bool {
	inner, ok := strings.CutPrefix(s, "(")
	if !ok {
		return false
	}
	if inner, ok = strings.CutSuffix(inner, ")"); !ok {
		return false
	}
	lo, hi, ok := strings.Cut(inner, ", ")
	return ok && IsPageValue(lo) && IsPageValue(hi)
}

// DefaultMaxNodes is the node budget when Options.MaxNodes is 0: enough for a
// homework tree drawn in full, small enough to read and to render quickly.
const DefaultMaxNodes = 400

// DefaultMaxWidth is the width budget when Options.MaxWidth is 0: a homework
// tree of 81 leaves is drawn in full, a wider search as an overview.
const DefaultMaxWidth = 100

// MaxNodesLimit is the largest node budget a drawing takes (Options.MaxNodes,
// the command line's --max-draw): Graphviz lays out 5000 shapes in seconds,
// many more in minutes. Larger budgets are lowered to it.
const MaxNodesLimit = 5000

// MaxWidthLimit is the largest width budget (Options.MaxWidth): the width
// that goes with MaxNodesLimit as DefaultMaxWidth goes with DefaultMaxNodes.
// Larger budgets are lowered to it.
const MaxWidthLimit = DefaultMaxWidth * MaxNodesLimit / DefaultMaxNodes

// FocusError reports a focus path that names no searched node.
type FocusError struct {
	Focus string
	Near  []string // moves searched from the deepest node that matched
}

func (e *FocusError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *FocusError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *FocusError) err() error {
	if len(e.Near) > 0 {
		return i18n.Errorf("focus %q: no searched node has this path (searched there: %s)", e.Focus, strings.Join(e.Near, ", "))
	}
	return i18n.Errorf("focus %q: no searched node has this path", e.Focus)
}

// Tops chooses the tops to draw, as Build does: the focus node (Focus, or
// FocusID), or every pass of the chosen iteration (Iteration, the last
// completed one by default) with that iteration's number, or the root. A
// focus that names no node is a *FocusError, an iteration the search does
// not have an *IterationError. Other sinks (trace/tikz) draw the same part.
func Tops(rec *record.Recording, opt Options) ([]*record.Node, int, error) {
	if opt.HasFocusID {
		if n := rec.Node(opt.FocusID); n != nil {
			return []*record.Node{n}, 0, nil
		}
		return nil, 0, i18n.Errorf("node %d was not recorded", opt.FocusID)
	}
	if opt.Focus != "" {
		top, err := Find(rec, opt.Focus)
		return []*record.Node{top}, 0, err
	}
	if len(rec.Roots) <= 1 {
		return []*record.Node{rec.Root}, 0, nil
	}
	if opt.Page && opt.Iteration == 0 {
		// The page replays every root visit: each is drawn, to appear
		// when it is searched.
		return rec.Roots, 0, nil
	}
	last := rec.LastIteration()
	it := opt.Iteration
	if it == 0 {
		it = last
		if rec.Iterations > 0 && rec.Iterations < last {
			it = rec.Iterations // the last completed iteration answers
		}
	}
	if it < 1 || it > last {
		return nil, 0, &IterationError{Iteration: it, Last: last}
	}
	var tops []*record.Node
	for _, r := range rec.Roots {
		if r.Iteration == it {
			tops = append(tops, r)
		}
	}
	return tops, it, nil
}

// IterationError reports an iteration the recording does not have.
type IterationError struct{ Iteration, Last int }

func (e *IterationError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *IterationError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *IterationError) err() error {
	return i18n.Errorf("iteration %d: the search has iterations 1 to %d", e.Iteration, e.Last)
}

// Find returns the last visit of the node with the given path (moves from
// the root joined by spaces, a toy-tree node name, or "root"), or a
// *FocusError.
func Find(rec *record.Recording, path string) (*record.Node, error) {
	path = strings.Join(strings.Fields(path), " ")
	var found *record.Node
	for _, n := range rec.Nodes {
		if n.Path == path || (path == "root" && n.Ply == 0) {
			found = n
		}
	}
	if found != nil {
		return found, nil
	}
	// Say what was searched at the deepest prefix that exists (for games).
	e := &FocusError{Focus: path}
	moves := strings.Fields(path)
	for k := len(moves) - 1; k >= 0; k-- {
		prefix := strings.Join(moves[:k], " ")
		for _, n := range rec.Nodes {
			if n.Path == prefix {
				for _, c := range n.Children {
					e.Near = appendUnique(e.Near, c.Move)
				}
			}
		}
		if len(e.Near) > 0 {
			break
		}
	}
	if len(e.Near) > 12 {
		e.Near = append(e.Near[:12], "…")
	}
	return nil, e
}

func appendUnique(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}

// Height is the number of plies below n in the recording, unsearched parts
// included.
func Height(n *record.Node) int {
	h := 0
	for _, c := range n.Children {
		h = max(h, 1+Height(c))
	}
	if n.Cut != nil {
		for _, s := range n.Cut.Unsearched {
			h = max(h, 1+SubtreeHeight(s))
		}
	}
	return h
}

// SubtreeHeight is the number of plies below a never-searched subtree's top.
func SubtreeHeight(s *trace.Subtree) int {
	h := 0
	for _, c := range s.Children {
		h = max(h, 1+SubtreeHeight(c))
	}
	return h
}
