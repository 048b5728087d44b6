package browser

import (
	"os"
	"testing"

	"github.com/prunescope/prunescope/trace/page"
)

// expected is what the page must show at each step, as trace/page computes
// it in Go from the trace: the ground truth of the tests.
func expected(t testing.TB, w written) []shown {
	t.Helper()
	f, err := os.Open(w.trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	steps, err := page.Expected(f)
	if err != nil {
		t.Fatalf("page.Expected(%s): %v", w.trace, err)
	}
	if len(steps) == 0 {
		t.Fatalf("page.Expected(%s): no step", w.trace)
	}
	want := make([]shown, len(steps))
	for i, st := range steps {
		want[i] = fromGo(st)
	}
	return want
}

// fromGo converts a step of page.Expected to the page's JSON form.
func fromGo(st page.StepState) shown {
	s := shown{Step: st.Step, Caption: st.Caption, Nodes: map[string]shownNode{}}
	if st.Node != nil {
		n := int64(*st.Node)
		s.Node = &n
	}
	for id, n := range st.Nodes {
		s.Nodes[id] = shownNode{
			Alpha: n.Alpha, Beta: n.Beta, Value: n.Value, Bound: n.Bound,
			Cut: n.Cut, Grey: n.Grey, Visible: n.Visible, Current: n.Current, PV: n.PV,
		}
	}
	return s
}
