package page

import (
	"math"
	"slices"

	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// Node is what the page shows of a node at a step: its window, the window
// it was entered with as its parent passed it (never narrowed by its own
// children); while it is open, its live state beside it (Live: "best 5 · α
// 5" at MAX, "best 3 · β 3" at MIN, "closed: α 3 ≥ β 2 — cut" once α
// reaches β; step.Live); its value so far or returned and the bound of a
// returned value, whether a cutoff happened there, and the marks the
// events concerning it left (step.MarksOf). Numbers are text as
// trace.Info.Format writes them; "" where there is none.
type Node struct {
	Alpha, Beta string
	// Best is the best value of its moves so far while it is open.
	Best  string
	Live  string
	Marks step.Marks
	Value string
	// Bound is "exact", "lower" or "upper" once the node has returned its
	// value (a leaf's is exact: its own evaluation), "" while it is open.
	Bound string
	Cut   bool
	// Lo and Hi are the node's range [Lo, Hi] at the step (AIMA's Figure
	// 5.5), on a page drawn with ranges (they take the window's place).
	Lo, Hi string
}

// tracker follows the nodes entered so far through the player's steps.
type tracker struct {
	in     *trace.Info
	nodes  map[int64]Node // every node entered so far
	counts [3]int64       // nodes entered, leaves, cutoffs and prunes
	// pending: the marks of a reduction or extension of a move, for the
	// child entered next.
	pending step.Marks
	// widths are the most characters of a value as the page writes it (with
	// its bound's sign), of an α and of a β: scene.Options.PageWidths.
	widths [3]int
	// rec is the whole search's recording when the page draws ranges (nil
	// else): a node's range at a step is read from it (record.RangeWithin).
	rec    *record.Recording
	within record.Range
}

func newTracker(in *trace.Info) *tracker {
	return &tracker{in: in, nodes: map[int64]Node{}}
}

// withRanges makes the tracker follow the nodes' ranges, read from rec: a
// chance node's unsearched outcomes count at the bounds the run gives every
// value, if any.
func (t *tracker) withRanges(rec *record.Recording) *tracker {
	t.rec, t.within = rec, record.Everything
	if b := t.in.Bounds; b != nil {
		t.within = record.Range{Lo: b.Alpha, Hi: b.Beta}
	}
	return t
}

// ranges updates every entered node's range as known after the event at,
// through set.
func (t *tracker) ranges(at int64, set func(int64, Node)) {
	ids := make([]int64, 0, len(t.nodes))
	for id := range t.nodes {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		rn := t.rec.Node(id)
		if rn == nil || rn.Leaf {
			continue // a leaf's value is its own: AIMA's figure gives leaves no range
		}
		r, ok := rn.RangeWithin(at, t.within)
		if !ok {
			continue
		}
		n := t.nodes[id]
		n.Lo, n.Hi = t.in.Format(r.Lo), t.in.Format(r.Hi)
		set(id, n)
	}
}

// window is an open frame's window: the window it was entered with (the
// root's opened by an aspiration re-search of its move, as it then
// searches with it).
func (t *tracker) window(f *step.Frame) (string, string) {
	if !f.HasWindow {
		return "", ""
	}
	return t.in.Format(f.Alpha), t.in.Format(f.Beta)
}

// mark adds the marks m to node id, if it was entered.
func (t *tracker) mark(id int64, m step.Marks, set func(int64, Node)) {
	if n, ok := t.nodes[id]; ok && m != 0 && n.Marks|m != n.Marks {
		n.Marks |= m
		set(id, n)
	}
}

// bound names a returned value's bound; a leaf's value is exact.
func bound(c *step.Child) string {
	if c.Leaf {
		return "exact"
	}
	return c.Bound.String()
}

// step updates the nodes after the player's current step and returns the
// ids of the nodes whose state changed.
func (t *tracker) step(p *step.Player) []int64 {
	st := p.State()
	var changed []int64
	set := func(id int64, n Node) {
		if old, ok := t.nodes[id]; ok && old == n {
			return
		}
		t.nodes[id] = n
		t.measure(n)
		changed = append(changed, id)
	}
	// Every event marks the node it concerns (a reduction or extension of
	// a move the child entered next too), the silent ones taken with the
	// step among them, in the order they happened.
	for _, e := range p.All() {
		switch e.Kind {
		case trace.Enter:
			t.counts[0]++
			n := Node{Marks: step.MarksOf(e)}
			if e.Ply > 0 {
				n.Marks |= t.pending
			}
			t.pending = 0
			if e.Has&trace.HasWindow != 0 {
				n.Alpha, n.Beta = t.in.Format(e.Alpha), t.in.Format(e.Beta)
			}
			set(e.Node, n)
			continue
		case trace.Leaf:
			t.counts[1]++
		}
		t.mark(e.Node, step.MarksOf(e), set)
		t.pending |= step.MarksChild(e)
	}
	t.counts[2] = int64(st.Cuts)
	for i := range st.Stack {
		f := &st.Stack[i]
		n := t.nodes[f.Node]
		n.Alpha, n.Beta = t.window(f)
		n.Value, n.Bound, n.Best = "", "", ""
		if f.HasBest {
			n.Value = t.in.Format(f.Best)
			if !f.Chance {
				n.Best = n.Value
			}
		}
		n.Live = f.Live(t.in).Text(t.in)
		n.Cut = f.Pruned != nil
		set(f.Node, n)
	}
	// A node returns its value in a step of its own (or with its leaf
	// evaluation): it is then the last child of the innermost open node, or
	// the root's result.
	for _, e := range p.Events() {
		if e.Kind != trace.Exit {
			continue
		}
		var c *step.Child
		if top := len(st.Stack) - 1; top >= 0 {
			if kids := st.Stack[top].Children; len(kids) > 0 && kids[len(kids)-1].Node == e.Node {
				c = &kids[len(kids)-1]
			}
		} else if st.Root != nil && st.Root.Node == e.Node {
			c = st.Root
		}
		if c == nil {
			continue
		}
		n := t.nodes[c.Node]
		n.Value, n.Bound, n.Cut = t.in.Format(c.Value), bound(c), c.Cut
		n.Best, n.Live = "", "" // returned: its value, beside its entry window
		set(c.Node, n)
	}
	if t.rec != nil {
		t.ranges(lastSeq(p), set)
	}
	return changed
}

// forget lets go of the nodes that returned in the player's current step
// and that keep does not hold (nodes not drawn): nothing will show them
// again.
func (t *tracker) forget(p *step.Player, keep map[int64]bool) {
	for _, e := range p.Events() {
		if e.Kind == trace.Exit && !keep[e.Node] {
			delete(t.nodes, e.Node)
		}
	}
}

// measure widens the placeholders for n's numbers as the page writes them.
func (t *tracker) measure(n Node) {
	v := n.Value
	if n.Bound == "lower" || n.Bound == "upper" {
		v = "≤" + v
	}
	for i, s := range [3]string{v, n.Alpha, n.Beta} {
		t.widths[i] = max(t.widths[i], digits(s))
	}
	// A range takes the window's place: its ends the window's room.
	t.widths[1] = max(t.widths[1], digits(n.Lo))
	t.widths[2] = max(t.widths[2], digits(n.Hi))
}

// digits is how many zeros (the placeholders') are as wide as s in the
// page's font, bold or not (a value is bold on the principal variation).
func digits(s string) int {
	w := max(pagefont.Width(s, false), pagefont.Width(s, true))
	zero := min(pagefont.Width("0", false), pagefont.Width("0", true))
	return max(1, int(math.Ceil(w/zero-1e-9)))
}
