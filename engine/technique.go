package engine

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"strconv"
	"strings"
)

// technique is how a selective or iterative technique plugs into the engine
// and the command line. Each technique's file defines one: the options it
// owns, their defaults, their checks, the line that describes them and the
// flags that set them. The table in options.go lists them in the order specs
// name them; specs, checks, descriptions and the command line's flags iterate
// over it instead of naming each technique.
type technique struct {
	// name is how a spec names it after a plus ("alphabeta+null-move"),
	// aliases the other spellings a spec accepts.
	name    string
	aliases []string
	// family: selective techniques are layered on the search of a node
	// (alpha-beta, PVS, MTD(f)), all switched on by "+selective" and
	// --selective; iterative ones shape the search around the nodes (the
	// table, move ordering, the iterations and their windows).
	family   Family
	on       func(*Options) bool // whether it is switched on
	switchOn func(*Options)      // switches it on, as a spec naming it does
	// defaults sets its parameters to the seeds' defaults in the game's
	// units (selective techniques; DefaultSelective).
	defaults func(*Selective, Units)
	// check rejects parameters out of range; Search's check calls it.
	check func(*Options) error
	// describe is its line in the start event (trace.Info.Options) when it
	// is on, margins written by format; nil when it has none.
	describe func(o *Options, format func(int64) string) string
	// params are its command-line parameters: its switch first, named as
	// the technique, where it has one (the null move's --null-move); apply
	// sets its parameters from what the command line gave for them. Whether
	// the technique is on is Overlay's: the spec, then the switch.
	params []Param
	apply  func(*Options, Given) error
}

// switchFlag is the parameter that switches t on or off, "" when t has none
// (move ordering and aspiration windows are switched on by a parameter's
// value: --order LIST, --aspiration WIDTH).
func (t *technique) switchFlag() string {
	for _, p := range t.params {
		if p.Name == t.name && p.Kind == SwitchParam {
			return p.Name
		}
	}
	return ""
}

// Family groups the techniques as the command line offers them.
type Family uint8

const (
	// SelectiveFamily: null move, reductions, futility, razoring,
	// quiescence, extensions (Options.Sel).
	SelectiveFamily Family = iota
	// IterativeFamily: the transposition table, move ordering, iterative
	// deepening, aspiration windows.
	IterativeFamily
)

// named reports whether a spec's word names t.
func (t *technique) named(word string) bool {
	if word == t.name {
		return true
	}
	for _, a := range t.aliases {
		if word == a {
			return true
		}
	}
	return false
}

// Param is a command-line parameter of a technique. The command layer makes
// a flag of it, with this name, usage and default, and hands what was given
// to the technique through Given.
type Param struct {
	Name  string
	Usage string
	Kind  ParamKind
	Bool  bool   // SwitchParam: the default
	Int   int    // CountParam, IntParam: the default
	Max   int    // CountParam: the largest value allowed, 0 for none
	Text  string // TextParam: the default ("" for none)
	// also reports whether the parameter is used by options where its
	// technique is off (the extension limit bounds threat detection too);
	// nil: only when its technique is on.
	also func(*Options) bool
}

// SelectiveSwitch is the parameter that switches every selective technique
// on (--selective); the first of Params(SelectiveFamily).
const SelectiveSwitch = "selective"

var selectiveParam = Param{Name: SelectiveSwitch, Kind: SwitchParam,
	Usage: "switch on every selective technique below at its defaults (--selective --null-move=false leaves one out)"}

// ParamKind is the type of a parameter's flag.
type ParamKind uint8

const (
	SwitchParam ParamKind = iota // on or off
	CountParam                   // a whole number, 0 or more: rejected when negative before any technique reads the flags
	IntParam                     // a whole number the technique checks itself
	TextParam                    // a word, or a value or list of values in the game's units (Given.Value, Given.Values)
	// CountsParam is a list of whole numbers separated by commas, each 1
	// or more, by remaining depth or by move number (late move pruning's
	// move counts); the flag is text ("" for the default), read by Counts.
	CountsParam
)

