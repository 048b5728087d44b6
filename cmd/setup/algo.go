package setup

import (
	"errors"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
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
	fs.StringVar(&f.algo, "algo", "alphabeta", "search algorithm: "+strings.Join(engine.AlgoNames(), ", ")+"; or a spec, conventions after colons and techniques after pluses, as compare --algos takes them (alphabeta:soft+null-move is alphabeta --fail soft --null-move)")
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

// Algo is --algo as given.
func (f *AlgoFlags) Algo() string { return f.algo }

// Fail and Cutoff are --fail and --cutoff as given (or their defaults).
func (f *AlgoFlags) Fail() string   { return f.fail }
func (f *AlgoFlags) Cutoff() string { return f.cutoff }

// Options returns the options of --algo and the conventions, with no
// technique flags (the quiz's).
func (f *AlgoFlags) Options(g engine.Game) (engine.Options, error) {
	return f.Build("--algo", f.algo, g, nil)
}

// Build makes the options of one search from a spec (alphabeta:soft+null-move;
// where names it in errors: --algo, --algos) for a game: the one road every
// command's options take (BuildAt).
//
// The spec is the start: read from the conventions of --fail and --cutoff
// for those it does not name, and from the techniques' parameters at the
// game's defaults (engine.ParseSpec). --fail given explicitly for an
// algorithm that cannot follow it (branch and bound, MTD(f): fail-soft
// only) is refused; a convention flag that every spec contradicts is
// CheckConventions', once every spec of the command is made. Then the
// technique flags given explicitly (tech; nil for a command without them)
// overlay it (engine.Overlay): a switch given on switches its technique on,
// a parameter given sets it, and a switch given off for a technique the
// spec switches on is refused.
func (f *AlgoFlags) Build(where, spec string, g engine.Game, tech engine.Given) (engine.Options, error) {
	return f.BuildAt(i18n.Phrase{En: where}, spec, g, tech)
}

// BuildAt is Build with the spec named in words each language says its own
// way (diff's "spec A": i18n.Phrase).
func (f *AlgoFlags) BuildAt(where i18n.Phrase, spec string, g engine.Game, tech engine.Given) (engine.Options, error) {
	def, err := f.Defaults()
	if err != nil {
		return def, err
	}
	def.Sel = engine.DefaultSelective(engine.UnitsOf(g))
	o, err := engine.ParseSpec(spec, def)
	if err != nil {
		return o, BadInputAt(where, err)
	}
	if err := f.checkFail(spec, o); err != nil {
		return o, err
	}
	if tech == nil {
		return o, nil
	}
	if err := engine.Overlay(&o, strings.TrimSpace(spec), tech); err != nil {
		return o, BadInput("", err)
	}
	var bad *engine.OptionsError
	if err := engine.Check(engine.Limits{}, o); errors.As(err, &bad) && bad.Rule == engine.RuleWindowed {
		// Switched on by a flag under an algorithm without a window.
		return o, BadInputAt(where, err)
	}
	return o, nil
}

// named returns the fail and cutoff conventions a spec names ("" for none).
func named(spec string) (fail, cutoff string) {
	head, _, _ := strings.Cut(strings.TrimSpace(spec), "+")
	for _, p := range strings.Split(head, ":")[1:] {
		if _, err := engine.ParseFail(p); err == nil {
			fail = p
		} else if _, err := engine.ParseCutoff(p); err == nil {
			cutoff = p
		}
	}
	return fail, cutoff
}

// checkFail refuses --fail given explicitly, other than soft, for a spec
// whose algorithm follows fail-soft only and takes its convention from the
// flag (branch and bound, MTD(f)): the search would run fail-soft when asked
// for another convention.
func (f *AlgoFlags) checkFail(spec string, o engine.Options) error {
	if f.fs == nil || !f.fs.Changed("fail") || f.fail == "soft" {
		return nil
	}
	if fail, _ := named(spec); fail != "" {
		return nil // the spec names its own convention
	}
	switch o.Algo {
	case engine.BranchBound:
		// The message the spec branch-bound:hard gets.
		head, _, _ := strings.Cut(strings.TrimSpace(spec), "+")
		_, err := engine.ParseSpec(strings.Split(head, ":")[0]+":"+f.fail, engine.Options{})
		return BadInput("--fail", err)
	case engine.MTDF:
		return BadInputf("--fail %s: %s: MTD(f) searches with fail-soft zero windows only", f.fail, strings.TrimSpace(spec))
	}
	return nil
}

// CheckConventions refuses --fail or --cutoff given explicitly when a spec
// names another convention of its kind and no spec takes its convention
// from the flag: the flag would be dropped without a word ("--algo
// alphabeta:soft --fail hard"). Where several specs are searched (compare,
// diff), the flag is the convention of those that name none, and an entry
// may name its own.
func (f *AlgoFlags) CheckConventions(specs []string, opts []engine.Options) error {
	if f.fs == nil {
		return nil
	}
	for _, kind := range []string{"fail", "cutoff"} {
		if !f.fs.Changed(kind) {
			continue
		}
		flag := f.fail
		if kind == "cutoff" {
			flag = f.cutoff
		}
		var other []string // the specs that name another convention of the kind
		used := false
		for i, spec := range specs {
			fail, cutoff := named(spec)
			own := fail
			if kind == "cutoff" {
				own = cutoff
			}
			switch {
			case own == "":
				used = used || opts[i].Algo.Prunes()
			case !sameConvention(kind, own, flag):
				other = append(other, strings.TrimSpace(spec))
			default:
				used = true
			}
		}
		if used || len(other) == 0 {
			continue
		}
		own, _ := named(other[0])
		if kind == "cutoff" {
			_, own = named(other[0])
		}
		if len(specs) == 1 {
			return BadInputf("--%s %s: %s names %s; give one or the other", kind, flag, other[0], own)
		}
		return BadInputf("--%s %s: no search takes its %s convention from it (%s names %s); give one or the other", kind, flag, kind, other[0], own)
	}
	return nil
}

// sameConvention reports whether two names of a convention of a kind (fail,
// cutoff) name the same one.
func sameConvention(kind, a, b string) bool {
	if kind == "fail" {
		x, _ := engine.ParseFail(a)
		y, _ := engine.ParseFail(b)
		return x == y
	}
	x, _ := engine.ParseCutoff(a)
	y, _ := engine.ParseCutoff(b)
	return x == y
}

// ParseSpecs reads --algos: specs separated by commas, each made by build.
// Bounds on every value (--bounds) are a fact about the game that only
// Ballard's Star1 and Star2 prune with: in a list that has one of them, the
// others (expectimax, to compare with) search as they would without them. A
// list with neither keeps them, and the search refuses them.
func ParseSpecs(list string, build func(spec string) (engine.Options, error)) ([]engine.Options, error) {
	var specs []engine.Options
	for _, item := range strings.Split(list, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		opt, err := build(item)
		if err != nil {
			return nil, err
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
