//go:build !(js && wasm)

package pagefont

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"unicode/utf16"
)

// Flags of a composite glyph's components (the TrueType glyf table).
const (
	argsAreWords    = 0x0001
	haveScale       = 0x0008
	moreComponents  = 0x0020
	haveXYScale     = 0x0040
	haveTwoByTwo    = 0x0080
	haveInstruction = 0x0100
)

// subset writes a TrueType font of f with the glyphs of runes only (and
// .notdef, glyph 0, and the components of composite glyphs), renumbered in
// their order in f; the glyph of ✂ is added last. Hinting is left out (no
// fpgm, prep, cvt or gasp table, no instructions in the glyphs): the
// advances are then the font's own at every size, as Width counts them.
// The tables are the ones a browser requires: cmap (one format 4 subtable),
// glyf, head, hhea, hmtx, loca (long offsets), maxp, name (the copyright
// and licence, and the names), OS/2 (as in f) and post (version 3, no
// glyph names).
func (f *face) subset(runes []rune) ([]byte, error) {
	numGlyphs := len(f.loca) - 1
	keep := map[uint16]bool{0: true}
	var add func(g uint16) error
	add = func(g uint16) error {
		if keep[g] {
			return nil
		}
		if int(g) >= numGlyphs {
			return fmt.Errorf("glyph %d out of the font", g)
		}
		keep[g] = true
		comps, err := components(f.glyph(g))
		if err != nil {
			return fmt.Errorf("glyph %d: %w", g, err)
		}
		for _, c := range comps {
			if err := add(c); err != nil {
				return err
			}
		}
		return nil
	}
	withScissors := false
	for _, r := range runes {
		if r == scissors {
			withScissors = true
			continue
		}
		src := r
		if a, ok := aliases[r]; ok {
			src = a
		}
		g, ok := f.glyphs[src]
		if !ok {
			return nil, fmt.Errorf("no glyph for %q", r)
		}
		if err := add(g); err != nil {
			return nil, err
		}
	}
	if err := add(0); err != nil {
		return nil, err
	}
	olds := make([]uint16, 0, len(keep))
	for g := range keep {
		olds = append(olds, g)
	}
	slices.Sort(olds)
	renum := make(map[uint16]uint16, len(olds))
	for i, g := range olds {
		renum[g] = uint16(i)
	}

	// glyf, loca, hmtx.
	var glyf bytes.Buffer
	loca := make([]byte, 0, 4*(len(olds)+2))
	var hmtx []byte
	for _, g := range olds {
		loca = binary.BigEndian.AppendUint32(loca, uint32(glyf.Len()))
		data, err := stripped(f.glyph(g), renum)
		if err != nil {
			return nil, fmt.Errorf("glyph %d: %w", g, err)
		}
		glyf.Write(data)
		pad4(&glyf)
		hmtx = binary.BigEndian.AppendUint16(hmtx, f.advanceOfGlyph(g))
		hmtx = binary.BigEndian.AppendUint16(hmtx, f.lsb(g))
	}
	n := len(olds)
	scissorsGlyph := uint16(0)
	if withScissors {
		scissorsGlyph = uint16(n)
		loca = binary.BigEndian.AppendUint32(loca, uint32(glyf.Len()))
		data, xMin := scissorsOutline(f.upm)
		glyf.Write(data)
		pad4(&glyf)
		hmtx = binary.BigEndian.AppendUint16(hmtx, uint16(math.Round(scissorsEm*f.upm)))
		hmtx = binary.BigEndian.AppendUint16(hmtx, uint16(xMin))
		n++
	}
	loca = binary.BigEndian.AppendUint32(loca, uint32(glyf.Len()))

	// cmap: each character to its glyph's new number.
	cmapOf := map[rune]uint16{}
	for _, r := range runes {
		if r == scissors {
			cmapOf[r] = scissorsGlyph
			continue
		}
		src := r
		if a, ok := aliases[r]; ok {
			src = a
		}
		cmapOf[r] = renum[f.glyphs[src]]
	}
	cmap, err := cmapFormat4(cmapOf)
	if err != nil {
		return nil, err
	}

	head := slices.Clone(f.tables["head"])
	binary.BigEndian.PutUint16(head[50:], 1) // long loca offsets
	hhea := slices.Clone(f.tables["hhea"])
	binary.BigEndian.PutUint16(hhea[34:], uint16(n))
	maxp := slices.Clone(f.tables["maxp"])
	binary.BigEndian.PutUint16(maxp[4:], uint16(n))
	if len(maxp) >= 28 {
		binary.BigEndian.PutUint16(maxp[26:], 0) // maxSizeOfInstructions: none are left
	}
	post := slices.Clone(f.tables["post"][:32])
	binary.BigEndian.PutUint32(post, 0x00030000)

	tables := map[string][]byte{
		"OS/2": f.tables["OS/2"],
		"cmap": cmap,
		"glyf": glyf.Bytes(),
		"head": head,
		"hhea": hhea,
		"hmtx": hmtx,
		"loca": loca,
		"maxp": maxp,
		"name": f.nameTable(),
		"post": post,
	}
	return writeSFNT(tables), nil
}

