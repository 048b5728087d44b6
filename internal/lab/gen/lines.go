package main

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// dropLineTables zeroes the file and line tables of the Go runtime's
// function table (pclntab) in a module whose data segments are merged:
// some 200 KB of the 320 KB of pc-value tables, 117 KB of the gzip'd
// engine. The runtime reads them in one place only (runtime.funcline1, for
// stack traces and runtime.Caller), and a function whose table offset is 0
// has none: a stack trace then shows every frame's function with "?:0" for
// its file and line. The tables the runtime needs to run — the stack
// pointer's (pcsp) and the pc-data tables of stack maps, unsafe points and
// inlining — are kept byte for byte, and the layout of memory is not
// changed: the tables' bytes become zeros, which gzip takes for almost
// nothing.
//
// It reads the layout Go 1.20 to 1.26 write (pcHeader magic 0xfffffff1,
// the _func record of runtime/runtime2.go) and checks every offset it
// follows: a toolchain that writes another layout gets an error, never a
// broken engine.
func dropLineTables(wasm []byte) ([]byte, error) {
	mem, err := newMemory(wasm)
	if err != nil {
		return nil, err
	}
	t, err := findPCTables(mem)
	if err != nil {
		return nil, fmt.Errorf("the runtime's function table: %w", err)
	}
	keep := map[uint32]bool{}
	drop := map[uint32]bool{}
	for _, f := range t.funcs {
		keep[f.pcsp] = true
		for _, o := range f.pcdata {
			keep[o] = true
		}
		drop[f.pcfile], drop[f.pcln] = true, true
	}
	delete(keep, 0)
	delete(drop, 0)
	zero := make([]bool, len(t.pctab))
	for o := range drop {
		n, err := pcTableLen(t.pctab, o)
		if err != nil {
			return nil, err
		}
		for k := o; k < o+n; k++ {
			zero[k] = true
		}
	}
	for o := range keep {
		n, err := pcTableLen(t.pctab, o)
		if err != nil {
			return nil, err
		}
		for k := o; k < o+n; k++ {
			zero[k] = false
		}
	}
	for k, z := range zero {
		if z {
			t.pctab[k] = 0
		}
	}
	for _, f := range t.funcs {
		binary.LittleEndian.PutUint32(f.record[20:], 0) // pcfile
		binary.LittleEndian.PutUint32(f.record[24:], 0) // pcln
	}
	return mem.module(), nil
}

// memory is a module's memory at start, made of its data segments, and
// the module, to write back.
type memory struct {
	wasm  []byte
	image []byte
	segs  []placed
}

// placed is a data segment: its address in memory, and where its bytes
// are in the module.
type placed struct {
	at    int64
	in, n int
}

func newMemory(wasm []byte) (*memory, error) {
	secs, err := sections(wasm)
	if err != nil {
		return nil, err
	}
	for _, sec := range secs {
		if sec.id != 11 {
			continue
		}
		segs, err := dataSegments(sec.body)
		if err != nil {
			return nil, err
		}
		m := &memory{wasm: wasm}
		for _, d := range segs {
			if d.at+int64(len(d.data)) > 1<<32 {
				return nil, errors.New("a data segment lies past 4 GB")
			}
			if end := int(d.at) + len(d.data); end > len(m.image) {
				m.image = append(m.image, make([]byte, end-len(m.image))...)
			}
			copy(m.image[d.at:], d.data)
			m.segs = append(m.segs, placed{d.at, sec.at + d.in, len(d.data)})
		}
		return m, nil
	}
	return nil, errors.New("the module has no data section")
}

// module is the module with its data segments as the image now holds them
// (their places and lengths unchanged).
func (m *memory) module() []byte {
	out := append([]byte(nil), m.wasm...)
	for _, s := range m.segs {
		copy(out[s.in:s.in+s.n], m.image[s.at:])
	}
	return out
}

func (m *memory) u64(at uint64) (uint64, error) {
	if at > uint64(len(m.image)) || uint64(len(m.image))-at < 8 {
		return 0, fmt.Errorf("address %#x is out of memory", at)
	}
	return binary.LittleEndian.Uint64(m.image[at:]), nil
}

// slice is the part of memory [at, at+n), checked.
func (m *memory) slice(at, n uint64) ([]byte, error) {
	if at > uint64(len(m.image)) || n > uint64(len(m.image))-at {
		return nil, fmt.Errorf("%d bytes at %#x are out of memory", n, at)
	}
	return m.image[at : at+n], nil
}

// pcTables are the parts of the runtime's function table dropLineTables
// reads: the pc-value tables and each function's record.
type pcTables struct {
	pctab   []byte
	pctabAt uint64 // its address
	funcs   []funcRecord
}

type funcRecord struct {
	record             []byte // the _func, 44 bytes
	pcsp, pcfile, pcln uint32
	pcdata             []uint32
}

