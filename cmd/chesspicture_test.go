package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
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
		args := append(append([]string{"search"}, c.args...), "--trace", "none", "--svg", svg, "--dot", "-", "--renderer", "builtin")
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
		if !regexp.MustCompile(`more moves searched<br/>\d+ nodes<br/><font point-size="\d+">\S+ [≤≥]?#?-?\d+ · `).MatchString(r.stdout) {
			t.Errorf("%s: no box listing the moves not drawn with their values", strings.Join(c.args, " "))
		}
	}
}
