// Package table lays out the results of several searches of one input side by
// side, as a text table for people or as JSON for programs.
package table

import (
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// Row is one search: the spec that selected it, its run description and its
// summary, and how long it took.
type Row struct {
	Spec        string // e.g. "alphabeta:hard:ge"
	Conventions string // e.g. "fail-hard, cut on ≥ (ties prune)"
	Info        *trace.Info
	Summary     *trace.Summary
	Elapsed     time.Duration
}

// WriteText writes the rows as an aligned table under a header naming the
// input. Times are shown only when timing is true, so the output is otherwise
// the same on every run.
func WriteText(w io.Writer, rows []Row, timing bool) error {
	if len(rows) == 0 {
		return nil
	}
	in := rows[0].Info
	if _, err := fmt.Fprintf(w, "%s · values from MAX's point of view\n\n", trace.InputLine(in)); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "algorithm\tconventions\tvalue\tbest\tnodes\tleaves\tcutoffs"
	if timing {
		head += "\ttime"
	}
	fmt.Fprintln(tw, head)
	for _, r := range rows {
		s := r.Summary
		best := s.Best
		if best == "" {
			best = "-"
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s\t%d\t%d\t%d", r.Spec, r.Conventions, r.Info.Format(s.Value), best, s.Nodes, s.Leaves, s.Counts[trace.Cutoff])
		if timing {
			line += "\t" + r.Elapsed.Round(time.Microsecond).String()
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

// WriteJSON writes the rows as a JSON array with one object per search: its
// spec, algorithm and conventions, then the same summary fields as the trace's
// done event (value, best, pv, nodes, leaves and a count per event kind), and
// the time in microseconds when timing is true.
func WriteJSON(w io.Writer, rows []Row, timing bool) error {
	var b []byte
	b = append(b, "[\n"...)
	for i, r := range rows {
		b = append(b, `  {"spec":`...)
		b = jsonl.AppendString(b, r.Spec)
		b = append(b, `,"algo":`...)
		b = jsonl.AppendString(b, r.Info.Algo)
		if r.Info.Fail != "" {
			b = append(b, `,"fail":`...)
			b = jsonl.AppendString(b, r.Info.Fail)
		}
		if r.Info.Cutoff != "" {
			b = append(b, `,"cutoff_rule":`...)
			b = jsonl.AppendString(b, r.Info.Cutoff)
		}
		b = append(b, `,"value":`...)
		b = jsonl.AppendValue(b, r.Summary.Value, r.Info.Scale)
		b = jsonl.AppendSummary(b, r.Summary, r.Info.Scale)
		if timing {
			b = append(b, `,"time_us":`...)
			b = strconv.AppendInt(b, r.Elapsed.Microseconds(), 10)
		}
		b = append(b, '}')
		if i < len(rows)-1 {
			b = append(b, ',')
		}
		b = append(b, '\n')
	}
	b = append(b, "]\n"...)
	_, err := w.Write(b)
	return err
}
