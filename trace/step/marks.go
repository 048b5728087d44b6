package step

import (
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// Every event leaves a mark on the node it concerns, in the stepper's tree
// and on the page: the event's own node (a reduction or an extension of a
// move marks the child entered next as well). A mark is one per event kind,
// and a few for what an event's reason adds (a Star2 probe, a cut by the
// transposition table). The skeleton's kinds show otherwise: enter makes a
// node visible, leaf and exit write its value, cutoff its ✂, done the
// principal variation; start concerns no node.

// Mark is a sign an event leaves on a node.
type Mark uint8

// The marks beyond the kinds' (each kind k is the mark Mark(k)).
const (
	MarkProbe Mark = Mark(trace.NumKinds) + iota // entered for a Star2 probe
	MarkTTCut                                    // the transposition table's entry cut the node
	numMarks
)

// Marks is a set of marks.
type Marks uint64

// Has reports whether m holds k.
func (m Marks) Has(k Mark) bool { return m&(1<<k) != 0 }

// List is the marks of m in their order.
func (m Marks) List() []Mark {
	var out []Mark
	for k := Mark(0); k < numMarks; k++ {
		if m.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// Names are the names of the marks of m, as the page's state has them: a
// kind's contract name, "probe", "tt_cut".
func (m Marks) Names() []string {
	out := []string{}
	for _, k := range m.List() {
		out = append(out, k.Name())
	}
	return out
}

// Glyphs are the glyphs of the marks of m, space-separated ("" for none).
func (m Marks) Glyphs() string {
	var out []string
	for _, k := range m.List() {
		if g := k.Look().Glyph; g != "" {
			out = append(out, g)
		}
	}
	return strings.Join(out, " ")
}

// Look is how a mark is shown: a glyph (the cue that needs no colour), the
// words of its legend, and its colour as a CSS custom property of the page's
// palette.
type Look struct {
	Glyph, Words, Colour string
}

// Name is the mark's name: a kind's contract name, or "probe", "tt_cut".
func (k Mark) Name() string {
	switch k {
	case MarkProbe:
		return "probe"
	case MarkTTCut:
		return "tt_cut"
	}
	return trace.Kind(k).String()
}

// looks are the marks' looks, by mark. The skeleton's kinds, shown
// otherwise, have none.
var looks = map[Mark]Look{
	Mark(trace.NullTry):    {"Ø?", "null move tried", "var(--ps-null, #CC79A7)"},
	Mark(trace.NullPrune):  {"Ø✂", "pruned by the null move", "var(--ps-null, #CC79A7)"},
	Mark(trace.NullFail):   {"Ø×", "the null move failed: searched normally", "var(--ps-null, #CC79A7)"},
	Mark(trace.NullSkip):   {"Ø-", "null move not tried", "var(--ps-null, #CC79A7)"},
	Mark(trace.NullVerify): {"Ø=", "null-move cut verified", "var(--ps-null, #CC79A7)"},
	Mark(trace.Threat):     {"Ø!", "threat test", "var(--ps-extend, #009E73)"},
	Mark(trace.Reduce):     {"↓", "reduced: searched with less depth (the node, or the move it reduces)", "var(--ps-reduce, #0072B2)"},
	Mark(trace.Extend):     {"↑", "extended: searched with more depth (the node, or the move it extends)", "var(--ps-extend, #009E73)"},
	Mark(trace.Research):   {"2×", "searched again", "var(--ps-research, #E69F00)"},
	Mark(trace.Futility):   {"F✂", "futility: moves skipped", "var(--ps-futile, #56B4E9)"},
	Mark(trace.Razor):      {"R✂", "razored", "var(--ps-razor, #56B4E9)"},
	Mark(trace.QSEnter):    {"Q", "quiescence search", "var(--ps-probe, #555555)"},
	Mark(trace.StandPat):   {"SP", "stand pat", "var(--ps-probe, #555555)"},
	Mark(trace.TTProbe):    {"TT?", "transposition table probed", "var(--ps-tt, #009E73)"},
	Mark(trace.TTHit):      {"TT", "transposition table hit", "var(--ps-tt, #009E73)"},
	Mark(trace.TTStore):    {"TT+", "stored in the transposition table", "var(--ps-tt, #009E73)"},
	Mark(trace.Iter):       {"■", "an iteration of iterative deepening ended here", "var(--ps-probe, #555555)"},
	Mark(trace.Window):     {"( )", "an aspiration or MTD(f) window pass ended here", "var(--ps-research, #E69F00)"},
	Mark(trace.ChanceCut):  {"✂", "chance cut", "var(--ps-chance-cut, #D55E00)"},
	Mark(trace.LatePrune):  {"L✂", "late move pruning: moves skipped", "var(--ps-futile, #56B4E9)"},
	Mark(trace.RFP):        {"S✂", "reverse futility (static null move): pruned", "var(--ps-null, #CC79A7)"},
	Mark(trace.IID):        {"I?", "internal iterative deepening: searched shallower first", "var(--ps-reduce, #0072B2)"},
	Mark(trace.IIDDone):    {"I!", "internal iterative deepening done: searched at full depth, its move first", "var(--ps-research, #E69F00)"},
	Mark(trace.Evasions):   {"+!", "in check in quiescence: no stand pat, every move searched", "var(--ps-probe, #555555)"},
	MarkProbe:              {"P?", "probed (Star2): first move only", "var(--ps-probe, #555555)"},
	MarkTTCut:              {"TT✂", "cut by the transposition table", "var(--ps-tt, #009E73)"},
}

// Look is the mark's look (no glyph for the skeleton's kinds).
func (k Mark) Look() Look { return looks[k] }

// LookIn is the mark's look with its legend's words in the language lang
// ("" or en: Look's own words).
func (k Mark) LookIn(lang string) Look {
	l := looks[k]
	if w := k.words(i18n.For(i18n.Lang(lang))); w != "" {
		l.Words = w
	}
	return l
}

// words are the mark's legend's words in p's language, "" for a mark with
// no look.
func (k Mark) words(p *i18n.Printer) string {
	switch k {
	case Mark(trace.NullTry):
		return p.T("mark.null_try")
	case Mark(trace.NullPrune):
		return p.T("mark.null_prune")
	case Mark(trace.NullFail):
		return p.T("mark.null_fail")
	case Mark(trace.NullSkip):
		return p.T("mark.null_skip")
	case Mark(trace.NullVerify):
		return p.T("mark.null_verify")
	case Mark(trace.Threat):
		return p.T("mark.threat")
	case Mark(trace.Reduce):
		return p.T("mark.reduce")
	case Mark(trace.Extend):
		return p.T("mark.extend")
	case Mark(trace.Research):
		return p.T("mark.research")
	case Mark(trace.Futility):
		return p.T("mark.futility")
	case Mark(trace.Razor):
		return p.T("mark.razor")
	case Mark(trace.QSEnter):
		return p.T("mark.qs_enter")
	case Mark(trace.StandPat):
		return p.T("mark.stand_pat")
	case Mark(trace.TTProbe):
		return p.T("mark.tt_probe")
	case Mark(trace.TTHit):
		return p.T("mark.tt_hit")
	case Mark(trace.TTStore):
		return p.T("mark.tt_store")
	case Mark(trace.Iter):
		return p.T("mark.iter")
	case Mark(trace.Window):
		return p.T("mark.window")
	case Mark(trace.ChanceCut):
		return p.T("mark.chance_cut")
	case Mark(trace.LatePrune):
		return p.T("mark.lmp")
	case Mark(trace.RFP):
		return p.T("mark.rfp")
	case Mark(trace.IID):
		return p.T("mark.iid")
	case Mark(trace.IIDDone):
		return p.T("mark.iid_done")
	case Mark(trace.Evasions):
		return p.T("mark.evasions")
	case MarkProbe:
		return p.T("mark.probe")
	case MarkTTCut:
		return p.T("mark.tt_cut")
	}
	return ""
}

// AllMarks lists every mark that has a look, in order: what a legend and
// the page's script know.
func AllMarks() []Mark {
	var out []Mark
	for k := Mark(0); k < numMarks; k++ {
		if _, ok := looks[k]; ok {
			out = append(out, k)
		}
	}
	return out
}

// MarksOf is the marks event e leaves on its own node (e.Node).
func MarksOf(e *trace.Event) Marks {
	var m Marks
	if _, ok := looks[Mark(e.Kind)]; ok {
		m |= 1 << Mark(e.Kind)
	}
	switch {
	case e.Kind == trace.Enter && e.Reason == trace.ReasonProbe:
		m |= 1 << MarkProbe
	case e.Kind == trace.TTHit && e.Kind.Spec().CutsAt(e):
		m |= 1 << MarkTTCut
	}
	return m
}

// MarksChild is the marks event e leaves on the child entered next: a
// reduction's or an extension's of a move.
func MarksChild(e *trace.Event) Marks {
	if e.Kind.Spec().Depths && e.Move != "" {
		return 1 << Mark(e.Kind)
	}
	return 0
}
