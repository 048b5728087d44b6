package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/prunescope/prunescope/cmd/lab"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/render"
	"github.com/prunescope/prunescope/trace/step"
	"github.com/prunescope/prunescope/trace/text"
)

type stepOptions struct {
	input searchInput
	steps int
	from  int64
	cuts  bool
	plain bool

	frames      string
	framesFmt   string
	framesEvery int
	framesMax   int
	maxDraw     int
	drawDepth   int
	view        string
	renderer    string
}

// searchInput are the flags of what to search, as search has them.
type searchInput struct {
	input lab.InputFlags
	algo  lab.AlgoFlags
	sel   selFlags
	deep  deepFlags
}

func newStepCmd(s *Streams) *cobra.Command {
	o := &stepOptions{}
	c := &cobra.Command{
		Use:   "step [TRACE.jsonl | -] [--tree TREE | --fen FEN | --game tictactoe] [flags]",
		Short: "Step through a search one event at a time, as in a debugger",
		Long: `Step through a search one event at a time: the same inputs and switches as
search, or a JSON Lines trace saved with search --trace json (- reads it from
standard input).

In a terminal the player is full-screen: it shows the conventions, the step
with a sentence that says what happened and why, the path from the root with
the window of each node, and a compact view of the tree searched so far.

  Enter, n, space, →   next step          c   next cutoff or prune
  b, ←                 back one step      j   jump to an event number
  g                    the start          e   the end
  ?                    help               q   quit

A step is one event of the trace, except that entering a leaf, its value and
leaving it are one step; table probes and stores go with the next step.

The trace of a search run by step is kept in a temporary file of at most
256 MiB: a search that writes more stops there, as at a node limit, and its
last step says so. When only the first --steps N are printed, the search
stops as soon as it has written them.

When standard input or output is not a terminal, the terminal is dumb
(TERM=dumb), or with --plain, the steps are printed one after another, each
with its sentence and path: --from EVENT starts at an event, --steps N stops
after N steps, --cuts prints only the cutoffs and prunes.

--frames DIR writes one SVG per step for slides (DIR/step-0001.svg, …, and
DIR/index.html to click through them in a browser): the tree as it stood at
that step, nodes not searched yet laid out but invisible so nothing moves
between frames, the node of the step in green and the step's sentence as the
caption. --frames-format png suits slide programs that take pictures only;
--frames-every K keeps one step in K; more than --frames-max frames is
refused before anything is written. The frames of an earlier run in DIR
are replaced when the new ones are all drawn: a failure or Ctrl-C leaves
DIR as it was.`,
		Example: `  # the textbook example, one step at a time
  prunescope step --tree aima

  # the same, printed for a script: the first 5 steps, or only the cutoffs
  prunescope step --tree aima --steps 5
  prunescope step --tree wikipedia --cuts

  # replay a saved trace from event 40
  prunescope search --tree wikipedia --trace json --trace-out wiki.jsonl
  prunescope step wiki.jsonl --from 40

  # slides: one SVG per step of the Wikipedia tree
  prunescope step --tree wikipedia --frames slides/

  # a chess search, every step (the trace is read lazily)
  prunescope step --fen mate-in-2 --depth 3`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			path := ""
			if len(args) == 1 {
				path = args[0]
			}
			return runStep(c.Context(), s, o, path)
		},
	}
	fs := c.Flags()
	o.input.input.Add(fs)
	o.input.algo.Add(fs)
	o.input.sel.add(fs)
	o.input.deep.add(fs, true)
	fs.IntVar(&o.steps, "steps", 0, "print (or draw) at most `N` steps, then stop (0: all)")
	fs.Int64Var(&o.from, "from", 0, "start at the step of event `SEQ` (the seq numbers of the JSON Lines trace)")
	fs.BoolVar(&o.cuts, "cuts", false, "print only the steps that cut or prune")
	fs.BoolVar(&o.plain, "plain", false, "print the steps one after another even in a terminal")
	fs.StringVar(&o.frames, "frames", "", "write one SVG per step into `DIR` (created if missing), with an index.html")
	fs.StringVar(&o.framesFmt, "frames-format", "svg", "with --frames: svg, or png (for slide programs that take pictures only)")
	fs.IntVar(&o.framesEvery, "frames-every", 1, "with --frames: draw every `K`-th step (and the last)")
	fs.IntVar(&o.framesMax, "frames-max", 300, "with --frames: refuse to write more than `N` frames (at most 10000)")
	fs.IntVar(&o.maxDraw, "max-draw", dot.DefaultMaxNodes, "with --frames: the most shapes in one frame; bigger searches are summarised")
	fs.IntVar(&o.drawDepth, "draw-depth", 0, "with --frames: draw at most this many plies (0: as the budget allows)")
	fs.StringVar(&o.view, "view", "max", "with --frames: values from MAX's point of view (max) or the side to move's (negamax)")
	fs.StringVar(&o.renderer, "renderer", "auto", "with --frames: builtin (Graphviz inside prunescope), dot (a native Graphviz) or auto")
	return c
}

