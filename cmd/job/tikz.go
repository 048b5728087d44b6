package job

import (
	"errors"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/tikz"
)

// TikzFlags choose the LaTeX picture of a search: --tikz FILE,
// --tikz-standalone, --tikz-windows. The drawing flags that make sense for
// it (--focus, --draw-depth, --max-draw, --view, --iteration) are the
// DrawFlags'.
type TikzFlags struct {
	File       string
	Standalone bool
	Windows    bool

	flags *pflag.FlagSet // to tell which flags were given
}

// Add wires the flags; what names what is drawn ("the searched tree"),
// stdout whether - writes to standard output.
func (f *TikzFlags) Add(fs *pflag.FlagSet, what string, stdout bool) {
	f.flags = fs
	usage := "write " + what + " as a LaTeX picture (forest, TikZ) into `FILE`, to \\input in a document whose preamble has \\usepackage{forest}"
	if stdout {
		usage += " (- for standard output)"
	}
	fs.StringVar(&f.File, "tikz", "", usage)
	fs.BoolVar(&f.Standalone, "tikz-standalone", false, "with --tikz: write a whole LaTeX document (class standalone) that pdflatex turns into a PDF of the picture alone")
	fs.BoolVar(&f.Windows, "tikz-windows", true, "with --tikz: write each node's window (α, β) under its value (--tikz-windows=false: values only)")
}

// Wanted reports whether a picture is asked for.
func (f *TikzFlags) Wanted() bool { return f.File != "" }

// Check refuses the picture's options without the picture, before any work.
func (f *TikzFlags) Check() error {
	if f.Wanted() || f.flags == nil {
		return nil
	}
	for _, name := range []string{"tikz-standalone", "tikz-windows"} {
		if f.flags.Changed(name) {
			return setup.BadInputf("--%s: only with --tikz FILE", name)
		}
	}
	return nil
}

// Options are the picture's options, with the drawing flags d.
func (f *TikzFlags) Options(d *DrawFlags) tikz.Options {
	return tikz.Options{Focus: d.Focus, Iteration: d.Iteration, DrawDepth: d.DrawDepth, MaxNodes: d.MaxDraw,
		Negamax: d.View == "negamax", NoWindows: !f.Windows, Standalone: f.Standalone, Ranges: d.Ranges,
		Style: d.Style, NoLegend: d.NoLegend}
}

// Build lays out the picture of a recording with the drawing flags d; a
// picture past --max-draw is refused, naming the flags that draw less.
func (f *TikzFlags) Build(rec *record.Recording, d *DrawFlags) ([]byte, error) {
	tex, _, err := tikz.Build(rec, f.Options(d))
	return tex, f.error(err)
}

// error names the flag at fault in an error of tikz.
func (f *TikzFlags) error(err error) error {
	var ie *dot.IterationError
	var fe *dot.FocusError
	var be *tikz.BudgetError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ie):
		return setup.BadInput("--iteration", err)
	case errors.As(err, &fe):
		return setup.BadInput("--focus", err)
	case errors.As(err, &be):
		if be.Depth <= 1 {
			return setup.BadInputf("--tikz: %v (--max-draw); a forest picture is for a tree that fits a page: draw one subtree (--focus NODE), or allow more (--max-draw, at most 5000)", err)
		}
		return setup.BadInputf("--tikz: %v (--max-draw); a forest picture is for a tree that fits a page: draw fewer plies (--draw-depth), one subtree (--focus NODE), or allow more (--max-draw, at most 5000)", err)
	}
	return setup.BadInput("--tikz", err)
}

// ToStdout names the flag that writes to standard output ("" if none).
func (f *TikzFlags) ToStdout() string {
	if f.File == "-" {
		return "tikz"
	}
	return ""
}
