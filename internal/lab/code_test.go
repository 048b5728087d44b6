package lab

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/step"
)

// TestCodeLines: for every step of random searches of each algorithm and
// convention with a pseudocode, the line the Code tab lights exists and
// does what the step's event does (an enter: the function's first line; a
// leaf: the evaluation; a cutoff: the cut line; a PVS re-search: the
// re-search line; a return: a line that returns), in the function of the
// side to move; and the value the pseudocode returns there, worked out
// from its variables as the player knows them before the step (fail-hard
// returns the bound at a closed window, else its own edge; fail-soft its
// best; F2 its m), is the value the engine returned.
func TestCodeLines(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 15
	}
	ctx := context.Background()
	algos := [][]string{nil, {"--fail", "soft"}, {"--fail", "f2"}, {"--cutoff", "gt"}, {"--fail", "soft", "--cutoff", "gt"},
		{"--fail", "f2", "--cutoff", "gt"}, {"--algo", "pvs"}, {"--algo", "pvs", "--fail", "soft"}, {"--algo", "pvs", "--fail", "f2"},
		{"--algo", "minimax"}, {"--order-children", "rtl", "--fail", "soft"}, {"--window", "2,7"},
		{"--algo", "negamax"}, {"--algo", "branch-bound"}, {"--algo", "branch-bound", "--cutoff", "gt"}}
	lit := map[string]int{}
	for i, c := range inspectCases(t, n) {
		args := algos[i%len(algos)]
		name := c.tree + " " + strings.Join(args, " ")
		code, err := CodeOf(ctx, c.tree, args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err := rerun(ctx, c.tree, args)
		if err != nil {
			t.Fatal(err)
		}
		in := r.rec.Info
		prog := programOf(in)
		if prog == nil || len(code.Lines) == 0 {
			t.Fatalf("%s: no pseudocode", name)
		}
		for _, l := range code.Lines {
			if !utf8.ValidString(l.Text) || strings.Contains(l.Text, "\uFFFD") {
				t.Errorf("%s: the line %q is not whole text", name, l.Text)
			}
		}
		p, err := step.Open(bytes.NewReader(r.trace()), "trace")
		if err != nil {
			t.Fatal(err)
		}
		for s := 1; ; s++ {
			var top *step.Frame
			if st := p.State(); len(st.Stack) > 0 {
				f := st.Stack[len(st.Stack)-1]
				top = &f
			}
			ok, err := p.Next()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if s != len(code.Steps) {
					t.Errorf("%s: %d steps, the code has %d", name, s-1, len(code.Steps)-1)
				}
				break
			}
			cs := code.Steps[s]
			evs := p.Events()
			e := evs[0]
			want := ""
			switch e.Kind {
			case trace.Enter:
				want = roleFunc
				if len(evs) > 1 && evs[1].Kind == trace.Leaf {
					want = roleLeaf
				}
			case trace.Cutoff:
				want = roleCut
			case trace.Exit:
				want = roleReturn
			case trace.Research:
				want = roleResearch
			}
			if want == "" {
				if cs.Line >= 0 || cs.Note == "" {
					t.Errorf("%s: step %d (%s) lights line %d, note %q", name, s, e.Kind, cs.Line, cs.Note)
				}
				continue
			}
			if cs.Line < 0 || cs.Line >= len(code.Lines) {
				t.Fatalf("%s: step %d (%s): line %d of %d", name, s, e.Kind, cs.Line, len(code.Lines))
			}
			l := code.Lines[cs.Line]
			if !strings.Contains("+"+l.Role+"+", "+"+want+"+") {
				t.Errorf("%s: step %d (%s at %s) lights %q, a %q line", name, s, e.Kind, e.Path, l.Text, l.Role)
			}
			if fn := prog.at[prog.side(e)][roleFunc]; cs.Line < fn || (nextFunc(code.Lines, fn) > 0 && cs.Line >= nextFunc(code.Lines, fn)) {
				t.Errorf("%s: step %d (%s at %s, %s to move) lights %q, in another function", name, s, e.Kind, e.Path, sideOf(e), l.Text)
			}
			lit[l.Role]++
			if e.Kind != trace.Exit || top == nil || top.Node != e.Node || top.Leaf || e.Chance {
				continue
			}
			live := top.Live(in)
			// The line that returns: fail-hard's cut line once its window
			// is closed (the code returns there), else the return line.
			if atCut := returnsAtCut(prog, prog.side(e)) && live.Closed; atCut != (l.Role == roleCut+"+"+roleReturn) {
				t.Errorf("%s: step %d: %s returns with its window closed %v, at %q", name, s, e.Path, live.Closed, l.Text)
			}
			if !strings.Contains(strings.Join(cs.Vars, ", "), "returns ") {
				t.Errorf("%s: step %d: the return's variables %q", name, s, cs.Vars)
			}
			if !live.HasBest {
				continue
			}
			var v int64
			switch {
			case in.Algo == "minimax" || in.Algo == "negamax" || in.Algo == "branch-bound" || in.Fail == "soft":
				v = live.Best
			case in.Fail == "f2":
				v = bestOf(prog, live)
			case live.Closed && live.Max:
				v = top.Beta
			case live.Closed:
				v = top.Alpha
			case live.Max:
				v = live.Alpha
			default:
				v = live.Beta
			}
			if v != e.Value {
				t.Errorf("%s: step %d: %s returns %s by the pseudocode (%q), the engine %s", name, s, e.Path, in.Format(v), l.Text, in.Format(e.Value))
			}
		}
	}
	for _, role := range []string{roleFunc, roleLeaf, roleCut, roleReturn, roleCut + "+" + roleReturn, roleResearch} {
		if lit[role] == 0 {
			t.Errorf("no step lit a %q line", role)
		}
	}
}

