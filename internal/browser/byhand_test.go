package browser

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

// TestTextbookByHand checks the pages of aima and wikipedia against facts
// worked out by hand from the textbook trees, not from any code of
// prunescope's: the window a node shows, the one it was entered with, and
// beside it, labelled, the live best so far and the bound that moves once
// its children have returned ("window" means one thing on every surface:
// the page showed the window narrowed by the node's own children, (3, 2) at
// a MIN node, where the pictures show (3, +∞)), the closed window at a cut,
// the values and bounds returned, the cut, the never-searched nodes turning
// grey at the cutoff, and the principal variation at the end.
func TestTextbookByHand(t *testing.T) {
	parallel(t)
	type fact struct {
		path                      string
		alpha, beta, value, bound string // "-" where not checked
		cut, pv                   bool
		live                      string // "-" where not checked
	}
	// One tab per tree; each case's keys jump from where the last left it.
	tabs := map[string]context.Context{}
	for _, tree := range []string{"aima", "wikipedia"} {
		tabs[tree] = newTab(t)
		open(t, tabs[tree], fileURL(pageOf(t, searchNamed(t, tree)).html))
	}
	for _, c := range []struct {
		tree  string
		step  int // 0: the last step
		facts []fact
		grey  int // how many never-searched nodes are grey
	}{
		// aima, step 3: leaf 1.1 = 3; MIN node 1 keeps its window
		// (−∞, +∞), and beside it its β falls to 3.
		{"aima", 3, []fact{{"1", "−∞", "+∞", "3", "", false, false, "best 3 · β 3"}, {"1.1", "-", "-", "3", "exact", false, false, ""}}, 0},
		// step 7: node 2 entered with (3, +∞): the root's α rose to 3.
		{"aima", 7, []fact{{"", "−∞", "+∞", "3", "", false, false, "best 3 · α 3"}, {"2", "3", "+∞", "", "", false, false, ""}, {"1", "-", "-", "3", "exact", false, false, ""}}, 0},
		// step 9: the α-cutoff at 2: its β fell to 2, at or below α 3;
		// 2.2 and 2.3 turn grey.
		{"aima", 9, []fact{{"2", "3", "+∞", "2", "", true, false, "closed: α 3 ≥ β 2 — cut"}}, 2},
		// the end: 3 exact at the root through 1 and 1.1; 2 and 3 return
		// α = 3, fail-hard, as upper bounds.
		{"aima", 0, []fact{{"", "-", "-", "3", "exact", false, true, ""}, {"1", "-", "-", "3", "exact", false, true, ""}, {"1.1", "-", "-", "3", "exact", false, true, ""},
			{"2", "3", "+∞", "3", "upper", true, false, ""}, {"3", "-", "-", "3", "upper", false, false, ""}, {"1.2", "-", "-", "12", "exact", false, false, ""}}, 2},
		// wikipedia, step 11: the cutoff at 1.1.2, entered with (5, +∞)
		// once 1.1's α had risen to 5.
		{"wikipedia", 11, []fact{{"1.1", "−∞", "+∞", "5", "", false, false, "best 5 · α 5"}, {"1.1.2", "5", "+∞", "4", "", true, false, "closed: α 5 ≥ β 4 — cut"}, {"1", "−∞", "+∞", "", "", false, false, ""}}, 1},
		// step 14: 1.2 entered with (−∞, 5): 1's β fell to 5.
		{"wikipedia", 14, []fact{{"1", "−∞", "+∞", "5", "", false, false, "best 5 · β 5"}, {"1.2", "−∞", "5", "", "", false, false, ""}, {"1.1", "-", "-", "5", "exact", false, false, ""}}, 1},
	} {
		t.Run(fmt.Sprintf("%s-%d", c.tree, c.step), func(t *testing.T) {
			s := searchNamed(t, c.tree)
			skipShort(t)
			w := pageOf(t, s)
			ids := nodeIDs(t, w.trace)
			tab := tabs[c.tree]
			var got shown
			if c.step == 0 {
				got = press(t, tab, kb.End)
			} else {
				got = press(t, tab, fmt.Sprint(c.step)+kb.Enter)
			}
			for _, f := range c.facts {
				id, ok := ids[f.path]
				if !ok {
					t.Fatalf("no node %q in the trace", f.path)
				}
				n, ok := got.Nodes[fmt.Sprint(id)]
				name := f.path
				if name == "" {
					name = "root"
				}
				switch {
				case !ok:
					t.Errorf("%s (id %d) not on the page", name, id)
				case !n.Visible,
					f.alpha != "-" && n.Alpha != f.alpha, f.beta != "-" && n.Beta != f.beta,
					f.value != "-" && n.Value != f.value, f.bound != "-" && n.Bound != f.bound,
					n.Cut != f.cut, c.step == 0 && n.PV != f.pv, f.live != "-" && n.Live != f.live:
					t.Errorf("%s shows %+v; by hand: α %s β %s value %q %s, cut %v, pv %v, live %q", name, n, f.alpha, f.beta, f.value, f.bound, f.cut, f.pv, f.live)
				}
			}
			grey, pv := 0, 0
			for _, n := range got.Nodes {
				if n.Grey && n.Visible {
					grey++
				}
				if n.PV {
					pv++
				}
			}
			if grey != c.grey {
				t.Errorf("%d never-searched nodes grey, want %d", grey, c.grey)
			}
			if c.step == 0 && c.tree == "aima" && pv != 3 {
				t.Errorf("%d nodes in bold, want the principal variation root, 1, 1.1", pv)
			}
		})
	}
}

// nodeIDs maps the paths of a trace's nodes to their ids ("" is the root).
func nodeIDs(t testing.TB, trace string) map[string]int64 {
	t.Helper()
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ids := map[string]int64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e struct {
			Ev   string `json:"ev"`
			Node int64  `json:"node"`
			Path string `json:"path"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatal(err)
		}
		if e.Ev == "enter" {
			ids[e.Path] = e.Node
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}
