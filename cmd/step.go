package cmd

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

type stepOptions struct {
	path       string // a saved trace (- for standard input), "" to search
	input      searchInput
	steps      int
	from       int64
	cuts       bool
	plain      bool
	ascii      bool // the board's pieces as letters
	width      int  // the printed steps' width (--width), when widthGiven
	widthGiven bool
	frames     job.FrameFlags
	page       job.PageFlags
	focus      string // --html: one subtree and the steps of its visit
	lab        string // --lab FILE
	fs         *pflag.FlagSet
}

// searchInput are the flags of what to search, as search has them.
type searchInput struct {
	input setup.InputFlags
	algo  setup.AlgoFlags
	sel   setup.SelFlags
	deep  setup.DeepFlags
}

// newStepCmd makes the step command; runF runs it (nil: runStep).
func newStepCmd(s *Streams, runF func(context.Context, *Streams, *stepOptions) error) *cobra.Command {
	if runF == nil {
		runF = runStep
	}
	o := &stepOptions{}
	c := &cobra.Command{
		Use:   "step [TRACE.jsonl | -] [--tree TREE | --fen FEN | --game tictactoe] [flags]",
		Short: "Step through a search one event at a time, as in a debugger",
		Long: `Step through a search one event at a time: the same inputs and switches as
search, or a JSON Lines trace saved with search --trace json (- reads it from
standard input).

A trace of your own search (the minimal trace check reads, one event a
line: docs/trace-format.md) is stepped through as well, given what it
searched (--tree, --fen with --depth, --game tictactoe): its nodes and the
values they returned, as your trace tells them, no windows, bounds or
cutoffs, which it does not tell; --html, --frames and the player show it
as they show prunescope's.

In a terminal the player is full-screen: it shows the conventions, the step
with a sentence that says what happened and why, the path from the root with
the window of each node, and a compact view of the tree searched so far. At
the end of the search (e) it shows the whole tree, each node with its value
and the window it was searched with, when it fits the screen; what does not
fit is closed, ply by ply from the deepest, each closed node counting the
nodes searched below it (the principal variation is opened first). For a
chess search it draws the position at the node of the step, beside the tree
(above it on a narrow screen): Unicode pieces with rank numbers and file
letters, the squares of the move into the node bracketed, [♘]; letters
(KQRBNP for White, kqrbnp for Black) with --ascii or when the locale
(LC_ALL, LC_CTYPE, LANG) names a character set other than UTF-8.

  Enter, n, space, →   next step          c   next cutoff or prune
  b, ←                 back one step      g   the start
  j N Enter, N Enter   go to step N       e   the end
  ?                    help               q   quit

Step N is the page's step N (its digits then Enter, #step=N); --from
starts at the step of an event number.

A step is one event of the trace, except that entering a leaf, its value and
leaving it are one step; table probes and stores go with the step they follow
(the node entered, the node left), and mark their node there.

The trace of a search run by step is kept in a temporary file of at most
256 MiB: a search that writes more stops there, as at a node limit, and its
last step says so. --nodes N steps through the first N nodes of a search
(its last step says where the node limit stopped it). When only the first
--steps N are printed, the search stops as soon as it has written them.

When standard input or output is not a terminal, the terminal is dumb
(TERM=dumb), or with --plain, the steps are printed one after another, each
with its sentence and path, after a header that names the algorithm, its
conventions and the techniques switched on, as the text trace's does: --from
EVENT starts at an event, --steps N stops after N steps, --cuts prints only
the cutoffs and prunes. On a terminal their lines wrap at its width, to a
file or a pipe they stay whole; --width N wraps them at N columns.

--frames DIR writes one SVG per step for slides (DIR/step-0001.svg, …, and
DIR/index.html to click through them in a browser): the tree as it stood at
that step, nodes not searched yet laid out but invisible so nothing moves
between frames, the node of the step blue with a thick outline and a tint,
and the step's sentence as the caption. --frames-format png suits slide
programs that take pictures only;
--frames-every K keeps one step in K; more than --frames-max frames is
refused before anything is written. The frames of an earlier run in DIR
are replaced when the new ones are all drawn: a failure or Ctrl-C leaves
DIR as it was.

--html FILE writes the projector page: one self-contained HTML file (no
network, nothing external) that replays the steps in a browser, the tree laid
out once with every node's window (the one it was entered with), value and
bound, and beside it, labelled, its live best so far and α or β (closed: α ≥ β
at a cut) and the marks of its events, the step's sentence in large type, the line from the root and the counters, and for
chess a board. Keys: → Space n next, ← b back, c next cutoff, Home End,
digits then Enter to go to a step, p play, f full screen, ? help; the address
#step=N opens at step N. --focus NODE holds one subtree, from the step that
enters it to the step it returns in (the way to a page of a chess search too
long to show whole); --from and --steps choose the part of the search it
holds; more than --html-max-steps steps is refused before anything is
written. --max-draw and --draw-depth lay the tree out as for --frames. The
page is the same whoever writes it and whoever views it: it is always laid
out by the builtin Graphviz (never a native dot) and drawn in the font it
embeds (Go Regular and Go Bold, only the characters it uses), and its values
are always from MAX's point of view, as its sentences are.`,
		Example: `  # the textbook example, one step at a time
  prunescope step --tree aima

  # the same, printed for a script: the first 5 steps, or only the cutoffs
  prunescope step --tree aima --steps 5
  prunescope step --tree wikipedia --cuts

  # replay a saved trace from event 40
  prunescope search --tree wikipedia --trace json --trace-out wiki.jsonl
  prunescope step wiki.jsonl --from 40

  # your own search's trace (as check reads it), step by step, and its page
  prunescope step mine.jsonl --tree aima
  prunescope step mine.jsonl --tree aima --html mine.html

  # slides: one SVG per step of the Wikipedia tree
  prunescope step --tree wikipedia --frames slides/

  # the projector page of the Wikipedia tree, opened at step 27
  prunescope step --tree wikipedia --html wiki.html   # then open wiki.html#step=27

  # the page of one reply in a chess search too long for a page whole
  prunescope step --fen start --depth 4 --html e4e5.html --focus "e4 e5"

  # a chess search, every step (the trace is read lazily)
  prunescope step --fen mate-in-2 --depth 3`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.path = args[0]
			}
			o.widthGiven = c.Flags().Changed("width")
			return runF(c.Context(), s, o)
		},
	}
	fs := c.Flags()
	o.input.input.Add(fs)
	o.input.algo.Add(fs)
	o.input.sel.Add(fs)
	o.input.deep.Add(fs, true)
	fs.IntVar(&o.steps, "steps", 0, "print (or draw, or hold in the --html page) at most `N` steps, then stop (0: all)")
	fs.Int64Var(&o.from, "from", 0, "start at the step of event `SEQ` (the seq numbers of the JSON Lines trace)")
	fs.BoolVar(&o.cuts, "cuts", false, "print only the steps that cut or prune")
	fs.BoolVar(&o.plain, "plain", false, "print the steps one after another even in a terminal")
	fs.IntVar(&o.width, "width", 0, "printed steps: "+job.WidthHelp)
	fs.BoolVar(&o.ascii, "ascii", false, "the full-screen player's chess board with letters (KQRBNP White, kqrbnp Black) instead of Unicode pieces, as when the locale's character set is not UTF-8")
	o.frames.Add(fs)
	o.page.Add(fs, "the steps")
	fs.StringVar(&o.focus, "focus", "", "with --html: hold only this node's subtree and the steps of its visit: a toy-tree node name such as 2.1, or moves from the root such as \"e4 e5\"")
	fs.StringVar(&o.lab, "lab", "", labUsage+"; written instead of stepping")
	o.fs = fs
	return c
}

