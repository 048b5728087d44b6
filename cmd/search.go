package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

type searchOptions struct {
	input setup.InputFlags
	algo  setup.AlgoFlags
	sel   setup.SelFlags
	deep  setup.DeepFlags
	draw  job.DrawFlags
	tikz  job.TikzFlags
	trace job.TraceFlags
	page  job.PageFlags
	over  job.OverviewFlags
	lab   string
	fs    *pflag.FlagSet
}

// newSearchCmd makes the search command. runF runs it once its flags are
// parsed into the options, writing to s: runSearch, or a test's (nil: runSearch).
func newSearchCmd(s *Streams, runF func(context.Context, *Streams, *searchOptions) error) *cobra.Command {
	if runF == nil {
		runF = runSearch
	}
	o := &searchOptions{}
	c := &cobra.Command{
		Use:   "search (--tree TREE | --fen FEN | --game tictactoe) [flags]",
		Short: "Search a tree or a position and show where cutoffs happen",
		Long: `Search a toy tree, a chess position or tic-tac-toe with minimax, negamax,
branch and bound or alpha-beta (PVS, MTD(f)); a tree with chance nodes
([chance], see prunescope tree --help) with expectimax, or with Ballard's
Star1 and Star2, which prune chance nodes given bounds on every value
(--bounds LO,HI).

The annotated trace shows every node entered with the window it was searched
with, every leaf used, every value returned (exact, or a bound), and every
cutoff with the sentence that explains it. Diagrams draw the same search.
Values and windows are from MAX's point of view; chess values are in
centipawns (mate in n moves is shown as #n, being mated as #-n), tic-tac-toe
values are +1, 0, -1. The text trace is on by default for toy trees; chess
searches print a summary unless --trace text is given.

--overview FILE draws the shape of the whole search, however big, as an SVG
icicle chart: the root a bar across the top, each ply a row below it, each
move as wide as the nodes searched at and below it; cutoffs red and hatched,
null-move prunes violet and dotted, cuts by the transposition table teal and
lined (deeper where more of the visits ended so), reduced moves dashed,
extended ones dotted inside, the principal variation outlined bold. Memory
stays bounded whatever the search's size (--overview-depth sets the rows).`,
		Example: `  # the textbook alpha-beta example, explained in the terminal
  prunescope search --tree aima

  # the Wikipedia tree without pruning on ties, fail-soft, drawn as SVG and PNG
  prunescope search --tree wikipedia --cutoff gt --fail soft --svg wiki.svg --png wiki.png

  # a homework tree typed inline, root player MIN, as JSON Lines
  prunescope search --tree "((3 -3.01 8) (2 4 6))" --root min --trace json

  # AIMA's exercise: each node's children searched right to left (nothing is
  # pruned); drawn as the book draws the tree, each visit numbered #1, #2, #3
  prunescope search --tree aima --order-children rtl --png aima-rtl.png

  # an exam's "search the root with window (3, 8)", once: the root fails
  # low, and the value is reported as what it is, at most 3
  prunescope search --tree aima --window 3,8

  # two MIN agents moving in turn below the MAX root ([min] marks): value 2
  prunescope search --tree "(((3 5)[min] (2 9)[min])[min] ((8 1)[min] (6 7)[min])[min])"

  # chance nodes: a MAX root over two chance nodes, equally likely outcomes
  # (7.5 and 3); weights with [p=...]
  prunescope search --tree "((3 12)[chance] (2 4)[chance])" --algo expectimax
  prunescope search --tree "((3[p=0.25] 12[p=0.75])[chance] (2 4)[chance])" --algo expectimax

  # a test of UC Berkeley CS188's multi-agent project (test_cases/q3/*.test),
  # searched as its autograder does: fail-soft, no pruning on ties
  prunescope search --tree 2-1a-vary-depth.test --algo alphabeta:soft:gt

  # AIMA's exercise on pruning chance nodes: every leaf lies in [-2, 2], so
  # Star1 cuts the right chance node after its first MIN node
  prunescope search --tree "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])" --algo star1 --bounds -2,2

  # a depth-limited search: inner nodes at the limit need [eval=N]
  prunescope search --tree "((3 4)[eval=2] (5 6)[eval=7])" --depth 1

  # after 1.e4 e5, which reply cut Nc3 short, after how many others? draw them
  prunescope search --fen start --moves "e4 e5" --depth 3 --svg e4e5.svg --focus Nc3

  # a built-in mate in two (see prunescope positions), traced
  prunescope search --fen mate-in-2 --depth 3 --trace text --trace-depth 1

  # the same search as a LaTeX picture for a paper (\input it; forest in the preamble)
  prunescope search --tree wikipedia --tikz wiki.tex

  # the projector page: one HTML file that steps through the search
  prunescope search --tree aima --html aima.html

  # the shape of a whole depth-6 chess search (3 million nodes), with and without the selective techniques
  prunescope search --fen start --depth 6 --overview start6.svg
  prunescope search --fen start --depth 6 --selective --overview start6-selective.svg

  # tic-tac-toe, solved completely from a position, O to move
  prunescope search --game tictactoe --board "x../.o./..x"`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runF(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.input.Add(fs)
	o.algo.Add(fs)
	o.sel.Add(fs)
	o.deep.Add(fs, true)
	o.trace.Add(fs)
	o.draw.Add(fs)
	o.tikz.Add(fs, "the searched tree", true)
	o.page.Add(fs, "the search")
	fs.StringVar(&o.lab, "lab", "", labUsage)
	o.fs = fs
	o.over.Add(fs, "the whole search")
	return c
}

func runSearch(ctx context.Context, s *Streams, o *searchOptions) error {
	if err := o.trace.Check(); err != nil {
		return err
	}
	if err := o.draw.Check(); err != nil {
		return err
	}
	if o.draw.Ranges && !o.draw.Wanted() && !o.tikz.Wanted() && o.page.File == "" {
		return badInputf("--ranges: the ranges are drawn in --dot, --svg, --png and --tikz pictures and on the --html page (and step --frames); give one")
	}
	if err := o.tikz.Check(); err != nil {
		return err
	}
	if err := o.page.Check(); err != nil {
		return err
	}
	if o.page.File != "" && !o.draw.Wanted() && !o.tikz.Wanted() {
		if err := o.draw.CheckPageOnly(); err != nil {
			return err
		}
	}
	if err := o.over.Check(); err != nil {
		return err
	}
	in, opt, lim, err := setup.Search(s.In, &o.input, &o.algo, &o.sel, &o.deep)
	if err != nil {
		return err
	}
	if o.lab != "" {
		if err := writeLabOf(ctx, s, o.fs, in, o.lab, 0); err != nil {
			return err
		}
	}
	if err := o.draw.CheckIteration(lim, opt); err != nil {
		return err
	}
	if err := in.CheckFocus(o.draw.Focus); err != nil {
		return err
	}
	toStdout := o.draw.ToStdout()
	if toStdout == "" {
		toStdout = o.tikz.ToStdout()
	}
	if toStdout == "" {
		toStdout = o.over.ToStdout()
	}
	if err := o.trace.Resolve(in, toStdout); err != nil {
		return err
	}
	// A picture written to standard output must be alone there: the report
	// goes to standard error.
	report := s.Out
	if toStdout != "" {
		report = s.Err
	}
	// The trace goes to standard output or to a file written whole at the
	// end; without a trace there, the report says how the search goes.
	run := &job.Search{In: in, Opt: opt, Lim: lim, Trace: o.trace, TraceTo: s.Out, Timing: o.deep.Timing,
		Iteration: func(w io.Writer, info *trace.Info, it engine.Iteration) { writeIteration(w, info, it, o.deep.Timing) },
		Record:    o.draw.Wanted() || o.tikz.Wanted(), RecordLimit: recordLimitFor(o.draw.MaxDraw), RecordUnder: o.draw.Focus, Overview: o.over.Builder()}
	// A CS188 test: the states the search entered, as the autograder lists
	// its "generated nodes".
	var entered []string
	if in.Tree != nil && in.Tree.CS188 {
		run.Hooks = &trace.Hooks{Event: func(e *trace.Event) {
			if e.Kind == trace.Enter && e.Path != "" {
				entered = append(entered, e.Path)
			}
		}}
		entered = append(entered, in.Tree.Root.Name)
	}
	scratch, err := newPageScratch(&o.page)
	if err != nil {
		return err
	}
	if scratch != nil {
		defer scratch.cleanup()
		run.PageTrace = scratch.trace
	}
	var file *atomicFile
	if o.trace.Out != "" && o.trace.Mode != "none" {
		if file, err = createAtomic(o.trace.Out); err != nil {
			return failed(err)
		}
		defer file.Abort()
		run.TraceTo = file
	}
	run.Color = file == nil && s.colorOn(s.Out)
	if !run.Trace.WidthGiven && file == nil {
		run.Trace.Width = s.textWidth(s.Out)
	}
	quiet := o.trace.Mode == "none" || file != nil
	if quiet {
		run.Report = report
	}
	res, err := run.Run(ctx)
	if res == nil {
		return err
	}
	commit := func() error {
		if file == nil {
			return nil
		}
		if err := file.Commit(); err != nil {
			return failed(err)
		}
		wrote(s, o.trace.Out)
		return nil
	}
	if err != nil {
		// Stopped before a result: the trace is kept; the error stands.
		if cerr := commit(); cerr != nil {
			return cerr
		}
		return err
	}
	var pic *job.Drawing
	var tex []byte
	if res.Recording != nil && o.draw.Wanted() {
		if pic, err = o.draw.Build(res.Recording); err != nil {
			return err
		}
	}
	if res.Recording != nil && o.tikz.Wanted() {
		if tex, err = o.tikz.Build(res.Recording, &o.draw); err != nil {
			return err
		}
	}
	var chart []byte
	if run.Overview != nil {
		if chart, err = o.over.Draw(run.Overview, ""); err != nil {
			return err
		}
	}
	if err := commit(); err != nil {
		return err
	}
	if quiet {
		// Wrapped as the trace would be, at the width of where it goes.
		width := o.trace.Width
		if !o.trace.WidthGiven {
			width = s.textWidth(report)
		}
		var sum strings.Builder
		res.WriteSummary(&sum)
		io.WriteString(report, job.WrapLines(sum.String(), width))
	}
	if entered != nil {
		to := report
		switch {
		case !quiet && file == nil && o.trace.Mode == "json":
			to = s.Err // a JSON Lines trace on standard output stays JSON Lines
		case !quiet && file == nil:
			to = s.Out // after the text trace and its summary
		}
		generated := tree.CS188Generated(entered)
		p := explain.Printer(res.Info)
		line := p.T("search.cs188.generated", "States", strings.Join(generated, " "))
		io.WriteString(to, job.WrapLines(line+"\n", s.textWidth(to)))
		if sol, path, err := cs188Solution(in.Tree.Source); err != nil {
			fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("note.text", "Note", s.printer().Error(err)))
		} else if sol != nil {
			action := in.Tree.CS188Actions[res.Result.BestLabel]
			same := action == sol.Action && strings.Join(generated, " ") == strings.Join(sol.Generated, " ")
			args := []any{"File", path, "Action", sol.Action, "States", len(sol.Generated), "Ours", action, "OurStates", len(generated)}
			line := p.T("search.cs188.same", args...)
			if !same {
				line = p.T("search.cs188.differs", append(args, "Spec", in.Tree.CS188Spec)...)
			}
			io.WriteString(to, job.WrapLines(line+"\n", s.textWidth(to)))
		}
	}
	if res.Result.Stopped != engine.Finished {
		res.WriteStopNote(s.Err)
	}
	if pic != nil {
		// Drawn even after Ctrl-C stopped the search: the answer stands.
		if err := writeDrawing(job.PastInterrupt(ctx), s, &o.draw, pic); err != nil {
			return err
		}
	}
	if tex != nil {
		if err := writeOutput(s, o.tikz.File, tex); err != nil {
			return err
		}
	}
	if chart != nil {
		if err := writeOutput(s, o.over.File, chart); err != nil {
			return err
		}
	}
	if scratch != nil {
		in, err := scratch.input("the search")
		if err != nil {
			return err
		}
		return writePage(ctx, s, &o.page, o.draw.Look, o.draw.Focus, in)
	}
	return nil
}

// cs188Solution reads the .solution file beside a CS188 test file, when
// there is one: nil without an error when there is none.
func cs188Solution(testPath string) (*tree.CS188Solution, string, error) {
	if !strings.HasSuffix(testPath, ".test") {
		return nil, "", nil
	}
	path := strings.TrimSuffix(testPath, ".test") + ".solution"
	f, err := os.Open(path)
	if err != nil {
		return nil, "", nil // no solution beside it
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, 1<<20))
	if err != nil {
		return nil, "", i18n.Errorf("%s: %w", path, err)
	}
	sol, err := tree.ParseCS188Solution(path, string(data))
	return sol, path, err
}
