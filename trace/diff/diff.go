// Package diff compares two recorded searches of one input node by node:
// which parts of the tree only one of them searched, and, where both searched
// a node, whether they searched it to a different depth or with a different
// window, decided differently on a selective technique (null move, razoring,
// quiescence, the transposition table, futility, re-searches, or a technique
// known only from its row of the table of kinds), cut off
// different moves, or returned a different value or bound.
//
// Nodes are matched by path: the node reached by the same moves from the
// root (a toy tree's node names, the moves of a game) is the same node in
// both searches. A move searched more than once from one node (a re-search)
// is matched visit by visit: the first visit with the first, the second with
// the second. The union of the two searched trees keeps A's order of moves,
// with the moves only B searched placed after the move B searched before
// them.
//
// The package knows nothing of games or engines: it reads two
// record.Recordings. Text and JSON writers are in this package; the diagram is
// drawn by trace/dot.
package diff

import (
	"fmt"
	"sort"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/record"
)

// Run is one of the two searches compared.
type Run struct {
	Name        string // "A" or "B"
	Spec        string // the spec that selected it, e.g. "alphabeta:hard:ge"
	Conventions string // its conventions in words, e.g. "fail-hard, cut on ≥ (ties prune)"
	Rec         *record.Recording
	Root        *record.Node // the root search compared (see Pick)
}

// Info is the run's description; a recording without one gets plain numbers.
func (r *Run) Info() *trace.Info {
	if r.Rec != nil && r.Rec.Info != nil {
		return r.Rec.Info
	}
	return &trace.Info{Scale: 1, Root: "max"}
}

// Searches is the number of root searches the run made: iterations, and
// aspiration or MTD(f) passes within them (those kept in memory).
func (r *Run) Searches() int { return len(r.Rec.Roots) }

// Choice says which of the run's root searches is compared, e.g. "iteration
// 3 of 3, pass 2 of 2", or "the whole search".
func (r *Run) Choice() string {
	p := explain.Printer(r.Info())
	last := r.Rec.LastIteration()
	var parts []string
	if last > 1 {
		parts = append(parts, p.T("diff.choice.iteration", "Iteration", r.Root.Iteration, "Last", last))
	}
	if n := passes(r.Rec, r.Root.Iteration); n > 1 {
		parts = append(parts, p.T("diff.choice.pass", "Pass", r.Root.Pass, "Last", n))
	}
	if len(parts) == 0 {
		return p.T("diff.choice.whole")
	}
	return strings.Join(parts, ", ")
}

// SelectError reports an iteration or a pass a recording does not have.
type SelectError struct {
	What      string // "iteration" or "pass"
	N, Last   int
	Iteration int  // for a pass: the iteration it was asked in
	Gone      bool // the iteration was searched, but not kept in memory
}

func (e *SelectError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *SelectError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *SelectError) err() error {
	switch {
	case e.Gone:
		return i18n.Errorf("iteration %d: not kept in memory (a recording keeps the latest iterations of a large search)", e.N)
	case e.What == "pass" && e.Last > 1:
		return i18n.Errorf("pass %d: iteration %d has passes 1 to %d", e.N, e.Iteration, e.Last)
	case e.What == "pass":
		return i18n.Errorf("pass %d: iteration %d has one pass", e.N, e.Iteration)
	}
	return i18n.Errorf("iteration %d: the search has iterations 1 to %d", e.N, e.Last)
}

