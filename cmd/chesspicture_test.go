package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/trace/scene"
)

// TestChessPicturesReadable: the default drawing of a chess search keeps
// within 4:1 either way, its smallest text is 12 px or more when the
// picture is shown 1920 px wide, and it holds the best move and the
// principal variation; the moves it does not draw are listed with their
// values in a box.
func TestChessPicturesReadable(t *testing.T) {
	dir := t.TempDir()
	size := regexp.MustCompile(`<svg width="([\d.]+)pt" height="([\d.]+)pt"`)
	fonts := regexp.MustCompile(`font-size="([\d.]+)"`)
	for _, c := range []struct {
		args []string
		best string
	}{
		{[]string{"--fen", "start", "--moves", "e4 e5", "--depth", "3"}, "Nf3"},
		{[]string{"--fen", "tactic", "--depth", "3"}, ""},
		{[]string{"--fen", "start", "--moves", "e4 e5", "--depth", "3", "--max-draw", "5000"}, "Nf3"},
	} {
		svg := filepath.Join(dir, "c.svg")
		args := append(append([]string{"search"}, c.args...), "--trace", "none", "--svg", svg, "--dot", "-", "--renderer", "builtin", "--scale", "1")
		r := run(t, "", args...)
		if r.code != 0 {
			t.Fatalf("%s: %v", strings.Join(args, " "), r)
		}
		b, err := os.ReadFile(svg)
		if err != nil {
			t.Fatal(err)
		}
		m := size.FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s: no size in the SVG", strings.Join(c.args, " "))
		}
		w, _ := strconv.ParseFloat(string(m[1]), 64)
		h, _ := strconv.ParseFloat(string(m[2]), 64)
		if w > 4*h || h > 4*w {
			t.Errorf("%s: %.0f×%.0f pt, beyond 4:1", strings.Join(c.args, " "), w, h)
		}
		smallest := 100.0
		for _, f := range fonts.FindAllSubmatch(b, -1) {
			v, _ := strconv.ParseFloat(string(f[1]), 64)
			smallest = min(smallest, v)
		}
		// Shown 1920 px wide, a point of the SVG is 1920/w px.
		if px := smallest * 1920 / w; px < 12 {
			t.Errorf("%s: smallest text %.0f pt in a drawing %.0f pt wide, %.1f px at 1920 px", strings.Join(c.args, " "), smallest, w, px)
		}
		if c.best != "" && !strings.Contains(r.stdout, "label=<"+c.best+">, penwidth=3") {
			t.Errorf("%s: the best move %s is not drawn bold", strings.Join(c.args, " "), c.best)
		}
		if !regexp.MustCompile(`more moves searched<br/>\d+ nodes<br/>(<font point-size="\d+">)?\S+ [≤≥]?#?-?\d+ · `).MatchString(r.stdout) {
			t.Errorf("%s: no box listing the moves not drawn with their values", strings.Join(c.args, " "))
		}
	}
}

// TestEdgeLabelsApart: no two edges' labels overlap in a drawing, on the
// textbook trees, a random tree of 81 leaves and a chess search (their
// boxes estimated from the SVG's text: 0.55 em a character).
func TestEdgeLabelsApart(t *testing.T) {
	dir := t.TempDir()
	group := regexp.MustCompile(`(?s)<g id="(edge\d+)" class="edge">(.*?)</g>`)
	text := regexp.MustCompile(`<text text-anchor="(\w+)" x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>`)
	type box struct {
		edge           string
		x0, x1, y0, y1 float64
		s              string
	}
	for _, args := range [][]string{
		{"--tree", "wikipedia"},
		{"--tree", "aima"},
		{"--tree", "(((1 2 3) (4 5 6) (7 8 9)) ((9 8 7) (6 5 4) (3 2 1)) ((1 9 2) (8 3 7) (4 6 5)))"},
		{"--fen", "start", "--moves", "e4 e5", "--depth", "3"},
	} {
		svg := filepath.Join(dir, "e.svg")
		r := run(t, "", append(append([]string{"search"}, args...), "--trace", "none", "--svg", svg, "--renderer", "builtin")...)
		if r.code != 0 {
			t.Fatal(r)
		}
		b, err := os.ReadFile(svg)
		if err != nil {
			t.Fatal(err)
		}
		var boxes []box
		for _, g := range group.FindAllSubmatch(b, -1) {
			for _, m := range text.FindAllSubmatch(g[2], -1) {
				x, _ := strconv.ParseFloat(string(m[2]), 64)
				y, _ := strconv.ParseFloat(string(m[3]), 64)
				size, _ := strconv.ParseFloat(string(m[4]), 64)
				s := strings.TrimSpace(string(m[5]))
				w := float64(len([]rune(s))) * size * 0.55
				switch string(m[1]) {
				case "middle":
					x -= w / 2
				case "end":
					x -= w
				}
				boxes = append(boxes, box{string(g[1]), x, x + w, y - size*0.75, y, s})
			}
		}
		if len(boxes) < 3 {
			t.Fatalf("%s: %d edge labels found", strings.Join(args, " "), len(boxes))
		}
		for i, p := range boxes {
			for _, q := range boxes[i+1:] {
				if p.edge != q.edge && p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1 {
					t.Errorf("%s: the labels %q and %q overlap", strings.Join(args, " "), p.s, q.s)
				}
			}
		}
	}
}

