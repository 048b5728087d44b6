package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// queenFEN is the position of testdata/check/queen-minimax.jsonl.
const queenFEN = "k7/8/1K6/8/2Q5/8/8/8 w - - 0 1"

// TestStudentTraceGolden: step, render and diff read a student's own
// trace (docs/trace-format.md) as they read prunescope's, given what it
// searched; without it, or with prunescope's own trace and an input, they
// refuse in one line.
func TestStudentTraceGolden(t *testing.T) {
	minimax, err := os.ReadFile("testdata/check/aima-minimax.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(minimax), "\n")
	crashed := strings.Join(lines[:9], "") // the student's program stopped after line 9
	own := run(t, "", "search", "--tree", "aima", "--trace", "json").stdout
	runGolden(t, []goldenCase{
		{"step-student.txt", "", []string{"step", "testdata/check/aima-minimax.jsonl", "--tree", "aima"}},
		{"step-student-chess.txt", "", []string{"step", "testdata/check/queen-minimax.jsonl", "--fen", queenFEN, "--depth", "2", "--steps", "5"}},
		{"step-student-stopped.txt", crashed, []string{"step", "-", "--tree", "aima", "--steps", "8"}},
		{"render-student-dot.txt", "", []string{"render", "testdata/check/aima-alphabeta.jsonl", "--tree", "aima", "--dot", "-"}},
		{"diff-student.txt", "", []string{"diff", "testdata/check/aima-minimax.jsonl", "alphabeta", "--tree", "aima"}},
		{"diff-student-chess.txt", "", []string{"diff", "alphabeta", "testdata/check/queen-minimax.jsonl", "--fen", queenFEN, "--depth", "2", "--max-diffs", "4"}},
		{"err-step-student-no-input.txt", "", []string{"step", "testdata/check/aima-minimax.jsonl"}},
		{"err-render-student-no-input.txt", string(minimax), []string{"render", "-", "--dot", "-"}},
		{"err-render-own-with-tree.txt", own, []string{"render", "-", "--tree", "aima", "--dot", "-"}},
		{"err-step-student-fen-no-depth.txt", "", []string{"step", "testdata/check/queen-minimax.jsonl", "--fen", queenFEN}},
		{"err-diff-student-fen-no-depth.txt", "", []string{"diff", "testdata/check/queen-minimax.jsonl", "minimax", "--fen", queenFEN}},
		{"err-step-student-below-root.txt", "{\"ev\": \"enter\", \"node\": \"1\"}\n", []string{"step", "-", "--tree", "aima"}},
		{"err-step-student-bad-node.txt", "{\"ev\": \"enter\", \"node\": \"root\"}\n{\"ev\": \"enter\", \"node\": \"7\"}\n", []string{"step", "-", "--tree", "aima"}},
		{"err-diff-student-two-stdin.txt", "", []string{"diff", "-", "-", "--tree", "aima"}},
		{"err-diff-student-other-game.txt", own, []string{"diff", "-", "alphabeta", "--fen", queenFEN, "--depth", "2"}},
		// a tree with chance nodes: the student's expectimax, step and diff against Star1
		{"step-student-chance.txt", "", []string{"step", "testdata/check/chance-expectimax-minimal.jsonl", "--tree", "((3 5)[chance] ((2 8)[max] 4)[chance] (7 (1 9))[chance])", "--steps", "12"}},
		{"diff-student-chance.txt", "", []string{"diff", "testdata/check/chance-expectimax-minimal.jsonl", "star1", "--tree", "((3 5)[chance] ((2 8)[max] 4)[chance] (7 (1 9))[chance])", "--bounds", "1,9"}},
		{"err-render-student-ranges.txt", "", []string{"render", "testdata/check/aima-minimax.jsonl", "--tree", "aima", "--ranges", "--dot", "-"}},
	})
}

// TestStudentTraceAsOwn: a student's trace read with --tree is shown as
// prunescope's own trace of the same search is (the search made into a
// minimal trace): step prints the same sentences but for the header and
// the numbers prunescope's trace has and the student's does not (windows,
// bounds, cutoffs); the picture holds the same nodes and values. And
// diff of the two finds no difference in what the student's trace tells.
func TestStudentTraceAsOwn(t *testing.T) {
	r := run(t, "", "diff", "testdata/check/aima-alphabeta.jsonl", "alphabeta", "--tree", "aima")
	if r.code != 0 || !strings.Contains(r.stdout, "no differences: both searches visited the same nodes, with the same values") {
		t.Errorf("diff of a student's alpha-beta and prunescope's: %s", r)
	}
	dir := t.TempDir()
	svg := filepath.Join(dir, "yours.svg")
	page := filepath.Join(dir, "yours.html")
	if r := run(t, "", "render", "testdata/check/aima-alphabeta.jsonl", "--tree", "aima", "--svg", svg, "--renderer", "builtin"); r.code != 0 {
		t.Fatalf("render: %s", r)
	}
	if r := run(t, "", "step", "testdata/check/aima-alphabeta.jsonl", "--tree", "aima", "--html", page); r.code != 0 {
		t.Fatalf("step --html: %s", r)
	}
	b, _ := os.ReadFile(svg)
	html, _ := os.ReadFile(page)
	// The picture's words: its texts, joined.
	var texts []string
	for _, m := range regexp.MustCompile(`>([^<]+)<`).FindAllStringSubmatch(string(b), -1) {
		texts = append(texts, strings.ReplaceAll(m[1], "&#45;", "-"))
	}
	picture := strings.Join(texts, " ")
	for _, want := range []string{"yours (aima-alphabeta.jsonl)", "no windows, bounds or cutoffs"} {
		if !strings.Contains(picture, want) || !strings.Contains(string(html), want) {
			t.Errorf("the picture or the page does not say %q", want)
		}
	}
	for _, never := range []string{"cutoff", "≤", "≥", "(−∞", "principal variation"} {
		if strings.Contains(strings.ReplaceAll(picture, "windows, bounds or cutoffs", ""), never) {
			t.Errorf("the picture of a student's search says %q: %s", never, picture)
		}
	}
	if !strings.Contains(string(html), `"nodesOnly":true`) {
		t.Errorf("the page does not know the trace tells nodes only")
	}
}
