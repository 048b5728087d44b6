package tree

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// endless is an input that never ends; it counts what was read of it.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestInputLimit: standard input is read up to MaxInputBytes and no further,
// and refused with one line.
func TestInputLimit(t *testing.T) {
	in := &endless{}
	_, err := Load("-", in)
	want := "stdin: input larger than 64 MiB, the most a toy tree may take"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
	if in.read > MaxInputBytes+1<<20 {
		t.Errorf("%d bytes read from an endless input", in.read)
	}
}

// heapPeak runs f and returns the most heap in use above what was in use
// before, sampled every millisecond, with the collector at Go's default
// (the tests collect less often: internal/testgc), as the program runs.
func heapPeak(f func()) uint64 {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base, peak := m.HeapAlloc, m.HeapAlloc
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		var s runtime.MemStats
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			runtime.ReadMemStats(&s)
			peak = max(peak, s.HeapAlloc)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(stop)
	<-done
	runtime.ReadMemStats(&m)
	return max(peak, m.HeapAlloc) - base
}

// comb writes a tree of exactly nodes nodes: a line as deep as a tree may
// be, each inner node on it with as many leaves as it takes. Its paths are as
// long as paths get: stored in the nodes, they took 2.2 GB for a million.
func comb(nodes int, asJSON bool) []byte {
	depth := maxNesting
	perLevel := (nodes - 1 - depth) / depth // leaves besides the line's node
	extra := nodes - 1 - depth - perLevel*depth
	var b bytes.Buffer
	if asJSON {
		b.WriteString(`{"tree":`)
	}
	for i := 0; i < depth; i++ {
		if asJSON {
			b.WriteString(`{"children":[`)
		} else {
			b.WriteByte('(')
		}
		k := perLevel
		if i == 0 {
			k += extra
		}
		for j := 0; j < k; j++ {
			if asJSON {
				fmt.Fprintf(&b, `{"value":%d},`, j%10)
			} else {
				fmt.Fprintf(&b, "%d ", j%10)
			}
		}
	}
	if asJSON {
		b.WriteString(`{"value":0}`)
		b.WriteString(strings.Repeat("]}", depth))
		b.WriteString("}")
	} else {
		b.WriteString("0")
		b.WriteString(strings.Repeat(")", depth))
	}
	return b.Bytes()
}

// TestNodeLimit: a tree of MaxNodes nodes is read, text or JSON, in well
// under 2 GB (the figures are logged); one node more is refused with one
// line, as soon as the count is passed.
func TestNodeLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("reads two trees of a million nodes")
	}
	for _, asJSON := range []bool{false, true} {
		form, source := "text", "big.txt"
		if asJSON {
			form, source = "JSON", "big.json"
		}
		data := comb(MaxNodes, asJSON)
		var tr *Tree
		var err error
		start := time.Now()
		peak := heapPeak(func() {
			tr, err = parseAny(source, data, asJSON)
		})
		if err != nil {
			t.Fatalf("%s: %v", form, err)
		}
		if n, _ := tr.Count(); n != MaxNodes || tr.Height() != maxNesting {
			t.Fatalf("%s: %d nodes, height %d", form, n, tr.Height())
		}
		t.Logf("%s: %d nodes in %.1f MB: peak heap %d MB, %v", form, MaxNodes, float64(len(data))/(1<<20), peak>>20, time.Since(start).Round(time.Millisecond))
		if peak > 512<<20 {
			t.Errorf("%s: reading %d nodes took %d MB", form, MaxNodes, peak>>20)
		}
		tr = nil
		over := comb(MaxNodes+1, asJSON)
		_, err = parseAny(source, over, asJSON)
		if err == nil || !strings.Contains(err.Error(), "the tree has more than 1000000 nodes, the most a toy tree may have") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: one node more: error %v", form, err)
		}
	}
}

// TestGeneratorsWithinTheNodeLimit: generators make no tree larger than one
// that can be read back (they made up to 2,000,000 nodes).
func TestGeneratorsWithinTheNodeLimit(t *testing.T) {
	for _, gen := range []func(b, d int, lo, hi int64, seed uint64) (*Tree, error){Random, Ordered, Worst} {
		if _, err := gen(4, 10, 0, 1<<21, 1); err == nil || err.Error() != "branching 4 and depth 10 make 1398101 nodes: at most 1000000 are allowed" {
			t.Errorf("1,398,101 nodes generated: %v", err)
		}
	}
}

