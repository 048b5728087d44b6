package jsonl

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
)

// sample is a small run with every field the writer knows.
func sample(scale int64) []*trace.Event {
	info := &trace.Info{Game: "tree", Input: "x", Algo: "alphabeta", Fail: "hard", Cutoff: "ge", Root: "min", Scale: scale, Depth: 2, Options: []string{"null move R=2"}}
	sub := &trace.Subtree{Move: "2.2", Path: "2.2", Max: false, Children: []*trace.Subtree{
		{Move: "2.2.1", Path: "2.2.1", Max: true, Leaf: true, Value: -301},
		{Move: "2.2.2", Path: "2.2.2", Max: true, Below: 12},
	}}
	counts := [trace.NumKinds]int64{}
	counts[trace.Enter], counts[trace.Leaf], counts[trace.Cutoff] = 3, 1, 1
	return []*trace.Event{
		{Kind: trace.Start, Depth: 2, Info: info},
		{Kind: trace.Enter, Depth: 2, Max: false, Has: trace.HasWindow, Alpha: -score.Inf, Beta: score.Inf},
		{Kind: trace.Enter, Node: 1, Parent: 0, Path: "A \"quoted\" <b>&", Ply: 1, Depth: 1, Max: true, Move: "Nf3\n", Has: trace.HasParent | trace.HasWindow, Alpha: 250, Beta: score.Inf},
		{Kind: trace.Leaf, Node: 1, Parent: 0, Path: "1", Ply: 1, Depth: 0, Has: trace.HasParent | trace.HasValue, Value: -1250, Reason: "static"},
		{Kind: trace.Exit, Node: 1, Parent: 0, Path: "1", Ply: 1, Depth: 0, Has: trace.HasParent | trace.HasValue, Value: 5, Bound: score.Lower},
		{Kind: trace.Cutoff, Node: 0, Depth: 2, Has: trace.HasValue | trace.HasWindow, Value: 5, Alpha: 1, Beta: 5, Move: "1", Reason: "beta",
			Pruned: []string{"2.2", "é→∞"}, Unsearched: []*trace.Subtree{sub}, Detail: "tab\there"},
		{Kind: trace.Exit, Node: 0, Depth: 2, Has: trace.HasValue, Value: 5, Bound: score.Lower},
		{Kind: trace.Done, Depth: 2, Has: trace.HasValue, Value: 5, Summary: &trace.Summary{Value: 5, Best: "1", PV: []string{"1"}, Nodes: 3, Leaves: 1, Counts: counts}},
	}
}

