package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/overview"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/text"
)

// TraceFlags choose the trace search writes: --trace, --trace-out,
// --trace-depth.
type TraceFlags struct {
	Mode  string
	Out   string
	Depth int
	// Width is --width: the columns the text trace is wrapped to (0: not
	// wrapped); WidthGiven says whether it was given (else the command
	// decides from where the trace goes: TextWidth).
	Width      int
	WidthGiven bool
	fs         *pflag.FlagSet
}

// WidthHelp is the help of --width, for every command that has it.
const WidthHelp = "wrap lines at `N` columns (0: do not wrap); by default the terminal's width ($COLUMNS when set, else the terminal's own), and lines whole when writing to a file or a pipe"

// Add wires the flags.
func (f *TraceFlags) Add(fs *pflag.FlagSet) {
	f.fs = fs
	fs.IntVar(&f.Width, "width", 0, "the text trace, or the summary: "+WidthHelp)
	fs.StringVar(&f.Mode, "trace", "auto", "trace to write: text (annotated tree), json (JSON Lines), none (summary only), or auto (text for toy trees, none for games; with --trace-out, json for a .jsonl or .json file, else text)")
	fs.StringVar(&f.Out, "trace-out", "", "write the trace to `FILE` instead of standard output")
	fs.IntVar(&f.Depth, "trace-depth", 0, "text trace: show nodes at most this many plies deep (0: all)")
}

// Check validates the flags; --trace-out - is standard output, as without
// the flag.
func (f *TraceFlags) Check() error {
	switch f.Mode {
	case "auto", "text", "json", "none":
	default:
		return setup.BadInputf("--trace: %q is not text, json, none or auto", f.Mode)
	}
	if err := setup.CheckInt("trace-depth", f.Depth, 0); err != nil {
		return err
	}
	if err := setup.CheckInt("width", f.Width, 0); err != nil {
		return err
	}
	f.WidthGiven = f.fs != nil && f.fs.Changed("width")
	if f.Out == "-" {
		f.Out = ""
	}
	return nil
}

// Resolve decides --trace auto and checks that standard output carries one
// thing. A file asked for is written: JSON Lines by its name, else text;
// without a file, a toy tree's search is traced as text unless a picture
// goes to standard output (picture names its flag, "" if none), a game's
// is not traced.
func (f *TraceFlags) Resolve(in *setup.Input, picture string) error {
	switch {
	case f.Mode != "auto":
	case f.Out != "":
		f.Mode = "text"
		if ext := strings.ToLower(filepath.Ext(f.Out)); ext == ".jsonl" || ext == ".json" {
			f.Mode = "json"
		}
	case in.Tree != nil && picture == "":
		f.Mode = "text"
	default:
		f.Mode = "none"
	}
	if picture != "" && f.Mode != "none" && f.Out == "" {
		return setup.BadInputf("--%s -: standard output carries the picture; write the trace with --trace-out FILE or leave it out (--trace none)", picture)
	}
	return nil
}

// CheckIteration refuses a --iteration the searches will not have: one
// search (search) or two (diff), each of opts to depth lim.Depth.
func (f *DrawFlags) CheckIteration(lim engine.Limits, opts ...engine.Options) error {
	it := f.Iteration
	if len(opts) == 1 {
		if it > 1 && (!opts[0].Iterative || it > lim.Depth) {
			last := 1
			if opts[0].Iterative {
				last = lim.Depth
			}
			return setup.BadInputf("--iteration: iteration %d: the search has iterations 1 to %d", it, last)
		}
		return nil
	}
	if it > 0 {
		if !slices.ContainsFunc(opts, func(o engine.Options) bool { return o.Iterative }) {
			return setup.BadInputf("--iteration: neither search is iterative (add +iterative to a spec, or --iterative)")
		}
		if it > lim.Depth {
			return setup.BadInputf("--iteration: iteration %d: the searches have iterations 1 to %d", it, lim.Depth)
		}
	}
	return nil
}

// Search is one search with its sinks: the trace, as text or JSON Lines,
// a recording for the drawings, and the lines a report prints as the search
// goes (passes of the root, iterations).
type Search struct {
	In    *setup.Input
	Opt   engine.Options
	Lim   engine.Limits
	Trace TraceFlags // resolved: text, json or none
	// TraceTo takes the trace; Color colours a text trace.
	TraceTo io.Writer
	Color   bool
	Timing  bool // times in the trace
	// Report, when not nil, gets a line for each pass of the root and, by
	// Iteration, for each iteration.
	Report    io.Writer
	Iteration func(w io.Writer, info *trace.Info, it engine.Iteration)
	// Record keeps at most RecordLimit nodes of the search for drawings,
	// the subtree of RecordUnder (a --focus path) whole when it is given.
	Record      bool
	RecordLimit int64
	RecordUnder string
	// PageTrace, when not nil, gets the JSON Lines trace a page is built
	// from (--html), whatever Trace says.
	PageTrace io.Writer
	// Overview, when not nil, adds the search up for its chart (--overview).
	Overview *overview.Builder
	// Hooks, when not nil, hear the search's events too.
	Hooks *trace.Hooks
}

// Searched is what a search found, described.
type Searched struct {
	Info      *trace.Info
	Result    engine.Result
	Recording *record.Recording // when recorded
}

