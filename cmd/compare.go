package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace/table"
)

type compareOptions struct {
	input  inputFlags
	conv   algoFlags
	sel    selFlags
	algos  string
	json   bool
	timing bool
}

func newCompareCmd(s *Streams) *cobra.Command {
	o := &compareOptions{}
	c := &cobra.Command{
		Use:   "compare (--tree TREE | --fen FEN | --game tictactoe) [--algos LIST] [flags]",
		Short: "Search one input with several algorithms and compare the work they do",
		Long: `Search the same input with several algorithms or conventions and print a table
of value, best move, nodes, leaves and cutoffs for each.

An entry of --algos is an algorithm name, optionally followed by conventions
separated by colons: alphabeta:soft, alphabeta:soft:gt, branch-bound:gt; and
then by selective techniques, each after a plus: alphabeta+null-move,
alphabeta+quiescence+extensions, alphabeta+selective (all of them).
Conventions not given come from --fail and --cutoff, the techniques'
parameters from their flags (--null-r, --futility-margins, ...); a technique
switched on by a flag (--quiescence) is on in every entry.`,
		Example: `  prunescope compare --tree wikipedia
  prunescope compare --tree wikipedia --algos alphabeta:hard:ge,alphabeta:soft:gt
  prunescope compare --game tictactoe --algos minimax,alphabeta --json
  prunescope compare --fen kiwipete --depth 3 --algos negamax,alphabeta
  prunescope compare --fen kiwipete --depth 4 --algos alphabeta,alphabeta+null-move,alphabeta+reductions,alphabeta+selective
  prunescope tree ordered --branching 3 --depth 4 | prunescope compare --tree - --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runCompare(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.input.add(fs)
	fs.StringVar(&o.algos, "algos", "minimax,negamax,branch-bound,alphabeta:hard:ge,alphabeta:soft:ge,alphabeta:hard:gt,alphabeta:soft:gt", "comma-separated algorithms to compare, each optionally with :hard/:soft and :ge/:gt")
	o.conv.addConventions(fs)
	o.sel.add(fs)
	fs.BoolVar(&o.json, "json", false, "print a JSON array with one object per algorithm (the summary fields of the trace's done event)")
	fs.BoolVar(&o.timing, "timing", false, "add each search's time (output then differs between runs)")
	return c
}

func runCompare(ctx context.Context, s *Streams, o *compareOptions) error {
	def, err := o.conv.defaults()
	if err != nil {
		return err
	}
	in, err := o.input.load(s)
	if err != nil {
		return err
	}
	if def.Sel, err = o.sel.build(in.pos.Game()); err != nil {
		return err
	}
	var specs []engine.Options
	for _, item := range strings.Split(o.algos, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		opt, err := engine.ParseSpec(item, def)
		if err != nil {
			return badInput("--algos", err)
		}
		specs = append(specs, opt)
	}
	if len(specs) == 0 {
		return badInputf("--algos: no algorithm given")
	}
	lim := engine.Limits{Depth: in.depth}
	rows := make([]table.Row, 0, len(specs))
	for _, opt := range specs {
		start := time.Now()
		res, err := engine.Search(ctx, in.pos, lim, opt, nil)
		if err != nil {
			return searchError(fmt.Errorf("%s: %w", opt.Spec(), err))
		}
		rows = append(rows, table.Row{
			Spec: opt.Spec(), Conventions: opt.Conventions(),
			Info: engine.Describe(in.pos, lim, opt), Summary: res.Summary(), Elapsed: time.Since(start),
		})
	}
	if o.json {
		return failed(table.WriteJSON(s.Out, rows, o.timing))
	}
	return failed(table.WriteText(s.Out, rows, o.timing))
}
