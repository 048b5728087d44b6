package cmd

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// writeIteration writes one line for a completed iteration: depth, value,
// best move, its own nodes and leaves and those so far, time (with --timing), and the principal variation.
func writeIteration(w io.Writer, info *trace.Info, it engine.Iteration, timing bool) {
	own := it.Own
	p := explain.Printer(info)
	work := explain.IterWorkIn(info, &trace.Summary{Nodes: it.Nodes, Leaves: it.Leaves, Iter: &own})
	line := p.T("text.iteration", "Iteration", it.Depth, "Value", explain.Number(info, it.Value), "Move", it.Best) + " · " + work
	if timing {
		line += " · " + it.Elapsed.Round(time.Microsecond).String()
	}
	if it.Passes > 1 {
		line += " · " + p.N("search.passes", int64(it.Passes))
	}
	fmt.Fprintln(w, line)
	fmt.Fprintln(w, "  "+p.T("explain.result.pv", "Moves", strings.Join(it.PV, " ")))
	order := it.RootList
	more := ""
	if len(order) > 12 {
		more = " " + p.N("text.more", int64(len(order)-12))
		order = order[:12]
	}
	fmt.Fprintln(w, "  "+p.T("search.rootorder", "Moves", strings.Join(order, " "))+more)
}
