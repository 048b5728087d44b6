package setup

import (
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/score"
)

// DeepFlags choose iterative deepening, the transposition table, move
// ordering and aspiration windows (the flags the engine's iterative
// techniques declare, engine.Params), MTD(f)'s first guess and the search's
// limits.
type DeepFlags struct {
	tech   TechFlags
	guess  string
	window string
	bounds string
	time   time.Duration
	nodes  int64
	Timing bool
}

func (f *DeepFlags) Add(fs *pflag.FlagSet, limits bool) {
	f.tech.add(fs, engine.IterativeFamily)
	fs.StringVar(&f.guess, "guess", "", "MTD(f)'s first guess (or the centre of the first aspiration window), MAX's point of view (default: the previous iteration's value, else 0)")
	fs.StringVar(&f.window, "window", "", "search the root once with this window LO,HI (MAX's point of view, the tree's units, -inf/inf allowed; e.g. 3,8): a value outside it is reported as the bound it is (at most LO, at least HI), never searched again. alphabeta and pvs search the root with it; mtdf stops its passes once the value is known inside it or known outside it. Not with --iterative or --aspiration")
	fs.StringVar(&f.bounds, "bounds", "", "star1, star2: LO,HI, the least and greatest value any leaf may take (e.g. -2,2), which chance nodes are pruned with")
	if limits {
		fs.DurationVar(&f.time, "time", 0, "stop after this long (e.g. 2s); with --iterative the last completed iteration answers")
		fs.Int64Var(&f.nodes, "nodes", 0, "stop after entering this many nodes (the nodes the summary counts, root and leaves included; 0: no limit); with --iterative the last completed iteration answers")
		fs.BoolVar(&f.Timing, "timing", false, "show each iteration's time (output then differs between runs)")
	}
}

// apply sets the options the flags choose besides the techniques (MTD(f)'s
// guess, the root's window, the bounds on every value), values read in the
// game's units.
func (f *DeepFlags) apply(opt *engine.Options, g engine.Game) error {
	if f.guess != "" {
		v, err := score.ParseNumber(strings.TrimSpace(f.guess), max(g.Scale, 1))
		if err != nil {
			return BadInputf("--guess: %v", err)
		}
		opt.Guess, opt.HasGuess = v, true
	}
	if f.window != "" {
		lo, hi, err := score.ParseSpan(f.window, max(g.Scale, 1), true)
		if err != nil {
			return BadInputf("--window: %v", err)
		}
		opt.Window = engine.Window{Lo: lo, Hi: hi, On: true}
	}
	if f.bounds != "" {
		lo, hi, err := score.ParseSpan(f.bounds, max(g.Scale, 1), false)
		if err != nil {
			return BadInputf("--bounds: %v", err)
		}
		opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
	}
	return nil
}

// limits sets the search's limits the flags give (--time, --nodes).
func (f *DeepFlags) limits(lim *engine.Limits) error {
	if f.time < 0 {
		return BadInputf("--time: %s is negative", f.time)
	}
	if f.nodes < 0 {
		return BadInputf("--nodes: %d is negative", f.nodes)
	}
	lim.Time, lim.Nodes = f.time, f.nodes
	return nil
}

// HasBounds says whether --bounds was given (compare then adds Star1 and
// Star2 to a chance tree's list).
func (f *DeepFlags) HasBounds() bool { return f.bounds != "" }
