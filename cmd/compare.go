package cmd

import (
	"context"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace/table"
)

type compareOptions struct {
	input    setup.InputFlags
	conv     setup.AlgoFlags
	sel      setup.SelFlags
	deep     setup.DeepFlags
	algos    string
	json     bool
	timing   bool
	epd      string
	markdown bool
	fs       *pflag.FlagSet
}

// newCompareCmd makes the compare command; runF runs it (nil: runCompare).
func newCompareCmd(s *Streams, runF func(context.Context, *Streams, *compareOptions) error) *cobra.Command {
	if runF == nil {
		runF = runCompare
	}
	o := &compareOptions{}
	c := &cobra.Command{
		Use:   "compare (--tree TREE | --fen FEN | --game tictactoe) [--algos LIST] [flags]",
		Short: "Search one input with several algorithms and compare the work they do",
		Long: `Search the same input with several algorithms or conventions and print a table
of value, best move, nodes, leaves and cutoffs for each.

Counting conventions, where any entry cuts: "cutoffs" counts the nodes whose
cut test left moves unsearched, "cuts on last" the cut tests that fired on a
node's last move with nothing left to prune (keys that count those as
cutoffs add the two). "pruned edges" counts the moves left unsearched at the
cut nodes (AIMA's pruned branches), not the edges below them; "pruned leaves"
and "pruned inner" count the nodes of the never-searched subtrees as the tree
is written, so every edge of a pruned subtree, those below the cut included,
is pruned leaves + pruned inner. Each cut counts whenever it happens
(iterations and passes repeat them). For chess and tic-tac-toe the pruned
leaves and inner nodes are not known: shown as "–", null in --json, where
they are pruned_leaves, pruned_inner, pruned_edges and last_child_cuts.

An entry of --algos is an algorithm name, optionally followed by conventions
separated by colons: alphabeta:soft, alphabeta:soft:gt, branch-bound:gt; and
then by selective techniques, each after a plus: alphabeta+null-move,
alphabeta+quiescence+extensions, alphabeta+selective (all of them), and
pvs+tt+order+iterative, mtdf+tt+iterative, alphabeta+iterative+aspiration.
Conventions not given come from --fail and --cutoff, the techniques'
parameters from their flags (--null-r, --futility-margins, ...); a technique
switched on by a flag (--quiescence) is on in every entry, and an entry and
its flags make the same search as search --algo ENTRY with those flags. A
flag that contradicts an entry is refused (--null-move=false with
alphabeta+null-move; --fail hard when every entry names another fail
convention), as is a technique's parameter no entry uses. Without --algos the
list compares the conventions of --fail and --cutoff when they are given,
all four pairs otherwise.`,
		Example: `  prunescope compare --tree wikipedia
  prunescope compare --tree wikipedia --algos alphabeta:hard:ge,alphabeta:soft:gt
  prunescope compare --game tictactoe --algos minimax,alphabeta --json
  prunescope compare --fen kiwipete --depth 3 --algos negamax,alphabeta
  prunescope compare --fen kiwipete --depth 4 --algos alphabeta,alphabeta+null-move,alphabeta+reductions,alphabeta+selective
  prunescope tree ordered --branching 3 --depth 4 | prunescope compare --tree - --json`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runF(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.fs = fs
	o.input.Add(fs)
	fs.StringVar(&o.algos, "algos", "minimax,negamax,branch-bound,alphabeta:hard:ge,alphabeta:soft:ge,alphabeta:hard:gt,alphabeta:soft:gt", "comma-separated algorithms to compare, each optionally with :hard/:soft and :ge/:gt (a tree with chance nodes: expectimax, and with --bounds Star1 and Star2 fail-hard and fail-soft)")
	o.conv.AddConventions(fs)
	o.sel.Add(fs)
	o.deep.Add(fs, false)
	fs.BoolVar(&o.json, "json", false, "print a JSON array with one object per algorithm (the summary fields of the trace's done event, cut counts included)")
	fs.BoolVar(&o.timing, "timing", false, "add each search's time (output then differs between runs)")
	fs.StringVar(&o.epd, "epd", "", "compare on every position of this EPD `FILE` (e.g. Bratko-Kopec), checking the best move against its bm")
	fs.BoolVar(&o.markdown, "markdown", false, "with --epd: print the tables as Markdown")
	return c
}

func runCompare(ctx context.Context, s *Streams, o *compareOptions) error {
	if _, err := o.conv.Defaults(); err != nil {
		return err
	}
	if o.epd != "" {
		return runCompareEPD(ctx, s, o)
	}
	if o.markdown {
		return badInputf("--markdown: only with --epd")
	}
	in, err := o.input.Load(s.In)
	if err != nil {
		return err
	}
	algos := o.algos
	if !o.fs.Changed("algos") {
		c, ok := in.Pos.(engine.Chance)
		algos = o.defaultAlgos(ok && c.HasChance())
	}
	specs, err := o.specs(in.Pos.Game(), algos)
	if err != nil {
		return err
	}
	rows, err := job.Compare(ctx, in, specs)
	if err != nil {
		return err
	}
	if o.json {
		return failed(table.WriteJSON(s.Out, rows, o.timing))
	}
	return failed(table.WriteText(s.Out, rows, o.timing))
}

// specs makes the options of each entry of the list for a game, on the one
// road (setup.Road.Options), and refuses a flag none of them takes up.
func (o *compareOptions) specs(g engine.Game, list string) ([]engine.Options, error) {
	road := setup.Road{Algo: &o.conv, Sel: &o.sel, Deep: &o.deep}
	var names []string
	opts, err := setup.ParseSpecs(list, func(spec string) (engine.Options, error) {
		names = append(names, spec)
		return road.Options("--algos", spec, g)
	})
	if err != nil {
		return nil, err
	}
	return opts, road.CheckUsed(g, names, opts)
}

// defaultAlgos is the list compared when --algos is not given: the
// algorithms and every pair of conventions, or for a tree with chance nodes
// the searches that take averages (the pruning ones, fail-hard and
// fail-soft, when bounds are given). --fail and --cutoff given narrow the
// list to their conventions, which its entries name (branch and bound is
// left out under a fail convention other than its own, soft).
func (o *compareOptions) defaultAlgos(chance bool) string {
	fails, cutoffs := []string{"hard", "soft"}, []string{"ge", "gt"}
	if o.fs.Changed("fail") {
		fails = []string{o.conv.Fail()}
	}
	if o.fs.Changed("cutoff") {
		cutoffs = []string{o.conv.Cutoff()}
	}
	var list []string
	if chance {
		list = append(list, "expectimax")
		if o.deep.HasBounds() {
			for _, a := range []string{"star1", "star2"} {
				for _, f := range fails {
					list = append(list, a+":"+f)
				}
			}
		}
		return strings.Join(list, ",")
	}
	list = append(list, "minimax", "negamax")
	if !o.fs.Changed("fail") || o.conv.Fail() == "soft" {
		for _, c := range cutoffs {
			if len(cutoffs) == 1 {
				list = append(list, "branch-bound:"+c)
			} else if c == "ge" {
				list = append(list, "branch-bound")
			}
		}
	}
	for _, c := range cutoffs {
		for _, f := range fails {
			list = append(list, "alphabeta:"+f+":"+c)
		}
	}
	return strings.Join(list, ",")
}

// runCompareEPD compares the configurations on every position of an EPD file.
func runCompareEPD(ctx context.Context, s *Streams, o *compareOptions) error {
	if o.input.Given() || o.input.Moves != "" {
		return badInputf("--epd: the positions come from the file; leave out --tree, --fen, --game and --moves")
	}
	if o.json {
		return badInputf("--json: not with --epd (use --markdown for tables to paste)")
	}
	if err := o.input.CheckDepth(); err != nil {
		return err
	}
	records, err := job.ReadEPD(o.epd)
	if err != nil {
		return err
	}
	ev, err := o.input.Evaluator()
	if err != nil {
		return err
	}
	depth := o.input.ChessDepth()
	algos := o.algos
	if !o.fs.Changed("algos") {
		algos = o.defaultAlgos(false)
	}
	specs, err := o.specs(engine.Game{Name: "chess", Scale: 1}, algos)
	if err != nil {
		return err
	}
	var names []string
	for _, opt := range specs {
		names = append(names, opt.Spec())
	}
	progress := s.Err
	if !isTerminal(s.Err) {
		progress = nil
	}
	positions, err := job.SearchEPD(ctx, records, specs, depth, ev, progress)
	if err != nil {
		return err
	}
	info := engine.Describe(chess.NewPosition(chess.StartBoard(), ev), engine.Limits{Depth: depth}, specs[0])
	job.Speak(ctx, info)
	p := s.printer()
	title := p.T("compare.epd.title", "File", o.epd, "Positions", p.N("compare.epd.positions", int64(len(positions))), "Depth", depth, "Eval", ev.String())
	return failed(table.WriteEPD(s.Out, title, names, positions, info, o.markdown))
}
