package student

import (
	"context"
	"slices"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

// Search is one search of a toy tree or a chess position, step by step,
// with its trace.
type Search struct {
	Game   Game
	Spec   string // as compare --algos writes it: alphabeta:soft:gt
	Opt    engine.Options
	RTL    bool // the children searched right to left
	Info   *trace.Info
	Steps  []Step
	Events []*trace.Event // the node events (enter, exit, cutoff) of the steps, for their sentences
	Value  int64
	// P says the words check adds around the trace's sentences (Report.Said)
	// in its language; nil: English.
	P *i18n.Printer
}

// Reference searches tr as opt says (rtl: the children right to left), to
// depth, and keeps its steps.
func Reference(ctx context.Context, tr *tree.Tree, opt engine.Options, depth int, rtl bool) (*Search, error) {
	return ReferenceGame(ctx, TreeGame(tr), opt, depth, rtl)
}

// ReferenceGame searches g as opt says, to depth, and keeps its steps and
// the events that tell them.
func ReferenceGame(ctx context.Context, g Game, opt engine.Options, depth int, rtl bool) (*Search, error) {
	return search(ctx, g, opt, depth, rtl, true)
}

// search searches g; events says whether to keep the events that tell the
// steps (the other searches check tries need their steps only).
func search(ctx context.Context, g Game, opt engine.Options, depth int, rtl, events bool) (*Search, error) {
	pos := g.Position(rtl)
	s := &Search{Game: g, Opt: opt, RTL: rtl, Spec: opt.Spec()}
	var stack []Step
	var err error
	var refs trace.RefNames // a table hit names the node that stored the entry
	h := &trace.Hooks{Event: func(e *trace.Event) {
		if err != nil {
			return
		}
		if events {
			refs.Note(e)
		}
		switch e.Kind {
		case trace.Start:
			s.Info = e.Info
		case trace.Enter:
			k, n, kerr := g.key(e.Path)
			if kerr != nil {
				err = kerr
				return
			}
			st := Step{Key: k, Node: n}
			if e.Has&trace.HasWindow != 0 {
				st.Window, st.Alpha, st.Beta = true, e.Alpha, e.Beta
			}
			stack = append(stack, st)
			s.Steps = append(s.Steps, st)
			if events {
				s.Events = append(s.Events, clone(e))
			}
		case trace.Exit:
			st := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			st.Exit, st.Value = true, e.Value
			s.Steps = append(s.Steps, st)
			if events {
				s.Events = append(s.Events, clone(e))
			}
		case trace.Cutoff, trace.TTHit, trace.Research:
			if events {
				s.Events = append(s.Events, clone(e)) // kept beside the steps: see cutOf and said
			}
		}
	}}
	res, serr := engine.Search(ctx, pos, engine.Limits{Depth: depth}, opt, h)
	if serr != nil {
		return nil, serr
	}
	if err != nil {
		return nil, err
	}
	s.Value = res.Value
	return s, nil
}

func clone(e *trace.Event) *trace.Event {
	c := *e
	c.Pruned = slices.Clone(e.Pruned)
	c.Unsearched = nil
	return &c
}

// Report is what the comparison found.
type Report struct {
	Same  bool
	Steps int // the steps compared (all of them when Same)
	// Where the two part: the index of the first step that differs, and the
	// two steps there (nil when one search has ended).
	At         int
	Ref, Yours *Step
	// Said is what the reference search does at the step, in the trace's
	// sentence (the cutoff that prunes the node the student entered, or the
	// reference's own step).
	Said string
	// Matches are the other searches that make the student's steps, each
	// with the mistake it stands for.
	Matches []Match
}

// Match is another search the student's trace is, event for event.
type Match struct {
	Spec    string // a spec, or words for a search with a bug (Bug): Base as Variant changes it
	Base    string // the spec a search with a bug starts from (Variant)
	Variant string // the change a search with a bug makes to Base ("" when none): Variants
	Arg     string // what the variant names: MIN or MAX, a depth
	Bug     bool   // a mistaken search prunescope makes for check alone (notPassed)
	RTL     bool
	Mistake *quiz.Misconception // nil when no mistake names the difference
}

// Compare compares the student's steps with the reference search's.
func Compare(ref *Search, yours []Step) Report {
	r := Report{}
	n := min(len(ref.Steps), len(yours))
	i := 0
	lo, hi := -score.Inf, score.Inf
	if ref.Game != nil {
		lo, hi = ref.Game.span()
	}
	for i < n && same(ref.Steps[i], yours[i], lo, hi) {
		i++
	}
	r.Steps = i
	if i == len(ref.Steps) && i == len(yours) {
		r.Same = true
		return r
	}
	r.At = i
	if i < len(ref.Steps) {
		r.Ref = &ref.Steps[i]
	}
	if i < len(yours) {
		r.Yours = &yours[i]
	}
	if ref.Info != nil && ref.Events != nil { // the other searches keep no events: no words needed
		r.Said = ref.said(i, r.Yours)
	}
	return r
}

// same says whether two steps are alike: the same node entered, or left
// with the same value; when both give the window a node is entered with,
// the same window, as the search sees it: every bound below the game's
// least value lo is the same to it as −∞, every bound above hi as +∞ (a
// student may write ±1000 for the infinities).
func same(a, b Step, lo, hi int64) bool {
	if a.Exit != b.Exit || a.Key != b.Key || (a.Exit && a.Value != b.Value) {
		return false
	}
	if a.Exit || !a.Window || !b.Window {
		return true
	}
	norm := func(v int64) int64 {
		switch {
		case v < lo:
			return -score.Inf
		case v > hi:
			return score.Inf
		}
		return v
	}
	return norm(a.Alpha) == norm(b.Alpha) && norm(a.Beta) == norm(b.Beta)
}

// said is the sentence of what the reference search does at step i, where
// the student's search did yours: when the student entered a node the
// reference never entered there, the cutoff that pruned it.
func (s *Search) said(i int, yours *Step) string {
	p := s.P
	if p == nil {
		p = i18n.For(i18n.En)
	}
	if yours != nil && !yours.Exit {
		if cut := s.cutOf(*yours); cut != nil {
			return explain.Event(s.Info, cut).Text
		}
	}
	if i >= len(s.Steps) {
		return p.T("check.ref.ended", "Value", p.Decimal(s.Info.Format(s.Value)))
	}
	k := s.stepEvent(i)
	if k < 0 {
		return ""
	}
	e, st := s.Events[k], s.Steps[i]
	if x := s.why(k, st); x != nil {
		return explain.Event(s.Info, x).Text
	}
	if st.Exit {
		return p.T("check.ref.returns", "Node", explain.NodeNameIn(&trace.Info{Lang: string(p.Lang())}, e.Path), "Words", explain.ReturnWords(s.Info, e).Text)
	}
	switch {
	case e.Has&trace.HasWindow != 0 && e.Path == "":
		return p.T("check.ref.enters.window.root", "Window", explain.Edges(s.inLang(p), e.Alpha, e.Beta))
	case e.Has&trace.HasWindow != 0:
		return p.T("check.ref.enters.window", "Node", e.Path, "Window", explain.Edges(s.inLang(p), e.Alpha, e.Beta))
	case e.Path == "":
		return p.T("check.ref.enters.root")
	}
	return p.T("check.ref.enters", "Node", e.Path)
}

// inLang is the search's Info with p's language: its windows as p's
// language writes a decimal ((0,5; 1,25) in Russian and Czech).
func (s *Search) inLang(p *i18n.Printer) *trace.Info {
	in := *s.Info
	in.Lang = string(p.Lang())
	return &in
}

// SaidEvent is the reference's event that r.Said tells: the cutoff that
// left the node the student entered unsearched, the table hit or the
// search again that explains the step where the two part, or the
// reference's own event there; nil when the two are the same, when the
// reference search has ended there, or when it kept no events. Its Seq and
// Node are those of the reference search's trace.
func (s *Search) SaidEvent(r Report) *trace.Event {
	if r.Same {
		return nil
	}
	if r.Yours != nil && !r.Yours.Exit {
		if cut := s.cutOf(*r.Yours); cut != nil {
			return cut
		}
	}
	if r.At >= len(s.Steps) {
		return nil
	}
	k := s.stepEvent(r.At)
	if k < 0 {
		return nil
	}
	if x := s.why(k, s.Steps[r.At]); x != nil {
		return x
	}
	return s.Events[k]
}

// why is the event between the step before and the step st (its event at
// k) that says why the reference does st: a table entry that ends the
// node, a move searched again; nil when none.
func (s *Search) why(k int, st Step) *trace.Event {
	for j := k - 1; j >= 0 && !isStep(s.Events[j]); j-- {
		x := s.Events[j]
		if (x.Kind == trace.TTHit && st.Exit && x.Reason == trace.ReasonTTCut) || (x.Kind == trace.Research && !st.Exit) {
			return x
		}
	}
	return nil
}

// isStep says whether a kept event is a step's (an enter or an exit), not
// one kept beside them.
func isStep(e *trace.Event) bool { return e.Kind == trace.Enter || e.Kind == trace.Exit }

// stepEvent is the index in Events of step i's event (the events hold
// cutoffs, table hits and searches again between them), -1 when none.
func (s *Search) stepEvent(i int) int {
	k := -1
	for j, e := range s.Events {
		if !isStep(e) {
			continue
		}
		if k++; k == i {
			return j
		}
	}
	return -1
}

// cutOf is the reference's cutoff that left the node of st unsearched: at
// the node's parent (or, when the student went deeper, an ancestor's),
// naming the move to it among the moves it pruned.
func (s *Search) cutOf(st Step) *trace.Event {
	for _, e := range s.Events {
		if e.Kind != trace.Cutoff {
			continue
		}
		key, n := st.Key, st.Node
		for {
			p, move, ok := s.Game.parent(key, n)
			if !ok {
				break
			}
			if slices.Contains(e.Pruned, move) && p == s.eventKey(e.Path) {
				return e
			}
			key = p
			if n != nil {
				n = n.Parent()
			}
		}
	}
	return nil
}

// eventKey is the key of the node a reference event names.
func (s *Search) eventKey(path string) string {
	k, _, err := s.Game.key(path)
	if err != nil {
		return path
	}
	return k
}
