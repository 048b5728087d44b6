package cmd

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/lab"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/text"
)

type searchOptions struct {
	input      lab.InputFlags
	algo       lab.AlgoFlags
	sel        selFlags
	deep       deepFlags
	draw       lab.DrawFlags
	trace      string
	traceOut   string
	traceDepth int
}

func newSearchCmd(s *Streams) *cobra.Command {
	o := &searchOptions{}
	c := &cobra.Command{
		Use:   "search (--tree TREE | --fen FEN | --game tictactoe) [flags]",
		Short: "Search a tree or a position and show where cutoffs happen",
		Long: `Search a toy tree, a chess position or tic-tac-toe with minimax, negamax,
branch and bound or alpha-beta.

The annotated trace shows every node entered with the window it was searched
with, every leaf used, every value returned (exact, or a bound), and every
cutoff with the sentence that explains it. Diagrams draw the same search.
Values and windows are from MAX's point of view; chess values are in
centipawns (mate in n moves is shown as #n, being mated as #-n), tic-tac-toe
values are +1, 0, -1. The text trace is on by default for toy trees; chess
searches print a summary unless --trace text is given.`,
		Example: `  # the textbook alpha-beta example, explained in the terminal
  prunescope search --tree aima

  # the Wikipedia tree without pruning on ties, fail-soft, drawn as SVG and PNG
  prunescope search --tree wikipedia --cutoff gt --fail soft --svg wiki.svg --png wiki.png

  # a homework tree typed inline, root player MIN, as JSON Lines
  prunescope search --tree "((3 -3.01 8) (2 4 6))" --root min --trace json

  # a depth-limited search: inner nodes at the limit need [eval=N]
  prunescope search --tree "((3 4)[eval=2] (5 6)[eval=7])" --depth 1

  # after 1.e4 e5, why is Nc3 never searched? draw the replies to it
  prunescope search --fen start --moves "e4 e5" --depth 3 --svg e4e5.svg --focus Nc3

  # a built-in mate in two (see prunescope positions), traced
  prunescope search --fen mate-in-2 --depth 3 --trace text --trace-depth 1

  # tic-tac-toe, solved completely from a position, O to move
  prunescope search --game tictactoe --board "x../.o./..x"`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runSearch(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.input.Add(fs)
	o.algo.Add(fs)
	o.sel.add(fs)
	o.deep.add(fs, true)
	fs.StringVar(&o.trace, "trace", "auto", "trace to write: text (annotated tree), json (JSON Lines), none (summary only), or auto (text for toy trees, none for games; with --trace-out, json for a .jsonl or .json file, else text)")
	fs.StringVar(&o.traceOut, "trace-out", "", "write the trace to `FILE` instead of standard output")
	fs.IntVar(&o.traceDepth, "trace-depth", 0, "text trace: show nodes at most this many plies deep (0: all)")
	o.draw.Add(fs)
	return c
}

func runSearch(ctx context.Context, s *Streams, o *searchOptions) error {
	switch o.trace {
	case "auto", "text", "json", "none":
	default:
		return badInputf("--trace: %q is not text, json, none or auto", o.trace)
	}
	if err := lab.CheckInt("trace-depth", o.traceDepth, 0); err != nil {
		return err
	}
	if err := o.draw.Check(); err != nil {
		return err
	}
	if o.traceOut == "-" {
		o.traceOut = "" // standard output, as without the flag
	}
	in, opt, lim, err := setupSearch(s, &o.input, &o.algo, &o.sel, &o.deep)
	if err != nil {
		return err
	}
	if it := o.draw.Iteration; it > 1 && (!opt.Iterative || it > lim.Depth) {
		last := 1
		if opt.Iterative {
			last = lim.Depth
		}
		return badInputf("--iteration: iteration %d: the search has iterations 1 to %d", it, last)
	}
	if err := in.CheckFocus(o.draw.Focus); err != nil {
		return err
	}
	mode := o.trace
	switch {
	case mode != "auto":
	case o.traceOut != "":
		// A file asked for is written: JSON Lines by its name, else text.
		mode = "text"
		if ext := strings.ToLower(filepath.Ext(o.traceOut)); ext == ".jsonl" || ext == ".json" {
			mode = "json"
		}
	case in.Tree != nil && o.draw.ToStdout() == "":
		mode = "text"
	default:
		mode = "none"
	}
	// A picture written to standard output must be alone there: the report
	// goes to standard error, and a trace needs a file of its own.
	report := s.Out
	if name := o.draw.ToStdout(); name != "" {
		report = s.Err
		if mode != "none" && o.traceOut == "" {
			return badInputf("--%s -: standard output carries the picture; write the trace with --trace-out FILE or leave it out (--trace none)", name)
		}
	}

	// Wire the sinks: the trace goes to standard output or to a file written
	// whole at the end; a recorder keeps the tree for the diagrams.
	var hooks []*trace.Hooks
	var out io.Writer = s.Out
	var file *atomicFile
	if o.traceOut != "" && mode != "none" {
		if file, err = createAtomic(o.traceOut); err != nil {
			return failed(err)
		}
		defer file.Abort()
		out = file
	}
	var flush func() error
	switch mode {
	case "text":
		sc := text.Plain()
		if file == nil && s.colorOn(s.Out) {
			sc = text.Colored()
		}
		sink := text.New(out, sc, text.Options{MaxPly: o.traceDepth, Timing: o.deep.timing})
		hooks = append(hooks, sink.Hooks())
		flush = sink.Flush
	case "json":
		w := jsonl.NewWriter(out)
		w.Timing = o.deep.timing
		hooks = append(hooks, w.Hooks())
		flush = w.Flush
	}
	var rec *trace.Recorder
	if o.draw.Wanted() {
		rec = trace.NewRecorder()
		rec.Limit = recordLimit
		hooks = append(hooks, rec.Hooks())
	}

	info := engine.Describe(in.Pos, lim, opt)
	if opt.Iterative && (mode == "none" || file != nil) {
		opt.Progress = func(it engine.Iteration) { writeIteration(report, info, it, o.deep.timing) }
	}
	if mode == "none" || file != nil {
		opt.Pass = func(e *trace.Event) { fmt.Fprintln(report, explain.Event(info, e).Short) }
	}
	res, err := engine.Search(ctx, in.Pos, lim, opt, trace.Tee(hooks...))
	if err != nil && !engine.IsStop(err) {
		return lab.SearchError(err)
	}
	if flush != nil {
		if err := flush(); err != nil {
			return failed(fmt.Errorf("writing the trace: %w", err))
		}
	}
	if err != nil {
		// Stopped before a result: the trace is whole all the same, its last
		// event the done that says why, so it is kept; the error stands.
		if file != nil {
			if cerr := file.Commit(); cerr != nil {
				return failed(cerr)
			}
			fmt.Fprintf(s.Err, "prunescope: wrote %s\n", o.traceOut)
		}
		return lab.SearchError(err)
	}
	var pic *lab.Drawing
	if rec != nil {
		if pic, err = o.draw.Build(rec.Recording()); err != nil {
			return err
		}
	}
	if file != nil {
		if err := file.Commit(); err != nil {
			return failed(err)
		}
		fmt.Fprintf(s.Err, "prunescope: wrote %s\n", o.traceOut)
	}
	if mode == "none" || file != nil {
		writeSummary(report, info, &res)
	}
	if res.Stopped != engine.Finished {
		writeStopNote(s.Err, info, &res)
	}
	if pic != nil {
		// Drawn even after Ctrl-C stopped the search: the answer stands.
		return writeDrawing(context.WithoutCancel(ctx), s, &o.draw, pic)
	}
	return nil
}

// setupSearch reads the input and builds the options and limits a search
// command's flags ask for, checking that they go together.
func setupSearch(s *Streams, input *lab.InputFlags, algo *lab.AlgoFlags, sel *selFlags, deep *deepFlags) (*lab.Input, engine.Options, engine.Limits, error) {
	var lim engine.Limits
	opt, err := algo.Options()
	if err != nil {
		return nil, opt, lim, err
	}
	in, err := input.Load(s.In)
	if err != nil {
		return nil, opt, lim, err
	}
	if opt.Sel, err = sel.build(in.Pos.Game()); err != nil {
		return nil, opt, lim, err
	}
	if err := needNull(opt.Sel); err != nil {
		return nil, opt, lim, err
	}
	lim.Depth = in.Depth
	if err := deep.apply(&opt, &lim, in.Pos.Game()); err != nil {
		return nil, opt, lim, err
	}
	if err := in.CheckIterations(opt); err != nil {
		return nil, opt, lim, err
	}
	if opt.Sel.Any() && opt.Algo != engine.AlphaBeta && opt.Algo != engine.PVS && opt.Algo != engine.MTDF {
		return nil, opt, lim, badInputf("--algo %s: the selective techniques (--selective, --null-move, ...) work with alphabeta, pvs and mtdf", opt.Algo)
	}
	return in, opt, lim, nil
}

// recordLimit bounds the nodes kept for a drawing (a few hundred megabytes at
// most); drawings show a few hundred shapes anyway. A variable so that tests
// can lower it.
var recordLimit int64 = 500_000

// writeStopNote says why an iterative search stopped early, whose answer it
// gave, and which move led the unfinished iteration.
func writeStopNote(w io.Writer, info *trace.Info, r *engine.Result) {
	done := 0
	if n := len(r.Iterations); n > 0 {
		done = r.Iterations[n-1].Depth
	}
	fmt.Fprintf(w, "prunescope: note: %s during iteration %d: the answer is iteration %d's, %s\n", r.Stopped, done+1, done, r.BestLabel)
	if l := r.Unfinished; l != nil {
		fmt.Fprintf(w, "prunescope: note: in the unfinished iteration %d, %s had taken the lead (%s, as far as it went)\n", l.Depth, l.Move, info.Format(l.Value))
	}
}

// writeSummary writes what a search found in four lines: the algorithm and
// conventions, the input, the result, the counts.
func writeSummary(w io.Writer, info *trace.Info, r *engine.Result) {
	fmt.Fprintln(w, explain.Describe(info))
	for _, o := range info.Options {
		fmt.Fprintln(w, "+ "+o)
	}
	fmt.Fprintln(w, explain.InputLine(info))
	line := "value " + info.Format(r.Value)
	if r.HasBest {
		line += " · best move " + r.BestLabel
	}
	if len(r.PVLabels) > 0 {
		line += " · PV"
		for _, m := range r.PVLabels {
			line += " " + m
		}
	}
	fmt.Fprintln(w, line)
	fmt.Fprintln(w, explain.Counts(r.Summary()))
}
