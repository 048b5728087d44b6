package lab

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// TestTraceResolve: --trace auto is text for a toy tree, none for a game,
// and by the file's name with --trace-out; a picture on standard output
// leaves no room for a trace there.
func TestTraceResolve(t *testing.T) {
	game := &Input{} // no toy tree: a game
	aima, err := (&InputFlags{Tree: "aima", Depth: -1, Eval: "pst", Notation: "san"}).Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in      *Input
		out     string
		picture string
		want    string
	}{
		{aima, "", "", "text"},
		{game, "", "", "none"},
		{aima, "t.jsonl", "", "json"},
		{aima, "t.txt", "", "text"},
		{aima, "", "svg", "none"},
	} {
		f := TraceFlags{Mode: "auto", Out: tc.out}
		if err := f.Resolve(tc.in, tc.picture); err != nil || f.Mode != tc.want {
			t.Errorf("%+v: mode %s, %v; want %s", tc, f.Mode, err, tc.want)
		}
	}
	f := TraceFlags{Mode: "json"}
	if err := f.Resolve(aima, "svg"); err == nil {
		t.Error("--trace json with --svg -: no error")
	}
}

// TestSearchSinks: a search writes its trace and records what it drew, and
// its summary names the value and the best move.
func TestSearchSinks(t *testing.T) {
	in, err := (&InputFlags{Tree: "aima", Depth: -1, Eval: "pst", Notation: "san"}).Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	var trace, report bytes.Buffer
	s := &Search{In: in, Opt: engine.Options{Algo: engine.AlphaBeta}, Lim: engine.Limits{Depth: in.Depth},
		Trace: TraceFlags{Mode: "json"}, TraceTo: &trace, Record: true, RecordLimit: 1000}
	res, err := s.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Recording == nil || res.Recording.Root == nil {
		t.Error("nothing recorded")
	}
	lines := strings.Split(strings.TrimSpace(trace.String()), "\n")
	if !strings.Contains(lines[len(lines)-1], `"ev":"done"`) {
		t.Errorf("the trace does not end with done: %s", lines[len(lines)-1])
	}
	res.WriteSummary(&report)
	if !strings.Contains(report.String(), "value 3 · best move") {
		t.Errorf("summary:\n%s", report.String())
	}
}
