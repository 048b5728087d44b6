package page

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// bigTrace is the JSON Lines trace of minimax on a random tree of 3 moves a
// node, 7 plies deep: 3,280 nodes, 4,373 steps.
func bigTrace(t *testing.T) []byte {
	t.Helper()
	tr, err := tree.Random(3, 7, -9, 9, 5)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 7}, engine.Options{Algo: engine.Minimax}, w.Hooks()); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// countingReader counts the bytes read through it.
type countingReader struct {
	io.ReadSeeker
	n *int64
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.ReadSeeker.Read(p)
	*c.n += int64(n)
	return n, err
}

// TestPartHoldsWhatItShows: a page of a part of a long search (--from
// near its end, --focus on a late subtree) holds the nodes its drawing
// shows and the line of open nodes, not every node entered before its
// first step; and it still agrees with ExpectedWith at every step.
func TestPartHoldsWhatItShows(t *testing.T) {
	tr := bigTrace(t)
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	rec := r.Recording()
	late := rec.Root.Children[2].Children[1] // entered after two thirds of the search
	for _, tc := range []struct {
		name string
		opt  Options
	}{
		{"from", Options{From: 4000, Steps: 20}},
		{"focus", Options{Steps: 30}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opt := tc.opt
			opt.Draw.MaxNodes = 40
			if tc.name == "focus" {
				opt.Draw.Focus = late.Path
			}
			_, d, want := pageAndExpected(t, tr, opt)
			keep, err := drawnNodes(rec, opt.Draw)
			if err != nil {
				t.Fatal(err)
			}
			if len(keep) > 60 {
				t.Fatalf("%d nodes drawn with --max-draw 40", len(keep))
			}
			// The data names the nodes on the lines of its steps (at most
			// 8 open at once) and the nodes its steps enter; it holds the
			// state of the nodes drawn and of the open line before its first
			// step.
			entered := map[float64]bool{}
			for _, n := range d.Nodes {
				entered[n[0].(float64)] = true
			}
			if most := 8 + 3*len(d.Steps); len(entered) > most {
				t.Errorf("the page names %d nodes for %d steps: more than the %d its lines and steps show", len(entered), len(d.Steps), most)
			}
			if most := len(keep) + 8; len(d.Init.Changes) > most {
				t.Errorf("the page opens with the state of %d nodes: more than the %d drawn and the open line", len(d.Init.Changes), most)
			}
			for _, id := range d.Init.Line {
				if !entered[float64(id)] {
					t.Errorf("node %d of the opening line is not named", id)
				}
			}
			if d.First <= 1 || len(d.Init.Line) == 0 {
				t.Fatalf("the page opens at step %d, line %v: not a part of the search", d.First, d.Init.Line)
			}
			// What the page shows at every step is what it must.
			states := replay(t, d)
			if len(states) != len(want) {
				t.Fatalf("%d states, Expected %d", len(states), len(want))
			}
			for i := range want {
				for key, n := range want[i].Nodes {
					if strings.HasPrefix(key, "u") {
						continue
					}
					var id float64
					fmt.Sscan(key, &id)
					st, ok := states[i][id]
					if ok != n.Visible {
						t.Fatalf("step %d node %s: in the page's state %v, Expected visible %v", i, key, ok, n.Visible)
					}
					if ok && (st[0] != n.Alpha || st[1] != n.Beta || st[2] != n.Value || st[3] != n.Bound) {
						t.Fatalf("step %d node %s: the page has %v, Expected %+v", i, key, st, n)
					}
				}
			}
		})
	}
}

// TestTooManyStepsBeforeThePlay: a page whose span holds more nodes than
// --html-max-steps allows is refused before its steps are played: the
// trace is read no further than its start.
func TestTooManyStepsBeforeThePlay(t *testing.T) {
	tr := bigTrace(t)
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	rec := r.Recording()
	for _, tc := range []struct {
		focus string
		max   int
	}{{"", 2000}, {"1", 1000}, {"3", 1000}} {
		focus := tc.focus
		var read int64
		open := func() io.ReadSeeker { return countingReader{bytes.NewReader(tr), &read} }
		opt := Options{MaxSteps: tc.max}
		opt.Draw.Focus = focus
		opt.Draw.MaxNodes = 40
		_, err := Build(context.Background(), open, "trace", rec, opt)
		var many *TooManySteps
		if !errors.As(err, &many) || many.Max != tc.max || many.Steps <= tc.max {
			t.Fatalf("focus %q: %v, want more than %d steps refused", focus, err, tc.max)
		}
		if read > int64(len(tr))/8 {
			t.Errorf("focus %q: %d bytes of %d read before the refusal", focus, read, len(tr))
		}
		// --steps within the limit: no refusal.
		opt.Steps = 100
		if _, err := Build(context.Background(), func() io.ReadSeeker { return bytes.NewReader(tr) }, "trace", rec, opt); err != nil {
			t.Errorf("focus %q --steps 100: %v", focus, err)
		}
	}
}
