package job

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/overview"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/render"
)

// Look is how a search is drawn, the same for the drawings of search, diff
// and render and for the frames of step: --draw-depth, --max-draw, --view,
// --renderer. Each command words the flags' help itself.
type Look struct {
	DrawDepth int
	MaxDraw   int
	View      string
	Renderer  string
	// The figure's style (--style, "" as default), and what it leaves out.
	Style             string
	NoTitle, NoLegend bool
	// Ranges writes each searched inner node's range [lo, hi] (--ranges).
	Ranges bool
}

// check validates the flags, before any work is done.
func (l *Look) check() error {
	if l.View != "max" && l.View != "negamax" {
		return setup.BadInputf("--view: %q is not max or negamax", l.View)
	}
	if _, err := render.ParseEngine(l.Renderer); err != nil {
		return setup.BadInput("--renderer", err)
	}
	if l.Style != "" && !slices.Contains(dot.Styles, l.Style) {
		return setup.BadInputf("--style: %q is not %s", l.Style, strings.Join(dot.Styles, ", "))
	}
	if err := setup.CheckInt("draw-depth", l.DrawDepth, 0); err != nil {
		return err
	}
	return setup.CheckRange("max-draw", l.MaxDraw, 1, dot.MaxNodesLimit)
}

// CheckPageOnly refuses --view negamax and --renderer dot when the --html
// page is all a command would draw: the page is always from MAX's point of
// view (its sentences are) and lays its tree out itself, without Graphviz
// (the same on every machine), so the request would be dropped without a
// word.
func (l *Look) CheckPageOnly() error {
	if l.View == "negamax" {
		return setup.BadInputf("--view negamax: the --html page shows every value from MAX's point of view, as its sentences do; the negamax view is for pictures (--dot, --svg, --png, --tikz, step --frames)")
	}
	if l.Renderer == "dot" {
		return setup.BadInputf("--renderer dot: the --html page lays its tree out itself, without Graphviz, the same on every machine; --renderer lays out --svg and --png pictures (and step --frames)")
	}
	return nil
}

// Options are the dot options of the look.
func (l *Look) Options() dot.Options {
	return dot.Options{DrawDepth: l.DrawDepth, MaxNodes: l.MaxDraw, MaxWidth: widthFor(l.MaxDraw), Negamax: l.View == "negamax",
		Style: l.Style, NoTitle: l.NoTitle, NoLegend: l.NoLegend, Ranges: l.Ranges}
}

// engine is the renderer the flags name (checked by check).
func (l *Look) engine() render.Engine {
	eng, _ := render.ParseEngine(l.Renderer)
	return eng
}

// widthFor is the width budget that goes with a node budget: the default
// width at the default budget, growing with it for those who ask for more.
func widthFor(maxDraw int) int {
	return max(dot.DefaultMaxWidth, dot.DefaultMaxWidth*maxDraw/dot.DefaultMaxNodes)
}

// rangesUsage is the help of --ranges.
const rangesUsage = "write under each searched inner node the range [lo, hi] its value may take, as AIMA (Figure 5.5) draws it: [v, v] exact (or proved exact), [v, +∞] at least v, [−∞, v] at most v; on the --html page in the window's place and in the terminal player after each line, step by step"

// DrawFlags choose the diagrams to write and how to summarise them.
type DrawFlags struct {
	Look
	DOT, SVG, PNG string
	Focus         string
	Iteration     int
	// Scale sizes the SVG and the PNG (0: the SVG scales to its
	// container, the PNG at its usual size).
	Scale float64
}