// glyph is the data of glyph g in glyf (empty for a glyph without outline).
func (f *face) glyph(g uint16) []byte {
	return f.tables["glyf"][f.loca[g]:f.loca[g+1]]
}

// lsb is the left side bearing of glyph g in hmtx.
func (f *face) lsb(g uint16) uint16 {
	hmtx, numH := f.tables["hmtx"], len(f.advance)
	if int(g) < numH {
		return be16(hmtx[4*int(g)+2:])
	}
	return be16(hmtx[4*numH+2*(int(g)-numH):])
}

// components are the glyphs a composite glyph is made of (none for a simple
// glyph).
func components(data []byte) ([]uint16, error) {
	if len(data) < 10 || int16(be16(data)) >= 0 {
		return nil, nil
	}
	var out []uint16
	for p := 10; ; {
		if p+4 > len(data) {
			return nil, errors.New("composite glyph cut short")
		}
		flags := be16(data[p:])
		out = append(out, be16(data[p+2:]))
		p += componentSize(flags)
		if flags&moreComponents == 0 {
			return out, nil
		}
	}
}

// componentSize is the size of a composite glyph's component record.
func componentSize(flags uint16) int {
	n := 4 + 2
	if flags&argsAreWords != 0 {
		n += 2
	}
	switch {
	case flags&haveScale != 0:
		n += 2
	case flags&haveXYScale != 0:
		n += 4
	case flags&haveTwoByTwo != 0:
		n += 8
	}
	return n
}

// stripped is a glyph without its instructions, its components renumbered.
func stripped(data []byte, renum map[uint16]uint16) ([]byte, error) {
	if len(data) == 0 {
		return nil, nil
	}
	if len(data) < 10 {
		return nil, errors.New("glyph header cut short")
	}
	contours := int(int16(be16(data)))
	if contours >= 0 {
		p := 10 + 2*contours
		if p+2 > len(data) {
			return nil, errors.New("simple glyph cut short")
		}
		ins := int(be16(data[p:]))
		if p+2+ins > len(data) {
			return nil, errors.New("instructions out of the glyph")
		}
		out := append(slices.Clone(data[:p]), 0, 0)
		return append(out, data[p+2+ins:]...), nil
	}
	out := slices.Clone(data)
	for p := 10; ; {
		if p+4 > len(out) {
			return nil, errors.New("composite glyph cut short")
		}
		flags := be16(out[p:]) &^ haveInstruction
		binary.BigEndian.PutUint16(out[p:], flags)
		g, ok := renum[be16(out[p+2:])]
		if !ok {
			return nil, errors.New("a component left out of the subset")
		}
		binary.BigEndian.PutUint16(out[p+2:], g)
		p += componentSize(flags)
		if p > len(out) {
			return nil, errors.New("composite glyph cut short")
		}
		if flags&moreComponents == 0 {
			return out[:p], nil
		}
	}
}

