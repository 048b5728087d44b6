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
	given  map[string]string // the parameters given explicitly, as typed
}

// declared is a Given of the defaults of every parameter declared, and the
// values given.
func declared(t *testing.T, given map[string]string) defaults {
	d := defaults{t, map[string]engine.Param{}, given}
	for _, f := range []engine.Family{engine.SelectiveFamily, engine.IterativeFamily} {
		for _, p := range engine.Params(f) {
			if _, twice := d.params[p.Name]; twice {
				t.Fatalf("--%s is declared twice", p.Name)
			}
			d.params[p.Name] = p
		}
	}
	return d
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
	d.param(name, engine.SwitchParam, engine.CountParam, engine.IntParam, engine.TextParam, engine.CountsParam)
	_, ok := d.given[name]
	return ok
}
func (d defaults) Bool(name string) bool {
	p := d.param(name, engine.SwitchParam)
	if v, ok := d.given[name]; ok {
		return v == "true"
	}
	return p.Bool
}
func (d defaults) Int(name string) int {
	p := d.param(name, engine.CountParam, engine.IntParam)
	if v, ok := d.given[name]; ok {
		n, err := strconv.Atoi(v)
		if err != nil {
			d.t.Fatal(err)
		}
		return n
	}
	return p.Int
}
func (d defaults) Text(name string) string {
	p := d.param(name, engine.TextParam, engine.CountsParam)
	if v, ok := d.given[name]; ok {
		return v
	}
	return p.Text
}

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
	d := declared(t, nil)
	for _, u := range []engine.Units{{}, {Pawn: 100}} {
		for _, sp := range append([]string{"alphabeta", "alphabeta+selective", "pvs+tt+order+iterative+aspiration"}, techniqueSpecs()...) {
			want, err := engine.ParseSpec(sp, engine.Options{Sel: engine.DefaultSelective(u)})
			if err != nil {
				t.Fatal(err)
			}
			got, _ := engine.ParseSpec(sp, engine.Options{Sel: engine.DefaultSelective(u)}) // margins in slices of its own
			if err := engine.Overlay(&got, sp, d); err != nil {
				t.Fatalf("pawn %d, %s: %v", u.Pawn, sp, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("pawn %d, %s: the flags' defaults give\n%+v\nthe engine's are\n%+v", u.Pawn, sp, got, want)
			}
		}
	}
}

// techniqueSpecs is alphabeta with each technique, as a spec names it.
func techniqueSpecs() []string {
	var out []string
	for _, n := range append(engine.TechniqueNames(), "tt", "order", "iterative", "aspiration") {
		out = append(out, "alphabeta+"+n)
	}
	return out
}

