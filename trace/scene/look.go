package scene

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Mark names a look: what a node's outline, an edge or a run of text says
// (a cutoff, the principal variation, a null move, …). Its colour, its
// second cue and its legend line are its entry in the look table.
type Mark int

// The marks, each one entry of the look table.
const (
	MarkNone       Mark = iota // plain text and outlines: black
	MarkWindow                 // a node's window and a move inside a shape: dark grey text
	MarkCut                    // a cutoff at the node: ✂, vermillion double outline
	MarkChanceCut              // a chance node's cutoff (Star1/Star2): ✂ avg, vermillion double outline
	MarkCurrent                // the node a step is about: blue, thick outline, tinted fill
	MarkPV                     // the principal variation: black, bold
	MarkUnsearched             // never searched: grey, dashed
	MarkPruned                 // a box of moves never searched: grey, dashed, ✂ on its edge
	MarkSummary                // a box of searched nodes not drawn one by one: grey, dotted
	MarkNoBound                // ~v, a value clamped on a tie window
	MarkRange                  // [lo, hi], the range a value may take
	MarkVisit                  // #1, #2: the order searched right to left
	MarkNote                   // a mark of the table of kinds, a root pass's head
	MarkNull                   // the null move: sky blue, dashed edge to the pass, tinted pass
	MarkNullPrune              // a null-move prune: Ø, sky blue dashed outline
	MarkReduce                 // a reduction: orange, −2 on the edge
	MarkExtend                 // an extension: bluish green, +1 on the edge
	MarkResearch               // a re-search: blue ↻
	MarkProbe                  // a Star2 probe: reddish purple, "probe" on the edge, dotted edge
	MarkFutility               // moves skipped by futility pruning: orange dashed box, ×
	MarkRazor                  // razoring: reddish purple, dotted outline
	MarkQS                     // quiescence search: yellow tint, ≈
	MarkTT                     // a transposition-table hit: blue dashed arrow, ≡
	MarkLeafNote               // a mark about an evaluation: dark grey text
	MarkDiffA                  // a diff: searched by A only: orange tint, dashed outline
	MarkDiffB                  // a diff: searched by B only: sky blue tint, dotted outline
	MarkDiffValue              // a diff: searched by both, differently: reddish purple thick outline
	nMarks
)

// Stroke is how an outline or a line is drawn.
type Stroke int

// The strokes.
const (
	Solid  Stroke = iota
	Dashed        // ‒ ‒ ‒
	Dotted        // · · ·
	Double        // two outlines (a cutoff)
)

var strokeNames = [...]string{Solid: "solid", Dashed: "dashed", Dotted: "dotted", Double: "double"}

func (s Stroke) String() string { return strokeNames[s] }

// Look is how a mark is drawn: its colour and its second cue — the stroke
// and width of its outline or line, and a glyph — so that a reader who does
// not see the colour (colour blindness, a greyscale print) still tells it
// from the others.
type Look struct {
	Mark Mark
	// Name names the mark in the page's CSS custom property --ps-<Name>
	// (its colour; -fill, -width and -dash follow).
	Name string
	// Colour is the outline's, the line's and the text's colour ("#RRGGBB"),
	// one of Okabe and Ito's eight or a grey.
	Colour string
	// Fill is the shape's fill, "" for none (white).
	Fill string
	// Stroke and Width draw the outline or the line; Width in points, 0
	// for the drawing's default (DefaultWidth).
	Stroke Stroke
	Width  float64
	// Glyph is the sign written with the mark ("✂", "Ø", "≡"), "" when
	// the outline or the text itself is the second cue.
	Glyph string
	// Cue says the second cue in words ("double outline, ✂"), for the
	// legend and the tests.
	Cue string
	// Legend is the legend's line for the mark, "" when it has none; it
	// names the colour by ColourWord, which a style without colours
	// ("paper") takes out.
	Legend     string
	ColourWord string
}

// DefaultWidth is the width in points of an outline or a line without a
// mark.
const DefaultWidth = 1.2

