package cmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/match"
)

// runParsed runs a command made by its constructor (newSearchCmd, ...) with
// args, in-process and with buffers: its flags are parsed into its options
// struct, which the run function given (runSearch, ...) then runs, as the
// root command would. It returns what the command printed and the options
// its flags parsed into (nil when parsing failed).
func runParsed[O any](t *testing.T, construct func(*Streams, func(context.Context, *Streams, *O) error) *cobra.Command, runFn func(context.Context, *Streams, *O) error, args ...string) (result, *O) {
	t.Helper()
	var out, errOut bytes.Buffer
	s := &Streams{In: strings.NewReader(""), Out: &outWriter{w: &out}, Err: &errOut, colorMode: "never"}
	var parsed *O
	c := construct(s, func(ctx context.Context, s *Streams, o *O) error {
		parsed = o
		return runFn(ctx, s, o)
	})
	c.SilenceErrors, c.SilenceUsage = true, true
	c.SetArgs(args)
	c.SetOut(&out)
	c.SetErr(&errOut)
	err := c.ExecuteContext(context.Background())
	if err != nil {
		errOut.WriteString("prunescope: " + oneLine(err.Error()) + "\n")
	}
	return result{code: exitCode(err), stdout: out.String(), stderr: errOut.String()}, parsed
}

// techniqueCase is a technique, a search where it fires, and how a command
// line switches it on: in the spec (base+name) or by its flags (base and
// flags); extra flags go with it either way.
type techniqueCase struct {
	name   string   // as a spec names it
	input  []string // where it fires
	base   string   // the search without it
	flags  []string // the flags that switch it on
	extra  []string // its parameters, given with it both ways
	header []string // what the header says of it, a line each
}

