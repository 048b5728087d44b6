package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/lab"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/table"
)

type compareOptions struct {
	input    inputFlags
	conv     algoFlags
	sel      selFlags
	deep     deepFlags
	algos    string
	json     bool
	timing   bool
	epd      string
	markdown bool
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
alphabeta+quiescence+extensions, alphabeta+selective (all of them), and
pvs+tt+order+iterative, mtdf+tt+iterative, alphabeta+iterative+aspiration.
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
	o.deep.add(fs, false)
	fs.BoolVar(&o.json, "json", false, "print a JSON array with one object per algorithm (the summary fields of the trace's done event)")
	fs.BoolVar(&o.timing, "timing", false, "add each search's time (output then differs between runs)")
	fs.StringVar(&o.epd, "epd", "", "compare on every position of this EPD `FILE` (e.g. Bratko-Kopec), checking the best move against its bm")
	fs.BoolVar(&o.markdown, "markdown", false, "with --epd: print the tables as Markdown")
	return c
}

func runCompare(ctx context.Context, s *Streams, o *compareOptions) error {
	def, err := o.conv.defaults()
	if err != nil {
		return err
	}
	if o.epd != "" {
		return runCompareEPD(ctx, s, o, def)
	}
	if o.markdown {
		return badInputf("--markdown: only with --epd")
	}
	in, err := loadSpecInput(s, &o.input, &o.sel, &o.deep, &def)
	if err != nil {
		return err
	}
	specs, err := parseSpecs(o.algos, def)
	if err != nil {
		return err
	}
	lim := engine.Limits{Depth: in.depth}
	rows := make([]table.Row, 0, len(specs))
	for _, opt := range specs {
		start := time.Now()
		res, err := engine.Search(ctx, in.pos, lim, opt, nil)
		if err != nil {
			return lab.SearchError(fmt.Errorf("%s: %w", opt.Spec(), err))
		}
		rows = append(rows, table.Row{
			Spec: opt.Spec(), Conventions: explain.Conventions(opt.Algo.String(), opt.Fail.String(), opt.Cutoff.String()),
			Info: engine.Describe(in.pos, lim, opt), Summary: res.Summary(), Elapsed: time.Since(start),
		})
	}
	if o.json {
		return failed(table.WriteJSON(s.Out, rows, o.timing))
	}
	return failed(table.WriteText(s.Out, rows, o.timing))
}

// loadSpecInput reads the input and completes def, the options every spec
// starts from, with the technique flags, as compare and diff take them.
func loadSpecInput(s *Streams, input *inputFlags, sel *selFlags, deep *deepFlags, def *engine.Options) (*input, error) {
	in, err := input.load(s)
	if err != nil {
		return nil, err
	}
	if err := specDefaults(sel, deep, def, in.pos.Game()); err != nil {
		return nil, err
	}
	return in, nil
}

// specDefaults completes def with the technique flags for a game.
func specDefaults(sel *selFlags, deep *deepFlags, def *engine.Options, g engine.Game) error {
	var err error
	if def.Sel, err = sel.build(g); err != nil {
		return err
	}
	return deep.apply(def, nil, g)
}

// parseSpecs reads --algos: specs separated by commas, each from def.
func parseSpecs(list string, def engine.Options) ([]engine.Options, error) {
	var specs []engine.Options
	for _, item := range strings.Split(list, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		opt, err := engine.ParseSpec(item, def)
		if err != nil {
			return nil, badInput("--algos", err)
		}
		specs = append(specs, opt)
	}
	if len(specs) == 0 {
		return nil, badInputf("--algos: no algorithm given")
	}
	return specs, nil
}

// runCompareEPD compares the configurations on every position of an EPD file.
func runCompareEPD(ctx context.Context, s *Streams, o *compareOptions, def engine.Options) error {
	if o.input.tree != "" || o.input.fen != "" || o.input.game != "" || o.input.moves != "" {
		return badInputf("--epd: the positions come from the file; leave out --tree, --fen, --game and --moves")
	}
	if o.json {
		return badInputf("--json: not with --epd (use --markdown for tables to paste)")
	}
	if err := o.input.checkDepth(); err != nil {
		return err
	}
	records, err := readEPD(o.epd)
	if err != nil {
		return err
	}
	ev, err := chess.ParseEvaluator(o.input.eval)
	if err != nil {
		return badInput("--eval", err)
	}
	depth := defaultChessDepth
	if o.input.depth >= 0 {
		depth = o.input.depth
	}
	if err := specDefaults(&o.sel, &o.deep, &def, engine.Game{Name: "chess", Scale: 1}); err != nil {
		return err
	}
	specs, err := parseSpecs(o.algos, def)
	if err != nil {
		return err
	}
	var names []string
	for _, opt := range specs {
		names = append(names, opt.Spec())
	}
	progress := s.Err
	if !s.isTerminal(s.Err) {
		progress = nil
	}
	var positions []table.Position
	var info = engine.Describe(chess.NewPosition(chess.StartBoard(), ev), engine.Limits{Depth: depth}, specs[0])
	for n, rec := range records {
		b, err := chess.ParseFEN(rec.FEN)
		if err != nil {
			return badInput(rec.where, err)
		}
		best := map[engine.Move]bool{}
		bm := rec.Operand("bm")
		if op, ok := rec.Op("bm"); ok {
			bm = strings.Join(op.Operands, " ")
			for _, san := range op.Operands {
				m, err := b.ParseSAN(san)
				if err != nil {
					return badInputf("%s: bm %s: %v", rec.where, san, err)
				}
				best[m] = true
			}
		}
		id := rec.Operand("id")
		if id == "" {
			id = rec.where
		}
		p := table.Position{ID: id, BM: bm}
		for _, opt := range specs {
			if progress != nil {
				fmt.Fprintf(progress, "\rprunescope: %s (%d of %d): %s          ", id, n+1, len(records), opt.Spec())
			}
			pos := chess.NewPosition(b.Clone(), ev)
			res, err := engine.Search(ctx, pos, engine.Limits{Depth: depth}, opt, nil)
			if err != nil {
				return lab.SearchError(fmt.Errorf("%s: %s: %w", id, opt.Spec(), err))
			}
			p.Results = append(p.Results, table.Result{Best: res.BestLabel, Value: res.Value, Nodes: res.Nodes, Hit: res.HasBest && best[res.Best]})
		}
		positions = append(positions, p)
	}
	if progress != nil {
		clearLine(progress)
	}
	title := fmt.Sprintf("%s: %d positions · depth %d · eval %s · centipawns from the side to move's point of view", o.epd, len(positions), depth, ev)
	return failed(table.WriteEPD(s.Out, title, names, positions, info, o.markdown))
}

// epdRecord is a record of an EPD file and where it is.
type epdRecord struct {
	chess.EPD
	where string
}

// readEPD reads the records of an EPD file, skipping blank lines and comments.
func readEPD(path string) ([]epdRecord, error) {
	var out []epdRecord
	err := eachEPDLine(path, maxEPDFile, func(n int, line string) error {
		if line == "" || strings.HasPrefix(line, "#") {
			return nil
		}
		where := fmt.Sprintf("%s:%d", path, n)
		rec, err := chess.ParseEPD(line)
		if err != nil {
			return badInput(where, err)
		}
		out = append(out, epdRecord{rec, where})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, badInputf("--epd: %s has no records", path)
	}
	return out, nil
}
