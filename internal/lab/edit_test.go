package lab_test

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/cmd"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// cli runs prunescope in-process and gives its standard output, or its
// error line without the program's name.
func cli(args ...string) (out, errLine string) {
	var o, e bytes.Buffer
	if cmd.Main(args, strings.NewReader(""), &o, &e) != 0 {
		return "", strings.TrimPrefix(strings.TrimSpace(e.String()), "prunescope: ")
	}
	return o.String(), ""
}

const aimaIndented = "(\n  (3 12 8)\n  (2 4 6)\n  (14 5 2)\n)\n"

// edit applies one edit and fails the test on an error.
func edit(t *testing.T, text, op, path, value string, to int) *lab.EditResult {
	t.Helper()
	r, err := lab.Edit(lab.EditRequest{Tree: text, Op: op, Path: path, Value: value, To: to})
	if err != nil {
		t.Fatalf("%s %s %q: %v", op, path, value, err)
	}
	return r
}

// parsed reads an edit's result as the search does, and checks that it
// prints back to itself (the indented form round-trips through Parse).
func parsed(t *testing.T, text string) *tree.Tree {
	t.Helper()
	tr, err := tree.Parse("tree", text)
	if err != nil {
		t.Fatalf("the edited tree does not parse: %v\n%s", err, text)
	}
	if back := tree.FormatIndented(tr); back != text {
		t.Fatalf("the edited tree does not print back to itself:\n%s\nprinted:\n%s", text, back)
	}
	return tr
}

// value is a node's value as written (a leaf's, or an eval).
func value(tr *tree.Tree, n *tree.Node, eval bool) float64 {
	v := n.Value
	if eval {
		v = n.Eval
	}
	return float64(v) / float64(tr.Scale)
}