// Pick chooses the root search of a recording to compare. iteration chooses
// an iteration of an iterative search (0: the last completed one), pass a
// pass of the root within it (aspiration windows, MTD(f); 0: the last). A
// recording with one iteration ignores iteration, and an iteration with one
// pass ignores pass: a search that was not iterative is compared whole
// whatever iteration the other one is compared at.
func Pick(rec *record.Recording, iteration, pass int) (*record.Node, error) {
	if rec == nil || rec.Root == nil || len(rec.Roots) == 0 {
		return nil, i18n.Error("the search recorded no nodes")
	}
	last := rec.LastIteration()
	it := iteration
	if last <= 1 {
		it = last
	} else if it == 0 {
		it = last
		if rec.Iterations > 0 && rec.Iterations < last {
			it = rec.Iterations // the last completed iteration answers
		}
	}
	if it < 1 || it > last {
		return nil, &SelectError{What: "iteration", N: it, Last: last}
	}
	var roots []*record.Node
	for _, r := range rec.Roots {
		if r.Iteration == it {
			roots = append(roots, r)
		}
	}
	if len(roots) == 0 {
		return nil, &SelectError{What: "iteration", N: it, Last: last, Gone: true}
	}
	if pass == 0 || len(roots) == 1 {
		return roots[len(roots)-1], nil
	}
	for _, r := range roots {
		if r.Pass == pass {
			return r, nil
		}
	}
	return nil, &SelectError{What: "pass", N: pass, Last: len(roots), Iteration: it}
}

// passes is the number of root searches of one iteration kept in memory.
func passes(rec *record.Recording, it int) int {
	n := 0
	for _, r := range rec.Roots {
		if r.Iteration == it {
			n++
		}
	}
	return n
}

// Passes is the number of passes of the root in the iteration of root.
func Passes(rec *record.Recording, root *record.Node) int { return passes(rec, root.Iteration) }

// Kind names what differs.
type Kind uint8

// The kinds of difference, in the order they are listed for one node: what
// the node was searched with, what was decided there, what it returned.
const (
	OnlyA      Kind = iota // the node and all below it were searched by A only
	OnlyB                  // by B only
	Depth                  // a different remaining depth, relative to the parent's
	Window                 // a different window (α, β)
	NullMove               // a null move tried in one search, or ending differently
	Razoring               // razoring in one search only
	Quiescence             // quiescence search or stand pat in one search only
	TT                     // a transposition-table hit in one search only, or cutting in one only
	Cutoff                 // a cutoff in one search only, or different moves pruned
	Futility               // different moves skipped by futility pruning
	Research               // a re-search in one search only
	Technique              // a technique known only from the table of kinds, acting differently (record.Node.Marks)
	Value                  // a different value or bound returned
	NumKinds               // number of kinds; not a kind
)

var kindNames = [NumKinds]string{"a_only", "b_only", "depth", "window", "null_move", "razoring", "quiescence", "tt", "cutoff", "futility", "research", "technique", "value"}

var kindWords = [NumKinds]string{"A only", "B only", "depth", "window", "null move", "razoring", "quiescence", "table", "cutoff", "futility", "re-search", "technique", "value"}

var kindMarks = [NumKinds]string{"−", "+", "↕", "↔", "Ø", "⇣", "≈", "≡", "✂", "×", "↻", "⋄", "≠"}

// kindCounts are the phrases that count differences of a kind, singular and
// plural.
var kindCounts = [NumKinds][2]string{
	{"part searched by A only", "parts searched by A only"},
	{"part searched by B only", "parts searched by B only"},
	{"depth", "depths"},
	{"window", "windows"},
	{"null-move decision", "null-move decisions"},
	{"razoring decision", "razoring decisions"},
	{"quiescence difference", "quiescence differences"},
	{"table hit", "table hits"},
	{"cutoff", "cutoffs"},
	{"futility decision", "futility decisions"},
	{"re-search", "re-searches"},
	{"technique decision", "technique decisions"},
	{"value", "values"},
}

// String is the kind's name in JSON, e.g. "b_only", "null_move".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "unknown"
}

// Word is the kind as the text output names it, e.g. "B only", "null move".
func (k Kind) Word() string {
	if k < NumKinds {
		return kindWords[k]
	}
	return "?"
}

