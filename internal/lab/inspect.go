package lab

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// The Node tab: a click on a node tells everything about it at the step
// shown. The call "inspect" searches again as "search" did and walks its
// steps with the step player (trace/step), so that every number is the
// player's (the page's labels are too) and every sentence is
// trace/explain's.

// inspectRequest names the page's search, its step and the node: its SVG
// id (n5: the searched node 5, u2: a never-searched shape) or, without one,
// its path (a toy tree's node name, "" at the root).
type inspectRequest struct {
	Tree string   `json:"tree"`
	Args []string `json:"args"`
	Step int      `json:"step"`
	ID   string   `json:"id"`
	Path *string  `json:"path"`
}

// Fact is one line of what the Node tab says: a label, the text, whether
// the text is provisional (a best so far, in italics), and the step it
// links to (0: none).
type Fact struct {
	Label  string `json:"label"`
	Text   string `json:"text"`
	Italic bool   `json:"italic,omitempty"`
	Step   int    `json:"step,omitempty"`
}

// Inspection is what the Node tab shows of a node at a step, and the
// numbers behind it (for the tests: the page's labels say the same).
type Inspection struct {
	ID       string `json:"id"` // the node's SVG id
	Name     string `json:"name"`
	Step     int    `json:"step"`
	Searched bool   `json:"searched"`
	Open     bool   `json:"open"`     // entered and not returned at the step
	Returned bool   `json:"returned"` // returned by the step
	Window   string `json:"window"`   // the window it was entered with, "(α, β)"
	Alpha    string `json:"alpha"`    // its edges, as the page writes them ("" without a window)
	Beta     string `json:"beta"`
	Live     string `json:"live"`    // the live label (step.Live.Text) while open
	Value    string `json:"value"`   // returned: its value; open: its best so far
	Bound    string `json:"bound"`   // exact, lower, upper once returned
	Entered  int    `json:"entered"` // the step that entered it (0: never)
	Left     int    `json:"left"`    // the step it returned at (0: never)
	CutStep  int    `json:"cutStep"` // the step of its cutoff, or of the one that left it unsearched
	CutAt    string `json:"cutAt"`   // the node of that cutoff
	CutLive  string `json:"cutLive"` // that node's live label at its cutoff: "closed: α 3 ≥ β 2 — cut"
	Facts    []Fact `json:"facts"`
}

func init() {
	registerJSON("inspect", func(ctx context.Context, r inspectRequest) (any, error) {
		return Inspect(ctx, r.Tree, r.Args, r.Step, r.ID, r.Path)
	})
}

// Inspect says what the page shows of the node with SVG id (or, id "", the
// node at path) at step of the search of tree with args.
func Inspect(ctx context.Context, treeText string, args []string, stepN int, id string, path *string) (*Inspection, error) {
	r, err := rerun(ctx, treeText, args)
	if err != nil {
		return nil, err
	}
	evs, err := r.steps(ctx)
	if err != nil {
		return nil, err
	}
	return (&Inspector{r: r, evs: evs, lang: i18n.FromContext(ctx)}).node(stepN, id, path)
}

// Inspector answers what the Node tab says of any node at any step of one
// search, walking its steps once.
type Inspector struct {
	r   *run
	evs [][]*trace.Event
	p   *step.Player // the player the last answer walked, kept
	// lang is the language of its words (the page's, from the call's
	// context): its own and the search's (trace.Info.Lang).
	lang i18n.Lang
}

// InspectorOf is the inspector of the search whose JSON Lines trace is js
// (drawn as the page draws it by default).
func InspectorOf(ctx context.Context, js []byte) (*Inspector, error) {
	rec := record.NewRecorder()
	var kept []*trace.Event
	if err := jsonl.ReadAll(bytes.NewReader(js), "trace", func(e *trace.Event) error { rec.Add(e); kept = append(kept, e); return nil }); err != nil {
		return nil, err
	}
	if err := rec.Err(); err != nil {
		return nil, err
	}
	r := &run{evs: kept, rec: rec.Recording(), draw: dot.Options{MaxNodes: dot.DefaultMaxNodes, MaxWidth: dot.DefaultMaxWidth, Style: "default"}}
	if r.rec.Root == nil {
		return nil, fmt.Errorf("trace: no searched nodes")
	}
	evs, err := r.steps(ctx)
	if err != nil {
		return nil, err
	}
	return &Inspector{r: r, evs: evs, lang: i18n.FromContext(ctx)}, nil
}