func runStep(ctx context.Context, s *Streams, o *stepOptions) error {
	if o.lab != "" {
		if o.path != "" {
			return badInputf("--lab: the lab searches a tree itself: give --tree, not a saved trace")
		}
		in, _, _, err := setup.Search(s.In, &o.input.input, &o.input.algo, &o.input.sel, &o.input.deep)
		if err != nil {
			return err
		}
		return writeLabOf(ctx, s, o.fs, in, o.lab, 0)
	}
	if err := setup.CheckInt("steps", o.steps, 0); err != nil {
		return err
	}
	if err := setup.CheckInt("width", o.width, 0); err != nil {
		return err
	}
	if o.from < 0 {
		return badInputf("--from: %d is not an event number (0 or more)", o.from)
	}
	if err := o.frames.Check(); err != nil {
		return err
	}
	if err := o.page.Check(); err != nil {
		return err
	}
	if o.frames.Ranges && o.frames.Dir == "" && o.page.File == "" && !interactive(s, o) {
		return badInputf("--ranges: the ranges are shown by the terminal player, in the --frames pictures and on the --html page; give --frames DIR or --html FILE, or step in a terminal")
	}
	if o.ascii && o.input.input.Given() && o.input.input.FEN == "" {
		return badInputf("--ascii: the board is drawn for a chess search (--fen); this input has none")
	}
	if o.focus != "" && o.page.File == "" {
		return badInputf("--focus: give --html FILE too (the page shows that subtree; the player and --frames show the whole search)")
	}
	if o.page.File != "" {
		if o.frames.Dir != "" {
			return badInputf("--html: give --frames or --html, not both")
		}
		if err := o.frames.CheckLook(); err != nil {
			return err
		}
		if err := o.frames.CheckPageOnly(); err != nil {
			return err
		}
	}
	if o.frames.Dir != "" {
		if err := checkFramesDir(o.frames.Dir); err != nil {
			return err
		}
	}

	f, name, cleanup, err := stepTrace(ctx, s, o)
	if err != nil {
		return err
	}
	defer cleanup()
	st, err := f.Stat()
	if err != nil {
		return failed(err)
	}
	// Each reader of the trace gets its own offset.
	open := func() io.ReadSeeker { return io.NewSectionReader(f, 0, st.Size()) }
	p, err := step.Open(open(), name)
	if err != nil {
		return badInput("", err)
	}
	job.Speak(ctx, p.Info())
	if o.ascii && p.Info().Game != "chess" {
		return badInputf("--ascii: the board is drawn for a chess search; %s is not one", name)
	}
	if o.from > 0 {
		if err := p.Jump(o.from); err != nil {
			return setup.TraceError(err)
		}
	}
	switch {
	case o.frames.Dir != "":
		return writeFrames(ctx, s, o, p, open, name)
	case o.page.File != "":
		in := job.PageInput{Open: open, Name: name, From: max(p.Index(), 1), Steps: o.steps}
		return writePage(ctx, s, &o.page, o.frames.Look, o.focus, in)
	case interactive(s, o):
		boards, err := job.StepBoards(p.Info())
		if err != nil {
			return err
		}
		if boards != nil {
			p.ShowBoards(boards, o.ascii || !job.UnicodeLocale())
		}
		if o.frames.Ranges {
			rec, err := recordTrace(ctx, open(), name)
			if err != nil {
				return err
			}
			p.ShowRanges(rec)
		}
		return interactiveStep(ctx, s, p)
	}
	width := s.textWidth(s.Out)
	if o.widthGiven {
		width = o.width
	}
	return job.PrintSteps(s.Out, p, o.steps, o.cuts, width)
}