// Okabe and Ito's colour-blind-safe palette (Color Universal Design, 2002).
const (
	Black         = "#000000"
	Orange        = "#E69F00"
	SkyBlue       = "#56B4E9"
	BluishGreen   = "#009E73"
	Yellow        = "#F0E442"
	Blue          = "#0072B2"
	Vermillion    = "#D55E00"
	ReddishPurple = "#CC79A7"
)

// Greys of the drawings.
const (
	greyText   = "#595959" // windows, moves inside shapes
	greyLine   = "#737373" // never searched: apart from every colour under colour blindness (look_test.go), 4.7:1 on white
	greyFill   = "#F2F2F2"
	greySum    = "#404040" // searched, counted in a box
	tintBlue   = "#D9EAF5" // the current node's fill: Blue at 15 %
	tintSky    = "#E4F2FB" // the null move's pass: SkyBlue at 15 %
	tintYellow = "#FCF8D5" // quiescence: Yellow at 22 %
	tintOrange = "#FBECCC" // searched by A only: Orange at 20 %
	tintPurple = "#F7EAF1" // searched by both, differently: ReddishPurple at 15 %
)

// table is the default style's look of every mark.
var table = [nMarks]Look{
	MarkNone:   {Name: "text", Colour: Black},
	MarkWindow: {Name: "window", Colour: greyText},
	MarkCut: {Name: "cut", Colour: Vermillion, Stroke: Double, Width: 2.2, Glyph: "✂", Cue: "double outline, ✂",
		ColourWord: "vermillion, ", Legend: "✂ vermillion, double outline: cutoff at this node"},
	MarkChanceCut: {Name: "chance-cut", Colour: Vermillion, Stroke: Double, Width: 2.2, Glyph: "✂ avg", Cue: "double outline on a circle, ✂ avg",
		ColourWord: "vermillion ", Legend: "✂ avg, vermillion double outline on a ○: a chance cut, the average's bounds left the window; its other outcomes never searched"},
	MarkCurrent: {Name: "current", Colour: Blue, Fill: tintBlue, Width: 3, Cue: "thick solid outline, tinted fill",
		ColourWord: "blue, ", Legend: "blue, thick outline, tinted: the node of this step; ? a value not known yet"},
	MarkPV: {Name: "pv", Colour: Black, Width: 3, Cue: "bold",
		Legend: "bold: principal variation"},
	MarkUnsearched: {Name: "unsearched", Colour: greyLine, Fill: greyFill, Stroke: Dashed, Cue: "grey, dashed",
		Legend: "grey dashed: never searched"},
	MarkPruned: {Name: "pruned", Colour: greyLine, Fill: greyFill, Stroke: Dashed, Glyph: "✂", Cue: "grey dashed box, ✂ on its edge"},
	MarkSummary: {Name: "summary", Colour: greySum, Stroke: Dotted, Cue: "dotted box",
		Legend: "dotted box: searched, not drawn one by one"},
	MarkNoBound: {Name: "nobound", Colour: Black, Glyph: "~", Cue: "~",
		Legend: "~v: a clamped value on a tie window (α = β): no bound"},
	MarkRange: {Name: "range", Colour: Black, Glyph: "[lo, hi]", Cue: "[lo, hi]",
		Legend: "[lo, hi]: the range the node's value may still take (AIMA, Figure 5.5): [v, v] exact or proved exact, [v, +∞] at least v, [−∞, v] at most v"},
	MarkVisit: {Name: "visit", Colour: Blue, Glyph: "#1", Cue: "#1, bold",
		Legend: "#1, #2, …: the order searched (right to left); the children are drawn as the tree has them"},
	MarkNote: {Name: "note", Colour: Blue, Cue: "its words"},
	MarkNull: {Name: "null", Colour: SkyBlue, Fill: tintSky, Stroke: Dashed, Glyph: "Ø", Cue: "dashed edge to the pass, Ø",
		ColourWord: "sky blue, ", Legend: "sky blue, dashed edge: the null move (a pass); dashed outline, Ø: a null-move prune"},
	MarkNullPrune: {Name: "null-prune", Colour: SkyBlue, Stroke: Dashed, Width: 2.2, Glyph: "Ø", Cue: "dashed outline, Ø"},
	MarkReduce: {Name: "reduce", Colour: Orange, Glyph: "−2", Cue: "−2 on the edge",
		ColourWord: "orange ", Legend: "orange −2, −3, …: a move searched to depth−2, −3, … (reduction)"},
	MarkExtend: {Name: "extend", Colour: BluishGreen, Glyph: "+1", Cue: "+1 on the edge",
		ColourWord: "bluish green ", Legend: "bluish green +1: a move searched one ply deeper (extension)"},
	MarkResearch: {Name: "research", Colour: Blue, Glyph: "↻", Cue: "re-search, (pass 2) on the edge"},
	MarkProbe: {Name: "probe", Colour: ReddishPurple, Stroke: Dotted, Glyph: "probe", Cue: "probe on a dotted edge",
		Legend: "probe: a Star2 probe, only the node's first move searched (its value a bound)"},
	MarkFutility: {Name: "futile", Colour: Orange, Stroke: Dashed, Glyph: "×", Cue: "dashed box, ×",
		ColourWord: "orange ", Legend: "× orange dashed box: moves skipped by futility pruning"},
	MarkRazor: {Name: "razor", Colour: ReddishPurple, Stroke: Dotted, Width: 2.2, Glyph: "razor", Cue: "dotted outline, razor",
		ColourWord: "reddish purple, ", Legend: "reddish purple, dotted outline: a node cut short by razoring"},
	MarkQS: {Name: "qs", Colour: Black, Fill: tintYellow, Glyph: "≈", Cue: "yellow tint, ≈",
		ColourWord: "yellow ", Legend: "yellow tint, ≈: quiescence search (captures only; stand pat = the static evaluation)"},
	MarkTT: {Name: "tt", Colour: Blue, Stroke: Dashed, Glyph: "≡", Cue: "dashed arrow, ≡",
		ColourWord: "blue ", Legend: "blue dashed arrow (TT bound, depth): a transposition-table hit, to the node whose search stored it"},
	MarkLeafNote: {Name: "leaf-note", Colour: greyText, Cue: "its words"},
	MarkDiffA: {Name: "diff-a", Colour: Orange, Fill: tintOrange, Stroke: Dashed, Width: 2, Cue: "dashed outline",
		ColourWord: "orange, ", Legend: "orange, dashed outline: searched by A only"},
	MarkDiffB: {Name: "diff-b", Colour: SkyBlue, Fill: tintSky, Stroke: Dotted, Width: 2, Cue: "dotted outline",
		ColourWord: "sky blue, ", Legend: "sky blue, dotted outline: searched by B only"},
	MarkDiffValue: {Name: "diff-value", Colour: ReddishPurple, Fill: tintPurple, Width: 2.4, Glyph: "A · B", Cue: "thick outline, A … · B … where they differ",
		ColourWord: "reddish purple, ", Legend: "reddish purple, thick outline: searched by both, differently — A's and B's values, windows, cutoffs side by side"},
}