// findPCTables finds the runtime's pcHeader and the module data that
// points at it, and reads every function's record.
func findPCTables(m *memory) (*pcTables, error) {
	var found *pcTables
	for at := 0; at+64 <= len(m.image); at += 8 {
		h := m.image[at:]
		if binary.LittleEndian.Uint32(h) != 0xfffffff1 || h[4] != 0 || h[5] != 0 || h[6] != 1 || h[7] != 8 {
			continue
		}
		t, err := pcTablesAt(m, uint64(at))
		if err != nil {
			continue // the magic number by chance: no module data points here
		}
		if found != nil {
			return nil, errors.New("two headers (pcHeader) with module data")
		}
		found = t
	}
	if found == nil {
		return nil, errors.New("no header (pcHeader, magic 0xfffffff1) with its module data: not the layout of Go 1.20 to 1.26")
	}
	return found, nil
}

func pcTablesAt(m *memory, header uint64) (*pcTables, error) {
	var h [8]uint64 // nfunc, nfiles, textStart, funcname, cu, filetab, pctab, pclntab offsets
	for k := range h {
		v, err := m.u64(header + 8 + 8*uint64(k))
		if err != nil {
			return nil, err
		}
		h[k] = v
	}
	nfunc := h[0]
	// The module data starts with a pointer to the header, then the
	// slices funcnametab, cutab, filetab, pctab, pclntable, ftab.
	var want [8]byte
	binary.LittleEndian.PutUint64(want[:], header)
	for md := 0; md+8*19 <= len(m.image); md += 8 {
		if [8]byte(m.image[md:md+8]) != want {
			continue
		}
		var v [19]uint64
		for k := range v {
			v[k] = binary.LittleEndian.Uint64(m.image[md+8*k:])
		}
		if v[1] != header+h[3] || v[4] != header+h[4] || v[7] != header+h[5] || v[10] != header+h[6] || v[13] != header+h[7] || v[16] != v[13] || v[17] != nfunc+1 {
			continue
		}
		pctab, err := m.slice(v[10], v[11])
		if err != nil {
			return nil, err
		}
		pcln, err := m.slice(v[13], v[14])
		if err != nil {
			return nil, err
		}
		t := &pcTables{pctab: pctab, pctabAt: v[10]}
		if nfunc > uint64(len(pcln))/8 {
			return nil, errors.New("more functions than the function table holds")
		}
		for f := uint64(0); f < nfunc; f++ {
			off := uint64(binary.LittleEndian.Uint32(pcln[8*f+4:]))
			if off > uint64(len(pcln)) || uint64(len(pcln))-off < 44 {
				return nil, fmt.Errorf("function %d's record is out of the table", f)
			}
			rec := pcln[off : off+44]
			r := funcRecord{
				record: rec,
				pcsp:   binary.LittleEndian.Uint32(rec[16:]),
				pcfile: binary.LittleEndian.Uint32(rec[20:]),
				pcln:   binary.LittleEndian.Uint32(rec[24:]),
			}
			npcdata := uint64(binary.LittleEndian.Uint32(rec[28:]))
			if name := uint64(binary.LittleEndian.Uint32(rec[4:])); name >= v[2] || npcdata > 16 || uint64(len(pcln))-off < 44+4*npcdata {
				return nil, fmt.Errorf("function %d's record is not a _func of Go 1.20 to 1.26", f)
			}
			for k := uint64(0); k < npcdata; k++ {
				r.pcdata = append(r.pcdata, binary.LittleEndian.Uint32(pcln[off+44+4*k:]))
			}
			for _, o := range append([]uint32{r.pcsp, r.pcfile, r.pcln}, r.pcdata...) {
				if uint64(o) >= uint64(len(pctab)) {
					return nil, fmt.Errorf("function %d: a pc-value table's offset is out of pctab", f)
				}
			}
			t.funcs = append(t.funcs, r)
		}
		return t, nil
	}
	return nil, errors.New("no module data points at the header")
}

// pcTableLen is the length of the pc-value table at off in pctab: pairs of
// varints (value delta, pc delta), ended by a value delta of 0 after the
// first pair (runtime.step).
func pcTableLen(pctab []byte, off uint32) (uint32, error) {
	k := int(off)
	varint := func() error {
		for ; k < len(pctab); k++ {
			if pctab[k]&0x80 == 0 {
				k++
				return nil
			}
		}
		return fmt.Errorf("the pc-value table at %d runs past pctab", off)
	}
	for first := true; ; first = false {
		if k >= len(pctab) {
			return 0, fmt.Errorf("the pc-value table at %d runs past pctab", off)
		}
		if pctab[k] == 0 && !first {
			return uint32(k + 1 - int(off)), nil
		}
		if err := varint(); err != nil {
			return 0, err
		}
		if err := varint(); err != nil {
			return 0, err
		}
	}
}
