package engine_test

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// defaults is a Given that gives every parameter its default, as a command
// line without technique flags does. It fails the test when a technique reads
// a parameter that no technique declares, or reads it as another kind.
type defaults struct {
	t      *testing.T
	params map[string]engine.Param
}

func (d defaults) param(name string, kinds ...engine.ParamKind) engine.Param {
	p, ok := d.params[name]
	if !ok {
		d.t.Fatalf("a technique reads --%s, which no technique declares", name)
	}
	for _, k := range kinds {
		if p.Kind == k {
			return p
		}
	}
	d.t.Fatalf("--%s is read as kind %v, declared as %v", name, kinds, p.Kind)
	return p
}

func (d defaults) Changed(name string) bool {
	d.param(name, engine.SwitchParam, engine.CountParam, engine.IntParam, engine.TextParam)
	return false
}
func (d defaults) Bool(name string) bool { return d.param(name, engine.SwitchParam).Bool }
func (d defaults) On(name string) bool   { return d.Bool(name) }
func (d defaults) Int(name string) int {
	return d.param(name, engine.CountParam, engine.IntParam).Int
}
func (d defaults) Text(name string) string { return d.param(name, engine.TextParam).Text }

func (d defaults) Value(name string) (int64, error) {
	return strconv.ParseInt(d.Text(name), 10, 64)
}

func (d defaults) Values(name string) ([]int64, error) {
	var out []int64
	for _, s := range strings.Split(d.Text(name), ",") {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// TestParamDefaults checks that the flags' defaults are the engine's: applied
// to the engine's defaults, they change nothing, and every parameter a
// technique reads is declared once, with the kind it is read as.
func TestParamDefaults(t *testing.T) {
	d := defaults{t, map[string]engine.Param{}}
	for _, f := range []engine.Family{engine.SelectiveFamily, engine.IterativeFamily} {
		for _, p := range engine.Params(f) {
			if _, twice := d.params[p.Name]; twice {
				t.Fatalf("--%s is declared twice", p.Name)
			}
			d.params[p.Name] = p
		}
	}
	for _, u := range []engine.Units{{}, {Pawn: 100}} {
		want := engine.Options{Sel: engine.DefaultSelective(u)}
		got := want
		got.Sel = engine.DefaultSelective(u) // margins in slices of its own
		for _, f := range []engine.Family{engine.SelectiveFamily, engine.IterativeFamily} {
			if err := engine.ApplyParams(&got, f, d); err != nil {
				t.Fatalf("pawn %d: %v", u.Pawn, err)
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("pawn %d: the flags' defaults give\n%+v\nthe engine's are\n%+v", u.Pawn, got, want)
		}
	}
}
