//go:build js && wasm

package pagefont

// In the lab's WebAssembly engine the fonts are not embedded (they would be
// a sixth of it): text is measured by the table of their metrics (table.go),
// the same numbers (TestTableIsTheFonts).

// Advance is the advance width of r, in ems, in Go Regular or Go Bold, and
// whether the page's font has r.
func Advance(r rune, bold bool) (float64, bool) { return tableAdvance(r, bold) }

// Extent is how far the ink of s rises above the baseline and falls below
// it, in ems, in Go Regular or Go Bold (a character the font lacks counts
// as rising 1 em and falling 0.25): what a shape must hold of a line of s.
func Extent(s string, bold bool) (above, below float64) { return tableExtent(s, bold) }
