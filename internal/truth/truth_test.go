package truth

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
	"github.com/prunescope/prunescope/trace/text"
)

// -truth.trees is how many random trees TestSentencesTrue searches (each
// under every configuration): 1,000 in the whole run, more in an audit
// (docs/performance.md, "Audits run by hand").
var treeCount = flag.Int("truth.trees", 1000, "random trees TestSentencesTrue searches (200 under -short)")

// TestSentencesTrue runs every algorithm, convention and technique on random
// toy trees with every annotation (evaluations, captures, checks, passes,
// shared keys) and checks:
//   - every claim of every sentence the text trace writes and the
//     step-through player says (reading the JSON Lines trace back, as it does
//     for a saved trace) holds for the event's numbers, names the side to
//     move, and uses the event's own numbers;
//   - the two say the same thing about the same event (equal claims);
//   - the JSON trace's "claim" holds for the event's fields;
//   - every bound a node returns is true of its real minimax value, where
//     the search is exact (no selective technique, no table);
//   - the trace's invariants: one exit per enter, windows finite or ±∞,
//     counts that add up, done last.
func TestSentencesTrue(t *testing.T) {
	n := *treeCount
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(2026, 11))
	configs := treeConfigs()
	for i := 0; i < n; i++ {
		src := randomTreeOf(rng, i%3 == 2) // one tree in three with decimal values
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatalf("generated tree %q: %v", src, err)
		}
		tr.RootMin = rng.IntN(3) == 0
		depth := tr.Height()
		if d := 1 + rng.IntN(depth); rng.IntN(2) == 0 {
			depth = d // a depth limit inside the tree: static evaluations
		}
		c := configs[i%len(configs)]
		c2 := configs[rng.IntN(len(configs))]
		for _, cf := range []config{c, c2} {
			pos := tree.NewPosition(tr)
			name := fmt.Sprintf("tree %d %q root min %v depth %d %s", i, src, tr.RootMin, depth, cf.name)
			run := check(t, name, pos, engine.Limits{Depth: depth}, cf.opt, nil, tr, cf.exact)
			if run != nil && cf.exact {
				checkBounds(t, name, tr, run)
			}
			if t.Failed() {
				return
			}
		}
	}
}

// TestChessSentencesTrue does the same on chess positions at small depth.
func TestChessSentencesTrue(t *testing.T) {
	fens := []string{
		"2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1",   // mate in 2
		"6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - 0 1", // a fork
		"8/4k3/8/4K3/4P3/8/8/8 b - - 0 1",             // king and pawn
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"k7/8/1K6/8/2Q5/8/8/8 w - - 0 1",               // stalemate traps
		"8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1", // zugzwang
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	}
	sel := engine.DefaultSelective(engine.Units{Pawn: 100})
	all := sel
	for _, on := range []*bool{&all.Null.On, &all.Reductions.On, &all.Futility.On, &all.Razoring.On, &all.Quiescence.On, &all.Extensions.On, &all.LMR.On, &all.LMP.On} {
		*on = true
	}
	all.Null.MinPly, all.Null.Threat = 1, true
	all.RFP.On, all.IID.On, all.CheckExt.On = true, true, true
	opts := []config{
		{name: "alphabeta", opt: engine.Options{Algo: engine.AlphaBeta}},
		{name: "alphabeta soft gt", opt: engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}},
		{name: "selective", opt: engine.Options{Algo: engine.AlphaBeta, Sel: all}},
		{name: "pvs tt order", opt: engine.Options{Algo: engine.PVS, TT: engine.TT{On: true, MB: 1, Cutoffs: true},
			Order: engine.Ordering{TT: true, Captures: true, Killers: true, History: true}}},
		{name: "pvs tt order lmr lmp", opt: engine.Options{Algo: engine.PVS, TT: engine.TT{On: true, MB: 1, Cutoffs: true},
			Order: engine.Ordering{TT: true, Captures: true, Killers: true, History: true}, Sel: lateOnly(sel)}},
		{name: "mtdf tt", opt: engine.Options{Algo: engine.MTDF, TT: engine.TT{On: true, MB: 1, Cutoffs: true}}},
		{name: "iterative aspiration selective", opt: engine.Options{Algo: engine.AlphaBeta, Iterative: true,
			Aspiration: engine.Aspiration{Width: 20}, Sel: all}},
	}
	if testing.Short() {
		fens = fens[:3] // mate, fork, king and pawn
	}
	for _, fen := range fens {
		for _, cf := range opts {
			b, err := chess.ParseFEN(fen)
			if err != nil {
				t.Fatal(err)
			}
			pos := chess.NewPosition(b, chess.EvalPST)
			check(t, fen+" "+cf.name, pos, engine.Limits{Depth: 3, Nodes: 4000}, cf.opt, nil, nil, false)
			if t.Failed() {
				return
			}
		}
	}
}

// lateOnly is sel with late move reductions and pruning on, alone.
func lateOnly(sel engine.Selective) engine.Selective {
	s := engine.DefaultSelective(engine.Units{Pawn: 100})
	s.LMR, s.LMP = sel.LMR, sel.LMP
	s.LMR.On, s.LMP.On = true, true
	return s
}

type config struct {
	name  string
	opt   engine.Options
	exact bool // the search's bounds are bounds of the true minimax value
}

