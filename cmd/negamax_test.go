package cmd

import (
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var (
	dotNodeLine  = regexp.MustCompile(`(?m)^  (n\d+) \[shape=(\w+), label=<(.*)>, .*\];$`)
	drawnWindow  = regexp.MustCompile(`>\(([^,<]+), ([^)<]+)\)<`)
	drawnCompare = regexp.MustCompile(`(-?[\d.]+|[−+]∞) (≤|<|≥|>) (α|β)(?: (-?[\d.]+|[−+]∞))?`)
)

// drawnNumber reads a number as the drawings write it.
func drawnNumber(t *testing.T, s string) float64 {
	t.Helper()
	switch s {
	case "−∞":
		return math.Inf(-1)
	case "+∞":
		return math.Inf(1)
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, "−", "-"), 64)
	if err != nil {
		t.Fatalf("%q is no number", s)
	}
	return v
}

// TestLabelsAgreeWithTheWindow draws searches in both points of view (DOT,
// as search --dot writes it) and checks every comparison written in a node
// — its cutoff's "✂ v ≥ β", its null move's "Ø null v ≥ β w" — against the
// window drawn in the same node: the relation holds between v and that
// window's α or β, and w is that α or β. In the negamax view a MIN node's
// window is (−β, −α): a label left in MAX's terms there ("✂ 2 ≤ α" beside
// (−∞, -3)) fails. The frames and the LaTeX picture of the negamax view are
// checked for the same labels and for saying whose point of view their
// sentences and value are.
func TestLabelsAgreeWithTheWindow(t *testing.T) {
	searches := [][]string{
		{"--tree", "aima"},
		{"--tree", "aima", "--root", "min"},
		{"--tree", "wikipedia", "--fail", "soft"},
		{"--tree", "aima", "--cutoff", "gt"},
		{"--tree", "wikipedia", "--root", "min", "--algo", "pvs"},
		{"--tree", "nullmove", "--null-move"},
		{"--tree", "nullmove", "--null-move", "--root", "min"},
		{"--tree", "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "--algo", "star2", "--bounds", "-2,2"},
		{"--tree", "transpositions", "--tt"},
	}
	for _, args := range searches {
		for _, view := range []string{"max", "negamax"} {
			line := strings.Join(args, " ") + " --view " + view
			r := run(t, "", append(append([]string{"search", "--trace", "none", "--dot", "-"}, args...), "--view", view)...)
			if r.code != 0 {
				t.Fatalf("%s: %v", line, r)
			}
			checked := 0
			for _, m := range dotNodeLine.FindAllStringSubmatch(r.stdout, -1) {
				label := m[3]
				w := drawnWindow.FindStringSubmatch(label)
				for _, c := range drawnCompare.FindAllStringSubmatch(html.UnescapeString(label), -1) {
					if w == nil {
						t.Errorf("%s: node %s compares %q with no window drawn", line, m[1], c[0])
						continue
					}
					v, bound := drawnNumber(t, c[1]), drawnNumber(t, w[1])
					if c[3] == "β" {
						bound = drawnNumber(t, w[2])
					}
					if c[4] != "" && drawnNumber(t, c[4]) != bound {
						t.Errorf("%s: node %s says %q beside the window (%s, %s): %s is not %s", line, m[1], c[0], w[1], w[2], c[3], c[4])
					}
					holds := map[string]bool{"≤": v <= bound, "<": v < bound, "≥": v >= bound, ">": v > bound}[c[2]]
					if !holds {
						t.Errorf("%s: node %s says %q beside the window (%s, %s)", line, m[1], c[0], w[1], w[2])
					}
					checked++
				}
			}
			if checked == 0 && !strings.Contains(line, "transpositions") {
				t.Errorf("%s: no comparison checked: the check is blind", line)
			}
		}
	}

	dir := t.TempDir()
	tex := filepath.Join(dir, "aima.tex")
	if r := run(t, "", "search", "--tree", "aima", "--trace", "none", "--view", "negamax", "--tikz", tex); r.code != 0 {
		t.Fatal(r)
	}
	if b, _ := os.ReadFile(tex); !strings.Contains(string(b), `\psCut{} \ensuremath{-}2 \ensuremath{\ge} \ensuremath{\beta}`) {
		t.Errorf("the negamax LaTeX picture of aima does not cut 2 with -2 ≥ β")
	}
	if r := run(t, "", "search", "--tree", "aima", "--root", "min", "--trace", "none", "--view", "negamax", "--dot", "-"); !strings.Contains(r.stdout, "value 6") || !strings.Contains(r.stdout, "<b>-6</b>") || !strings.Contains(r.stdout, "the search&#39;s value above is MAX&#39;s") {
		t.Errorf("with MIN at the root the negamax title gives MAX's value 6 beside the root's -6 without saying whose: %v", r)
	}
	frames := filepath.Join(dir, "frames")
	if r := run(t, "", "step", "--tree", "aima", "--frames", frames, "--view", "negamax", "--renderer", "builtin", "--steps", "9"); r.code != 0 {
		t.Fatal(r)
	}
	svg, err := os.ReadFile(filepath.Join(frames, "step-0009.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"told from MAX&#39;s point of view: ✂ α&#45;cutoff", "✂ &#45;2 ≥ β"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the negamax frame of the cutoff at 2 lacks %q", want)
		}
	}
}
