package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/score"
	"github.com/prunescope/prunescope/lessons/quiz"
	"github.com/prunescope/prunescope/lessons/student"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

type checkOptions struct {
	path   string
	tree   string
	fen    string
	moves  string
	game   string
	board  string
	root   string
	order  string
	bounds string
	depth  int
	json   bool
	algo   setup.AlgoFlags
	html   string // --html FILE: checkpage.go
}

// newCheckCmd makes the check command; runF runs it (nil: runCheck).
func newCheckCmd(s *Streams, runF func(context.Context, *Streams, *checkOptions) error) *cobra.Command {
	if runF == nil {
		runF = runCheck
	}
	o := &checkOptions{}
	c := &cobra.Command{
		Use:   "check TRACE (--tree TREE | --fen FEN --depth N | --game tictactoe) [--algo ALGO] [flags]",
		Short: "Compare the trace of your own search with prunescope's, and find where it goes wrong",
		Long: `Compare the trace a search of your own wrote (TRACE, JSON Lines, - for
stdin) with prunescope's search of the same toy tree or chess position,
node event by node event, and say where they part: the step, the node, what the reference search
does there in the trace's sentence (the cutoff that prunes the node your
search entered, the value a node returns and why), and what yours did.

Your trace is one event a line, in the order your search made them:

  {"ev": "enter", "node": "2.1"}
  {"ev": "leaf", "node": "2.1", "value": 3}
  {"ev": "exit", "node": "2", "value": 3}

A node is named by its path (2.1: the first child of the root's second child;
root for the root) or by its name in the tree; in chess (--fen, --depth) by
its moves from the position, SAN or UCI, space-separated ("e4 e5", "e2e4
e7e5"; root for the position), its values in centipawns, MAX the side to
move in the position; in tic-tac-toe (--game tictactoe, --board) by its
moves' labels ("X5 O1"), searched to the end of the game. Values are MAX's view; a first
line {"values": "mover"} says they are the side to move's (negamax). A leaf's
enter may be left out. An enter may give the node's window ("alpha", "beta",
in the values' view), which is compared too; a bound beyond the game's
values counts as infinite. Other events (cutoffs) are left aside, so a
trace prunescope writes (search --trace json) is such a trace too.

When your search is not the one asked for but another prunescope knows, event
for event (minimax, branch and bound, alpha-beta under the other fail or
cutoff convention, the children taken in the other order, the search one ply
shallower or deeper; on toy trees a search with a program's mistake: α and
β never passed on, a MIN node passing (β, α) on, PVS taking a failed-high
probe for the value, a table keeping bounds as exact; on chance trees a
chance node taken for MIN or MAX, its probabilities left out, its ply
counted twice or not at all), check says which, and names the mistake that
explains it.

Mistakes check names:
` + mistakeList() + `

--algo takes alphabeta, minimax, branch-bound, pvs, with +tt (a
transposition table); on trees with chance nodes expectimax, star1 and
star2 (--bounds LO,HI, default the tree's least and greatest value).

Exit status: 0 when the two searches are the same, 1 when they part, 2 on bad
input (a line that is not an event, a node the tree does not have), so that a
grader can call it.`,
		Example: `  # your alpha-beta's trace on AIMA's tree
  prunescope check mine.jsonl --tree aima

  # as CS188's autograder searches (fail-soft, no pruning on ties)
  prunescope check mine.jsonl --tree aima --fail soft --cutoff gt

  # a CS188 test file as the tree, your minimax
  prunescope check mine.jsonl --tree 1-1-minmax.test --algo minimax

  # your expectimax on a tree with chance nodes; your PVS with a table
  prunescope check mine.jsonl --tree '((3 5)[chance] (2 8)[chance])' --algo expectimax
  prunescope check mine.jsonl --tree transpositions --algo pvs+tt

  # your chess engine's alpha-beta, two plies from a position
  prunescope check mine.jsonl --fen kiwipete --depth 2

  # your tic-tac-toe search from a position
  prunescope check mine.jsonl --game tictactoe --board "xo./x.o/..."`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return badInputf("check: give one trace to check (a file, or - for stdin)")
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			o.path = args[0]
			return runF(c.Context(), s, o)
		},
	}
	fs := c.Flags()
	fs.StringVar(&o.tree, "tree", "", "the toy tree your search searched: a built-in name (aima, wikipedia, ...), a file (a CS188 game tree test too), or tree text")
	fs.StringVar(&o.fen, "fen", "", "the chess position your search searched: a FEN or a built-in name (start, kiwipete, tactic, ...), with --depth; your trace names a node by its moves from it, SAN or UCI, space-separated (\"e4 e5\"), values in centipawns")
	fs.StringVar(&o.game, "game", "", "tictactoe: your search searched tic-tac-toe, to the end of the game; your trace names a node by its moves' labels from the board, space-separated (\"X5 O1\")")
	fs.StringVar(&o.board, "board", "", "with --game tictactoe: the position to start from, 3 rows of x, o and . separated by / (x.o/.x./..o; default: the empty board)")
	fs.StringVar(&o.moves, "moves", "", "with --fen: moves played from the position first (SAN or UCI, space-separated)")
	fs.StringVar(&o.root, "root", "", "player to move at the root: max or min (default: as the tree says, else max)")
	fs.StringVar(&o.order, "order-children", "ltr", "the order the reference search takes each node's children in: ltr (as written) or rtl")
	fs.StringVar(&o.bounds, "bounds", "", "star1, star2: LO,HI, the least and greatest value any leaf may take, which chance nodes are pruned with (default: the tree's least and greatest value)")
	fs.BoolVar(&o.json, "json", false, "print the verdict as JSON, for graders (the exit status is the same)")
	fs.IntVar(&o.depth, "depth", 0, "plies the reference search goes (default: the tree's [depth=N], else its height)")
	o.algo.Add(fs)
	fs.Lookup("algo").Usage = "the search your program makes: alphabeta, minimax, branch-bound or pvs, with +tt; expectimax, star1 or star2 on chance trees"
	addCheckHTML(c, &o.html)
	return c
}

