package cmd

// The flags the searching commands share are job's (job.InputFlags,
// job.AlgoFlags, job.DrawFlags); the selective and iterative techniques'
// flags are selFlags and deepFlags. Here they become a position, engine
// options and limits: every search's options are made by optionFlags.options,
// the one road from a spec and the flags to engine.Options.

import (
	"fmt"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/engine"
)

func plural(n int64, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// optionFlags are the flags that make a search's options: --fail and
// --cutoff (with --algo, or the specs of compare --algos and diff), the
// techniques' flags, and --guess, --window and --bounds.
type optionFlags struct {
	algo *job.AlgoFlags
	sel  *selFlags
	deep *deepFlags
}

// options makes the options of the search of one spec, for a game: the one
// road every searching command takes (search and step with --algo, compare
// with each item of --algos, diff with specs A and B; the lessons run them).
// The spec is the start (job.AlgoFlags.Build): conventions it does not name
// come from --fail and --cutoff, and the technique flags given explicitly
// overlay it — "--algo alphabeta --null-move" is "--algo
// alphabeta+null-move", "--algo alphabeta+futility --futility-margins 1,2"
// keeps futility on with those margins, and a flag that contradicts the spec
// is refused. where names the spec in errors: --algo, --algos, spec A.
func (f optionFlags) options(where, spec string, g engine.Game) (engine.Options, error) {
	opt, err := f.algo.Build(where, spec, g, f.given(g))
	if err != nil {
		return opt, err
	}
	return opt, f.deep.apply(&opt, g)
}

// given is what the technique flags gave, values in the game's units.
func (f optionFlags) given(g engine.Game) given {
	return given{families: []*techFlags{&f.sel.tech, &f.deep.tech}, scale: max(g.Scale, 1)}
}

// checkUsed refuses a flag that none of the searches of specs (made into
// opts) takes up: a technique's parameter for a technique none switches on
// (--futility-margins without futility), a convention every spec names
// otherwise (--fail hard with alphabeta:soft). It would change nothing, and
// say nothing.
func (f optionFlags) checkUsed(g engine.Game, specs []string, opts []engine.Options) error {
	if err := f.algo.CheckConventions(specs, opts); err != nil {
		return err
	}
	return badInput("", engine.CheckUsed(f.given(g), opts...))
}

// setupSearch reads the input and builds the options and limits a search
// command's flags ask for (search, step), checking that they go together.
func setupSearch(s *Streams, input *job.InputFlags, algo *job.AlgoFlags, sel *selFlags, deep *deepFlags) (*job.Input, engine.Options, engine.Limits, error) {
	var lim engine.Limits
	var opt engine.Options
	in, err := input.Load(s.In)
	if err != nil {
		return nil, opt, lim, err
	}
	road := optionFlags{algo, sel, deep}
	g := in.Pos.Game()
	if opt, err = road.options("--algo", algo.Algo(), g); err != nil {
		return nil, opt, lim, err
	}
	if err := road.checkUsed(g, []string{algo.Algo()}, []engine.Options{opt}); err != nil {
		return nil, opt, lim, err
	}
	lim.Depth = in.Depth
	if err := deep.limits(&lim); err != nil {
		return nil, opt, lim, err
	}
	if err := in.CheckIterations(opt); err != nil {
		return nil, opt, lim, err
	}
	if err := engine.Check(lim, opt); err != nil {
		return nil, opt, lim, job.SearchError(err)
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
