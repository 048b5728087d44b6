package main

import (
	"errors"
	"fmt"
)

// The Go linker writes a WebAssembly module's data section as many small
// segments: it leaves out every run of eight or more zero bytes and starts
// a new segment after it (the engine has some 66,000). That makes the raw
// file smaller, but each segment costs a header of about eight bytes that
// compresses badly, while a run of zeros costs gzip almost nothing.
// mergeSegments joins segments whose gap is at most maxGap bytes, writing
// the gap's zeros out: memory is zero before the segments are copied into
// it, so the module's memory at start is byte for byte the same, and the
// gzip'd engine is some 120 KB smaller (docs/performance.md, "Lab engine
// size").
func mergeSegments(wasm []byte, maxGap int) ([]byte, error) {
	secs, err := sections(wasm)
	if err != nil {
		return nil, err
	}
	out := append([]byte(nil), wasm[:8]...)
	for _, sec := range secs {
		body := sec.body
		switch sec.id {
		case 11: // data
			merged, err := mergeData(body, maxGap)
			if err != nil {
				return nil, err
			}
			body = merged
		case 12: // data count: the number of segments changes
			return nil, errors.New("the module has a data count section: mergeSegments would have to rewrite it")
		}
		out = append(out, sec.id)
		out = appendU(out, uint64(len(body)))
		out = append(out, body...)
	}
	return out, nil
}

// section is a section of a module: its id, where its body starts in the
// module, its body.
type section struct {
	id   byte
	at   int
	body []byte
}

// sections are a module's sections, in order.
func sections(wasm []byte) ([]section, error) {
	if len(wasm) < 8 || string(wasm[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	var out []section
	for i := 8; i < len(wasm); {
		id := wasm[i]
		i++
		n, err := readU(wasm, &i)
		if err != nil {
			return nil, err
		}
		if n > uint64(len(wasm)-i) {
			return nil, fmt.Errorf("section %d runs past the end of the module", id)
		}
		out = append(out, section{id, i, wasm[i : i+int(n)]})
		i += int(n)
	}
	return out, nil
}

type segment struct {
	at   int64
	data []byte
}

// dataSegment is a segment of a data section: where it goes in memory,
// where its bytes start in the section, its bytes.
type dataSegment struct {
	at   int64
	in   int
	data []byte
}

// dataSegments reads a data section's segments (active segments of memory
// 0 with a constant offset, as the Go linker writes them).
func dataSegments(sec []byte) ([]dataSegment, error) {
	j := 0
	count, err := readU(sec, &j)
	if err != nil {
		return nil, err
	}
	var out []dataSegment
	for k := uint64(0); k < count; k++ {
		kind, err := readU(sec, &j)
		if err != nil {
			return nil, err
		}
		if kind != 0 || j >= len(sec) || sec[j] != 0x41 { // active, memory 0, i32.const
			return nil, fmt.Errorf("data segment %d is not an active segment at a constant offset", k)
		}
		j++
		at, err := readS(sec, &j)
		if err != nil {
			return nil, err
		}
		if j >= len(sec) || sec[j] != 0x0b { // end
			return nil, fmt.Errorf("data segment %d: its offset is not a constant", k)
		}
		j++
		n, err := readU(sec, &j)
		if err != nil {
			return nil, err
		}
		if n > uint64(len(sec)-j) || at < 0 {
			return nil, fmt.Errorf("data segment %d runs past the section's end", k)
		}
		out = append(out, dataSegment{at, j, sec[j : j+int(n)]})
		j += int(n)
	}
	if j != len(sec) {
		return nil, errors.New("the data section has bytes after its last segment")
	}
	return out, nil
}

// mergeData rewrites a data section, its segments joined across gaps of
// at most maxGap bytes (zeros in the joined segment).
func mergeData(sec []byte, maxGap int) ([]byte, error) {
	read, err := dataSegments(sec)
	if err != nil {
		return nil, err
	}
	var segs []segment
	for _, r := range read {
		if last := len(segs) - 1; last >= 0 {
			end := segs[last].at + int64(len(segs[last].data))
			if gap := r.at - end; gap >= 0 && gap <= int64(maxGap) {
				segs[last].data = append(append(segs[last].data, make([]byte, gap)...), r.data...)
				continue
			}
		}
		segs = append(segs, segment{r.at, append([]byte(nil), r.data...)})
	}
	out := appendU(nil, uint64(len(segs)))
	for _, s := range segs {
		out = append(out, 0, 0x41)
		out = appendS(out, s.at)
		out = append(out, 0x0b)
		out = appendU(out, uint64(len(s.data)))
		out = append(out, s.data...)
	}
	return out, nil
}

var errLEB = errors.New("a LEB128 number runs past the end of the module")

func readU(b []byte, i *int) (uint64, error) {
	var v uint64
	for shift := uint(0); shift < 64; shift += 7 {
		if *i >= len(b) {
			return 0, errLEB
		}
		c := b[*i]
		*i++
		v |= uint64(c&0x7f) << shift
		if c&0x80 == 0 {
			return v, nil
		}
	}
	return 0, errLEB
}

func readS(b []byte, i *int) (int64, error) {
	var v int64
	for shift := uint(0); shift < 64; {
		if *i >= len(b) {
			return 0, errLEB
		}
		c := b[*i]
		*i++
		v |= int64(c&0x7f) << shift
		shift += 7
		if c&0x80 == 0 {
			if shift < 64 && c&0x40 != 0 {
				v |= -1 << shift
			}
			return v, nil
		}
	}
	return 0, errLEB
}

func appendU(b []byte, v uint64) []byte {
	for {
		c := byte(v & 0x7f)
		if v >>= 7; v == 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}

func appendS(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if v == 0 && c&0x40 == 0 || v == -1 && c&0x40 != 0 {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