// Styles are the looks a drawing takes (Options.Style): "default",
// Okabe and Ito's palette with a second cue for every colour; "projector",
// the same with lines 1.6 times as thick (and larger text); "paper", for a
// black-and-white print: every mark in black or grey, told by its second
// cue alone.
var Styles = []string{"default", "projector", "paper"}

// LookOf is mark m's look in a style ("" is "default"). The styles adjust
// the one table here: "projector" thickens every line, "paper" turns every
// colour to a grey of its lightness (fills to white or light grey).
func LookOf(m Mark, style string) Look {
	if m < 0 || m >= nMarks {
		m = MarkNone
	}
	l := table[m]
	l.Mark = m
	switch style {
	case "projector":
		l.Width = Width(l) * 1.6
	case "paper":
		if l.ColourWord != "" {
			l.Legend = strings.Replace(l.Legend, l.ColourWord, "", 1)
			l.ColourWord = ""
		}
		l.Colour = paperGrey(l.Colour)
		if l.Fill != "" {
			l.Fill = paperFill(l.Fill)
		}
		if m == MarkCurrent || m == MarkPV || m == MarkCut || m == MarkChanceCut || m == MarkDiffValue {
			l.Colour = Black
		}
	}
	return l
}

// Table is every mark's look in a style, in the order of the marks.
func Table(style string) []Look {
	looks := make([]Look, nMarks)
	for m := range looks {
		looks[m] = LookOf(Mark(m), style)
	}
	return looks
}

