package lab

import (
	"bytes"
	"context"
	"fmt"
	"github.com/prunescope/prunescope/internal/i18n"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace/page"
)

// inspectCases are random trees searched with the lab's algorithms and
// conventions, for the Node tab's and the Code tab's tests.
func inspectCases(t *testing.T, n int) []struct {
	tree string
	args []string
} {
	t.Helper()
	settings := [][]string{nil, {"--fail", "soft"}, {"--fail", "f2", "--cutoff", "gt"}, {"--algo", "pvs"},
		{"--algo", "minimax"}, {"--algo", "negamax", "--fail", "soft"}, {"--order-children", "rtl"}, {"--window", "2,7"}}
	var out []struct {
		tree string
		args []string
	}
	for i := range n {
		tr, err := tree.Random(2+i%2, 2+i%3, 0, 9, uint64(i+1))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, struct {
			tree string
			args []string
		}{tree.Format(tr), settings[i%len(settings)]})
	}
	return out
}

// TestInspectIsThePage: at every step of random searches, what the Node tab
// says of each node drawn (its window, live label, best so far, value and
// bound; for a never-searched shape, when its cutoff happened) is what the
// page shows at that step, as page.Expected computes it from the step
// player independently of the call.
func TestInspectIsThePage(t *testing.T) {
	n := 10
	if testing.Short() {
		n = 4
	}
	ctx := context.Background()
	for _, c := range inspectCases(t, n) {
		name := c.tree + " " + strings.Join(c.args, " ")
		r, err := rerun(ctx, c.tree, c.args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		evs, err := r.steps(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want, err := page.ExpectedWith(bytes.NewReader(r.trace()), page.Options{Draw: r.draw})
		if err != nil {
			t.Fatal(err)
		}
		if len(want) != len(evs) {
			t.Fatalf("%s: %d steps, the page has %d", name, len(evs)-1, len(want)-1)
		}
		for s := 0; s < len(want); s += 1 + len(want)/12 {
			x := &inspector{r: r, in: r.rec.Info, evs: evs, step: s}
			for key, ns := range want[s].Nodes {
				var got *Inspection
				if strings.HasPrefix(key, "u") {
					got, err = x.unsearched(key, "")
				} else {
					var id int64
					fmt.Sscan(key, &id)
					got, err = x.searched(r.rec.Node(id))
				}
				if err != nil {
					t.Fatalf("%s: step %d, node %s: %v", name, s, key, err)
				}
				check(t, name, s, key, got, ns, want[s].Node)
			}
		}
	}
}

func check(t *testing.T, name string, s int, key string, got *Inspection, ns page.NodeState, current *int64) {
	t.Helper()
	where := fmt.Sprintf("%s: step %d, node %s (%s)", name, s, key, got.Name)
	if !got.Searched {
		if shown := got.CutStep <= s; shown != ns.Visible {
			t.Errorf("%s: cut at step %d, shown %v on the page", where, got.CutStep, ns.Visible)
		}
		if !strings.Contains(got.CutLive, "cut") || got.CutAt == "" {
			t.Errorf("%s: no cutoff named: %+v", where, got)
		}
		return
	}
	entered := got.Entered > 0 && got.Entered <= s
	if entered != ns.Visible {
		t.Errorf("%s: entered at %d, the page shows it %v", where, got.Entered, ns.Visible)
	}
	if !entered {
		return
	}
	if w := "(" + ns.Alpha + ", " + ns.Beta + ")"; ns.Alpha != "" && got.Window != w {
		t.Errorf("%s: window %q, the page %q", where, got.Window, w)
	}
	if got.Open {
		if got.Live != ns.Live {
			t.Errorf("%s: live %q, the page %q", where, got.Live, ns.Live)
		}
		if got.Value != ns.Best {
			t.Errorf("%s: best so far %q, the page %q", where, got.Value, ns.Best)
		}
	}
	if got.Returned && (got.Value != ns.Value || got.Bound != ns.Bound) {
		t.Errorf("%s: returned %s %s, the page %s %s", where, got.Value, got.Bound, ns.Value, ns.Bound)
	}
	if got.Open == got.Returned {
		t.Errorf("%s: open %v and returned %v", where, got.Open, got.Returned)
	}
	if ns.Cut != (got.CutStep > 0) {
		t.Errorf("%s: cut at step %d, the page says cut %v", where, got.CutStep, ns.Cut)
	}
	if got.CutStep > 0 && !strings.Contains(got.CutLive, "cut") {
		t.Errorf("%s: cut, and its label says %q", where, got.CutLive)
	}
	for _, f := range got.Facts {
		if f.Step < 0 || f.Step >= 1<<20 || f.Text == "" {
			t.Errorf("%s: fact %+v", where, f)
		}
	}
}

// TestInspectAIMA: the AIMA tree's node 2 is cut with α 3 ≥ β 2 (the
// command line's words), and the shapes it leaves say so.
func TestInspectAIMA(t *testing.T) {
	ctx := context.Background()
	got, err := Inspect(ctx, "aima", nil, 20, "n5", nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "2" || got.CutLive != "closed: α 3 ≥ β 2 — cut" || got.Window != "(3, +∞)" || got.Value != "3" || got.Bound != "upper" {
		t.Errorf("node 2: %+v", got)
	}
	p := "2.3"
	u, err := Inspect(ctx, "aima", nil, 20, "", &p)
	if err != nil {
		t.Fatal(err)
	}
	if u.Searched || u.CutAt != "2" || u.CutStep != got.CutStep {
		t.Errorf("2.3: %+v", u)
	}
	for _, bad := range []string{"n99", "x1", "u99"} {
		if _, err := Inspect(ctx, "aima", nil, 3, bad, nil); err == nil || !strings.HasPrefix(err.Error(), "inspect: ") {
			t.Errorf("%s: %v", bad, err)
		}
	}
	if _, err := Inspect(ctx, "((3 4) (5", nil, 3, "n1", nil); err == nil {
		t.Errorf("a bad tree inspected")
	}
}

// TestInspectRootLang: the Node tab names the root in the page's language,
// and a root's move as from it ("из корня", "z kořene"), not "root".
func TestInspectRootLang(t *testing.T) {
	for _, c := range []struct {
		lang       i18n.Lang
		root, from string
	}{{i18n.En, "root", "from root"}, {i18n.Ru, "корень", "из корня"}, {i18n.Cs, "kořen", "z kořene"}} {
		ctx := i18n.WithLang(context.Background(), c.lang)
		got, err := Inspect(ctx, "aima", nil, 20, "n0", nil)
		if err != nil {
			t.Fatal(err)
		}
		kid, err := Inspect(ctx, "aima", nil, 20, "n1", nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Facts) == 0 || got.Facts[0].Label != c.root || len(kid.Facts) == 0 || !strings.HasSuffix(kid.Facts[0].Text, c.from) {
			t.Errorf("%s: %+v, %+v", c.lang, got.Facts, kid.Facts)
		}
	}
}
