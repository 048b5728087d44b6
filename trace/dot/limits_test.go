package dot

import (
	"fmt"
	"strings"
	"testing"
)

// TestFanFollowsTheBudget: a node with more children than the budget allows
// draws as many as fit, the one on the principal variation among them even
// when it was searched last, and one box counting the others; the first ply
// was drawn whole before, whatever --max-draw said.
func TestFanFollowsTheBudget(t *testing.T) {
	rec := synthetic(3000, 1, false)
	rec.Summary.PV, rec.Summary.Best = []string{"3000"}, "3000"
	for _, budget := range []int{1, 2, 50, 400} {
		src, st, err := Build(rec, Options{MaxNodes: budget, MaxWidth: DefaultMaxWidth})
		if err != nil {
			t.Fatal(err)
		}
		dot := string(src)
		if st.Drawn > max(budget, 3) || !st.Truncated {
			t.Errorf("budget %d: %d shapes drawn, truncated %v", budget, st.Drawn, st.Truncated)
		}
		if !strings.Contains(dot, `tooltip="node 3000: 3000"`) || !strings.Contains(dot, "n0 -> n3000 [label=<3000>, penwidth=3]") && !strings.Contains(dot, "n0 -> n3000 [penwidth=3]") {
			t.Errorf("budget %d: the principal variation's child is not drawn bold", budget)
		}
		left := 3000 - (st.Drawn - 2)
		if !strings.Contains(dot, fmt.Sprintf("+%d more moves searched", left)) || !strings.Contains(st.Note, "the others counted in boxes") {
			t.Errorf("budget %d: no box for the %d moves left, note %q", budget, left, st.Note)
		}
	}
	// Budgets past the limits are lowered to them.
	_, st, err := Build(rec, Options{MaxNodes: 1 << 30, MaxWidth: 1 << 30})
	if err != nil || st.Drawn > MaxNodesLimit || st.Drawn != MaxWidthLimit+1 {
		t.Errorf("huge budgets: %d shapes, %v", st.Drawn, err)
	}
}

// TestMoreBoxCountsWhatItStandsFor: the box for the children past the fan
// says how many moves it stands for and how many searched nodes they hold,
// counted from the recording: a root of 40 children with 40 children each,
// drawn with a tight budget.
func TestMoreBoxCountsWhatItStandsFor(t *testing.T) {
	rec := synthetic(40, 2, false)
	src, st, err := Build(rec, Options{MaxNodes: 12, MaxWidth: DefaultMaxWidth})
	if err != nil {
		t.Fatal(err)
	}
	drawn, nodes := 0, 0
	for _, c := range rec.Root.Children {
		if strings.Contains(string(src), fmt.Sprintf(`tooltip="node %d: %s"`, c.ID, c.Path)) {
			drawn++
		} else {
			nodes += 1 + len(c.Children)
		}
	}
	left := len(rec.Root.Children) - drawn
	want := fmt.Sprintf("+%d more moves searched<br/>%d nodes", left, nodes)
	if drawn == 0 || left == 0 || !strings.Contains(string(src), want) {
		t.Errorf("%d children drawn, %d shapes: no box saying %q\n%s", drawn, st.Drawn, want, src)
	}
}
