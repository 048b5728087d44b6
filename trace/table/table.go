// Package table lays out the results of several searches of one input side by
// side, as a text table for people or as JSON for programs.
package table

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
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
	// Iterations are an iterative search's completed iterations, each
	// with its own work and the work so far (Summary.Iter); none otherwise.
	Iterations []Iteration
}

// Iteration is one completed iteration of an iterative search: its depth,
// its own nodes and leaves (Summary.Iter) and all iterations' so far
// (Summary.Nodes, Summary.Leaves).
type Iteration struct {
	Depth   int
	Summary trace.Summary
}

// WriteText writes the rows as an aligned table under a header naming the
// input. Times are shown only when timing is true, so the output is otherwise
// the same on every run.
func WriteText(w io.Writer, rows []Row, timing bool) error {
	if len(rows) == 0 {
		return nil
	}
	in := rows[0].Info
	p := explain.Printer(in)
	if _, err := fmt.Fprintf(w, "%s · %s\n\n", explain.InputLine(in), p.T("text.maxview")); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := strings.Join([]string{p.T("table.head.algorithm"), p.T("table.head.conventions"), p.T("table.head.value"), p.T("table.head.best"),
		p.T("table.head.nodes"), p.T("table.head.leaves"), p.T("table.head.cutoffs")}, "\t")
	// The cut counts, when any row cut: the cut tests that fired on a last
	// move (no cutoff event), and what the cutoffs left unsearched.
	cuts := false
	for _, r := range rows {
		if c := r.Summary.Cuts; c != nil && (c.Edges > 0 || c.OnLast > 0) {
			cuts = true
		}
	}
	if cuts {
		head += "\t" + strings.Join([]string{p.T("table.head.onlast"), p.T("table.head.prunedleaves"), p.T("table.head.prunedinner"), p.T("table.head.prunededges")}, "\t")
	}
	// A column for each technique that acted in any row, as the table of
	// kinds lists them.
	var extra []trace.Kind
	for _, k := range trace.Columns() {
		for _, r := range rows {
			if r.Summary.Counts[k] > 0 {
				extra = append(extra, k)
				head += "\t" + column(p, k)
				break
			}
		}
	}
	if timing {
		head += "\t" + p.T("table.head.time")
	}
	fmt.Fprintln(tw, head)
	for _, r := range rows {
		s := r.Summary
		best := s.Best
		if best == "" || (s.Bound != score.NoBound && !s.Proved) { // no move known best
			best = "-"
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s\t%d\t%d\t%d", r.Spec, r.Conventions, explain.Bounded(r.Info, s.Value, s.Bound), best, s.Nodes, s.Leaves, s.Counts[trace.Cutoff])
		if cuts {
			line += cutCells(s.Cuts)
		}
		for _, k := range extra {
			line += fmt.Sprintf("\t%d", s.Counts[k])
		}
		if timing {
			line += "\t" + r.Elapsed.Round(time.Microsecond).String()
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}

// appendIterations writes an iterative search's iterations, each with its
// own nodes and leaves (iter_nodes, iter_leaves) beside those so far (nodes,
// leaves), as the trace's iter events carry them.
func appendIterations(b []byte, its []Iteration) []byte {
	b = append(b, `,"iterations":[`...)
	for i, it := range its {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"depth":`...)
		b = strconv.AppendInt(b, int64(it.Depth), 10)
		b = append(b, `,"nodes":`...)
		b = strconv.AppendInt(b, it.Summary.Nodes, 10)
		b = append(b, `,"leaves":`...)
		b = strconv.AppendInt(b, it.Summary.Leaves, 10)
		if own := it.Summary.Iter; own != nil {
			b = append(b, `,"iter_nodes":`...)
			b = strconv.AppendInt(b, own.Nodes, 10)
			b = append(b, `,"iter_leaves":`...)
			b = strconv.AppendInt(b, own.Leaves, 10)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// cutCells writes a row's cut counts as table cells: "–" where a count is
// not known (the game does not know its tree, or the summary lacks them).
func cutCells(c *trace.Cuts) string {
	if c == nil {
		return "\t–\t–\t–\t–"
	}
	leaves, inner := "–", "–"
	if c.Known {
		leaves, inner = strconv.FormatInt(c.Leaves, 10), strconv.FormatInt(c.Inner, 10)
	}
	return fmt.Sprintf("\t%d\t%s\t%s\t%d", c.OnLast, leaves, inner, c.Edges)
}

// WriteJSON writes the rows as a JSON array with one object per search: its
// spec, algorithm and conventions, then the same summary fields as the trace's
// done event (value, best, pv, nodes, leaves, a count per event kind and the
// cut counts: last_child_cuts, pruned_edges, pruned_leaves, pruned_inner), an
// iterative search's iterations with their own and cumulative work, and
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
		if bd := r.Summary.Bound; bd != score.NoBound {
			b = append(b, `,"bound":`...)
			b = jsonl.AppendString(b, bd.String())
			if r.Summary.Proved {
				b = append(b, `,"proved":"exact"`...)
			}
		}
		b = jsonl.AppendSummary(b, r.Summary, r.Info.Scale)
		if len(r.Iterations) > 0 {
			b = appendIterations(b, r.Iterations)
		}
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

// Position is the search of one EPD record under every configuration.
type Position struct {
	ID      string   // the record's id, or its line
	BM      string   // the best move(s) the record gives, as written ("" if none)
	Results []Result // one per configuration, in order
}

// Result is one configuration's answer on one position.
type Result struct {
	Best  string
	Value int64
	Nodes int64
	Hit   bool // Best is one of the record's best moves
}

// WriteEPD writes the comparison of configurations over the positions of an
// EPD file: a summary per configuration (nodes in all, against the first
// configuration, best moves found, and best moves kept where the first
// configuration finds them), then one row per position. With markdown the
// tables are GitHub Markdown.
func WriteEPD(w io.Writer, title string, specs []string, positions []Position, info *trace.Info, markdown bool) error {
	var b strings.Builder
	p := explain.Printer(info)
	fmt.Fprintf(&b, "%s\n\n", title)
	tbl := newGrid(markdown)
	tbl.row(p.T("table.epd.configuration"), p.T("table.head.nodes"), p.T("table.epd.vsfirst"), p.T("table.epd.found"), p.T("table.epd.kept"))
	totals := make([]int64, len(specs))
	found := make([]int, len(specs))
	kept := make([]int, len(specs))
	withBM, firstHits := 0, 0
	for _, p := range positions {
		if p.BM != "" {
			withBM++
			if p.Results[0].Hit {
				firstHits++
			}
		}
		for i, r := range p.Results {
			totals[i] += r.Nodes
			if r.Hit {
				found[i]++
				if p.Results[0].Hit {
					kept[i]++
				}
			}
		}
	}
	for i, s := range specs {
		tbl.row(s, group(totals[i]), fmt.Sprintf("%.0f%%", 100*float64(totals[i])/float64(max(totals[0], 1))),
			fmt.Sprintf("%d/%d", found[i], withBM), fmt.Sprintf("%d/%d", kept[i], firstHits))
	}
	b.WriteString(tbl.String())
	b.WriteString("\n" + p.N("table.epd.keptnote", int64(firstHits), "Spec", specs[0]) + "\n\n")

	tbl = newGrid(markdown)
	head := []string{p.T("table.epd.position"), "bm"}
	for i := range specs {
		head = append(head, fmt.Sprintf("(%d)", i+1))
	}
	tbl.row(head...)
	for _, p := range positions {
		cells := []string{p.ID, p.BM}
		for _, r := range p.Results {
			mark := ""
			if r.Hit {
				mark = " ✓"
			}
			cells = append(cells, fmt.Sprintf("%s%s %s, %s", r.Best, mark, explain.Number(info, r.Value), group(r.Nodes)))
		}
		tbl.row(cells...)
	}
	b.WriteString(tbl.String())
	b.WriteString("\n")
	for i, s := range specs {
		fmt.Fprintf(&b, "(%d) %s\n", i+1, s)
	}
	b.WriteString(p.T("table.epd.cell") + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// group writes n with thin groups of three digits: 1,234,567.
func group(n int64) string {
	s := strconv.FormatInt(n, 10)
	var out []byte
	for i, c := range []byte(s) {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			out = append(out, ',')
		}
		out = append(out, c)
	}
	return string(out)
}

// grid lays out a table as aligned text or as Markdown.
type grid struct {
	markdown bool
	rows     [][]string
}

func newGrid(markdown bool) *grid { return &grid{markdown: markdown} }

func (g *grid) row(cells ...string) { g.rows = append(g.rows, cells) }

func (g *grid) String() string {
	var b strings.Builder
	if g.markdown {
		for i, r := range g.rows {
			b.WriteString("| " + strings.Join(r, " | ") + " |\n")
			if i == 0 {
				b.WriteString(strings.Repeat("|---", len(r)) + "|\n")
			}
		}
		return b.String()
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, r := range g.rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	return b.String()
}

// column is the title of a technique's count's column in the language of
// p (the table of kinds' Column in English).
func column(p *i18n.Printer, k trace.Kind) string {
	switch k {
	case trace.NullPrune:
		return p.T("table.col.nullprune")
	case trace.Reduce:
		return p.T("table.col.reduce")
	case trace.Extend:
		return p.T("table.col.extend")
	case trace.Research:
		return p.T("table.col.research")
	case trace.Futility:
		return p.T("table.col.futility")
	case trace.Razor:
		return p.T("table.col.razor")
	case trace.StandPat:
		return p.T("table.col.standpat")
	case trace.ChanceCut:
		return p.T("table.col.chancecut")
	case trace.LatePrune:
		return p.T("table.col.lateprune")
	case trace.RFP:
		return p.T("table.col.rfp")
	case trace.IID:
		return p.T("table.col.iid")
	case trace.Evasions:
		return p.T("table.col.evasions")
	}
	return k.Spec().Column
}