// Run runs the search and flushes its trace. A search stopped before a
// result (Ctrl-C, a limit) leaves a whole trace all the same, its last event
// the done that says why: Run then returns what it has with the error.
func (s *Search) Run(ctx context.Context) (*Searched, error) {
	// A trace that cannot be written stops the search at once.
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	var hooks []*trace.Hooks
	var flush func() error
	switch s.Trace.Mode {
	case "text":
		sc := text.Plain()
		if s.Color {
			sc = text.Colored()
		}
		sink := text.New(StopOnError(s.TraceTo, "writing the trace", stop), sc, text.Options{MaxPly: s.Trace.Depth, Timing: s.Timing, Width: s.Trace.Width})
		hooks = append(hooks, sink.Hooks())
		flush = sink.Flush
	case "json":
		w := jsonl.NewWriter(StopOnError(s.TraceTo, "writing the trace", stop))
		w.Timing = s.Timing
		hooks = append(hooks, w.Hooks())
		flush = w.Flush
	}
	var pageFlush func() error
	if s.PageTrace != nil {
		w := jsonl.NewWriter(StopOnError(s.PageTrace, "writing the trace for the page", stop))
		hooks = append(hooks, w.Hooks())
		pageFlush = w.Flush
	}
	var rec *record.Recorder
	if s.Record {
		rec = record.NewRecorder()
		rec.Limit, rec.Under = s.RecordLimit, FocusPath(s.RecordUnder)
		hooks = append(hooks, rec.Hooks())
	}
	if s.Overview != nil {
		hooks = append(hooks, s.Overview.Hooks())
	}
	if s.Hooks != nil {
		hooks = append(hooks, s.Hooks)
	}
	opt := s.Opt
	opt.Lang = string(i18n.FromContext(ctx))
	out := &Searched{Info: engine.Describe(s.In.Pos, s.Lim, opt)}
	if r := s.Report; r != nil {
		if opt.Iterative {
			opt.Progress = func(it engine.Iteration) { s.Iteration(r, out.Info, it) }
		}
		opt.Pass = func(e *trace.Event) { fmt.Fprintln(r, explain.Event(out.Info, e).Short) }
	}
	res, err := engine.Search(ctx, s.In.Pos, s.Lim, opt, trace.Tee(hooks...))
	if werr := WriteFailure(ctx); werr != nil {
		return nil, werr
	}
	if err != nil && !engine.IsStop(err) {
		return nil, setup.SearchError(err)
	}
	if flush != nil {
		if err := flush(); err != nil {
			return nil, setup.Failed(i18n.Errorf("writing the trace: %w", err))
		}
	}
	if pageFlush != nil {
		if err := pageFlush(); err != nil {
			return nil, setup.Failed(i18n.Errorf("writing the trace for the page: %w", err))
		}
	}
	out.Result = res
	if rec != nil {
		out.Recording = rec.Recording()
	}
	if err != nil {
		return out, setup.SearchError(err)
	}
	return out, nil
}

// WriteError is the cause a search is stopped with when an output it
// writes as it goes (its trace) fails: a full disk, a device that takes
// nothing, a closed pipe.
type WriteError struct {
	What string // what was being written: "writing the trace"
	Err  error
}

func (e *WriteError) Error() string { return e.What + ": " + e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

// StopOnError passes writes on to w; the first that fails stops the search
// of the context stop cancels, with a *WriteError as the cause (what says
// what was written), so that the search ends at once rather than after all
// its work.
func StopOnError(w io.Writer, what string, stop context.CancelCauseFunc) io.Writer {
	if w == nil {
		return nil
	}
	return &stopWriter{w: w, what: what, stop: stop}
}

type stopWriter struct {
	w    io.Writer
	what string
	stop context.CancelCauseFunc
}

func (s *stopWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		s.stop(&WriteError{What: s.what, Err: err})
	}
	return n, err
}

// WriteFailure is the failure (exit 1) of a search that StopOnError
// stopped, nil when none was.
func WriteFailure(ctx context.Context) error {
	var we *WriteError
	if errors.As(context.Cause(ctx), &we) {
		return setup.Failed(we)
	}
	return nil
}

// WriteStopNote says why an iterative search stopped early, whose answer it
// gave, and which move led the unfinished iteration.
func (s *Searched) WriteStopNote(w io.Writer) {
	r := &s.Result
	done := 0
	if n := len(r.Iterations); n > 0 {
		done = r.Iterations[n-1].Depth
	}
	p := explain.Printer(s.Info)
	fmt.Fprintln(w, "prunescope: "+p.T("search.stopnote", "Why", explain.StopWords(s.Info, r.Stopped.String()), "Iteration", done+1, "Done", done, "Move", r.BestLabel))
	if l := r.Unfinished; l != nil {
		fmt.Fprintln(w, "prunescope: "+p.T("search.unfinished", "Iteration", l.Depth, "Move", l.Move, "Value", explain.Number(s.Info, l.Value)))
	}
}

// WriteSummary writes what a search found in four lines: the algorithm and
// conventions, the input, the result, the counts.
func (s *Searched) WriteSummary(w io.Writer) {
	for _, line := range explain.SummaryLines(s.Info, s.Result.Summary()) {
		fmt.Fprintln(w, line)
	}
}
