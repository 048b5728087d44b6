package truth

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/lab"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// -truth.cases sets how many random cases TestFeaturesTrue runs per
// feature; an audit runs 10,000 (docs/performance.md has the command).
var featureCases = flag.Int("truth.cases", 0, "random cases per feature in TestFeaturesTrue (0: 60, 30 under -short)")

// TestFeaturesTrue checks every sentence of the text trace and the
// step-through player (which the page shows), on random cases of each
// feature a course uses: a window given for the root under every algorithm
// and convention that takes one; chance nodes under expectimax, Star1 and
// Star2 with bounds as tight as the values or wider; trees whose players do
// not alternate ([max] and [min] marks); every convention; and the
// children searched right to left (a third of every feature's cases, all of
// the rtl feature's). Each case is checked as
// check does (every claim against its event's numbers, the JSON claims, the
// trace's invariants) and against the oracle's brute force: every value a
// node returns is true of its subtree, every bound's origin a sentence names
// is where it came from, every α, β and best value named is the current
// one, and the best move and line are best; and the numbers the page shows
// at every step (page.Expected) against the oracle (checkPage). And the
// lab: a quarter of the cases made there, from the tree's text and the
// settings as search's flags, must be the very search checked (checkLab);
// for the searches the quiz makes, its predictions are graded as the
// oracle says (checkPredict); what its Node tab says of every node at
// every step is the oracle's (checkInspect).
func TestFeaturesTrue(t *testing.T) {
	n := *featureCases
	if n == 0 {
		n = 60
		if testing.Short() {
			n = 30
		}
	}
	for _, f := range []struct {
		name string
		gen  func(rng *rand.Rand) (string, *tree.Tree, engine.Options, int)
	}{
		{"window", windowCase},
		{"chance", chanceCase},
		{"marks", marksCase},
		{"conventions", conventionCase},
		{"cs188", cs188Case},
		{"rtl", func(rng *rand.Rand) (string, *tree.Tree, engine.Options, int) {
			if rng.IntN(2) == 0 {
				return windowCase(rng)
			}
			return conventionCase(rng)
		}},
	} {
		t.Run(f.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(2026, uint64(len(f.name))))
			for i := 0; i < n; i++ {
				what, tr, opt, depth := f.gen(rng)
				pos := tree.NewPosition(tr)
				rtl := f.name == "rtl" || rng.IntN(3) == 0 // every feature right to left now and then
				pos.SetRightToLeft(rtl)
				name := fmt.Sprintf("%s case %d: %q root min %v rtl %v depth %d %s", f.name, i, tree.Format(tr), tr.RootMin, rtl, depth, what)
				if run := check(t, name, pos, engine.Limits{Depth: depth}, opt, tr, tr, true); run != nil {
					checkBounds(t, name, tr, run)
					checkPage(t, name, tr, run)
					if i%4 == 0 { // the lab's road, a quarter of the cases
						checkLab(t, name, tr, run, labArgs(tr, opt, rtl, depth))
					}
					checkPredict(t, name, what, tr, depth, rtl, run)
					checkInspect(t, name, tr, run)
				}
				if t.Failed() {
					return
				}
			}
		})
	}
}

// plainTree is a random tree for the exact searches, its root player drawn,
// and a depth: its height, or less (static evaluations at the horizon).
func plainTree(rng *rand.Rand) (*tree.Tree, int) {
	src := randomTree(rng)
	tr, err := tree.Parse("random", src)
	if err != nil {
		panic(fmt.Sprintf("generated tree %q: %v", src, err))
	}
	tr.RootMin = rng.IntN(3) == 0
	depth := tr.Height()
	if rng.IntN(2) == 0 {
		depth = 1 + rng.IntN(depth)
	}
	return tr, depth
}

// exactSpecs are the searches whose values are bounds of the true values,
// with the conventions each takes.
var exactSpecs = []string{
	"minimax", "negamax", "branch-bound:ge", "branch-bound:gt",
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge",
	"alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt",
	"pvs:hard", "pvs:soft", "pvs:f2", "mtdf",
}

// windowSpecs are the searches that take a window given for the root.
var windowSpecs = []string{
	"alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:f2:ge",
	"alphabeta:hard:gt", "alphabeta:soft:gt", "alphabeta:f2:gt",
	"pvs:hard", "pvs:soft", "pvs:f2", "mtdf",
}

func specOf(sp string) engine.Options {
	o, err := engine.ParseSpec(sp, engine.Options{})
	if err != nil {
		panic(err)
	}
	return o
}

