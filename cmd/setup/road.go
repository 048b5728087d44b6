package setup

import (
	"io"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
)

// Road are the flags that make a search's options: --fail and
// --cutoff (with --algo, or the specs of compare --algos and diff), the
// techniques' flags, and --guess, --window and --bounds.
type Road struct {
	Algo *AlgoFlags
	Sel  *SelFlags
	Deep *DeepFlags
}

// Options makes the options of the search of one spec, for a game: the one
// road every searching command takes (search and step with --algo, compare
// with each item of --algos, diff with specs A and B; the lessons run them).
// The spec is the start (AlgoFlags.Build): conventions it does not name
// come from --fail and --cutoff, and the technique flags given explicitly
// overlay it — "--algo alphabeta --null-move" is "--algo
// alphabeta+null-move", "--algo alphabeta+futility --futility-margins 1,2"
// keeps futility on with those margins, and a flag that contradicts the spec
// is refused. where names the spec in errors: --algo, --algos.
func (f Road) Options(where, spec string, g engine.Game) (engine.Options, error) {
	return f.OptionsAt(i18n.Phrase{En: where}, spec, g)
}

// OptionsAt is Options with the spec named in words each language says
// its own way (diff's "spec A": i18n.Phrase).
func (f Road) OptionsAt(where i18n.Phrase, spec string, g engine.Game) (engine.Options, error) {
	opt, err := f.Algo.BuildAt(where, spec, g, f.given(g))
	if err != nil {
		return opt, err
	}
	return opt, f.Deep.apply(&opt, g)
}

// given is what the technique flags gave, values in the game's units.
func (f Road) given(g engine.Game) given {
	return given{families: []*TechFlags{&f.Sel.tech, &f.Deep.tech}, scale: max(g.Scale, 1)}
}

// CheckUsed refuses a flag that none of the searches of specs (made into
// opts) takes up: a technique's parameter for a technique none switches on
// (--futility-margins without futility), a convention every spec names
// otherwise (--fail hard with alphabeta:soft). It would change nothing, and
// say nothing.
func (f Road) CheckUsed(g engine.Game, specs []string, opts []engine.Options) error {
	if err := f.Algo.CheckConventions(specs, opts); err != nil {
		return err
	}
	return BadInput("", engine.CheckUsed(f.given(g), opts...))
}

// Search reads the input and builds the options and limits a search
// command's flags ask for (search, step, the lab), stdin for --tree -,, checking that they go together.
func Search(stdin io.Reader, input *InputFlags, algo *AlgoFlags, sel *SelFlags, deep *DeepFlags) (*Input, engine.Options, engine.Limits, error) {
	var lim engine.Limits
	var opt engine.Options
	in, err := input.Load(stdin)
	if err != nil {
		return nil, opt, lim, err
	}
	road := Road{algo, sel, deep}
	g := in.Pos.Game()
	if opt, err = road.Options("--algo", algo.Algo(), g); err != nil {
		return nil, opt, lim, err
	}
	if err := road.CheckUsed(g, []string{algo.Algo()}, []engine.Options{opt}); err != nil {
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
		return nil, opt, lim, SearchError(err)
	}
	return in, opt, lim, nil
}
