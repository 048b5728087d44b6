package scene

import (
	"math"

	"github.com/prunescope/prunescope/internal/colourvision"
	"regexp"
	"strings"
	"testing"
)

// lab is the CIELAB (D65) of a colour as a vision sees it.
func lab(t *testing.T, c string, v colourvision.Vision) [3]float64 {
	t.Helper()
	rgb, err := colourvision.Parse(c)
	if err != nil {
		t.Fatal(err)
	}
	return v.Lab(rgb)
}

// meanings are the marks a reader tells apart by their look: those the
// legend explains, and the outlines. The looks of plain text (a window's
// grey, a note's words) say nothing by their colour.
func meanings() []Mark {
	var ms []Mark
	for m := Mark(0); m < nMarks; m++ {
		if table[m].Legend != "" || m == MarkNullPrune || m == MarkPruned {
			ms = append(ms, m)
		}
	}
	return ms
}

// minDeltaE is the least colour difference (CIE76 ΔE*ab) between two
// colours that mean different things. About 2.3 is the smallest difference
// one notices side by side; 10 is read at a glance between thin lines and
// small text, which is what the marks are. The marks do not rest on it:
// each has a second cue (TestEverySharedColourHasASecondCue).
const minDeltaE = 10

// TestColoursApartUnderColourBlindness: every two different colours the
// look table gives marks of different meanings stay at least minDeltaE
// apart for normal vision and as protanopes and deuteranopes see them
// (Machado et al. 2009), in the default and projector styles (paper is
// greys, told apart by the cues alone).
func TestColoursApartUnderColourBlindness(t *testing.T) {
	visions := colourvision.All
	for _, style := range []string{"default", "projector"} {
		ms := meanings()
		for i, a := range ms {
			for _, b := range ms[i+1:] {
				ca, cb := LookOf(a, style).Colour, LookOf(b, style).Colour
				if ca == cb {
					continue // one colour, told apart by the cue (below)
				}
				for _, v := range visions {
					la, lb := lab(t, ca, v), lab(t, cb, v)
					d := math.Sqrt((la[0]-lb[0])*(la[0]-lb[0]) + (la[1]-lb[1])*(la[1]-lb[1]) + (la[2]-lb[2])*(la[2]-lb[2]))
					if d < minDeltaE {
						t.Errorf("%s, %s: %s %s and %s %s are ΔE %.1f apart, less than %d", style, v.Name,
							LookOf(a, style).Name, ca, LookOf(b, style).Name, cb, d, minDeltaE)
					}
				}
			}
		}
	}
}

// okabeIto is Okabe and Ito's palette.
var okabeIto = map[string]bool{Black: true, Orange: true, SkyBlue: true, BluishGreen: true, Yellow: true, Blue: true, Vermillion: true, ReddishPurple: true}

// TestOnlyOkabeItoAndGreys: every colour of every mark is one of Okabe and
// Ito's eight or a grey, every fill a tint of one (or a grey), and the paper
// style is greys only.
func TestOnlyOkabeItoAndGreys(t *testing.T) {
	grey := func(c string) bool { return len(c) == 7 && c[1:3] == c[3:5] && c[3:5] == c[5:7] }
	for _, l := range Table("default") {
		if !okabeIto[l.Colour] && !grey(l.Colour) {
			t.Errorf("%s: %s is neither Okabe and Ito's nor a grey", l.Name, l.Colour)
		}
	}
	for _, l := range Table("paper") {
		if !grey(l.Colour) || (l.Fill != "" && !grey(l.Fill)) {
			t.Errorf("paper: %s is drawn in %s / %s, not greys", l.Name, l.Colour, l.Fill)
		}
		if l.ColourWord != "" || strings.Contains(l.Legend, "vermillion") || strings.Contains(l.Legend, "blue") || strings.Contains(l.Legend, "orange") {
			t.Errorf("paper: the legend of %s names a colour: %q", l.Name, l.Legend)
		}
	}
}