// Counts reads a CountsParam: whole numbers, each 1 or more, separated by
// commas; nil when the parameter is empty. Errors name the flag and the
// entry: "--lmp-counts: entry 2: "x" is not a whole number".
func Counts(g Given, name string) ([]int, error) {
	text := strings.TrimSpace(g.Text(name))
	if text == "" {
		return nil, nil
	}
	var out []int
	for i, part := range strings.Split(text, ",") {
		part = strings.TrimSpace(part)
		n, err := strconv.Atoi(part)
		switch {
		case err != nil:
			return nil, i18n.Errorf("--%s: entry %d: %q is not a whole number", name, i+1, part)
		case n < 1:
			return nil, i18n.Errorf("--%s: entry %d: %d must be 1 or more", name, i+1, n)
		case n > maxCount:
			return nil, i18n.Errorf("--%s: entry %d: %d must be at most %d", name, i+1, n, maxCount)
		}
		out = append(out, n)
	}
	return out, nil
}

// maxCount is the largest entry of a CountsParam, and the longest such list:
// far more moves than any position has, and deeper than any search.
const maxCount = MaxDepth

// Given is what the command line gave for the techniques' parameters, by
// name, every family's and --selective (SelectiveSwitch). Errors name the
// flag.
type Given interface {
	Changed(name string) bool // given explicitly
	Bool(name string) bool
	Int(name string) int
	Text(name string) string
	// Value reads the parameter as a value in the game's units ("50", or
	// "0.5" in a tree written with decimals), 0 or more; Values a list of
	// them separated by commas.
	Value(name string) (int64, error)
	Values(name string) ([]int64, error)
}

// Params lists the command-line parameters of a family's techniques, in the
// table's order; the selective family's start with --selective.
func Params(f Family) []Param {
	var out []Param
	if f == SelectiveFamily {
		out = append(out, selectiveParam)
	}
	for _, t := range techniques {
		if t.family == f {
			out = append(out, t.params...)
		}
	}
	return out
}

// Overlay lays the technique parameters given (g) over options a spec made
// (ParseSpec from the game's defaults, named spec in errors): it is how a
// command line's flags join its spec, so that "--algo alphabeta
// --null-move" and "--algo alphabeta+null-move" are the same search, and
// "--algo alphabeta+futility --futility-margins 1,2" keeps futility on with
// those margins.
//
//   - A technique the spec switches on stays on; a switch given on (or
//     --selective, for a selective technique whose own switch is not given)
//     switches its technique on; a switch given off leaves it off — and is
//     refused when the spec switches it on: the two contradict each other.
//   - Every parameter is read from g (a parameter not given has its
//     default, the engine's), each technique its own; counts are checked
//     first.
//
// Parameters given for a technique no search uses are CheckUsed's.
func Overlay(o *Options, spec string, g Given) error {
	for _, f := range []Family{SelectiveFamily, IterativeFamily} {
		for _, p := range Params(f) {
			if p.Kind != CountParam {
				continue
			}
			switch n := g.Int(p.Name); {
			case n < 0:
				return i18n.Errorf("--%s: %d is negative", p.Name, n)
			case p.Max > 0 && n > p.Max:
				return i18n.Errorf("--%s: %d must be between 0 and %d", p.Name, n, p.Max)
			}
		}
	}
	named := map[*technique]bool{} // what the spec switches on
	allSelective := true
	for _, t := range techniques {
		named[t] = t.on(o)
		allSelective = allSelective && (t.family != SelectiveFamily || named[t])
	}
	all := g.Changed(SelectiveSwitch) && g.Bool(SelectiveSwitch)
	if g.Changed(SelectiveSwitch) && !all && allSelective {
		return i18n.Errorf("--%s=false: %s switches every selective technique on; give one or the other", SelectiveSwitch, spec)
	}
	for _, t := range techniques {
		sw := t.switchFlag()
		switch {
		case sw != "" && g.Changed(sw) && g.Bool(sw):
			t.switchOn(o)
		case sw != "" && g.Changed(sw) && named[t]:
			return contradicts(sw, spec, t)
		case sw != "" && g.Changed(sw): // off, as the spec has it
		case all && t.family == SelectiveFamily:
			t.switchOn(o)
		}
		if t.apply != nil {
			if err := t.apply(o, g); err != nil {
				return err
			}
		}
		if named[t] && !t.on(o) { // a parameter's value switched it off (--order "")
			return contradicts(t.params[0].Name, spec, t)
		}
	}
	return nil
}