func runStep(ctx context.Context, s *Streams, o *stepOptions, path string) error {
	if err := checkInt("steps", o.steps, 0); err != nil {
		return err
	}
	if o.from < 0 {
		return badInputf("--from: %d is not an event number (0 or more)", o.from)
	}
	if o.frames != "" {
		if err := checkInt("frames-every", o.framesEvery, 1); err != nil {
			return err
		}
		if err := checkRange("frames-max", o.framesMax, 1, maxFrames); err != nil {
			return err
		}
		if err := checkRange("max-draw", o.maxDraw, 1, dot.MaxNodesLimit); err != nil {
			return err
		}
		if err := checkInt("draw-depth", o.drawDepth, 0); err != nil {
			return err
		}
		if o.view != "max" && o.view != "negamax" {
			return badInputf("--view: %q is not max or negamax", o.view)
		}
		if _, err := render.ParseEngine(o.renderer); err != nil {
			return badInput("--renderer", err)
		}
		if o.framesFmt != "svg" && o.framesFmt != "png" {
			return badInputf("--frames-format: %q is not svg or png", o.framesFmt)
		}
		if err := checkFramesDir(o.frames); err != nil {
			return err
		}
	}

	f, name, cleanup, err := stepTrace(ctx, s, o, path)
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
	if o.from > 0 {
		if err := p.Jump(o.from); err != nil {
			return lab.TraceError(err)
		}
	}
	switch {
	case o.frames != "":
		return writeFrames(ctx, s, o, p, open, name)
	case interactive(s, o):
		return interactiveStep(ctx, s, p)
	}
	return printSteps(s, o, p)
}

// stepTrace returns the trace to step through as a seekable file: the saved
// trace named, standard input copied to a temporary file, or the trace of a
// search run now into a temporary file. cleanup removes what it made.
func stepTrace(ctx context.Context, s *Streams, o *stepOptions, path string) (*os.File, string, func(), error) {
	none := func() {}
	in := &o.input.input
	searchFlags := in.Given()
	switch {
	case path != "" && searchFlags:
		return nil, "", none, badInputf("%s: give a saved trace or the input to search (--tree, --fen, --game), not both", path)
	case path == "-":
		tmp, cleanup, err := scratchFile()
		if err != nil {
			return nil, "", none, failed(err)
		}
		if _, err := io.Copy(tmp, s.In); err != nil {
			cleanup()
			return nil, "", none, failed(fmt.Errorf("reading standard input: %w", err))
		}
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			cleanup()
			return nil, "", none, failed(err)
		}
		return tmp, "stdin", cleanup, nil
	case path != "":
		f, err := os.Open(path)
		if err != nil {
			return nil, "", none, badInput("", err)
		}
		if st, err := f.Stat(); err == nil && st.IsDir() {
			f.Close()
			return nil, "", none, badInputf("%s: is a folder, not a trace", path)
		}
		return f, path, func() { f.Close() }, nil
	case !searchFlags:
		return nil, "", none, badInputf("nothing to step through: give a saved trace (prunescope step FILE) or an input (--tree, --fen or --game)")
	}

	pos, opt, lim, err := setupSearch(s, &o.input.input, &o.input.algo, &o.input.sel, &o.input.deep)
	if err != nil {
		return nil, "", none, err
	}
	tmp, cleanup, err := scratchFile()
	if err != nil {
		return nil, "", none, failed(err)
	}
	// The trace is bounded: the search stops when it reaches stepTraceLimit
	// bytes (its last step says so), or, when only the first --steps steps
	// are printed, as soon as the trace holds them.
	sctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	cw := &countingWriter{w: tmp}
	w := jsonl.NewWriter(cw)
	hooks := w.Hooks()
	write := hooks.Event
	need := stepsNeeded(s, o)
	var seen int64
	hooks.Event = func(e *trace.Event) {
		write(e)
		if cw.n >= stepTraceLimit {
			stop(engine.ErrTraceLimit)
		}
		if need > 0 && e.Seq >= o.from && !step.Silent(e.Kind) {
			if seen++; seen >= need {
				stop(errEnoughSteps)
			}
		}
	}
	progress := pos.Tree == nil && isTerminal(s.Err) // a game's search may take a while
	if progress {
		fmt.Fprint(s.Err, "prunescope: searching (the trace is saved to step through it)…")
	}
	_, err = engine.Search(sctx, pos.Pos, lim, opt, hooks)
	if progress {
		lab.ClearLine(s.Err)
	}
	switch {
	case err == nil, errors.Is(context.Cause(sctx), errEnoughSteps) && ctx.Err() == nil:
	case errors.Is(err, engine.ErrTraceLimit):
		fmt.Fprintf(s.Err, "prunescope: note: the search stopped when its trace reached %d MiB, the most step keeps: the last step says where; search less deep or give --nodes\n", stepTraceLimit>>20)
	default:
		cleanup()
		return nil, "", none, lab.SearchError(err)
	}
	if err := w.Flush(); err != nil {
		cleanup()
		return nil, "", none, failed(fmt.Errorf("writing the trace: %w", err))
	}
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		cleanup()
		return nil, "", none, failed(err)
	}
	return tmp, "the search", cleanup, nil
}