// TestEverySharedColourHasASecondCue: every mark of a meaning says its cue,
// every colour but black and grey comes with a cue other than the colour
// (an outline's stroke or width, a glyph, a tint), and marks that share a
// colour differ by it; a legend that names a colour names the one drawn.
func TestEverySharedColourHasASecondCue(t *testing.T) {
	type cue struct {
		stroke Stroke
		width  float64
		glyph  string
		fill   bool
	}
	for _, style := range Styles {
		by := map[string]map[cue]Mark{}
		for _, m := range meanings() {
			l := LookOf(m, style)
			if l.Cue == "" {
				t.Errorf("%s: %s has no second cue", style, l.Name)
			}
			c := cue{l.Stroke, l.Width, l.Glyph, l.Fill != ""}
			if c == (cue{}) && l.Colour != Black && style != "paper" {
				t.Errorf("%s: %s is told by its colour %s alone", style, l.Name, l.Colour)
			}
			if by[l.Colour] == nil {
				by[l.Colour] = map[cue]Mark{}
			}
			if o, ok := by[l.Colour][c]; ok && !(m == MarkPruned && o == MarkUnsearched) {
				t.Errorf("%s: %s and %s look alike: %s, %+v", style, LookOf(o, style).Name, l.Name, l.Colour, c)
			}
			by[l.Colour][c] = m
		}
	}
	names := map[string]string{"vermillion": Vermillion, "sky blue": SkyBlue, "bluish green": BluishGreen,
		"reddish purple": ReddishPurple, "orange": Orange, "yellow": Yellow}
	for m := Mark(0); m < nMarks; m++ {
		l := LookOf(m, "default")
		w := strings.TrimRight(l.ColourWord, ", ")
		if w == "" {
			continue
		}
		if !strings.Contains(l.Legend, l.ColourWord) {
			t.Errorf("%s: the legend %q lacks its colour word %q", l.Name, l.Legend, l.ColourWord)
		}
		if c, ok := names[w]; ok && c != l.Colour && !(w == "yellow" && l.Fill != "") {
			t.Errorf("%s: the legend says %s, the colour is %s", l.Name, w, l.Colour)
		}
		if w == "blue" && l.Colour != Blue {
			t.Errorf("%s: the legend says blue, the colour is %s", l.Name, l.Colour)
		}
	}
}

// TestCSS: the page's style sheet has a custom property for every mark
// the page names (common.md's list), each the table's colour in the style,
// with the fill, width and dash beside it.
func TestCSS(t *testing.T) {
	for _, style := range Styles {
		css := CSS(style)
		for _, name := range []string{"cut", "current", "pv", "unsearched", "null", "reduce", "research", "probe",
			"chance-cut", "tt", "extend", "futile", "razor", "diff-a", "diff-b", "diff-value"} {
			m := regexp.MustCompile(`--ps-` + name + `: (#[0-9A-F]+);`).FindStringSubmatch(css)
			if m == nil {
				t.Errorf("%s: no --ps-%s in\n%s", style, name, css)
				continue
			}
			for k := Mark(0); k < nMarks; k++ {
				if l := LookOf(k, style); l.Name == name && short(l.Colour) != m[1] {
					t.Errorf("%s: --ps-%s is %s, the table's %s", style, name, m[1], l.Colour)
				}
			}
			for _, suffix := range []string{"-width", "-dash"} {
				if !strings.Contains(css, "--ps-"+name+suffix+": ") {
					t.Errorf("%s: no --ps-%s%s", style, name, suffix)
				}
			}
		}
		if !strings.Contains(css, "--ps-current-fill: ") || !strings.Contains(css, "--ps-unsearched-dash: ") {
			t.Errorf("%s: the current node's fill or the unsearched dash is missing", style)
		}
	}
	if CSS("paper") == CSS("default") {
		t.Error("--style paper does not recolour the page")
	}
	if !strings.Contains(CSS("projector"), "--ps-pv-width: 6.40px") {
		t.Errorf("projector: the principal variation is not thicker:\n%s", CSS("projector"))
	}
}
