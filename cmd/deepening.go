package cmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// deepFlags choose iterative deepening, the transposition table, move
// ordering and aspiration windows (the flags the engine's iterative
// techniques declare, engine.Params), MTD(f)'s first guess and the search's
// limits.
type deepFlags struct {
	tech   techFlags
	guess  string
	bounds string
	time   time.Duration
	nodes  int64
	timing bool
}

func (f *deepFlags) add(fs *pflag.FlagSet, limits bool) {
	f.tech.add(fs, engine.IterativeFamily, nil)
	fs.StringVar(&f.guess, "guess", "", "MTD(f)'s first guess (or the centre of the first aspiration window), MAX's point of view (default: the previous iteration's value, else 0)")
	fs.StringVar(&f.bounds, "bounds", "", "star1, star2: LO,HI, the least and greatest value any leaf may take (e.g. -2,2), which chance nodes are pruned with")
	if limits {
		fs.DurationVar(&f.time, "time", 0, "stop after this long (e.g. 2s); with --iterative the last completed iteration answers")
		fs.Int64Var(&f.nodes, "nodes", 0, "stop after this many nodes; with --iterative the last completed iteration answers")
		fs.BoolVar(&f.timing, "timing", false, "show each iteration's time (output then differs between runs)")
	}
}

// apply sets the options and limits the flags choose, values read in the
// game's units.
func (f *deepFlags) apply(opt *engine.Options, lim *engine.Limits, g engine.Game) error {
	if err := f.tech.apply(opt, g); err != nil {
		return err
	}
	if f.guess != "" {
		v, err := score.ParseNumber(strings.TrimSpace(f.guess), max(g.Scale, 1))
		if err != nil {
			return badInputf("--guess: %v", err)
		}
		opt.Guess, opt.HasGuess = v, true
	}
	if f.bounds != "" {
		lo, hi, err := parsePair(f.bounds, max(g.Scale, 1))
		if err != nil {
			return badInputf("--bounds: %v", err)
		}
		opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
	}
	if f.time < 0 {
		return badInputf("--time: %s is negative", f.time)
	}
	if f.nodes < 0 {
		return badInputf("--nodes: %d is negative", f.nodes)
	}
	if lim != nil {
		lim.Time, lim.Nodes = f.time, f.nodes
	}
	return nil
}

// writeIteration writes one line for a completed iteration: depth, value,
// best move, its own nodes and leaves and those so far, time (with --timing), and the principal variation.
func writeIteration(w io.Writer, info *trace.Info, it engine.Iteration, timing bool) {
	own := it.Own
	work := explain.IterWork(&trace.Summary{Nodes: it.Nodes, Leaves: it.Leaves, Iter: &own})
	line := fmt.Sprintf("iteration %d: value %s · best move %s · %s", it.Depth, info.Format(it.Value), it.Best, work)
	if timing {
		line += " · " + it.Elapsed.Round(time.Microsecond).String()
	}
	if it.Passes > 1 {
		line += fmt.Sprintf(" · %d passes", it.Passes)
	}
	fmt.Fprintln(w, line)
	fmt.Fprintln(w, "  PV "+strings.Join(it.PV, " "))
	order := it.RootList
	more := ""
	if len(order) > 12 {
		more = fmt.Sprintf(" … (%d more)", len(order)-12)
		order = order[:12]
	}
	fmt.Fprintln(w, "  root order for the next iteration: "+strings.Join(order, " ")+more)
}

// parsePair reads "LO,HI", two values in the game's units with LO below HI.
func parsePair(s string, scale int64) (lo, hi int64, err error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, fmt.Errorf("%q: write two values separated by a comma, such as -2,2", s)
	}
	if lo, err = score.ParseNumber(strings.TrimSpace(a), scale); err != nil {
		return 0, 0, err
	}
	if hi, err = score.ParseNumber(strings.TrimSpace(b), scale); err != nil {
		return 0, 0, err
	}
	if lo >= hi {
		return 0, 0, fmt.Errorf("%q: the first value must be below the second", s)
	}
	if !score.Sane(lo) || !score.Sane(hi) || score.IsInf(lo) || score.IsInf(hi) {
		return 0, 0, fmt.Errorf("%q: too large", s)
	}
	return lo, hi, nil
}
