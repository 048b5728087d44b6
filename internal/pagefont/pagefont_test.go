//go:build !(js && wasm)

package pagefont

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// printable is every printable ASCII character.
func printable() string {
	var b strings.Builder
	for r := rune(0x20); r < 0x7f; r++ {
		b.WriteRune(r)
	}
	return b.String()
}

// pageChars are the characters the page writes beyond ASCII.
const pageChars = "·αβ–—…›←→−∞≤≥▲▶▼◀◆✂×Ø≈□○◇"

// original parses a Go font with golang.org/x/image/font/sfnt, a reader
// apart from this package's.
func original(t testing.TB, bold bool) *sfnt.Font {
	t.Helper()
	ttf := goregular.TTF
	if bold {
		ttf = gobold.TTF
	}
	f, err := sfnt.Parse(ttf)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// advanceIn is r's advance in f, in ems, and whether f has r.
func advanceIn(t testing.TB, f *sfnt.Font, r rune) (float64, bool) {
	t.Helper()
	var b sfnt.Buffer
	g, err := f.GlyphIndex(&b, r)
	if err != nil {
		t.Fatal(err)
	}
	if g == 0 {
		return 0, false
	}
	upm := int(f.UnitsPerEm())
	a, err := f.GlyphAdvance(&b, g, fixed.I(upm), font.HintingNone)
	if err != nil {
		t.Fatal(err)
	}
	return float64(a) / 64 / float64(upm), true
}

// TestAdvancesAreTheFonts checks Advance and Width against the Go fonts
// read by golang.org/x/image/font/sfnt, for every printable ASCII
// character and the page's others: ◀ ▶ ◆ as ◄ ► ♦, ✂ one em, a character
// neither font has Missing.
func TestAdvancesAreTheFonts(t *testing.T) {
	for _, bold := range []bool{false, true} {
		f := original(t, bold)
		sum := 0.0
		text := printable() + pageChars
		for _, r := range text {
			src := r
			if a, ok := aliases[r]; ok {
				src = a
			}
			want, ok := advanceIn(t, f, src)
			if r == scissors {
				want, ok = scissorsEm, true
			}
			if !ok {
				want = Missing
			}
			got, has := Advance(r, bold)
			if math.Abs(got-want) > 1e-9 || has != ok {
				t.Errorf("bold %v: %q: advance %.4f (has %v), want %.4f (has %v)", bold, r, got, has, want, ok)
			}
			sum += want
		}
		if w := Width(text, bold); math.Abs(w-sum) > 1e-6 {
			t.Errorf("bold %v: Width %.4f, want the sum %.4f", bold, w, sum)
		}
	}
	if a, ok := Advance('中', false); ok || a != Missing {
		t.Errorf("中: %.3f, %v; want Missing, false", a, ok)
	}
	if w := Width("a\nb", false); w != Width("ab", false) {
		t.Errorf("a newline counts %.3f ems", w-Width("ab", false))
	}
}

// unwoff reads a WOFF file back into a TrueType one, checking what a
// browser checks: the signature, the sizes, each table's checksum, and the
// file's checksum in head.
func unwoff(t testing.TB, w []byte) []byte {
	t.Helper()
	if len(w) < 44 || string(w[:4]) != "wOFF" {
		t.Fatalf("not a WOFF file: % x", w[:min(len(w), 8)])
	}
	if int(be32(w[8:])) != len(w) {
		t.Fatalf("WOFF length %d, file %d bytes", be32(w[8:]), len(w))
	}
	n := int(be16(w[12:]))
	tables := map[string][]byte{}
	total := 12 + 16*n
	for i := range n {
		d := w[44+20*i:]
		tag := string(d[:4])
		off, comp, orig, sum := int(be32(d[4:])), int(be32(d[8:])), int(be32(d[12:])), be32(d[16:])
		if off%4 != 0 || off+comp > len(w) {
			t.Fatalf("table %s at %d, %d bytes: out of place", tag, off, comp)
		}
		data := w[off : off+comp]
		if comp < orig {
			r, err := zlib.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("table %s: %v", tag, err)
			}
			if data, err = io.ReadAll(r); err != nil {
				t.Fatalf("table %s: %v", tag, err)
			}
		}
		if len(data) != orig {
			t.Fatalf("table %s: %d bytes, the directory says %d", tag, len(data), orig)
		}
		check := data
		if tag == "head" {
			check = append([]byte(nil), data...)
			binary.BigEndian.PutUint32(check[8:], 0)
		}
		if got := checksum(check); got != sum {
			t.Errorf("table %s: checksum %08x, the directory says %08x", tag, got, sum)
		}
		tables[tag] = data
		total += (orig + 3) &^ 3
	}
	if int(be32(w[16:])) != total {
		t.Errorf("totalSfntSize %d, the tables make %d", be32(w[16:]), total)
	}
	// The file the tables make, with head's checkSumAdjustment as the
	// WOFF holds it: its checksum must be the magic number.
	stored := be32(tables["head"][8:])
	ttf := writeSFNT(tables)
	for i := range n {
		if rec := ttf[12+16*i:]; string(rec[:4]) == "head" {
			binary.BigEndian.PutUint32(ttf[be32(rec[8:])+8:], stored)
		}
	}
	if sum := checksum(ttf); sum != 0xB1B0AFBA {
		t.Errorf("the font's checksum is %08x, not B1B0AFBA (head's checkSumAdjustment %08x)", sum, stored)
	}
	return ttf
}