func runCheck(ctx context.Context, s *Streams, o *checkOptions) error {
	given := 0
	for _, v := range []string{o.tree, o.fen, o.game} {
		if v != "" {
			given++
		}
	}
	if given != 1 {
		return badInputf("check: give one of --tree (the toy tree your search searched), --fen (the chess position) or --game tictactoe")
	}
	if o.board != "" && o.game == "" {
		return badInputf("--board: with --game tictactoe only")
	}
	if o.game != "" {
		if o.game != "tictactoe" {
			return badInputf("--game: %q is not tictactoe", o.game)
		}
		if o.root != "" || o.order != "ltr" || o.moves != "" || o.depth != 0 {
			return badInputf("check --game tictactoe: searched to the end of the game, from --board: leave out --root, --order-children, --moves and --depth")
		}
	} else if o.fen != "" {
		for _, f := range []struct {
			name, v string
		}{{"--root", o.root}, {"--order-children", map[bool]string{true: "", false: o.order}[o.order == "ltr"]}} {
			if f.v != "" {
				return badInputf("%s: for toy trees (--tree), not with --fen", f.name)
			}
		}
		if o.depth == 0 {
			return badInputf("check --fen: give --depth, the plies your search went")
		}
	} else if o.moves != "" {
		return badInputf("--moves: with --fen only")
	}
	opt, err := o.algo.Options(engine.Game{})
	if err != nil {
		return err
	}
	if err := o.algo.CheckConventions([]string{o.algo.Algo()}, []engine.Options{opt}); err != nil {
		return err
	}
	if err := checkable(o.algo.Algo(), opt); err != nil {
		return err
	}
	if !o.json { // the reference's sentences in the language chosen; for graders, English
		opt.Lang = string(s.printer().Lang())
	}
	rtl := false
	switch o.order {
	case "ltr":
	case "rtl":
		rtl = true
	default:
		return badInputf("--order-children: %q is not ltr or rtl", o.order)
	}
	if o.path == "-" && o.tree == "-" {
		return badInputf("check: the trace and the tree cannot both come from stdin")
	}
	// The input the student's search searched: as step and render read a
	// student's trace of it (studentGame).
	var flags *setup.InputFlags
	var loaded *setup.Input
	switch {
	case o.game != "":
		flags = &setup.InputFlags{Game: o.game, Board: o.board, Depth: -1, Notation: "san", Eval: "pst"}
		loaded, err = flags.Load(s.In)
	case o.fen != "":
		flags = &setup.InputFlags{FEN: o.fen, Moves: o.moves, Depth: o.depth, Eval: "pst", Notation: "san"}
		loaded, err = flags.Load(s.In)
	default:
		flags = &setup.InputFlags{Tree: o.tree, Root: o.root}
		if loaded, err = flags.LoadTree(s.In); err == nil && loaded.Tree == nil {
			err = badInputf("check: --tree: not a toy tree")
		}
	}
	if err != nil {
		return err
	}
	game, depth, err := studentGame(flags, loaded)
	if err != nil {
		return err
	}
	tr := loaded.Tree
	if tr != nil {
		if err := starBounds(&opt, tr, o.bounds); err != nil {
			return err
		}
	}
	if o.bounds != "" && tr == nil {
		return badInputf("--bounds: for toy trees with chance nodes (--tree), with --algo star1 or star2")
	}
	if o.depth > 0 {
		depth = o.depth
	}
	if o.depth < 0 {
		return badInputf("--depth: %d is negative", o.depth)
	}
	var f *os.File
	name := o.path
	if o.path == "-" {
		name = "stdin"
	} else if f, err = os.Open(o.path); err != nil {
		return badInput("", err)
	}
	var yours []student.Step
	if f != nil {
		defer f.Close()
		yours, err = student.ReadGame(f, name, game)
	} else {
		yours, err = student.ReadGame(s.In, name, game)
	}
	if err != nil {
		return badInput("", err)
	}
	ref, err := student.ReferenceGame(ctx, game, opt, depth, rtl)
	if err != nil {
		if ctx.Err() != nil {
			return failed(err)
		}
		return badInput("", err) // a search the engine refuses: the flags' mistake
	}
	p := s.printer()
	if !o.json {
		ref.P = p // the verdict's words in the language chosen (the JSON's stay English)
	}
	r := student.Compare(ref, yours)
	asked := ref.Spec
	if rtl {
		asked += p.T("check.rtl")
	}
	w := s.Out
	var others []student.Match
	if !r.Same {
		if others, err = student.OthersGame(ctx, game, tr, ref, depth, yours); err != nil {
			return failed(err)
		}
	}
	if err := writeCheckPage(ctx, s, o.html, name, game, ref, yours, r, depth); err != nil {
		return err
	}
	if o.json {
		if err := writeCheckJSON(s, name, ref, rtl, r, others); err != nil {
			return err
		}
		if r.Same {
			return nil
		}
		spec := i18n.Phrase{En: ref.Spec}
		if rtl {
			spec = i18n.Phrase{En: ref.Spec + ", children right to left", In: func(p *i18n.Printer) string { return ref.Spec + p.T("check.rtl") }}
		}
		return failed(i18n.Errorf("%s is not %s", name, spec))
	}
	if r.Same {
		fmt.Fprintln(w, p.N("check.same", int64(r.Steps), "Trace", name, "Search", asked, "Value", p.Decimal(ref.Info.Format(ref.Value))))
		return nil
	}
	fmt.Fprintln(w, p.N("check.parts", int64(r.Steps), "Trace", name, "Search", asked, "At", r.At+1))
	fmt.Fprintln(w, p.T("check.reference", "Said", r.Said))
	fmt.Fprintln(w, p.T("check.yours", "Yours", yoursIn(p, ref, r.Yours)))
	for _, m := range others {
		what := matchWords(p, m)
		if m.RTL {
			what += p.T("check.rtl")
		}
		if m.Spec == "alphabeta:soft:gt" && !m.RTL {
			what += p.T("check.cs188")
		}
		if m.Mistake != nil {
			fmt.Fprintln(w, p.T("check.is.mistake", "Search", what, "Name", mistakeName(p, m.Mistake), "ID", m.Mistake.ID))
		} else {
			fmt.Fprintln(w, p.T("check.is", "Search", what))
		}
	}
	if len(others) == 0 {
		fmt.Fprintln(w, p.T("check.none"))
	}
	return failed(i18n.Errorf("%s", p.T("check.not", "Trace", name, "Search", asked)))
}

