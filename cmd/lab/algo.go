package lab

import (
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
)

// AlgoFlags choose the algorithm and its conventions.
type AlgoFlags struct {
	fs     *pflag.FlagSet
	algo   string
	fail   string
	cutoff string
}

// Add wires --algo and the conventions.
func (f *AlgoFlags) Add(fs *pflag.FlagSet) {
	fs.StringVar(&f.algo, "algo", "alphabeta", "search algorithm: "+strings.Join(engine.AlgoNames(), ", "))
	f.AddConventions(fs)
}

// AddConventions wires --fail and --cutoff only, for commands whose specs
// name the algorithms.
func (f *AlgoFlags) AddConventions(fs *pflag.FlagSet) {
	f.fs = fs
	fs.StringVar(&f.fail, "fail", "hard", "what a node returns outside its window: hard (clamped into [α, β]), soft (the best value found) or f2 (Knuth & Moore's F2 as printed: m starts at α, so clamped at α only)")
	fs.StringVar(&f.cutoff, "cutoff", "ge", "when to cut: ge (value ≥ β, ties prune) or gt (value > β, no pruning on ties, as UC Berkeley CS188)")
}

// Defaults returns the conventions of the flags, for specs that do not name them.
func (f *AlgoFlags) Defaults() (engine.Options, error) {
	var o engine.Options
	var err error
	if o.Fail, err = engine.ParseFail(f.fail); err != nil {
		return o, BadInput("--fail", err)
	}
	if o.Cutoff, err = engine.ParseCutoff(f.cutoff); err != nil {
		return o, BadInput("--cutoff", err)
	}
	return o, nil
}

// Options returns the engine options the flags select.
func (f *AlgoFlags) Options() (engine.Options, error) {
	def, err := f.Defaults()
	if err != nil {
		return def, err
	}
	return f.Spec("--algo", f.algo, def)
}

// Spec reads one spec (alphabeta:soft+null-move) from def, the options the
// flags give; where names it in errors.
func (f *AlgoFlags) Spec(where, spec string, def engine.Options) (engine.Options, error) {
	o, err := engine.ParseSpec(spec, def)
	if err != nil {
		return o, BadInput(where, err)
	}
	if err := f.checkFail(spec); err != nil {
		return o, err
	}
	return o, nil
}

// checkFail refuses --fail given explicitly for a spec of branch and bound
// that takes its convention from it: branch and bound is fail-soft by
// construction, and a search must not run fail-soft when asked for another
// convention. The message is the one the spec branch-bound:hard gets.
func (f *AlgoFlags) checkFail(spec string) error {
	if f.fs == nil || !f.fs.Changed("fail") || f.fail == "soft" {
		return nil
	}
	head, _, _ := strings.Cut(strings.TrimSpace(spec), "+")
	parts := strings.Split(head, ":")
	if a, err := engine.ParseAlgo(parts[0]); err != nil || a != engine.BranchBound {
		return nil
	}
	for _, p := range parts[1:] {
		if _, err := engine.ParseFail(p); err == nil {
			return nil // the spec names its own convention
		}
	}
	_, err := engine.ParseSpec(parts[0]+":"+f.fail, engine.Options{})
	if err == nil {
		return nil
	}
	return BadInput("--fail", err)
}

// ParseSpecs reads --algos: specs separated by commas, each from def.
// Bounds on every value (--bounds) are a fact about the game that only
// Ballard's Star1 and Star2 prune with: in a list that has one of them, the
// others (expectimax, to compare with) search as they would without them. A
// list with neither keeps them, and the search refuses them.
func ParseSpecs(list string, def engine.Options) ([]engine.Options, error) {
	var specs []engine.Options
	for _, item := range strings.Split(list, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		opt, err := engine.ParseSpec(item, def)
		if err != nil {
			return nil, BadInput("--algos", err)
		}
		specs = append(specs, opt)
	}
	if len(specs) == 0 {
		return nil, BadInputf("--algos: no algorithm given")
	}
	if slices.ContainsFunc(specs, func(o engine.Options) bool { return o.Algo.Star() }) {
		for i := range specs {
			if !specs[i].Algo.Star() {
				specs[i].Bounds = engine.Bounds{}
			}
		}
	}
	return specs, nil
}
