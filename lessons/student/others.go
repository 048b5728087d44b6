package student

import (
	"context"
	"strconv"
	"strings"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/lessons/quiz"
)

// The mistakes check names beyond the quiz's (quiz.Misconceptions): a
// program shows them in its trace, not in an answer about one.
var (
	WindowsSwapped = &quiz.Misconception{ID: "windows-swapped", Name: "the window's bounds swapped at MIN",
		How: "the trace is what the asked alpha-beta makes when a MIN node passes its children (β, α) instead of (α, β)"}
	CachedAsExact = &quiz.Misconception{ID: "cached-bound-as-exact", Name: "a windowed value cached as exact",
		How: "the trace is what the asked search makes when its transposition table keeps every value as exact, a bound included, so that an entry deep enough always ends the node"}
	ChancePlyTwice = &quiz.Misconception{ID: "chance-ply-twice", Name: "the ply counted twice at a chance node",
		How: "the trace is what expectimax makes when a chance node takes two plies off the depth left, not one"}
	ChancePlyUncounted = &quiz.Misconception{ID: "chance-ply-uncounted", Name: "a chance node's ply not counted",
		How: "the trace is what expectimax makes when a chance node takes no ply off the depth left"}
)

// Mistakes lists every mistake check can name.
func Mistakes() []*quiz.Misconception {
	return []*quiz.Misconception{quiz.NothingPruned, quiz.DeepMissed, quiz.DeepInBranchBound, quiz.TiePruned, quiz.TieNotPruned,
		quiz.FailConfused, quiz.SearchedLTR, quiz.WindowNotPassed, WindowsSwapped, quiz.BoundAsExact, CachedAsExact, quiz.DepthOff,
		quiz.ChanceAsPlayer, quiz.ChancePruned, quiz.UnweightedAverage, ChancePlyTwice, ChancePlyUncounted}
}

// Others searches tr the other ways a student's search may have searched
// it and returns those whose steps are the student's, each with the
// mistake that names the difference from the asked search, when one does.
func Others(ctx context.Context, tr *tree.Tree, asked *Search, depth int, yours []Step) ([]Match, error) {
	return OthersGame(ctx, asked.Game, tr, asked, depth, yours)
}

// OthersGame is Others for any game; tr is the toy tree (nil in chess and
// tic-tac-toe), which the mistaken searches need: they are written for toy
// trees (model).
func OthersGame(ctx context.Context, g Game, tr *tree.Tree, asked *Search, depth int, yours []Step) ([]Match, error) {
	o := &others{ctx: ctx, g: g, tr: tr, asked: asked, depth: depth, yours: yours}
	chance := tr != nil && tree.NewPosition(tr).HasChance()
	if chance {
		o.chanceFamily()
	} else {
		o.family()
	}
	if o.err == nil {
		o.depthOff()
	}
	if o.err == nil && tr != nil {
		if chance {
			o.chanceMistakes()
		} else {
			o.mistakes()
		}
	}
	return o.out, o.err
}

type others struct {
	ctx   context.Context
	g     Game
	tr    *tree.Tree
	asked *Search
	depth int
	yours []Step
	out   []Match
	err   error
}

// engine searches g (or tr, when not nil) as opt says and adds it when its
// steps are the student's. An option the engine refuses is no search the
// student made: left out.
func (o *others) engine(g Game, opt engine.Options, depth int, rtl bool, m Match) {
	o.engineIn(g, opt, depth, rtl, m, 1)
}

// engineIn is engine for a game whose units are factor times coarser than
// the student's (a tree read again with other units).
func (o *others) engineIn(g Game, opt engine.Options, depth int, rtl bool, m Match, factor int64) {
	if o.err != nil {
		return
	}
	s, err := search(o.ctx, g, opt, depth, rtl, false)
	if err != nil {
		o.err = o.ctx.Err()
		return
	}
	for i := range s.Steps {
		if factor != 1 {
			s.Steps[i].Value *= factor // an expectimax's values: finite, no windows
			s.Steps[i].Window = false
		}
	}
	if Compare(s, o.yours).Same {
		if m.Spec == "" {
			m.Spec = s.Spec
		}
		m.RTL = rtl
		o.out = append(o.out, m)
	}
}

// model runs a model search and adds it when its steps are the student's,
// which it reports.
func (o *others) model(md *model, m Match) bool {
	steps, ok := md.run(o.depth)
	if ok && Compare(&Search{Steps: steps}, o.yours).Same {
		m.RTL, m.Bug = md.rtl, true
		o.out = append(o.out, m)
		return true
	}
	return false
}

func (o *others) orders() []bool {
	if o.tr == nil {
		return []bool{false} // children in the other order: toy trees only
	}
	return []bool{false, true}
}

