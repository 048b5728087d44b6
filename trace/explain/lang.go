package explain

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// Printer is the language a search's words are written in (in.Lang:
// English when empty or in is nil). Every sentence this package writes is
// one message of internal/i18n's catalogs (locales/explain*.LANG.json),
// whole, with the numbers, node names and moves as placeholders: never a
// sentence glued from translated pieces, since Russian and Czech inflect
// what English places side by side.
func Printer(in *trace.Info) *i18n.Printer {
	if in == nil {
		return i18n.For(i18n.En)
	}
	return i18n.For(i18n.Lang(in.Lang))
}

// t is the message id in the language of the sentence's search.
func (x *say) t(id string, args ...any) string { return Printer(x.in).T(id, args...) }

// n is the message id in the plural form count takes.
func (x *say) n(id string, count int64, args ...any) string {
	return Printer(x.in).N(id, count, args...)
}

// Number writes a value for a person to read, in the language of in: as
// in.Format does, with a decimal comma in Russian and Czech ("3,5"). The
// tree format, JSON and anything pasted back keep in.Format's point.
func Number(in *trace.Info, v int64) string { return dec(in, v) }

// Edges writes a window (α, β) for a person to read, in the language of
// in: as in.Window does in English; in Russian and Czech "(0,5; 1,25)"
// when an edge has a decimal comma.
func Edges(in *trace.Info, alpha, beta int64) string { return window(in, alpha, beta) }

// Interval writes an interval [lo, hi] so ("[0,5; 1,25]").
func Interval(in *trace.Info, lo, hi int64) string { return interval(in, lo, hi) }