// treeConfigs are the configurations the random trees are searched under.
func treeConfigs() []config {
	var out []config
	add := func(name string, exact bool, o engine.Options) { out = append(out, config{name, o, exact}) }
	add("minimax", true, engine.Options{Algo: engine.Minimax})
	add("negamax", true, engine.Options{Algo: engine.Negamax})
	for _, cut := range []engine.Cutoff{engine.CutGE, engine.CutGT} {
		add("branch-bound:"+cut.String(), true, engine.Options{Algo: engine.BranchBound, Fail: engine.FailSoft, Cutoff: cut})
		for _, fail := range failConventions() {
			add("alphabeta:"+fail.String()+":"+cut.String(), true, engine.Options{Algo: engine.AlphaBeta, Fail: fail, Cutoff: cut})
		}
	}
	add("pvs", true, engine.Options{Algo: engine.PVS})
	add("pvs soft", true, engine.Options{Algo: engine.PVS, Fail: engine.FailSoft})
	add("mtdf", true, engine.Options{Algo: engine.MTDF, Guess: 1, HasGuess: true})
	// A window given for the root (--window): values outside it are bounds,
	// the done event's too, and its sentence must say which.
	win := engine.Window{Lo: -1, Hi: 2, On: true}
	for _, fail := range failConventions() {
		add("alphabeta window "+fail.String(), true, engine.Options{Algo: engine.AlphaBeta, Fail: fail, Window: win})
	}
	add("alphabeta window gt", true, engine.Options{Algo: engine.AlphaBeta, Cutoff: engine.CutGT, Window: engine.Window{Lo: 0, Hi: score.Inf, On: true}})
	add("pvs window", true, engine.Options{Algo: engine.PVS, Fail: engine.FailSoft, Window: engine.Window{Lo: -score.Inf, Hi: 1, On: true}})
	add("mtdf window", true, engine.Options{Algo: engine.MTDF, Guess: 5, HasGuess: true, Window: win})
	add("iterative", true, engine.Options{Algo: engine.AlphaBeta, Iterative: true})
	add("aspiration", true, engine.Options{Algo: engine.AlphaBeta, Iterative: true, Aspiration: engine.Aspiration{Width: 1}})
	add("aspiration soft guess", true, engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Aspiration: engine.Aspiration{Width: 2}, Guess: 0, HasGuess: true})
	tt := engine.TT{On: true, MB: 1, Cutoffs: true}
	order := engine.Ordering{TT: true, Captures: true, Killers: true, History: true}
	add("tt", false, engine.Options{Algo: engine.AlphaBeta, TT: tt})
	add("tt soft order", false, engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, TT: tt, Order: order})
	add("mtdf tt", false, engine.Options{Algo: engine.MTDF, TT: tt})
	add("pvs tt iterative", false, engine.Options{Algo: engine.PVS, TT: tt, Order: order, Iterative: true})
	sel := engine.DefaultSelective(engine.Units{})
	sel.Null.MinPly = 1
	one := func(name string, on func(*engine.Selective)) {
		s := sel
		on(&s)
		add(name, false, engine.Options{Algo: engine.AlphaBeta, Sel: s})
		s2 := s
		add(name+" soft gt", false, engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT, Sel: s2})
	}
	one("null-move", func(s *engine.Selective) { s.Null.On = true })
	one("null-move verify", func(s *engine.Selective) { s.Null.On, s.Null.Verify = true, true })
	one("null-move full window", func(s *engine.Selective) { s.Null.On, s.Null.Window = true, engine.NullFull })
	one("null-move no eval", func(s *engine.Selective) { s.Null.On, s.Null.EvalAbove = true, false })
	one("threat", func(s *engine.Selective) { s.Null.On, s.Null.Threat = true, true })
	one("threat extensions", func(s *engine.Selective) { s.Null.On, s.Null.Threat, s.Extensions.On = true, true, true })
	one("reductions", func(s *engine.Selective) { s.Reductions.On, s.Reductions.MateGuard = true, false })
	one("futility", func(s *engine.Selective) { s.Futility.On = true })
	one("razoring", func(s *engine.Selective) { s.Razoring.On = true })
	one("quiescence", func(s *engine.Selective) { s.Quiescence.On = true })
	one("quiescence stand in check", func(s *engine.Selective) { s.Quiescence.On, s.Quiescence.StandInCheck = true, true })
	one("extensions", func(s *engine.Selective) { s.Extensions.On = true })
	one("lmr lmp", func(s *engine.Selective) {
		s.LMR.On, s.LMR.MinDepth, s.LMR.MinMoves, s.LMP.On, s.LMP.Counts = true, 2, 1, true, []int{1, 2}
	})
	// Issue 21: reverse futility (at every node, so plain alpha-beta's open
	// windows are tested too), internal iterative deepening at small depths,
	// the check extension alone and with the extension set.
	one("rfp", func(s *engine.Selective) { s.RFP.On = true })
	one("rfp pv margins", func(s *engine.Selective) { s.RFP.On, s.RFP.PV, s.RFP.Margins = true, true, []int64{1, 2, 3} })
	one("iid", func(s *engine.Selective) { s.IID.On, s.IID.Depth, s.IID.Reduction = true, 2, 1 })
	one("check-ext", func(s *engine.Selective) { s.CheckExt.On = true })
	one("check-ext extensions", func(s *engine.Selective) { s.CheckExt.On, s.CheckExt.Plies, s.Extensions.On = true, 2, true })
	one("everything", func(s *engine.Selective) {
		s.Null.On, s.Null.Threat, s.Reductions.On, s.Futility.On, s.Razoring.On, s.Quiescence.On, s.Extensions.On = true, true, true, true, true, true, true
		s.RFP.On, s.RFP.PV, s.IID.On, s.IID.Depth, s.CheckExt.On = true, true, true, 2, true
	})
	all := sel
	all.RFP.On, all.IID.On, all.IID.Depth = true, true, 2
	all.Null.On, all.Quiescence.On, all.Futility.On = true, true, true
	add("pvs selective tt", false, engine.Options{Algo: engine.PVS, Sel: all, TT: tt, Order: order})
	add("mtdf selective", false, engine.Options{Algo: engine.MTDF, Sel: all, TT: tt})
	add("aspiration selective", false, engine.Options{Algo: engine.AlphaBeta, Iterative: true, Aspiration: engine.Aspiration{Width: 1}, Sel: all})
	iid := sel
	iid.IID, iid.RFP.On, iid.CheckExt.On = engine.IID{On: true, Depth: 2, Reduction: 1, All: true}, true, true
	add("aspiration guess iid rfp check-ext", false, engine.Options{Algo: engine.PVS, Fail: engine.FailSoft, Aspiration: engine.Aspiration{Width: 1}, HasGuess: true, Sel: iid})
	add("mtdf tt iid all", false, engine.Options{Algo: engine.MTDF, TT: tt, Sel: iid})
	return out
}

