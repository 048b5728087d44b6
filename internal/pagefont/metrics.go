package pagefont

import "sync"

// Family is the name the page's style gives the font.
const Family = "prunescope Go"

// Missing is the width, in ems, counted for a character the font lacks
// (drawn by the viewer's fonts): wider than any glyph of the Go fonts but
// their widest dashes, so that such text is given room.
const Missing = 1.0

// aliases are characters drawn with the glyph of another: the Go fonts have
// ◄ ► ♦ (Windows Glyph List 4), the page writes ◀ ▶ ◆.
var aliases = map[rune]rune{'◀': '◄', '▶': '►', '◆': '♦'}

// Width is the width of s, in ems, as a browser draws it in the page's font
// with kerning and ligatures off (the page turns them off; the Go fonts have
// neither): the sum of its characters' advances, Missing for each
// character the font lacks. Control characters count nothing.
func Width(s string, bold bool) float64 {
	ascii := &asciiAdvances()[b2i(bold)]
	w := 0.0
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7f:
			continue
		case r < 0x80:
			w += ascii[r] // most of what the page measures: numbers, names, brackets
			continue
		}
		a, _ := Advance(r, bold)
		w += a
	}
	return w
}

// asciiAdvances are the advances of the ASCII characters in Go Regular and
// Go Bold, looked up once (Advance searches the font's characters).
var asciiAdvances = sync.OnceValue(func() *[2][0x80]float64 {
	t := new([2][0x80]float64)
	for b := range t {
		for r := rune(0x20); r < 0x7f; r++ {
			t[b][r], _ = Advance(r, b == 1)
		}
	}
	return t
})

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

//go:generate go run ./gen

// glyphMetrics are what the page measures of a character's glyph, in font
// units: its advance and how far its outline reaches below and above the
// baseline (0, 0 for a glyph without outline, a space).
type glyphMetrics struct {
	advance    uint16
	yMin, yMax int16
}

// tableMetrics are r's metrics in the table (table.go) of Go Regular or Go
// Bold, and whether the font has r: the characters the font maps (its
// cmap), before ✂ and the aliases, which the callers handle as with the
// fonts themselves.
func tableMetrics(r rune, bold bool) (glyphMetrics, bool) {
	lo, hi := 0, len(tableRunes)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if tableRunes[m] < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(tableRunes) || tableRunes[lo] != r {
		return glyphMetrics{}, false
	}
	if bold {
		return tableBold[lo], true
	}
	return tableRegular[lo], true
}

// tableAdvance is Advance by the table.
func tableAdvance(r rune, bold bool) (float64, bool) {
	if r == scissors {
		return scissorsEm, true
	}
	if a, ok := aliases[r]; ok {
		r = a
	}
	m, ok := tableMetrics(r, bold)
	if !ok {
		return Missing, false
	}
	return float64(m.advance) / tableUPM, true
}

// tableExtent is Extent by the table.
func tableExtent(s string, bold bool) (above, below float64) {
	for _, r := range s {
		if r <= 0x20 || r == 0x7f {
			continue
		}
		a, b := tableExtentOf(r, bold)
		above, below = max(above, a), max(below, b)
	}
	return above, below
}

func tableExtentOf(r rune, bold bool) (above, below float64) {
	if r == scissors {
		_, yMin, _, yMax := scissorsBounds()
		return yMax, -yMin
	}
	if a, ok := aliases[r]; ok {
		r = a
	}
	m, ok := tableMetrics(r, bold)
	if !ok {
		return 1, 0.25
	}
	return float64(m.yMax) / tableUPM, -float64(m.yMin) / tableUPM
}

// Mapped is every character the page's fonts have (both map the same
// ones): a page that may show any of them (the lab, which writes whatever
// tree a student types) embeds them all, as the engine measures them all.
func Mapped() string { return string(tableRunes[:]) }