// matchWords says which search m is, in p's language: its spec, or the
// spec and the change its bug makes to it.
func matchWords(p *i18n.Printer, m student.Match) string {
	words := map[string]string{
		"depth":            p.T("check.variant.depth", "Spec", m.Base, "Arg", m.Arg),
		"not-passed":       p.T("check.variant.not-passed", "Spec", m.Base),
		"swapped":          p.T("check.variant.swapped", "Spec", m.Base),
		"exact-table":      p.T("check.variant.exact-table", "Spec", m.Base),
		"no-research":      p.T("check.variant.no-research", "Spec", m.Base),
		"chance-as":        p.T("check.variant.chance-as", "Spec", m.Base, "Arg", m.Arg),
		"unweighted":       p.T("check.variant.unweighted", "Spec", m.Base),
		"chance-twice":     p.T("check.variant.chance-twice", "Spec", m.Base),
		"chance-uncounted": p.T("check.variant.chance-uncounted", "Spec", m.Base),
	}
	if w, ok := words[m.Variant]; ok {
		return w
	}
	return m.Spec
}

// mistakeName is a mistake's name in p's language (its id stays).
func mistakeName(p *i18n.Printer, m *quiz.Misconception) string {
	if s, ok := p.Translation("mistake." + m.ID); ok {
		return s
	}
	return m.Name
}

