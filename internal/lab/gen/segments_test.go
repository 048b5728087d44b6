package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"math/rand/v2"
	"os"
	"testing"
)

// module is a WebAssembly module with a custom section before and after a
// data section holding segs, as the Go linker writes them.
func module(segs []segment) []byte {
	data := appendU(nil, uint64(len(segs)))
	for _, s := range segs {
		data = append(data, 0, 0x41)
		data = appendS(data, s.at)
		data = append(data, 0x0b)
		data = appendU(data, uint64(len(s.data)))
		data = append(data, s.data...)
	}
	m := []byte("\x00asm\x01\x00\x00\x00")
	custom := append(appendU(nil, 4), "name"...)
	m = append(append(append(m, 0), appendU(nil, uint64(len(custom)))...), custom...)
	m = append(append(append(m, 11), appendU(nil, uint64(len(data)))...), data...)
	m = append(append(append(m, 0), appendU(nil, uint64(len(custom)))...), custom...)
	return m
}

// memoryOf is the memory a module's data segments make at start, and the
// number of segments.
func memoryOf(t *testing.T, wasm []byte) ([]byte, int) {
	t.Helper()
	var mem []byte
	count := 0
	for i := 8; i < len(wasm); {
		id := wasm[i]
		i++
		n, err := readU(wasm, &i)
		if err != nil {
			t.Fatal(err)
		}
		sec := wasm[i : i+int(n)]
		i += int(n)
		if id != 11 {
			continue
		}
		j := 0
		c, _ := readU(sec, &j)
		count = int(c)
		for range count {
			readU(sec, &j)
			j++
			at, _ := readS(sec, &j)
			j++
			l, _ := readU(sec, &j)
			if end := int(at) + int(l); end > len(mem) {
				mem = append(mem, make([]byte, end-len(mem))...)
			}
			copy(mem[at:], sec[j:j+int(l)])
			j += int(l)
		}
	}
	return mem, count
}

func TestMergeSegmentsKeepsMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 50 {
		var segs []segment
		at := int64(rng.IntN(70000)) // offsets of one to three LEB128 bytes, and more
		for range 1 + rng.IntN(200) {
			data := make([]byte, 1+rng.IntN(40))
			for k := range data {
				data[k] = byte(1 + rng.IntN(255))
			}
			segs = append(segs, segment{at, data})
			gaps := []int64{8, 9, 100, 1023, 1024, 1025, 5000, 1 << 16}
			at += int64(len(data)) + gaps[rng.IntN(len(gaps))]
		}
		in := module(segs)
		out, err := mergeSegments(in, 1024)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		memIn, nIn := memoryOf(t, in)
		memOut, nOut := memoryOf(t, out)
		if !bytes.Equal(memIn, memOut) {
			t.Fatalf("trial %d: the memory at start differs after merging", trial)
		}
		// Segments stay apart only across gaps longer than 1024 bytes.
		want := 1
		for k := 1; k < len(segs); k++ {
			if segs[k].at-(segs[k-1].at+int64(len(segs[k-1].data))) > 1024 {
				want++
			}
		}
		if nIn != len(segs) || nOut != want {
			t.Fatalf("trial %d: %d segments became %d, want %d", trial, nIn, nOut, want)
		}
		// The sections around the data section are kept as they were.
		if !bytes.Equal(in[:8+6], out[:8+6]) || !bytes.Equal(in[len(in)-6:], out[len(out)-6:]) {
			t.Fatalf("trial %d: the other sections changed", trial)
		}
	}
}

func TestMergeSegmentsRefusesWhatItCannotRead(t *testing.T) {
	good := module([]segment{{16, []byte{1, 2, 3}}, {40, []byte{4}}})
	for name, wasm := range map[string][]byte{
		"empty":          nil,
		"not wasm":       []byte("\x7fELF\x02\x01\x01\x00"),
		"cut short":      good[:len(good)-10],
		"data count":     append(append([]byte(nil), good...), 12, 1, 2),
		"passive":        []byte("\x00asm\x01\x00\x00\x00\x0b\x04\x01\x01\x01\x07"),
		"section length": append([]byte("\x00asm\x01\x00\x00\x00"), 11, 0xff, 0xff, 0xff, 0x0f),
	} {
		if _, err := mergeSegments(wasm, 1024); err == nil {
			t.Errorf("%s: merged without an error", name)
		}
	}
}

// TestEngineIsMerged checks that the engine built and committed went
// through mergeSegments: a few segments, not the linker's tens of
// thousands.
func TestEngineIsMerged(t *testing.T) {
	f, err := os.Open("../engine.wasm.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if _, n := memoryOf(t, wasm); n == 0 || n > 100 {
		t.Fatalf("engine.wasm.gz has %d data segments: build it with go generate ./internal/lab", n)
	}
}
