package setup

import (
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// SelFlags switch the selective techniques of the seeds on and set their
// parameters: --selective, and the flags the engine's techniques declare
// (engine.Params). Margins are read in the game's units as people write them
// (centipawns in chess, the tree's values in toy trees). What they give is
// laid over the spec (engine.Overlay) on the one road of Road.
type SelFlags struct {
	tech TechFlags
}

func (f *SelFlags) Add(fs *pflag.FlagSet) {
	f.tech.add(fs, engine.SelectiveFamily)
}

// TechFlags are the flags of one family of techniques, one for each
// parameter its techniques declare.
type TechFlags struct {
	fs    *pflag.FlagSet
	bools map[string]*bool
	ints  map[string]*int
	texts map[string]*string
}

func (f *TechFlags) add(fs *pflag.FlagSet, family engine.Family) {
	f.fs = fs
	f.bools, f.ints, f.texts = map[string]*bool{}, map[string]*int{}, map[string]*string{}
	for _, p := range engine.Params(family) {
		switch p.Kind {
		case engine.SwitchParam:
			f.bools[p.Name] = fs.Bool(p.Name, p.Bool, p.Usage)
		case engine.CountParam, engine.IntParam:
			f.ints[p.Name] = fs.Int(p.Name, p.Int, p.Usage)
		case engine.TextParam, engine.CountsParam:
			f.texts[p.Name] = fs.String(p.Name, p.Text, p.Usage)
		}
	}
}

// given is what the technique flags of both families gave, as the engine's
// techniques read it (engine.Given); values in the game's units, scale its
// scale.
type given struct {
	families []*TechFlags
	scale    int64
}

func (g given) Changed(name string) bool { return g.families[0].fs.Changed(name) }

func (g given) Bool(name string) bool {
	for _, f := range g.families {
		if v, ok := f.bools[name]; ok {
			return *v
		}
	}
	return false
}

func (g given) Int(name string) int {
	for _, f := range g.families {
		if v, ok := f.ints[name]; ok {
			return *v
		}
	}
	return 0
}

func (g given) Text(name string) string {
	for _, f := range g.families {
		if v, ok := f.texts[name]; ok {
			return *v
		}
	}
	return ""
}

func (g given) Value(name string) (int64, error) { return value(name, g.Text(name), g.scale) }

func (g given) Values(name string) ([]int64, error) { return valueList(name, g.Text(name), g.scale) }

// value reads a margin as written, in the game's units: "50", or "0.5" in a
// tree whose values have decimals.
func value(flag, s string, scale int64) (int64, error) {
	v, err := margin(s, scale)
	if err != nil {
		return 0, BadInputf("--%s: %v", flag, err)
	}
	return v, nil
}

// margin reads one margin; its error says what is wrong with it (the
// flag's name left to the caller).
func margin(s string, scale int64) (int64, error) {
	v, err := score.ParseNumber(strings.TrimSpace(s), scale)
	if err != nil {
		return 0, err
	}
	if v < 0 {
		return 0, i18n.Errorf("%s is negative", s)
	}
	return v, nil
}

// valueList reads margins separated by commas.
func valueList(flag, s string, scale int64) ([]int64, error) {
	var out []int64
	for i, part := range strings.Split(s, ",") {
		v, err := margin(part, scale)
		if err != nil {
			return nil, BadInputf("--%s: margin %d: %v", flag, i+1, err)
		}
		out = append(out, v)
	}
	return out, nil
}
