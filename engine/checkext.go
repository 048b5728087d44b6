package engine

import (
	"fmt"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// The check extension (chessprogramming wiki, "Check Extensions"): a move
// that gives check is searched Plies plies deeper, because the reply is
// forced (a check evasion) and the line is too sharp to end at the horizon.
// It is the seed's check rule (extensions.go) on a switch of its own, as
// engines have it, apart from the recapture and promotion rules.
//
// With both on, a checking move is extended once, by this switch (its
// plies): the extension set's rules are asked only about moves this one did
// not extend. Either way a line has at most Extensions.Limit extensions
// (--ext-limit): a line of checks that never ends (a perpetual) would
// otherwise never reach the horizon.

// CheckExtension configures the check extension.
type CheckExtension struct {
	On    bool
	Plies int // how much deeper a checking move is searched
}

var checkExtTechnique = technique{
	name: "check-ext", family: SelectiveFamily,
	on: func(o *Options) bool { return o.Sel.CheckExt.On },
	// Switched on in options that never had its defaults, it gets them,
	// and the line's limit of extensions the extension set's default.
	switchOn: func(o *Options) {
		if o.Sel.CheckExt.Plies == 0 {
			o.Sel.CheckExt.Plies = checkExtPlies
			if o.Sel.Extensions.Limit == 0 && !o.Sel.Extensions.On {
				o.Sel.Extensions.Limit = extensionLimit
			}
		}
		o.Sel.CheckExt.On = true
	},
	defaults: func(s *Selective, _ Units) { s.CheckExt = CheckExtension{Plies: checkExtPlies} },
	check: func(o *Options) error {
		if c := o.Sel.CheckExt; c.On && (c.Plies < 1 || c.Plies > maxCheckExtPlies) {
			return i18n.Errorf("check extension: the plies must be between 1 and %d", maxCheckExtPlies)
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		c := o.Sel.CheckExt
		return fmt.Sprintf("check extension (+%d; %d per line)", c.Plies, o.Sel.Extensions.Limit)
	},
	params: []Param{
		{Name: "check-ext", Kind: SwitchParam, Usage: "check extension: search a move that gives check deeper (the extension set's check rule on a switch of its own; it wins over it)"},
		{Name: "check-ext-plies", Kind: IntParam, Int: checkExtPlies, Usage: fmt.Sprintf("check extension: plies deeper (1 to %d)", maxCheckExtPlies)},
	},
	apply: func(o *Options, g Given) error {
		p := g.Int("check-ext-plies")
		if p < 1 || p > maxCheckExtPlies {
			return i18n.Errorf("--check-ext-plies: %d must be between 1 and %d", p, maxCheckExtPlies)
		}
		o.Sel.CheckExt.Plies = p
		return nil
	},
}

// checkExtension extends the move just made at ply when it gives check and
// the line has an extension left (this is the check extension): it returns
// the child's depth and true, having marked the child extended and reported
// it.
func (s *searcher) checkExtension(ply, depth int, givesCheck bool) (int, bool) {
	p, c := s.stack[ply], s.stack[ply+1]
	if !givesCheck || p.exts >= s.opt.Sel.Extensions.Limit {
		return 0, false
	}
	to := depth - 1 + s.opt.Sel.CheckExt.Plies
	c.extended, c.exts = true, p.exts+1
	s.extendEvent(ply, depth, to, trace.ReasonExtendCheck)
	return to, true
}
