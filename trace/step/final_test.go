package step

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace/text"
)

// toEnd steps p to the end of its trace.
func toEnd(t *testing.T, p *Player) {
	t.Helper()
	if err := p.End(); err != nil {
		t.Fatal(err)
	}
}

// treePart is the part of a screen between its two rules around the tree.
func treePart(lines []string) []string {
	var rules []int
	for i, l := range lines {
		if strings.HasPrefix(l, "────") {
			rules = append(rules, i)
		}
	}
	return lines[rules[1]+1 : rules[2]]
}

var (
	belowRE = regexp.MustCompile(`⋯ (\d+) nodes? below`)
	moreRE  = regexp.MustCompile(`… (\d+) other moves searched \((\d+) nodes\)`)
)

// counted is the number of nodes the tree's lines account for: a line a
// node, what a closed node counts below it, what the root's last line
// counts.
func counted(t *testing.T, tree []string) int64 {
	var n int64
	for _, l := range tree {
		l = strings.TrimSpace(l)
		switch {
		case l == "", strings.Contains(l, "✂ not searched"):
		case moreRE.MatchString(l):
			k, _ := strconv.ParseInt(moreRE.FindStringSubmatch(l)[2], 10, 64)
			n += k
		default:
			n++
			if m := belowRE.FindStringSubmatch(l); m != nil {
				k, _ := strconv.ParseInt(m[1], 10, 64)
				n += k
			}
		}
	}
	return n
}

// TestFinalTreeWhole: at the end of the search, the whole tree when it fits
// the screen: every node of the Wikipedia tree with its value and window,
// every cut's unsearched moves, nothing counted instead of shown.
func TestFinalTreeWhole(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "wikipedia"), "alphabeta"))
	toEnd(t, p)
	for _, size := range [][2]int{{100, 40}, {160, 48}} {
		lines := Screen(p, text.Plain(), size[0], size[1], "")
		tree := strings.Join(treePart(lines), "\n")
		for _, want := range []string{
			"▲ root = 6  (−∞, +∞) ◀",
			"│ │ │ └ · 1.1.1.2 = 6  (−∞, 5)",
			"│ │ └ ▼ 1.1.2 = ≤5  (5, +∞)  ✂",
			"│ │   └ ✂ not searched: 1.1.2.3",
			"│   └ ▼ 2.2.1 = ≥6  (3, 6)",
			"└ ▼ 3 = ≤6  (6, +∞)  ✂",
			"  └ ✂ not searched: 3.2",
		} {
			if !strings.Contains(tree, want) {
				t.Errorf("%v: %q missing:\n%s", size, want, tree)
			}
		}
		if strings.Contains(tree, "⋯") || strings.Contains(tree, "other moves") {
			t.Errorf("%v: the tree fits, yet something is collapsed:\n%s", size, tree)
		}
		if n := counted(t, treePart(lines)); n != p.State().Summary.Nodes {
			t.Errorf("%v: %d nodes shown, the search entered %d", size, n, p.State().Summary.Nodes)
		}
	}
}

