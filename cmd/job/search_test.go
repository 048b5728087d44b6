package job

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
)

// TestTraceResolve: --trace auto is text for a toy tree, none for a game,
// and by the file's name with --trace-out; a picture on standard output
// leaves no room for a trace there.
func TestTraceResolve(t *testing.T) {
	game := &setup.Input{} // no toy tree: a game
	aima, err := (&setup.InputFlags{Tree: "aima", Depth: -1, Eval: "pst", Notation: "san"}).Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		in      *setup.Input
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
	in, err := (&setup.InputFlags{Tree: "aima", Depth: -1, Eval: "pst", Notation: "san"}).Load(nil)
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

// fullWriter takes a few writes, then fails every one, as a disk that
// fills up does; it counts the bytes it was offered after failing.
type fullWriter struct {
	room  int
	after int
}

func (w *fullWriter) Write(p []byte) (int, error) {
	if w.room >= len(p) {
		w.room -= len(p)
		return len(p), nil
	}
	w.after += len(p)
	return 0, errors.New("no space left on device")
}

// TestWriteErrorStopsSearch: a trace that cannot be written stops the
// search at once (the trace sink cancels the search's context with the
// write error as its cause), with a failure naming the write, rather than
// after the whole search: here a chess search of minutes, stopped in well
// under a second, for search's trace and for step's.
func TestWriteErrorStopsSearch(t *testing.T) {
	in, err := (&setup.InputFlags{FEN: "kiwipete", Depth: -1, Eval: "pst", Notation: "san"}).Load(nil)
	if err != nil {
		t.Fatal(err)
	}
	lim := engine.Limits{Depth: 8}
	for _, mode := range []string{"json", "text"} {
		start := time.Now()
		w := &fullWriter{room: 1 << 20}
		s := &Search{In: in, Opt: engine.Options{Algo: engine.AlphaBeta}, Lim: lim, Trace: TraceFlags{Mode: mode}, TraceTo: w}
		_, err := s.Run(context.Background())
		var f *setup.Failure
		if !errors.As(err, &f) || !strings.Contains(err.Error(), "writing the trace: no space left on device") {
			t.Errorf("--trace %s: %v, want a failure writing the trace", mode, err)
		}
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("--trace %s: stopped after %v", mode, took)
		}
	}
	// A page's trace too.
	s := &Search{In: in, Opt: engine.Options{Algo: engine.AlphaBeta}, Lim: lim, Trace: TraceFlags{Mode: "none"}, PageTrace: &fullWriter{room: 1 << 20}}
	if _, err := s.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "writing the trace for the page") {
		t.Errorf("the page's trace: %v", err)
	}
	start := time.Now()
	_, err = TraceSearch(context.Background(), in, engine.Options{Algo: engine.AlphaBeta}, lim, &fullWriter{room: 1 << 20}, 1<<40, 0, 0)
	if err == nil || !strings.Contains(err.Error(), "writing the trace") {
		t.Errorf("step's search: %v", err)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("step's search stopped after %v", took)
	}
}