// maxFrames is the most frames --frames-max allows: a deck of 10,000
// drawings is already far more than a lesson shows.
const maxFrames = 10_000

// stepTraceLimit bounds the trace a step command's own search writes to its
// temporary file (a variable so that tests can lower it): at depth 100 a
// chess search writes about 1.6 KB per node, 300 MB in half a second.
var stepTraceLimit int64 = 256 << 20

// errEnoughSteps stops a search whose trace holds the steps to print.
var errEnoughSteps = errors.New("enough steps")

// stepsNeeded is how many events (not silent) from --from on a search must
// write for the steps printed, or 0 when it must run to its end: a step takes
// at most three events (enter, leaf, exit), and the player looks one ahead.
func stepsNeeded(s *Streams, o *stepOptions) int64 {
	if o.steps == 0 || o.cuts || o.frames != "" || interactive(s, o) {
		return 0
	}
	return 3*int64(o.steps) + 4
}

// interactive reports whether the steps are played full-screen rather than
// printed.
func interactive(s *Streams, o *stepOptions) bool {
	return !o.plain && rawTerminal(s.In) && rawTerminal(s.Out) && !lab.DumbTerminal()
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

// scratchFile makes the temporary file a trace is kept in while it is
// stepped through, so that nothing is left of it however the program ends:
// it is removed from its folder at once, the open file staying usable (as
// Unix allows), so that not even SIGKILL leaves it behind. Where an open
// file cannot be removed (Windows), it is removed at the end, or by the
// cleanup registry on a signal.
func scratchFile() (*os.File, func(), error) {
	var f *os.File
	key, err := cleanups.register(func() (func(), error) {
		var err error
		if f, err = os.CreateTemp("", "prunescope-step-*.jsonl"); err != nil {
			return nil, err
		}
		return func() { f.Close(); os.Remove(f.Name()) }, nil
	})
	if err != nil {
		return nil, nil, err
	}
	if os.Remove(f.Name()) == nil {
		cleanups.drop(key)
		return f, func() { f.Close() }, nil
	}
	return f, func() { f.Close(); os.Remove(f.Name()); cleanups.drop(key) }, nil
}

// printSteps prints the steps one after another.
func printSteps(s *Streams, o *stepOptions, p *step.Player) error {
	printed := 0
	show := func() error {
		_, err := io.WriteString(s.Out, step.StepText(p))
		printed++
		return err
	}
	if p.Index() > 0 && (!o.cuts || p.IsCut()) { // --from landed on a step
		if err := show(); err != nil {
			return failed(err)
		}
	}
	for o.steps == 0 || printed < o.steps {
		var ok bool
		var err error
		if o.cuts {
			ok, err = p.NextCut()
		} else {
			ok, err = p.Next()
		}
		if err != nil {
			return lab.TraceError(err)
		}
		if !ok {
			break
		}
		if err := show(); err != nil {
			return failed(err)
		}
	}
	return nil
}

// interactiveStep runs the full-screen player on the terminal.
func interactiveStep(ctx context.Context, s *Streams, p *step.Player) error {
	in, _ := asFile(s.In)
	out, _ := asFile(s.Out)
	old, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return failed(fmt.Errorf("the terminal: %w", err))
	}
	defer term.Restore(int(in.Fd()), old)
	// Ended by a signal, the terminal is given back as it was: cooked
	// mode, the cursor shown, the shell's screen.
	if key, err := cleanups.add(func() {
		fmt.Fprint(out, "\x1b[?25h\x1b[?1049l")
		term.Restore(int(in.Fd()), old)
	}); err == nil {
		defer cleanups.drop(key)
	}
	size := func() (int, int) {
		w, h, err := term.GetSize(int(out.Fd()))
		if err != nil {
			return 80, 24
		}
		return w, h
	}
	resized, stop := notifyResize()
	defer stop()
	sc := text.Plain()
	if s.colorOn(s.Out) {
		sc = text.Colored()
	}
	return failed(step.Interactive(ctx, p, step.Terminal{In: in, Out: out, Size: size, Resized: resized}, sc))
}

