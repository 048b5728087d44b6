package cmd

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
)

type perftOptions struct {
	fen      string
	moves    string
	depth    int
	divide   bool
	json     bool
	epd      string
	maxNodes int64
	timing   bool
}

func newPerftCmd(s *Streams) *cobra.Command {
	o := &perftOptions{}
	c := &cobra.Command{
		Use:   "perft (--fen FEN --depth N | --epd FILE) [flags]",
		Short: "Count the leaf positions of the chess move tree (move generator check)",
		Long: `Count every position reached after exactly N plies, the standard test of a
chess move generator. With --divide the count is split by root move, in the
format UCI engines print for "go perft", so two generators can be compared move
by move. With --epd every record of an EPD file with ";D1 n ;D2 n ..." counts is
checked, one line per record as it finishes; any mismatch exits with code 1.
With --timing the time and speed go to standard error.`,
		Example: `  prunescope perft --fen start --depth 5 --timing
  prunescope perft --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" --depth 3 --divide
  prunescope perft --fen start --moves "e4 e5" --depth 3 --json
  prunescope perft --epd perft.epd --max-nodes 1000000`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runPerft(c.Context(), s, o) },
	}
	fs := c.Flags()
	fs.StringVar(&o.fen, "fen", "", "position: a FEN or a built-in name (see prunescope positions)")
	fs.StringVar(&o.moves, "moves", "", "moves to play first, in SAN or UCI")
	fs.IntVar(&o.depth, "depth", 0, fmt.Sprintf("plies to count (1 to %d)", chess.MaxPerftDepth))
	fs.BoolVar(&o.divide, "divide", false, "split the count by root move (UCI notation)")
	fs.BoolVar(&o.json, "json", false, `print {"nodes": N, "divide": {"e2e4": n, ...}}, or for --epd a report object`)
	fs.StringVar(&o.epd, "epd", "", "check every record of this EPD `FILE` (;D1 n ;D2 n ...)")
	fs.Int64Var(&o.maxNodes, "max-nodes", 5_000_000, "with --epd: skip counts larger than this")
	fs.BoolVar(&o.timing, "timing", false, "report the time and nodes per second on standard error")
	return c
}

func runPerft(ctx context.Context, s *Streams, o *perftOptions) error {
	if o.epd != "" {
		if o.fen != "" || o.moves != "" || o.depth != 0 || o.divide {
			return badInputf("--epd: the depths and counts come from the file; leave out --fen, --moves, --depth and --divide")
		}
		if o.maxNodes < 1 {
			return badInputf("--max-nodes: %d must be at least 1", o.maxNodes)
		}
		return runPerftEPD(ctx, s, o)
	}
	if o.fen == "" {
		return badInputf("--fen: give a position (a FEN or a built-in name such as start), or --epd FILE")
	}
	if o.depth < 1 || o.depth > chess.MaxPerftDepth {
		return badInputf("--depth: %d must be between 1 and %d", o.depth, chess.MaxPerftDepth)
	}
	b, _, err := setup.ChessBoard(o.fen, o.moves)
	if err != nil {
		return err
	}
	start := time.Now()
	p, err := job.CountPerft(ctx, b, o.depth, o.divide)
	if err != nil {
		return err
	}
	if o.timing {
		reportSpeed(s, fmt.Sprintf("perft %d", o.depth), p.Nodes, time.Since(start))
	}
	if o.json {
		_, err := s.Out.Write(p.AppendJSON(nil, o.divide))
		return failed(err)
	}
	w := bufio.NewWriter(s.Out)
	for _, d := range p.Divide {
		fmt.Fprintf(w, "%s: %d\n", d.Move, d.Nodes)
	}
	if o.divide {
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w, s.printer().T("perft.nodes", "Nodes", p.Nodes))
	return failed(w.Flush())
}

func reportSpeed(s *Streams, what string, nodes int64, d time.Duration) {
	rate := float64(nodes) / max(d.Seconds(), 1e-9)
	p := s.printer()
	fmt.Fprintf(s.Err, "prunescope: %s\n", p.N("perft.speed", nodes, "What", what,
		"Seconds", p.Decimal(fmt.Sprintf("%.3f", d.Seconds())), "Rate", p.Decimal(fmt.Sprintf("%.1f", rate/1e6))))
}

func runPerftEPD(ctx context.Context, s *Streams, o *perftOptions) error {
	start := time.Now()
	var lines io.Writer = s.Out
	if o.json {
		lines = nil
	}
	rep, err := job.CheckPerftEPD(ctx, o.epd, o.maxNodes, lines)
	if err != nil {
		return err
	}
	if o.timing {
		reportSpeed(s, "perft --epd", rep.Nodes, time.Since(start))
	}
	if o.json {
		if err := json.NewEncoder(s.Out).Encode(rep); err != nil {
			return failed(err)
		}
	} else {
		p := s.printer()
		fmt.Fprintln(s.Out, p.T("perft.epd.summary", "Positions", p.N("perft.epd.positions", int64(rep.Positions)),
			"Checked", p.N("perft.epd.checked", int64(rep.Checked)), "Mismatches", p.N("perft.epd.mismatches", int64(len(rep.Mismatches))),
			"Skipped", p.N("perft.epd.skippedcount", int64(rep.Skipped)), "Max", o.maxNodes))
	}
	if len(rep.Mismatches) > 0 {
		return failed(i18n.Errorf("%d perft counts do not match %s", len(rep.Mismatches), o.epd))
	}
	return nil
}
