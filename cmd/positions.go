package cmd

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/engine/chess"
)

func newPositionsCmd(s *Streams) *cobra.Command {
	return &cobra.Command{
		Use:   "positions",
		Short: "List the built-in chess positions (usable as --fen NAME)",
		Long: `List the built-in chess positions: the start position, perft's Kiwipete, a mate
in two, a small tactic, a king-and-pawn ending where the opposition decides, and
the five null-move zugzwang positions of the null-move lesson. Each name can be
given to --fen.`,
		Example: `  prunescope positions
  prunescope search --fen mate-in-2 --depth 3
  prunescope search --fen zugzwang-3 --depth 4`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			w := bufio.NewWriter(s.Out)
			p := s.printer()
			for _, b := range chess.Builtins() {
				fmt.Fprintf(w, "%-12s %s\n%-12s %s\n", b.Name, b.DescriptionIn(p), "", b.FEN)
			}
			return failed(w.Flush())
		},
	}
}