// Node is what the Node tab says at step of the node with SVG id (n5, u2).
func (ins *Inspector) Node(step int, id string) (*Inspection, error) {
	return ins.node(step, id, nil)
}

func (ins *Inspector) node(stepN int, id string, path *string) (*Inspection, error) {
	r, evs := ins.r, ins.evs
	stepN = min(max(stepN, 0), len(evs)-1)
	info := *r.rec.Info
	info.Lang = string(ins.lang)
	in := &info
	x := &inspector{r: r, in: in, evs: evs, step: stepN, p: &ins.p, pr: i18n.For(ins.lang)}
	switch {
	case strings.HasPrefix(id, "n"):
		n, err := strconv.ParseInt(id[1:], 10, 64)
		if err != nil || r.rec.Node(n) == nil {
			return nil, setup.BadInputf("inspect: the search has no node %q", id)
		}
		return x.searched(r.rec.Node(n))
	case strings.HasPrefix(id, "u"):
		return x.unsearched(id, "")
	case id != "":
		return nil, setup.BadInputf("inspect: %q is not a node of the drawing", id)
	case path == nil:
		return nil, setup.BadInputf("inspect: no node given")
	}
	// By path: the last visit of the node entered by the step, else its
	// first; else a never-searched node with that path.
	var found *record.Node
	last := x.lastSeq(stepN)
	for _, n := range r.rec.Nodes {
		if n == nil || n.Path != *path {
			continue
		}
		if found == nil || n.Seq <= last {
			found = n
		}
	}
	if found != nil {
		return x.searched(found)
	}
	return x.unsearched("", *path)
}

type inspector struct {
	r    *run
	in   *trace.Info
	evs  [][]*trace.Event
	step int
	p    **step.Player // the player kept between answers (nil: its own)
	pr   *i18n.Printer // its words' language (in.Lang's)
}

// lastSeq is the sequence number of step i's last event (-1 before the first).
func (x *inspector) lastSeq(i int) int64 {
	var last int64 = -1
	for s := i; s > 0 && last < 0; s-- {
		for _, e := range x.evs[s] {
			last = max(last, e.Seq)
		}
	}
	return last
}

// stepOf is the step whose events hold the first event of kind k at node
// id (0: none).
func (x *inspector) stepOf(id int64, k trace.Kind) int {
	for i, es := range x.evs {
		for _, e := range es {
			if e.Node == id && e.Kind == k {
				return i
			}
		}
	}
	return 0
}

// at plays the trace to step i and gives the player there.
// The player is kept (in the Inspector, which x.p points to): going to a
// step near the last one replays a few steps, not all before it.
func (x *inspector) at(i int) (*step.Player, error) {
	if x.p == nil {
		x.p = new(*step.Player)
	}
	if *x.p == nil {
		p, err := x.r.player()
		if err != nil {
			return nil, err
		}
		*x.p = p
	}
	p := *x.p
	p.Info().Lang = x.in.Lang // its sentences in the inspection's language
	if err := p.Goto(i); err != nil {
		return nil, err
	}
	return p, nil
}

// frameOf is a copy of node id's frame at the player's step (the player
// moves on: the copy stays), nil if it is not open.
func frameOf(p *step.Player, id int64) *step.Frame {
	st := p.State()
	for i := range st.Stack {
		if st.Stack[i].Node == id {
			f := st.Stack[i]
			return &f
		}
	}
	return nil
}

// printer is the inspection's words' language: in.Lang's.
func (x *inspector) printer() *i18n.Printer {
	if x.pr == nil {
		x.pr = i18n.For(i18n.Lang(x.in.Lang))
	}
	return x.pr
}

