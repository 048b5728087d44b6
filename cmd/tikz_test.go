package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTikzGolden: the LaTeX picture of a search on standard output, and the
// refusals of the pictures' flags, search's and quiz's: one line, exit 2.
func TestTikzGolden(t *testing.T) {
	runGolden(t, []goldenCase{
		{"search-aima.tex", "", []string{"search", "--tree", "aima", "--trace", "none", "--tikz", "-"}},
		{"err-tikz-budget.txt", "", []string{"search", "--tree", "wikipedia", "--trace", "none", "--tikz", "-", "--max-draw", "10"}},
		{"err-tikz-standalone.txt", "", []string{"search", "--tree", "aima", "--tikz-standalone"}},
		{"err-tikz-focus.txt", "", []string{"search", "--tree", "aima", "--trace", "none", "--tikz", "-", "--focus", "4.4"}},
		{"err-tikz-two-stdout.txt", "", []string{"search", "--tree", "aima", "--dot", "-", "--tikz", "-"}},
		{"err-quiz-svg-stdout.txt", "", []string{"quiz", "--tree", "aima", "--print", "--svg", "-"}},
		{"err-quiz-tikz-windows.txt", "", []string{"quiz", "--tree", "aima", "--print", "--tikz", "never-written.tex", "--tikz-windows=false"}},
		{"err-quiz-max-draw.txt", "", []string{"quiz", "--seed", "1", "-b", "3", "-d", "4", "--print", "--svg", "never-written.svg", "--max-draw", "50"}},
	})
	if _, err := os.Stat("never-written.svg"); err == nil {
		t.Error("a refused drawing was written")
	}
}

// TestTikzFiles: search --tikz writes the picture whole and says so; render
// draws the same picture from the saved trace; --tikz-standalone makes a
// document.
func TestTikzFiles(t *testing.T) {
	dir := t.TempDir()
	pic, trace := filepath.Join(dir, "wiki.tex"), filepath.Join(dir, "wiki.jsonl")
	r := run(t, "", "search", "--tree", "wikipedia", "--tikz", pic, "--trace", "json", "--trace-out", trace)
	if r.code != 0 || !strings.Contains(r.stderr, "prunescope: wrote "+pic+"\n") {
		t.Fatalf("search: %s", r)
	}
	searched, err := os.ReadFile(pic)
	if err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(dir, "again.tex")
	if r := run(t, "", "render", trace, "--tikz", again); r.code != 0 {
		t.Fatalf("render: %s", r)
	}
	if rendered, _ := os.ReadFile(again); !bytes.Equal(rendered, searched) {
		t.Error("render --tikz draws the saved trace differently from search --tikz")
	}
	if r := run(t, "", "render", trace, "--tikz", again, "--tikz-standalone"); r.code != 0 {
		t.Fatalf("render --tikz-standalone: %s", r)
	}
	doc, _ := os.ReadFile(again)
	if !bytes.Contains(doc, []byte(`\documentclass[border=4pt]{standalone}`)) || !bytes.HasSuffix(doc, []byte("\\end{document}\n")) {
		t.Error("--tikz-standalone did not write a whole document")
	}
}

var (
	svgGroup = regexp.MustCompile(`(?s)<g id="[^"]*" class="(node|edge)">\s*<title>([^<]*)</title>(.*?)</g>`)
	svgText  = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)
)

// drawnTexts are the texts of an SVG's nodes (the legend's left out), and
// of its edges.
func drawnTexts(svg string) (nodes, edges []string) {
	for _, g := range svgGroup.FindAllStringSubmatch(svg, -1) {
		if g[2] == "legend" {
			continue
		}
		for _, m := range svgText.FindAllStringSubmatch(g[3], -1) {
			switch {
			case strings.TrimSpace(m[1]) == "": // an empty triangle's blank label
			case g[1] == "node":
				nodes = append(nodes, m[1])
			default:
				edges = append(edges, m[1])
			}
		}
	}
	slices.Sort(nodes)
	slices.Sort(edges)
	return nodes, edges
}

// TestQuizHandout: quiz --print --svg prints the quiz as without it, and
// draws the exercise: every leaf's value (2.2 and 2.3, never evaluated,
// too) and every move, and no other text; --key draws the answer.
func TestQuizHandout(t *testing.T) {
	dir := t.TempDir()
	svg, tex := filepath.Join(dir, "x.svg"), filepath.Join(dir, "x.tex")
	plain := run(t, "", "quiz", "--tree", "aima", "--print")
	r := run(t, "", "quiz", "--tree", "aima", "--print", "--svg", svg, "--tikz", tex)
	if r.code != 0 || r.stderr != "prunescope: wrote "+svg+"\nprunescope: wrote "+tex+"\n" {
		t.Fatalf("quiz --svg: %s", r)
	}
	if r.stdout != plain.stdout {
		t.Errorf("the quiz printed with a drawing differs from the quiz alone:\n%s", r.stdout)
	}
	data, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	// The leaves carry their moves in their boxes (the moves of the root's
	// children are on its edges).
	nodes, edges := drawnTexts(string(data))
	if want := []string{"1.1", "1.2", "1.3", "12", "14", "2", "2", "2.1", "2.2", "2.3", "3", "3.1", "3.2", "3.3", "4", "5", "6", "8"}; !slices.Equal(nodes, want) {
		t.Errorf("the exercise's nodes say %q, want the leaves' moves and values %q and nothing else", nodes, want)
	}
	if want := []string{"1", "2", "3"}; !slices.Equal(edges, want) {
		t.Errorf("the exercise's edges say %q, want the moves %q", edges, want)
	}
	if strings.Contains(string(data), "✂") || strings.Contains(string(data), "stroke-dasharray") {
		t.Error("the exercise shows a cut or a never-searched part")
	}
	key := filepath.Join(dir, "key.svg")
	if r := run(t, "", "quiz", "--tree", "aima", "--key", "--svg", key); r.code != 0 {
		t.Fatalf("quiz --key --svg: %s", r)
	}
	data, _ = os.ReadFile(key)
	nodes, _ = drawnTexts(string(data))
	for _, want := range []string{"3", "≤3", "✂ 2 ≤ α", "(3, +∞)"} {
		if !slices.Contains(nodes, want) {
			t.Errorf("the key does not say %q: %q", want, nodes)
		}
	}
}