// nextFunc is the first line of the function after the one at fn (0: none).
func nextFunc(lines []CodeLine, fn int) int {
	for i := fn + 1; i < len(lines); i++ {
		if lines[i].Role == roleFunc {
			return i
		}
	}
	return 0
}

// TestCodeAIMA: on the AIMA tree, fail-hard, the cut step lights the cut
// line "if β ≤ α then return α" of MIN-VALUE with α 3 and β 2 beside it,
// and the root's return lights MAX-VALUE's return line.
func TestCodeAIMA(t *testing.T) {
	code, err := CodeOf(context.Background(), "aima", nil)
	if err != nil {
		t.Fatal(err)
	}
	cut := code.Steps[9]
	if l := code.Lines[cut.Line]; !strings.HasPrefix(l.Text, "if β ≤ α then return α") || strings.Join(cut.Vars, ", ") != "node = 2, c = 2.1, v = 2, α = 3, β = 2" {
		t.Errorf("the cut step: %q with %q", l.Text, cut.Vars)
	}
	ret := code.Steps[16]
	if l := code.Lines[ret.Line]; !strings.HasPrefix(l.Text, "return α") || ret.Line > 7 || !strings.Contains(strings.Join(ret.Vars, ", "), "returns 3") {
		t.Errorf("the root's return: %q with %q", l.Text, ret.Vars)
	}
	if c, err := CodeOf(context.Background(), "aima", []string{"--algo", "mtdf"}); err != nil || c.Lines != nil || !strings.Contains(c.Title, "no pseudocode") {
		t.Errorf("mtdf: %+v, %v", c, err)
	}
}

