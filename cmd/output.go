package cmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/render"
)

// drawFlags choose the diagrams to write and how to summarise them.
type drawFlags struct {
	dot, svg, png string
	drawDepth     int
	focus         string
	maxDraw       int
	view          string
	renderer      string
	iteration     int
}

func (f *drawFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.dot, "dot", "", "write the searched tree as Graphviz DOT to `FILE` (- for standard output: the report then goes to standard error)")
	fs.StringVar(&f.svg, "svg", "", "draw the searched tree as SVG into `FILE` (- for standard output)")
	fs.StringVar(&f.png, "png", "", "draw the searched tree as PNG into `FILE` (- for standard output)")
	fs.IntVar(&f.drawDepth, "draw-depth", 0, "draw at most this many plies below the top; deeper parts become boxes counting their nodes (0: as deep as --max-draw allows)")
	fs.StringVar(&f.focus, "focus", "", "draw only the subtree of this node: a toy-tree node name such as 2.1, or moves from the root such as \"Nf3 Nc6\"")
	fs.IntVar(&f.maxDraw, "max-draw", dot.DefaultMaxNodes, "most shapes in one drawing; larger or wider searches are drawn less deep, with a note (at most 5000; the width allowed grows with it)")
	fs.StringVar(&f.view, "view", "max", "point of view of values in drawings: max (textbook) or negamax (side to move)")
	fs.IntVar(&f.iteration, "iteration", 0, "draw this iteration of an iterative search, every pass of it (0: the last completed)")
	fs.StringVar(&f.renderer, "renderer", "auto", "how to lay out SVG and PNG: auto (native Graphviz dot when installed, else builtin), builtin or dot")
}

// wanted reports whether any diagram is asked for.
func (f *drawFlags) wanted() bool { return f.dot != "" || f.svg != "" || f.png != "" }

// check validates the flags before any work is done; the files they name
// are checked, with every command's other outputs and inputs, before the
// command runs (checkCommandFiles).
func (f *drawFlags) check() error {
	if f.view != "max" && f.view != "negamax" {
		return badInputf("--view: %q is not max or negamax", f.view)
	}
	if _, err := render.ParseEngine(f.renderer); err != nil {
		return badInput("--renderer", err)
	}
	if err := checkInt("iteration", f.iteration, 0); err != nil {
		return err
	}
	if err := checkInt("draw-depth", f.drawDepth, 0); err != nil {
		return err
	}
	if err := checkRange("max-draw", f.maxDraw, 1, dot.MaxNodesLimit); err != nil {
		return err
	}
	return nil
}

// toStdout names the drawing flag that writes to standard output ("" if
// none): the text report then goes to standard error, so that what is piped
// is the picture alone.
func (f *drawFlags) toStdout() string {
	for _, fl := range []struct{ name, path string }{{"dot", f.dot}, {"svg", f.svg}, {"png", f.png}} {
		if fl.path == "-" {
			return fl.name
		}
	}
	return ""
}

// build lays out the DOT text of a recording. It is done before anything else
// is printed, so that a bad --focus is the only thing the user sees.
func (f *drawFlags) build(rec *trace.Recording) (*drawing, error) {
	src, st, err := dot.Build(rec, dot.Options{DrawDepth: f.drawDepth, Focus: f.focus, MaxNodes: f.maxDraw, MaxWidth: widthFor(f.maxDraw), Negamax: f.view == "negamax", Iteration: f.iteration})
	var ie *dot.IterationError
	switch {
	case errors.As(err, &ie):
		return nil, badInput("--iteration", err)
	case err != nil:
		return nil, badInput("--focus", err)
	}
	return &drawing{src: src, stats: st}, nil
}

// widthFor is the width budget that goes with a node budget: the default
// width at the default budget, growing with it for those who ask for more.
func widthFor(maxDraw int) int {
	return max(dot.DefaultMaxWidth, dot.DefaultMaxWidth*maxDraw/dot.DefaultMaxNodes)
}

// drawing is DOT text ready to be written and rendered.
type drawing struct {
	src   []byte
	stats dot.Stats
}

// write renders and writes the requested files, each whole or not at all.
func (f *drawFlags) write(ctx context.Context, s *Streams, d *drawing) error {
	src, st := d.src, d.stats
	if st.Note != "" {
		fmt.Fprintf(s.Err, "prunescope: note: %s\n", st.Note)
	}
	eng, _ := render.ParseEngine(f.renderer)
	type job struct {
		path   string
		format render.Format
	}
	var jobs []job
	if f.svg != "" {
		jobs = append(jobs, job{f.svg, render.SVG})
	}
	if f.png != "" {
		jobs = append(jobs, job{f.png, render.PNG})
	}
	outs := map[string][]byte{}
	if f.dot != "" {
		outs[f.dot] = src
	}
	for _, j := range jobs {
		img, err := render.Render(ctx, src, j.format, eng)
		if err != nil {
			return failed(fmt.Errorf("%s: %w", j.path, err))
		}
		outs[j.path] = img
	}
	for _, p := range []string{f.dot, f.svg, f.png} {
		if p == "" {
			continue
		}
		if p == "-" {
			if _, err := s.Out.Write(outs[p]); err != nil {
				return failed(err)
			}
			continue
		}
		if err := writeFileAtomic(p, outs[p]); err != nil {
			return failed(err)
		}
		fmt.Fprintf(s.Err, "prunescope: wrote %s\n", p)
	}
	return nil
}