// frameFile names the frames: step-0001.svg, …
var frameFile = regexp.MustCompile(`^step-[0-9]{4,}\.(svg|png)$`)

// writeFrames draws one SVG per step (every K-th) into the frames folder.
func writeFrames(ctx context.Context, s *Streams, o *stepOptions, p *step.Player, open func() io.ReadSeeker, name string) error {
	// The whole search, recorded once: each frame draws it up to its step,
	// so the layout is the same in every frame.
	rec := trace.NewRecorder()
	rec.Limit = recordLimit
	if err := jsonl.ReadAll(open(), name, func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
		return badInput("", err)
	}
	if err := rec.Err(); err != nil {
		return badInput(name, err)
	}
	recording := rec.Recording()
	if recording.Root == nil {
		return badInputf("%s: the trace has no searched nodes to draw", name)
	}

	progress := isTerminal(s.Err)

	// Which steps: from the current one (--from), every K-th, the last one
	// too, at most --steps of them; counted before anything is written.
	first := max(p.Index(), 1)
	counter, err := step.Open(open(), name)
	if err != nil {
		return badInput("", err)
	}
	if err := counter.End(); err != nil {
		return lab.TraceError(err)
	}
	last := counter.Steps()
	var picks []int
	for i := first; i <= last; i += o.framesEvery {
		picks = append(picks, i)
		if o.framesEvery > last-i {
			break // the next would be past the last (or overflow)
		}
	}
	if len(picks) > 0 && picks[len(picks)-1] != last {
		picks = append(picks, last)
	}
	if o.steps > 0 && len(picks) > o.steps {
		picks = picks[:o.steps]
	}
	if len(picks) == 0 {
		return badInputf("--from: event %d is past the last step", o.from)
	}
	if len(picks) > o.framesMax {
		every := (last - first + 1 + o.framesMax - 2) / max(o.framesMax-1, 1)
		return badInputf("--frames: %d frames to draw (%d steps), more than --frames-max %d: use --frames-every %d, fewer steps (--steps, --from), or raise --frames-max",
			len(picks), last-first+1, o.framesMax, every)
	}
	deck, err := newDeck(o.frames)
	if err != nil {
		return failed(fmt.Errorf("--frames %s: %w", o.frames, unwrapPath(err)))
	}
	defer deck.abort()
	interrupted := func() error {
		if progress {
			lab.ClearLine(s.Err)
		}
		return failed(fmt.Errorf("interrupted: no frames written, %s is as it was", o.frames))
	}

	eng, _ := render.ParseEngine(o.renderer)
	var files []string
	var captions []string
	for k, i := range picks {
		if ctx.Err() != nil {
			return interrupted()
		}
		if err := p.Goto(i); err != nil {
			return lab.TraceError(err)
		}
		st := p.State()
		evs := p.Events()
		until := evs[len(evs)-1].Seq
		caption := fmt.Sprintf("step %d of %d · event %d: %s", i, last, p.Seq(), st.Sentence)
		it := st.Iteration + 1
		if st.Kind == trace.Iter || st.Summary != nil || it > lastIterationOf(recording) {
			it = max(st.Iteration, 1)
		}
		opt := dot.Options{Until: until, Current: st.Node, HasCurrent: true, Caption: caption,
			MaxNodes: o.maxDraw, MaxWidth: widthFor(o.maxDraw), DrawDepth: o.drawDepth, Negamax: o.view == "negamax", Iteration: it}
		src, err := frameDOT(recording, opt)
		if err != nil {
			return failed(err)
		}
		format := render.SVG
		if o.framesFmt == "png" {
			format = render.PNG
		}
		img, err := render.Render(context.WithoutCancel(ctx), src, format, eng)
		if err != nil {
			return failed(err)
		}
		if ctx.Err() != nil {
			return interrupted()
		}
		file := fmt.Sprintf("step-%04d.%s", i, o.framesFmt)
		if err := deck.add(file, img); err != nil {
			return failed(err)
		}
		files = append(files, file)
		captions = append(captions, caption)
		if progress {
			fmt.Fprintf(s.Err, "\rprunescope: frame %d of %d", k+1, len(picks))
		}
	}
	if progress {
		lab.ClearLine(s.Err)
	}
	if err := deck.add("index.html", framesIndex(files, captions)); err != nil {
		return failed(err)
	}
	if err := deck.commit(); err != nil {
		return failed(err)
	}
	frames := "frames"
	if len(files) == 1 {
		frames = "frame"
	}
	fmt.Fprintf(s.Err, "prunescope: wrote %d %s to %s (open %s to step through them)\n", len(files), frames, o.frames, filepath.Join(o.frames, "index.html"))
	return nil
}