// TestCodeStar1: on trees with chance nodes searched by Star1 (fail-hard
// and fail-soft; Star1 cuts on ties only), every step that enters, evaluates, cuts
// or returns lights a line that does so in the function of its node's
// kind (MAX, MIN, chance), a chance node's cut the line of its side (at
// most α, at least β, as the engine's bound says), and its return after a
// cut that same line; and the bounds and the window are beside the chance
// node's first line.
func TestCodeStar1(t *testing.T) {
	ctx := context.Background()
	trees := []struct{ tree, bounds, lu string }{
		{"(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "-2,2", "L = -2, U = 2"},
		{"(((3 -1)[chance] (2 4)[chance]) ((0 1)[chance] (-2 2)[chance]))", "-2,4", "L = -2, U = 4"},
		{"((4[p=0.25] 0[p=0.75])[chance] (1 (2 -2)[chance]) (-1 3)[chance])", "-2,4", "L = -2, U = 4"},
		{"(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])", "-4,4", "L = -4, U = 4"},
		{"((-1 0)[chance] (2 2)[chance])[min]", "-2,2", "L = -2, U = 2"},
	}
	cuts, high := 0, 0
	for _, c := range trees {
		tree := c.tree
		for _, conv := range [][]string{{"--fail", "hard"}, {"--fail", "soft"}} {
			args := append([]string{"--algo", "star1", "--bounds", c.bounds}, conv...)
			name := tree + " " + strings.Join(args, " ")
			code, err := CodeOf(ctx, tree, args)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			r, err := rerun(ctx, tree, args)
			if err != nil {
				t.Fatal(err)
			}
			prog := programOf(r.rec.Info)
			if prog == nil || !strings.HasPrefix(code.Title, "Star1") {
				t.Fatalf("%s: no Star1 pseudocode (%q)", name, code.Title)
			}
			p, err := step.Open(bytes.NewReader(r.trace()), "trace")
			if err != nil {
				t.Fatal(err)
			}
			for s := 1; ; s++ {
				ok, err := p.Next()
				if err != nil {
					t.Fatal(err)
				}
				if !ok {
					break
				}
				cs := code.Steps[s]
				e := p.Events()[0]
				want := ""
				switch e.Kind {
				case trace.Enter:
					want = roleFunc
					if evs := p.Events(); len(evs) > 1 && evs[1].Kind == trace.Leaf {
						want = roleLeaf
					}
				case trace.Cutoff:
					want = roleCut
				case trace.ChanceCut:
					// The side the cut is on, from the engine's own interval:
					// its lower end at or above β, or its upper end at or
					// below α.
					want = roleCutLow
					if e.Lower >= e.Beta {
						want = roleCutHigh
						high++
					}
					cuts++
				case trace.Exit:
					want = roleReturn
				}
				if want == "" {
					continue
				}
				if cs.Line < 0 {
					t.Fatalf("%s: step %d (%s at %s) lights no line: %s", name, s, e.Kind, e.Path, cs.Note)
				}
				l := code.Lines[cs.Line]
				if !strings.Contains("+"+l.Role+"+", "+"+want+"+") {
					t.Errorf("%s: step %d (%s at %s) lights %q, a %q line", name, s, e.Kind, e.Path, l.Text, l.Role)
				}
				if fn := prog.at[sideOf(e)][roleFunc]; cs.Line < fn || (nextFunc(code.Lines, fn) > 0 && cs.Line >= nextFunc(code.Lines, fn)) {
					t.Errorf("%s: step %d (%s at %s) lights %q, in another function", name, s, e.Kind, e.Path, l.Text)
				}
				if e.Kind == trace.Exit && e.Chance && e.Bound != score.Exact && l.Role != chanceCutRole(e)+"+"+roleReturn {
					t.Errorf("%s: step %d: the cut chance node %s returns at %q", name, s, e.Path, l.Text)
				}
				if e.Kind == trace.Enter && e.Chance && !strings.Contains(strings.Join(cs.Vars, ", "), c.lu) {
					t.Errorf("%s: step %d: the chance node's variables %q", name, s, cs.Vars)
				}
			}
		}
	}
	if cuts == 0 || high == 0 || high == cuts {
		t.Errorf("%d chance cuts, %d of them at or above β: the test checks both cut lines only with both", cuts, high)
	}
}
