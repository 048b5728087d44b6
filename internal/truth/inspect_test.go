package truth

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/step"
)

// checkInspect holds what the lab's Node tab says of a node (lab.Inspector,
// the engine's "inspect" call) to the oracle, as checkPage holds the page:
// at every third step, the innermost open node's window, best so far and
// live label are the oracle's (pageNode), and it is said to be open; at
// every return, the value and bound it says are the exit's.
func checkInspect(t *testing.T, name string, tr *tree.Tree, r *run) {
	t.Helper()
	ins, err := lab.InspectorOf(context.Background(), r.json)
	if err != nil {
		t.Errorf("%s: lab.InspectorOf: %v", name, err)
		return
	}
	p, err := step.Open(bytes.NewReader(r.json), "trace")
	if err != nil {
		t.Errorf("%s: step: %v", name, err)
		return
	}
	in := p.Info()
	orc := newOracle(tr, r.info, true)
	for i := 1; ; i++ {
		ok, err := p.Next()
		if err != nil || !ok {
			return
		}
		for _, e := range p.Events() {
			orc.apply(e)
		}
		if k := len(orc.line); k > 0 && i%3 == 0 {
			f := &orc.line[k-1]
			got, err := ins.Node(i, fmt.Sprint("n", f.id))
			if err != nil {
				t.Errorf("%s: step %d, inspect %s: %v", name, i, explain.NodeName(f.path), err)
				return
			}
			ns := page.NodeState{Visible: got.Entered > 0 && got.Entered <= i, Alpha: got.Alpha, Beta: got.Beta, Live: got.Live}
			if got.Open {
				ns.Best = got.Value
			}
			if !got.Open {
				err = fmt.Errorf("not open")
			} else {
				err = pageNode(in, orc, f, ns)
			}
			if err != nil {
				t.Errorf("%s: step %d, the Node tab on open node %s, line %s: %v", name, i, explain.NodeName(f.path), orc.lineOf(), err)
				return
			}
		}
		for _, e := range p.Events() {
			if e.Kind != trace.Exit {
				continue
			}
			got, err := ins.Node(i, fmt.Sprint("n", e.Node))
			if err != nil {
				t.Errorf("%s: step %d, inspect %s: %v", name, i, explain.NodeName(e.Path), err)
				return
			}
			bound := e.Bound.String()
			if got.Bound == "exact" && len(p.Events()) > 1 && p.Events()[0].Kind == trace.Enter && p.Events()[1].Kind == trace.Leaf {
				bound = "exact" // a leaf's value is its own
			}
			if !got.Returned || got.Value != in.Format(e.Value) || got.Bound != bound || got.Left != i {
				t.Errorf("%s: step %d: %s returned %s %s; the Node tab says returned %v, %s %s at step %d",
					name, i, explain.NodeName(e.Path), in.Format(e.Value), bound, got.Returned, got.Value, got.Bound, got.Left)
				return
			}
		}
	}
}
