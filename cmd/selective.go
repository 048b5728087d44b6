package cmd

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/score"
)

// selFlags switch the selective techniques of the seeds on and set their
// parameters: --selective, and the flags the engine's techniques declare
// (engine.Params). Margins are read in the game's units as people write them
// (centipawns in chess, the tree's values in toy trees).
type selFlags struct {
	all  bool // --selective
	tech techFlags
}

func (f *selFlags) add(fs *pflag.FlagSet) {
	fs.BoolVar(&f.all, "selective", false, "switch on every selective technique below at its defaults (--selective --null-move=false leaves one out)")
	f.tech.add(fs, engine.SelectiveFamily, &f.all)
}

// build returns the techniques the flags select for a game: parameters in its
// units, defaults scaled to its pawn.
func (f *selFlags) build(g engine.Game) (engine.Selective, error) {
	u := engine.Units{} // no pawns: every margin 0, the seeds' plain static tests
	if g.Name == "chess" {
		u.Pawn = 100
	}
	o := engine.Options{Sel: engine.DefaultSelective(u)}
	err := f.tech.apply(&o, g)
	return o.Sel, err
}

// techFlags are the flags of one family of techniques, one for each
// parameter its techniques declare.
type techFlags struct {
	fs     *pflag.FlagSet
	family engine.Family
	all    *bool // the flag that switches on every technique of the family, nil if none
	bools  map[string]*bool
	ints   map[string]*int
	texts  map[string]*string
}

func (f *techFlags) add(fs *pflag.FlagSet, family engine.Family, all *bool) {
	f.fs, f.family, f.all = fs, family, all
	f.bools, f.ints, f.texts = map[string]*bool{}, map[string]*int{}, map[string]*string{}
	for _, p := range engine.Params(family) {
		switch p.Kind {
		case engine.SwitchParam:
			f.bools[p.Name] = fs.Bool(p.Name, p.Bool, p.Usage)
		case engine.CountParam, engine.IntParam:
			f.ints[p.Name] = fs.Int(p.Name, p.Int, p.Usage)
		case engine.TextParam:
			f.texts[p.Name] = fs.String(p.Name, p.Text, p.Usage)
		}
	}
}

// apply sets the options of the family's techniques from the flags, values
// read in the game's units.
func (f *techFlags) apply(o *engine.Options, g engine.Game) error {
	return badInput("", engine.ApplyParams(o, f.family, given{f, max(g.Scale, 1)}))
}

// given is what the flags gave, as the engine's techniques read it.
type given struct {
	*techFlags
	scale int64
}

func (g given) Changed(name string) bool { return g.fs.Changed(name) }
func (g given) Bool(name string) bool    { return *g.bools[name] }
func (g given) Int(name string) int      { return *g.ints[name] }
func (g given) Text(name string) string  { return *g.texts[name] }

// On reports whether a technique is switched on: explicitly, or by
// --selective unless explicitly switched off.
func (g given) On(name string) bool {
	if g.fs.Changed(name) || g.all == nil {
		return g.Bool(name)
	}
	return *g.all
}

func (g given) Value(name string) (int64, error) { return value(name, g.Text(name), g.scale) }

func (g given) Values(name string) ([]int64, error) { return valueList(name, g.Text(name), g.scale) }

// needNull rejects null-move parameters given without the null move.
func needNull(s engine.Selective) error {
	switch {
	case s.Null.Threat && !s.Null.On:
		return badInputf("--null-threat: threat detection is part of the null move; add --null-move")
	case s.Null.Verify && !s.Null.On:
		return badInputf("--null-verify: verification is part of the null move; add --null-move")
	}
	return nil
}

// value reads a margin as written, in the game's units: "50", or "0.5" in a
// tree whose values have decimals.
func value(flag, s string, scale int64) (int64, error) {
	v, err := score.ParseNumber(strings.TrimSpace(s), scale)
	if err != nil {
		return 0, badInputf("--%s: %v", flag, err)
	}
	if v < 0 {
		return 0, badInputf("--%s: %s is negative", flag, s)
	}
	return v, nil
}

// valueList reads margins separated by commas.
func valueList(flag, s string, scale int64) ([]int64, error) {
	var out []int64
	for i, part := range strings.Split(s, ",") {
		v, err := value(flag, part, scale)
		if err != nil {
			return nil, badInputf("--%s: margin %d: %v", flag, i+1, strings.TrimPrefix(err.Error(), "--"+flag+": "))
		}
		out = append(out, v)
	}
	return out, nil
}