func encode(t *testing.T, evs []*trace.Event) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for i, e := range evs {
		e.Seq = int64(i)
		if err := w.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// decode reads the events of data back, failing the test unless the reader
// takes them all and finds n.
func decode(t *testing.T, data []byte, n int) []*trace.Event {
	t.Helper()
	var got []*trace.Event
	if err := ReadAll(bytes.NewReader(data), "t.jsonl", func(e *trace.Event) error {
		got = append(got, e)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != n {
		t.Fatalf("read %d events, wrote %d", len(got), n)
	}
	return got
}

func TestRoundTrip(t *testing.T) {
	for _, scale := range []int64{1, 100} {
		evs := sample(scale)
		got := decode(t, encode(t, evs), len(evs))
		for i := range evs {
			want := *evs[i]
			if want.Kind == trace.Done { // the reader takes the value into the summary too
				want.Summary.Value = want.Value
			}
			// Control characters come back escaped (TestReadEscapesControls).
			want.Move = strings.ReplaceAll(want.Move, "\n", `\x0a`)
			want.Detail = strings.ReplaceAll(want.Detail, "\t", `\x09`)
			if !reflect.DeepEqual(*got[i], want) {
				t.Errorf("scale %d event %d:\n got %+v\nwant %+v", scale, i, *got[i], want)
			}
		}
	}
}

// TestReadEscapesControls: the text of a trace read from a file (paths,
// moves, names, details, the run's description, the principal variation,
// the moves a cutoff left) comes with its control characters escaped, so
// that step, render and the errors that quote it show them inert: a trace
// holding ESC[2J cleared the screen of whoever stepped through it.
func TestReadEscapesControls(t *testing.T) {
	const esc = `\u001b[2J`
	data := `{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":1,"game":"tree","input":"x` + esc + `","algo":"alphabeta","max_name":"M` + esc + `","min_name":"m\u009b","options":["o` + esc + `"]}
{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":1,"side":"max","alpha":"-inf","beta":"inf"}
{"seq":2,"ev":"enter","node":1,"parent":0,"path":"p` + esc + `","ply":1,"depth":0,"side":"min","alpha":"-inf","beta":"inf","move":"m` + esc + `"}
{"seq":3,"ev":"leaf","node":1,"parent":0,"path":"p` + esc + `","ply":1,"depth":0,"side":"min","value":1,"reason":"static","detail":"d\u202e"}
{"seq":4,"ev":"exit","node":1,"parent":0,"path":"p` + esc + `","ply":1,"depth":0,"side":"min","alpha":"-inf","beta":"inf","value":1,"bound":"exact"}
{"seq":5,"ev":"cutoff","node":0,"path":"","ply":0,"depth":1,"side":"max","alpha":1,"beta":1,"value":1,"move":"m` + esc + `","reason":"beta","pruned":["q` + esc + `"],"unsearched":[{"move":"q` + esc + `","path":"q\u0007","side":"min","value":2}]}
{"seq":6,"ev":"exit","node":0,"path":"","ply":0,"depth":1,"side":"max","alpha":"-inf","beta":"inf","value":1,"bound":"lower"}
{"seq":7,"ev":"done","node":0,"path":"","ply":0,"depth":1,"value":1,"best":"m` + esc + `","pv":["m` + esc + `"],"nodes":2,"leaves":1,"stopped":""}
`
	var text []string
	if err := ReadAll(strings.NewReader(data), "t.jsonl", func(e *trace.Event) error {
		text = append(text, e.Path, e.Move, e.Detail)
		text = append(text, e.Pruned...)
		for _, u := range e.Unsearched {
			text = append(text, u.Move, u.Path)
		}
		if in := e.Info; in != nil {
			text = append(append(text, in.Input, in.MaxName, in.MinName), in.Options...)
		}
		if s := e.Summary; s != nil {
			text = append(append(text, s.Best), s.PV...)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	escaped := 0
	for _, s := range text {
		if strings.ContainsAny(s, "\x1b\x07\u009b\u202e") {
			t.Errorf("%q holds a control character", s)
		}
		if strings.Contains(s, `\x1b[2J`) || strings.Contains(s, `\u`) || strings.Contains(s, `\x07`) {
			escaped++
		}
	}
	if escaped != 15 {
		t.Errorf("%d texts escaped, want 15: %q", escaped, text)
	}
}

func TestValuesAsWritten(t *testing.T) {
	data := string(encode(t, sample(100)))
	for _, want := range []string{`"alpha":"-inf","beta":"inf"`, `"alpha":2.5,`, `"value":-12.5,"reason":"static"`, `"value":0.05,"bound":"lower"`, `"value":-3.01}`, `"path":"A \"quoted\" \u003cb\u003e\u0026"`, `"move":"Nf3\n"`, `"pruned":["2.2","é→∞"]`} {
		if !strings.Contains(data, want) {
			t.Errorf("trace lacks %s:\n%s", want, data)
		}
	}
	if n := strings.Count(data, "\n"); n != 8 {
		t.Errorf("%d lines, want 8", n)
	}
}

func TestReadErrors(t *testing.T) {
	start := `{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"scale":100}` + "\n"
	cases := map[string]string{
		"":           "t:1: the trace is empty",
		"not json\n": `t:1: not a JSON object: invalid character 'o' in literal null (expecting 'u')`,
		`{"seq":0,"ev":"enter","node":0,"path":"","ply":0}`:                                                                                                         `t:1: missing field "depth"`,
		`{"seq":0,"ev":"jump","node":0,"path":"","ply":0,"depth":1}`:                                                                                                `t:1: unknown event kind "jump"`,
		`{"seq":3,"ev":"enter","node":0,"path":"","ply":0,"depth":1}`:                                                                                               `t:1: seq 3 follows seq -1 (events must be numbered 0, 1, 2, ...)`,
		start + `{"seq":1,"ev":"leaf","node":0,"path":"","ply":0,"depth":1,"value":1.234}`:                                                                          `t:2: field "value": 1.234 is not a value (a number with at most two decimals, or "inf"/"-inf")`,
		start + `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":1,"alpha":1}`:                                                                             `t:2: a window needs both alpha and beta`,
		start + `{"seq":1,"ev":"exit","node":0,"path":"","ply":0,"depth":1,"bound":"tight"}`:                                                                        `t:2: field "bound": "tight" is not exact, lower or upper`,
		start + `{"seq":1,"ev":"start","node":0,"path":"","ply":0,"depth":1}`:                                                                                       `t:2: start must be the first event`,
		start + `{"seq":1,"ev":"done","node":0,"path":"","ply":0,"depth":1}` + "\n" + `{"seq":2,"ev":"enter","node":0,"path":"","ply":0,"depth":1}`:                 `t:3: event after the done event`,
		`{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"scale":1}` + "\n" + `{"seq":1,"ev":"leaf","node":0,"path":"","ply":0,"depth":1,"value":"big"}`: `t:2: field "value": "big" is not a value (a number with at most no decimals, or "inf"/"-inf")`,
	}
	for in, want := range cases {
		err := ReadAll(strings.NewReader(in), "t", func(*trace.Event) error { return nil })
		if err == nil || err.Error() != want {
			t.Errorf("%q:\n got %v\nwant %s", in, err, want)
		}
		var re *ReadError
		if err != nil && !errors.As(err, &re) {
			t.Errorf("%q: error is not a *ReadError", in)
		}
	}
}

// TestReadRefusesBrokenContract: every rule of the contract the step player
// and the recorder rely on is checked, and a line that breaks it is named.
func TestReadRefusesBrokenContract(t *testing.T) {
	lines := func(ls ...string) string { return strings.Join(ls, "\n") + "\n" }
	start := `{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"scale":1}`
	root := `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"side":"max"}`
	child := `{"seq":2,"ev":"enter","node":1,"parent":0,"path":"1","ply":1,"depth":1,"side":"min"}`
	exitChild := `{"seq":3,"ev":"exit","node":1,"parent":0,"path":"1","ply":1,"depth":1,"side":"min","value":3,"bound":"exact"}`
	exitRoot := `{"seq":4,"ev":"exit","node":0,"path":"","ply":0,"depth":2,"side":"max","value":3,"bound":"exact"}`
	cases := []struct{ in, want string }{
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":-1,"depth":2}`), `t:2: field "ply": -1 is negative`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":5000,"depth":2}`), `t:2: field "ply": 5000 is deeper than 4096`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":-5000}`), `t:2: field "depth": -5000 is beyond ±4096`},
		{lines(start, root, `{"seq":2,"ev":"reduce","node":0,"path":"","ply":0,"depth":2,"to":99999}`), `t:3: field "to": 99999 is beyond ±4096`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":3,"depth":2}`), `t:2: enter: node 0 has ply 3, but no node is open: a root has ply 0`},
		{lines(start, `{"seq":1,"ev":"enter","node":4,"path":"","ply":0,"depth":2}`), `t:2: enter: node 4 is out of order: the next node entered is 0`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"parent":7,"path":"","ply":0,"depth":2}`), `t:2: enter: node 0 at ply 0 names parent 7: a root has none`},
		{lines(start, root, `{"seq":2,"ev":"enter","node":1,"parent":0,"path":"1","ply":2,"depth":1}`), `t:3: enter: node 1 has ply 2, but its parent 0 has ply 0: a child is one ply deeper`},
		{lines(start, root, `{"seq":2,"ev":"enter","node":1,"path":"1","ply":1,"depth":1}`), `t:3: enter: node 1 at ply 1 names no parent (node 0 is open)`},
		{lines(start, root, child, `{"seq":3,"ev":"enter","node":2,"parent":0,"path":"1.1","ply":2,"depth":0}`), `t:4: enter: node 2 names parent 0, but the innermost open node is 1`},
		{lines(start, root, child, `{"seq":3,"ev":"exit","node":0,"path":"","ply":0,"depth":2,"value":3}`), `t:4: exit: node 0 is not the innermost open node (1)`},
		{lines(start, `{"seq":1,"ev":"exit","node":0,"path":"","ply":0,"depth":2,"value":3}`), `t:2: exit: node 0 is not open: no node is`},
		{lines(start, root, child, `{"seq":3,"ev":"exit","node":1,"parent":0,"path":"1","ply":0,"depth":1}`), `t:4: exit: node 1 has ply 0, but it was entered at ply 1`},
		{lines(start, root, child, `{"seq":3,"ev":"leaf","node":1,"parent":5,"path":"1","ply":1,"depth":0,"value":3}`), `t:4: leaf: node 1 names parent 5, but its parent is 0`},
		{lines(start, root, `{"seq":2,"ev":"cutoff","node":0,"parent":0,"path":"","ply":0,"depth":2}`), `t:3: cutoff: node 0 names parent 0, but it is a root`},
		{lines(start, root, child, exitChild, `{"seq":4,"ev":"leaf","node":1,"parent":0,"path":"1","ply":1,"depth":0,"value":3}`), `t:5: leaf: node 1 is not the innermost open node (0)`},
		{lines(start, root, child, exitChild, exitRoot, `{"seq":5,"ev":"tt_store","node":1,"parent":0,"path":"1","ply":1,"depth":1}`), `t:6: tt_store: node 1 is not the node that exited last (0)`},
		{lines(start, root, `{"seq":2,"ev":"tt_store","node":0,"path":"","ply":0,"depth":2}`), `t:3: tt_store: node 0: no node has exited yet`},
		{lines(start, root, `{"seq":2,"ev":"tt_hit","node":0,"path":"","ply":0,"depth":2,"ref":0}`), `t:3: tt_hit: ref 0 is not a node entered before node 0`},
		{lines(start, root, `{"seq":2,"ev":"iter","node":0,"path":"","ply":0,"depth":1}`), `t:3: iter: node 0 is still open: an iteration or a window pass is over when the root is left`},
		{lines(start, `{"seq":1,"ev":"window","node":0,"path":"","ply":0,"depth":1}`), `t:2: window: no root was entered`},
		{lines(start, root, child, exitChild, exitRoot, `{"seq":5,"ev":"iter","node":1,"path":"","ply":0,"depth":1}`), `t:6: iter: node 1 is not the root visited last (0)`},
		{lines(start, root, `{"seq":2,"ev":"done","node":0,"path":"","ply":0,"depth":2}`), `t:3: done: node 0 is still open, and the search does not say it stopped ("stopped")`},
		{lines(start, `{"seq":1,"ev":"done","node":3,"path":"","ply":0,"depth":2}`), `t:2: done: node 3, but no node was entered`},
		{lines(start, root, `{"seq":2,"ev":"cutoff","node":0,"path":"","ply":0,"depth":2,"unsearched":[null]}`), `t:3: field "unsearched": null where a subtree belongs`},
		{lines(start, root, `{"seq":2,"ev":"cutoff","node":0,"path":"","ply":0,"depth":2,"unsearched":[{"side":"both"}]}`), `t:3: field "unsearched": side "both" is not max or min`},
		{lines(start, root, `{"seq":2,"ev":"cutoff","node":0,"path":"","ply":0,"depth":2,"pruned":[1]}`), `t:3: field "pruned": not a list of strings`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"alpha":5,"beta":-5}`), `t:2: the window (5, -5) is upside down: alpha is above beta`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"alpha":"-inf","beta":999999999999999}`), `t:2: field "beta": 999999999999999 is too large for a finite value`},
		{lines(start, `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"side":"maximum"}`), `t:2: field "side": "maximum" is not max or min`},
		{lines(`{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"scale":-7}`), `t:1: field "scale": -7 is not between 1 and 1000000000000`},
		{lines(`{"seq":0,"ev":"` + strings.Repeat("x", 100) + `","node":0,"path":"","ply":0,"depth":2}`), `t:1: unknown event kind "` + strings.Repeat("x", 40) + `"…`},
	}
	for _, c := range cases {
		rd := NewReader(strings.NewReader(c.in), "t")
		var err error
		for err == nil {
			_, err = rd.Next()
		}
		if err.Error() != c.want {
			t.Errorf("%s\n got %v\nwant %s", c.in, err, c.want)
		}
		if _, again := rd.Next(); again != err {
			t.Errorf("%s\nafter %v, the reader goes on: %v", c.in, err, again)
		}
	}
}

// TestReadLimits: a line, a list or a set of unsearched subtrees too long
// is refused before it is decoded.
func TestReadLimits(t *testing.T) {
	line, list := maxLine, maxList
	defer func() { maxLine, maxList = line, list }()
	maxLine, maxList = 200, 3
	start := `{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"scale":1}` + "\n"
	root := `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"side":"max"}` + "\n"
	cut := `{"seq":2,"ev":"cutoff","node":0,"path":"","ply":0,"depth":2,"side":"max",`
	cases := map[string]string{
		start + `{"seq":1,"ev":"enter","node":0,"path":"` + strings.Repeat("a", 300) + `","ply":0,"depth":2}` + "\n": `t:2: the line is longer than 200 bytes`,
		start + root + cut + `"pruned":["a","b","c","d"]}`:                                                           `t:3: field "pruned": more than 3 names`,
		start + root + cut + `"pruned":["a,b","c]","d"]}`:                                                            "",
		start + root + cut + `"unsearched":[{"children":[{},{}]},{}]}`:                                               `t:3: field "unsearched": more than 3 nodes`,
		start + root + cut + `"unsearched":[{"children":[{"move":"{{{"}]}]}`:                                         "",
		`{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"options":["a","b","c","d"]}`:                    `t:1: field "options": more than 3 names`,
	}
	for in, want := range cases {
		err := ReadAll(strings.NewReader(in), "t", func(*trace.Event) error { return nil })
		if got := fmt.Sprint(err); (err == nil && want != "") || (err != nil && got != want) {
			t.Errorf("%s\n got %v\nwant %s", in, err, want)
		}
	}
}

func TestReaderSkipsBlankLines(t *testing.T) {
	data := "\n" + string(encode(t, sample(1))) + "\n\n"
	n := 0
	if err := ReadAll(strings.NewReader(data), "t", func(*trace.Event) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 8 {
		t.Errorf("read %d events, want 8", n)
	}
}

func TestParseDecimal(t *testing.T) {
	good := map[string]int64{"3": 300, "-3.01": -301, "0.5": 50, "+2.50": 250, "4.500": 450}
	for in, want := range good {
		if v, err := score.ParseNumber(in, 100); err != nil || v != want {
			t.Errorf("%s: %d %v, want %d", in, v, err, want)
		}
	}
	for _, in := range []string{"", "-", "1.", ".5", "1.234", "1e3", "12a", "1.2.3"} {
		if _, err := score.ParseNumber(in, 100); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
	if _, err := score.ParseNumber("1.5", 1); err == nil {
		t.Error("1.5 accepted at scale 1")
	}
}

// BenchmarkWrite measures JSON Lines encoding of a typical event mix; the
// target is at least 1 M events per second.
func BenchmarkWrite(b *testing.B) {
	evs := []*trace.Event{
		{Kind: trace.Enter, Node: 1234, Parent: 1200, Path: "2.1.3.2", Ply: 4, Depth: 2, Max: true, Move: "2.1.3.2", Has: trace.HasParent | trace.HasWindow, Alpha: -37, Beta: score.Inf},
		{Kind: trace.Leaf, Node: 1234, Parent: 1200, Path: "2.1.3.2", Ply: 4, Depth: 0, Has: trace.HasParent | trace.HasValue, Value: 42, Reason: "terminal"},
		{Kind: trace.Exit, Node: 1234, Parent: 1200, Path: "2.1.3.2", Ply: 4, Depth: 0, Has: trace.HasParent | trace.HasValue | trace.HasWindow, Value: 42, Alpha: -37, Beta: score.Inf, Bound: score.Exact},
		{Kind: trace.Cutoff, Node: 1200, Parent: 1100, Path: "2.1.3", Ply: 3, Depth: 3, Has: trace.HasParent | trace.HasValue | trace.HasWindow | trace.HasCut,
			Value: 42, Alpha: -37, Beta: 40, CutAlpha: 12, CutBeta: 40, Max: true, Move: "2.1.3.2", Reason: trace.ReasonBeta, Pruned: []string{"2.1.3.3"}},
	}
	w := NewWriter(io.Discard)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		e := evs[n%len(evs)]
		e.Seq = int64(n)
		w.Write(e)
		n++
	}
	w.Flush()
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "events/s")
}

// TestResume: a reader resumed at a mark reads what the first reader read
// after it, in a trace with decimals (the scale is part of the mark).
func TestResume(t *testing.T) {
	data := encode(t, sample(100))
	rs := bytes.NewReader(data)
	r := NewReader(rs, "t.jsonl")
	var marks []Mark
	var seqs []int64
	for {
		marks = append(marks, r.Mark)
		e, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		seqs = append(seqs, e.Seq)
	}
	if r.Offset != int64(len(data)) {
		t.Errorf("offset %d at the end of %d bytes", r.Offset, len(data))
	}
	for i := len(seqs) - 1; i >= 0; i-- {
		r2, err := Resume(rs, "t.jsonl", marks[i])
		if err != nil {
			t.Fatal(err)
		}
		e, err := r2.Next()
		if err != nil {
			t.Fatalf("resumed at event %d: %v", i, err)
		}
		if e.Seq != seqs[i] {
			t.Errorf("resumed at event %d: read event %d", i, e.Seq)
		}
		if e.Kind == trace.Leaf && e.Value != -1250 {
			t.Errorf("resumed reader lost the scale: %d", e.Value)
		}
	}
}
