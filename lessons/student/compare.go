package student

import (
	"context"
	"fmt"
	"slices"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
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
	h := &trace.Hooks{Event: func(e *trace.Event) {
		if err != nil {
			return
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
		case trace.Cutoff:
			if events {
				s.Events = append(s.Events, clone(e)) // kept beside the steps: see cutOf
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
	Spec    string // a spec, or words for a search with a bug (Bug)
	Bug     bool   // a mistaken search prunescope makes for check alone (notPassed)
	RTL     bool
	Mistake *quiz.Misconception // nil when no mistake names the difference
}

// Compare compares the student's steps with the reference search's.
func Compare(ref *Search, yours []Step) Report {
	r := Report{}
	n := min(len(ref.Steps), len(yours))
	i := 0
	for i < n && same(ref.Steps[i], yours[i]) {
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

func same(a, b Step) bool {
	return a.Exit == b.Exit && a.Key == b.Key && (!a.Exit || a.Value == b.Value)
}

// said is the sentence of what the reference search does at step i, where
// the student's search did yours: when the student entered a node the
// reference never entered there, the cutoff that pruned it.
func (s *Search) said(i int, yours *Step) string {
	if yours != nil && !yours.Exit {
		if cut := s.cutOf(*yours); cut != nil {
			return explain.Event(s.Info, cut).Text
		}
	}
	if i >= len(s.Steps) {
		return "the reference search has ended, with the value " + s.Info.Format(s.Value)
	}
	e := s.stepEvent(i)
	st := s.Steps[i]
	if e == nil {
		return ""
	}
	if st.Exit {
		return fmt.Sprintf("%s returns %s", explain.NodeName(e.Path), explain.ReturnWords(s.Info, e).Text)
	}
	if e.Has&trace.HasWindow != 0 {
		return fmt.Sprintf("the reference search enters %s with the window %s", explain.NodeName(e.Path), s.Info.Window(e.Alpha, e.Beta))
	}
	return "the reference search enters " + explain.NodeName(e.Path)
}

// SaidEvent is the reference's event that r.Said tells: the cutoff that
// left the node the student entered unsearched, or the reference's own
// event at the step where the two part; nil when the two are the same,
// when the reference search has ended there, or when it kept no events.
// Its Seq and Node are those of the reference search's trace.
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
	return s.stepEvent(r.At)
}

// stepEvent is the event of step i (the events hold cutoffs between them).
func (s *Search) stepEvent(i int) *trace.Event {
	k := -1
	for _, e := range s.Events {
		if e.Kind == trace.Cutoff {
			continue
		}
		if k++; k == i {
			return e
		}
	}
	return nil
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

// Others searches tr the other ways a student's alpha-beta, minimax or
// branch and bound may have searched it (the other algorithms of the
// family, the other fail and cutoff conventions, the other order of the
// children) and returns those whose steps are the student's, each with the
// mistake that names the difference from the asked search, when one does.
func Others(ctx context.Context, tr *tree.Tree, asked *Search, depth int, yours []Step) ([]Match, error) {
	return OthersGame(ctx, asked.Game, tr, asked, depth, yours)
}

// OthersGame is Others for any game; tr is the toy tree (nil in chess),
// which the mistaken searches prunescope models itself need.
func OthersGame(ctx context.Context, g Game, tr *tree.Tree, asked *Search, depth int, yours []Step) ([]Match, error) {
	var out []Match
	for _, algo := range []engine.Algo{engine.Minimax, engine.BranchBound, engine.AlphaBeta} {
		for _, fail := range []engine.Fail{engine.FailHard, engine.FailSoft, engine.FailF2} {
			for _, cut := range []engine.Cutoff{engine.CutGE, engine.CutGT} {
				for _, rtl := range []bool{false, true} {
					if rtl && tr == nil {
						continue // children in the other order: toy trees only
					}
					opt := engine.Options{Algo: algo, Fail: fail, Cutoff: cut}
					switch {
					case algo == engine.Minimax && (fail != engine.FailHard || cut != engine.CutGE):
						continue // minimax has no conventions: once
					case algo == engine.BranchBound && fail != engine.FailSoft:
						continue // branch and bound is fail-soft
					}
					if opt.Spec() == asked.Opt.Spec() && rtl == asked.RTL {
						continue
					}
					s, err := search(ctx, g, opt, depth, rtl, false)
					if err != nil {
						return nil, err
					}
					if r := Compare(s, yours); r.Same {
						out = append(out, Match{Spec: s.Spec, RTL: rtl, Mistake: mistake(asked, s)})
					}
				}
			}
		}
	}
	// The asked search one ply shallower or deeper (a depth counted off by
	// one), where the tree has static evaluations there.
	for _, d := range []int{depth - 1, depth + 1} {
		if d < 1 || (tr != nil && d > tr.Height()) {
			continue
		}
		s, err := search(ctx, g, asked.Opt, d, asked.RTL, false)
		if err != nil {
			continue // no static evaluation at that depth: not a search there is
		}
		if Compare(s, yours).Same {
			out = append(out, Match{Spec: fmt.Sprintf("%s to depth %d", s.Spec, d), RTL: asked.RTL, Bug: true, Mistake: quiz.DepthOff})
		}
	}
	if asked.Opt.Algo == engine.AlphaBeta && tr != nil {
		for _, cut := range []engine.Cutoff{engine.CutGE, engine.CutGT} {
			for _, rtl := range []bool{false, true} {
				bug := &Search{Steps: notPassed(tr, depth, cut, rtl)}
				if Compare(bug, yours).Same {
					m := Match{Spec: "alphabeta:soft:" + cut.String() + " with α and β never passed on", RTL: rtl, Bug: true}
					if cut == asked.Opt.Cutoff && rtl == asked.RTL {
						m.Mistake = quiz.WindowNotPassed
					}
					out = append(out, m)
				}
			}
		}
	}
	return out, nil
}

// mistake names what tells the search other from the asked one, when one
// mistake does.
func mistake(asked, other *Search) *quiz.Misconception {
	a, o := asked.Opt, other.Opt
	diffs := 0
	if a.Algo != o.Algo {
		diffs++
	}
	if a.Algo != engine.Minimax && o.Algo != engine.Minimax && a.Fail != o.Fail {
		diffs++
	}
	if a.Algo != engine.Minimax && o.Algo != engine.Minimax && a.Cutoff != o.Cutoff {
		diffs++
	}
	if asked.RTL != other.RTL {
		diffs++
	}
	if diffs != 1 {
		return nil
	}
	switch {
	case o.Algo == engine.Minimax && a.Algo != engine.Minimax:
		return quiz.NothingPruned
	case a.Algo == engine.AlphaBeta && o.Algo == engine.BranchBound:
		return quiz.DeepMissed
	case a.Algo == engine.BranchBound && o.Algo == engine.AlphaBeta:
		return quiz.DeepInBranchBound
	case a.Cutoff == engine.CutGT && o.Cutoff == engine.CutGE:
		return quiz.TiePruned
	case a.Cutoff == engine.CutGE && o.Cutoff == engine.CutGT:
		return quiz.TieNotPruned
	case a.Fail != o.Fail:
		return quiz.FailConfused
	case asked.RTL && !other.RTL:
		return quiz.SearchedLTR
	}
	return nil
}

// notPassed is the search of a student's alpha-beta that forgets to pass α
// (at MAX) or β (at MIN) on: each node searches every child with the window
// it was given, never the one its earlier children narrowed, though it
// still cuts when a child reaches the given bound; it returns the best
// value found (fail-soft). cut is the cutoff convention; rtl takes the
// children right to left.
func notPassed(tr *tree.Tree, depth int, cut engine.Cutoff, rtl bool) []Step {
	isMax := maxNodes(tr)
	var steps []Step
	var search func(n *tree.Node, depth int, alpha, beta int64) int64
	search = func(n *tree.Node, depth int, alpha, beta int64) int64 {
		steps = append(steps, Step{Key: n.Label(), Node: n})
		var v int64
		switch {
		case n.Leaf:
			v = n.Value
		case depth == 0:
			v = n.Eval
		default:
			kids := n.MoveChildren()
			if rtl {
				slices.Reverse(kids)
			}
			reaches := func(x, bound int64) bool {
				if cut == engine.CutGT {
					return x > bound
				}
				return x >= bound
			}
			if isMax[n] {
				v = -score.Inf
				for _, c := range kids {
					v = max(v, search(c, depth-1, alpha, beta)) // α never raised: the bug
					if reaches(v, beta) {
						break
					}
				}
			} else {
				v = score.Inf
				for _, c := range kids {
					v = min(v, search(c, depth-1, alpha, beta)) // β never lowered: the bug
					if reaches(-v, -alpha) {
						break
					}
				}
			}
		}
		steps = append(steps, Step{Exit: true, Key: n.Label(), Node: n, Value: v})
		return v
	}
	search(tr.Root, depth, -score.Inf, score.Inf)
	return steps
}