// Add wires the flags.
func (f *DrawFlags) Add(fs *pflag.FlagSet) {
	fs.StringVar(&f.DOT, "dot", "", "write the searched tree as Graphviz DOT to `FILE` (- for standard output: the report then goes to standard error)")
	fs.StringVar(&f.SVG, "svg", "", "draw the searched tree as SVG into `FILE` (- for standard output)")
	fs.StringVar(&f.PNG, "png", "", "draw the searched tree as PNG into `FILE` (- for standard output)")
	fs.IntVar(&f.DrawDepth, "draw-depth", 0, "draw at most this many plies below the top; deeper parts become boxes counting their nodes (0: as deep as --max-draw allows)")
	fs.StringVar(&f.Focus, "focus", "", "draw only the subtree of this node: a toy-tree node name such as 2.1, or moves from the root such as \"Nf3 Nc6\"")
	fs.IntVar(&f.MaxDraw, "max-draw", dot.DefaultMaxNodes, "most shapes in one drawing; larger or wider searches are drawn less deep, with a note (at most 5000; the width allowed grows with it)")
	fs.StringVar(&f.View, "view", "max", "point of view of values in drawings: max (textbook) or negamax (side to move); the --html page is always in MAX's, as its sentences are")
	fs.IntVar(&f.Iteration, "iteration", 0, "draw this iteration of an iterative search, every pass of it (0: the last completed)")
	fs.StringVar(&f.Renderer, "renderer", "auto", "how to lay out SVG and PNG: auto (native Graphviz dot when installed, else builtin), builtin or dot; the --html page lays its tree out itself, without Graphviz, the same on every machine")
	fs.StringVar(&f.Style, "style", "default", "the drawing's look: default (Okabe and Ito's colour-blind-safe palette, every mark also told apart by its outline, dash or glyph); projector (larger text, thicker lines); paper (greys for a black-and-white print, the marks told apart by their outlines, dashes and glyphs)")
	fs.BoolVar(&f.NoTitle, "no-title", false, "leave out the drawing's title and notes (for a figure with a caption of its own)")
	fs.BoolVar(&f.NoLegend, "no-legend", false, "leave out the drawing's legend")
	fs.BoolVar(&f.Ranges, "ranges", false, rangesUsage)
	fs.Float64Var(&f.Scale, "scale", 0, "draw the SVG and the PNG at this many times their usual size (0: the SVG scales to the window or page it is shown in; a PNG is at most 16384 pixels a side and 40 Mpx, drawn smaller when larger)")
}

// Wanted reports whether any diagram is asked for.
func (f *DrawFlags) Wanted() bool { return f.DOT != "" || f.SVG != "" || f.PNG != "" }

// Check validates the flags before any work is done; the files they name
// are checked, with every command's other outputs and inputs, before the
// command runs (cmd's checkCommandFiles).
func (f *DrawFlags) Check() error {
	if err := f.check(); err != nil {
		return err
	}
	if f.Scale != 0 && !(f.Scale >= 0.1 && f.Scale <= render.MaxScale) {
		return setup.BadInputf("--scale: %g is not between 0.1 and %d", f.Scale, render.MaxScale)
	}
	return setup.CheckInt("iteration", f.Iteration, 0)
}

// ToStdout names the drawing flag that writes to standard output ("" if
// none): the text report then goes to standard error, so that what is piped
// is the picture alone.
func (f *DrawFlags) ToStdout() string {
	for _, fl := range []struct{ name, path string }{{"dot", f.DOT}, {"svg", f.SVG}, {"png", f.PNG}} {
		if fl.path == "-" {
			return fl.name
		}
	}
	return ""
}

// Drawing is DOT text ready to be rendered and written.
type Drawing struct {
	src   []byte
	Stats dot.Stats
}

// Build lays out the DOT text of a recording. It is done before anything else
// is printed, so that a bad --focus is the only thing the user sees.
func (f *DrawFlags) Build(rec *record.Recording) (*Drawing, error) {
	opt := f.Options()
	opt.Focus, opt.Iteration = f.Focus, f.Iteration
	src, st, err := dot.Build(rec, opt)
	var ie *dot.IterationError
	switch {
	case errors.As(err, &ie):
		return nil, setup.BadInput("--iteration", err)
	case err != nil:
		return nil, setup.BadInput("--focus", err)
	}
	return &Drawing{src: src, Stats: st}, nil
}

