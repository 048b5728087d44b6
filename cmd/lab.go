package cmd

import (
	"context"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
)

// labOptions are prunescope lab's flags: the tree, the settings (search's
// own flags, lab.Flags), the step to open on, and the page to write.
type labOptions struct {
	flags *lab.Flags
	out   string
	step  int
}

func newLabCmd(s *Streams, runF func(context.Context, *Streams, *labOptions) error) *cobra.Command {
	if runF == nil {
		runF = runLab
	}
	o := &labOptions{flags: lab.NewFlags()}
	c := &cobra.Command{
		Use:   "lab [--tree TREE] [--out lab.html] [search's flags]",
		Short: "Write the lab: one HTML page to build, edit, search, predict and practise on trees in the browser",
		Long: `Write the lab: one self-contained HTML page that holds prunescope's engine,
compiled to WebAssembly, and the projector page's player. Open it in a
browser (no network needed, from a USB stick, an e-mail or a course site):
build or edit a tree by clicking or typing, choose the algorithm, its
conventions and the toy-tree techniques, and the search runs again in the
page at once, with the sentences prunescope prints. The page's address holds
the tree, the settings and the step: a link opens the same moment.

Its tabs: Tree (type a tree, or click a node to change its value, player
or probability, add, remove or move children; undo and redo; a random tree
with at least k cutoffs), Settings (and what a change changed, as
prunescope diff says it), Predict (say what the next step does before it
is shown; told which answers were wrong and why), Practise (the quiz:
click the leaves never evaluated, answer, and be graded as quiz check
grades), Node (everything about a node at this step), Code (the
pseudocode, the line being executed lit) and Share (the link, the command
lines, the tree as text or JSON, the picture as SVG).

The page opens on --tree (default: aima) searched with the settings given:
any of prunescope search's flags (--algo, --fail, --cutoff, --window, the
techniques' flags, …), as search takes them, and the same input is refused in
the same words. The lab searches toy trees (for chess and tic-tac-toe use
prunescope search --html).`,
		Example: `  # the lab on the AIMA tree, alpha-beta fail-hard
  prunescope lab --out lab.html

  # the Wikipedia tree, fail-soft, no pruning on ties, opened at step 12
  prunescope lab --tree wikipedia --fail soft --cutoff gt --step 12 --out wiki-lab.html

  # a homework tree typed inline, with a transposition table
  prunescope lab --tree "((3 12 8) (2 4 6) (14 5 2))" --algo alphabeta+tt --out hw.html`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runF(c.Context(), s, o) },
	}
	fs := c.Flags()
	o.flags.HideGames()
	fs.AddFlagSet(o.flags.FlagSet())
	fs.StringVar(&o.out, "out", "lab.html", "write the page to `FILE`")
	fs.IntVar(&o.step, "step", 0, "open the page at step `N` of the search (0: before the first)")
	return c
}

func runLab(ctx context.Context, s *Streams, o *labOptions) error {
	if err := o.flags.Check(); err != nil {
		return err
	}
	if o.out == "" || o.out == "-" {
		return badInputf("--out: give a file name: the page is written whole to a file")
	}
	if o.step < 0 {
		return badInputf("--step: %d is negative", o.step)
	}
	text := o.flags.Tree()
	switch text {
	case "":
		text = "aima"
	case "-":
		b, err := io.ReadAll(io.LimitReader(s.In, maxLabTree+1))
		if err != nil {
			return failed(err)
		}
		if len(b) > maxLabTree {
			return badInputf("--tree -: more than %d bytes of tree text: the lab shows small trees", maxLabTree)
		}
		text = string(b)
	}
	html, err := lab.Page(ctx, lab.Start{Tree: text, Args: lab.Words(o.flags.FlagSet()), Step: o.step})
	if err != nil {
		return err
	}
	return writeOutput(s, o.out, html)
}

// maxLabTree bounds the tree text the lab reads from standard input.
const maxLabTree = 4 << 20

// labUsage is the help of --lab on search and step.
const labUsage = "write the lab to `FILE`: one HTML page opened on this search (the tree and these settings), where the tree can be edited and the settings changed, the search running again in the page (see prunescope lab)"

// writeLabOf writes the lab opened on the search of a command's flags fs,
// whose input is in, into file, at step.
func writeLabOf(ctx context.Context, s *Streams, fs *pflag.FlagSet, in *setup.Input, file string, step int) error {
	if in.Tree == nil {
		return badInputf("--lab: the lab searches toy trees (--tree); for chess and tic-tac-toe use --html")
	}
	for _, name := range []string{"time", "nodes"} {
		if f := fs.Lookup(name); f != nil && f.Changed {
			return badInputf("--lab: the lab searches a toy tree whole: leave out --%s", name)
		}
	}
	text := tree.Format(in.Tree)
	if f := fs.Lookup("tree"); f != nil {
		if _, ok := tree.Builtin(f.Value.String()); ok {
			text = f.Value.String() // named as the search names it
		}
	}
	html, err := lab.Page(ctx, lab.Start{Tree: text, Args: lab.Words(fs), Step: step})
	if err != nil {
		return err
	}
	return writeOutput(s, file, html)
}