// TestFinalTreeCollapses: on screens too small for the whole tree, the
// tree fills the room and no more, the root first and the principal
// variation opened before other nodes of its ply; what is not shown is
// counted, so the lines account for every node the search entered; a node
// is closed only when its children do not fit.
func TestFinalTreeCollapses(t *testing.T) {
	for seed := uint64(1); seed <= 4; seed++ {
		tr, err := tree.Random(3, 4, -9, 9, seed)
		if err != nil {
			t.Fatal(err)
		}
		p := open(t, traceOf(t, tr, "alphabeta"))
		toEnd(t, p)
		nodes := p.State().Summary.Nodes
		for _, size := range [][2]int{{60, 16}, {80, 24}, {100, 30}, {160, 48}, {200, 120}} {
			lines := Screen(p, text.Plain(), size[0], size[1], "")
			if len(lines) != size[1] {
				t.Fatalf("seed %d, %v: %d lines", seed, size, len(lines))
			}
			part := treePart(lines)
			used := 0
			for _, l := range part {
				if l != "" {
					used++
				}
			}
			if n := counted(t, part); n != nodes {
				t.Errorf("seed %d, %v: the lines account for %d nodes, the search entered %d:\n%s", seed, size, n, nodes, strings.Join(part, "\n"))
			}
			if !strings.HasSuffix(part[0], "◀") || !strings.HasPrefix(part[0], "▲ root") {
				t.Errorf("seed %d, %v: the root is not first and current: %q", seed, size, part[0])
			}
			collapsed := strings.Contains(strings.Join(part, "\n"), "⋯") || strings.Contains(strings.Join(part, "\n"), "other moves")
			if !collapsed && used != len(part) && int64(used) < nodes {
				t.Errorf("seed %d, %v: nothing collapsed, yet %d lines for %d nodes", seed, size, used, nodes)
			}
			// A node is closed only when its children did not fit: a
			// closed node with k nodes below needs at most k+1 lines.
			free := len(part) - used
			for _, l := range part {
				if m := belowRE.FindStringSubmatch(l); m != nil {
					if k, _ := strconv.Atoi(m[1]); k+1 <= free {
						t.Errorf("seed %d, %v: %q closed with %d lines free:\n%s", seed, size, l, free, strings.Join(part, "\n"))
					}
				}
			}
		}
	}
}

// TestFinalTreeThenBack: reading the trace again for the last screen leaves
// the player where it was: back, forward and to the start replay as before.
func TestFinalTreeThenBack(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "wikipedia"), "alphabeta"))
	var before []string
	for {
		ok, err := p.Next()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		before = append(before, p.State().Sentence)
	}
	Screen(p, text.Plain(), 80, 24, "")
	if err := p.Goto(10); err != nil {
		t.Fatal(err)
	}
	for i := 10; i <= len(before); i++ {
		if got := p.State().Sentence; got != before[i-1] {
			t.Fatalf("step %d after the last screen: %q, before %q", i, got, before[i-1])
		}
		if _, err := p.Next(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFinalTreeWideRoot: a root with more moves than the screen has lines
// shows its first moves and the best one, and counts the others.
func TestFinalTreeWideRoot(t *testing.T) {
	tr, err := tree.Random(14, 2, -9, 9, 7)
	if err != nil {
		t.Fatal(err)
	}
	p := open(t, traceOf(t, tr, "alphabeta"))
	toEnd(t, p)
	sum := p.State().Summary
	for _, size := range [][2]int{{60, 16}, {80, 24}} {
		part := treePart(Screen(p, text.Plain(), size[0], size[1], ""))
		joined := strings.Join(part, "\n")
		if !moreRE.MatchString(joined) {
			t.Fatalf("%v: 14 moves on a small screen, none counted:\n%s", size, joined)
		}
		if !regexp.MustCompile(`[├└] ▼ ` + regexp.QuoteMeta(sum.Best) + ` = `).MatchString(joined) {
			t.Errorf("%v: the best move %s is not shown:\n%s", size, sum.Best, joined)
		}
		if n := counted(t, part); n != sum.Nodes {
			t.Errorf("%v: %d nodes accounted for, %d entered:\n%s", size, n, sum.Nodes, joined)
		}
	}
}

// TestFinalTreeMarks: the tree at the end says what the techniques did at
// each node: the null move's prune and failure, the pass's value.
func TestFinalTreeMarks(t *testing.T) {
	p := open(t, traceOf(t, builtin(t, "nullmove"), "alphabeta+null-move"))
	toEnd(t, p)
	tree := strings.Join(treePart(Screen(p, text.Plain(), 100, 40, "")), "\n")
	for _, want := range []string{
		"├ ▲ 2.1.1.2 = ≥7  (5, 7)  [Ø null-move prune]",
		"│ └ Ø -- (a pass) = 8  (6, 7)",
		"└ ▲ 2.1.1.4 = ≥7  (5, 7)  ✂  [Ø null move failed]",
		"├ Ø -- (a pass) = 6  (6, 7)",
	} {
		if !strings.Contains(tree, want) {
			t.Errorf("%q missing:\n%s", want, tree)
		}
	}
}
