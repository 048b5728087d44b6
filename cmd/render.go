package cmd

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/internal/i18n"
)

type renderOptions struct {
	path  string // the trace, - for standard input
	input setup.InputFlags
	draw  job.DrawFlags
	tikz  job.TikzFlags
	over  job.OverviewFlags
}

// newRenderCmd makes the render command; runF runs it (nil: runRender).
func newRenderCmd(s *Streams, runF func(context.Context, *Streams, *renderOptions) error) *cobra.Command {
	if runF == nil {
		runF = runRender
	}
	o := &renderOptions{}
	c := &cobra.Command{
		Use:   "render TRACE.jsonl (--svg FILE | --png FILE | --dot FILE | --tikz FILE | --overview FILE) [flags]",
		Short: "Draw a saved JSON Lines trace",
		Long: `Draw a search saved with --trace json (a file, or - for standard input) as
DOT, SVG or PNG, or as a LaTeX picture (--tikz), exactly as search would
have drawn it; --overview draws the shape of the whole search as search
--overview does, from a trace of any size (it is read an event at a time,
and the chart's memory stays bounded).

A trace of your own search (the minimal trace check reads,
docs/trace-format.md) is drawn too, given what it searched (--tree, --fen
with --depth, --game tictactoe): its nodes and the values they returned,
as your trace tells them, no windows, bounds or cutoffs, which it does not
tell.`,
		Example: `  prunescope search --tree wikipedia --trace json --trace-out wiki.jsonl
  prunescope render wiki.jsonl --svg wiki.svg --png wiki.png
  prunescope render wiki.jsonl --tikz wiki.tex --tikz-standalone
  prunescope search --tree aima --trace json | prunescope render - --dot -
  prunescope search --fen start --depth 5 --trace json --trace-out start5.jsonl
  prunescope render start5.jsonl --overview start5.svg

  # your own search's trace, as check reads it
  prunescope render mine.jsonl --tree aima --svg mine.svg`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			o.path = args[0]
			return runF(c.Context(), s, o)
		},
	}
	addStudentInput(c.Flags(), &o.input)
	o.draw.Add(c.Flags())
	o.tikz.Add(c.Flags(), "the searched tree", true)
	o.over.Add(c.Flags(), "the whole search")
	return c
}

func runRender(ctx context.Context, s *Streams, o *renderOptions) error {
	path := o.path
	if !o.draw.Wanted() && !o.tikz.Wanted() && !o.over.Wanted() {
		return badInputf("nothing to draw: give --svg, --png, --dot, --tikz or --overview")
	}
	if err := o.draw.Check(); err != nil {
		return err
	}
	if err := o.tikz.Check(); err != nil {
		return err
	}
	if err := o.over.Check(); err != nil {
		return err
	}
	t, err := openTrace(path, s, false, flagsLoader(&o.input, s, path))
	if err != nil {
		return err
	}
	defer t.Close()
	if t.Student != nil && o.draw.Ranges {
		return badInputf("--ranges: a trace of your own search tells no bounds, so the range each value may take is not known: leave out --ranges")
	}
	if t.Student == nil && o.input.Given() {
		return badInputf("%s: prunescope's own trace says what it searched: leave out --tree, --fen and --game (they say what a trace of your own search searched)", t.Name)
	}
	r, name := t.R, t.Name
	// The trace is read an event at a time, and what is kept of it is
	// bounded as search bounds it: the deeper nodes past the limit are
	// counted and the drawing's note says so.
	sum := o.over.Builder()
	keep := o.draw.Wanted() || o.tikz.Wanted()
	rec, err := job.ReadTrace(ctx, &lineGuard{r: r, max: maxTraceLine}, name, recordLimitFor(o.draw.MaxDraw), o.draw.Focus, keep, sum)
	if err != nil {
		return err
	}
	var chart []byte
	if sum != nil {
		if chart, err = o.over.Draw(sum, name); err != nil {
			return err
		}
	}
	var pic *job.Drawing
	var tex []byte
	if rec != nil && rec.Summary == nil {
		fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("note.render.nodone", "Trace", name))
	}
	if rec != nil && o.draw.Wanted() {
		if pic, err = o.draw.Build(rec); err != nil {
			return err
		}
	}
	if rec != nil && o.tikz.Wanted() {
		if tex, err = o.tikz.Build(rec, &o.draw); err != nil {
			return err
		}
	}
	if pic != nil {
		if err := writeDrawing(ctx, s, &o.draw, pic); err != nil {
			return err
		}
	}
	if tex != nil {
		if err := writeOutput(s, o.tikz.File, tex); err != nil {
			return err
		}
	}
	if chart != nil {
		return writeOutput(s, o.over.File, chart)
	}
	return nil
}

// maxTraceLine is the longest line of a trace render reads (64 MiB): an
// event, even a cutoff listing the moves of a node of a million children and
// what it left unsearched, takes less.
var maxTraceLine = 64 << 20 // a variable so that tests can lower it

// lineGuard passes r on, failing once a line grows longer than max bytes, so
// that a file without line ends is not read whole into one line.
type lineGuard struct {
	r    io.Reader
	max  int
	run  int // bytes since the last line end
	line int // line ends seen
}

func (g *lineGuard) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	for b := p[:n]; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			i = len(b)
		}
		if g.run += i; g.run > g.max {
			return n, i18n.Errorf("line %d: longer than %d MiB, longer than any event", g.line+1, g.max>>20)
		}
		if i == len(b) {
			break
		}
		g.run = 0
		g.line++
		b = b[i+1:]
	}
	return n, err
}