// nodeWords says what a node is: a MAX, MIN or chance node, and the move
// into it from its parent (move "": the root).
func (x *inspector) nodeWords(isMax, chance bool, move, parent string) string {
	p := x.printer()
	root := parent == "" // the move is the root's: a message of its own, where Russian and Czech decline the root ("из корня", "z kořene")
	switch {
	case chance && move != "" && root:
		return p.T("lab.inspect.chance.move.root", "Move", move)
	case chance && move != "":
		return p.T("lab.inspect.chance.move", "Move", move, "Parent", parent)
	case chance:
		return p.T("lab.inspect.chance")
	case isMax && move != "" && root:
		return p.T("lab.inspect.max.move.root", "Move", move)
	case isMax && move != "":
		return p.T("lab.inspect.max.move", "Move", move, "Parent", parent)
	case isMax:
		return p.T("lab.inspect.max")
	case move != "" && root:
		return p.T("lab.inspect.min.move.root", "Move", move)
	case move != "":
		return p.T("lab.inspect.min.move", "Move", move, "Parent", parent)
	}
	return p.T("lab.inspect.min")
}

// player names who moves at a node.
func player(isMax, chance bool) string {
	switch {
	case chance:
		return "chance"
	case isMax:
		return "MAX"
	}
	return "MIN"
}

// stepWord is "step 5", or "step 5 (later)" past the step shown.
func (x *inspector) stepWord(i int) string {
	if i > x.step {
		return x.printer().T("lab.inspect.step.later", "Step", i)
	}
	return x.printer().T("lab.inspect.step", "Step", i)
}