// stepTrace returns the trace to step through as a seekable file: the saved
// trace named, standard input copied to a temporary file, or the trace of a
// search run now into a temporary file. cleanup removes what it made.
func stepTrace(ctx context.Context, s *Streams, o *stepOptions) (*os.File, string, func(), error) {
	none := func() {}
	path := o.path
	in := &o.input.input
	searchFlags := in.Given()
	switch {
	case path != "":
		// A saved trace: prunescope's own, or a student's read with what
		// it searched (--tree, --fen, --game).
		t, err := openTrace(path, s, true, flagsLoader(in, s, path))
		if err != nil {
			return nil, "", none, err
		}
		if t.Student == nil && searchFlags {
			t.Close()
			return nil, "", none, badInputf("%s: prunescope's own trace says what it searched: give the saved trace or the input to search (--tree, --fen, --game), not both", t.Name)
		}
		if t.Student != nil && o.frames.Ranges {
			t.Close()
			return nil, "", none, badInputf("--ranges: a trace of your own search tells no bounds, so the range each value may take is not known: leave out --ranges")
		}
		return t.F, t.Name, t.Close, nil
	case !searchFlags:
		return nil, "", none, badInputf("nothing to step through: give a saved trace (prunescope step FILE) or an input (--tree, --fen or --game)")
	}

	pos, opt, lim, err := setup.Search(s.In, &o.input.input, &o.input.algo, &o.input.sel, &o.input.deep)
	if err != nil {
		return nil, "", none, err
	}
	tmp, cleanup, err := scratchFile()
	if err != nil {
		return nil, "", none, failed(err)
	}
	progress := pos.Tree == nil && isTerminal(s.Err) // a game's search may take a while
	if progress {
		fmt.Fprint(s.Err, "prunescope: "+s.printer().T("step.searching"))
	}
	need := int64(0)
	if !o.cuts && o.frames.Dir == "" && !interactive(s, o) {
		need = job.StepsNeeded(o.steps)
	}
	stopped, err := job.TraceSearch(ctx, pos, opt, lim, tmp, stepTraceLimit, o.from, need)
	if progress {
		job.ClearLine(s.Err)
	}
	if err != nil {
		cleanup()
		return nil, "", none, err
	}
	switch p := s.printer(); stopped {
	case engine.TraceFull:
		fmt.Fprintf(s.Err, "prunescope: %s\n", p.T("note.step.tracefull", "MiB", stepTraceLimit>>20))
	case engine.NodesUsed:
		fmt.Fprintf(s.Err, "prunescope: %s\n", p.N("note.step.nodes", lim.Nodes, "Limit", lim.Nodes))
	case engine.TimeUp:
		fmt.Fprintf(s.Err, "prunescope: %s\n", p.T("note.step.time", "Time", lim.Time.String()))
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		cleanup()
		return nil, "", none, failed(err)
	}
	return tmp, "the search", cleanup, nil
}

// stepTraceLimit bounds the trace a step command's own search writes to its
// temporary file (a variable so that tests can lower it): at depth 100 a
// chess search writes about 1.6 KB per node, 300 MB in half a second.
var stepTraceLimit int64 = 256 << 20

// interactive reports whether the steps are played full-screen rather than
// printed.
func interactive(s *Streams, o *stepOptions) bool {
	return !o.plain && rawTerminal(s.In) && rawTerminal(s.Out) && !job.DumbTerminal()
}

// recordTrace records the whole trace in rs (named name in errors), for the
// ranges the player shows at each step.
func recordTrace(ctx context.Context, rs io.ReadSeeker, name string) (*record.Recording, error) {
	r := record.NewRecorder()
	if err := jsonl.ReadAll(rs, name, job.Spoken(ctx, func(e *trace.Event) error { r.Add(e); return nil })); err != nil {
		return nil, setup.TraceError(err)
	}
	if err := r.Err(); err != nil {
		return nil, setup.TraceError(err)
	}
	return r.Recording(), nil
}
