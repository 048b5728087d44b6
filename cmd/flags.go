package cmd

// The flags the searching commands share are lab's (lab.InputFlags,
// lab.AlgoFlags, lab.DrawFlags); the selective and iterative techniques'
// flags are selFlags and deepFlags. Here they become a position, engine
// options and limits.

import (
	"errors"
	"fmt"

	"github.com/prunescope/prunescope/cmd/lab"
	"github.com/prunescope/prunescope/engine"
)

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// setupSearch reads the input and builds the options and limits a search
// command's flags ask for, checking that they go together.
func setupSearch(s *Streams, input *lab.InputFlags, algo *lab.AlgoFlags, sel *selFlags, deep *deepFlags) (*lab.Input, engine.Options, engine.Limits, error) {
	var lim engine.Limits
	opt, err := algo.Options()
	if err != nil {
		return nil, opt, lim, err
	}
	in, err := input.Load(s.In)
	if err != nil {
		return nil, opt, lim, err
	}
	if opt.Sel, err = sel.build(in.Pos.Game()); err != nil {
		return nil, opt, lim, err
	}
	if err := needNull(opt.Sel); err != nil {
		return nil, opt, lim, err
	}
	lim.Depth = in.Depth
	if err := deep.apply(&opt, &lim, in.Pos.Game()); err != nil {
		return nil, opt, lim, err
	}
	if err := in.CheckIterations(opt); err != nil {
		return nil, opt, lim, err
	}
	if err := engine.Check(lim, opt); err != nil {
		var bad *engine.OptionsError
		if errors.As(err, &bad) && bad.Rule == engine.RuleWindowed && opt.Sel.Any() {
			// Worded with the flags that broke it.
			return nil, opt, lim, badInputf("--algo %s: the selective techniques (--selective, --null-move, ...) work with alphabeta, pvs and mtdf", opt.Algo)
		}
		return nil, opt, lim, lab.SearchError(err)
	}
	return in, opt, lim, nil
}

// recordLimit bounds the nodes kept for a drawing (a few hundred megabytes at
// most); drawings show a few hundred shapes anyway. A variable so that tests
// can lower it.
var recordLimit int64 = 500_000

// recordLimitFor is the nodes kept for a drawing of at most maxDraw shapes
// (--max-draw): recordLimit at the default budget and above, fewer for a
// smaller drawing (1250 a shape, at least 50,000), so that the memory a
// drawing takes follows what it shows, not the size of the search (a
// 10-shape drawing of a search of hundreds of millions of nodes: 1.2 GB
// before, 100 MB now).
func recordLimitFor(maxDraw int) int64 {
	const perShape, floor = 1250, 50_000
	return min(recordLimit, max(min(floor, recordLimit), int64(maxDraw)*perShape))
}

// loadSpecInput reads the input and completes def, the options every spec
// starts from, with the technique flags, as compare and diff take them.
func loadSpecInput(s *Streams, input *lab.InputFlags, sel *selFlags, deep *deepFlags, def *engine.Options) (*lab.Input, error) {
	in, err := input.Load(s.In)
	if err != nil {
		return nil, err
	}
	if err := specDefaults(sel, deep, def, in.Pos.Game()); err != nil {
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