// WordIn is Word in the language of in.
func (k Kind) WordIn(in *trace.Info) string {
	p := explain.Printer(in)
	switch k {
	case OnlyA:
		return p.T("diff.kind.a_only")
	case OnlyB:
		return p.T("diff.kind.b_only")
	case Depth:
		return p.T("diff.kind.depth")
	case Window:
		return p.T("diff.kind.window")
	case NullMove:
		return p.T("diff.kind.null_move")
	case Razoring:
		return p.T("diff.kind.razoring")
	case Quiescence:
		return p.T("diff.kind.quiescence")
	case TT:
		return p.T("diff.kind.tt")
	case Cutoff:
		return p.T("diff.kind.cutoff")
	case Futility:
		return p.T("diff.kind.futility")
	case Research:
		return p.T("diff.kind.research")
	case Technique:
		return p.T("diff.kind.technique")
	case Value:
		return p.T("diff.kind.value")
	}
	return k.Word()
}

// kindCount counts c differences of kind k: "3 cutoffs".
func kindCount(p *i18n.Printer, k Kind, c int) string {
	n := int64(c)
	switch k {
	case OnlyA:
		return p.N("diff.count.a_only", n)
	case OnlyB:
		return p.N("diff.count.b_only", n)
	case Depth:
		return p.N("diff.count.depth", n)
	case Window:
		return p.N("diff.count.window", n)
	case NullMove:
		return p.N("diff.count.null_move", n)
	case Razoring:
		return p.N("diff.count.razoring", n)
	case Quiescence:
		return p.N("diff.count.quiescence", n)
	case TT:
		return p.N("diff.count.tt", n)
	case Cutoff:
		return p.N("diff.count.cutoff", n)
	case Futility:
		return p.N("diff.count.futility", n)
	case Research:
		return p.N("diff.count.research", n)
	case Technique:
		return p.N("diff.count.technique", n)
	case Value:
		return p.N("diff.count.value", n)
	}
	return fmt.Sprintf("%d %s", c, k.Word())
}

// Mark is the kind's marker at the start of a line: − A only, + B only, ≠ a
// value, ✂ a cutoff, ...
func (k Kind) Mark() string {
	if k < NumKinds {
		return kindMarks[k]
	}
	return "?"
}

// Node is a node of the union of the two searched trees: a visit of a
// position by both searches, or by one of them (then the other is nil).
type Node struct {
	A, B     *record.Node
	Parent   *Node
	Children []*Node
	Move     string // label of the move into the node ("" at the root)
	Path     string // the node's path as traces write it ("" at the root)
	Visit    int    // 1, or k for the k-th search of the same move from the parent (a re-search)
	Ply      int
	Max      bool // MAX is to move
	// Diffs are the differences at this node: for a node both searched, what
	// differs there; at the top of a part only one searched, OnlyA or OnlyB.
	Diffs []*Difference
	// Size is the number of nodes in the subtree, this one included.
	Size int
}

// Label is the node's name for people: its path ("root" at the root), with
// the visit for a re-search, e.g. "1.2 (pass 2)".
func (n *Node) Label() string {
	l := n.Path
	if l == "" {
		l = "root"
	}
	if n.Visit > 1 {
		l += fmt.Sprintf(" (pass %d)", n.Visit)
	}
	return l
}

// Both reports whether both searches searched the node.
func (n *Node) Both() bool { return n.A != nil && n.B != nil }

// One is the node as one search recorded it: A's visit when A searched it,
// else B's.
func (n *Node) One() *record.Node {
	if n.A != nil {
		return n.A
	}
	return n.B
}

// Difference is one thing that differs at a node.
type Difference struct {
	Kind Kind
	Node *Node
}

// Result is the comparison of two searches.
type Result struct {
	A, B *Run
	Root *Node // the union of the two searched trees
	// Windows reports whether windows are compared: both searches search
	// with windows (minimax and negamax do not).
	Windows bool
	// NodesOnly reports that a run's trace tells only the nodes it entered
	// and their values (trace.Info.NodesOnly: a student's search): values
	// are then compared without their bounds, and cutoffs not at all.
	NodesOnly bool
}