// family: the other algorithms of the alpha-beta family, the other fail
// and cutoff conventions, the other order of the children, with the asked
// search's techniques; and the asked search without its table.
func (o *others) family() {
	asked := o.asked
	algos := []engine.Algo{engine.Minimax, engine.BranchBound, engine.AlphaBeta}
	if asked.Opt.Algo == engine.PVS {
		algos = append(algos, engine.PVS)
	}
	o.conventions(algos, []engine.Fail{engine.FailHard, engine.FailSoft, engine.FailF2}, func(opt *engine.Options) bool {
		switch opt.Algo {
		case engine.Minimax:
			return opt.Fail == engine.FailHard && opt.Cutoff == engine.CutGE // minimax has no conventions: once
		case engine.BranchBound:
			return opt.Fail == engine.FailSoft // branch and bound is fail-soft
		}
		return true
	})
	if asked.Opt.TT.On {
		opt := asked.Opt
		opt.TT = engine.TT{}
		o.engine(o.g, opt, o.depth, asked.RTL, Match{})
	}
}

// depthOff: the asked search one ply shallower or deeper (a depth counted
// off by one), where the tree has static evaluations there.
func (o *others) depthOff() {
	for _, d := range []int{o.depth - 1, o.depth + 1} {
		if d < 1 || (o.tr != nil && d > o.tr.Height()) {
			continue
		}
		s, err := search(o.ctx, o.g, o.asked.Opt, d, o.asked.RTL, false)
		if err != nil {
			if o.err = o.ctx.Err(); o.err != nil {
				return
			}
			continue // no static evaluation at that depth: not a search there is
		}
		if Compare(s, o.yours).Same {
			o.out = append(o.out, variant(Match{Base: s.Spec, Variant: "depth", Arg: strconv.Itoa(d), RTL: o.asked.RTL, Bug: true, Mistake: quiz.DepthOff}))
		}
	}
}

// mistakes: the asked alpha-beta or PVS as a student's program gets it
// wrong (model), under the asked conventions, and, for the window not
// passed on, either cutoff rule, fail-soft and either order too (a program
// that forgets the window seldom minds the rest).
func (o *others) mistakes() {
	a := o.asked.Opt
	if a.Algo != engine.AlphaBeta && a.Algo != engine.PVS {
		return
	}
	rtl := o.asked.RTL
	fails := []engine.Fail{a.Fail}
	if a.Fail != engine.FailSoft {
		fails = append(fails, engine.FailSoft)
	}
	for _, cut := range []engine.Cutoff{engine.CutGE, engine.CutGT} {
		for _, r := range o.orders() {
			for _, fail := range fails { // the asked convention, else fail-soft: the first that is the student's
				m := variant(Match{Base: specOf(a.Algo, fail, cut, a.TT.On), Variant: "not-passed"})
				if cut == a.Cutoff && r == rtl {
					m.Mistake = quiz.WindowNotPassed
				}
				if o.model(newModel(o.tr, a.Algo, fail, cut, r, a.TT.On, notPassed), m) {
					break
				}
			}
		}
	}
	base := specOf(a.Algo, a.Fail, a.Cutoff, a.TT.On)
	o.model(newModel(o.tr, a.Algo, a.Fail, a.Cutoff, rtl, a.TT.On, swappedAtMin),
		variant(Match{Base: base, Variant: "swapped", Mistake: WindowsSwapped}))
	if a.TT.On {
		o.model(newModel(o.tr, a.Algo, a.Fail, a.Cutoff, rtl, true, cachedExact),
			variant(Match{Base: base, Variant: "exact-table", Mistake: CachedAsExact}))
	}
	if a.Algo == engine.PVS {
		o.model(newModel(o.tr, a.Algo, a.Fail, a.Cutoff, rtl, a.TT.On, noResearch),
			variant(Match{Base: base, Variant: "no-research", Mistake: quiz.BoundAsExact}))
	}
}

// Variants are the changes a search with a bug makes to its spec, with
// the English words check writes for them ({{.Spec}}, {{.Arg}} filled
// in), which its JSON keeps and its text says in the language chosen.
var Variants = map[string]string{
	"depth":            "{{.Spec}} to depth {{.Arg}}",
	"not-passed":       "{{.Spec}} with α and β never passed on",
	"swapped":          "{{.Spec}} with (β, α) passed on at MIN nodes",
	"exact-table":      "{{.Spec}} with every table entry kept as exact",
	"no-research":      "{{.Spec}} with no search again after a probe fails high",
	"chance-as":        "{{.Spec}} with every chance node a {{.Arg}} node",
	"unweighted":       "{{.Spec}} with every outcome equally likely",
	"chance-twice":     "{{.Spec}} with two plies counted at each chance node",
	"chance-uncounted": "{{.Spec}} with no ply counted at a chance node",
}

// variant fills m's Spec with its variant's English words.
func variant(m Match) Match {
	m.Spec = strings.NewReplacer("{{.Spec}}", m.Base, "{{.Arg}}", m.Arg).Replace(Variants[m.Variant])
	return m
}

// specOf is the spec of a search as compare --algos writes it.
func specOf(algo engine.Algo, fail engine.Fail, cut engine.Cutoff, tt bool) string {
	opt := engine.Options{Algo: algo, Fail: fail, Cutoff: cut}
	if tt {
		opt.TT = engine.TT{On: true, Cutoffs: true}
	}
	return opt.Spec()
}

