package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/tree"
)

type treeGenOptions struct {
	branching int
	depth     int
	min, max  int64
	seed      uint64
	evals     bool
	noise     int64
	transpose int
	print     printFlags
}

type printFlags struct {
	json   bool
	indent bool
}

func (f *printFlags) add(c *cobra.Command) {
	c.Flags().BoolVar(&f.json, "json", false, "print the JSON form instead of tree text")
	c.Flags().BoolVar(&f.indent, "indent", false, "print tree text one inner node per line (automatic for long trees)")
}

// write prints a tree in the chosen form.
func (f *printFlags) write(s *Streams, t *tree.Tree) error {
	if f.json {
		return failed(tree.WriteJSON(s.Out, t))
	}
	txt := tree.Format(t)
	if f.indent || len(txt) > 100 {
		txt = tree.FormatIndented(t)
	}
	_, err := fmt.Fprintln(s.Out, txt)
	return failed(err)
}

func newTreeCmd(s *Streams) *cobra.Command {
	c := &cobra.Command{
		Use:   "tree",
		Short: "Generate, convert and list toy trees",
		Long: `Generate toy trees for exercises, convert trees between the text and JSON forms,
and list the built-in textbook trees.

Tree text: nested lists where a number is a leaf, valued from MAX's point of
view (inf and -inf, also ∞ and −∞, for an infinite one); NAME: names a node;
a bracket suffix annotates it:
  [eval=N]            static evaluation of an inner node (used at the depth limit)
  [capture] [check]   flags of the move into the node   [promotion]
  [pass]              this child is its parent's null move
  [key=K]             nodes with the same key are the same position
  [min] / [max]       on the root: the player to move first; on another node:
                      the player who moves there (players alternate elsewhere)
  [chance]            a chance node: nobody chooses, its value is the average
                      of its children weighted by their probabilities; it
                      takes no turn (MAX, chance, MIN: players alternate
                      across it). Searched by --algo expectimax, star1, star2
  [p=W]               on a chance node's child: its probability (0.25, 1/3);
                      give every child one, adding up to 1, or none (equal)
  [depth=N]           on the root: how deep to search by default
Whitespace or commas separate children; # starts a comment.`,
		Example: `  prunescope tree random --branching 3 --depth 3 --seed 7
  prunescope tree ordered --branching 2 --depth 4
  prunescope tree worst --branching 3 --depth 3 --json
  prunescope tree show wikipedia --indent
  prunescope tree list`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return c.Help() },
	}
	c.AddCommand(newTreeGenCmd(s, "random", "a uniform random tree", tree.Random, -9, 9))
	c.AddCommand(newTreeGenCmd(s, "ordered", "a best-ordered tree: the best move always first (alpha-beta searches the minimal tree)", tree.Ordered, 1, 99))
	c.AddCommand(newTreeGenCmd(s, "worst", "a worst-ordered tree: the worst move always first (alpha-beta prunes nothing)", tree.Worst, 1, 99))
	c.AddCommand(newTreeShowCmd(s), newTreeListCmd(s))
	return c
}

type generator func(b, d int, lo, hi int64, seed uint64) (*tree.Tree, error)

func newTreeGenCmd(s *Streams, name, what string, gen generator, lo, hi int64) *cobra.Command {
	o := &treeGenOptions{}
	distinct := name != "random"
	long := "Print " + what + ".\n\nThe same seed always gives the same tree."
	if distinct {
		long += "\nLeaf values are distinct; when --min and --max are not given, the range\n1..99 is widened as needed to hold a distinct value for every leaf."
	}
	c := &cobra.Command{
		Use:   name + " [flags]",
		Short: "Print " + what,
		Long:  long,
		Example: fmt.Sprintf(`  prunescope tree %s --branching 3 --depth 3 --seed 1
  prunescope tree %s --branching 2 --depth 5 | prunescope search --tree - --trace none
  prunescope tree %s --depth 4 --evals --transpositions 3 | prunescope search --tree - --iterative --tt --trace text`, name, name, name),
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if err := setup.CheckInt("branching", o.branching, 1); err != nil {
				return err
			}
			if err := setup.CheckInt("depth", o.depth, 0); err != nil {
				return err
			}
			if err := setup.CheckInt("transpositions", o.transpose, 0); err != nil {
				return err
			}
			min, max := o.min, o.max
			if distinct && !c.Flags().Changed("min") && !c.Flags().Changed("max") {
				leaves := int64(1)
				for i := 0; i < o.depth && leaves < 1<<40; i++ {
					leaves *= int64(o.branching)
				}
				if need := 2 * leaves; need > max-min+1 {
					max = min + need - 1
				}
			}
			t, err := gen(o.branching, o.depth, min, max, o.seed)
			if err != nil {
				return badInput(setup.GenFlag(err), err)
			}
			if o.transpose > 0 {
				if _, err := t.AddTranspositions(o.transpose, o.seed); err != nil {
					return badInput("--transpositions", err)
				}
			}
			if o.evals {
				if err := t.AddEvals(o.noise, o.seed); err != nil {
					return badInput("--eval-noise", err)
				}
			} else if c.Flags().Changed("eval-noise") {
				return badInputf("--eval-noise: add --evals")
			}
			return o.print.write(s, t)
		},
	}
	fs := c.Flags()
	fs.IntVarP(&o.branching, "branching", "b", 3, "children of every inner node")
	fs.IntVarP(&o.depth, "depth", "d", 3, "plies from the root to the leaves")
	fs.Int64Var(&o.min, "min", lo, "smallest leaf value")
	fs.Int64Var(&o.max, "max", hi, "largest leaf value")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed")
	fs.BoolVar(&o.evals, "evals", false, "give every inner node a static evaluation (its minimax value plus noise), so any depth can be searched: iterative deepening needs it")
	fs.Int64Var(&o.noise, "eval-noise", 2, "with --evals: the evaluations are off by at most this much")
	fs.IntVar(&o.transpose, "transpositions", 0, "make this many pairs of nodes on the same ply the same position (same subtree, shared [key=...]), for the transposition table")
	o.print.add(c)
	return c
}

func newTreeShowCmd(s *Streams) *cobra.Command {
	var f printFlags
	c := &cobra.Command{
		Use:   "show TREE",
		Short: "Print a tree (built-in, file, - for stdin, or text) in canonical text or JSON form",
		Example: `  prunescope tree show aima
  prunescope tree show homework.txt --json > homework.json
  prunescope tree show "A:(B:(3 12 8) C:(2 4 6))" --indent`,
		Args: cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			t, err := tree.Load(args[0], s.In)
			if err != nil {
				return badInput("", err)
			}
			return f.write(s, t)
		},
	}
	f.add(c)
	return c
}

func newTreeListCmd(s *Streams) *cobra.Command {
	return &cobra.Command{
		Use:     "list",
		Short:   "List the built-in trees",
		Example: `  prunescope tree list`,
		Args:    cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			p := s.printer()
			for _, name := range tree.BuiltinNames() {
				t, _ := tree.Builtin(name)
				nodes, leaves := t.Count()
				counts := p.T("tree.list.counts", "Nodes", p.N("tree.list.nodes", int64(nodes)), "Leaves", p.N("tree.list.leaves", int64(leaves)),
					"Depth", p.N("tree.list.depth", int64(t.Height())), "Tree", tree.Format(t))
				fmt.Fprintf(s.Out, "%-10s %s\n           %s\n", name, tree.BuiltinSourceIn(p, name), counts)
			}
			return nil
		},
	}
}
