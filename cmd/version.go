package cmd

import (
	"fmt"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/internal/pieces"
	"github.com/prunescope/prunescope/trace/render"
)

func newVersionCmd(s *Streams) *cobra.Command {
	var notices bool
	c := &cobra.Command{
		Use:   "version",
		Short: "Print the version, or the licence notices of embedded software",
		Example: `  prunescope version
  prunescope version --notices`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if notices {
				_, err := fmt.Fprint(s.Out, render.Notices(), "\nThe page of a chess search (--html) draws its board with these pictures.\n\n", pieces.Notice)
				return failed(err)
			}
			_, err := fmt.Fprintf(s.Out, "prunescope %s (%s %s/%s)\n", fullVersion(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return failed(err)
		},
	}
	c.Flags().BoolVar(&notices, "notices", false, "print the licence notices of the software embedded for drawing (Graphviz and others) and of the chess pieces the page draws")
	return c
}