// TestEditOps applies each edit to the AIMA tree and checks the tree
// read back from the result: the node changed, the rest as it was, the
// picked node where the edit leaves it.
func TestEditOps(t *testing.T) {
	r := edit(t, aimaIndented, "value", "2.3", "-2.5", 0)
	tr := parsed(t, r.Tree)
	if r.Picked != "2.3" || value(tr, tr.Find("2.3"), false) != -2.5 || value(tr, tr.Find("3.1"), false) != 14 {
		t.Errorf("value: picked %q, tree %s", r.Picked, tree.Format(tr))
	}
	r = edit(t, aimaIndented, "eval", "3", "4.25", 0)
	tr = parsed(t, r.Tree)
	if n := tr.Find("3"); !n.HasEval || value(tr, n, true) != 4.25 {
		t.Errorf("eval: %s", tree.Format(tr))
	}
	if tr = parsed(t, edit(t, r.Tree, "eval", "3", "", 0).Tree); tr.Find("3").HasEval {
		t.Errorf("eval removed: %s", tree.Format(tr))
	}
	// Adding a child to a leaf makes it an inner node whose first child
	// has its value; to an inner node, a leaf 0 after the last child.
	r = edit(t, aimaIndented, "add", "1.2", "", 0)
	tr = parsed(t, r.Tree)
	if r.Picked != "1.2" || tree.Format(tr) != "((3 (12) 8) (2 4 6) (14 5 2))" {
		t.Errorf("add to a leaf: picked %q, %s", r.Picked, tree.Format(tr))
	}
	r = edit(t, aimaIndented, "add", "2", "", 0)
	if tr = parsed(t, r.Tree); r.Picked != "2" || tree.Format(tr) != "((3 12 8) (2 4 6 0) (14 5 2))" {
		t.Errorf("add to an inner node: picked %q, %s", r.Picked, tree.Format(tr))
	}
	// Removing: the parent is picked; the names after it shift.
	r = edit(t, aimaIndented, "remove", "1", "", 0)
	if tr = parsed(t, r.Tree); r.Picked != "" || tree.Format(tr) != "((2 4 6) (14 5 2))" {
		t.Errorf("remove: picked %q, %s", r.Picked, tree.Format(tr))
	}
	r = edit(t, aimaIndented, "remove", "3.2", "", 0)
	if tr = parsed(t, r.Tree); r.Picked != "3" || tree.Format(tr) != "((3 12 8) (2 4 6) (14 2))" {
		t.Errorf("remove a leaf: picked %q, %s", r.Picked, tree.Format(tr))
	}
	// Moving: the node goes to its place, and is picked there.
	r = edit(t, aimaIndented, "move", "3", "", 1)
	if tr = parsed(t, r.Tree); r.Picked != "1" || tree.Format(tr) != "((14 5 2) (3 12 8) (2 4 6))" {
		t.Errorf("move to the first place: picked %q, %s", r.Picked, tree.Format(tr))
	}
	r = edit(t, aimaIndented, "move", "1.1", "", 2)
	if tr = parsed(t, r.Tree); r.Picked != "1.2" || tree.Format(tr) != "((12 3 8) (2 4 6) (14 5 2))" {
		t.Errorf("move right: picked %q, %s", r.Picked, tree.Format(tr))
	}
	// Players: the root's is [min]; another node's a mark.
	if tr = parsed(t, edit(t, aimaIndented, "player", "", "min", 0).Tree); !tr.RootMin {
		t.Errorf("root min: %s", tree.Format(tr))
	}
	r = edit(t, aimaIndented, "player", "2", "max", 0)
	if tr = parsed(t, r.Tree); tr.Find("2").Turn != tree.TurnMax {
		t.Errorf("max mark: %s", tree.Format(tr))
	}
	if tr = parsed(t, edit(t, r.Tree, "player", "2", "", 0).Tree); tr.Find("2").Turn != tree.TurnAlternate {
		t.Errorf("by turn again: %s", tree.Format(tr))
	}
	// A chance node and its children's probabilities, given one by one:
	// the tree between is refused by Parse (the search) as the command
	// line refuses it, and still edited.
	r = edit(t, aimaIndented, "player", "2", "chance", 0)
	if tr = parsed(t, r.Tree); !tr.Find("2").Chance {
		t.Errorf("chance: %s", tree.Format(tr))
	}
	half := edit(t, r.Tree, "p", "2.1", "0.5", 0)
	if half.Line != "" {
		t.Errorf("a tree that breaks a rule has a line to search: %q", half.Line)
	}
	checkAsCLI(t, half.Tree, "no probability on this child")
	r = edit(t, half.Tree, "p", "2.2", "1/4", 0)
	r = edit(t, r.Tree, "p", "2.3", "0.2", 0)
	checkAsCLI(t, r.Tree, "add up to 0.95, not 1")
	r = edit(t, r.Tree, "p", "2.3", "0.25", 0)
	tr = parsed(t, r.Tree)
	if r.Line != tree.Format(tr) {
		t.Errorf("line %q, want %q", r.Line, tree.Format(tr))
	}
	if num, den := tr.Find("2").Weight(1); num != 1 || den != 4 {
		t.Errorf("p=1/4: %d/%d", num, den)
	}
	// Back to a player: the probabilities go.
	if tr = parsed(t, edit(t, r.Tree, "player", "2", "min", 0).Tree); tree.Format(tr) != "((3 12 8) (2 4 6)[min] (14 5 2))" {
		t.Errorf("chance to min: %s", tree.Format(tr))
	}
	// Named nodes are found by name, and keep it.
	r = edit(t, "A:(B:(3 12 8) C:(2 4 6))", "move", "C", "", 1)
	if tr = parsed(t, r.Tree); r.Picked != "C" || tree.Format(tr) != "A:(C:(2 4 6) B:(3 12 8))" {
		t.Errorf("move by name: picked %q, %s", r.Picked, tree.Format(tr))
	}
}

// checkAsCLI checks that the text is refused by the search with the error
// prunescope tree show gives for it (line and column included), and that
// it says what is wrong.
func checkAsCLI(t *testing.T, text, says string) {
	t.Helper()
	_, want := cli("tree", "show", text)
	if want == "" || !strings.Contains(want, says) || !strings.HasPrefix(want, "tree:") {
		t.Fatalf("prunescope tree show: %q, want an error saying %q", want, says)
	}
	got := lab.Search(context.Background(), text, nil).Error
	if got != want {
		t.Errorf("the lab's search says %q, prunescope tree show %q", got, want)
	}
}