// randomTree writes a random toy tree with every annotation: small values
// (ties are common), evaluations on inner nodes, capture, check and
// promotion flags, pass children, and transpositions (a subtree repeated
// under a shared key on the same ply). One tree in four has infinite leaves
// and evaluations (one value in eight: inf or -inf), which every algorithm
// and technique must search as the extended reals say.
func randomTree(rng *rand.Rand) string { return randomTreeOf(rng, false) }

// randomTreeOf is randomTree, its values halved when decimal (-3, -2.5, …,
// 3: the same draws, so the same ties and order), so that the sentences
// write decimals, 2,5 in Russian and Czech.
func randomTreeOf(rng *rand.Rand, decimal bool) string {
	height := 2 + rng.IntN(3)
	g := &treeGen{rng: rng, inf: rng.IntN(4) == 0, decimal: decimal}
	return g.node(height, 0, true) + g.rootAnn()
}

type treeGen struct {
	rng     *rand.Rand
	shared  map[int]string // a subtree kept per ply, repeated with its key
	keys    int
	inf     bool // values may be infinite
	decimal bool // values are halves: -3, -2.5, …, 3
}

func (g *treeGen) rootAnn() string { return "" }

func (g *treeGen) val() string {
	if g.inf && g.rng.IntN(8) == 0 {
		return [2]string{"inf", "-inf"}[g.rng.IntN(2)]
	}
	v := g.rng.IntN(13) - 6
	if g.decimal {
		return string(score.AppendDecimal(nil, int64(v), 2))
	}
	return strconv.Itoa(v)
}

// node writes a node with height plies below it at ply.
func (g *treeGen) node(height, ply int, root bool) string {
	if height == 0 || (!root && g.rng.IntN(7) == 0) {
		return g.val() + g.moveAnn("")
	}
	if g.shared == nil {
		g.shared = map[int]string{}
	}
	if s, ok := g.shared[ply]; ok && g.rng.IntN(4) == 0 {
		return s // the same position again, by a different path
	}
	var b strings.Builder
	b.WriteString("(")
	n := 1 + g.rng.IntN(3)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(g.node(height-1, ply+1, false))
	}
	if g.rng.IntN(3) == 0 { // a pass child: the position after the side to move passes
		b.WriteString(" ")
		b.WriteString(g.pass(height-1, ply+1))
	}
	b.WriteString(")")
	ann := []string{"eval=" + g.val()}
	key := ""
	if !root && g.rng.IntN(5) == 0 {
		g.keys++
		key = "key=k" + strconv.Itoa(g.keys)
		ann = append(ann, key)
	}
	s := b.String() + "[" + strings.Join(ann, " ") + "]"
	if key != "" {
		g.shared[ply] = s
	}
	if root {
		return s
	}
	return g.flagged(s)
}

// pass writes a pass child: a leaf or a small subtree, with [pass].
func (g *treeGen) pass(height, ply int) string {
	if height == 0 || g.rng.IntN(2) == 0 {
		return g.val() + "[pass]"
	}
	var b strings.Builder
	b.WriteString("(")
	for i, n := 0, 1+g.rng.IntN(2); i < n; i++ {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(g.val() + g.moveAnn(""))
	}
	b.WriteString(")[pass eval=" + g.val() + "]")
	return b.String()
}

// flagged adds move flags to a node written with its own bracket.
func (g *treeGen) flagged(s string) string {
	flags := g.flags()
	if flags == "" {
		return s
	}
	return s[:len(s)-1] + " " + flags + "]"
}

// moveAnn is a leaf's bracket: flags of the move into it.
func (g *treeGen) moveAnn(extra string) string {
	flags := g.flags()
	if flags == "" && extra == "" {
		return ""
	}
	return "[" + strings.TrimSpace(flags+" "+extra) + "]"
}

func (g *treeGen) flags() string {
	var f []string
	if g.rng.IntN(4) == 0 {
		f = append(f, "capture")
	}
	if g.rng.IntN(6) == 0 {
		f = append(f, "check")
	}
	if g.rng.IntN(10) == 0 {
		f = append(f, "promotion")
	}
	return strings.Join(f, " ")
}

// run is what one search left: its events as the engine emitted them.
type run struct {
	info   *trace.Info
	events []*trace.Event
	json   []byte // the JSON Lines trace
}

