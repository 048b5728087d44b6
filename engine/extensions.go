package engine

import (
	"fmt"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// Extensions: searching a move one ply deeper (Němec, seed 003: checks,
// recaptures, promotions; the pawn push to the seventh rank is Kornilov's,
// seed 000).
//
// A check is extended because the reply is forced (a check evasion), a
// recapture because the exchange is not over, a promotion or a pawn push to
// the seventh rank because the pawn is about to change the material. Every
// extension lengthens one line at the cost of the others when time is fixed,
// so a line may have at most Limit of them.

// Extensions configures the extensions.
type Extensions struct {
	On        bool
	Check     bool // a move that gives check: the reply is a check evasion
	Recapture bool // recapturing the piece that just captured
	Promotion bool // a pawn promotion, or a pawn push to the seventh rank
	Limit     int  // extensions allowed along one line
}

var extensionsTechnique = technique{
	name: "extensions", family: SelectiveFamily,
	on:       func(o *Options) bool { return o.Sel.Extensions.On },
	switchOn: func(o *Options) { o.Sel.Extensions.On = true },
	defaults: func(s *Selective, _ Units) {
		s.Extensions = Extensions{Check: true, Recapture: true, Promotion: true, Limit: extensionLimit}
	},
	check: func(o *Options) error {
		if l := o.Sel.Extensions.Limit; l < 0 || l > MaxExtensionLimit {
			return i18n.Errorf("extensions: the limit per line must be between 0 and %d", MaxExtensionLimit)
		}
		return nil
	},
	describe: func(o *Options, _ func(int64) string) string {
		e := o.Sel.Extensions
		what := saying(said{e.Check, "check"}, said{e.Recapture, "recapture"}, said{e.Promotion, "promotion"})
		return fmt.Sprintf("extensions (%s; %d per line)", strings.Join(what, ", "), e.Limit)
	},
	params: []Param{
		{Name: "extensions", Kind: SwitchParam, Usage: "extensions: search a check, a recapture or a promotion one ply deeper"},
		{Name: "ext-check", Kind: SwitchParam, Bool: true, Usage: "extensions: moves that give check"},
		{Name: "ext-recapture", Kind: SwitchParam, Bool: true, Usage: "extensions: recaptures"},
		{Name: "ext-promotion", Kind: SwitchParam, Bool: true, Usage: "extensions: promotions and pawn pushes to the seventh rank"},
		{Name: "ext-limit", Kind: CountParam, Int: extensionLimit, Max: MaxExtensionLimit, Usage: fmt.Sprintf("extensions: at most this many along one line (0 to %d); bounds null-move threat detection and the check extension too", MaxExtensionLimit),
			also: func(o *Options) bool { return (o.Sel.Null.On && o.Sel.Null.Threat) || o.Sel.CheckExt.On }},
	},
	apply: func(o *Options, g Given) error {
		x := &o.Sel.Extensions
		x.Check, x.Recapture, x.Promotion, x.Limit = g.Bool("ext-check"), g.Bool("ext-recapture"), g.Bool("ext-promotion"), g.Int("ext-limit")
		return nil
	},
}

// extension returns why the move just made at ply is extended, or "".
func (s *searcher) extension(ply int, mi *moveInfo, givesCheck bool) string {
	x := &s.opt.Sel.Extensions
	if s.stack[ply].exts >= x.Limit {
		return ""
	}
	switch {
	case x.Check && givesCheck:
		return trace.ReasonExtendCheck
	case x.Recapture && mi.recapture:
		return trace.ReasonExtendRecapture
	case x.Promotion && mi.promotion:
		return trace.ReasonExtendPromotion
	case x.Promotion && mi.seventh:
		return trace.ReasonExtendSeventh
	}
	return ""
}