// techniqueCases are every selective and iterative technique and +selective,
// on a toy tree made for it and on the built-in chess tactic at a small
// depth.
func techniqueCases() []techniqueCase {
	tactic := func(depth string) []string { return []string{"--fen", "tactic", "--depth", depth} }
	sel := []string{"+ null move R=", "+ reductions (", "+ futility margins", "+ razoring margins", "+ quiescence (", "+ extensions (", "+ late move reductions (", "+ late move pruning ("}
	cases := []techniqueCase{
		{name: "null-move", input: []string{"--tree", "nullmove"}, flags: []string{"--null-move"}, header: sel[0:1]},
		{name: "reductions", input: []string{"--tree", "reductions"}, flags: []string{"--reductions"}, header: sel[1:2]},
		{name: "futility", input: []string{"--tree", "futility"}, flags: []string{"--futility"}, header: sel[2:3]},
		{name: "razoring", input: []string{"--tree", "razoring"}, flags: []string{"--razoring"}, header: sel[3:4]},
		{name: "quiescence", input: []string{"--tree", "quiescence"}, flags: []string{"--quiescence"}, header: sel[4:5]},
		{name: "extensions", input: []string{"--tree", "extensions"}, flags: []string{"--extensions"}, header: sel[5:6]},
		{name: "lmr", input: []string{"--tree", "lmr"}, flags: []string{"--lmr"}, header: sel[6:7]},
		{name: "lmp", input: []string{"--tree", "lmr"}, flags: []string{"--lmp"}, extra: []string{"--lmp-counts", "1,1"}, header: []string{"+ late move pruning (at depth ≤ 3, quiet moves after the first 1,1,12"}},
		{name: "selective", input: []string{"--tree", "threat"}, flags: []string{"--selective"}, header: sel},
		{name: "tt", input: []string{"--tree", "transpositions"}, flags: []string{"--tt"}, header: []string{"+ transposition table ("}},
		{name: "iterative", input: []string{"--tree", "iterative"}, flags: []string{"--iterative"}, header: []string{"+ iterative deepening ("}},
		{name: "aspiration", input: []string{"--tree", "iterative"}, base: "alphabeta+iterative", flags: []string{"--aspiration", "35"}, header: []string{"+ aspiration windows (half-width 35"}},

		{name: "null-move", input: tactic("3"), flags: []string{"--null-move"}, extra: []string{"--null-min-ply", "1"}, header: sel[0:1]},
		{name: "reductions", input: tactic("3"), flags: []string{"--reductions"}, header: sel[1:2]},
		{name: "futility", input: tactic("3"), flags: []string{"--futility"}, extra: []string{"--futility-margins", "60,80"}, header: []string{"+ futility margins 60,80 by remaining depth 1..2"}},
		{name: "razoring", input: tactic("3"), flags: []string{"--razoring"}, header: sel[3:4]},
		{name: "quiescence", input: tactic("2"), flags: []string{"--quiescence"}, header: sel[4:5]},
		{name: "extensions", input: tactic("2"), flags: []string{"--extensions"}, header: sel[5:6]},
		{name: "lmr", input: tactic("3"), base: "alphabeta+order", flags: []string{"--lmr"}, header: sel[6:7]},
		{name: "lmp", input: tactic("3"), base: "alphabeta+order", flags: []string{"--lmp"}, header: sel[7:8]},
		{name: "selective", input: tactic("2"), flags: []string{"--selective"}, header: sel},
		{name: "tt", input: []string{"--fen", "kp-ending", "--depth", "5"}, flags: []string{"--tt"}, extra: []string{"--tt-mb", "2"}, header: []string{"+ transposition table (up to 2 MB)"}},
		{name: "order", input: tactic("3"), flags: []string{"--order", "all"}, header: []string{"+ move ordering: captures (most valuable victim first), killers, history"}},
		{name: "iterative", input: tactic("3"), base: "pvs", flags: []string{"--iterative"}, header: []string{"+ iterative deepening ("}},
		{name: "aspiration", input: tactic("3"), base: "alphabeta+iterative", flags: []string{"--aspiration", "35"}, header: []string{"+ aspiration windows (half-width 35"}},

		// Issue 21: reverse futility on PVS's null-window probes, internal
		// iterative deepening on a tree with evaluations, the check extension.
		{name: "rfp", input: []string{"--tree", "((3 12 8)[eval=5] (2 4 6)[eval=2] (14 5 2)[eval=6])[eval=5]"}, base: "pvs", flags: []string{"--rfp"}, header: []string{"+ reverse futility (static null move) margins 0,0,0,0,0,0"}},
		{name: "iid", input: []string{"--tree", "((((-4 -1)[eval=-2] (-9 2)[eval=-11])[eval=-5] ((2 -5)[eval=-4] (8 0)[eval=-1])[eval=0])[eval=-6] (((9 -2)[eval=-3] (-7 -1)[eval=-5])[eval=-1] ((6 -4)[eval=-6] (7 9)[eval=8])[eval=5])[eval=-3])[eval=-2]"}, flags: []string{"--iid"}, header: []string{"+ internal iterative deepening (depth ≥ 4"}},
		{name: "check-ext", input: []string{"--tree", "extensions"}, flags: []string{"--check-ext"}, header: []string{"+ check extension (+1; 2 per line)"}},
		{name: "rfp", input: tactic("3"), base: "pvs", flags: []string{"--rfp"}, extra: []string{"--rfp-depth", "2"}, header: []string{"+ reverse futility (static null move) margins 75,150 by remaining depth 1..2"}},
		{name: "iid", input: tactic("4"), base: "pvs", flags: []string{"--iid"}, extra: []string{"--iid-reduction", "1"}, header: []string{"+ internal iterative deepening (depth ≥ 4, searched first to depth-1"}},
		{name: "check-ext", input: tactic("2"), flags: []string{"--check-ext"}, extra: []string{"--check-ext-plies", "2"}, header: []string{"+ check extension (+2"}},
	}
	for i := range cases {
		if cases[i].base == "" {
			cases[i].base = "alphabeta"
		}
	}
	return cases
}

// the forms of a case: the technique named in the spec, switched on by its
// flags, and the search without it.
func (c techniqueCase) bySpec() (string, []string) {
	return c.base + "+" + c.name, append(append([]string(nil), c.input...), c.extra...)
}

func (c techniqueCase) byFlags() (string, []string) {
	return c.base, append(append(append([]string(nil), c.input...), c.flags...), c.extra...)
}

func (c techniqueCase) plain() (string, []string) { return c.base, c.input }

var countsLine = regexp.MustCompile(`(?m)^nodes \d+ · .*$`)

