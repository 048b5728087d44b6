package tikz

import (
	"regexp"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace/scene"
)

// TestLegendAndLooks: the legend is drawn under the picture, its lines the
// scene's, and --no-legend leaves it out; every colour the picture names is
// defined from the look table in the style asked for; each move out of a
// MIN triangle leaves its apex by the stem, and no other does.
func TestLegendAndLooks(t *testing.T) {
	rec := sinktest.Search{Name: "wikipedia", Tree: "wikipedia", Spec: "alphabeta"}.Record(t)
	for _, style := range scene.Styles {
		tex, _, err := Build(rec, Options{Style: style})
		if err != nil {
			t.Fatal(err)
		}
		src := string(tex)
		if !strings.Contains(src, `tikz+={\node[anchor=north west`) || !strings.Contains(src, `current bounding box.south west`) ||
			!strings.Contains(src, Text(scene.LookOf(scene.MarkCut, style).Legend)) {
			t.Errorf("%s: no legend under the picture, or not the scene's", style)
		}
		for _, l := range scene.Table(style) {
			def := `\providecolor{` + colour(l.Mark) + `}{HTML}{` + strings.TrimPrefix(l.Colour, "#") + `}`
			if !strings.Contains(src, def) {
				t.Errorf("%s: %s is not defined as the table's %s", style, l.Name, l.Colour)
			}
		}
		for _, used := range regexp.MustCompile(`(?:textcolor\{|draw=|fill=|edge\+=\{)(ps[A-Za-z]+)`).FindAllStringSubmatch(src, -1) {
			if !strings.Contains(src, `\providecolor{`+used[1]+`}`) {
				t.Errorf("%s: %s is used and not defined", style, used[1])
			}
		}
		bare, _, err := Build(rec, Options{Style: style, NoLegend: true})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(bare), "tikz+=") {
			t.Errorf("%s: NoLegend still draws the legend", style)
		}
	}
	// The root (MAX) has three moves, each MIN node below it two or one:
	// the moves out of the three MIN nodes at ply 1 and the four at ply 3
	// leave by the stem.
	tex, _, _ := Build(rec, Options{})
	lines := strings.Split(string(tex), "\n")
	for i, l := range lines {
		if !strings.Contains(l, ", ps move") {
			continue
		}
		// The node whose move this is hangs from the shape two levels up.
		indent := len(l) - len(strings.TrimLeft(l, " "))
		parent := ""
		for j := i - 1; j >= 0; j-- {
			if in := len(lines[j]) - len(strings.TrimLeft(lines[j], " ")); in < indent && strings.HasPrefix(strings.TrimLeft(lines[j], " "), "[") {
				parent = lines[j]
				break
			}
		}
		fromMin, stem := strings.Contains(parent, ", ps min"), strings.Contains(l, "ps from apex")
		if fromMin != stem {
			t.Errorf("move %q under %q: stem %v, want %v", strings.TrimSpace(l), strings.TrimSpace(parent), stem, fromMin)
		}
	}
}