// frameDOT draws a frame: the whole search if it fits down to the node of
// the step, else the subtree of the highest ancestor of that node that does
// (a chess search is too big to draw whole, and the frame must show where
// the search is).
func frameDOT(rec *trace.Recording, opt dot.Options) ([]byte, error) {
	src, st, err := dot.Build(rec, opt)
	var ie *dot.IterationError
	if errors.As(err, &ie) {
		opt.Iteration = 0 // earlier iterations were not kept: draw what was
		src, st, err = dot.Build(rec, opt)
	}
	cur := rec.Node(opt.Current)
	if err != nil || cur == nil || !st.Truncated || st.Depth >= cur.Ply {
		return src, err
	}
	var path []*trace.Node
	for n := cur; n != nil; n = n.Parent {
		path = append(path, n)
	}
	for i := len(path) - 2; i >= 0; i-- { // from the root's child down
		top := path[i]
		opt.FocusID, opt.HasFocusID, opt.SkipFuture = top.ID, true, true
		s, st, err := dot.Build(rec, opt)
		if err != nil {
			return nil, err
		}
		src = s
		if !st.Truncated || st.Depth >= cur.Ply-top.Ply {
			break
		}
	}
	return src, nil
}

// lastIterationOf is the number of the last iteration a recording visits.
func lastIterationOf(rec *trace.Recording) int {
	if n := len(rec.Roots); n > 0 {
		return rec.Roots[n-1].Iteration
	}
	return 1
}

// framesIndex is a page that shows the frames one at a time: arrow keys or
// the buttons step through them.
func framesIndex(files, captions []string) []byte {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>prunescope: step by step</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 1em; }
#bar { margin-bottom: 0.5em; }
img { max-width: 100%; max-height: 85vh; display: block; }
</style></head><body>
<div id="bar"><button onclick="go(-1)">← back</button> <button onclick="go(1)">next →</button> <span id="where"></span></div>
<img id="frame" alt="">
<script>
const frames = [`)
	for i, f := range files {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", f)
	}
	b.WriteString(`];
const captions = [`)
	for i, c := range captions {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%q", c)
	}
	b.WriteString(`];
let i = 0;
function show() {
  document.getElementById("frame").src = frames[i];
  document.getElementById("frame").alt = captions[i];
  document.getElementById("where").textContent = "frame " + (i + 1) + " of " + frames.length;
}
function go(d) { i = Math.min(Math.max(i + d, 0), frames.length - 1); show(); }
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight" || e.key === " " || e.key === "Enter" || e.key === "n") go(1);
  if (e.key === "ArrowLeft" || e.key === "b") go(-1);
  if (e.key === "Home" || e.key === "g") { i = 0; show(); }
  if (e.key === "End" || e.key === "e") { i = frames.length - 1; show(); }
});
show();
</script></body></html>
`)
	return []byte(b.String())
}
