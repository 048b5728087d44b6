package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestDiffGolden runs diff as a teacher types it and compares everything it
// prints with golden files (go test ./cmd -run TestDiffGolden -update).
func TestDiffGolden(t *testing.T) {
	os.Unsetenv("NO_COLOR")
	cases := []struct {
		name string
		args []string
	}{
		{"diff-wikipedia.txt", []string{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"}},
		{"diff-aima-fail.txt", []string{"diff", "alphabeta:hard", "alphabeta:soft", "--tree", "aima"}},
		{"diff-identical.txt", []string{"diff", "alphabeta", "alphabeta:hard:ge", "--tree", "wikipedia"}},
		{"diff-minimax.txt", []string{"diff", "minimax", "alphabeta", "--tree", "wikipedia"}},
		{"diff-pvs.txt", []string{"diff", "alphabeta:soft", "pvs:soft", "--tree", "wikipedia"}},
		{"diff-nullmove.txt", []string{"diff", "alphabeta", "alphabeta+null-move", "--tree", "nullmove"}},
		{"diff-reductions.txt", []string{"diff", "alphabeta", "alphabeta+reductions", "--tree", "reductions"}},
		{"diff-iterative.txt", []string{"diff", "alphabeta", "alphabeta+iterative", "--tree", "iterative"}},
		{"diff-mtdf-pass.txt", []string{"diff", "alphabeta", "mtdf", "--tree", "wikipedia", "--guess", "0", "--pass", "2", "--max-diffs", "6"}},
		{"diff-chess-null.txt", []string{"diff", "alphabeta", "alphabeta+null-move", "--fen", "tactic", "--depth", "4", "--null-min-ply", "1"}},
		{"diff-focus.txt", []string{"diff", "minimax", "alphabeta", "--tree", "wikipedia", "--focus", "3"}},
		{"diff-color.txt", []string{"diff", "alphabeta:hard", "alphabeta:soft", "--tree", "aima", "--color", "always"}},
		{"diff-wikipedia.json", []string{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--json"}},
		{"diff-wikipedia.dot", []string{"diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--dot", "-"}},
		{"diff-chess.dot", []string{"diff", "alphabeta", "alphabeta+order", "--fen", "start", "--depth", "3", "--dot", "-"}},
		// bad input: one line on stderr, exit 2, nothing on stdout
		{"err-diff-one-spec.txt", []string{"diff", "alphabeta", "--tree", "aima"}},
		{"err-diff-three-specs.txt", []string{"diff", "alphabeta", "pvs", "mtdf", "--tree", "aima"}},
		{"err-diff-spec.txt", []string{"diff", "alphabeta", "alphabet", "--tree", "aima"}},
		{"err-diff-technique.txt", []string{"diff", "alphabeta+nul", "alphabeta", "--tree", "aima"}},
		{"err-diff-no-input.txt", []string{"diff", "alphabeta", "minimax"}},
		{"err-diff-tree.txt", []string{"diff", "alphabeta", "minimax", "--tree", "((3 4)"}},
		{"err-diff-pass.txt", []string{"diff", "alphabeta", "mtdf", "--tree", "wikipedia", "--pass", "9"}},
		{"err-diff-pass-none.txt", []string{"diff", "alphabeta", "pvs", "--tree", "wikipedia", "--pass", "2"}},
		{"err-diff-iteration.txt", []string{"diff", "alphabeta", "alphabeta:soft", "--tree", "aima", "--iteration", "2"}},
		{"err-diff-json-dot.txt", []string{"diff", "alphabeta", "minimax", "--tree", "aima", "--json", "--dot", "-"}},
		{"err-diff-focus.txt", []string{"diff", "alphabeta", "minimax", "--tree", "aima", "--focus", "4.4"}},
		{"err-diff-focus-chess.txt", []string{"diff", "alphabeta", "minimax", "--fen", "start", "--depth", "2", "--focus", "e4 e9"}},
		{"err-diff-max.txt", []string{"diff", "alphabeta", "minimax", "--tree", "aima", "--max-diffs", "-1"}},
		{"err-diff-too-big.txt", []string{"diff", "minimax", "alphabeta", "--game", "tictactoe"}},
		{"err-diff-out-folder.txt", []string{"diff", "alphabeta", "minimax", "--tree", "aima", "--png", "/nonexistent/folder/d.png"}},
	}
	var gc []goldenCase
	for _, c := range cases {
		gc = append(gc, goldenCase{name: c.name, args: c.args})
	}
	runGolden(t, gc)
}

// diffJSON is what the tests read of diff --json.
type diffJSON struct {
	A, B struct {
		Spec   string
		Nodes  int64
		Leaves int64
	}
	Totals struct {
		Both        int
		OnlyA       int `json:"a_only"`
		OnlyB       int `json:"b_only"`
		Differences int
		Kinds       map[string]int
	}
	Differences []struct {
		Kind  string
		Path  string
		Visit int
		Nodes int
		A, B  *struct {
			Text  string
			Value any
			Bound string
			Cut   *bool
		}
	}
}

func diffAsJSON(t *testing.T, args ...string) diffJSON {
	t.Helper()
	r := run(t, "", append([]string{"diff", "--json"}, args...)...)
	if r.code != 0 {
		t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
	}
	var d diffJSON
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, r.stdout)
	}
	return d
}

// parts lists the differences of one kind as "path:nodes".
func (d diffJSON) parts(kind string) []string {
	var out []string
	for _, x := range d.Differences {
		if x.Kind == kind {
			out = append(out, x.Path+":"+itoa(x.Nodes))
		}
	}
	return out
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestDiffTextbookTrees checks the diff against the answers the textbooks
// give (../shared/data/trees.md).
func TestDiffTextbookTrees(t *testing.T) {
	// Wikipedia: 2.1.2.2 is cut by a tie under ≥, evaluated under > with
	// fail-soft values; nothing else is searched by one only.
	d := diffAsJSON(t, "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia")
	if got := d.parts("b_only"); strings.Join(got, " ") != "2.1.2.2:1" || len(d.parts("a_only")) != 0 {
		t.Errorf("B only %v, A only %v; want 2.1.2.2 searched by B only", got, d.parts("a_only"))
	}
	cut := false
	for _, x := range d.Differences {
		if x.Kind == "cutoff" && x.Path == "2.1.2" && *x.A.Cut && !*x.B.Cut {
			cut = true
		}
	}
	if !cut {
		t.Error("the tie cut at 2.1.2 (A only) is not reported")
	}
	// Against minimax, alpha-beta never evaluates 1.1.2.3, 2.1.2.2 and the
	// subtree 3.2 (3.2.1.1, 3.2.1.2, 3.2.2.1 and the nodes above them).
	d = diffAsJSON(t, "minimax", "alphabeta", "--tree", "wikipedia")
	if got := d.parts("a_only"); strings.Join(got, " ") != "1.1.2.3:1 2.1.2.2:1 3.2:6" || len(d.parts("b_only")) != 0 {
		t.Errorf("A only %v, B only %v", got, d.parts("b_only"))
	}
	// AIMA fail-hard against fail-soft: the same nodes; 2 and 3 return 3 as
	// an upper bound when clamped, 2 when not.
	d = diffAsJSON(t, "alphabeta:hard", "alphabeta:soft", "--tree", "aima")
	if d.Totals.OnlyA != 0 || d.Totals.OnlyB != 0 || d.Totals.Differences != 2 {
		t.Fatalf("totals %+v, want two differences, no node one-sided", d.Totals)
	}
	for i, path := range []string{"2", "3"} {
		x := d.Differences[i]
		if x.Kind != "value" || x.Path != path || x.A.Value != 3.0 || x.A.Bound != "upper" || x.B.Value != 2.0 || x.B.Bound != "upper" {
			t.Errorf("difference %d: %+v %+v %+v, want %s: A ≤3, B ≤2", i, x, x.A, x.B, path)
		}
	}
	// The same spec twice, written two ways: nothing differs.
	d = diffAsJSON(t, "alphabeta", "alphabeta:hard:ge", "--tree", "aima")
	if d.Totals.Differences != 0 || len(d.Differences) != 0 || d.Totals.Both != 11 {
		t.Errorf("identical searches: %+v", d.Totals)
	}
}

// TestDiffCountsMatchSummaries: every node of each search is matched once:
// nodes both searched plus those one searched alone are that search's node
// count, on every kind of input and for every kind of difference.
func TestDiffCountsMatchSummaries(t *testing.T) {
	random := run(t, "", "tree", "random", "--branching", "3", "--depth", "4", "--seed", "11").stdout
	for _, c := range [][]string{
		{"alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia"},
		{"minimax", "alphabeta", "--tree", "aima"},
		{"alphabeta:soft", "pvs:soft", "--tree", "wikipedia"},
		{"branch-bound", "alphabeta:soft:gt", "--tree", strings.TrimSpace(random)},
		{"alphabeta", "pvs", "--tree", strings.TrimSpace(random)},
		{"alphabeta", "alphabeta+null-move", "--tree", "nullmove"},
		{"alphabeta", "alphabeta+null-move", "--tree", "zugzwang", "--null-verify"},
		{"alphabeta", "alphabeta+selective", "--tree", "reductions"},
		{"alphabeta", "alphabeta+quiescence", "--tree", "quiescence"},
		{"alphabeta", "alphabeta+tt", "--tree", "transpositions"},
		{"alphabeta", "alphabeta+tt", "--game", "tictactoe", "--board", "x../.o./..."},
		{"alphabeta", "alphabeta+order", "--fen", "tactic", "--depth", "3"},
		{"alphabeta", "alphabeta+null-move", "--fen", "kiwipete", "--depth", "3", "--null-min-ply", "1"},
	} {
		d := diffAsJSON(t, c...)
		if got := int64(d.Totals.Both + d.Totals.OnlyA); got != d.A.Nodes {
			t.Errorf("%v: A: %d both + %d alone = %d, but A searched %d nodes", c, d.Totals.Both, d.Totals.OnlyA, got, d.A.Nodes)
		}
		if got := int64(d.Totals.Both + d.Totals.OnlyB); got != d.B.Nodes {
			t.Errorf("%v: B: %d both + %d alone = %d, but B searched %d nodes", c, d.Totals.Both, d.Totals.OnlyB, got, d.B.Nodes)
		}
		alone := map[string]int{}
		for _, x := range d.Differences {
			alone[x.Kind] += x.Nodes
		}
		if alone["a_only"] != d.Totals.OnlyA || alone["b_only"] != d.Totals.OnlyB || len(d.Differences) != d.Totals.Differences {
			t.Errorf("%v: the differences listed do not add up to the totals %+v", c, d.Totals)
		}
		if d.A.Nodes != d.B.Nodes && d.Totals.Differences == 0 {
			t.Errorf("%v: different node counts, no difference", c)
		}
	}
}

// TestDiffBigSearch: a chess search is listed up to --max-diffs, with the
// total, and a part searched by one search is one line however big.
func TestDiffBigSearch(t *testing.T) {
	args := []string{"diff", "alphabeta", "alphabeta+null-move", "--fen", "kiwipete", "--depth", "3", "--null-min-ply", "1", "--max-diffs", "15"}
	r := run(t, "", args...)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	var listed []string
	for _, l := range lines {
		for _, mark := range []string{"− ", "+ ", "≠ ", "↔ ", "✂ ", "Ø ", "↕ "} {
			if strings.HasPrefix(l, mark) {
				listed = append(listed, l)
			}
		}
	}
	if len(listed) != 15 {
		t.Errorf("%d differences listed, want 15:\n%s", len(listed), r.stdout)
	}
	if !strings.Contains(lines[len(lines)-1], "more differences not listed (--max-diffs 0 lists them all)") {
		t.Errorf("no count of the rest: %q", lines[len(lines)-1])
	}
	// All of them: a part only one search visited is one line, however
	// many nodes lie below it, and a row of such siblings is one line too.
	args = []string{"alphabeta", "alphabeta+null-move", "--fen", "tactic", "--depth", "4", "--null-min-ply", "1"}
	all := run(t, "", append([]string{"diff", "--max-diffs", "0"}, args...)...)
	d := diffAsJSON(t, args...)
	if strings.Contains(all.stdout, "not listed") {
		t.Error("--max-diffs 0 left differences out")
	}
	if !regexp.MustCompile(`(?m)^− [^\n]+  A only +searched by A only, with \d+ nodes below it · `).MatchString(all.stdout) {
		t.Error("no part searched by A only summarised with the nodes below it")
	}
	rows := regexp.MustCompile(`(?m)^− [^\n]+  A only +(\d+) moves searched by A only`).FindAllStringSubmatch(all.stdout, -1)
	if len(rows) == 0 {
		t.Error("no row of sibling parts on one line")
	}
	oneSided := 0
	for _, l := range strings.Split(all.stdout, "\n") {
		if strings.HasPrefix(l, "− ") {
			oneSided++
		}
	}
	grouped := 0
	for _, m := range rows {
		n, _ := strconv.Atoi(m[1])
		grouped += n - 1
	}
	if oneSided+grouped != d.Totals.Kinds["a_only"] {
		t.Errorf("%d lines for A only with %d more in rows, but %d parts", oneSided, grouped, d.Totals.Kinds["a_only"])
	}
}

// TestDiffPictures: files are written whole, the report stays on standard
// output; a picture on standard output sends the report to standard error.
func TestDiffPictures(t *testing.T) {
	dir := t.TempDir()
	svg, png := filepath.Join(dir, "d.svg"), filepath.Join(dir, "d.png")
	r := run(t, "", "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--svg", svg, "--png", png)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if data, err := os.ReadFile(svg); err != nil || !strings.Contains(string(data), "</svg>") || !strings.Contains(string(data), "B = alphabeta:soft:gt") {
		t.Errorf("svg: %v", err)
	}
	if data, err := os.ReadFile(png); err != nil || !strings.HasPrefix(string(data), "\x89PNG") {
		t.Errorf("png: %v", err)
	}
	if !strings.Contains(r.stdout, "+ 2.1.2.2") || !strings.Contains(r.stderr, "wrote "+svg) {
		t.Errorf("report or note missing:\n%s\n%s", r.stdout, r.stderr)
	}
	r = run(t, "", "diff", "alphabeta:hard:ge", "alphabeta:soft:gt", "--tree", "wikipedia", "--svg", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "<?xml") || !strings.Contains(r.stderr, "+ 2.1.2.2") {
		t.Errorf("picture on stdout: exit %d, stdout starts %q", r.code, r.stdout[:min(40, len(r.stdout))])
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".ps-") {
			t.Errorf("left behind %s", e.Name())
		}
	}
}

func TestDiffHelp(t *testing.T) {
	r := run(t, "", "--help")
	if !strings.Contains(r.stdout, "In class:") || !strings.Contains(r.stdout, "diff ") {
		t.Errorf("help lacks the diff command:\n%s", r.stdout)
	}
	r = run(t, "", "diff", "--help")
	for _, want := range []string{"Examples:", "prunescope diff alphabeta:hard:ge alphabeta:soft:gt --tree wikipedia", "--max-diffs", "--iteration", "--pass", "--json", "--png"} {
		if r.code != 0 || !strings.Contains(r.stdout, want) {
			t.Errorf("diff --help lacks %q", want)
		}
	}
}
