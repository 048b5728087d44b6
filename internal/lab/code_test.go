package lab

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/i18n/i18ntest"
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

// codeEnglish are English words of the Code tab's own prose (titles,
// comments, notes and the words beside the variables): none may be left
// in Russian or Czech. The pseudocode's code stays as it is.
var codeEnglish = regexp.MustCompile(`\b(the|is|at|of|for|and|to|in|its|returns|value|values|searched|again|view|move|step|line|lines|search|window|bound|best|written|function|cut|chance|lab|pseudocode|has|every|clamped|outside|not|it|can|do|better|most|least|side|sides|negatives|when|reaches|yet|over|runs)\b`)

// numbers are the numbers and node names of a text ("3", "-2", "2.1").
var numbers = regexp.MustCompile(`-?\d+(\.\d+)*`)

// codeParts splits a line of pseudocode into its code and its comment
// ("   -- …" or "   ✂ (…)"), "" when it has none.
func codeParts(s string) (code, comment string) {
	for _, sep := range []string{"   -- ", "   ✂ ("} {
		if i := strings.Index(s, sep); i >= 0 {
			return s[:i], s[i:]
		}
	}
	return s, ""
}

// TestCodeLang: the Code tab asked in Russian and in Czech (the page's
// language, in the call's context) has the same code, the same lines lit
// and the same variables as in English, with its title, comments, notes
// and the words beside the variables in the language: no English prose
// left, and every number and node name of the English text in the
// translated one.
func TestCodeLang(t *testing.T) {
	chance := "(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])"
	cases := []struct {
		tree string
		args []string
	}{
		{"aima", nil}, {"aima", []string{"--fail", "soft"}}, {"aima", []string{"--fail", "f2", "--cutoff", "gt"}},
		{"aima", []string{"--algo", "pvs"}}, {"aima", []string{"--algo", "pvs", "--fail", "f2"}},
		{"aima", []string{"--algo", "minimax"}}, {"aima", []string{"--algo", "negamax"}},
		{"aima", []string{"--algo", "branch-bound"}}, {"aima", []string{"--algo", "mtdf", "--tt"}},
		{"aima", []string{"--algo", "pvs", "--tt"}},
		{chance, []string{"--algo", "expectimax"}},
		{chance, []string{"--algo", "star1", "--bounds", "-2,2"}}, {chance, []string{"--algo", "star1", "--bounds", "-2,2", "--fail", "soft"}},
	}
	// A step's event, by its name in the trace's format, and F1's variable
	// bound: code.
	kind := regexp.MustCompile(`\(\w+ (в узле|v uzlu) |[≥>] bound\b`)
	for _, c := range cases {
		name := c.tree + " " + strings.Join(c.args, " ")
		en, err := CodeOf(context.Background(), c.tree, c.args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, l := range []i18n.Lang{i18n.Ru, i18n.Cs} {
			got, err := CodeOf(i18n.WithLang(context.Background(), l), c.tree, c.args)
			if err != nil {
				t.Fatalf("%s in %s: %v", name, l, err)
			}
			prose := func(what, en, s string) {
				t.Helper()
				if m := codeEnglish.FindAllString(kind.ReplaceAllString(s, "("), -1); len(m) > 0 {
					t.Errorf("%s in %s: the %s has English words %q: %q", name, l, what, m, s)
				}
				if s == en && codeEnglish.MatchString(en) {
					t.Errorf("%s in %s: the %s is English's: %q", name, l, what, s)
				}
				for _, n := range numbers.FindAllString(en, -1) {
					if !strings.Contains(i18ntest.Prose(s), n) { // 1,5 is 1.5 in Russian and Czech
						t.Errorf("%s in %s: the %s %q lacks the English's %s (%q)", name, l, what, s, n, en)
					}
				}
			}
			// The techniques' descriptions (trace.Info.Options) are the
			// engine's, English in every output so far.
			r, err := rerun(context.Background(), c.tree, c.args)
			if err != nil {
				t.Fatal(err)
			}
			opts := strings.Join(r.rec.Info.Options, ", ")
			if opts != "" && len(got.Lines) > 0 && !strings.Contains(got.Title, opts) {
				t.Errorf("%s in %s: the title %q lacks the techniques %q", name, l, got.Title, opts)
			}
			prose("title", strings.Replace(en.Title, opts, "", 1), strings.Replace(got.Title, opts, "", 1))
			if len(got.Lines) != len(en.Lines) || len(got.Steps) != len(en.Steps) {
				t.Fatalf("%s in %s: %d lines, %d steps; English %d, %d", name, l, len(got.Lines), len(got.Steps), len(en.Lines), len(en.Steps))
			}
			for i, line := range got.Lines {
				e := en.Lines[i]
				ec, ecom := codeParts(e.Text)
				gc, gcom := codeParts(line.Text)
				switch {
				case line.Indent != e.Indent || line.Role != e.Role:
					t.Errorf("%s in %s: line %d is %+v, English %+v", name, l, i, line, e)
				case ecom != "" || (e.Role == roleOther && e.Indent == 0 && !strings.Contains(e.Text, "←")):
					// A comment, or a note below the code: prose.
					if gc != ec && ecom != "" {
						t.Errorf("%s in %s: line %d's code %q, English %q", name, l, i, gc, ec)
					}
					prose("line "+strconv.Itoa(i), ecom+strings.TrimPrefix(e.Text, ec), gcom+strings.TrimPrefix(line.Text, gc))
				case gc != ec:
					t.Errorf("%s in %s: line %d's code %q, English %q", name, l, i, gc, ec)
				}
			}
			for i, s := range got.Steps {
				e := en.Steps[i]
				if s.Line != e.Line || len(s.Vars) != len(e.Vars) || (s.Note == "") != (e.Note == "") {
					t.Errorf("%s in %s: step %d is %+v, English %+v", name, l, i, s, e)
					continue
				}
				prose(fmt.Sprintf("step %d's note", i), e.Note, s.Note)
				for j, v := range s.Vars {
					if i18ntest.Prose(v) == e.Vars[j] {
						continue // "α = 3", "node = 2.1", "α = 1,5" (1.5 as the language writes it): code
					}
					prose(fmt.Sprintf("step %d's variable", i), e.Vars[j], v)
				}
			}
		}
	}
}
