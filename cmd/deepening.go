package cmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
)

// deepFlags choose iterative deepening, the transposition table, move
// ordering, aspiration windows and the search's limits.
type deepFlags struct {
	fs *pflag.FlagSet

	tt        bool
	ttMB      int
	ttCutoffs bool
	order     string
	iterative bool
	asp       string
	aspAdapt  bool
	aspResrch string
	guess     string
	time      time.Duration
	nodes     int64
	timing    bool
}

func (f *deepFlags) add(fs *pflag.FlagSet, limits bool) {
	f.fs = fs
	fs.BoolVar(&f.tt, "tt", false, "use a transposition table: positions reached again answer from it (cutoffs), its best move goes first with --order tt")
	fs.IntVar(&f.ttMB, "tt-mb", engine.DefaultTTMB, "transposition table size in megabytes")
	fs.BoolVar(&f.ttCutoffs, "tt-cutoffs", true, "let a table entry searched deep enough end the node (false: the table only orders moves)")
	fs.StringVar(&f.order, "order", "", "move ordering, a list of: tt (the table's move), captures (most valuable victim first), killers, history; or all")
	fs.BoolVar(&f.iterative, "iterative", false, "iterative deepening: depth 1, 2, ..., --depth, each iteration's best move first in the next")
	fs.StringVar(&f.asp, "aspiration", "", "aspiration windows of this half-width around the previous iteration's value (with --iterative or --guess)")
	fs.BoolVar(&f.aspAdapt, "aspiration-adaptive", false, "widen the aspiration window to the change of the value between the last two iterations")
	fs.StringVar(&f.aspResrch, "aspiration-research", "root", "after an aspiration fail high: root (search the whole root again with the upper edge opened) or move (search the move that failed high again at once with the edge opened, then go on with the other moves, as Němec describes)")
	fs.StringVar(&f.guess, "guess", "", "MTD(f)'s first guess (or the centre of the first aspiration window), MAX's point of view (default: the previous iteration's value, else 0)")
	if limits {
		fs.DurationVar(&f.time, "time", 0, "stop after this long (e.g. 2s); with --iterative the last completed iteration answers")
		fs.Int64Var(&f.nodes, "nodes", 0, "stop after this many nodes; with --iterative the last completed iteration answers")
		fs.BoolVar(&f.timing, "timing", false, "show each iteration's time (output then differs between runs)")
	}
}

// apply sets the options and limits the flags choose, values read in the
// game's units.
func (f *deepFlags) apply(opt *engine.Options, lim *engine.Limits, g engine.Game) error {
	scale := max(g.Scale, 1)
	if f.tt {
		opt.TT = engine.TT{On: true, MB: f.ttMB, Cutoffs: f.ttCutoffs}
	} else if f.fs.Changed("tt-mb") || f.fs.Changed("tt-cutoffs") {
		return badInputf("--tt-mb, --tt-cutoffs: add --tt")
	}
	if f.ttMB < 1 || f.ttMB > engine.MaxTTMB {
		return badInputf("--tt-mb: %d must be between 1 and %d", f.ttMB, engine.MaxTTMB)
	}
	for _, name := range strings.Split(f.order, ",") {
		switch strings.TrimSpace(name) {
		case "":
		case "tt":
			if !f.tt {
				return badInputf("--order tt: the table's move needs --tt")
			}
			opt.Order.TT = true
		case "captures", "mvv-lva":
			opt.Order.Captures = true
		case "killers":
			opt.Order.Killers = true
		case "history":
			opt.Order.History = true
		case "all":
			opt.Order = engine.Ordering{TT: f.tt, Captures: true, Killers: true, History: true}
		default:
			return badInputf("--order: %q is not tt, captures, killers, history or all", name)
		}
	}
	opt.Iterative = opt.Iterative || f.iterative
	if f.asp != "" {
		w, err := value("aspiration", f.asp, scale)
		if err != nil {
			return err
		}
		if w == 0 {
			return badInputf("--aspiration: the half-width must be positive")
		}
		opt.Aspiration.Width = w
	}
	opt.Aspiration.Adaptive = f.aspAdapt
	switch f.aspResrch {
	case "root":
		opt.Aspiration.Research = engine.ResearchRoot
	case "move":
		opt.Aspiration.Research = engine.ResearchMove
	default:
		return badInputf("--aspiration-research: %q is not root or move", f.aspResrch)
	}
	if f.guess != "" {
		v, err := trace.ParseNumber(strings.TrimSpace(f.guess), scale)
		if err != nil {
			return badInputf("--guess: %v", err)
		}
		opt.Guess, opt.HasGuess = v, true
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
// best move, nodes, time (with --timing), and the principal variation.
func writeIteration(w io.Writer, info *trace.Info, it engine.Iteration, timing bool) {
	line := fmt.Sprintf("iteration %d: value %s · best move %s · nodes %d so far", it.Depth, info.Format(it.Value), it.Best, it.Nodes)
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