// TestEditRefuses: each edit that cannot be made is one line naming the
// node, and a malformed tree gets the command line's error with its line
// and column.
func TestEditRefuses(t *testing.T) {
	for _, c := range []struct {
		tree, op, path, value string
		to                    int
		want                  string
	}{
		{aimaIndented, "value", "2", "3", 0, "node 2: an inner node's value is its children's"},
		{aimaIndented, "value", "2.1", "3.141", 0, "node 2.1: value 3.141 has more than two decimals"},
		{aimaIndented, "value", "2.1", "infinity", 0, `node 2.1: malformed value "infinity"`},
		{aimaIndented, "value", "2.1", "2000000000", 0, "node 2.1: value 2000000000 is out of range"},
		{aimaIndented, "eval", "2.1", "3", 0, "node 2.1: eval on a leaf"},
		{aimaIndented, "remove", "", "", 0, "node root: the root cannot be removed"},
		{"((1) 2)", "remove", "1.1", "", 0, "node 1.1: it is the only child of 1"},
		{aimaIndented, "player", "", "chance", 0, "node root: chance on the root"},
		{aimaIndented, "player", "1.1", "chance", 0, "node 1.1: chance on a leaf"},
		{aimaIndented, "player", "1", "dice", 0, `node 1: player "dice"`},
		{aimaIndented, "p", "1.1", "0.5", 0, "node 1.1: a probability belongs to a child of a chance node"},
		{"((1 2)[chance] 3)", "p", "1.1", "1.5", 0, `node 1.1: probability "1.5"`},
		{"((1 2[pass]) 3)", "player", "1.2", "max", 0, "node 1.2: tree:"},
		{aimaIndented, "move", "2", "", 4, "node 2: place 4: root has children 1 to 3"},
		{aimaIndented, "move", "", "", 1, "node root: the root has no siblings"},
		{aimaIndented, "value", "4", "1", 0, `node "4": no such node`},
		{aimaIndented, "cut", "1", "", 0, `edit "cut": the edits are`},
	} {
		_, err := lab.Edit(lab.EditRequest{Tree: c.tree, Op: c.op, Path: c.path, Value: c.value, To: c.to})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %s %q on %q: %v, want %q…", c.op, c.path, c.value, c.tree, err, c.want)
		}
	}
	// A malformed tree: the command line's error, line and column.
	for _, bad := range []string{"((3 4)\n  (5 x))", "((3 4)\n (5", "((3 4) 5))", "((3 [eval=2]) 4)"} {
		_, want := cli("tree", "show", bad)
		_, err := lab.Edit(lab.EditRequest{Tree: bad, Op: "add", Path: ""})
		if err == nil || err.Error() != want {
			t.Errorf("edit on %q: %v, prunescope tree show says %q", bad, err, want)
		}
		if _, err := lab.Indent(bad); err == nil || err.Error() != want {
			t.Errorf("indent %q: %v, prunescope tree show says %q", bad, err, want)
		}
	}
}

// TestIndentIsTreeShow: the tab's box shows what prunescope tree show
// --indent prints.
func TestIndentIsTreeShow(t *testing.T) {
	for _, text := range []string{"aima", "wikipedia", "((3[p=0.3] 4[p=0.7])[chance] 5)", "A:(B:(3 12 8) C:(2.5 4 6))[min]"} {
		want, _ := cli("tree", "show", text, "--indent")
		want = strings.TrimRight(want, "\n") + "\n" // the command ends with an empty line
		got, err := lab.Indent(text)
		if err != nil || got != want {
			t.Errorf("indent %q: %q (%v), tree show --indent: %q", text, got, err, want)
		}
	}
}