// TestTechniqueInEveryCommand runs every technique's spec through every
// command that searches (search, step, compare, diff, and render drawing a
// saved search) on a search where it fires: the header names it, the counts
// differ from the search without it, and --algo X+technique and --algo X
// --technique (--algos, diff's specs) are the same search, options and
// counts alike. search ignored +technique (and the header said nothing of
// it) while compare honoured it.
func TestTechniqueInEveryCommand(t *testing.T) {
	cases := techniqueCases()
	covered := map[string]bool{}
	for _, c := range cases {
		covered[c.name] = true
	}
	for _, n := range append(append(engine.TechniqueNames(), engine.IterativeTechniqueNames()...), "selective") {
		if !covered[n] {
			t.Errorf("technique %s has no case", n)
		}
	}
	for _, c := range cases {
		if testing.Short() && c.input[0] == "--fen" {
			continue
		}
		name := c.name + " on " + strings.Join(c.input, " ")
		t.Run(name, func(t *testing.T) {
			checkSearch(t, c)
			checkStep(t, c)
			checkCompare(t, c)
			checkDiff(t, c)
			checkRender(t, c)
		})
	}
}

// same fails unless the options of both forms are equal (their hooks aside).
func same(t *testing.T, what string, a, b engine.Options) {
	t.Helper()
	a.Progress, a.Pass, b.Progress, b.Pass = nil, nil, nil, nil
	if !reflect.DeepEqual(a, b) {
		t.Errorf("%s: the spec and the flags make different options:\n%+v\n%+v", what, a, b)
	}
}

// names fails unless out says every line of the header.
func names(t *testing.T, what, out string, header []string) {
	t.Helper()
	for _, h := range header {
		if !strings.Contains(out, "\n"+h) {
			t.Errorf("%s does not say %q:\n%s", what, h, out)
		}
	}
}

func checkSearch(t *testing.T, c techniqueCase) {
	var outs [3]result
	var opts [2]engine.Options
	for i, form := range []func() (string, []string){c.bySpec, c.byFlags, c.plain} {
		spec, args := form()
		r, o := runParsed(t, newSearchCmd, runSearch, append([]string{"--algo", spec, "--trace", "none"}, args...)...)
		if r.code != 0 || o == nil {
			t.Fatalf("search --algo %s %v: %s", spec, args, r)
		}
		outs[i] = r
		if i < 2 {
			_, opt, _, err := setup.Search(strings.NewReader(""), &o.input, &o.algo, &o.sel, &o.deep)
			if err != nil {
				t.Fatal(err)
			}
			opts[i] = opt
			names(t, "search --algo "+spec+" "+strings.Join(args, " "), r.stdout, c.header)
		}
	}
	same(t, "search", opts[0], opts[1])
	counts := func(r result) string { return countsLine.FindString(r.stdout) }
	if counts(outs[0]) == "" || outs[0].stdout != outs[1].stdout {
		t.Errorf("search: +%s and its flags print different searches:\n%s\n%s", c.name, outs[0].stdout, outs[1].stdout)
	}
	if counts(outs[0]) == counts(outs[2]) {
		t.Errorf("search: the counts with %s are those without: %s", c.name, counts(outs[2]))
	}
}

// stepCounts is the last step's counts: "nodes N · leaves ...".
var stepCounts = regexp.MustCompile(`nodes \d+ · [^\n]*\.\n`)

func checkStep(t *testing.T, c techniqueCase) {
	var last [3]string
	var opts [2]engine.Options
	for i, form := range []func() (string, []string){c.bySpec, c.byFlags, c.plain} {
		spec, args := form()
		// From past the last event: the header and the last step.
		r, o := runParsed(t, newStepCmd, runStep, append([]string{"--algo", spec, "--plain", "--from", "999999999"}, args...)...)
		if r.code != 0 || o == nil {
			t.Fatalf("step --algo %s %v: %s", spec, args, r)
		}
		if i < 2 {
			_, opt, _, err := setup.Search(strings.NewReader(""), &o.input.input, &o.input.algo, &o.input.sel, &o.input.deep)
			if err != nil {
				t.Fatal(err)
			}
			opts[i] = opt
			names(t, "step --algo "+spec+" "+strings.Join(args, " "), "\n"+r.stdout, c.header)
		}
		last[i] = stepCounts.FindString(r.stdout)
		if last[i] == "" {
			t.Fatalf("step: no counts in the last step:\n%s", r.stdout)
		}
	}
	same(t, "step", opts[0], opts[1])
	if last[0] != last[1] {
		t.Errorf("step: +%s and its flags step through different searches: %s, %s", c.name, last[0], last[1])
	}
	if last[0] == last[2] {
		t.Errorf("step: the counts with %s are those without: %s", c.name, last[2])
	}
}