// check searches pos and checks every sentence and invariant of the search.
// It returns the run, or nil when the search refused the configuration.
// tr is the toy tree searched when its players may not alternate ([max] and
// [min] marks), so that the side to move on each event's line is read from
// it; nil when they alternate (the side follows the ply).
//
// whole is the toy tree searched, for the oracle (nil for chess): the claims
// of the player's sentences about where bounds came from and about a node's
// α, β and best value as they stand are checked against it; exact says the
// search's numbers are bounds of the true values, which the oracle then
// computes by brute force.
//
// The searches take the three languages in turn (opt.Lang): the claims are
// the same whatever the words, and each sentence's words must carry them
// (wordsCarry); one search in nine in Russian and one in Czech is also told
// in English, and every number, node name and move of each English sentence
// must be in its translation (sameTokens).
func check(t *testing.T, name string, pos engine.Position, lim engine.Limits, opt engine.Options, tr, whole *tree.Tree, exact bool) *run {
	t.Helper()
	turn := langTurn.Add(1)
	opt.Lang = truthLangs[turn%int64(len(truthLangs))]
	sk := newSinks()
	_, err := engine.Search(context.Background(), pos, lim, opt, sk.hooks)
	var oe *engine.OptionsError
	if errors.As(err, &oe) {
		return nil
	}
	if err != nil && !errors.Is(err, engine.ErrNodeLimit) {
		t.Errorf("%s: %v", name, err)
		return nil
	}
	r := verify(t, name+" ["+opt.Lang+"]", sk.finish(), sk.said, tr, whole, exact)
	if k := turn % 9; k == 1 || k == 2 { // one search in nine in Russian, one in Czech
		en := opt
		en.Lang = "en"
		sk2 := newSinks()
		engine.Search(context.Background(), pos, lim, en, sk2.hooks)
		sameTokens(t, name+" ["+opt.Lang+"]", sk2.said, sk.said)
	}
	return r
}

// truthLangs are the languages the searches are told in, in turn.
var truthLangs = []string{"en", "ru", "cs"}

var langTurn atomic.Int64

// sinks are what a search's events go to for the checks: a copy of each
// (run.events), the text trace (its sentences kept in said) and the JSON
// Lines trace.
type sinks struct {
	r     *run
	said  []saying
	jbuf  bytes.Buffer
	jw    *jsonl.Writer
	sink  *text.Sink
	hooks *trace.Hooks
}

func newSinks() *sinks {
	sk := &sinks{r: &run{}}
	sk.jw = jsonl.NewWriter(&sk.jbuf)
	sk.sink = text.New(io.Discard, text.Plain(), text.Options{Said: func(e *trace.Event, s explain.Sentence) {
		c := *e
		sk.said = append(sk.said, saying{&c, s, "text"})
	}})
	sk.hooks = trace.Tee(&trace.Hooks{Event: func(e *trace.Event) {
		c := *e
		if c.Kind == trace.Start {
			sk.r.info = c.Info
		}
		sk.r.events = append(sk.r.events, &c)
	}}, sk.sink.Hooks(), sk.jw.Hooks())
	return sk
}

// finish flushes the sinks and returns the run.
func (sk *sinks) finish() *run {
	sk.sink.Flush()
	sk.jw.Flush()
	sk.r.json = sk.jbuf.Bytes()
	return sk.r
}

// verify checks every sentence and invariant of the run r, whose text
// trace said said (see check).
func verify(t *testing.T, name string, r *run, said []saying, tr, whole *tree.Tree, exact bool) *run {
	t.Helper()
	jbuf := bytes.NewBuffer(r.json)
	sideAt := func(ply int) explain.Side {
		max := r.info.Root != "min"
		if ply%2 == 1 {
			max = !max
		}
		return explain.SideOf(max)
	}
	sidesOf := func(*trace.Event) func(int) explain.Side { return sideAt }
	if tr != nil {
		sidesOf = func(e *trace.Event) func(int) explain.Side { return lineSides(tr, e) }
	}
	invariants(t, name, r)
	names := namesOf(whole)
	for _, s := range said {
		if err := explain.Check(s.e, s.s, sidesOf(s.e)); err != nil {
			t.Errorf("%s: %s, event %d (%s): %v", name, s.by, s.e.Seq, s.e.Kind, err)
		}
		if err := wordsCarry(r.info, s.e, s.s); err != nil {
			t.Errorf("%s: %s, event %d (%s): %v", name, s.by, s.e.Seq, s.e.Kind, err)
		}
		if err := commas(r.info, s.s, names); err != nil {
			t.Errorf("%s: %s, event %d (%s): %v", name, s.by, s.e.Seq, s.e.Kind, err)
		}
	}
	// The JSON trace's claims, checked from the line alone.
	jsonClaims(t, name, jbuf.Bytes())
	// The step-through player reads the JSON trace back, as for a saved
	// trace: its sentences must be as true.
	p, err := step.Open(bytes.NewReader(jbuf.Bytes()), "trace")
	if err != nil {
		t.Errorf("%s: step: %v", name, err)
		return r
	}
	if in := p.Info(); in != nil && r.info != nil {
		in.Lang = r.info.Lang // read back from a file, a trace has no language: its reader gives it
	}
	byText := map[int64]explain.Sentence{}
	for _, s := range said {
		if s.e.Kind != trace.Exit {
			byText[s.e.Seq] = s.s
		}
	}
	orc := newOracle(whole, r.info, exact)
	for {
		ok, err := p.Next()
		if err != nil {
			t.Errorf("%s: step: %v", name, err)
			break
		}
		if !ok {
			break
		}
		evs := p.Events()
		e := evs[0]
		if len(evs) > 1 {
			e = evs[1]
		}
		st := p.State()
		if err := explain.Check(e, st.Said, sidesOf(e)); err != nil {
			t.Errorf("%s: step %d (%s at %s): %v", name, p.Index(), e.Kind, explain.NodeName(e.Path), err)
		}
		if err := wordsCarry(r.info, e, st.Said); err != nil {
			t.Errorf("%s: step %d (%s at %s): %v", name, p.Index(), e.Kind, explain.NodeName(e.Path), err)
		}
		if err := commas(r.info, st.Said, names); err != nil {
			t.Errorf("%s: step %d (%s at %s): %v", name, p.Index(), e.Kind, explain.NodeName(e.Path), err)
		}
		if err := orc.check(st.Said, e); err != nil {
			t.Errorf("%s: step %d (%s at %s), line %s: %v", name, p.Index(), e.Kind, explain.NodeName(e.Path), orc.lineOf(), err)
		}
		for _, ev := range evs {
			orc.apply(ev)
		}
		if e.Kind == trace.Done {
			if err := orc.checkPV(e); err != nil {
				t.Errorf("%s: done: %v", name, err)
			}
		}
		// The same event told by the text trace and the player: the same
		// claims about its numbers.
		if ts, ok := byText[e.Seq]; ok && ts.Claim() != st.Said.Claim() {
			t.Errorf("%s: event %d (%s): the text trace claims %q, the player %q", name, e.Seq, e.Kind, ts.Claim(), st.Said.Claim())
		}
		if t.Failed() {
			break
		}
	}
	return r
}

