package jsonl_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/fuzzseed"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// FuzzReadTrace feeds the JSON Lines reader any bytes (with renumber, the
// lines' seq rewritten to their place first, so that moved, copied and
// dropped lines get past the sequence check) and checks that:
//   - it never panics, and stops at the first bad line with a one-line
//     *ReadError naming a line of the input, and says it again if asked
//     for more;
//   - what it accepts keeps the contract the step player and the recorder
//     rely on (checked here independently of the reader): plies from 0,
//     one deeper than the parent, ids in order, exits of the innermost open
//     node, events about it, windows the right way up;
//   - what it accepts, written back by the Writer, reads back whole, and a
//     second round gives the same events (writing and reading agree);
//   - the Recorder fed the accepted events finds nothing inconsistent, and
//     the drawing of its recording (render's DOT) builds without a panic.
func FuzzReadTrace(f *testing.F) {
	fuzzseed.AddTo(f)
	f.Add([]byte(""), false)
	f.Add([]byte("\n\n"), false)
	f.Add([]byte("{}\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, renumber bool) {
		if renumber {
			data = fuzzseed.Renumber(data)
		}
		evs, err := readAll(data)
		if err != nil {
			checkReadError(t, err, data)
		}
		checkContract(t, evs)
		again := roundTrip(t, evs)
		if d := diffEvents(evs, again, false); d != "" {
			t.Fatalf("written and read back, the events changed: %s", d)
		}
		if d := diffEvents(again, roundTrip(t, again), true); d != "" {
			t.Fatalf("a second round trip changed the events: %s", d)
		}
		rec := record.NewRecorder()
		for _, e := range evs {
			rec.Add(e)
		}
		if err := rec.Err(); err != nil {
			t.Fatalf("the reader accepted what the recorder rejects: %v", err)
		}
		dot.Build(rec.Recording(), dot.Options{})
		dot.Build(rec.Recording(), dot.Options{Iteration: 1, Negamax: true, MaxNodes: 20})
	})
}

// readAll reads a trace to its end or its first error.
func readAll(data []byte) ([]*trace.Event, error) {
	var evs []*trace.Event
	rd := jsonl.NewReader(bytes.NewReader(data), "fuzz.jsonl")
	for {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return evs, nil
		}
		if err != nil {
			// The error is sticky: the reader does not go on past it.
			if _, err2 := rd.Next(); err2 == nil || err2.Error() != err.Error() {
				return evs, fmt.Errorf("a read error was followed by %v (first: %v)", err2, err)
			}
			return evs, err
		}
		evs = append(evs, e)
	}
}

// checkReadError: a *ReadError on one line, naming a line of the input.
func checkReadError(t *testing.T, err error, data []byte) {
	t.Helper()
	var re *jsonl.ReadError
	if !errors.As(err, &re) {
		t.Fatalf("not a *ReadError: %v", err)
	}
	if strings.ContainsAny(err.Error(), "\n\r") {
		t.Fatalf("the error spans lines: %q", err)
	}
	if len(err.Error()) > 400 {
		t.Fatalf("the error is %d bytes long: %.200q…", len(err.Error()), err)
	}
	lines := bytes.Count(data, []byte("\n")) + 1
	if re.Line < 1 || re.Line > lines {
		t.Fatalf("the error names line %d of %d: %v", re.Line, lines, err)
	}
}

