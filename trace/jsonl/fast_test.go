package jsonl

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// traceLines are the lines of every JSON Lines trace the repository holds
// (prunescope's goldens and checks' traces, and students' traces).
func traceLines(t testing.TB) [][]byte {
	t.Helper()
	var lines [][]byte
	err := filepath.WalkDir("../..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			for _, l := range bytes.Split(data, []byte("\n")) {
				if len(bytes.TrimSpace(l)) > 0 {
					lines = append(lines, l)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 500 {
		t.Fatalf("only %d trace lines found in the repository", len(lines))
	}
	return lines
}

// sameAsJSON fails unless fastWire, where it takes line, fills the wire
// json.Unmarshal fills.
func sameAsJSON(t *testing.T, line []byte) bool {
	t.Helper()
	var fast wire
	if !fastWire(line, &fast) {
		return false
	}
	var slow wire
	if err := json.Unmarshal(line, &slow); err != nil {
		t.Fatalf("fastWire took %q, which encoding/json refuses: %v", line, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q:\nfastWire     %+v\nencoding/json %+v", line, fast, slow)
	}
	return true
}

// TestFastWireIsJSON: on every trace line the repository holds, and on
// variants of them made to trip a hand-written reader (spaces, escapes,
// nulls, names in other cases or twice, numbers JSON writes otherwise or
// does not allow, cut lines), fastWire fills what encoding/json does
// wherever it takes a line; and it takes the events of a search, so that
// the fast road is the one they travel.
func TestFastWireIsJSON(t *testing.T) {
	lines := traceLines(t)
	taken, events := 0, 0
	for _, l := range lines {
		ev := bytes.HasPrefix(l, []byte(`{"seq":`)) && !bytes.Contains(l, []byte(`"ev":"start"`)) && !bytes.Contains(l, []byte(`"ev":"done"`)) && !bytes.Contains(l, []byte(`"ev":"iter"`)) && !bytes.ContainsAny(l, "[\\")
		if ev {
			events++
		}
		if sameAsJSON(t, l) && ev {
			taken++
		}
		for _, v := range variants(l) {
			sameAsJSON(t, v)
		}
	}
	if taken < events*9/10 {
		t.Errorf("fastWire took %d of the %d plain events' lines", taken, events)
	}
}

// variants are lines like l, each changed in one way.
func variants(l []byte) [][]byte {
	s := string(l)
	var out []string
	for _, r := range [][2]string{
		{`,"`, ` , "`}, {`":`, `" : `}, {`{`, "{\t"}, {`}`, " }\r\n"},
		{`"seq":`, `"Seq":`}, {`"node":`, `"node":null,"node":`}, {`"ply":`, `"ply":1,"ply":`},
		{`"path":"`, `"path":"\u00e9`}, {`"path":"`, `"path":"\\n`}, {`"path":"`, `"path":"é`}, {`"path":"`, "\"path\":\"\xff"},
		{`"alpha":`, `"alpha":1.5e1,"x":`}, {`"value":`, `"value":-0.0,"y":`}, {`"value":`, `"value":01,"z":`},
		{`"depth":`, `"depth":2.0,"w":`}, {`"depth":`, `"depth":-0,"v":`}, {`"seq":`, `"seq":99999999999999999999,"u":`},
		{`"chance":`, `"chance":"true","t":`}, {`"side":"`, `"side":"x`}, {`"move":"`, `"move":"♞`},
		{`"ev":`, `"ev":true,"s":`}, {`}`, `},`}, {`}`, `}}`}, {`{`, `[{`},
	} {
		if strings.Contains(s, r[0]) {
			out = append(out, strings.Replace(s, r[0], r[1], 1))
		}
	}
	for _, cut := range []int{1, len(s) / 2, len(s) - 1} {
		if cut > 0 && cut < len(s) {
			out = append(out, s[:cut])
		}
	}
	b := make([][]byte, len(out))
	for i, v := range out {
		b[i] = []byte(v)
	}
	return b
}

// FuzzFastWire: whatever line fastWire takes, encoding/json reads the
// same.
func FuzzFastWire(f *testing.F) {
	for _, l := range traceLines(f) {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		sameAsJSON(t, line)
	})
}

// BenchmarkWire reads the lines of prunescope's traces in the repository
// into wire as decode does (fastWire, else encoding/json) and by
// encoding/json alone, the road every line took before, side by side.
func BenchmarkWire(b *testing.B) {
	var lines [][]byte
	for _, l := range traceLines(b) {
		if bytes.HasPrefix(l, []byte(`{"seq":`)) {
			lines = append(lines, l)
		}
	}
	for _, road := range []struct {
		name string
		read func([]byte, *wire) bool
	}{
		{"decode", func(l []byte, w *wire) bool { return fastWire(l, w) || json.Unmarshal(l, w) == nil }},
		{"encoding-json", func(l []byte, w *wire) bool { return json.Unmarshal(l, w) == nil }},
	} {
		b.Run(road.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				var w wire
				if !road.read(lines[n%len(lines)], &w) {
					b.Fatalf("%s refused %q", road.name, lines[n%len(lines)])
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "lines/s")
		})
	}
}