// cmapFormat4 is a cmap table of one subtable, platform 3 encoding 1
// (Unicode BMP), format 4: a segment for each run of characters whose glyph
// numbers follow theirs, and the closing segment at U+FFFF.
func cmapFormat4(m map[rune]uint16) ([]byte, error) {
	runes := make([]rune, 0, len(m))
	for r := range m {
		if r >= 0xffff {
			return nil, fmt.Errorf("character %U outside the format 4 cmap", r)
		}
		runes = append(runes, r)
	}
	sort.Slice(runes, func(i, j int) bool { return runes[i] < runes[j] })
	type seg struct {
		start, end rune
		delta      uint16
	}
	var segs []seg
	for _, r := range runes {
		d := m[r] - uint16(r)
		if k := len(segs) - 1; k >= 0 && segs[k].end == r-1 && segs[k].delta == d {
			segs[k].end = r
			continue
		}
		segs = append(segs, seg{r, r, d})
	}
	segs = append(segs, seg{0xffff, 0xffff, 1})
	n := len(segs)
	// searchRange is 2 × the largest power of two not above n.
	searchRange := 2
	for searchRange*2 <= 2*n {
		searchRange *= 2
	}
	entry := 0
	for 1<<(entry+1) <= n {
		entry++
	}
	sub := make([]byte, 0, 16+8*n)
	u16 := func(v uint16) { sub = binary.BigEndian.AppendUint16(sub, v) }
	u16(4)
	u16(uint16(16 + 8*n)) // length
	u16(0)                // language
	u16(uint16(2 * n))
	u16(uint16(searchRange))
	u16(uint16(entry))
	u16(uint16(2*n - searchRange))
	for _, s := range segs {
		u16(uint16(s.end))
	}
	u16(0) // reservedPad
	for _, s := range segs {
		u16(uint16(s.start))
	}
	for _, s := range segs {
		u16(s.delta)
	}
	for range segs {
		u16(0) // idRangeOffset: the deltas say it all
	}
	out := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	return append(out, sub...), nil
}

// nameTable holds the copyright and licence of the Go fonts and the subset's
// names, in the Windows platform's English (United States) records.
func (f *face) nameTable() []byte {
	records := []struct {
		id   uint16
		text string
	}{
		{0, "Copyright (c) 2016 by Bigelow & Holmes Inc.. All rights reserved."},
		{1, "Go"},
		{2, f.name},
		{3, "prunescope: Go " + f.name + " (subset)"},
		{4, "Go " + f.name},
		{5, "Version 2.010; subset without hinting"},
		{6, "Go-" + f.name},
		{13, Notice},
	}
	var strs []byte
	out := []byte{0, 0}
	out = binary.BigEndian.AppendUint16(out, uint16(len(records)))
	out = binary.BigEndian.AppendUint16(out, uint16(6+12*len(records)))
	for _, r := range records {
		var s []byte
		for _, u := range utf16.Encode([]rune(r.text)) {
			s = binary.BigEndian.AppendUint16(s, u)
		}
		for _, v := range []uint16{3, 1, 0x409, r.id, uint16(len(s)), uint16(len(strs))} {
			out = binary.BigEndian.AppendUint16(out, v)
		}
		strs = append(strs, s...)
	}
	return append(out, strs...)
}

// writeSFNT writes a TrueType file of the tables, in the order of their tags,
// with their checksums and the head table's checkSumAdjustment (counted as
// 0 in head's own checksum).
func writeSFNT(tables map[string][]byte) []byte {
	if head := tables["head"]; len(head) >= 12 {
		head = slices.Clone(head)
		binary.BigEndian.PutUint32(head[8:], 0)
		tables["head"] = head
	}
	tags := make([]string, 0, len(tables))
	for t := range tables {
		tags = append(tags, t)
	}
	slices.Sort(tags)
	n := len(tags)
	entry := 0
	for 1<<(entry+1) <= n {
		entry++
	}
	searchRange := 16 << entry
	var out []byte
	out = binary.BigEndian.AppendUint32(out, 0x00010000)
	out = binary.BigEndian.AppendUint16(out, uint16(n))
	out = binary.BigEndian.AppendUint16(out, uint16(searchRange))
	out = binary.BigEndian.AppendUint16(out, uint16(entry))
	out = binary.BigEndian.AppendUint16(out, uint16(16*n-searchRange))
	off := 12 + 16*n
	headAt := 0
	for _, t := range tags {
		data := tables[t]
		out = append(out, t...)
		out = binary.BigEndian.AppendUint32(out, checksum(data))
		out = binary.BigEndian.AppendUint32(out, uint32(off))
		out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
		if t == "head" {
			headAt = off
		}
		off += (len(data) + 3) &^ 3
	}
	for _, t := range tags {
		out = append(out, tables[t]...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	return out
}

// checksum is a table's checksum: the sum of its 32-bit words, the last one
// padded with zeros.
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i < len(b); i += 4 {
		var w [4]byte
		copy(w[:], b[i:])
		sum += binary.BigEndian.Uint32(w[:])
	}
	return sum
}

func pad4(b *bytes.Buffer) {
	for b.Len()%4 != 0 {
		b.WriteByte(0)
	}
}
