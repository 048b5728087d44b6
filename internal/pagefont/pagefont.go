//go:build !(js && wasm)

// Package pagefont is the typeface of the projector page (trace/page): Go
// Regular and Go Bold, the fonts Bigelow & Holmes made for the Go project
// (golang.org/x/image/font/gofont, under the Go project's BSD licence, whose
// notice CSS puts in every page). The page is laid out with their advance
// widths (Width) and embeds the glyphs it uses (CSS), so that it looks the
// same whoever writes it and whoever views it: neither the fonts of the
// machine that writes the page nor those of the browser that shows it take
// part.
//
// The page's font has four characters the Go fonts lack: ✂, drawn here
// (scissors.go), and ◀ ▶ ◆, which take the glyphs of ◄ ► ♦. A character
// outside the font (a tree's node named in Chinese, say) is drawn by the
// viewer's own fonts; Width counts it as Missing ems.
//
// It imports no operating-system facility: the pieces a page needs build for
// GOOS=js too. The lab's WebAssembly engine (GOOS=js GOARCH=wasm) measures
// text without the fonts, by a table of their metrics generated from them
// (table.go, by go generate; metrics_wasm.go): it writes no @font-face,
// the page that holds it does.
package pagefont

import (
	_ "embed"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// Notice is the copyright notice, licence and disclaimer of the Go fonts,
// which a page that embeds them must reproduce.
//
//go:embed NOTICE.txt
var Notice string

// face is one font: its tables, the glyph of each character and the
// advance of each glyph.
type face struct {
	name    string // "Regular" or "Bold"
	weight  int    // its CSS font-weight
	tables  map[string][]byte
	glyphs  map[rune]uint16 // the (3,1) cmap
	advance []uint16        // by glyph, in font units
	upm     float64         // font units per em
	loca    []uint32        // glyph offsets into glyf, numGlyphs+1
}

var (
	facesOnce sync.Once
	faces     [2]*face // regular, bold
	facesErr  error
)

// load reads the two fonts once.
func load() error {
	facesOnce.Do(func() {
		for i, f := range []struct {
			ttf    []byte
			name   string
			weight int
		}{{goregular.TTF, "Regular", 400}, {gobold.TTF, "Bold", 700}} {
			fc, err := parse(f.ttf)
			if err != nil {
				facesErr = fmt.Errorf("pagefont: Go %s: %w", f.name, err)
				return
			}
			fc.name, fc.weight = f.name, f.weight
			faces[i] = fc
		}
	})
	return facesErr
}

func pick(bold bool) (*face, error) {
	if err := load(); err != nil {
		return nil, err
	}
	if bold {
		return faces[1], nil
	}
	return faces[0], nil
}

// Advance is the advance width of r, in ems, in Go Regular or Go Bold, and
// whether the page's font has r.
func Advance(r rune, bold bool) (float64, bool) {
	f, err := pick(bold)
	if err != nil {
		return Missing, false
	}
	return f.advanceOf(r)
}

func (f *face) advanceOf(r rune) (float64, bool) {
	if r == scissors {
		return scissorsEm, true
	}
	if a, ok := aliases[r]; ok {
		r = a
	}
	g, ok := f.glyphs[r]
	if !ok {
		return Missing, false
	}
	return float64(f.advanceOfGlyph(g)) / f.upm, true
}

func (f *face) advanceOfGlyph(g uint16) uint16 {
	if int(g) < len(f.advance) {
		return f.advance[g]
	}
	return f.advance[len(f.advance)-1]
}

// Extent is how far the ink of s rises above the baseline and falls below
// it, in ems, in Go Regular or Go Bold (a character the font lacks counts
// as rising 1 em and falling 0.25): what a shape must hold of a line of s.
func Extent(s string, bold bool) (above, below float64) {
	f, err := pick(bold)
	if err != nil {
		return 1, 0.25
	}
	for _, r := range s {
		if r <= 0x20 || r == 0x7f {
			continue
		}
		a, b := f.extentOf(r)
		above, below = max(above, a), max(below, b)
	}
	return above, below
}

func (f *face) extentOf(r rune) (above, below float64) {
	if r == scissors {
		_, yMin, _, yMax := scissorsBounds()
		return yMax, -yMin
	}
	if a, ok := aliases[r]; ok {
		r = a
	}
	g, ok := f.glyphs[r]
	if !ok {
		return 1, 0.25
	}
	data := f.glyph(g)
	if len(data) < 10 {
		return 0, 0 // no outline: a space
	}
	yMin, yMax := int16(be16(data[4:])), int16(be16(data[8:]))
	return float64(yMax) / f.upm, -float64(yMin) / f.upm
}

// Runes are the characters of text the page's font has, in order, once
// each: what a subset of it for text holds.
func Runes(text string) []rune {
	if load() != nil {
		return nil
	}
	seen := map[rune]bool{}
	var out []rune
	for _, r := range text {
		if seen[r] || r < 0x20 || r == 0x7f {
			continue
		}
		seen[r] = true
		if _, ok := faces[0].advanceOf(r); ok {
			out = append(out, r)
		}
	}
	slices.Sort(out)
	return out
}

// Face is the font, in Go Regular or Go Bold, with the glyphs of the
// characters of text only: a WOFF file (TrueType tables compressed with
// zlib), without hinting.
func Face(text string, bold bool) ([]byte, error) {
	f, err := pick(bold)
	if err != nil {
		return nil, err
	}
	ttf, err := f.subset(Runes(text))
	if err != nil {
		return nil, fmt.Errorf("pagefont: Go %s: %w", f.name, err)
	}
	return woff(ttf)
}

// CSS is the style that embeds the page's font, both weights, for the
// characters of text (the whole page, whose every character it may show):
// the Go fonts' notice in a comment, and an @font-face rule for each weight
// whose source is a data: URL, so that nothing is fetched.
func CSS(text string) (string, error) {
	var b strings.Builder
	b.WriteString("/* The page's font: Go Regular and Go Bold, by the Bigelow & Holmes foundry for\n")
	b.WriteString("   the Go project, with the glyphs this page uses (prunescope's internal/pagefont).\n\n")
	b.WriteString(strings.ReplaceAll(strings.TrimSpace(Notice), "*/", "* /"))
	b.WriteString("\n*/\n")
	for _, bold := range []bool{false, true} {
		w, err := Face(text, bold)
		if err != nil {
			return "", err
		}
		weight := 400
		if bold {
			weight = 700
		}
		fmt.Fprintf(&b, "@font-face { font-family: %q; font-style: normal; font-weight: %d; font-display: block; src: url(data:font/woff;base64,%s) format(\"woff\"); }\n",
			Family, weight, base64.StdEncoding.EncodeToString(w))
	}
	return b.String(), nil
}

// parse reads the tables of a TrueType font that subset needs.
func parse(ttf []byte) (*face, error) {
	if len(ttf) < 12 {
		return nil, errors.New("too short for a font")
	}
	n := int(be16(ttf[4:]))
	if len(ttf) < 12+16*n {
		return nil, errors.New("table directory cut short")
	}
	f := &face{tables: map[string][]byte{}}
	for i := range n {
		rec := ttf[12+16*i:]
		tag := string(rec[:4])
		off, length := int(be32(rec[8:])), int(be32(rec[12:]))
		if off < 0 || length < 0 || off+length > len(ttf) {
			return nil, fmt.Errorf("table %q out of the file", tag)
		}
		f.tables[tag] = ttf[off : off+length]
	}
	for _, tag := range []string{"head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf", "post", "OS/2"} {
		if f.tables[tag] == nil {
			return nil, fmt.Errorf("no %s table", tag)
		}
	}
	head, hhea, maxp := f.tables["head"], f.tables["hhea"], f.tables["maxp"]
	if len(head) < 54 || len(hhea) < 36 || len(maxp) < 6 || len(f.tables["post"]) < 32 {
		return nil, errors.New("head, hhea, maxp or post cut short")
	}
	f.upm = float64(be16(head[18:]))
	numGlyphs := int(be16(maxp[4:]))
	numH := int(be16(hhea[34:]))
	hmtx := f.tables["hmtx"]
	if numH < 1 || numH > numGlyphs || len(hmtx) < 4*numH+2*(numGlyphs-numH) {
		return nil, errors.New("hmtx does not match hhea and maxp")
	}
	f.advance = make([]uint16, numH)
	for g := range numH {
		f.advance[g] = be16(hmtx[4*g:])
	}
	loca := f.tables["loca"]
	long := be16(head[50:]) == 1
	f.loca = make([]uint32, numGlyphs+1)
	for g := range numGlyphs + 1 {
		if long {
			if len(loca) < 4*(g+1) {
				return nil, errors.New("loca cut short")
			}
			f.loca[g] = be32(loca[4*g:])
		} else {
			if len(loca) < 2*(g+1) {
				return nil, errors.New("loca cut short")
			}
			f.loca[g] = 2 * uint32(be16(loca[2*g:]))
		}
		if g > 0 && f.loca[g] < f.loca[g-1] || int(f.loca[g]) > len(f.tables["glyf"]) {
			return nil, errors.New("loca out of order or out of glyf")
		}
	}
	glyphs, err := parseCmap(f.tables["cmap"], numGlyphs)
	if err != nil {
		return nil, err
	}
	f.glyphs = glyphs
	return f, nil
}

// parseCmap reads the Windows Unicode BMP subtable (platform 3, encoding 1,
// format 4) of a cmap table.
func parseCmap(cmap []byte, numGlyphs int) (map[rune]uint16, error) {
	if len(cmap) < 4 {
		return nil, errors.New("cmap cut short")
	}
	n := int(be16(cmap[2:]))
	for i := range n {
		rec := cmap[4+8*i:]
		if len(rec) < 8 {
			break
		}
		if be16(rec) != 3 || be16(rec[2:]) != 1 {
			continue
		}
		st := int(be32(rec[4:]))
		if st+14 > len(cmap) || be16(cmap[st:]) != 4 {
			return nil, errors.New("the Unicode cmap is not of format 4")
		}
		sub := cmap[st:]
		length := int(be16(sub[2:]))
		if length > len(sub) {
			return nil, errors.New("cmap format 4 cut short")
		}
		sub = sub[:length]
		segs := int(be16(sub[6:])) / 2
		if 16+8*segs > len(sub) {
			return nil, errors.New("cmap format 4 cut short")
		}
		ends, starts := sub[14:], sub[16+2*segs:]
		deltas, offsets := sub[16+4*segs:], sub[16+6*segs:]
		out := map[rune]uint16{}
		for s := range segs {
			end, start := int(be16(ends[2*s:])), int(be16(starts[2*s:]))
			delta, ro := be16(deltas[2*s:]), int(be16(offsets[2*s:]))
			for c := start; c <= end && c < 0xffff; c++ {
				var g uint16
				if ro == 0 {
					g = uint16(c) + delta
				} else {
					at := 16 + 6*segs + 2*s + ro + 2*(c-start)
					if at+2 > len(sub) {
						return nil, errors.New("cmap format 4 glyph index out of the table")
					}
					if g = be16(sub[at:]); g != 0 {
						g += delta
					}
				}
				if g != 0 && int(g) < numGlyphs {
					out[rune(c)] = g
				}
			}
		}
		return out, nil
	}
	return nil, errors.New("no Unicode BMP cmap (3, 1)")
}

func be16(b []byte) uint16 { return binary.BigEndian.Uint16(b) }
func be32(b []byte) uint32 { return binary.BigEndian.Uint32(b) }