// mistakeList lists the mistakes check names, for the help text.
func mistakeList() string { return listMisconceptions(student.Mistakes(), 30) }

// checkable refuses a search check cannot compare: one with a technique
// other than the transposition table, whose decisions a student's program
// makes as its own heuristics would (an evaluation, a margin), not as the
// textbook's rule.
func checkable(algo string, opt engine.Options) error {
	var other []string
	for _, t := range opt.Techniques() {
		if t != "tt" {
			other = append(other, t)
		}
	}
	if len(other) > 0 {
		return badInputf("--algo %s: check compares the textbook's searches, with a transposition table (+tt) at most; leave out +%s", algo, strings.Join(other, ", +"))
	}
	switch opt.Algo {
	case engine.AlphaBeta, engine.Minimax, engine.BranchBound, engine.PVS, engine.Expectimax, engine.Star1, engine.Star2:
		return nil
	}
	return badInputf("--algo: check compares alphabeta, minimax, branch-bound, pvs, expectimax, star1 and star2 searches, not %s", opt.Algo)
}

// starBounds gives Ballard's Star1 and Star2 the bounds on every value of
// tr they prune chance nodes with: bounds as --bounds writes them, else the
// tree's least and greatest value.
func starBounds(opt *engine.Options, tr *tree.Tree, bounds string) error {
	if bounds == "" {
		if opt.Algo.Star() {
			lo, hi := tree.NewPosition(tr).ValueRange()
			opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
		}
		return nil
	}
	if !opt.Algo.Star() {
		return badInputf("--bounds: with --algo star1 or star2, whose chance nodes prune with them")
	}
	lo, hi, err := score.ParseSpan(bounds, max(tr.Scale, 1), false)
	if err != nil {
		return badInputf("--bounds: %v", err)
	}
	opt.Bounds = engine.Bounds{Lo: lo, Hi: hi, On: true}
	return nil
}

