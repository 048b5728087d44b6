package tree

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/trace"
)

// randomCS188 writes a random GraphGameTreeTest: 1 to 3 agents, 1 to 3
// rounds, states with up to 3 successors that may repeat (the same state
// reached on several paths, at several plies), some win and lose states,
// every state evaluated (some with decimals).
func randomCS188(rng *rand.Rand) (text string, p cs188Problem) {
	p.agents = 1 + rng.IntN(3)
	p.rounds = 1 + rng.IntN(3)
	p.expectimax = rng.IntN(3) == 0
	states := 4 + rng.IntN(14)
	name := func(i int) string { return "s" + strconv.Itoa(i) }
	p.next = map[string][]string{}
	p.eval = map[string]float64{}
	p.terminal = map[string]bool{}
	var succ, eval strings.Builder
	for i := range states {
		s := name(i)
		for k := range rng.IntN(4) {
			to := name(rng.IntN(states))
			if rng.IntN(2) == 0 && i+1 < states { // mostly forward, so trees are deep enough
				to = name(i + 1 + rng.IntN(states-i-1))
			}
			p.next[s] = append(p.next[s], to)
			fmt.Fprintf(&succ, "%s act%d %s\n", s, k, to)
		}
		v := float64(rng.IntN(41)-20) / []float64{1, 2, 4}[rng.IntN(3)]
		p.eval[s] = v
		fmt.Fprintf(&eval, "%s %s\n", s, strconv.FormatFloat(v, 'f', -1, 64))
	}
	var win, lose []string
	for i := range states {
		switch rng.IntN(8) {
		case 0:
			win = append(win, name(i))
			p.terminal[name(i)] = true
		case 1:
			lose = append(lose, name(i))
			p.terminal[name(i)] = true
		}
	}
	alg := "AlphaBetaAgent"
	if p.expectimax {
		alg = "ExpectimaxAgent"
	}
	text = fmt.Sprintf("class: \"GraphGameTreeTest\"\nalg: \"%s\"\ndepth: \"%d\"\nnum_agents: \"%d\"\nstart_state: \"%s\"\nwin_states: \"%s\"\nlose_states: \"%s\"\nsuccessors: \"\"\"\n%s\"\"\"\nevaluation: \"\"\"\n%s\"\"\"\n",
		alg, p.rounds, p.agents, name(0), strings.Join(win, " "), strings.Join(lose, " "), succ.String(), eval.String())
	return text, p
}

// cs188Problem is a test as the autograder's MultiagentTreeProblem holds it.
type cs188Problem struct {
	agents, rounds int
	expectimax     bool
	next           map[string][]string
	eval           map[string]float64
	terminal       map[string]bool
}

// value is the autograder's search, written from the test's own rules:
// a win or lose state, a state without successors or the last ply is its
// evaluation; Pacman maximises, a ghost minimises or (expectimax) averages
// (generated, without pruning).
func (p cs188Problem) value(state string, ply int) float64 {
	return p.generated(state, ply, math.Inf(-1), math.Inf(1), false, map[string]bool{})
}

// TestCS188Value: a random CS188 game tree test read as a tree and searched
// by minimax, alpha-beta as the autograder does it, or expectimax has the
// value the autograder's rules give, computed from the test's states here.
func TestCS188Value(t *testing.T) {
	rng := rand.New(rand.NewPCG(188, 2026))
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := range n {
		text, p := randomCS188(rng)
		tr, err := ParseCS188("t.test", text)
		if err != nil {
			t.Fatalf("test %d: %v\n%s", i, err, text)
		}
		want := p.value("s0", 0)
		algos := []engine.Options{{Algo: engine.Minimax}, {Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}}
		if p.expectimax {
			algos = []engine.Options{{Algo: engine.Expectimax}}
		}
		for _, opt := range algos {
			res, err := engine.Search(context.Background(), NewPosition(tr), engine.Limits{Depth: tr.Height()}, opt, nil)
			if err != nil {
				t.Fatalf("test %d %v: %v\n%s", i, opt.Algo, err, text)
			}
			got := float64(res.Value) / float64(tr.Scale)
			if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
				t.Fatalf("test %d %v: value %v, the autograder's rules %v\n%s\ntree: %s", i, opt.Algo, got, want, text, Format(tr))
			}
		}
	}
}