func (x *inspector) searched(n *record.Node) (*Inspection, error) {
	in := x.in
	out := &Inspection{ID: "n" + strconv.FormatInt(n.ID, 10), Name: explain.NodeName(n.Path), Step: x.step, Searched: true}
	add := func(f Fact) { out.Facts = append(out.Facts, f) }
	move, parent := "", ""
	if n.Move != "" && n.Parent != nil {
		move, parent = n.Move, n.Parent.Path
	}
	add(Fact{Label: explain.NodeNameIn(in, n.Path), Text: x.nodeWords(n.Max, n.Chance, move, parent)})
	pr := x.printer()
	out.Entered = x.stepOf(n.ID, trace.Enter)
	out.Left = x.stepOf(n.ID, trace.Exit)
	if out.Entered == 0 || out.Entered > x.step {
		add(Fact{Label: pr.T("lab.fact.now"), Text: pr.T("lab.inspect.notyet")})
		if out.Entered > 0 {
			add(Fact{Label: pr.T("lab.fact.entered"), Text: x.stepWord(out.Entered), Step: out.Entered})
		}
		return out, nil
	}
	p, err := x.at(x.step)
	if err != nil {
		return nil, err
	}
	// The window it was entered with: the enter event's (the root's opened
	// by an aspiration re-search while it is open, as the page shows it).
	var enter *trace.Event
	for _, e := range x.evs[out.Entered] {
		if e.Node == n.ID && e.Kind == trace.Enter {
			enter = e
		}
	}
	f := frameOf(p, n.ID)
	hasWin, alpha, beta := enter.Has&trace.HasWindow != 0, enter.Alpha, enter.Beta
	if f != nil {
		hasWin, alpha, beta = f.HasWindow, f.Alpha, f.Beta
	}
	if hasWin {
		out.Window, out.Alpha, out.Beta = in.Window(alpha, beta), in.Format(alpha), in.Format(beta)
		add(Fact{Label: pr.T("lab.fact.window"), Text: pr.T("lab.inspect.window", "Alpha", explain.Number(in, alpha), "Beta", explain.Number(in, beta))})
	} else {
		add(Fact{Label: pr.T("lab.fact.window"), Text: pr.T("lab.inspect.nowindow", "Algo", explain.AlgoName(in.Algo))})
	}
	if n.Change != nil {
		add(Fact{Label: pr.T("lab.fact.depth"), Text: explain.Depth(n)})
	}
	out.Returned = out.Left > 0 && out.Left <= x.step
	out.Open = f != nil && !out.Returned
	switch {
	case out.Open:
		live := f.Live(in)
		out.Live = live.Text(in)
		if out.Live != "" {
			add(Fact{Label: pr.T("lab.fact.now"), Text: out.Live})
		} else {
			add(Fact{Label: pr.T("lab.fact.now"), Text: pr.T("lab.inspect.open")})
		}
		if live.HasBest {
			out.Value = in.Format(live.Best)
			add(Fact{Label: pr.T("lab.fact.value"), Text: pr.T("lab.inspect.best", "Value", explain.Number(in, live.Best)), Italic: true})
		}
		var kids []string
		for _, c := range f.Children {
			kids = append(kids, childWord(in, explain.NodeName(c.Path), c.Value, c.Bound, c.Leaf))
		}
		if len(kids) > 0 {
			add(Fact{Label: pr.T("lab.fact.children"), Text: strings.Join(kids, " · ")})
		}
	case out.Returned:
		out.Value = in.Format(n.Value)
		out.Bound = n.Bound.String()
		word := explain.BoundWord(n.Bound)
		if n.Leaf {
			out.Bound, word = "exact", pr.T("lab.inspect.leaf")
		}
		add(Fact{Label: pr.T("lab.fact.value"), Text: explain.Bounded(in, n.Value, boundOf(n)) + " · " + word})
		var kids []string
		for _, c := range n.Children {
			if c.Closed && c.HasValue {
				kids = append(kids, childWord(in, explain.NodeName(c.Path), c.Value, c.Bound, c.Leaf))
			}
		}
		if len(kids) > 0 {
			add(Fact{Label: pr.T("lab.fact.children"), Text: strings.Join(kids, " · ")})
		}
	}
	// Its cutoff: what the live window said at it, and the player's sentence.
	cut := x.stepOf(n.ID, trace.Cutoff)
	if c := x.stepOf(n.ID, trace.ChanceCut); c > 0 && (cut == 0 || c < cut) {
		cut = c
	}
	if cut > 0 && cut <= x.step {
		out.CutStep, out.CutAt = cut, out.Name
		said, live, err := x.cutAt(cut, n.ID)
		if err != nil {
			return nil, err
		}
		out.CutLive = live
		add(Fact{Label: pr.T("lab.fact.cut"), Text: pr.T("lab.inspect.cutat", "Cut", orWord(live, pr.T("lab.inspect.cut")), "Step", x.stepWord(cut)), Step: cut})
		add(Fact{Label: pr.T("lab.fact.why"), Text: said})
		if n.Cut != nil && len(n.Cut.Pruned) > 0 {
			add(Fact{Label: pr.T("lab.fact.notsearched"), Text: strings.Join(n.Cut.Pruned, ", ")})
		}
	} else if out.Returned && !n.Leaf {
		add(Fact{Label: pr.T("lab.fact.cut"), Text: pr.T("lab.inspect.nocut")})
	}
	// The techniques that acted there, each at its step.
	for i := out.Entered; i <= x.step; i++ {
		for _, e := range x.evs[i] {
			if e.Node != n.ID || !technique(e.Kind) {
				continue
			}
			t := explain.Event(in, e).Text
			if t == "" {
				t = explain.Note(e)
			}
			if t == "" {
				t = string(e.Kind)
			}
			add(Fact{Label: string(e.Kind), Text: t, Step: i})
		}
	}
	add(Fact{Label: pr.T("lab.fact.entered"), Text: x.stepWord(out.Entered), Step: out.Entered})
	if out.Left > 0 {
		add(Fact{Label: pr.T("lab.fact.returned"), Text: x.stepWord(out.Left), Step: out.Left})
	}
	return out, nil
}

// boundOf is the bound a node's value is written with: a leaf's is exact.
func boundOf(n *record.Node) score.Bound {
	if n.Leaf {
		return score.Exact
	}
	return n.Bound
}

// technique says whether an event of kind k is a technique's at its node
// (what the Node tab lists), not the search's own enter, value, cut or
// return.
func technique(k trace.Kind) bool {
	switch k {
	case trace.Enter, trace.Leaf, trace.Exit, trace.Cutoff, trace.ChanceCut, trace.Done, trace.Iter, trace.Start:
		return false
	}
	return true
}

// childWord is a child as the Node tab lists it: "2.1 = 3", "2.2 ≤ 4".
func childWord(in *trace.Info, name string, v int64, b score.Bound, leaf bool) string {
	if leaf {
		b = score.Exact
	}
	s := explain.Bounded(in, v, b)
	if b == score.Lower || b == score.Upper {
		return name + " " + s
	}
	return name + " = " + s
}

