package job

import (
	"context"
	"errors"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/tikz"
)

// HandoutFlags draw a quiz (quiz --svg, --png, --tikz): the exercise, its
// tree with the leaves' values and nothing that gives an answer away, or
// with the key the answer, the quiz's search drawn as search draws it.
type HandoutFlags struct {
	draw DrawFlags // SVG, PNG, MaxDraw and Renderer; the rest as search's defaults
	Tikz TikzFlags
}

// Add wires the flags.
func (f *HandoutFlags) Add(fs *pflag.FlagSet) {
	fs.StringVar(&f.draw.SVG, "svg", "", "draw the exercise's tree as SVG into `FILE`: leaf values only, the rest left for the student (with --key: the answer, the search drawn)")
	fs.StringVar(&f.draw.PNG, "png", "", "draw the exercise's tree as PNG into `FILE` (with --key: the answer)")
	f.Tikz.Add(fs, "the exercise's tree (with --key: the answer)", false)
	fs.IntVar(&f.draw.MaxDraw, "max-draw", dot.DefaultMaxNodes, "most shapes in one drawing: an exercise bigger than that is refused, since a handout shows every leaf (at most 5000)")
	fs.StringVar(&f.draw.Renderer, "renderer", "auto", "how to lay out SVG and PNG: auto (native Graphviz dot when installed, else builtin), builtin or dot")
	f.draw.View = "max"
}

// Wanted reports whether a drawing is asked for.
func (f *HandoutFlags) Wanted() bool { return f.draw.Wanted() || f.Tikz.Wanted() }

// Check refuses what cannot be drawn, before any work: standard output
// carries the quiz's text, so a drawing goes to a file.
func (f *HandoutFlags) Check(key bool) error {
	for _, fl := range []struct{ name, path string }{{"svg", f.draw.SVG}, {"png", f.draw.PNG}, {"tikz", f.Tikz.File}} {
		if fl.path == "-" {
			return setup.BadInputf("--%s -: standard output carries the quiz; write the drawing to a file", fl.name)
		}
	}
	if err := f.draw.check(); err != nil {
		return err
	}
	if err := f.Tikz.Check(); err != nil {
		return err
	}
	if !key && f.Tikz.flags.Changed("tikz-windows") {
		return setup.BadInputf("--tikz-windows: only with --key (the exercise shows no windows)")
	}
	return nil
}

// Files draws the exercise of q, or with key its answer, into the files the
// flags ask for, in the order svg, png, tikz.
func (f *HandoutFlags) Files(ctx context.Context, q *quiz.Quiz, key bool) ([]File, error) {
	t, info := q.Exercise()
	horizon := 0
	if q.Horizon {
		horizon = q.Depth
	}
	if key {
		// The key draws every node the exercise does, or nothing.
		if _, err := dot.Blank(t, info, horizon, f.draw.Options()); err != nil {
			return nil, sizeError(err)
		}
		return f.key(ctx, q)
	}
	var files []File
	if f.draw.SVG != "" || f.draw.PNG != "" {
		opt := f.draw.Options()
		src, err := dot.Blank(t, info, horizon, opt)
		if err != nil {
			return nil, sizeError(err)
		}
		rendered, err := f.draw.Render(ctx, &Drawing{src: src})
		if err != nil {
			return nil, err
		}
		files = append(files, rendered...)
	}
	if f.Tikz.Wanted() {
		tex, err := tikz.Blank(t, info, horizon, f.Tikz.Options(&f.draw))
		if err != nil {
			return nil, sizeError(err)
		}
		files = append(files, File{f.Tikz.File, tex})
	}
	return files, nil
}

// key draws the quiz's search, as search --svg and --tikz draw it.
func (f *HandoutFlags) key(ctx context.Context, q *quiz.Quiz) ([]File, error) {
	rec, err := q.Recording(ctx)
	if err != nil {
		return nil, setup.SearchError(err)
	}
	var files []File
	if f.draw.SVG != "" || f.draw.PNG != "" {
		d, err := f.draw.Build(rec)
		if err != nil {
			return nil, err
		}
		rendered, err := f.draw.Render(ctx, d)
		if err != nil {
			return nil, err
		}
		files = append(files, rendered...)
	}
	if f.Tikz.Wanted() {
		tex, err := f.Tikz.Build(rec, &f.draw)
		if err != nil {
			return nil, err
		}
		files = append(files, File{f.Tikz.File, tex})
	}
	return files, nil
}

// sizeError names --max-draw in the refusal of an exercise too big to draw.
func sizeError(err error) error {
	var se *dot.SizeError
	var be *tikz.BudgetError
	switch {
	case errors.As(err, &se):
		return setup.BadInputf("--max-draw: %v: allow more (at most 5000) or quiz on a smaller tree", err)
	case errors.As(err, &be):
		return setup.BadInputf("--max-draw: the tree takes %d shapes, more than the %d allowed, and a handout draws every leaf: allow more (at most 5000) or quiz on a smaller tree", be.Shapes, be.Max)
	}
	return setup.Failed(err)
}