// outline is glyph r's outline in f at the font's own size, as segments.
func outline(t testing.TB, f *sfnt.Font, r rune) sfnt.Segments {
	t.Helper()
	var b sfnt.Buffer
	g, err := f.GlyphIndex(&b, r)
	if err != nil || g == 0 {
		t.Fatalf("%q: glyph %d, %v", r, g, err)
	}
	segs, err := f.LoadGlyph(&b, g, fixed.I(int(f.UnitsPerEm())), nil)
	if err != nil {
		t.Fatalf("%q: %v", r, err)
	}
	return append(sfnt.Segments(nil), segs...)
}

// TestSubset reads the page's font back with golang.org/x/image/font/sfnt:
// it holds a glyph for every character of the text the font has, with the
// Go font's advance and outline (◀ ▶ ◆ those of ◄ ► ♦; ✂ its own, within
// its advance), and no other character; its name table keeps the Go fonts'
// copyright and licence.
func TestSubset(t *testing.T) {
	text := "α-β ≤ 12, (−∞, +∞) ✂ ◀▶◆ ÅÇé …中"
	for _, bold := range []bool{false, true} {
		w, err := Face(text, bold)
		if err != nil {
			t.Fatal(err)
		}
		sub, err := sfnt.Parse(unwoff(t, w))
		if err != nil {
			t.Fatalf("bold %v: %v", bold, err)
		}
		orig := original(t, bold)
		var b sfnt.Buffer
		for _, r := range text {
			if r == '中' {
				if g, _ := sub.GlyphIndex(&b, r); g != 0 {
					t.Errorf("中 has glyph %d: the Go fonts have none", g)
				}
				continue
			}
			got, ok := advanceIn(t, sub, r)
			want, _ := Advance(r, bold)
			if !ok || math.Abs(got-want) > 1e-9 {
				t.Errorf("bold %v: %q: advance %.4f (present %v) in the subset, %.4f in the font", bold, r, got, ok, want)
			}
			if r == scissors {
				segs := outline(t, sub, r)
				bounds := segs.Bounds()
				upm := int(sub.UnitsPerEm())
				// y grows downwards: the rings dip below the baseline as
				// little as a comma does.
				if len(segs) < 20 || bounds.Min.X < 0 || bounds.Max.X > fixed.I(upm) || bounds.Min.Y < -fixed.I(upm) || bounds.Max.Y > fixed.I(upm/10) {
					t.Errorf("✂: %d segments within %v, want a drawing within its advance, between the baseline and the cap height", len(segs), bounds)
				}
				continue
			}
			src := r
			if a, ok := aliases[r]; ok {
				src = a
			}
			if got, want := outline(t, sub, r), outline(t, orig, src); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("bold %v: %q: the outline differs from the Go font's", bold, r)
			}
		}
		for _, r := range "xyzQ0" {
			if g, _ := sub.GlyphIndex(&b, r); g != 0 {
				t.Errorf("bold %v: %q is in the subset of a text without it", bold, r)
			}
		}
		for id, want := range map[sfnt.NameID]string{sfnt.NameIDCopyright: "Bigelow & Holmes", sfnt.NameIDLicense: "DISCLAIMER: THIS SOFTWARE"} {
			if got, err := sub.Name(&b, id); err != nil || !strings.Contains(got, want) {
				t.Errorf("bold %v: name %d is %.60q (%v), want %q in it", bold, id, got, err, want)
			}
		}
	}
}