func checkCompare(t *testing.T, c techniqueCase) {
	var rows [3][]map[string]any
	var opts [2][]engine.Options
	for i, form := range []func() (string, []string){c.bySpec, c.byFlags, c.plain} {
		spec, args := form()
		r, o := runParsed(t, newCompareCmd, runCompare, append([]string{"--algos", spec, "--json"}, args...)...)
		if r.code != 0 || o == nil {
			t.Fatalf("compare --algos %s %v: %s", spec, args, r)
		}
		if err := json.Unmarshal([]byte(r.stdout), &rows[i]); err != nil || len(rows[i]) != 1 {
			t.Fatalf("compare --json: %v:\n%s", err, r.stdout)
		}
		if i < 2 {
			in, err := o.input.Load(strings.NewReader(""))
			if err != nil {
				t.Fatal(err)
			}
			if opts[i], err = o.specs(in.Pos.Game(), spec); err != nil {
				t.Fatal(err)
			}
			if got := rows[i][0]["spec"].(string); !strings.Contains(got+"+", "+"+c.name+"+") && !(c.name == "selective" && strings.HasSuffix(got, "+selective")) {
				t.Errorf("compare --algos %s %v: the row is %s", spec, args, got)
			}
		}
	}
	same(t, "compare", opts[0][0], opts[1][0])
	if !reflect.DeepEqual(rows[0], rows[1]) {
		t.Errorf("compare: +%s and its flags compare different searches:\n%v\n%v", c.name, rows[0], rows[1])
	}
	delete(rows[0][0], "spec")
	delete(rows[2][0], "spec")
	if reflect.DeepEqual(rows[0], rows[2]) {
		t.Errorf("compare: the counts with %s are those without", c.name)
	}
}