type saying struct {
	e  *trace.Event
	s  explain.Sentence
	by string
}

// invariants checks the shape of a trace: start first, done last, one exit
// per enter in stack order, every window finite or ±∞, counts that add up.
func invariants(t *testing.T, name string, r *run) {
	t.Helper()
	ev := r.events
	if len(ev) < 2 || ev[0].Kind != trace.Start || ev[len(ev)-1].Kind != trace.Done {
		t.Errorf("%s: the trace does not run from start to done", name)
		return
	}
	var stack []int64
	var counts [trace.NumKinds]int64
	closed := int64(-1) // the node that exited last: its table store follows its exit
	for i, e := range ev {
		if e.Seq != int64(i) {
			t.Errorf("%s: event %d has seq %d", name, i, e.Seq)
			return
		}
		counts[e.Kind]++
		if !e.Kind.Spec().Reasoned(e.Reason) {
			t.Errorf("%s: event %d (%s): reason %q is not one its row of the table of kinds lists", name, e.Seq, e.Kind, e.Reason)
		}
		for _, v := range []struct {
			has  bool
			v    int64
			what string
		}{{e.Has&trace.HasWindow != 0, e.Alpha, "alpha"}, {e.Has&trace.HasWindow != 0, e.Beta, "beta"},
			{e.Has&trace.HasValue != 0, e.Value, "value"}, {e.Has&trace.HasCut != 0, e.CutAlpha, "cut_alpha"},
			{e.Has&trace.HasCut != 0, e.CutBeta, "cut_beta"}, {e.Has&trace.HasInterval != 0, e.Lower, "lower"},
			{e.Has&trace.HasInterval != 0, e.Upper, "upper"}} {
			if v.has && !score.Sane(v.v) {
				t.Errorf("%s: event %d (%s): %s %d is neither finite nor ±∞", name, e.Seq, e.Kind, v.what, v.v)
			}
		}
		if e.Has&trace.HasWindow != 0 && e.Alpha > e.Beta {
			t.Errorf("%s: event %d (%s): window (%d, %d) is upside down", name, e.Seq, e.Kind, e.Alpha, e.Beta)
		}
		// Under the cut on ties a node never searches on once α reaches
		// β: an empty window (α, α) is entered only under the strict rule.
		if e.Kind == trace.Enter && e.Has&trace.HasWindow != 0 && e.Alpha == e.Beta && r.info != nil && r.info.Cutoff == "ge" {
			t.Errorf("%s: event %d: %s is entered with the empty window (%d, %d) under the cut on ties", name, e.Seq, explain.NodeName(e.Path), e.Alpha, e.Beta)
		}
		switch e.Kind {
		case trace.Enter:
			if e.Ply != len(stack) {
				t.Errorf("%s: event %d: node %d entered at ply %d with %d nodes open", name, e.Seq, e.Node, e.Ply, len(stack))
				return
			}
			stack = append(stack, e.Node)
		case trace.Exit:
			if len(stack) == 0 || stack[len(stack)-1] != e.Node {
				t.Errorf("%s: event %d: node %d exits, but the open nodes are %v", name, e.Seq, e.Node, stack)
				return
			}
			stack = stack[:len(stack)-1]
			closed = e.Node
		case trace.Start, trace.Done, trace.Iter, trace.Window:
		case trace.TTStore:
			if e.Node != closed {
				t.Errorf("%s: event %d: node %d stores a table entry, but the node that exited last is %d", name, e.Seq, e.Node, closed)
				return
			}
		default:
			if len(stack) == 0 || stack[len(stack)-1] != e.Node {
				t.Errorf("%s: event %d (%s) is about node %d, which is not the innermost open node (%v)", name, e.Seq, e.Kind, e.Node, stack)
				return
			}
		}
	}
	done := ev[len(ev)-1]
	if done.Summary == nil {
		t.Errorf("%s: done without a summary", name)
		return
	}
	if len(stack) != 0 && done.Summary.Stopped == "" {
		t.Errorf("%s: %d nodes never exit, and the search does not say it stopped", name, len(stack))
	}
	for k := trace.Kind(0); k < trace.NumKinds; k++ {
		if k == trace.Start || k == trace.Done {
			continue
		}
		if done.Summary.Counts[k] != counts[k] {
			t.Errorf("%s: done counts %d %s, the trace has %d", name, done.Summary.Counts[k], k, counts[k])
		}
	}
	if done.Summary.Nodes != counts[trace.Enter] || done.Summary.Leaves != counts[trace.Leaf]+counts[trace.StandPat] {
		t.Errorf("%s: done says %d nodes and %d leaves; the trace has %d enters, %d leaves and %d stand pats",
			name, done.Summary.Nodes, done.Summary.Leaves, counts[trace.Enter], counts[trace.Leaf], counts[trace.StandPat])
	}
	// The cut counts the summary says are those of the trace's cutoffs:
	// their pruned moves, and the nodes of their unsearched subtrees where
	// those are described in full.
	var edges, nodes int64
	whole := true
	for i := range ev {
		if ev[i].Kind != trace.Cutoff && ev[i].Kind != trace.ChanceCut {
			continue
		}
		edges += int64(len(ev[i].Pruned))
		for _, s := range ev[i].Unsearched {
			nodes += int64(s.Count())
			whole = whole && s.Below == 0
		}
		whole = whole && len(ev[i].Unsearched) == len(ev[i].Pruned)
	}
	switch c := done.Summary.Cuts; {
	case c == nil && (r.info == nil || !r.info.NodesOnly): // a student's trace tells no cuts
		t.Errorf("%s: done without cut counts", name)
	case c == nil:
	case c.Edges != edges:
		t.Errorf("%s: done says %d pruned edges; the trace's cutoffs prune %d moves", name, c.Edges, edges)
	case c.Known && whole && c.Leaves+c.Inner != nodes:
		t.Errorf("%s: done says %d pruned leaves and %d inner nodes; the trace's unsearched subtrees hold %d nodes", name, c.Leaves, c.Inner, nodes)
	case !c.Known && edges == 0:
		t.Errorf("%s: done calls the pruned nodes unknown where nothing was pruned", name)
	}
}