// randomWindow is a window for the root in the range of the random trees'
// values, each edge now and then infinite, lo < hi.
func randomWindow(rng *rand.Rand, scale int64) engine.Window {
	for {
		lo, hi := int64(rng.IntN(15)-7)*scale, int64(rng.IntN(15)-7)*scale
		if rng.IntN(6) == 0 {
			lo = -score.Inf
		}
		if rng.IntN(6) == 0 {
			hi = score.Inf
		}
		if lo < hi {
			return engine.Window{Lo: lo, Hi: hi, On: true}
		}
	}
}

func windowCase(rng *rand.Rand) (string, *tree.Tree, engine.Options, int) {
	tr, depth := plainTree(rng)
	sp := windowSpecs[rng.IntN(len(windowSpecs))]
	opt := specOf(sp)
	opt.Window = randomWindow(rng, tr.Scale)
	if opt.Algo == engine.MTDF && rng.IntN(2) == 0 {
		opt.Guess, opt.HasGuess = int64(rng.IntN(13)-6)*tr.Scale, true
	}
	return fmt.Sprintf("%s window (%d, %d)", sp, opt.Window.Lo, opt.Window.Hi), tr, opt, depth
}

func conventionCase(rng *rand.Rand) (string, *tree.Tree, engine.Options, int) {
	tr, depth := plainTree(rng)
	sp := exactSpecs[rng.IntN(len(exactSpecs))]
	return sp, tr, specOf(sp), depth
}

func marksCase(rng *rand.Rand) (string, *tree.Tree, engine.Options, int) {
	tr, depth := plainTree(rng)
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
	sp := exactSpecs[rng.IntN(len(exactSpecs))]
	opt := specOf(sp)
	what := sp
	if opt.Algo.Prunes() && opt.Algo != engine.BranchBound && rng.IntN(2) == 0 {
		opt.Window = randomWindow(rng, tr.Scale)
		what += fmt.Sprintf(" window (%d, %d)", opt.Window.Lo, opt.Window.Hi)
	}
	return what, tr, opt, depth
}

// cs188Case is a random test of CS188's multi-agent project
// (tree.ParseCS188): one to three agents for up to four plies, states
// reached on several paths, win and lose states, evaluations with
// decimals; searched as the autograder's agents search it (minimax,
// alpha-beta fail-soft with no pruning on ties, expectimax) or with
// prunescope's default alpha-beta.
func cs188Case(rng *rand.Rand) (string, *tree.Tree, engine.Options, int) {
	agents, states := 1+rng.IntN(3), 4+rng.IntN(10)
	rounds := 1 + rng.IntN(max(1, 4/agents)) // at most four plies: the checks walk every step
	expectimax := rng.IntN(3) == 0
	var succ, eval, ends strings.Builder
	for i := range states {
		for k := range rng.IntN(4) {
			to := rng.IntN(states)
			if rng.IntN(2) == 0 && i+1 < states {
				to = i + 1 + rng.IntN(states-i-1)
			}
			fmt.Fprintf(&succ, "s%d a%d s%d\n", i, k, to)
		}
		fmt.Fprintf(&eval, "s%d %s\n", i, strconv.FormatFloat(float64(rng.IntN(41)-20)/[]float64{1, 2, 4}[rng.IntN(3)], 'f', -1, 64))
		if rng.IntN(6) == 0 {
			fmt.Fprintf(&ends, " s%d", i)
		}
	}
	alg, specs := "AlphaBetaAgent", []string{"minimax", "alphabeta:soft:gt", "alphabeta:hard:ge"}
	if expectimax {
		alg, specs = "ExpectimaxAgent", []string{"expectimax"}
	}
	text := fmt.Sprintf("alg: \"%s\"\ndepth: \"%d\"\nnum_agents: \"%d\"\nstart_state: \"s0\"\nwin_states: \"%s\"\nlose_states: \"\"\nsuccessors: \"\"\"\n%s\"\"\"\nevaluation: \"\"\"\n%s\"\"\"\n",
		alg, rounds, agents, strings.TrimSpace(ends.String()), succ.String(), eval.String())
	tr, err := tree.ParseCS188("random.test", text)
	if err != nil {
		panic(fmt.Sprintf("generated test %q: %v", text, err))
	}
	sp := specs[rng.IntN(len(specs))]
	return "cs188 " + sp, tr, specOf(sp), tr.Height()
}

