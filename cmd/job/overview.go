package job

import (
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/trace/overview"
)

// OverviewFlags ask for the overview of a whole search (--overview FILE):
// an icicle chart of the search added up by path, drawn as SVG whatever the
// search's size, its rows limited by --overview-depth.
type OverviewFlags struct {
	File  string
	Depth int
}

// Add wires the flags; what says what is drawn ("the search", "both
// searches side by side").
func (f *OverviewFlags) Add(fs *pflag.FlagSet, what string) {
	fs.StringVar(&f.File, "overview", "", "draw the shape of "+what+" as an icicle chart, at any size, as SVG into `FILE` (- for standard output): a row per ply, each move as wide as the nodes searched below it, coloured by where cutoffs, null-move prunes and table hits happened")
	fs.IntVar(&f.Depth, "overview-depth", overview.DefaultMaxPly, "with --overview: rows for at most `N` plies below the root (at most 32); deeper nodes are counted in the last row")
}

// Wanted reports whether the overview is asked for.
func (f *OverviewFlags) Wanted() bool { return f.File != "" }

// ToStdout names the flag when the overview goes to standard output ("" if
// not).
func (f *OverviewFlags) ToStdout() string {
	if f.File == "-" {
		return "overview"
	}
	return ""
}

// Check validates the flags before any work is done (the file is checked
// by cmd, with the other outputs).
func (f *OverviewFlags) Check() error {
	return setup.CheckRange("overview-depth", f.Depth, 1, overview.MaxPlyLimit)
}

// Builder is the sink that adds a search up for the chart, nil when no
// overview is asked for.
func (f *OverviewFlags) Builder() *overview.Builder {
	if !f.Wanted() {
		return nil
	}
	return overview.New(f.Depth, 0)
}

// Draw draws the chart of what b added up; from names the trace it read,
// for errors ("" for a search: --overview is named).
func (f *OverviewFlags) Draw(b *overview.Builder, from string) ([]byte, error) {
	o, err := b.Overview()
	if err != nil {
		if from == "" {
			from = "--overview"
		}
		return nil, setup.BadInput(from, err)
	}
	return overview.SVG(o), nil
}

// DrawPair draws the charts of two searches side by side, to one scale.
func (f *OverviewFlags) DrawPair(a, b *overview.Builder, nameA, nameB string) ([]byte, error) {
	oa, err := a.Overview()
	if err != nil {
		return nil, setup.BadInput("--overview", err)
	}
	ob, err := b.Overview()
	if err != nil {
		return nil, setup.BadInput("--overview", err)
	}
	return overview.Pair(oa, ob, nameA, nameB), nil
}