// checkJSON is check's verdict for machines.
type checkJSON struct {
	Trace     string      `json:"trace"`
	Search    string      `json:"search"` // the reference: a spec
	RTL       bool        `json:"rtl,omitempty"`
	Same      bool        `json:"same"`
	Steps     int         `json:"steps"`        // the steps alike
	At        int         `json:"at,omitempty"` // the first step that differs, from 1
	Reference string      `json:"reference,omitempty"`
	Yours     string      `json:"yours,omitempty"`
	Line      int         `json:"line,omitempty"` // the student's line at the step
	Matches   []matchJSON `json:"matches,omitempty"`
	Value     string      `json:"value,omitempty"` // when same: the root's value, as the trace writes it
}

type matchJSON struct {
	Search  string `json:"search"`
	RTL     bool   `json:"rtl,omitempty"`
	Mistake string `json:"mistake,omitempty"` // its id: window-not-passed, ...
	Name    string `json:"name,omitempty"`
}

func writeCheckJSON(s *Streams, name string, ref *student.Search, rtl bool, r student.Report, others []student.Match) error {
	out := checkJSON{Trace: name, Search: ref.Spec, RTL: rtl, Same: r.Same, Steps: r.Steps}
	if r.Same {
		out.Value = ref.Info.Format(ref.Value)
	} else {
		out.At, out.Reference, out.Yours = r.At+1, r.Said, yoursWords(ref, r.Yours)
		if r.Yours != nil {
			out.Line = r.Yours.Line
		}
	}
	for _, m := range others {
		mj := matchJSON{Search: m.Spec, RTL: m.RTL}
		if m.Mistake != nil {
			mj.Mistake, mj.Name = m.Mistake.ID, m.Mistake.Name
		}
		out.Matches = append(out.Matches, mj)
	}
	enc := json.NewEncoder(s.Out)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return failed(err)
	}
	return nil
}

// yoursWords says what the student's step was, in English (the JSON
// verdict, the page).
func yoursWords(ref *student.Search, st *student.Step) string {
	return yoursIn(i18n.For(i18n.En), ref, st)
}

// nodeName is a node's name in p's language: its path, or the root.
func nodeName(p *i18n.Printer, path string) string {
	return explain.NodeNameIn(&trace.Info{Lang: string(p.Lang())}, path)
}

// inLang is in with p's language: its values and windows as p's language
// writes a decimal (3,5; (0,5; 1,25)).
func inLang(p *i18n.Printer, in *trace.Info) *trace.Info {
	c := *in
	c.Lang = string(p.Lang())
	return &c
}

// yoursIn says what the student's step was, in p's language.
func yoursIn(p *i18n.Printer, ref *student.Search, st *student.Step) string {
	switch {
	case st == nil:
		return p.T("check.yours.end")
	case st.Exit:
		return p.T("check.yours.returns", "Node", nodeName(p, st.Key), "Value", p.Decimal(ref.Info.Format(st.Value)), "Line", st.Line)
	}
	root := st.Key == ""
	switch {
	case st.Window && root:
		return p.T("check.yours.window.root", "Window", explain.Edges(inLang(p, ref.Info), st.Alpha, st.Beta), "Line", st.Line)
	case st.Window:
		return p.T("check.yours.window", "Node", st.Key, "Window", explain.Edges(inLang(p, ref.Info), st.Alpha, st.Beta), "Line", st.Line)
	case root:
		return p.T("check.yours.enters.root", "Line", st.Line)
	}
	return p.T("check.yours.enters", "Node", st.Key, "Line", st.Line)
}