// TestSpecAndFlagsAgree: a technique named in the spec and the same
// technique switched on by its flag make the same options, with the
// parameters given overlaid either way; a flag that switches off what the
// spec switches on is refused, naming both; a parameter given for a
// technique no search switches on is refused (CheckUsed).
func TestSpecAndFlagsAgree(t *testing.T) {
	on := map[string]map[string]string{ // the flags that switch each technique on
		"null-move": {"null-move": "true"}, "reductions": {"reductions": "true"},
		"futility": {"futility": "true"}, "razoring": {"razoring": "true"},
		"quiescence": {"quiescence": "true"}, "extensions": {"extensions": "true"},
		"selective": {"selective": "true"}, "tt": {"tt": "true"}, "order": {"order": "all"},
		"iterative": {"iterative": "true"}, "aspiration": {"aspiration": "35"},
	}
	params := map[string]map[string]string{ // a parameter of each, given with it
		"null-move": {"null-r": "3"}, "reductions": {"reduction-margins": "1,2"},
		"futility": {"futility-margins": "1,2"}, "razoring": {"razor-margins": "7"},
		"quiescence": {"qs-depth": "4"}, "extensions": {"ext-limit": "5"},
		"selective": {"null-min-ply": "1", "qs-depth": "2"}, "tt": {"tt-mb": "4", "tt-cutoffs": "false"},
		"order": {}, "iterative": {}, "aspiration": {"aspiration-adaptive": "true"},
	}
	for _, u := range []engine.Units{{}, {Pawn: 100}} {
		for name, flags := range on {
			for _, extra := range []map[string]string{{}, params[name]} {
				def := engine.Options{Sel: engine.DefaultSelective(u)}
				bySpec, err := engine.ParseSpec("alphabeta+"+name, def)
				if err != nil {
					t.Fatal(err)
				}
				if err := engine.Overlay(&bySpec, "alphabeta+"+name, declared(t, extra)); err != nil {
					t.Fatalf("alphabeta+%s %v: %v", name, extra, err)
				}
				def.Sel = engine.DefaultSelective(u)
				byFlag, _ := engine.ParseSpec("alphabeta", def)
				both := map[string]string{}
				for k, v := range flags {
					both[k] = v
				}
				for k, v := range extra {
					both[k] = v
				}
				if err := engine.Overlay(&byFlag, "alphabeta", declared(t, both)); err != nil {
					t.Fatalf("alphabeta %v: %v", both, err)
				}
				if !reflect.DeepEqual(bySpec, byFlag) {
					t.Errorf("pawn %d: alphabeta+%s %v and alphabeta %v differ:\n%+v\n%+v", u.Pawn, name, extra, both, bySpec, byFlag)
				}
				if got := bySpec.Techniques(); name != "selective" && (len(got) == 0 || !contains(got, name)) {
					t.Errorf("alphabeta+%s: techniques on %v", name, got)
				}
				if err := engine.CheckUsed(declared(t, extra), bySpec); err != nil {
					t.Errorf("alphabeta+%s %v: %v", name, extra, err)
				}
				plain, _ := engine.ParseSpec("alphabeta", engine.Options{Sel: engine.DefaultSelective(u)})
				for p := range extra {
					err := engine.CheckUsed(declared(t, map[string]string{p: extra[p]}), plain)
					if name != "selective" && (err == nil || !strings.HasPrefix(err.Error(), "--"+p+": a parameter of "+name+", which is off")) {
						t.Errorf("--%s without %s: %v", p, name, err)
					}
				}
			}
		}
	}
	// Two techniques at a time, each named in the spec or switched on by its
	// flags, the other way for the other: the same options all four ways.
	for a, fa := range on {
		for b, fb := range on {
			if a >= b {
				continue
			}
			def := func() engine.Options { return engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: 100})} }
			var got []engine.Options
			for _, form := range []struct {
				spec  string
				flags []map[string]string
			}{
				{"pvs+" + a + "+" + b, nil},
				{"pvs+" + a, []map[string]string{fb}},
				{"pvs+" + b, []map[string]string{fa}},
				{"pvs", []map[string]string{fa, fb}},
			} {
				o, err := engine.ParseSpec(form.spec, def())
				if err != nil {
					t.Fatal(err)
				}
				given := map[string]string{}
				for _, f := range form.flags {
					for k, v := range f {
						given[k] = v
					}
				}
				if err := engine.Overlay(&o, form.spec, declared(t, given)); err != nil {
					t.Fatalf("%s %v: %v", form.spec, given, err)
				}
				got = append(got, o)
			}
			for i := 1; i < len(got); i++ {
				if !reflect.DeepEqual(got[0], got[i]) {
					t.Errorf("%s and %s: form %d differs:\n%+v\n%+v", a, b, i, got[0], got[i])
				}
			}
		}
	}
	// Switched off by a flag, on by the spec: refused.
	for _, tc := range []struct {
		spec  string
		given map[string]string
		want  string
	}{
		{"alphabeta+null-move", map[string]string{"null-move": "false"}, "--null-move=false: alphabeta+null-move switches null-move on; give one or the other"},
		{"alphabeta+selective", map[string]string{"futility": "false"}, "--futility=false: alphabeta+selective switches futility on"},
		{"alphabeta+selective", map[string]string{"selective": "false"}, "--selective=false: alphabeta+selective switches every selective technique on"},
		{"pvs+tt+iterative", map[string]string{"iterative": "false"}, "--iterative=false: pvs+tt+iterative switches iterative on"},
		{"alphabeta+order", map[string]string{"order": ""}, "--order: alphabeta+order switches order on"},
	} {
		o, _ := engine.ParseSpec(tc.spec, engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
		if err := engine.Overlay(&o, tc.spec, declared(t, tc.given)); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s %v: %v, want %q", tc.spec, tc.given, err, tc.want)
		}
	}
	// Switched off by a flag the spec leaves off, and --selective with one
	// left out: accepted.
	o, _ := engine.ParseSpec("alphabeta+null-move", engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
	if err := engine.Overlay(&o, "alphabeta+null-move", declared(t, map[string]string{"selective": "true", "futility": "false"})); err != nil || o.Sel.Futility.On || !o.Sel.Razoring.On || !o.Sel.Null.On {
		t.Errorf("alphabeta+null-move --selective --futility=false: %v, %+v", err, o.Sel)
	}
	// The extension limit bounds threat detection too: not refused with it.
	o, _ = engine.ParseSpec("alphabeta", engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
	g := declared(t, map[string]string{"null-move": "true", "null-threat": "true", "ext-limit": "4"})
	if err := engine.Overlay(&o, "alphabeta", g); err != nil {
		t.Fatal(err)
	}
	if err := engine.CheckUsed(g, o); err != nil || o.Sel.Extensions.Limit != 4 {
		t.Errorf("--null-move --null-threat --ext-limit 4: %v, limit %d", err, o.Sel.Extensions.Limit)
	}
	// Several searches: a parameter is refused only when none uses it.
	a, _ := engine.ParseSpec("alphabeta", engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
	b, _ := engine.ParseSpec("alphabeta+null-move", engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
	if err := engine.CheckUsed(declared(t, map[string]string{"null-r": "3"}), a, b); err != nil {
		t.Errorf("alphabeta, alphabeta+null-move --null-r 3: %v", err)
	}
	if err := engine.CheckUsed(declared(t, map[string]string{"null-r": "3"}), a, a); err == nil || !strings.Contains(err.Error(), "none of the searches") {
		t.Errorf("alphabeta, alphabeta --null-r 3: %v", err)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