// Compare matches the root searches of two runs (Run.Root) node by node.
func Compare(a, b *Run) *Result {
	r := &Result{A: a, B: b, Windows: a.Root.HasWindow && b.Root.HasWindow, NodesOnly: a.Info().NodesOnly || b.Info().NodesOnly}
	r.Root = r.union(a.Root, b.Root, nil, 1)
	return r
}

// union builds the union node of two visits of one position (either nil)
// and of everything below them.
func (r *Result) union(a, b *record.Node, parent *Node, visit int) *Node {
	n := &Node{A: a, B: b, Parent: parent, Visit: visit, Size: 1}
	one := n.One()
	n.Move, n.Path, n.Ply, n.Max = one.Move, one.Path, one.Ply, one.Max
	if parent == nil {
		n.Move = ""
	}
	switch {
	case a != nil && b != nil:
		r.compare(n)
	case parent == nil || parent.Both():
		kind := OnlyA
		if a == nil {
			kind = OnlyB
		}
		n.Diffs = []*Difference{{Kind: kind, Node: n}}
	}
	var ac, bc []*record.Node
	if a != nil {
		ac = a.Children
	}
	if b != nil {
		bc = b.Children
	}
	for _, m := range merge(ac, bc) {
		c := r.union(m.a, m.b, n, m.visit)
		n.Children = append(n.Children, c)
		n.Size += c.Size
	}
	return n
}

// visitKey names a child of a node: its move and which visit of the move it
// is (re-searches visit a move again).
type visitKey struct {
	move  string
	visit int
}

type matched struct {
	a, b  *record.Node
	visit int
}

// keys names each child by its move and visit.
func keys(children []*record.Node) []visitKey {
	seen := map[string]int{}
	out := make([]visitKey, len(children))
	for i, c := range children {
		seen[c.Move]++
		out[i] = visitKey{c.Move, seen[c.Move]}
	}
	return out
}

// merge matches the children of two visits of a position by move and visit,
// in A's order, each child only B searched placed after the child B searched
// before it (or first).
func merge(ac, bc []*record.Node) []matched {
	if len(bc) == 0 || len(ac) == 0 {
		out := make([]matched, 0, len(ac)+len(bc))
		for i, k := range keys(ac) {
			out = append(out, matched{a: ac[i], visit: k.visit})
		}
		for i, k := range keys(bc) {
			out = append(out, matched{b: bc[i], visit: k.visit})
		}
		return out
	}
	ak, bk := keys(ac), keys(bc)
	inA := make(map[visitKey]int, len(ak))
	for i, k := range ak {
		inA[k] = i
	}
	inB := make(map[visitKey]int, len(bk))
	var front []int
	after := map[int][]int{} // index in A -> indices in B of the children placed after it
	last := -1
	for j, k := range bk {
		inB[k] = j
		if i, ok := inA[k]; ok {
			last = i
			continue
		}
		if last < 0 {
			front = append(front, j)
		} else {
			after[last] = append(after[last], j)
		}
	}
	out := make([]matched, 0, len(ac)+len(bc))
	for _, j := range front {
		out = append(out, matched{b: bc[j], visit: bk[j].visit})
	}
	for i, k := range ak {
		m := matched{a: ac[i], visit: k.visit}
		if j, ok := inB[k]; ok {
			m.b = bc[j]
		}
		out = append(out, m)
		for _, j := range after[i] {
			out = append(out, matched{b: bc[j], visit: bk[j].visit})
		}
	}
	return out
}