// Width is a look's line width in points, DefaultWidth when it sets none.
func Width(l Look) float64 {
	if l.Width > 0 {
		return l.Width
	}
	return DefaultWidth
}

// paperGrey is a colour's grey for a print: its relative luminance, kept
// dark enough for small text to read on white (at most 18 %, 4.5:1).
func paperGrey(c string) string {
	return greyOf(min(luminance(c), 0.18))
}

// paperFill is a fill's grey: light, for text on it to read.
func paperFill(c string) string {
	y := luminance(c)
	return greyOf(max(0.88, y))
}

func greyOf(y float64) string {
	v := int(255*srgb(y) + 0.5)
	return fmt.Sprintf("#%02X%02X%02X", v, v, v)
}

// RGB returns a "#RRGGBB" colour's channels in 0..1, false when c is not one.
func RGB(c string) (r, g, b float64, ok bool) {
	if len(c) != 7 || c[0] != '#' {
		return 0, 0, 0, false
	}
	v, err := strconv.ParseUint(c[1:], 16, 32)
	if err != nil {
		return 0, 0, 0, false
	}
	return float64(v>>16&0xff) / 255, float64(v>>8&0xff) / 255, float64(v&0xff) / 255, true
}

// linear is an sRGB channel's linear light.
func linear(c float64) float64 {
	if c <= 0.04045 {
		return c / 12.92
	}
	return math.Pow((c+0.055)/1.055, 2.4)
}

// srgb is linear light's sRGB channel.
func srgb(l float64) float64 {
	if l <= 0.0031308 {
		return 12.92 * l
	}
	return 1.055*math.Pow(l, 1/2.4) - 0.055
}

// luminance is a colour's relative luminance (WCAG), 0 black to 1 white.
func luminance(c string) float64 {
	r, g, b, ok := RGB(c)
	if !ok {
		return 0
	}
	return 0.2126*linear(r) + 0.7152*linear(g) + 0.0722*linear(b)
}

// CSS is the page's style sheet of the looks in a style: for every mark a
// custom property --ps-<name> with its colour, and --ps-<name>-fill,
// --ps-<name>-width (in px) and --ps-<name>-dash (a stroke-dasharray) where
// the look has them. The page's rules use only these properties, so that
// the one table here colours the page as it colours every picture.
func CSS(style string) string {
	var sb strings.Builder
	sb.WriteString(":root {\n")
	for _, l := range Table(style) {
		fmt.Fprintf(&sb, "  --ps-%s: %s;", l.Name, short(l.Colour))
		if l.Fill != "" {
			fmt.Fprintf(&sb, " --ps-%s-fill: %s;", l.Name, short(l.Fill))
		}
		fmt.Fprintf(&sb, " --ps-%s-width: %s;", l.Name, strconv.FormatFloat(Width(l)*4/3, 'f', 2, 64)+"px")
		fmt.Fprintf(&sb, " --ps-%s-dash: %s;\n", l.Name, Dash(l.Stroke, Width(l)*4/3))
	}
	sb.WriteString("}\n")
	return sb.String()
}

// short writes "#RRGGBB" as "#RGB" where it can ("#000").
func short(c string) string {
	if len(c) == 7 && c[1] == c[2] && c[3] == c[4] && c[5] == c[6] {
		return "#" + c[1:2] + c[3:4] + c[5:6]
	}
	return c
}

// Dash is a stroke's SVG stroke-dasharray for a line of width w: "none"
// for a solid or double line.
func Dash(s Stroke, w float64) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }
	switch s {
	case Dashed:
		return f(max(4, 3*w)) + " " + f(max(3, 2*w))
	case Dotted:
		return f(max(1, w)) + " " + f(max(2.5, 2*w))
	}
	return "none"
}