// cutAt is the player's sentence at the cutoff step i of node id, and the
// node's live label there ("closed: α 3 ≥ β 2 — cut").
func (x *inspector) cutAt(i int, id int64) (string, string, error) {
	p, err := x.at(i)
	if err != nil {
		return "", "", err
	}
	live := ""
	if f := frameOf(p, id); f != nil {
		live = f.Live(x.in).Text(x.in)
	}
	return p.State().Sentence, live, nil
}

// unsearched says what a never-searched shape is: the page's shape with
// SVG id id, or the one at path.
func (x *inspector) unsearched(id, path string) (*Inspection, error) {
	sc, err := x.r.scene()
	if err != nil {
		return nil, err
	}
	found := false
	var cutFrom int64 = -1
	for _, sn := range sc.Nodes {
		if sn.Unsearched && sn.CutFrom >= 0 && ((id != "" && sn.ID == id) || (id == "" && sn.Path == path)) {
			id, path, cutFrom, found = sn.ID, sn.Path, sn.CutFrom, true
			break
		}
	}
	if !found {
		if id != "" {
			return nil, setup.BadInputf("inspect: the drawing has no never-searched node %q", id)
		}
		return nil, setup.BadInputf("inspect: the search has no node %s", explain.NodeName(path))
	}
	cn := x.r.rec.Node(cutFrom)
	if cn == nil || cn.Cut == nil {
		return nil, setup.Failed(fmt.Errorf("inspect: the cutoff that left %s is not in the recording", explain.NodeName(path)))
	}
	out := &Inspection{ID: id, Name: explain.NodeName(path), Step: x.step, CutAt: explain.NodeName(cn.Path)}
	add := func(f Fact) { out.Facts = append(out.Facts, f) }
	sub := findSubtree(cn.Cut.Unsearched, path)
	pr := x.printer()
	what := pr.T("lab.inspect.never")
	switch {
	case sub != nil && sub.Leaf && sub.Chance:
		what = pr.T("lab.inspect.never.chance.leaf", "Value", explain.Number(x.in, sub.Value))
	case sub != nil && sub.Leaf && sub.Max:
		what = pr.T("lab.inspect.never.max.leaf", "Value", explain.Number(x.in, sub.Value))
	case sub != nil && sub.Leaf:
		what = pr.T("lab.inspect.never.min.leaf", "Value", explain.Number(x.in, sub.Value))
	case sub != nil && sub.Chance:
		what = pr.T("lab.inspect.never.chance")
	case sub != nil && sub.Max:
		what = pr.T("lab.inspect.never.max")
	case sub != nil:
		what = pr.T("lab.inspect.never.min")
	}
	add(Fact{Label: out.Name, Text: what})
	kind := trace.Cutoff
	if cn.Cut.Chance {
		kind = trace.ChanceCut
	}
	out.CutStep = x.stepOf(cn.ID, kind)
	if out.CutStep == 0 {
		return nil, setup.Failed(fmt.Errorf("inspect: the cutoff at %s is not among the steps", out.CutAt))
	}
	said, live, err := x.cutAt(out.CutStep, cn.ID)
	if err != nil {
		return nil, err
	}
	out.CutLive = live
	add(Fact{Label: pr.T("lab.fact.leftby"), Text: pr.T("lab.inspect.leftby", "Node", out.CutAt, "Step", x.stepWord(out.CutStep), "Cut", orWord(live, pr.T("lab.inspect.cut"))), Step: out.CutStep})
	add(Fact{Label: pr.T("lab.fact.why"), Text: said})
	return out, nil
}

// findSubtree is the subtree at path among subs and their descendants.
func findSubtree(subs []*trace.Subtree, path string) *trace.Subtree {
	for _, s := range subs {
		if s.Path == path {
			return s
		}
		if f := findSubtree(s.Children, path); f != nil {
			return f
		}
	}
	return nil
}

// orWord is s, or w when s is empty.
func orWord(s, w string) string {
	if s == "" {
		return w
	}
	return s
}
