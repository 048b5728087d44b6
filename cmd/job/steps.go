package job

import (
	"context"
	"errors"
	"io"
	"strings"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/wrap"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/step"
)

// errEnoughSteps stops a search whose trace holds the steps to print.
var errEnoughSteps = i18n.Error("enough steps")

// TraceSearch runs the search step steps through, writing its JSON Lines
// trace to w. The trace is bounded: the search stops when it reaches limit
// bytes (stopped is then engine.TraceFull), or, when need > 0, as soon as the
// trace holds need events (not silent) from event from on. A search stopped
// by its node or time limit (engine.NodesUsed, engine.TimeUp) is a trace to
// step through like any other: its last step, the done event, says where it
// stopped and why.
func TraceSearch(ctx context.Context, in *setup.Input, opt engine.Options, lim engine.Limits, w io.Writer, limit, from, need int64) (stopped engine.Stop, err error) {
	sctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	cw := &countingWriter{w: StopOnError(w, "writing the trace", stop)}
	jw := jsonl.NewWriter(cw)
	hooks := jw.Hooks()
	write := hooks.Event
	var seen int64
	hooks.Event = func(e *trace.Event) {
		write(e)
		if cw.n >= limit {
			stop(engine.ErrTraceLimit)
		}
		if need > 0 && e.Seq >= from && !step.Silent(e.Kind) {
			if seen++; seen >= need {
				stop(errEnoughSteps)
			}
		}
	}
	opt.Lang = string(i18n.FromContext(ctx))
	res, err := engine.Search(sctx, in.Pos, lim, opt, hooks)
	if werr := WriteFailure(sctx); werr != nil {
		return engine.Finished, werr
	}
	switch {
	case errors.Is(context.Cause(sctx), errEnoughSteps) && ctx.Err() == nil:
	case err == nil:
		stopped = res.Stopped // an iterative search answers from its last iteration
	case errors.Is(err, engine.ErrTraceLimit):
		stopped = engine.TraceFull
	case errors.Is(err, engine.ErrNodeLimit):
		stopped = engine.NodesUsed
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil:
		stopped = engine.TimeUp
	default:
		return engine.Finished, setup.SearchError(err)
	}
	if err := jw.Flush(); err != nil {
		return engine.Finished, setup.Failed(i18n.Errorf("writing the trace: %w", err))
	}
	return stopped, nil
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

// StepsNeeded is how many events (not silent) a search must write for n
// steps to be printed, or 0 (run to the end) when n is 0: a step takes at
// most three events (enter, leaf, exit), and the player looks one ahead.
func StepsNeeded(n int) int64 {
	if n == 0 {
		return 0
	}
	return 3*int64(n) + 4
}

// WrapLines wraps lines of text for a terminal at width columns (0: not at
// all), each line on its own: a line continues two columns further in than
// it starts; in printed steps, a step's sentence continues under its text
// after the "[step …]" tag's indent of four, its path under the path's
// start. Lines break only between words (package wrap).
func WrapLines(text string, width int) string {
	if width <= 0 {
		return text
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		body := strings.TrimSuffix(line, "\n")
		if body == "" {
			b.WriteString(line)
			continue
		}
		indent := body[:len(body)-len(strings.TrimLeft(body, " "))]
		hang := indent + "  "
		switch {
		case strings.HasPrefix(body, "["):
			hang = "    "
		case strings.HasPrefix(body, "    at "):
			hang = "       "
		}
		lines := wrap.Text(strings.TrimLeft(body, " "), width-len(indent), width-len(hang))
		for i, l := range lines {
			if i == 0 {
				b.WriteString(indent + l)
			} else {
				b.WriteString("\n" + hang + l)
			}
		}
		b.WriteString(line[len(body):])
	}
	return b.String()
}

// PrintSteps prints the steps of p one after another, from its current one
// (where --from landed), at most n of them (0: all), only the cutoffs and
// prunes when cuts is set; the first is preceded by the header that says
// what was searched (step.Header).
func PrintSteps(w io.Writer, p *step.Player, n int, cuts bool, width int) error {
	printed := 0
	show := func() error {
		text := step.StepText(p)
		if printed == 0 {
			text = step.Header(p) + text
		}
		_, err := io.WriteString(w, WrapLines(text, width))
		printed++
		return err
	}
	if p.Index() > 0 && (!cuts || p.IsCut()) { // --from landed on a step
		if err := show(); err != nil {
			return setup.Failed(err)
		}
	}
	for n == 0 || printed < n {
		var ok bool
		var err error
		if cuts {
			ok, err = p.NextCut()
		} else {
			ok, err = p.Next()
		}
		if err != nil {
			return setup.TraceError(err)
		}
		if !ok {
			break
		}
		if err := show(); err != nil {
			return setup.Failed(err)
		}
	}
	return nil
}