// jsonClaims evaluates every "claim" of a JSON Lines trace against the
// numbers on its own line.
func jsonClaims(t *testing.T, name string, data []byte) {
	t.Helper()
	rd := jsonl.NewReader(bytes.NewReader(data), "trace")
	lines := bytes.Split(data, []byte("\n"))
	for i := 0; ; i++ {
		e, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return
		}
		if err != nil {
			t.Errorf("%s: reading the trace back: %v", name, err)
			return
		}
		claim := claimOf(lines[i])
		if claim == "" {
			continue
		}
		for _, part := range strings.Split(claim, " && ") {
			ok, err := evaluate(part, e)
			if err != nil || !ok {
				t.Errorf("%s: event %d (%s) claims %q: %v (line %s)", name, e.Seq, e.Kind, part, err, lines[i])
			}
		}
	}
}

// claimOf extracts the claim string of a JSON line.
func claimOf(line []byte) string {
	const key = `"claim":"`
	i := bytes.Index(line, []byte(key))
	if i < 0 {
		return ""
	}
	rest := line[i+len(key):]
	j := bytes.IndexByte(rest, '"')
	return string(rest[:j])
}

// evaluate reads "a + b >= c" over the event's fields and tells whether it
// holds.
func evaluate(expr string, e *trace.Event) (bool, error) {
	fs := strings.Fields(expr)
	ops := map[string]func(a, b int64) bool{
		"<": func(a, b int64) bool { return a < b }, "<=": func(a, b int64) bool { return a <= b },
		"==": func(a, b int64) bool { return a == b }, ">=": func(a, b int64) bool { return a >= b },
		">": func(a, b int64) bool { return a > b },
	}
	for i, f := range fs {
		if op, ok := ops[f]; ok {
			l, err := sumOf(fs[:i], e)
			if err != nil {
				return false, err
			}
			r, err := sumOf(fs[i+1:], e)
			if err != nil {
				return false, err
			}
			return op(l, r), nil
		}
	}
	return false, fmt.Errorf("no relation in %q", expr)
}

func sumOf(terms []string, e *trace.Event) (int64, error) {
	var s int64
	sign := int64(1)
	for _, f := range terms {
		switch f {
		case "+":
			sign = 1
			continue
		case "-":
			sign = -1
			continue
		}
		neg := strings.HasPrefix(f, "-")
		f = strings.TrimPrefix(f, "-")
		var v int64
		switch f {
		case "value":
			v = e.Value
		case "alpha":
			v = e.Alpha
		case "beta":
			v = e.Beta
		case "margin":
			v = e.Margin
		case "lower":
			v = e.Lower
		case "upper":
			v = e.Upper
		case "cut_alpha":
			v = e.CutAlpha
		case "cut_beta":
			v = e.CutBeta
		default:
			return 0, fmt.Errorf("unknown field %q", f)
		}
		if neg {
			v = -v
		}
		s += sign * v
		sign = 1
	}
	return s, nil
}