// TestParseJSONAgrees: the one-pass JSON reader gives the trees and the
// errors of the reader that decoded the whole document first, on valid trees
// and on mutations of them (fields removed, retyped, repeated, unknown; values
// out of range; nesting past the limit; broken syntax).
func TestParseJSONAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	var docs []string
	for seed := range uint64(30) {
		tr, err := Random(1+int(seed%4), 1+int(seed%3), -5, 5, seed)
		if err != nil {
			t.Fatal(err)
		}
		if seed%2 == 0 {
			if err := tr.AddEvals(2, seed); err != nil {
				t.Fatal(err)
			}
		}
		if seed%3 == 0 {
			tr.AddTranspositions(2, seed)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, tr); err != nil {
			t.Fatal(err)
		}
		docs = append(docs, b.String())
	}
	docs = append(docs,
		`{"root": "min", "depth": 2, "tree": {"name": "A", "eval": 3, "children": [{"value": 3, "capture": true, "check": true}, {"value": -3.01, "key": "p1"}, {"children": [{"value": 1}], "pass": true, "promotion": true}]}}`,
		`{"tree": {"name": "héllo", "children": [{"value": 1, "name": "b\u00e9"}, {"value": 2, "key": "\u0061"}]}}`,
		strings.Repeat(`{"children": [`, 1001)+`{"value": 1}`+strings.Repeat(`]}`, 1001),
		`{"tree":`+strings.Repeat(`{"children": [`, 1001)+`{"value": 1}`+strings.Repeat(`]}`, 1001)+`}`,
		`{"tree":`+strings.Repeat(`{"children": [`, 1000)+`{"value": 1}`+strings.Repeat(`]}`, 1000)+`}`,
	)
	replacements := []string{
		`"value"`, `"children"`, `"name"`, `"eval"`, `"key"`, `"pass"`, `"capture"`, `"check"`, `"promotion"`, `"root"`, `"depth"`, `"tree"`, `"vaue"`, `"\u0076alue"`,
		`1`, `-1`, `1.5`, `1.001`, `1e3`, `2000000000`, `"3"`, `"x y"`, `"max"`, `"min"`, `"MAX"`, `true`, `false`, `null`, `[]`, `{}`, `[1]`, `{"value": 1}`, `[{"value": 1}]`,
		`[{"value": 1, "pass": true}]`, `"A"`, `"a<b"`, `0`, `1001`, `"1a"`,
	}
	cases := 0
	check := func(doc string) {
		cases++
		want, wantErr := refParseJSON("t.json", []byte(doc))
		got, gotErr := ParseJSON("t.json", []byte(doc))
		switch {
		case (wantErr == nil) != (gotErr == nil):
			t.Errorf("%s:\n got error %v\nwant error %v", doc, gotErr, wantErr)
		case wantErr != nil && wantErr.Error() != gotErr.Error():
			t.Errorf("%s:\n got %v\nwant %v", doc, gotErr, wantErr)
		case wantErr == nil && (!Equal(want, got) || dump(want, false) != dump(got, false)):
			t.Errorf("%s: trees differ: %s", doc, Diff(want, got))
		}
	}
	tokens := func(doc string) []int { // offsets of the values and keys
		var at []int
		for i := 0; i < len(doc); i++ {
			if c := doc[i]; c == '"' || c == '-' || c == 't' || c == 'f' || c == 'n' || c == '[' || c == '{' || (c >= '0' && c <= '9') {
				if i > 0 && strings.ContainsRune(" :[,{", rune(doc[i-1])) {
					at = append(at, i)
				}
			}
		}
		return at
	}
	valueEnd := func(doc string, i int) int {
		r := &jsonReader{data: []byte(doc), off: i}
		r.skip()
		return r.off
	}
	for _, doc := range docs {
		check(doc)
		at := tokens(doc)
		if len(at) == 0 || !strings.HasPrefix(doc, "{") {
			continue
		}
		n := 60
		if len(doc) > 10<<10 {
			n = 8 // the nestings past the limit: each check reads 12 KB twice
		}
		for range n {
			i := at[rng.IntN(len(at))]
			m := doc[:i] + replacements[rng.IntN(len(replacements))] + doc[valueEnd(doc, i):]
			check(m)
			j := rng.IntN(len(doc))
			check(doc[:j] + doc[j+1:]) // a byte lost: mostly malformed
		}
	}
	if cases < 1000 {
		t.Errorf("only %d cases", cases)
	}
}
