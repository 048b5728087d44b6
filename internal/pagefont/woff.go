//go:build !(js && wasm)

package pagefont

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
)

// woff wraps a TrueType file as WOFF 1.0: the same tables, each compressed
// with zlib where that makes it smaller, behind a header of their sizes and
// checksums. Every browser of the last decade reads it, and Go's standard
// library writes it (WOFF2 needs Brotli).
func woff(ttf []byte) ([]byte, error) {
	if len(ttf) < 12 {
		return nil, errors.New("pagefont: no font to wrap")
	}
	n := int(be16(ttf[4:]))
	type table struct {
		tag          []byte
		sum          uint32
		orig, stored []byte
	}
	tables := make([]table, n)
	total := 12 + 16*n
	// One compressor for every table: making one costs more than
	// compressing a small table.
	w, err := zlib.NewWriterLevel(nil, zlib.BestCompression)
	if err != nil {
		return nil, err
	}
	for i := range n {
		rec := ttf[12+16*i:]
		off, length := int(be32(rec[8:])), int(be32(rec[12:]))
		t := table{tag: rec[:4], sum: be32(rec[4:]), orig: ttf[off : off+length]}
		var z bytes.Buffer
		w.Reset(&z)
		if _, err := w.Write(t.orig); err != nil {
			return nil, err
		}
		if err := w.Close(); err != nil {
			return nil, err
		}
		t.stored = t.orig
		if z.Len() < len(t.orig) {
			t.stored = z.Bytes()
		}
		tables[i] = t
		total += (length + 3) &^ 3
	}
	size := 44 + 20*n
	offsets := make([]int, n)
	for i, t := range tables {
		offsets[i] = size
		size += (len(t.stored) + 3) &^ 3
	}
	out := make([]byte, 0, size)
	u32 := func(v uint32) { out = binary.BigEndian.AppendUint32(out, v) }
	u16 := func(v uint16) { out = binary.BigEndian.AppendUint16(out, v) }
	u32(0x774F4646) // wOFF
	u32(be32(ttf))  // flavor: the TrueType file's version
	u32(uint32(size))
	u16(uint16(n))
	u16(0) // reserved
	u32(uint32(total))
	u16(1) // the font's version, 1.0
	u16(0)
	u32(0) // no metadata
	u32(0)
	u32(0)
	u32(0) // no private data
	u32(0)
	for i, t := range tables {
		out = append(out, t.tag...)
		u32(uint32(offsets[i]))
		u32(uint32(len(t.stored)))
		u32(uint32(len(t.orig)))
		u32(t.sum)
	}
	for _, t := range tables {
		out = append(out, t.stored...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out, nil
}