// chanceFamily: on a tree with chance nodes, expectimax and Ballard's
// Star1 and Star2 under their conventions, in either order.
func (o *others) chanceFamily() {
	o.conventions([]engine.Algo{engine.Expectimax, engine.Star1, engine.Star2}, []engine.Fail{engine.FailHard, engine.FailSoft}, func(opt *engine.Options) bool {
		if !opt.Algo.Star() {
			opt.Bounds = engine.Bounds{}
			return opt.Fail == engine.FailHard && opt.Cutoff == engine.CutGE // expectimax prunes nothing: no conventions
		}
		if !opt.Bounds.On { // the bounds a student's Star1 knows: the tree's least and greatest value
			lo, hi := tree.NewPosition(o.tr).ValueRange()
			opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
		}
		return true
	})
}

// conventions searches the asked search as each of algos under each of
// fails and either cutoff rule, in either order of the children (toy
// trees), where fit (which may set the options up) says the search is
// one, and adds those that are the student's, each with the mistake that
// tells it from the asked search.
func (o *others) conventions(algos []engine.Algo, fails []engine.Fail, fit func(*engine.Options) bool) {
	asked := o.asked
	for _, algo := range algos {
		for _, fail := range fails {
			for _, cut := range []engine.Cutoff{engine.CutGE, engine.CutGT} {
				for _, rtl := range o.orders() {
					opt := asked.Opt
					opt.Algo, opt.Fail, opt.Cutoff = algo, fail, cut
					if !fit(&opt) || (opt.Spec() == asked.Opt.Spec() && rtl == asked.RTL) {
						continue
					}
					o.engine(o.g, opt, o.depth, rtl, Match{Mistake: mistake(asked, opt, rtl)})
				}
			}
		}
	}
}

// chanceMistakes: on a tree with chance nodes, the mistakes of a student's
// expectimax: a chance node taken for a player's node (minimax, or
// alpha-beta that prunes there), its probabilities left out, its ply
// counted twice or not at all.
func (o *others) chanceMistakes() {
	asked := o.asked
	rtl := asked.RTL
	for _, as := range []string{"MIN", "MAX"} {
		t, err := o.tr.ChanceAsPlayer(as == "MAX")
		if err != nil {
			continue
		}
		g := TreeGame(t)
		o.engine(g, engine.Options{Algo: engine.Minimax}, o.depth, rtl,
			variant(Match{Base: "minimax", Variant: "chance-as", Arg: as, Bug: true, Mistake: quiz.ChanceAsPlayer}))
		for _, cut := range []engine.Cutoff{engine.CutGE, engine.CutGT} {
			for _, fail := range []engine.Fail{engine.FailHard, engine.FailSoft} {
				opt := engine.Options{Algo: engine.AlphaBeta, Fail: fail, Cutoff: cut}
				o.engine(g, opt, o.depth, rtl,
					variant(Match{Base: opt.Spec(), Variant: "chance-as", Arg: as, Bug: true, Mistake: quiz.ChancePruned}))
			}
		}
	}
	if t, err := unweighted(o.tr); err == nil && t != nil {
		o.engineIn(TreeGame(t), engine.Options{Algo: engine.Expectimax}, o.depth, rtl,
			variant(Match{Base: "expectimax", Variant: "unweighted", Bug: true, Mistake: quiz.UnweightedAverage}), max(o.tr.Scale, 1)/max(t.Scale, 1))
	}
	if asked.Opt.Algo == engine.Expectimax {
		o.model(newModel(o.tr, engine.Expectimax, 0, 0, rtl, false, chanceTwice),
			variant(Match{Base: "expectimax", Variant: "chance-twice", Mistake: ChancePlyTwice}))
		o.model(newModel(o.tr, engine.Expectimax, 0, 0, rtl, false, chanceUncounted),
			variant(Match{Base: "expectimax", Variant: "chance-uncounted", Mistake: ChancePlyUncounted}))
	}
}

// unweighted is tr with its chance nodes' probabilities left out
// (tree.Unweighted); nil when that changes nothing or needs units tr's are
// no whole multiple of (the student's values are read in tr's).
func unweighted(tr *tree.Tree) (*tree.Tree, error) {
	t, err := tr.Unweighted()
	if err != nil || t == nil || max(tr.Scale, 1)%max(t.Scale, 1) != 0 {
		return nil, err
	}
	return t, nil
}

// mistake names what tells the search opt (rtl: children right to left)
// from the asked one, when one mistake does.
func mistake(asked *Search, o engine.Options, rtl bool) *quiz.Misconception {
	a := asked.Opt
	prunes := func(x engine.Algo) bool { return x != engine.Minimax && x != engine.Expectimax }
	diffs := 0
	if a.Algo != o.Algo {
		diffs++
	}
	if prunes(a.Algo) && prunes(o.Algo) && a.Fail != o.Fail {
		diffs++
	}
	if prunes(a.Algo) && prunes(o.Algo) && a.Cutoff != o.Cutoff {
		diffs++
	}
	if asked.RTL != rtl {
		diffs++
	}
	if diffs != 1 {
		return nil
	}
	switch {
	case !prunes(o.Algo) && prunes(a.Algo):
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
	case asked.RTL && !rtl:
		return quiz.SearchedLTR
	}
	return nil
}
