package job

import (
	"context"
	"errors"
	"io"
	"strings"
	"time"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/table"
)

// Compare searches the input once with each spec and returns a row of
// compare's table for each, timed.
func Compare(ctx context.Context, in *setup.Input, specs []engine.Options) ([]table.Row, error) {
	lim := engine.Limits{Depth: in.Depth}
	rows := make([]table.Row, 0, len(specs))
	for _, opt := range specs {
		opt.Lang = string(i18n.FromContext(ctx))
		start := time.Now()
		res, err := engine.Search(ctx, in.Pos, lim, opt, nil)
		if err != nil {
			if !strings.HasPrefix(err.Error(), opt.Spec()+": ") { // not named twice
				err = i18n.Errorf("%s: %w", opt.Spec(), err)
			}
			return nil, setup.SearchError(err)
		}
		row := table.Row{
			Spec: opt.Spec(), Conventions: conventions(opt),
			Info: engine.Describe(in.Pos, lim, opt), Summary: res.Summary(), Elapsed: time.Since(start),
		}
		for _, it := range res.Iterations {
			own := it.Own
			row.Iterations = append(row.Iterations, table.Iteration{Depth: it.Depth,
				Summary: trace.Summary{Nodes: it.Nodes, Leaves: it.Leaves, Iter: &own}})
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// Diff searches the input under two specs, A and B, recording each search
// (at most limit nodes: a bigger one is refused), and compares the root
// search each chose (iteration and pass, 0 for the last) node by node.
// When pages[i] is not nil, search i's JSON Lines trace is written there too
// (diff --html); when extra[i] is not nil, it gets search i's events too
// (diff --overview), and a search too big to compare does not stop the
// other: both run whole before the refusal (a *TooBigError).
//
// A side whose traces[i] is not nil is read from that trace instead of
// searched (its opts[i] is not used): its events go where a search's would.
func Diff(ctx context.Context, in *setup.Input, opts [2]engine.Options, traces [2]*TraceSide, iteration, pass int, limit int64, pages [2]io.Writer, extra [2]*trace.Hooks) (*diff.Result, error) {
	lim := engine.Limits{Depth: in.Depth}
	var runs [2]*diff.Run
	var big error
	for i, opt := range opts {
		opt.Lang = string(i18n.FromContext(ctx))
		rec := record.NewRecorder()
		rec.Limit = limit
		hooks := trace.Tee(rec.Hooks(), extra[i])
		var jw *jsonl.Writer
		if pages[i] != nil {
			jw = jsonl.NewWriter(pages[i])
			hooks = trace.Tee(hooks, jw.Hooks())
		}
		spec := opt.Spec()
		if t := traces[i]; t != nil {
			spec = t.Spec
			if err := jsonl.ReadAll(t.Open(), t.Name, Spoken(ctx, func(e *trace.Event) error { hooks.Event(e); return nil })); err != nil {
				return nil, setup.BadInput("", err)
			}
		} else if _, err := engine.Search(ctx, in.Pos, lim, opt, hooks); err != nil {
			return nil, setup.SearchError(i18n.Errorf("%s: %w", spec, err))
		}
		if jw != nil {
			if err := jw.Flush(); err != nil {
				return nil, setup.Failed(i18n.Errorf("%s: writing the trace for the page: %w", spec, err))
			}
		}
		if err := rec.Err(); err != nil {
			if traces[i] != nil {
				return nil, setup.BadInput(traces[i].Name, err)
			}
			return nil, setup.Failed(i18n.Errorf("%s: recording the search: %w", spec, err))
		}
		name := "AB"[i : i+1]
		r := rec.Recording()
		if r.Dropped > 0 || r.Counted > 0 {
			if big == nil {
				big = setup.BadInput("", &TooBigError{Name: name, Spec: spec, Limit: limit})
			}
			if extra[0] == nil && extra[1] == nil {
				return nil, big
			}
			continue
		}
		root, err := diff.Pick(r, iteration, pass)
		if err != nil {
			var se *diff.SelectError
			if errors.As(err, &se) && se.What == "pass" {
				return nil, setup.BadInput("--pass", i18n.Errorf("search %s: %w", name, err))
			}
			return nil, setup.BadInput("--iteration", i18n.Errorf("search %s: %w", name, err))
		}
		conv := conventions(opt)
		if traces[i] != nil {
			if r.Info == nil {
				return nil, setup.BadInputf("%s: the trace has no start event", traces[i].Name)
			}
			if r.Info.Game != in.Game {
				return nil, gameMismatch(traces[i].Name, r.Info.Game, in.Game)
			}
			conv = explain.RunConventions(r.Info)
		}
		runs[i] = &diff.Run{Name: name, Spec: spec, Conventions: conv, Rec: r, Root: root}
	}
	if big != nil {
		return nil, big
	}
	if pass > 0 && diff.Passes(runs[0].Rec, runs[0].Root) <= 1 && diff.Passes(runs[1].Rec, runs[1].Root) <= 1 {
		return nil, setup.BadInputf("--pass: neither search makes several passes of the root (aspiration windows, MTD(f))")
	}
	return diff.Compare(runs[0], runs[1]), nil
}

// TraceSide is a side of Diff read from a trace: prunescope's own (a
// student's made into one), from its start.
type TraceSide struct {
	Open func() io.Reader
	Name string // the trace's, in errors
	Spec string // names the side as a spec would
}

// TooBigError is Diff's refusal of a search too big to compare node by
// node.
type TooBigError struct {
	Name, Spec string // the search: A or B, and its spec
	Limit      int64  // the most nodes compared
}

func (e *TooBigError) Error() string { return e.err().Error() }

// TranslateError is Error in p's language.
func (e *TooBigError) TranslateError(p *i18n.Printer) string { return p.Error(e.err()) }

func (e *TooBigError) err() error {
	return i18n.Errorf("search %s (%s): more than %d nodes, too many to compare node by node; search less deep, or from a later position", e.Name, e.Spec, e.Limit)
}

// conventions names a spec's algorithm and conventions, as tables and the
// diff say them.
func conventions(opt engine.Options) string {
	return explain.ConventionsIn(&trace.Info{Lang: opt.Lang}, opt.Algo.String(), opt.Fail.String(), opt.Cutoff.String())
}

// gameMismatch refuses a trace of a search of one game given with the input
// of another: one message for each pair, as each language says them.
func gameMismatch(name, traced, given string) error {
	switch traced + " " + given {
	case "tree chess":
		return setup.BadInputf("%s: a trace of a search of a toy tree, not of chess (the input given)", name)
	case "tree tictactoe":
		return setup.BadInputf("%s: a trace of a search of a toy tree, not of tic-tac-toe (the input given)", name)
	case "chess tree":
		return setup.BadInputf("%s: a trace of a search of chess, not of a toy tree (the input given)", name)
	case "chess tictactoe":
		return setup.BadInputf("%s: a trace of a search of chess, not of tic-tac-toe (the input given)", name)
	case "tictactoe tree":
		return setup.BadInputf("%s: a trace of a search of tic-tac-toe, not of a toy tree (the input given)", name)
	case "tictactoe chess":
		return setup.BadInputf("%s: a trace of a search of tic-tac-toe, not of chess (the input given)", name)
	}
	return setup.BadInputf("%s: a trace of a search of another game than the input given", name)
}