// TestFigureControls: a cutoff has Okabe and Ito's vermillion and a double
// outline; --style paper recolours in greys for a black-and-white print,
// the outline still double and the legend naming no colour; --style projector enlarges text and
// lines, --no-title and --no-legend leave those out, an SVG scales to its
// container unless --scale sizes it, and --scale sizes the PNG too.
func TestFigureControls(t *testing.T) {
	dir := t.TempDir()
	dotOf := func(args ...string) string {
		t.Helper()
		r := run(t, "", append([]string{"search", "--tree", "wikipedia", "--trace", "none", "--dot", "-"}, args...)...)
		if r.code != 0 {
			t.Fatal(r)
		}
		return r.stdout
	}
	plain, paper, projector := dotOf(), dotOf("--style", "paper"), dotOf("--style", "projector")
	cut := scene.LookOf(scene.MarkCut, "").Colour
	if !strings.Contains(plain, cut) || !strings.Contains(plain, "peripheries=2") || strings.Contains(paper, cut) || !strings.Contains(paper, "peripheries=2") ||
		!strings.Contains(paper, "✂ double outline: cutoff") || strings.Contains(paper, "vermillion") {
		t.Errorf("--style paper: not recoloured in greys, or a cutoff not told by its outline")
	}
	if !strings.Contains(projector, "fontsize=16") || !strings.Contains(projector, "penwidth=4.8") {
		t.Errorf("--style projector: text or lines not larger")
	}
	bare := dotOf("--no-title", "--no-legend")
	if strings.Contains(bare, "labelloc=t") || strings.Contains(bare, "legend [") || !strings.Contains(plain, "legend [") {
		t.Errorf("--no-title --no-legend: the title or the legend is still there")
	}
	size := regexp.MustCompile(`<svg width="([^"]+)" height="([^"]+)"`)
	svgOf := func(args ...string) []string {
		t.Helper()
		f := filepath.Join(dir, "f.svg")
		if r := run(t, "", append([]string{"search", "--tree", "aima", "--trace", "none", "--svg", f, "--renderer", "builtin"}, args...)...); r.code != 0 {
			t.Fatal(r)
		}
		b, _ := os.ReadFile(f)
		m := size.FindStringSubmatch(string(b))
		if m == nil || !strings.Contains(string(b), "viewBox=") {
			t.Fatalf("no size or viewBox in the SVG")
		}
		return m[1:]
	}
	if s := svgOf(); s[0] != "100%" {
		t.Errorf("the SVG does not scale to its container: width %s", s[0])
	}
	one, two := svgOf("--scale", "1"), svgOf("--scale", "2")
	w1, _ := strconv.ParseFloat(strings.TrimSuffix(one[0], "pt"), 64)
	w2, _ := strconv.ParseFloat(strings.TrimSuffix(two[0], "pt"), 64)
	if w1 == 0 || w2 < 1.99*w1 || w2 > 2.01*w1 {
		t.Errorf("--scale 2: width %s, --scale 1: %s", two[0], one[0])
	}
	pngWidth := func(scale string) int {
		f := filepath.Join(dir, "f.png")
		if r := run(t, "", "search", "--tree", "aima", "--trace", "none", "--png", f, "--renderer", "builtin", "--scale", scale); r.code != 0 {
			t.Fatal(r)
		}
		b, _ := os.ReadFile(f)
		return int(b[16])<<24 | int(b[17])<<16 | int(b[18])<<8 | int(b[19])
	}
	if a, b := pngWidth("1"), pngWidth("0.5"); b < a/2-2 || b > a/2+2 {
		t.Errorf("--scale 0.5: a PNG %d px wide, %d at --scale 1", b, a)
	}
	if r := run(t, "", "search", "--tree", "aima", "--svg", filepath.Join(dir, "x.svg"), "--style", "poster"); r.code != 2 || !strings.Contains(r.stderr, "--style") {
		t.Errorf("--style poster: %v", r)
	}
	if r := run(t, "", "search", "--tree", "aima", "--svg", filepath.Join(dir, "x.svg"), "--scale", "100"); r.code != 2 || !strings.Contains(r.stderr, "--scale") {
		t.Errorf("--scale 100: %v", r)
	}
}

// TestLargePictureNote: a picture past 8,000 px (PNG) or 6,000 pt (SVG), or
// twelve times wider than high, gets a note that says its size and how to
// draw less; a textbook tree's does not.
func TestLargePictureNote(t *testing.T) {
	dir := t.TempDir()
	wide := filepath.Join(dir, "wide.txt")
	if r := run(t, "", "tree", "random", "--branching", "3", "--depth", "6", "--seed", "1"); r.code != 0 {
		t.Fatal(r)
	} else if err := os.WriteFile(wide, []byte(r.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "search", "--tree", wide, "--trace", "none", "--max-draw", "2000", "--svg", filepath.Join(dir, "w.svg"), "--renderer", "builtin")
	if r.code != 0 || !regexp.MustCompile(`note: \S+w\.svg is a large picture, \d+×\d+ pt: --draw-depth`).MatchString(r.stderr) {
		t.Errorf("a 729-leaf tree drawn whole: no note of its size: %v", r)
	}
	r = run(t, "", "search", "--tree", "wikipedia", "--trace", "none", "--svg", filepath.Join(dir, "k.svg"), "--renderer", "builtin")
	if r.code != 0 || strings.Contains(r.stderr, "large picture") {
		t.Errorf("the Wikipedia tree: %v", r)
	}
}