// compare records what differs at a node both searched.
func (r *Result) compare(n *Node) {
	a, b := n.A, n.B
	add := func(k Kind) { n.Diffs = append(n.Diffs, &Difference{Kind: k, Node: n}) }
	pd := 0
	if p := n.Parent; p != nil {
		pd = p.A.Depth - p.B.Depth
	}
	if a.Depth-b.Depth != pd {
		add(Depth)
	}
	if r.Windows && a.HasWindow && b.HasWindow && (a.Alpha != b.Alpha || a.Beta != b.Beta) {
		add(Window)
	}
	if nullKey(a) != nullKey(b) {
		add(NullMove)
	}
	if razorKey(a) != razorKey(b) {
		add(Razoring)
	}
	if qsKey(a) != qsKey(b) {
		add(Quiescence)
	}
	if ttKey(a) != ttKey(b) {
		add(TT)
	}
	if !r.NodesOnly && cutKey(a) != cutKey(b) {
		add(Cutoff)
	}
	if futileKey(a) != futileKey(b) {
		add(Futility)
	}
	if a.Research != b.Research {
		add(Research)
	}
	if marksKey(a) != marksKey(b) {
		add(Technique)
	}
	if a.HasValue != b.HasValue || a.Value != b.Value || (!r.NodesOnly && a.Bound != b.Bound) {
		add(Value)
	}
}

// Acts reports whether search who ('A' or 'B') did at the difference's node
// what the difference is about: tried the null move, razored, searched
// quiescence or stood pat, took a table entry, cut off, skipped moves by
// futility, searched a move again, or did what a technique known from the
// table of kinds marks. For the other kinds (a part one search searched, a
// depth, a window, a value) it reports whether that search visited the node.
func (d *Difference) Acts(who byte) bool {
	n := d.Node.A
	if who == 'B' {
		n = d.Node.B
	}
	if n == nil {
		return false
	}
	switch d.Kind {
	case NullMove:
		return nullKey(n) != ""
	case Razoring:
		return razorKey(n) != ""
	case Quiescence:
		return qsKey(n) != ""
	case TT:
		return ttKey(n) != ""
	case Cutoff:
		return cutKey(n) != ""
	case Futility:
		return futileKey(n) != ""
	case Research:
		return n.Research != ""
	case Technique:
		return marksKey(n) != ""
	}
	return true
}

// The keys below say what a node did with one technique; two visits differ
// when their keys differ. The words for people are in words.go.

func nullKey(n *record.Node) string {
	if n.NullMove == nil {
		return "" // not tried, whether or not a condition was there to block it
	}
	return n.NullMove.Outcome
}

func razorKey(n *record.Node) string {
	if n.Razored == nil {
		return ""
	}
	return fmt.Sprintf("%d>%d", n.Razored.From-n.Depth, n.Razored.To-n.Depth)
}

func qsKey(n *record.Node) string {
	k := ""
	if n.QSRoot {
		k = "qs"
	}
	if n.Stand != nil {
		k += "+stand"
		if n.Stand.Cut {
			k += "+cut"
		}
	}
	return k
}

func ttKey(n *record.Node) string {
	if n.TT == nil {
		return ""
	}
	if n.TT.Cut {
		return "hit+cut"
	}
	return "hit"
}

func cutKey(n *record.Node) string {
	if n.Cut == nil {
		return ""
	}
	return "cut:" + strings.Join(sorted(n.Cut.Pruned), "\x00")
}

func futileKey(n *record.Node) string {
	if len(n.Futile) == 0 {
		return ""
	}
	moves := make([]string, len(n.Futile))
	for i, f := range n.Futile {
		moves[i] = f.Move
	}
	return strings.Join(sorted(moves), "\x00")
}

// marksKey is what the techniques known only from the table of kinds did
// at a node: each mark's kind, reason and move, in order.
func marksKey(n *record.Node) string {
	var b strings.Builder
	for _, m := range n.Marks {
		b.WriteString(m.Kind.String() + "\x00" + m.Reason + "\x00" + m.Move + "\x01")
	}
	return b.String()
}

func sorted(ss []string) []string {
	out := append([]string(nil), ss...)
	sort.Strings(out)
	return out
}