// checkContract checks what the step player and the recorder rely on, as
// the README states it, on the events a reader accepted.
func checkContract(t *testing.T, evs []*trace.Event) {
	t.Helper()
	type open struct {
		id  int64
		ply int
	}
	var stack []open
	next := int64(0)
	for i, e := range evs {
		if e.Seq != int64(i) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
		if e.Ply < 0 || e.Ply > jsonl.MaxPly || e.Depth < -jsonl.MaxPly || e.Depth > jsonl.MaxPly {
			t.Fatalf("event %d: ply %d, depth %d", i, e.Ply, e.Depth)
		}
		if e.Has&trace.HasWindow != 0 && (e.Alpha > e.Beta || !score.Sane(e.Alpha) || !score.Sane(e.Beta)) {
			t.Fatalf("event %d: window (%d, %d)", i, e.Alpha, e.Beta)
		}
		if len(e.Pruned) > jsonl.MaxList {
			t.Fatalf("event %d: %d pruned", i, len(e.Pruned))
		}
		switch e.Kind {
		case trace.Start:
			if i != 0 {
				t.Fatalf("start at event %d", i)
			}
		case trace.Enter:
			if e.Node != next || e.Ply != len(stack) {
				t.Fatalf("event %d: node %d at ply %d entered; want node %d at ply %d", i, e.Node, e.Ply, next, len(stack))
			}
			if (e.Ply == 0) != (e.Has&trace.HasParent == 0) || (e.Ply > 0 && e.Parent != stack[len(stack)-1].id) {
				t.Fatalf("event %d: node %d at ply %d has parent %d (has %v)", i, e.Node, e.Ply, e.Parent, e.Has&trace.HasParent != 0)
			}
			next++
			stack = append(stack, open{e.Node, e.Ply})
		case trace.Exit:
			if len(stack) == 0 || stack[len(stack)-1].id != e.Node || stack[len(stack)-1].ply != e.Ply {
				t.Fatalf("event %d: exit of node %d at ply %d; open: %v", i, e.Node, e.Ply, stack)
			}
			stack = stack[:len(stack)-1]
		case trace.Done, trace.Iter, trace.Window, trace.TTStore:
			if e.Node < 0 || e.Node >= max(next, 1) {
				t.Fatalf("event %d (%s): node %d, %d entered", i, e.Kind, e.Node, next)
			}
			if e.Kind != trace.TTStore && e.Kind != trace.Done && len(stack) > 0 {
				t.Fatalf("event %d (%s) with nodes open: %v", i, e.Kind, stack)
			}
		default:
			if len(stack) == 0 || stack[len(stack)-1].id != e.Node || stack[len(stack)-1].ply != e.Ply {
				t.Fatalf("event %d (%s) about node %d at ply %d; open: %v", i, e.Kind, e.Node, e.Ply, stack)
			}
			if e.Kind == trace.TTHit && e.Has&trace.HasRef != 0 && (e.Ref < 0 || e.Ref >= e.Node) {
				t.Fatalf("event %d: tt_hit at node %d names node %d", i, e.Node, e.Ref)
			}
		}
	}
}

// roundTrip writes events with the Writer and reads them back; the reader
// must take whatever the writer wrote.
func roundTrip(t *testing.T, evs []*trace.Event) []*trace.Event {
	t.Helper()
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	for _, e := range evs {
		if err := w.Write(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if len(evs) == 0 {
		return nil
	}
	back, err := readAll(buf.Bytes())
	if err != nil {
		t.Fatalf("the reader rejects what the writer wrote: %v\n%s", err, buf.Bytes())
	}
	return back
}

// diffEvents compares two reads of the same events and describes the first
// difference ("" when there is none). Unless all is set, only what the
// writer writes of every kind is compared: it writes no side on start and
// done, a pass only from 1, an iteration's summary but not its time, and
// the reader adds a done event's value to its summary.
func diffEvents(a, b []*trace.Event, all bool) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d events, then %d", len(a), len(b))
	}
	for i := range a {
		x, y := *a[i], *b[i]
		if !all {
			for _, e := range []*trace.Event{&x, &y} {
				e.Info, e.Summary, e.Elapsed, e.Pass = nil, nil, 0, 0
				if e.Kind == trace.Start || e.Kind == trace.Done {
					e.Max = false
				}
			}
		}
		if !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("event %d:\n%+v\nthen\n%+v", i, x, y)
		}
	}
	return ""
}
