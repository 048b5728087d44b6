package step

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/internal/fuzzseed"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/text"
)

// FuzzStep opens the step player on any bytes (with renumber, the lines'
// seq rewritten to their place first; see fuzzseed.Renumber) and checks
// that it never panics and that:
//   - it steps forwards to the end of the trace, or to a bad line, which
//     it reports as a one-line *jsonl.ReadError, again at every later
//     step; every step's screen, plain text and compact tree can be shown;
//   - going back one step at a time, through its checkpoints, shows every
//     step exactly as it was going forwards; so does jumping to each
//     step's last event, in a scrambled order, and to the next cut;
//   - the frames of `step --frames` (the recorder fed the same trace, each
//     step drawn up to its event) build without a panic.
//
// Checkpoints are taken every few steps and thinned early, so that the
// small traces a fuzzer makes go through them.
func FuzzStep(f *testing.F) {
	seeds, err := fuzzseed.Traces()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range append(seeds, fuzzseed.Nasty()...) {
		f.Add(s.Data, false)
	}
	f.Add(seeds[0].Data, true)
	every, most := checkpointEvery, maxCheckpoints
	checkpointEvery, maxCheckpoints = 2, 3
	f.Cleanup(func() { checkpointEvery, maxCheckpoints = every, most })
	f.Fuzz(func(t *testing.T, data []byte, renumber bool) {
		if renumber {
			data = fuzzseed.Renumber(data)
		}
		p, err := Open(bytes.NewReader(data), "fuzz.jsonl")
		if err != nil {
			checkStepError(t, err)
			return
		}
		const most = 3000 // steps looked at
		var shown []string
		var seqs []int64
		var failed error
		for len(shown) < most {
			ok, err := p.Next()
			if err != nil {
				checkStepError(t, err)
				if _, again := p.Next(); again == nil || again.Error() != err.Error() {
					t.Fatalf("after %v, the next step gives %v", err, again)
				}
				failed = err
				break
			}
			if !ok {
				break
			}
			shown = append(shown, show(p))
			evs := p.Events()
			if len(evs) == 0 {
				t.Fatalf("step %d has no events", p.Index())
			}
			seqs = append(seqs, evs[len(evs)-1].Seq)
		}
		if len(shown) == 0 {
			return
		}
		if failed == nil && len(shown) < most && p.Steps() != len(shown) {
			t.Fatalf("%d steps taken, the player counts %d", len(shown), p.Steps())
		}
		if p.Index() != len(shown) {
			t.Fatalf("at step %d after %d steps", p.Index(), len(shown))
		}
		for i := len(shown); i >= 1; i-- {
			if p.Index() != i {
				t.Fatalf("back to step %d, the player is at %d", i, p.Index())
			}
			if got := show(p); got != shown[i-1] {
				t.Fatalf("back at step %d:\n got %s\nwant %s", i, got, shown[i-1])
			}
			if err := p.Back(); err != nil {
				t.Fatalf("back from step %d: %v", i, err)
			}
		}
		n := len(shown)
		for k := range n {
			i := (k*7919 + 3) % n // every step once, out of order
			if err := p.Jump(seqs[i]); err != nil {
				t.Fatalf("jump to event %d: %v", seqs[i], err)
			}
			if p.Index() != i+1 {
				t.Fatalf("jump to event %d: step %d, want %d", seqs[i], p.Index(), i+1)
			}
			if got := show(p); got != shown[i] {
				t.Fatalf("jumped to step %d:\n got %s\nwant %s", i+1, got, shown[i])
			}
		}
		if err := p.Goto(0); err != nil {
			t.Fatal(err)
		}
		for range n {
			ok, err := p.NextCut()
			if err != nil || !ok {
				break
			}
			if !p.IsCut() || p.Index() > n || show(p) != shown[p.Index()-1] {
				t.Fatalf("next cut: step %d", p.Index())
			}
		}
		if failed == nil {
			frames(t, data, p, n)
		}
	})
}

// show is what the player shows at a step, but for the number of steps
// (known once the end has been read): the compact tree, the path, the
// sentence. The full screen and the plain text are drawn too.
func show(p *Player) string {
	Screen(p, text.Plain(), 60, 16, "")
	StepText(p)
	return snapshot(p)
}

// frames draws the frames of `step --frames` as cmd does: the whole trace
// recorded once, each step drawn up to its last event, with the step's node
// highlighted, and from that node's parent as the focus.
func frames(t *testing.T, data []byte, p *Player, n int) {
	rec := trace.NewRecorder()
	rec.Limit = 50
	if err := jsonl.ReadAll(bytes.NewReader(data), "fuzz.jsonl", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
		t.Fatalf("the player read the whole trace, ReadAll fails: %v", err)
	}
	if err := rec.Err(); err != nil {
		t.Fatalf("the player read the whole trace, the recorder finds: %v", err)
	}
	r := rec.Recording()
	if r.Root == nil {
		return
	}
	for i := 1; i <= min(n, 40); i++ {
		if err := p.Goto(i); err != nil {
			t.Fatal(err)
		}
		st, evs := p.State(), p.Events()
		opt := dot.Options{Until: evs[len(evs)-1].Seq, Current: st.Node, HasCurrent: true, Caption: st.Sentence,
			MaxNodes: 30, Iteration: st.Iteration + 1}
		dot.Build(r, opt)
		if cur := r.Node(st.Node); cur != nil && cur.Parent != nil {
			opt.FocusID, opt.HasFocusID, opt.SkipFuture, opt.Iteration = cur.Parent.ID, true, true, 0
			dot.Build(r, opt)
		}
	}
}

// checkStepError: a bad trace is a *jsonl.ReadError on one line.
func checkStepError(t *testing.T, err error) {
	t.Helper()
	var re *jsonl.ReadError
	if !errors.As(err, &re) && !strings.HasSuffix(err.Error(), ": the trace is empty") {
		t.Fatalf("not a *jsonl.ReadError: %v", err)
	}
	if errors.Is(err, io.EOF) || strings.ContainsAny(err.Error(), "\n\r") || len(err.Error()) > 400 {
		t.Fatalf("a bad error: %q", err)
	}
}