// contradicts refuses the flag that switches t off while the spec switches
// it on.
func contradicts(flag, spec string, t *technique) error {
	value := "=false"
	if t.switchFlag() != flag {
		value = ""
	}
	return i18n.Errorf("--%s%s: %s switches %s on; give one or the other", flag, value, spec, t.name)
}

// CheckUsed refuses a parameter given explicitly for a technique that none
// of the searches' options (one search's, or each of compare's and diff's)
// switches on: it would change nothing, and say nothing. A technique's first
// parameter, the one that switches it (--null-move, --order LIST), is not
// refused: given off, it asks for nothing.
func CheckUsed(g Given, opts ...Options) error {
	for _, t := range techniques {
		for i, p := range t.params {
			if i == 0 || !g.Changed(p.Name) { // the first switches it on (--tt, --order LIST)
				continue
			}
			used := false
			for j := range opts {
				used = used || t.on(&opts[j]) || (p.also != nil && p.also(&opts[j]))
			}
			switch {
			case used:
			case len(opts) > 1:
				return i18n.Errorf("--%s: a parameter of %s, which none of the searches switches on: add --%s (or +%s to a spec)", p.Name, t.name, t.params[0].Name, t.name)
			default:
				return i18n.Errorf("--%s: a parameter of %s, which is off: add --%s (or +%s to the spec)", p.Name, t.name, t.params[0].Name, t.name)
			}
		}
	}
	return nil
}

// UnitsOf returns the units of a game's default margins: chess counts
// centipawns; toy trees and tic-tac-toe have no pawns.
func UnitsOf(g Game) Units {
	if g.Name == "chess" {
		return Units{Pawn: 100}
	}
	return Units{}
}

// Techniques names the techniques switched on, as specs name them, in the
// table's order.
func (o Options) Techniques() []string {
	var out []string
	for _, t := range techniques {
		if t.on(&o) {
			out = append(out, t.name)
		}
	}
	return out
}

// choice reads the word given for a parameter as the index of one of words,
// the error listing them: "--null-window: "half" is not zero or full".
func choice(g Given, name string, words ...string) (int, error) {
	w := g.Text(name)
	for i, c := range words {
		if w == c {
			return i, nil
		}
	}
	return 0, i18n.Errorf("--%s: %q is not %s or %s", name, w, strings.Join(words[:len(words)-1], ", "), words[len(words)-1])
}

// Units are the default margins of a game: a pawn's worth in its raw units.
// Chess: 100 centipawns. Toy trees and tic-tac-toe have no pawns (Pawn 0):
// their margins default to 0, the seeds' plain static tests, and threat
// detection counts any gain.
type Units struct{ Pawn int64 }

// DefaultSelective returns every technique at the defaults of the seeds, all
// switched off; margins are scaled to the game's pawn.
func DefaultSelective(u Units) Selective {
	var s Selective
	for _, t := range techniques {
		if t.defaults != nil {
			t.defaults(&s, u)
		}
	}
	return s
}

// Any reports whether any selective technique is on.
func (s *Selective) Any() bool {
	o := Options{Sel: *s}
	return o.anyOn(SelectiveFamily)
}