// checkDiff: diff of the search with the technique against itself, the
// technique named in both specs or switched on for both by the flags, says
// the same (the technique named for each side, no difference), and against
// the search without it finds differences.
func checkDiff(t *testing.T, c techniqueCase) {
	spec, args := c.bySpec()
	base, flagged := c.byFlags()
	r1, _ := runParsed(t, newDiffCmd, runDiff, append([]string{spec, spec}, args...)...)
	r2, o := runParsed(t, newDiffCmd, runDiff, append([]string{base, base}, flagged...)...)
	if r1.code != 0 || r2.code != 0 || o == nil {
		t.Fatalf("diff: %s\n%s", r1, r2)
	}
	if r1.stdout != r2.stdout {
		t.Errorf("diff: +%s in the specs and its flags differ:\n%s\n%s", c.name, r1.stdout, r2.stdout)
	}
	names(t, "diff "+spec+" "+spec, strings.ReplaceAll(r1.stdout, "\n   + ", "\n+ "), c.header)
	if !strings.Contains(r1.stdout, "\nno differences:") {
		t.Errorf("diff of a search with itself finds differences:\n%s", r1.stdout)
	}
	in, err := o.input.Load(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	road := setup.Road{Algo: &o.conv, Sel: &o.sel, Deep: &o.deep}
	a, errA := road.Options("spec A", spec, in.Pos.Game())
	b, errB := road.Options("spec B", base, in.Pos.Game())
	if errA != nil || errB != nil {
		t.Fatal(errA, errB)
	}
	same(t, "diff", a, b)
	plainSpec, plainArgs := c.plain()
	r3, _ := runParsed(t, newDiffCmd, runDiff, append([]string{plainSpec, spec}, append(plainArgs, c.extra...)...)...)
	if r3.code != 0 || strings.Contains(r3.stdout, "\nno differences:") {
		t.Errorf("diff %s %s: no difference found:\n%s", plainSpec, spec, r3)
	}
}

// checkRender: the saved search, drawn, names the technique in its title,
// whichever way it was switched on.
func checkRender(t *testing.T, c techniqueCase) {
	var dots [2]string
	for i, form := range []func() (string, []string){c.bySpec, c.byFlags} {
		spec, args := form()
		saved, _ := runParsed(t, newSearchCmd, runSearch, append([]string{"--algo", spec, "--trace", "json"}, args...)...)
		if saved.code != 0 {
			t.Fatalf("search --trace json: %s", saved)
		}
		var out, errOut bytes.Buffer
		s := &Streams{In: strings.NewReader(saved.stdout), Out: &outWriter{w: &out}, Err: &errOut, colorMode: "never"}
		c := newRenderCmd(s, nil)
		c.SetArgs([]string{"-", "--dot", "-"})
		c.SilenceErrors, c.SilenceUsage = true, true
		if err := c.ExecuteContext(context.Background()); err != nil {
			t.Fatalf("render: %v", err)
		}
		dots[i] = out.String()
	}
	if dots[0] != dots[1] {
		t.Errorf("render: +%s and its flags draw different searches", c.name)
	}
	title := strings.ReplaceAll(dots[0], "<br/>", " ") // the title is wrapped at spaces
	for _, h := range c.header {
		if !strings.Contains(title, strings.ReplaceAll(h, "'", "&#39;")) {
			t.Errorf("render: the drawing's title does not say %q", h)
		}
	}
}

// TestFlagsContradictingTheSpec: a flag that switches off a technique the
// spec switches on, a convention flag every spec names otherwise, and a
// parameter for a technique no search uses are refused with one line naming
// the flag, exit 2, in every command; as are the quiz's specs with
// techniques (its questions are about the plain algorithms).
func TestFlagsContradictingTheSpec(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		prefix string
		want   string
	}{
		{[]string{"search", "--tree", "nullmove", "--algo", "alphabeta+null-move", "--null-move=false"}, "prunescope: --null-move=false: ", "alphabeta+null-move switches null-move on"},
		{[]string{"step", "--tree", "futility", "--algo", "alphabeta+selective", "--futility=false"}, "prunescope: --futility=false: ", "alphabeta+selective"},
		{[]string{"search", "--tree", "threat", "--algo", "alphabeta+selective", "--selective=false"}, "prunescope: --selective=false: ", "every selective technique"},
		{[]string{"compare", "--tree", "iterative", "--algos", "alphabeta,alphabeta+iterative", "--iterative=false"}, "prunescope: --iterative=false: ", "alphabeta+iterative"},
		{[]string{"diff", "alphabeta", "alphabeta+tt", "--tree", "transpositions", "--tt=false"}, "prunescope: --tt=false: ", "alphabeta+tt"},
		{[]string{"search", "--fen", "tactic", "--algo", "alphabeta+order", "--order", ""}, "prunescope: --order: ", "alphabeta+order switches order on"},
		{[]string{"search", "--tree", "aima", "--algo", "alphabeta:soft", "--fail", "hard"}, "prunescope: --fail hard: ", "alphabeta:soft names soft"},
		{[]string{"step", "--tree", "aima", "--algo", "alphabeta:gt", "--cutoff", "ge"}, "prunescope: --cutoff ge: ", "alphabeta:gt names gt"},
		{[]string{"compare", "--tree", "aima", "--algos", "alphabeta:soft,pvs:soft", "--fail", "hard"}, "prunescope: --fail hard: ", "no search takes its fail convention from it"},
		{[]string{"search", "--tree", "aima", "--algo", "mtdf", "--fail", "hard"}, "prunescope: --fail hard: ", "MTD(f) searches with fail-soft zero windows only"},
		{[]string{"quiz", "--tree", "aima", "--algo", "alphabeta:soft", "--fail", "hard", "--print"}, "prunescope: --fail hard: ", "alphabeta:soft names soft"},
		{[]string{"search", "--tree", "futility", "--futility-margins", "1,2"}, "prunescope: --futility-margins: ", "a parameter of futility, which is off"},
		{[]string{"compare", "--tree", "nullmove", "--algos", "alphabeta,pvs", "--null-r", "3"}, "prunescope: --null-r: ", "none of the searches switches on"},
		{[]string{"diff", "alphabeta", "pvs", "--tree", "iterative", "--aspiration-adaptive"}, "prunescope: --aspiration-adaptive: ", "add --aspiration (or +aspiration to a spec)"},
		{[]string{"search", "--tree", "transpositions", "--tt-mb", "2"}, "prunescope: --tt-mb: ", "add --tt (or +tt to the spec)"},
		{[]string{"search", "--tree", "aima", "--algo", "minimax", "--null-move"}, "prunescope: --algo: ", "the selective techniques"},
		{[]string{"compare", "--tree", "aima", "--algos", "minimax,alphabeta", "--tt"}, "prunescope: --algos: ", "the transposition table"},
	} {
		refused(t, strings.Join(tc.args, " "), run(t, "", tc.args...), tc.prefix, tc.want)
	}
	for _, name := range append(append(engine.TechniqueNames(), engine.IterativeTechniqueNames()...), "selective") {
		for _, args := range [][]string{
			{"quiz", "--tree", "aima", "--algo", "alphabeta+" + name, "--print"},
			{"quiz", "check", "--tree", "aima", "--algo", "alphabeta+" + name, "--answer", "value 3"},
		} {
			refused(t, strings.Join(args, " "), run(t, "", args...), "prunescope: --algo alphabeta+"+name+": ", "a quiz asks about the plain algorithms; leave out +")
		}
	}
	// What goes together is taken: a parameter with its technique named in
	// the spec, a parameter used by one of several searches, --fail as the
	// convention of the specs that name none, --selective with one left out.
	for _, args := range [][]string{
		{"search", "--tree", "futility", "--algo", "alphabeta+futility", "--futility-margins", "1,2", "--trace", "none"},
		{"compare", "--tree", "zugzwang", "--null-verify", "--algos", "alphabeta,alphabeta+null-move"},
		{"diff", "alphabeta", "alphabeta+null-move", "--tree", "nullmove", "--null-min-ply", "1"},
		{"compare", "--tree", "aima", "--algos", "alphabeta:soft,alphabeta", "--fail", "hard"},
		{"search", "--tree", "threat", "--algo", "alphabeta+null-move", "--selective", "--futility=false", "--trace", "none"},
		{"search", "--tree", "threat", "--null-move", "--null-threat", "--ext-limit", "3", "--trace", "none"},
		{"compare", "--tree", "aima", "--fail", "soft", "--cutoff", "gt"},
	} {
		if r := run(t, "", args...); r.code != 0 {
			t.Errorf("%s: %s", strings.Join(args, " "), r)
		}
	}
}