// Find returns the union node with the given path ("root" or "" for the
// root; moves joined by spaces in games), its first visit, or nil.
func (r *Result) Find(path string) *Node {
	path = strings.Join(strings.Fields(path), " ")
	if path == "root" || path == "" {
		return r.Root
	}
	var found *Node
	Walk(r.Root, func(n *Node) bool {
		if found != nil {
			return false
		}
		if n.Path == path {
			found = n
			return false
		}
		return true
	})
	return found
}

// FocusError reports a focus path that names no node either search visited.
type FocusError struct {
	Focus string
	Near  []string // moves searched from the deepest node of the path that exists
}

func (e *FocusError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *FocusError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *FocusError) err() error {
	if len(e.Near) > 0 {
		return i18n.Errorf("focus %q: neither search visited a node with this path (searched there: %s)", e.Focus, strings.Join(e.Near, ", "))
	}
	return i18n.Errorf("focus %q: neither search visited a node with this path", e.Focus)
}

// Focus returns the union node with the given path, or a FocusError naming
// the moves searched from the deepest node of the path that exists.
func (r *Result) Focus(path string) (*Node, error) {
	if n := r.Find(path); n != nil {
		return n, nil
	}
	e := &FocusError{Focus: strings.Join(strings.Fields(path), " ")}
	moves := strings.Fields(e.Focus)
	for k := len(moves) - 1; k >= 0 && len(e.Near) == 0; k-- {
		n := r.Find(strings.Join(moves[:k], " "))
		if n == nil {
			continue
		}
		seen := map[string]bool{}
		for _, c := range n.Children {
			if !seen[c.Move] {
				seen[c.Move] = true
				e.Near = append(e.Near, c.Move)
			}
		}
	}
	if len(e.Near) > 12 {
		e.Near = append(e.Near[:12], "…")
	}
	return nil, e
}

// Walk visits n and the nodes below it in tree order; returning false from
// fn skips the subtree of the node.
func Walk(n *Node, fn func(*Node) bool) {
	if !fn(n) {
		return
	}
	for _, c := range n.Children {
		Walk(c, fn)
	}
}

// List returns the differences at and below top, in tree order: a node's own
// differences in the order of the kinds, then those below it.
func List(top *Node) []*Difference {
	var out []*Difference
	Walk(top, func(n *Node) bool {
		out = append(out, n.Diffs...)
		return true
	})
	return out
}

// Totals count the nodes and differences of a part of the union.
type Totals struct {
	Both, OnlyA, OnlyB int           // nodes searched by both, by A only, by B only
	Kinds              [NumKinds]int // differences of each kind (a part one search only searched counts once)
	Differences        int           // all differences
	Nodes              int           // nodes with at least one difference
}

// Count totals the nodes and differences at and below top.
func Count(top *Node) Totals {
	var t Totals
	Walk(top, func(n *Node) bool {
		switch {
		case n.Both():
			t.Both++
		case n.A != nil:
			t.OnlyA++
		default:
			t.OnlyB++
		}
		for _, d := range n.Diffs {
			t.Kinds[d.Kind]++
			t.Differences++
		}
		if len(n.Diffs) > 0 {
			t.Nodes++
		}
		return true
	})
	return t
}

// Phrase counts the differences of each kind in words, e.g. "1 part searched
// by B only (1 node) · 3 values · 1 cutoff".
func (t Totals) Phrase() string { return t.PhraseIn(nil) }

// PhraseIn is Phrase in the language of in.
func (t Totals) PhraseIn(in *trace.Info) string {
	p := explain.Printer(in)
	var parts []string
	for k := Kind(0); k < NumKinds; k++ {
		c := t.Kinds[k]
		if c == 0 {
			continue
		}
		w := kindCount(p, k, c)
		switch k {
		case OnlyA:
			w += " (" + p.N("diff.nodes", int64(t.OnlyA)) + ")"
		case OnlyB:
			w += " (" + p.N("diff.nodes", int64(t.OnlyB)) + ")"
		}
		parts = append(parts, w)
	}
	return strings.Join(parts, " · ")
}
