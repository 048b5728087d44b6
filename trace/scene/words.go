package scene

import (
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
)

// The drawing's own words (its notes, boxes, edge labels, tooltips and
// legend) are messages of internal/i18n's catalogs (locales/draw.LANG.json)
// in the language of the search drawn (trace.Info.Lang); the node words it
// takes from trace/explain are in that language too.

// T is the message id in the drawing's language.
func (b *builder) T(id string, args ...any) string { return b.p.T(id, args...) }

// N is the message id in the plural form count takes.
func (b *builder) N(id string, count int64, args ...any) string { return b.p.N(id, count, args...) }

// ttNote is a node's line for a transposition-table hit: "TT lower 3, depth 2".
func ttNote(p *i18n.Printer, bound score.Bound, value string, depth int) string {
	switch bound {
	case score.Exact:
		return p.T("draw.note.tt.exact", "Value", value, "Depth", depth)
	case score.Lower:
		return p.T("draw.note.tt.lower", "Value", value, "Depth", depth)
	case score.Upper:
		return p.T("draw.note.tt.upper", "Value", value, "Depth", depth)
	}
	return p.T("draw.note.tt.none", "Value", value, "Depth", depth)
}

// ttEdge is the label of a transposition-table hit's arrow: "TT lower, d2".
func ttEdge(p *i18n.Printer, bound score.Bound, depth int) string {
	switch bound {
	case score.Exact:
		return p.T("draw.edge.tt.exact", "Depth", depth)
	case score.Lower:
		return p.T("draw.edge.tt.lower", "Depth", depth)
	case score.Upper:
		return p.T("draw.edge.tt.upper", "Depth", depth)
	}
	return p.T("draw.edge.tt.none", "Depth", depth)
}

// LegendText is mark m's legend line in style and p's language: English's
// is the look table's (LookOf), the others' one whole message for each mark
// and, for a mark that names its colour, one more for the "paper" style,
// which names none (Russian and Czech adjectives agree with what they
// colour, so the colour is not a word taken out of the sentence).
func LegendText(p *i18n.Printer, m Mark, style string) string {
	l := LookOf(m, style)
	if p.Lang() == i18n.En || l.Legend == "" {
		return l.Legend
	}
	paper := style == "paper" && table[m].ColourWord != ""
	switch m {
	case MarkCut:
		if paper {
			return p.T("draw.legend.cut.paper")
		}
		return p.T("draw.legend.cut")
	case MarkChanceCut:
		if paper {
			return p.T("draw.legend.chancecut.paper")
		}
		return p.T("draw.legend.chancecut")
	case MarkCurrent:
		if paper {
			return p.T("draw.legend.current.paper")
		}
		return p.T("draw.legend.current")
	case MarkPV:
		return p.T("draw.legend.pv")
	case MarkUnsearched:
		return p.T("draw.legend.unsearched")
	case MarkSummary:
		return p.T("draw.legend.summary")
	case MarkNoBound:
		return p.T("draw.legend.nobound")
	case MarkRange:
		return p.T("draw.legend.range")
	case MarkVisit:
		return p.T("draw.legend.visit")
	case MarkNull:
		if paper {
			return p.T("draw.legend.null.paper")
		}
		return p.T("draw.legend.null")
	case MarkReduce:
		if paper {
			return p.T("draw.legend.reduce.paper")
		}
		return p.T("draw.legend.reduce")
	case MarkExtend:
		if paper {
			return p.T("draw.legend.extend.paper")
		}
		return p.T("draw.legend.extend")
	case MarkProbe:
		return p.T("draw.legend.probe")
	case MarkFutility:
		if paper {
			return p.T("draw.legend.futility.paper")
		}
		return p.T("draw.legend.futility")
	case MarkRazor:
		if paper {
			return p.T("draw.legend.razor.paper")
		}
		return p.T("draw.legend.razor")
	case MarkQS:
		if paper {
			return p.T("draw.legend.qs.paper")
		}
		return p.T("draw.legend.qs")
	case MarkTT:
		if paper {
			return p.T("draw.legend.tt.paper")
		}
		return p.T("draw.legend.tt")
	case MarkDiffA:
		if paper {
			return p.T("draw.legend.diffa.paper")
		}
		return p.T("draw.legend.diffa")
	case MarkDiffB:
		if paper {
			return p.T("draw.legend.diffb.paper")
		}
		return p.T("draw.legend.diffb")
	case MarkDiffValue:
		if paper {
			return p.T("draw.legend.diffvalue.paper")
		}
		return p.T("draw.legend.diffvalue")
	}
	return l.Legend
}