// TestCS188Tree: the tree of a small test, node by node: states as names
// (a state reached again gets a '), the ghost's nodes MIN's or chance
// nodes, leaves at win states and at the depth limit.
func TestCS188Tree(t *testing.T) {
	text := `# a test
class: "GraphGameTreeTest"
alg: "MinimaxAgent"
depth: "1"
num_agents: "3"
start_state: "a"
win_states: "w"
lose_states: ""
successors: """
a L b
a R c
b L d
b R w
c L d
d L e
"""
evaluation: """
w 10
d 1.5
e 2
"""
`
	tr, err := ParseCS188("t.test", text)
	if err != nil {
		t.Fatal(err)
	}
	// Three agents, one round: Pacman, then two ghosts, both MIN.
	if got, want := Format(tr), "a:(b:(d:(e:2)[min] w:10)[min] c:(d':(e':2)[min])[min])"; got != want {
		t.Errorf("tree %s, want %s", got, want)
	}
	text = strings.Replace(text, `num_agents: "3"`, `num_agents: "2"`, 1)
	if tr, err = ParseCS188("t.test", text); err != nil {
		t.Fatal(err)
	}
	if got, want := Format(tr), "a:(b:(d:1.5 w:10)[min] c:(d':1.5)[min])"; got != want {
		t.Errorf("two agents: tree %s, want %s", got, want)
	}
	tr, err = ParseCS188("t.test", strings.Replace(text, "MinimaxAgent", "ExpectimaxAgent", 1))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := Format(tr), "a:(b:(d:1.5 w:10)[chance] c:(d':1.5)[chance])"; got != want {
		t.Errorf("expectimax tree %s, want %s", got, want)
	}
	// Loaded from a file of that name, as --tree does.
	path := filepath.Join(t.TempDir(), "x.test")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if tr, err = Load(path, nil); err != nil || tr.Source != path {
		t.Fatalf("Load: %v", err)
	}
}

// TestCS188Errors: a broken test file is refused in one line that names the
// file, the line and what is wrong.
func TestCS188Errors(t *testing.T) {
	base := "num_agents: \"2\"\nstart_state: \"a\"\nwin_states: \"\"\nlose_states: \"\"\ndepth: \"1\"\nsuccessors: \"\"\"\na L b\n\"\"\"\nevaluation: \"\"\"\nb 1\n\"\"\"\n"
	for _, c := range []struct{ text, want string }{
		{strings.Replace(base, "depth: \"1\"\n", "", 1), `t.test: no depth field`},
		{strings.Replace(base, "a L b", "a L", 1), `t.test:7: successors: "a L" is not a state, an action and the next state`},
		{strings.Replace(base, "b 1", "b one", 1), `t.test:10: evaluation: the value "one" of b is not a number`},
		{strings.Replace(base, "b 1", "c 1", 1), `t.test: state b (a state without successors) has no evaluation`},
		{strings.Replace(base, "num_agents: \"2\"", "num_agents: \"0\"", 1), `t.test:1: num_agents: "0" is not a number of agents`},
		{strings.Replace(base, "depth: \"1\"", "depth: \"x\"", 1), `t.test:5: depth: "x" is not a depth`},
		{strings.TrimSuffix(base, "\"\"\"\n"), `t.test:9: evaluation: the """ that starts here is never closed`},
		{base + "depth: \"2\"\n", `t.test:12: depth is given twice (first on line 5)`},
		{base + "alg: \"DFSAgent\"\n", `t.test:12: alg: "DFSAgent" is not MinimaxAgent`},
		{base + "class: \"EvalAgentTest\"\n", `t.test:12: class: "EvalAgentTest" is not a game tree test`},
		{base + "just words\n", `t.test:12: "just words" is not key: "value"`},
		{base + "key: value\n", `t.test:12: key: "value" is not a quoted value`},
	} {
		_, err := ParseCS188("t.test", c.text)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error %v, want it to start %q, on one line", c.text, err, c.want)
		}
	}
}

// FuzzParseCS188: any text is a tree or one error, never a panic.
func FuzzParseCS188(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 4 {
		text, _ := randomCS188(rng)
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if _, err := ParseCS188("f.test", text); err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("a two-line error: %v", err)
		}
	})
}

