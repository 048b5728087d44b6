package cmd

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
)

type renderOptions struct {
	draw drawFlags
}

func newRenderCmd(s *Streams) *cobra.Command {
	o := &renderOptions{}
	c := &cobra.Command{
		Use:   "render TRACE.jsonl (--svg FILE | --png FILE | --dot FILE) [flags]",
		Short: "Draw a saved JSON Lines trace",
		Long: `Draw a search saved with --trace json (a file, or - for standard input) as
DOT, SVG or PNG, exactly as search would have drawn it.`,
		Example: `  prunescope search --tree wikipedia --trace json --trace-out wiki.jsonl
  prunescope render wiki.jsonl --svg wiki.svg --png wiki.png
  prunescope search --tree aima --trace json | prunescope render - --dot -`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error { return runRender(c.Context(), s, o, args[0]) },
	}
	o.draw.add(c.Flags())
	return c
}

func runRender(ctx context.Context, s *Streams, o *renderOptions, path string) error {
	if !o.draw.wanted() {
		return badInputf("nothing to draw: give --svg, --png or --dot")
	}
	if err := o.draw.check(); err != nil {
		return err
	}
	var r io.Reader = s.In
	name := "stdin"
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return badInput("", err)
		}
		defer f.Close()
		r, name = f, path
	}
	rec := trace.NewRecorder()
	err := jsonl.ReadAll(r, name, func(e *trace.Event) error {
		rec.Add(e)
		return nil
	})
	if err != nil {
		return badInput("", err)
	}
	if err := rec.Err(); err != nil {
		return badInput(name, err)
	}
	if rec.Recording().Summary == nil {
		fmt.Fprintf(s.Err, "prunescope: note: %s has no done event; drawing what it recorded\n", name)
	}
	pic, err := o.draw.build(rec.Recording())
	if err != nil {
		return err
	}
	return o.draw.write(ctx, s, pic)
}
