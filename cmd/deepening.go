package cmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/score"
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
	window string
	bounds string
	time   time.Duration
	nodes  int64
	timing bool
}

func (f *deepFlags) add(fs *pflag.FlagSet, limits bool) {
	f.tech.add(fs, engine.IterativeFamily)
	fs.StringVar(&f.guess, "guess", "", "MTD(f)'s first guess (or the centre of the first aspiration window), MAX's point of view (default: the previous iteration's value, else 0)")
	fs.StringVar(&f.window, "window", "", "search the root once with this window LO,HI (MAX's point of view, the tree's units, -inf/inf allowed; e.g. 3,8): a value outside it is reported as the bound it is (at most LO, at least HI), never searched again. alphabeta and pvs search the root with it; mtdf stops its passes once the value is known inside it or known outside it. Not with --iterative or --aspiration")
	fs.StringVar(&f.bounds, "bounds", "", "star1, star2: LO,HI, the least and greatest value any leaf may take (e.g. -2,2), which chance nodes are pruned with")
	if limits {
		fs.DurationVar(&f.time, "time", 0, "stop after this long (e.g. 2s); with --iterative the last completed iteration answers")
		fs.Int64Var(&f.nodes, "nodes", 0, "stop after entering this many nodes (the nodes the summary counts, root and leaves included; 0: no limit); with --iterative the last completed iteration answers")
		fs.BoolVar(&f.timing, "timing", false, "show each iteration's time (output then differs between runs)")
	}
}

// apply sets the options the flags choose besides the techniques (MTD(f)'s
// guess, the root's window, the bounds on every value), values read in the
// game's units.
func (f *deepFlags) apply(opt *engine.Options, g engine.Game) error {
	if f.guess != "" {
		v, err := score.ParseNumber(strings.TrimSpace(f.guess), max(g.Scale, 1))
		if err != nil {
			return badInputf("--guess: %v", err)
		}
		opt.Guess, opt.HasGuess = v, true
	}
	if f.window != "" {
		lo, hi, err := score.ParseSpan(f.window, max(g.Scale, 1), true)
		if err != nil {
			return badInputf("--window: %v", err)
		}
		opt.Window = engine.Window{Lo: lo, Hi: hi, On: true}
	}
	if f.bounds != "" {
		lo, hi, err := score.ParseSpan(f.bounds, max(g.Scale, 1), false)
		if err != nil {
			return badInputf("--bounds: %v", err)
		}
		opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
	}
	return nil
}

// limits sets the search's limits the flags give (--time, --nodes).
func (f *deepFlags) limits(lim *engine.Limits) error {
	if f.time < 0 {
		return badInputf("--time: %s is negative", f.time)
	}
	if f.nodes < 0 {
		return badInputf("--nodes: %d is negative", f.nodes)
	}
	lim.Time, lim.Nodes = f.time, f.nodes
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
