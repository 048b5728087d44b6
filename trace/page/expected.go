package page

import (
	"fmt"
	"io"
	"strings"

	"github.com/prunescope/prunescope/trace/step"
)

// StepState is what the page must show at a step, as window.ps.state()
// reports it: the step (0: before the first), the node of the step (nil
// before the first), the sentence, and every shape of the tree: searched
// nodes by trace id, never-searched shapes by SVG id ("u1", …).
type StepState struct {
	Step    int                  `json:"step"`
	Node    *int64               `json:"node"`
	Caption string               `json:"caption"`
	Nodes   map[string]NodeState `json:"nodes"`
}

// NodeState is a shape's state at a step. A searched node not entered yet
// is invisible with empty text; a never-searched shape is visible, and
// grey, once the cutoff that left it has happened.
type NodeState struct {
	// Alpha and Beta are the window the node was entered with.
	Alpha string `json:"alpha"`
	Beta  string `json:"beta"`
	// Best is the best value of an open node's moves so far, and Live the
	// label beside its window (step.Live.Text): "best 5 · α 5", "best 3 ·
	// β 3", "closed: α 3 ≥ β 2 — cut"; "" once it has returned.
	Best string `json:"best"`
	Live string `json:"live"`
	// Marks names the marks the events concerning the node left on it so
	// far, in order, space-separated (step.Marks.Names).
	Marks string `json:"marks"`
	// Range is the node's range "[lo, hi]" on a page drawn with ranges.
	Range   string `json:"range"`
	Value   string `json:"value"`
	Bound   string `json:"bound"`
	Cut     bool   `json:"cut"`
	Grey    bool   `json:"grey"`
	Visible bool   `json:"visible"`
	Current bool   `json:"current"`
	PV      bool   `json:"pv"`
	// Notes counts the node's lines of the selective techniques shown:
	// those whose event has happened.
	Notes int `json:"notes"`
}

// Expected is what the page of the trace in rs, built with the default
// options, must show at every step: element 0 is the state before the
// first step, element i the state after step i. It is computed from the
// step-through player, independently of the page's script.
func Expected(rs io.ReadSeeker) ([]StepState, error) {
	return ExpectedWith(rs, Options{})
}

// ExpectedWith is Expected for a page built with opt (its Draw, From and
// Steps matter; MaxSteps is not checked).
func ExpectedWith(rs io.ReadSeeker, opt Options) ([]StepState, error) {
	rec, err := recordingOf(rs)
	if err != nil {
		return nil, err
	}
	_, shapes, _, err := layout(rec, opt.Draw)
	if err != nil {
		return nil, err
	}
	p, err := step.Open(rs, "trace")
	if err != nil {
		return nil, err
	}
	sp, err := spanOf(rec, opt)
	if err != nil {
		return nil, err
	}
	t := newTracker(p.Info())
	if opt.Draw.Ranges {
		t.withRanges(rec)
	}
	var out []StepState
	var last int64 = -1 // the last event so far
	end := false
	for opt.Steps == 0 || len(out) <= opt.Steps {
		if len(out) > 1 && sp.over(last) {
			break // the focused node has returned
		}
		ok, err := p.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			end = true
			break
		}
		shown := !sp.before(p.Index(), lastSeq(p))
		if shown && len(out) == 0 {
			out = append(out, snapshot(t, shapes, last, 0, nil, ""))
		}
		t.step(p)
		last = max(last, lastSeq(p))
		if !shown {
			continue
		}
		node := p.State().Node
		out = append(out, snapshot(t, shapes, last, len(out), &node, p.State().Sentence))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("trace: no step %d", max(opt.From, 1))
	}
	// The principal variation is bold at the last step of the search.
	if last := out[len(out)-1]; end && last.Step > 0 {
		for _, id := range pv(rec) {
			k := fmt.Sprint(id)
			if n, ok := last.Nodes[k]; ok {
				n.PV = true
				last.Nodes[k] = n
			}
		}
	}
	return out, nil
}

// snapshot is the state of every shape after a step, whose last event is
// last.
func snapshot(t *tracker, sh Shapes, last int64, i int, node *int64, caption string) StepState {
	st := StepState{Step: i, Node: node, Caption: caption, Nodes: make(map[string]NodeState, len(sh.Searched)+len(sh.Unsearched))}
	for id := range sh.Searched {
		n, ok := t.nodes[id]
		if !ok {
			st.Nodes[fmt.Sprint(id)] = NodeState{}
			continue
		}
		notes := 0
		for _, seq := range sh.Notes[id] {
			if seq <= last {
				notes++
			}
		}
		st.Nodes[fmt.Sprint(id)] = NodeState{
			Alpha: n.Alpha, Beta: n.Beta, Best: n.Best, Live: n.Live, Marks: strings.Join(n.Marks.Names(), " "), Value: n.Value, Bound: n.Bound, Cut: n.Cut, Range: rangeText(n),
			Visible: true, Current: node != nil && *node == id, Notes: notes,
		}
	}
	for key, cut := range sh.Unsearched {
		on := t.nodes[cut].Cut
		st.Nodes[key] = NodeState{Grey: on, Visible: on}
	}
	return st
}

// rangeText is a node's range as the page writes it, "" without one.
func rangeText(n Node) string {
	if n.Lo == "" {
		return ""
	}
	return "[" + n.Lo + ", " + n.Hi + "]"
}