// chanceSpecs are the searches of trees with chance nodes.
var chanceSpecs = []string{"expectimax", "star1:hard", "star1:soft", "star2:hard", "star2:soft"}

func chanceCase(rng *rand.Rand) (string, *tree.Tree, engine.Options, int) {
	src := chanceTree(rng, 2+rng.IntN(3), true)
	tr, err := tree.Parse("random", src)
	if err != nil {
		panic(fmt.Sprintf("generated tree %q: %v", src, err))
	}
	tr.RootMin = rng.IntN(3) == 0
	sp := chanceSpecs[rng.IntN(len(chanceSpecs))]
	opt := specOf(sp)
	what := sp
	if opt.Algo.Star() {
		// Bounds as tight as the values, or wider on either side.
		lo, hi := leafRange(tr.Root)
		lo -= int64(rng.IntN(3)) * tr.Scale
		hi += int64(rng.IntN(3)) * tr.Scale
		if lo == hi {
			hi += tr.Scale
		}
		opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
		what += " bounds " + strconv.FormatInt(lo, 10) + "," + strconv.FormatInt(hi, 10)
	}
	return what, tr, opt, tr.Height()
}

// leafRange is the least and the greatest leaf value under n.
func leafRange(n *tree.Node) (lo, hi int64) {
	if n.Leaf {
		return n.Value, n.Value
	}
	lo, hi = score.Inf, -score.Inf
	for _, c := range n.Children {
		l, h := leafRange(c)
		lo, hi = min(lo, l), max(hi, h)
	}
	return lo, hi
}

// labArgs are the lab's settings (search's flags) for a case's options:
// the spec, the root's window, MTD(f)'s guess, Star's bounds, the children
// right to left, the depth.
func labArgs(tr *tree.Tree, opt engine.Options, rtl bool, depth int) []string {
	info := &trace.Info{Scale: tr.Scale}
	args := []string{"--algo", opt.Spec(), "--depth", strconv.Itoa(depth)}
	if opt.Window.On {
		args = append(args, "--window", info.Format(opt.Window.Lo)+","+info.Format(opt.Window.Hi))
	}
	if opt.HasGuess {
		args = append(args, "--guess", info.Format(opt.Guess))
	}
	if opt.Bounds.On {
		args = append(args, "--bounds", info.Format(opt.Bounds.Lo)+","+info.Format(opt.Bounds.Hi))
	}
	if rtl {
		args = append(args, "--order-children", "rtl")
	}
	return args
}

// checkLab makes the case's search in the lab (lab.Search, from the tree's
// text and the settings as a student gives them) and requires its trace to
// be the run's, event for event (but the input's name): what the lab shows
// is then what the oracle checked (checkPage holds the page's numbers, made
// from that trace, to it).
func checkLab(t *testing.T, name string, tr *tree.Tree, r *run, args []string) {
	t.Helper()
	res := lab.Search(context.Background(), tree.Format(tr), args)
	if res.Error != "" {
		t.Errorf("%s: the lab refuses %q: %s", name, args, res.Error)
		return
	}
	norm := func(js []byte) string {
		first, rest, _ := bytes.Cut(js, []byte("\n"))
		var start map[string]any
		if err := json.Unmarshal(first, &start); err != nil {
			return string(js)
		}
		delete(start, "input")
		b, _ := json.Marshal(start)
		return string(b) + "\n" + string(rest)
	}
	js := res.Trace()
	if norm(js) != norm(r.json) {
		t.Errorf("%s: the lab's search with %q is not the one checked", name, args)
		return
	}
	// The lab plays its page from the search's events, kept in memory:
	// it must be the page of the trace, which checkPage holds to the oracle.
	rec := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(js), "trace", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
		t.Errorf("%s: the lab's trace: %v", name, err)
		return
	}
	c, err := page.Make(context.Background(), func() (*step.Player, error) { return step.Open(bytes.NewReader(js), "the search") },
		"the search", rec.Recording(), page.Options{Draw: dot.Options{MaxNodes: dot.DefaultMaxNodes, MaxWidth: dot.DefaultMaxWidth, Style: "default"}, MaxSteps: lab.MaxSteps})
	if err != nil {
		t.Errorf("%s: the page of the lab's trace: %v", name, err)
		return
	}
	if string(c.Data) != string(res.Data) || c.SVG != res.SVG {
		t.Errorf("%s: with %q the lab's page, played from the search's events, is not the page of its trace", name, args)
	}
}