// checkBounds checks every value a node of an exact search returned against
// the node's true minimax value to its remaining depth: an exact value is
// it, an upper bound is at or above it, a lower bound at or below it, and a
// "proved exact" mark means it is it.
func checkBounds(t *testing.T, name string, tr *tree.Tree, r *run) {
	t.Helper()
	byPath := map[string]*tree.Node{}
	var walk func(n *tree.Node)
	walk = func(n *tree.Node) {
		byPath[n.Path()] = n
		if n.Name != "" { // a named node is named so in traces (a CS188 test's states)
			byPath[n.Name] = n
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(tr.Root)
	orc := newOracle(tr, r.info, true)
	for _, e := range r.events {
		if e.Kind == trace.Done && e.Summary != nil && e.Has&trace.HasValue != 0 {
			checkResult(t, name, tr, r.info, e)
		}
		if e.Kind != trace.Exit {
			continue
		}
		n := byPath[e.Path]
		if n == nil {
			t.Errorf("%s: event %d: no node %q", name, e.Seq, e.Path)
			return
		}
		truth := orc.truth(n, e.Depth)
		cmp := big.NewRat(e.Value, 1).Cmp(truth)
		ok := true
		switch e.Bound {
		case score.Exact:
			ok = cmp == 0
		case score.Upper:
			ok = cmp >= 0
		case score.Lower:
			ok = cmp <= 0
		}
		if e.Proved && cmp != 0 {
			ok = false
		}
		if !ok {
			t.Errorf("%s: event %d: %s returns %d (%s, proved %v), but its true value to depth %d is %s",
				name, e.Seq, explain.NodeName(e.Path), e.Value, e.Bound, e.Proved, e.Depth, truth.RatString())
		}
	}
	drawnLabels(t, name, tr, r, orc)
}

// drawnLabels checks the value every drawing writes on every node (DOT,
// SVG, PNG, TikZ and the page take it from dot.Value) against the node's
// true value: "≥v" at most the truth, "≤v" at least it, "~v" (no bound) only
// where nothing proves it, a plain number the truth itself.
func drawnLabels(t *testing.T, name string, tr *tree.Tree, r *run, orc *oracle) {
	t.Helper()
	rec := record.NewRecorder()
	for _, e := range r.events {
		rec.Add(e)
	}
	for _, n := range rec.Recording().Nodes {
		if n == nil || !n.Closed || !n.HasValue || n.Probe {
			continue
		}
		node := orc.find(n.Path)
		if node == nil {
			continue
		}
		s, _ := dot.Value(r.info, n, false)
		truth := orc.truth(node, n.Depth)
		v := big.NewRat(n.Value, 1)
		var ok bool
		switch {
		case strings.HasPrefix(s, "≥"):
			ok = v.Cmp(truth) <= 0
		case strings.HasPrefix(s, "≤"):
			ok = v.Cmp(truth) >= 0
		case strings.HasPrefix(s, "~"):
			ok = !n.Proved
		default:
			ok = v.Cmp(truth) == 0
		}
		if !ok {
			t.Errorf("%s: the drawings write %s on %s (proved %v), whose true value is %s", name, s, explain.NodeName(n.Path), n.Proved, truth.RatString())
		}
	}
}

// checkResult checks a done event's value against the root's minimax value:
// exact unless it is a bound (a window given for the root), then a true
// bound; proved exact only when it is exact; and the best move dropped
// after an unproved fail low of the side to move (no move is known best).
//
// Its words too, from the window's numbers alone: a value at or below the
// window's α is said "at most", at or above β "at least", and neither
// inside, in the done sentence and in the summary line.
func checkResult(t *testing.T, name string, tr *tree.Tree, in *trace.Info, e *trace.Event) {
	t.Helper()
	sum := e.Summary
	if e.Has&trace.HasWindow != 0 {
		v := in.Format(sum.Value)
		want := map[string]bool{"at most " + v: sum.Value <= e.Alpha, "at least " + v: sum.Value >= e.Beta}
		en := *in // the words are English's; a translation keeps their numbers (sameTokens)
		en.Lang = ""
		for _, said := range []string{explain.Done(&en, e).Text, strings.Join(explain.ResultParts(&en, sum, true), " · ")} {
			for words, yes := range want {
				if strings.Contains(said, "value "+words) != yes {
					t.Errorf("%s: window %s, value %s: %q must say %q: %v", name, in.Window(e.Alpha, e.Beta), v, said, words, yes)
				}
			}
		}
	}
	rat := newOracle(tr, in, true).truth(tr.Root, e.Depth)
	if !rat.IsInt() {
		t.Errorf("%s: the root's true value %s is no whole number of the tree's units", name, rat.RatString())
		return
	}
	truth := rat.Num().Int64()
	b := sum.Bound
	if b == score.NoBound {
		b = score.Exact
	}
	if !b.Holds(sum.Value, truth) || (sum.Proved && sum.Value != truth) || (sum.Bound != e.Bound || sum.Proved != e.Proved) {
		t.Errorf("%s: done says %d (%s, proved %v), but the root's true value is %d", name, sum.Value, b, sum.Proved, truth)
	}
	failedLow := (sum.Bound == score.Upper) != tr.RootMin && sum.Bound != score.NoBound
	if failedLow && !sum.Proved && (sum.Best != "" || len(sum.PV) > 0) {
		t.Errorf("%s: the root failed low on its window, yet done names best move %q", name, sum.Best)
	}
}

// turnMax reports whether MAX moves at child c of a node where MAX moves when
// parentMax: as c's [max] or [min] mark says, else the other player; below
// a chance node, which takes no turn, the chance node's own.
func turnMax(parentMax bool, c *tree.Node) bool {
	switch c.Turn {
	case tree.TurnMax:
		return true
	case tree.TurnMin:
		return false
	}
	if p := c.Parent(); p != nil && p.Chance {
		return parentMax
	}
	return !parentMax
}

// nodeMax reports whether MAX moves at n, following the marks from the root.
func nodeMax(tr *tree.Tree, n *tree.Node) bool {
	if n.Parent() == nil {
		return !tr.RootMin
	}
	return turnMax(nodeMax(tr, n.Parent()), n)
}

// TestChanceSentencesTrue is TestSentencesTrue on trees with chance nodes,
// probabilities and player marks, searched by expectimax, Star1 and Star2
// under both fail conventions, with bounds as tight as the values or wider.
func TestChanceSentencesTrue(t *testing.T) {
	n := 160
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(2026, 25))
	specs := []string{"expectimax", "star1:hard", "star1:soft", "star2:hard", "star2:soft"}
	for i := 0; i < n; i++ {
		src := chanceTree(rng, 2+rng.IntN(3), true)
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatalf("generated tree %q: %v", src, err)
		}
		tr.RootMin = rng.IntN(3) == 0
		sp := specs[i%len(specs)]
		opt, err := engine.ParseSpec(sp, engine.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if opt.Algo.Star() {
			wider := int64(rng.IntN(3))
			opt.Bounds = engine.Bounds{Lo: (-6 - wider) * tr.Scale, Hi: 6 * tr.Scale, On: true}
		}
		depth := tr.Height()
		name := fmt.Sprintf("tree %d %q root min %v %s", i, src, tr.RootMin, sp)
		if run := check(t, name, tree.NewPosition(tr), engine.Limits{Depth: depth}, opt, tr, tr, true); run != nil {
			checkBounds(t, name, tr, run)
		}
		if t.Failed() {
			return
		}
	}
}

// chanceTree writes a random tree of at most height plies whose inner nodes
// are chance nodes a third of the time (with probabilities written or not),
// and whose nodes carry a [max] or [min] mark now and then.
func chanceTree(rng *rand.Rand, height int, root bool) string {
	if height == 0 || (!root && rng.IntN(6) == 0) {
		return strconv.Itoa(rng.IntN(13) - 6)
	}
	k := 1 + rng.IntN(3)
	chance := !root && rng.IntN(3) == 0
	weights := chance && rng.IntN(2) == 0
	var b strings.Builder
	b.WriteString("(")
	left := k + rng.IntN(3) // the probabilities' denominator
	den := left
	for i := 0; i < k; i++ {
		if i > 0 {
			b.WriteString(" ")
		}
		child := chanceTree(rng, height-1, false)
		var ann []string
		if weights {
			a := left
			if r := k - 1 - i; r > 0 {
				a = 1 + rng.IntN(left-r)
			}
			left -= a
			ann = append(ann, fmt.Sprintf("p=%d/%d", a, den))
		}
		if !strings.HasSuffix(child, "[chance]") && rng.IntN(5) == 0 {
			ann = append(ann, []string{"max", "min"}[rng.IntN(2)])
		}
		if len(ann) > 0 {
			if strings.HasSuffix(child, "]") {
				child = child[:len(child)-1] + " " + strings.Join(ann, " ") + "]"
			} else {
				child += "[" + strings.Join(ann, " ") + "]"
			}
		}
		b.WriteString(child)
	}
	b.WriteString(")")
	if chance {
		b.WriteString("[chance]")
	}
	return b.String()
}

// lineSides is the side to move at each ply of e's line in tr, read from the
// tree (Nobody off the line).
func lineSides(tr *tree.Tree, e *trace.Event) func(int) explain.Side {
	var line []*tree.Node
	for n := tr.Find(e.Path); n != nil; n = n.Parent() {
		line = append([]*tree.Node{n}, line...)
	}
	return func(ply int) explain.Side {
		if ply < 0 || ply >= len(line) {
			return explain.Nobody
		}
		return explain.SideOf(nodeMax(tr, line[ply]))
	}
}

// TestMarkedSentencesTrue is TestSentencesTrue on trees whose players do not
// alternate: nodes marked [max] or [min] at random (the searches that refuse
// such trees, the selective ones and those with a table, are skipped).
func TestMarkedSentencesTrue(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(2026, 14))
	var exact []config
	for _, c := range treeConfigs() {
		if c.exact && !c.opt.TT.On && !c.opt.Sel.Any() {
			exact = append(exact, c)
		}
	}
	for i := 0; i < n; i++ {
		src := randomTreeOf(rng, i%3 == 1) // one tree in three with decimal values
		tr, err := tree.Parse("random", src)
		if err != nil {
			t.Fatalf("generated tree %q: %v", src, err)
		}
		tr.RootMin = rng.IntN(3) == 0
		var mark func(n *tree.Node)
		mark = func(n *tree.Node) {
			for _, c := range n.Children {
				if !c.Pass && rng.IntN(3) == 0 {
					c.Turn = tree.TurnMax + tree.Turn(rng.IntN(2))
				}
				mark(c)
			}
		}
		mark(tr.Root)
		depth := tr.Height()
		if d := 1 + rng.IntN(depth); rng.IntN(2) == 0 {
			depth = d
		}
		cf := exact[i%len(exact)]
		name := fmt.Sprintf("tree %d %q root min %v depth %d %s", i, tree.Format(tr), tr.RootMin, depth, cf.name)
		if run := check(t, name, tree.NewPosition(tr), engine.Limits{Depth: depth}, cf.opt, tr, tr, true); run != nil {
			checkBounds(t, name, tr, run)
		}
		if t.Failed() {
			return
		}
	}
}

// failConventions are the fail conventions of alpha-beta.
func failConventions() []engine.Fail {
	return []engine.Fail{engine.FailHard, engine.FailSoft, engine.FailF2}
}
