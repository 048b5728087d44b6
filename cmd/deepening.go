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
