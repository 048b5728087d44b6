package dot

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/pagefont"
	"github.com/prunescope/prunescope/trace/render"
)

// TestLabelLines checks how a label is split into lines of runs, each with
// its size and weight.
func TestLabelLines(t *testing.T) {
	for _, c := range []struct {
		label string
		want  string
	}{
		{`00`, `[{00 14 false}]`},
		{`<b>00</b><br/><font point-size="12" color="gray35">(00, 00)</font>`, `[{00 14 true}] [{(00, 00) 12 false}]`},
		{`<font point-size="11">1.1</font><font point-size="8">#2</font><br/>5`, `[{1.1 11 false} {#2 8 false}] [{5 14 false}]`},
		{`<font color="firebrick">✂</font> 2.2`, `[{✂ 14 false} { 2.2 14 false}]`},
		{`null 6 &lt; β 7`, `[{null 6 < β 7 14 false}]`},
		{`<b><font point-size="9">a</font>b</b>c`, `[{a 9 true} {b 14 true} {c 14 false}]`},
	} {
		var got []string
		for _, line := range labelLines(c.label, 14) {
			got = append(got, fmt.Sprint(line))
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("%s:\n\tgot  %s\n\twant %s", c.label, s, c.want)
		}
	}
}

var cellSize = regexp.MustCompile(`fixedsize="true" width="(\d+)" height="(\d+)">(.*)</td>`)

// TestPageLabels checks the page's labels: each is one cell as wide as its
// widest line in the page's font and as high as Graphviz makes its lines, a
// quoted label becomes HTML, and what is no label is left alone.
func TestPageLabels(t *testing.T) {
	w := func(s string, bold bool, size float64) float64 { return pagefont.Width(s, bold) * size }
	for _, c := range []struct {
		name, line string
		w, h       float64 // 0, 0: left alone
		content    string
	}{
		{"value and window", `  n0 [shape=triangle, label=<<b>00</b><br/><font point-size="12" color="gray35">(00, 00)</font>>, id="n0"];`,
			max(w("00", true, 14), w("(00, 00)", false, 12)), 14 + 12, `<b>00</b><br/><font point-size="12" color="gray35">(00, 00)</font>`},
		{"edge, one line", `  n0 -> n1 [label=<2.1>, id="e1"];`, w("2.1", false, 12), 1.2 * 12, `2.1`},
		{"a box's own size", `  s1 [shape=box, fontsize=9, label=<+12 searched>, class="ps-of3"];`, w("+12 searched", false, 9), 1.2 * 9, `+12 searched`},
		{"quoted", `  s2 [shape=box, style="dashed,rounded", fontsize=9, label="+3", class="x"];`, w("+3", false, 9), 1.2 * 9, `+3`},
		{"blank", `  u1 [shape=triangle, label=" ", width=0.6, height=0.4, fixedsize=true];`, 0, 0, ""},
		{"no label", `  n1 -> n2 [id="e2"];`, 0, 0, ""},
		{"a tooltip naming a label", `  n3 [tooltip="label=<x>", shape=box, label=<7>];`, w("7", false, 14), 1.2 * 14, `7`},
	} {
		got := string(pageLabels([]byte(c.line+"\n"), 14, 12))
		if c.w == 0 {
			if got != c.line+"\n" {
				t.Errorf("%s: changed to %s", c.name, got)
			}
			continue
		}
		m := cellSize.FindStringSubmatch(got)
		if m == nil {
			t.Errorf("%s: no sized cell in %s", c.name, got)
			continue
		}
		gw, _ := strconv.Atoi(m[1])
		gh, _ := strconv.Atoi(m[2])
		if gw != int(math.Ceil(c.w-1e-9)) || gh != int(math.Ceil(c.h-1e-9)) || m[3] != c.content {
			t.Errorf("%s: cell %d×%d holding %s, want %.0f×%.0f (%.2f×%.2f) holding %s", c.name, gw, gh, m[3], math.Ceil(c.w), math.Ceil(c.h), c.w, c.h, c.content)
		}
		if strings.Count(got, "label=<<table") != 1 || !strings.HasSuffix(got, "];\n") {
			t.Errorf("%s: the statement is broken: %s", c.name, got)
		}
	}
}

// TestGraphvizTakesThePageSizes checks what the page's labels rely on in
// the built-in Graphviz: it estimates a text of PageFont as PageEstimate
// says (so that trace/page finds each line's centre), a label's lines are
// as high as labelSize says, and a sized cell is as large as it is told
// whatever its text.
func TestGraphvizTakesThePageSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: lays out graphs with the built-in Graphviz")
	}
	size := func(label string) (w, h float64) {
		t.Helper()
		src := fmt.Sprintf("digraph { node [shape=plain, fontname=%q, fontsize=14]; a [label=<%s>]; }", PageFont, label)
		svg, err := render.Render(context.Background(), []byte(src), render.SVG, render.Builtin)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`viewBox="0\.00 0\.00 ([\d.]+) ([\d.]+)"`).FindSubmatch(svg)
		if m == nil {
			t.Fatalf("no viewBox in %s", svg)
		}
		w, _ = strconv.ParseFloat(string(m[1]), 64)
		h, _ = strconv.ParseFloat(string(m[2]), 64)
		return w - 8, h - 8 // the graph's margin of 4 points
	}
	for _, label := range []string{"00", "(−∞, +∞)", "null 6 &lt; β 7", `<font point-size="9">✂</font> ≥12`, `<b>00</b><br/><font point-size="12">(00, 00)</font>`,
		`<font point-size="11">1.1</font><font point-size="8">#2</font><br/>00<br/><font point-size="12">(00, 00)</font><br/><font point-size="10">Ø null 8 ≥ β 7</font>`} {
		lines := labelLines(label, 14)
		wantW := 0.0
		for _, line := range lines {
			lw := 0.0
			for _, r := range line {
				lw += PageEstimate(r.text, r.size)
			}
			wantW = max(wantW, lw)
		}
		_, wantH := labelSize(lines, 14)
		if w, h := size(label); math.Abs(w-wantW) > 0.02 || math.Abs(h-wantH) > 0.02 {
			t.Errorf("%s: Graphviz makes it %.2f×%.2f, PageEstimate and labelSize %.2f×%.2f", label, w, h, wantW, wantH)
		}
		if w, h := size(sizedLabel(label, 14)); math.Abs(w-math.Ceil(w)) > 0.01 || w < 1 || math.Abs(h-math.Ceil(h)) > 0.01 {
			t.Errorf("%s: the sized cell comes out %.2f×%.2f", label, w, h)
		}
	}
	if w, h := size(`<table border="0" cellborder="0" cellspacing="0" cellpadding="0"><tr><td fixedsize="true" width="7" height="9">(−∞, +∞) is wide</td></tr></table>`); w != 7 || h != 9 {
		t.Errorf("a cell of 7×9 comes out %.2f×%.2f", w, h)
	}
}