// generated is the autograder's search (minimax, or alpha-beta as its
// staff solution prunes: past the bound, v > β at Pacman, v < α at a
// ghost; or expectimax) recording the states it generates: the start
// state and every successor asked for.
func (p cs188Problem) generated(state string, ply int, alpha, beta float64, prune bool, gen map[string]bool) float64 {
	moves := p.next[state]
	if p.terminal[state] || len(moves) == 0 || ply == p.agents*p.rounds {
		return p.eval[state]
	}
	agent := ply % p.agents
	v := math.Inf(1)
	if agent == 0 {
		v = math.Inf(-1)
	}
	sum := 0.0
	for _, to := range moves {
		gen[to] = true
		c := p.generated(to, ply+1, alpha, beta, prune, gen)
		sum += c
		if agent == 0 {
			v = max(v, c)
			if prune && v > beta {
				return v
			}
			alpha = max(alpha, v)
		} else {
			v = min(v, c)
			if prune && v < alpha {
				return v
			}
			beta = min(beta, v)
		}
	}
	if agent != 0 && p.expectimax {
		return sum / float64(len(moves))
	}
	return v
}

// TestCS188Generated: the states a search of a CS188 test enters, as
// CS188Generated lists them, are the states the autograder's own search
// generates (its "generated nodes"), computed here from the test's rules:
// minimax and expectimax generate every state of the tree, alpha-beta
// fail-soft with no pruning on ties what its staff solution generates.
func TestCS188Generated(t *testing.T) {
	rng := rand.New(rand.NewPCG(1881, 2026))
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := range n {
		text, p := randomCS188(rng)
		tr, err := ParseCS188("t.test", text)
		if err != nil {
			t.Fatal(err)
		}
		cases := []struct {
			opt   engine.Options
			prune bool
		}{{engine.Options{Algo: engine.Minimax}, false}, {engine.Options{Algo: engine.AlphaBeta, Fail: engine.FailSoft, Cutoff: engine.CutGT}, true}}
		if p.expectimax {
			cases = cases[:0]
			cases = append(cases, struct {
				opt   engine.Options
				prune bool
			}{engine.Options{Algo: engine.Expectimax}, false})
		}
		for _, c := range cases {
			gen := map[string]bool{"s0": true}
			p.generated("s0", 0, math.Inf(-1), math.Inf(1), c.prune, gen)
			var want []string
			for s := range gen {
				want = append(want, s)
			}
			names := []string{tr.Root.Name}
			h := &trace.Hooks{Event: func(e *trace.Event) {
				if e.Kind == trace.Enter && e.Path != "" {
					names = append(names, e.Path)
				}
			}}
			if _, err := engine.Search(context.Background(), NewPosition(tr), engine.Limits{Depth: tr.Height()}, c.opt, h); err != nil {
				t.Fatal(err)
			}
			got := strings.Join(CS188Generated(names), " ")
			if w := strings.Join(CS188Generated(want), " "); got != w {
				t.Fatalf("test %d %v: generated %s, the autograder's %s\n%s", i, c.opt.Algo, got, w, text)
			}
		}
	}
}

// TestCS188Number: the evaluations' numbers.
func TestCS188Number(t *testing.T) {
	for s, want := range map[string]bool{"3": true, "-3.5": true, "+.5": true, "4.": true, "0.25": true,
		"": false, "-": false, ".": false, "1.2.3": false, "1e3": false, "--3": false, "3a": false, "nan": false} {
		if got := cs188Number(s); got != want {
			t.Errorf("%q: %v, want %v", s, got, want)
		}
	}
}

// TestCS188Solution: a .solution file's action and generated states, and
// its errors.
func TestCS188Solution(t *testing.T) {
	sol, err := ParseCS188Solution("t.solution", "# a solution\naction: \"Left\"\ngenerated: \"a b c\"\n")
	if err != nil || sol.Action != "Left" || strings.Join(sol.Generated, " ") != "a b c" {
		t.Fatalf("%+v, %v", sol, err)
	}
	for text, want := range map[string]string{
		"action: \"Left\"\n":     "t.solution: no generated field",
		"generated: \"a\"\n":     "t.solution: no action field",
		"action: Left\n":         `t.solution:1: action: "Left" is not a quoted value`,
		"generated: \"\"\"\na\n": `t.solution:1: generated: the """ that starts here is never closed`,
	} {
		if _, err := ParseCS188Solution("t.solution", text); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}