// TestCSS checks the style that embeds the font: the Go fonts' notice, one
// rule for each weight with its data, nothing fetched, the same bytes for
// the same text, and a subset far smaller than the fonts.
func TestCSS(t *testing.T) {
	text := printable() + pageChars
	css, err := CSS(text)
	if err != nil {
		t.Fatal(err)
	}
	again, err := CSS(text)
	if err != nil || again != css {
		t.Errorf("the style differs from one call to the next (%v)", err)
	}
	if !strings.Contains(css, "Copyright (c) 2016 Bigelow & Holmes Inc.") || !strings.Contains(css, "DISCLAIMER") {
		t.Error("the style lacks the Go fonts' notice")
	}
	for _, weight := range []string{"font-weight: 400", "font-weight: 700"} {
		if !strings.Contains(css, weight) {
			t.Errorf("no rule with %s", weight)
		}
	}
	if n := strings.Count(css, "url("); n != 2 || strings.Count(css, "url(data:font/woff;base64,") != 2 {
		t.Errorf("%d url(), want the two fonts' data", n)
	}
	if strings.Contains(css, "http") {
		t.Error("the style names an address")
	}
	// Every printable ASCII character and the page's others: 30 KB or
	// so for both weights, where the two fonts are 300 KB.
	if len(css) > 40_000 {
		t.Errorf("the style is %d bytes", len(css))
	}
	small, err := CSS("0")
	if err != nil || len(small) > len(css)/2 {
		t.Errorf("the style of one character is %d bytes (%v): not a subset", len(small), err)
	}
}

// TestRunes checks the characters a subset holds: those of the text the
// font has, once each, in order.
func TestRunes(t *testing.T) {
	got := string(Runes("b✂a中b◀\n"))
	if got != "ab◀✂" {
		t.Errorf("Runes: %q, want %q", got, "ab◀✂")
	}
}

// FuzzFace checks that the font of any text is a font: it is read back by
// golang.org/x/image/font/sfnt with a glyph for each character of the text
// the Go fonts have.
func FuzzFace(f *testing.F) {
	for _, seed := range []string{"", "0", printable(), pageChars, "✂✂✂", "中文 名", "\x00\x1f\x7f\uFFFD\U0001F600"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, bold := range []bool{false, true} {
			w, err := Face(text, bold)
			if err != nil {
				t.Fatal(err)
			}
			sub, err := sfnt.Parse(unwoff(t, w))
			if err != nil {
				t.Fatal(err)
			}
			var b sfnt.Buffer
			for _, r := range Runes(text) {
				if g, err := sub.GlyphIndex(&b, r); err != nil || g == 0 {
					t.Fatalf("%q: glyph %d, %v", r, g, err)
				}
			}
		}
	})
}

// TestExtent checks the ink's extent against the Go fonts' glyph bounds
// read by golang.org/x/image/font/sfnt.
func TestExtent(t *testing.T) {
	for _, bold := range []bool{false, true} {
		f := original(t, bold)
		var b sfnt.Buffer
		for _, s := range []string{"0", "(−∞, 12)", "g,", "Å", "≥7"} {
			wantA, wantB := 0.0, 0.0
			for _, r := range s {
				g, _ := f.GlyphIndex(&b, r)
				upm := int(f.UnitsPerEm())
				bd, _, err := f.GlyphBounds(&b, g, fixed.I(upm), font.HintingNone)
				if err != nil {
					t.Fatal(err)
				}
				if r != ' ' {
					wantA = max(wantA, -float64(bd.Min.Y)/64/float64(upm))
					wantB = max(wantB, float64(bd.Max.Y)/64/float64(upm))
				}
			}
			if a, bl := Extent(s, bold); math.Abs(a-wantA) > 1e-3 || math.Abs(bl-wantB) > 1e-3 {
				t.Errorf("bold %v: %q: extent %.3f above, %.3f below; the font's %.3f, %.3f", bold, s, a, bl, wantA, wantB)
			}
		}
	}
	if a, b := Extent("✂", false); a < 0.6 || a > 0.8 || b < 0 || b > 0.1 {
		t.Errorf("✂: %.3f above, %.3f below", a, b)
	}
}
