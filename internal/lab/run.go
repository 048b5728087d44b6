package lab

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"sync"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/scene"
	"github.com/prunescope/prunescope/trace/step"
)

// run is one search of the lab's tree with its settings, as every call
// makes it (search, inspect, code, predict): the input and options the
// settings give (search's own flags), the result, the events (kept in
// memory: the trace they make is written only when asked for, Trace) and
// the recording, and the drawing's options, so that what a call says of a
// step or a shape is what the page shows at it.
type run struct {
	flags *Flags
	in    *setup.Input
	opt   engine.Options
	lim   engine.Limits
	res   engine.Result
	evs   []*trace.Event
	rec   *record.Recording
	draw  dot.Options
}

// lastRuns are the last two searches made: the calls about one search
// (the Node tab at every step, the code, the predictions) ask for it again
// and again, and what a change of the settings changed compares it with
// the one before. A run is only read once made.
var lastRuns struct {
	sync.Mutex
	keys [2]string
	runs [2]*run
}

// rerun searches tree with args: the one road of the lab's calls from the
// tree's text and the settings to a search (the last two kept).
func rerun(ctx context.Context, treeText string, args []string) (*run, error) {
	key := treeText + "\x00" + strings.Join(args, "\x00")
	lastRuns.Lock()
	defer lastRuns.Unlock()
	for i, r := range lastRuns.runs {
		if r != nil && lastRuns.keys[i] == key {
			if i == 1 { // the most recent first
				lastRuns.keys[0], lastRuns.keys[1] = lastRuns.keys[1], lastRuns.keys[0]
				lastRuns.runs[0], lastRuns.runs[1] = lastRuns.runs[1], lastRuns.runs[0]
			}
			return r, nil
		}
	}
	r, err := search1(ctx, treeText, args)
	if err == nil {
		lastRuns.keys[1], lastRuns.runs[1] = lastRuns.keys[0], lastRuns.runs[0]
		lastRuns.keys[0], lastRuns.runs[0] = key, r
	}
	return r, err
}

// search1 searches tree with args.
func search1(ctx context.Context, treeText string, args []string) (*run, error) {
	f := NewFlags()
	if err := f.Parse(args); err != nil {
		return nil, err
	}
	if strings.TrimSpace(treeText) == "" {
		return nil, setup.BadInputf("the tree is empty: type one such as ((3 12 8) (2 4 6)), or a built-in tree's name (aima)")
	}
	f.input.Tree = treeText
	in, opt, lim, err := setup.Search(strings.NewReader(""), &f.input, &f.algo, &f.sel, &f.deep)
	if err != nil {
		return nil, err
	}
	var evs []*trace.Event
	rec := record.NewRecorder()
	res, err := engine.Search(ctx, in.Pos, lim, opt, trace.Tee(jsonl.Keep(&evs), rec.Hooks()))
	if err != nil {
		return nil, setup.SearchError(err)
	}
	r := &run{flags: f, in: in, opt: opt, lim: lim, res: res, evs: evs, rec: rec.Recording(),
		draw: dot.Options{MaxNodes: dot.DefaultMaxNodes, MaxWidth: dot.DefaultMaxWidth, Style: f.style, Ranges: f.ranges}}
	if r.rec.Root == nil {
		return nil, setup.BadInputf("the search entered no node")
	}
	return r, nil
}

// player opens the step player on the run's events.
func (r *run) player() (*step.Player, error) {
	return step.OpenEvents(r.evs, "the search")
}

// trace is the run's JSON Lines trace, as prunescope search --trace jsonl
// writes it.
func (r *run) trace() []byte {
	var js bytes.Buffer
	w := jsonl.NewWriter(&js)
	for _, e := range r.evs {
		w.Write(e)
	}
	w.Flush() // a bytes.Buffer takes every write
	return js.Bytes()
}

// steps walks the whole trace once and gives, for each step from 1, its
// events (the silent ones taken with it included); refused past MaxSteps,
// as the page is.
func (r *run) steps(ctx context.Context) ([][]*trace.Event, error) {
	p, err := r.player()
	if err != nil {
		return nil, err
	}
	out := [][]*trace.Event{nil} // step 0: before the first
	for {
		ok, err := p.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if len(out) > MaxSteps {
			return nil, setup.BadInputf("the lab shows at most %d steps of a search, and this one has more: make the tree smaller", MaxSteps)
		}
		out = append(out, p.All())
	}
}

// scene is the page's drawing of the run, as page.Make lays it out: its
// never-searched shapes (u1, u2, …) are the page's.
func (r *run) scene() (*scene.Scene, error) {
	opt := r.draw
	opt.Page, opt.Until, opt.HasCurrent, opt.Caption = true, 0, false, ""
	sc, err := scene.Build(r.rec, opt)
	var ie *scene.IterationError
	if errors.As(err, &ie) {
		opt.Iteration = 0
		sc, err = scene.Build(r.rec, opt)
	}
	return sc, err
}