// anyOn reports whether any technique of the family is on.
func (o *Options) anyOn(f Family) bool {
	for _, t := range techniques {
		if t.family == f && t.on(o) {
			return true
		}
	}
	return false
}

// checkTechniques checks the parameters of every technique.
func (o *Options) checkTechniques() error {
	for _, t := range techniques {
		if t.check != nil {
			if err := t.check(o); err != nil {
				return err
			}
		}
	}
	return nil
}

// describe lists the techniques that are on with their parameters, one
// string each, for the trace's start event and the headers.
func (o *Options) describe(format func(int64) string) []string {
	var out []string
	for _, t := range techniques {
		if t.describe != nil && t.on(o) {
			out = append(out, t.describe(o, format))
		}
	}
	return out
}

// margins describes margins by remaining depth.
func margins(ms []int64, format func(int64) string) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = format(m)
	}
	return strings.Join(parts, ",") + " by remaining depth 1.." + strconv.Itoa(len(ms))
}

// nonNegative rejects a margin below 0: "razoring: margins must be 0 or more".
func nonNegative(what string, ms ...int64) error {
	for _, m := range ms {
		if m < 0 {
			return i18n.Errorf("%s: margins must be 0 or more", what)
		}
	}
	return nil
}

// of scales a margin given in centipawns (whole pawns or halves) to the
// game's pawn.
func (u Units) of(cp int64) int64 {
	if cp%100 == 0 {
		return cp / 100 * u.Pawn
	}
	return cp / 50 * (u.Pawn / 2)
}

// all scales margins given in centipawns to the game's pawn.
func (u Units) all(cps []int64) []int64 {
	out := make([]int64, len(cps))
	for i, cp := range cps {
		out[i] = u.of(cp)
	}
	return out
}

// setMargins reads margins by remaining depth into ms when the parameter is
// given; left empty, the game's defaults stay.
func setMargins(ms *[]int64, g Given, name string) error {
	if g.Text(name) == "" {
		return nil
	}
	v, err := g.Values(name)
	if err == nil {
		*ms = v
	}
	return err
}

// margined are the options of a selective technique that is a switch and
// margins by remaining depth: Margins[d-1] is the margin at remaining depth
// d, and beyond the last one the rule does not apply (Futility, Razoring).
type margined struct {
	On      bool
	Margins []int64
}

// marginTechnique is a selective technique whose options are margined: name
// in specs, sentences and errors; defaults its margins in centipawns; opts
// finds its options; the usage of its switch, and the flag and usage of its
// margins.
func marginTechnique(name string, defaults []int64, opts func(*Selective) *margined, usage, marginsFlag, marginsUsage string) technique {
	return technique{
		name: name, family: SelectiveFamily,
		on:       func(o *Options) bool { return opts(&o.Sel).On },
		switchOn: func(o *Options) { opts(&o.Sel).On = true },
		defaults: func(s *Selective, u Units) { *opts(s) = margined{Margins: u.all(defaults)} },
		check:    func(o *Options) error { return nonNegative(name, opts(&o.Sel).Margins...) },
		describe: func(o *Options, format func(int64) string) string {
			return name + " margins " + margins(opts(&o.Sel).Margins, format)
		},
		params: []Param{
			{Name: name, Kind: SwitchParam, Usage: usage},
			{Name: marginsFlag, Kind: TextParam, Usage: marginsUsage},
		},
		apply: func(o *Options, g Given) error {
			return setMargins(&opts(&o.Sel).Margins, g, marginsFlag)
		},
	}
}

// said is a phrase of a description and whether it applies.
type said struct {
	holds  bool
	phrase string
}

// saying lists the phrases that apply, in order.
func saying(ss ...said) []string {
	var out []string
	for _, s := range ss {
		if s.holds {
			out = append(out, s.phrase)
		}
	}
	return out
}