// BuildDiff lays out the union of two searched trees, their differences
// highlighted (diff --dot, --svg, --png).
func (f *DrawFlags) BuildDiff(res *diff.Result) (*Drawing, error) {
	opt := f.Options()
	opt.Focus = f.Focus
	src, st, err := dot.BuildDiff(res, opt)
	if err != nil {
		return nil, setup.BadInput("--focus", err)
	}
	return &Drawing{src: src, Stats: st}, nil
}

// FocusPath is a --focus path as the recorder compares it: moves joined by
// single spaces ("" for the root).
func FocusPath(focus string) string {
	p := strings.Join(strings.Fields(focus), " ")
	if p == "root" {
		return ""
	}
	return p
}

// File is a file a drawing command writes: its path (- for standard output)
// and its bytes.
type File struct {
	Path string
	Data []byte
}

// Render renders the drawing into the files the flags ask for, in the order
// dot, svg, png.
func (f *DrawFlags) Render(ctx context.Context, d *Drawing) ([]File, error) {
	var files []File
	if f.DOT != "" {
		files = append(files, File{f.DOT, d.src})
	}
	for _, j := range []struct {
		path   string
		format render.Format
	}{{f.SVG, render.SVG}, {f.PNG, render.PNG}} {
		if j.path == "" {
			continue
		}
		scale := f.Scale
		if scale == 0 {
			scale = 1
		}
		img, err := render.Scaled(ctx, d.src, j.format, f.engine(), scale)
		if err != nil {
			return nil, setup.Failed(i18n.Errorf("%s: %w", j.path, err))
		}
		if j.format == render.SVG && f.Scale == 0 {
			img = render.Fluid(img)
		}
		files = append(files, File{j.path, img})
	}
	return files, nil
}

// ReadRecording records a saved JSON Lines trace read from r (named name in
// errors), keeping at most limit nodes: the trace is read an event at a
// time, the nodes past the limit are counted, and a drawing's note says so.
// With under (a --focus path) it keeps the subtree of that node whole.
func ReadRecording(ctx context.Context, r io.Reader, name string, limit int64, under string) (*record.Recording, error) {
	return ReadTrace(ctx, r, name, limit, under, true, nil)
}

// ReadTrace reads a saved JSON Lines trace from r (named name in errors) an
// event at a time into a recording of at most limit nodes (the subtree of
// under whole), when keep is true (else the recording returned is nil), and
// into the overview's builder, when sum is not nil (render --overview).
// A trace file carries no language: its search's words (the drawing's, the
// page's) are written in the command's, ctx's (Spoken).
func ReadTrace(ctx context.Context, r io.Reader, name string, limit int64, under string, keep bool, sum *overview.Builder) (*record.Recording, error) {
	var hooks []*trace.Hooks
	var rec *record.Recorder
	if keep {
		rec = record.NewRecorder()
		rec.Limit, rec.Under = limit, FocusPath(under)
		hooks = append(hooks, rec.Hooks())
	}
	if sum != nil {
		hooks = append(hooks, sum.Hooks())
	}
	add := trace.Tee(hooks...)
	if err := jsonl.ReadAll(r, name, Spoken(ctx, func(e *trace.Event) error {
		if add != nil {
			add.Event(e)
		}
		return nil
	})); err != nil {
		return nil, setup.BadInput("", err)
	}
	if rec == nil {
		return nil, nil
	}
	if err := rec.Err(); err != nil {
		return nil, setup.BadInput(name, err)
	}
	got := rec.Recording()
	if got.Root == nil {
		// Only a start event (a search stopped at once), or a focus
		// nothing matched before the trace ended: say so of the trace,
		// not of a flag.
		why := i18n.Phrase{En: "no node was entered", In: func(p *i18n.Printer) string { return p.T("draw.noroot.none") }}
		if s := got.Summary; s != nil && s.Stopped != "" {
			stopped := s.Stopped
			why = i18n.Phrase{En: "the search stopped (" + stopped + ") before it entered a node", In: func(p *i18n.Printer) string {
				return p.T("draw.noroot.stopped", "Why", explain.StopWords(&trace.Info{Lang: string(p.Lang())}, stopped))
			}}
		}
		return nil, setup.BadInputf("%s: the trace has no search in it to draw: %s", name, why)
	}
	return got, nil
}