// TestRandomIsTreeRandom: without cutoffs asked for, the random tree is
// prunescope tree random's with the same flags; with them, the quiz's;
// too many leaves are refused in one line.
func TestRandomIsTreeRandom(t *testing.T) {
	ctx := context.Background()
	for _, c := range []lab.RandomRequest{
		{Branching: 3, Depth: 3, Min: -9, Max: 9, Seed: 1},
		{Branching: 2, Depth: 4, Min: 0, Max: 99, Seed: 12345},
		{Branching: 4, Depth: 1, Min: -3, Max: 3, Seed: 7},
	} {
		r, err := lab.Random(ctx, c)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := cli("tree", "random", "--branching", itoa(c.Branching), "--depth", itoa(c.Depth),
			"--min", itoa(int(c.Min)), "--max", itoa(int(c.Max)), "--seed", itoa(int(c.Seed)), "--indent")
		want = strings.TrimRight(want, "\n") + "\n"
		if r.Tree != want {
			t.Errorf("%+v:\n%s\ntree random says:\n%s", c, r.Tree, want)
		}
	}
	c := lab.RandomRequest{Branching: 3, Depth: 4, Min: -9, Max: 9, Seed: 3, MinCutoffs: 4, DeepCutoff: true, Args: []string{"--fail", "soft"}}
	r, err := lab.Random(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	q, err := quiz.New(ctx, quiz.Spec{Gen: quiz.Gen{Branching: 3, Depth: 4, Min: -9, Max: 9, Seed: 3, MinCutoffs: 4, DeepCutoff: true},
		Opt: engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Tree != tree.FormatIndented(q.Tree) || r.Attempt != q.Attempt {
		t.Errorf("with cutoffs: attempt %d\n%s\nthe quiz's (attempt %d):\n%s", r.Attempt, r.Tree, q.Attempt, tree.FormatIndented(q.Tree))
	}
	// Its search, with the lab's settings, has the cutoffs asked for.
	tr := parsed(t, r.Tree)
	res, err := engine.Search(ctx, tree.NewPosition(tr), engine.Limits{Depth: 4}, engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft}, nil)
	if err != nil || res.Cutoffs() < 4 {
		t.Errorf("the tree's search has %d cutoffs (%v), 4 were asked for", res.Cutoffs(), err)
	}
	for _, c := range []struct {
		req  lab.RandomRequest
		want string
	}{
		{lab.RandomRequest{Branching: 10, Depth: 5, Max: 9, Seed: 1}, "--branching: branching 10 and depth 5 make more than 20000 leaves"},
		{lab.RandomRequest{Branching: 0, Depth: 3, Max: 9, Seed: 1}, "--branching: "},
		{lab.RandomRequest{Branching: 2, Depth: 3, Min: 5, Max: 1, Seed: 1}, "min 5 is greater than max 1"},
		{lab.RandomRequest{Branching: 2, Depth: 2, Max: 9, Seed: 1, DeepCutoff: true}, "--deep-cutoff: a deep cutoff needs a search of at least 4 plies"},
		{lab.RandomRequest{Branching: 2, Depth: 4, Max: 9, Seed: 1, MinCutoffs: 3, Args: []string{"--algo", "minimax"}}, "--min-cutoffs: minimax never cuts off"},
	} {
		_, err := lab.Random(ctx, c.req)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q…", c.req, err, c.want)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestNodeInfo: the form's description of a node is the tree's, as
// written.
func TestNodeInfo(t *testing.T) {
	text := "((3[p=0.25] 2.5[p=0.75])[chance] B:(4 5)[eval=1.5 max])[min]"
	for _, c := range []struct {
		path string
		want lab.NodeInfo
	}{
		{"", lab.NodeInfo{Name: "", Label: "root", Player: "min", Root: true, Children: []string{"1", "B"}}},
		{"1", lab.NodeInfo{Name: "1", Label: "1", Player: "chance", Index: 1, Siblings: 2, Children: []string{"1.1", "1.2"}}},
		{"1.2", lab.NodeInfo{Name: "1.2", Label: "1.2", Leaf: true, Value: "2.5", InChance: true, P: "0.75", Index: 2, Siblings: 2, Children: []string{}}},
		{"B", lab.NodeInfo{Name: "B", Label: "B", Eval: "1.5", Player: "max", Index: 2, Siblings: 2, Children: []string{"2.1", "2.2"}}},
	} {
		got, err := lab.Node(text, c.path)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(*got) != fmt.Sprint(c.want) {
			t.Errorf("node %q: %+v, want %+v", c.path, *got, c.want)
		}
	}
	if _, err := lab.Node(text, "3"); err == nil {
		t.Errorf("node 3 of a tree without it: no error")
	}
}

// TestNames lists a draft's nodes by the names the drawing gives them,
// a draft that breaks a rule included.
func TestNames(t *testing.T) {
	got, err := lab.Names("(A:(3[p=0.5] 4)[chance] (5 6))")
	if want := "|A|1.1|1.2|2|2.1|2.2"; err != nil || strings.Join(got, "|") != want {
		t.Errorf("names: %q (%v), want %q", strings.Join(got, "|"), err, want)
	}
	if _, err := lab.Names("((3 4)"); err == nil {
		t.Errorf("names of a malformed tree: no error")
	}
}