// TestCompareDefaultListFollowsConventions: without --algos, compare's list
// compares the conventions; --fail and --cutoff given narrow it to theirs
// (it compared the same seven searches, the flags dropped without a word).
func TestCompareDefaultListFollowsConventions(t *testing.T) {
	rowsOf := func(args ...string) []string {
		r := run(t, "", append([]string{"compare", "--json"}, args...)...)
		var rows []map[string]any
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rows) != nil {
			t.Fatalf("%v: %s", args, r)
		}
		var specs []string
		for _, row := range rows {
			specs = append(specs, row["spec"].(string))
		}
		return specs
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--tree", "wikipedia"}, []string{"minimax", "negamax", "branch-bound:ge", "alphabeta:hard:ge", "alphabeta:soft:ge", "alphabeta:hard:gt", "alphabeta:soft:gt"}},
		{[]string{"--tree", "wikipedia", "--fail", "soft"}, []string{"minimax", "negamax", "branch-bound:ge", "alphabeta:soft:ge", "alphabeta:soft:gt"}},
		{[]string{"--tree", "wikipedia", "--fail", "f2", "--cutoff", "gt"}, []string{"minimax", "negamax", "alphabeta:f2:gt"}},
		{[]string{"--tree", "wikipedia", "--cutoff", "gt"}, []string{"minimax", "negamax", "branch-bound:gt", "alphabeta:hard:gt", "alphabeta:soft:gt"}},
		{[]string{"--tree", "((3 12)[chance] (2 4)[chance])", "--bounds", "0,12", "--fail", "hard"}, []string{"expectimax", "star1:hard:ge", "star2:hard:ge"}},
	} {
		if got := rowsOf(tc.args...); !slices.Equal(got, tc.want) {
			t.Errorf("compare %v: %v, want %v", tc.args, got, tc.want)
		}
	}
	// The same list on the positions of an EPD file.
	epd := filepath.Join(t.TempDir(), "one.epd")
	if err := os.WriteFile(epd, []byte("6k1/pp1q1p1p/8/8/4N3/8/PP3PPP/6K1 w - - bm Nf6+; id \"tactic\";\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, "", "compare", "--epd", epd, "--depth", "2", "--fail", "soft")
	if r.code != 0 || !strings.Contains(r.stdout, "\nalphabeta:soft:gt ") || strings.Contains(r.stdout, "alphabeta:hard") {
		t.Errorf("compare --epd --fail soft: %s", r)
	}
}

// askedFor lists the techniques a command line asks for: named after a plus
// in --algo, --algos or diff's specs, or switched on by their flags.
func askedFor(args []string) []string {
	var out []string
	add := func(n string) {
		if n == "null" {
			n = "null-move"
		}
		if n == "qs" {
			n = "quiescence"
		}
		if n == "id" {
			n = "iterative"
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	for i, a := range args {
		spec := a
		if (a == "--algo" || a == "--algos") && i+1 < len(args) {
			spec = args[i+1]
		}
		for _, item := range strings.Split(spec, ",") {
			if _, rest, ok := strings.Cut(item, "+"); ok && !strings.HasPrefix(item, "-") && !strings.Contains(item, " ") {
				for _, n := range strings.Split(rest, "+") {
					add(n)
				}
			}
		}
		flag, value, hasValue := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !strings.HasPrefix(a, "--") || (hasValue && value == "false") {
			continue
		}
		switch flag {
		case "selective", "tt", "iterative", "aspiration", "order":
			add(flag)
		default:
			if slices.Contains(engine.TechniqueNames(), flag) {
				add(flag)
			}
		}
	}
	return out
}

// checkLessonTechniques checks a lesson's search or compare command line
// (args, fed stdin) against what it printed (out): every technique it asks
// for is on in the options the one road makes of it, and said in its output
// (a header line, or compare's rows).
func checkLessonTechniques(t *testing.T, line string, args []string, stdin, out string) {
	t.Helper()
	asked := askedFor(args)
	if len(asked) == 0 || len(args) == 0 {
		return
	}
	var specs []engine.Options
	var in *setup.Input
	switch args[0] {
	case "search":
		var o *searchOptions
		runParsed(t, newSearchCmd, func(_ context.Context, _ *Streams, p *searchOptions) error { o = p; return nil }, args[1:]...)
		if o == nil {
			t.Fatalf("%s: the flags do not parse", line)
		}
		var opt engine.Options
		var err error
		if in, opt, _, err = setup.Search(strings.NewReader(stdin), &o.input, &o.algo, &o.sel, &o.deep); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		specs = []engine.Options{opt}
	case "compare":
		var o *compareOptions
		runParsed(t, newCompareCmd, func(_ context.Context, _ *Streams, p *compareOptions) error { o = p; return nil }, args[1:]...)
		if o == nil {
			t.Fatalf("%s: the flags do not parse", line)
		}
		var err error
		if in, err = o.input.Load(strings.NewReader(stdin)); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if specs, err = o.specs(in.Pos.Game(), o.algos); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		for _, opt := range specs {
			for _, n := range opt.Techniques() {
				if !strings.Contains(out, "+"+n) && !strings.Contains(out, "+selective") {
					t.Errorf("%s: no row names +%s:\n%s", line, n, out)
				}
			}
		}
	case "match":
		var o *matchOptions
		runParsed(t, newMatchCmd, func(_ context.Context, _ *Streams, p *matchOptions) error { o = p; return nil }, args[1:]...)
		if o == nil {
			t.Fatalf("%s: the flags do not parse", line)
		}
		cfg, err := o.config()
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		specs = []engine.Options{cfg.A.Opt, cfg.B.Opt}
		for i, p := range []match.Player{cfg.A, cfg.B} {
			for _, n := range p.Opt.Techniques() {
				if !strings.Contains(out, fmt.Sprintf("%c: %s", 'A'+i, p.Name)) || !strings.Contains(p.Name, "+"+n) {
					t.Errorf("%s: the report does not name %s's +%s:\n%s", line, p.Name, n, out)
				}
			}
		}
	default:
		t.Fatalf("%s: lessons run no %s with techniques yet: check it here", line, args[0])
	}
	for _, n := range asked {
		on := false
		for _, opt := range specs {
			on = on || slices.Contains(opt.Techniques(), n) || (n == "selective" && opt.Sel.Any())
		}
		if !on {
			t.Errorf("%s: asks for %s, which the search does not use", line, n)
		}
	}
	if args[0] == "search" {
		info := engine.Describe(in.Pos, engine.Limits{}, specs[0])
		for _, o := range info.Options {
			if !strings.Contains(out, "+ "+o) {
				t.Errorf("%s: the output does not say %q:\n%s", line, "+ "+o, out)
			}
		}
	}
}
