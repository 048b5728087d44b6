package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/fatih/color"
	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons/student"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/diff"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/overview"
	"github.com/prunescope/prunescope/trace/page"
)

type diffOptions struct {
	specs    [2]string // A and B
	input    setup.InputFlags
	conv     setup.AlgoFlags
	sel      setup.SelFlags
	deep     setup.DeepFlags
	draw     job.DrawFlags
	page     job.PageFlags
	over     job.OverviewFlags
	pass     int
	maxDiffs int
	json     bool
}

// defaultMaxDiffs is how many differences the text lists unless asked: a
// screenful, enough for any homework tree.
const defaultMaxDiffs = 40

// newDiffCmd makes the diff command; runF runs it (nil: runDiff).
func newDiffCmd(s *Streams, runF func(context.Context, *Streams, *diffOptions) error) *cobra.Command {
	if runF == nil {
		runF = runDiff
	}
	o := &diffOptions{}
	c := &cobra.Command{
		Use:   "diff SPEC_A SPEC_B (--tree TREE | --fen FEN | --game tictactoe) [flags]",
		Short: "Search one input two ways and show what changes, node by node",
		Long: `Search the same input under two specs, A and B, and show what changes
between the two searches, node by node: parts of the tree only one of them
searched, and where both searched a node, a different value or bound, window,
depth, cutoff, or decision of a selective technique (null move, razoring,
quiescence, the transposition table, futility, re-searches).

A spec is written as in compare --algos: an algorithm, its conventions after
colons (alphabeta:hard:ge, alphabeta:soft:gt) and techniques after pluses
(alphabeta+null-move, pvs+tt+order+iterative). Conventions not given come from
--fail and --cutoff, the techniques' parameters from their flags; a technique
switched on by a flag is on in both, and a flag that contradicts a spec is
refused, as in compare.

A spec that names a file (or -, standard input) is a trace, read instead of
searched: prunescope's own (search --trace json), or one of your own search
(the minimal trace check reads, docs/trace-format.md), shown as it tells
it: its nodes and their values (its windows, bounds and cutoffs it does not
tell, and they are not compared).

Nodes are matched by path: a toy tree's node names, the moves from the root in
chess and tic-tac-toe. A move searched again from the same node (a re-search)
is matched visit by visit, and its second visit is named "(pass 2)". Of a
search with several root searches (iterations, aspiration or MTD(f) passes)
the last is compared, and the output says so; --iteration and --pass choose
another. Values and windows are from MAX's point of view.

Markers: − searched by A only, + by B only (a part only one search visited is
one line, with the number of nodes below it), ≠ value or bound, ↔ window,
✂ cutoff, ↕ depth, Ø null move, ⇣ razoring, ≈ quiescence, ≡ transposition
table, × futility, ↻ re-search.

--dot, --svg and --png draw the union of the two searched trees: nodes only A
searched tinted orange with a dashed outline, only B tinted sky blue with a
dotted one, nodes both searched differently with a thick reddish purple
outline and both values ("A ≤3 · B ≤2"); with --style paper, greys and the
same outlines.

--overview FILE draws both whole searches side by side as icicle charts (see
search --help), A left and B right, to one scale: a node is as wide on both
sides, so the narrower chart is the search that did less work. It draws
searches of any size: when one is too big to compare node by node, the
charts are drawn all the same, with a note instead of the list.

--html FILE writes one page with the projector pages of both searches side
by side (see step --html), each tree fitted whole to its half and the
differences marked on their nodes in the half that searched them, by a
dotted ring and a badge: ≠ with both searches' values, ✂ A only or B only
for a cutoff only one made, + A only or B only for a part only one searched,
the markers above on the side that did it for the other techniques (a window
or a depth has the ring alone). Keys pressed above the sides step both (f
puts the whole page in full screen, z makes both follow their current node,
enlarged, or not), keys pressed after clicking into one side step that side
alone; d and Shift+D jump to the next and previous difference (both sides
at the step where it shows, its node highlighted, the caption saying what
differs). The address ends in #a=N&b=M, where each side is (#step=N opens
both at step N, &diff=K at difference K).`,
		Example: `  # fail-hard with cutoffs on ties against fail-soft without (2.1.2.2 is searched by B only)
  prunescope diff alphabeta:hard:ge alphabeta:soft:gt --tree wikipedia

  # the same nodes, but bounds instead of clamped values
  prunescope diff alphabeta:hard alphabeta:soft --tree aima

  # drawn, with the differences highlighted
  prunescope diff alphabeta:hard:ge alphabeta:soft:gt --tree wikipedia --png diff.png

  # what the null move changes in a chess search, the first 20 differences
  prunescope diff alphabeta alphabeta+null-move --fen tactic --depth 4 --null-min-ply 1 --max-diffs 20

  # your own search's trace beside prunescope's alpha-beta, as a page
  prunescope diff mine.jsonl alphabeta --tree aima --html diff.html

  # alpha-beta against principal variation search, for a script
  prunescope diff alphabeta:soft pvs --tree wikipedia --json

  # the null move and the other selective techniques against plain alpha-beta, whole, side by side
  prunescope diff alphabeta alphabeta+selective --fen start --depth 5 --overview start5.svg

  # move ordering on and off, below one move
  prunescope diff alphabeta alphabeta+order --fen start --moves "e4 e5" --depth 3 --focus Nf3`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 2 {
				return badInputf("diff: %s: name two specs, A and B, e.g. prunescope diff alphabeta:hard:ge alphabeta:soft:gt --tree wikipedia", specsGiven(len(args)))
			}
			return nil
		},
		RunE: func(c *cobra.Command, args []string) error {
			o.specs = [2]string{args[0], args[1]}
			return runF(c.Context(), s, o)
		},
	}
	fs := c.Flags()
	o.input.Add(fs)
	o.conv.AddConventions(fs)
	o.sel.Add(fs)
	o.deep.Add(fs, false)
	fs.IntVar(&o.maxDiffs, "max-diffs", defaultMaxDiffs, "list at most this many differences (0: all); the totals count them all")
	fs.BoolVar(&o.json, "json", false, "print the two summaries, the totals and every difference as JSON")
	fs.IntVar(&o.pass, "pass", 0, "compare this pass of the root within the iteration (aspiration windows, MTD(f); 0: the last)")
	o.draw.Add(fs)
	o.page.Add(fs, "both searches, side by side")
	o.over.Add(fs, "both whole searches, side by side to one scale,")
	fs.Lookup("iteration").Usage = "compare this iteration of an iterative search (0: the last completed); a search that is not iterative is compared whole"
	fs.Lookup("dot").Usage = "write both searched trees as one, the differences highlighted, as Graphviz DOT to `FILE` (- for standard output: the report then goes to standard error)"
	fs.Lookup("svg").Usage = "draw both searched trees as one, the differences highlighted, as SVG into `FILE` (- for standard output)"
	fs.Lookup("png").Usage = "draw both searched trees as one, the differences highlighted, as PNG into `FILE` (- for standard output)"
	fs.Lookup("focus").Usage = "list and draw only the differences at and below this node: a toy-tree node name such as 2.1, or moves from the root such as \"Nf3 Nc6\""
	return c
}

func runDiff(ctx context.Context, s *Streams, o *diffOptions) error {
	specA, specB := o.specs[0], o.specs[1]
	if _, err := o.conv.Defaults(); err != nil {
		return err
	}
	if err := o.draw.Check(); err != nil {
		return err
	}
	if o.draw.Ranges {
		return badInputf("--ranges: diff's pictures compare values, not ranges; draw each search with search --ranges")
	}
	if err := o.page.Check(); err != nil {
		return err
	}
	if o.page.File != "" && !o.draw.Wanted() {
		if err := o.draw.CheckPageOnly(); err != nil {
			return err
		}
	}
	if err := o.over.Check(); err != nil {
		return err
	}
	if err := setup.CheckInt("pass", o.pass, 0); err != nil {
		return err
	}
	if err := setup.CheckInt("max-diffs", o.maxDiffs, 0); err != nil {
		return err
	}
	picture := o.draw.ToStdout()
	if picture == "" {
		picture = o.over.ToStdout()
	}
	if picture != "" && o.json {
		return badInputf("--%s -: standard output carries the JSON; write the picture to a file", picture)
	}
	in, err := o.input.Load(s.In)
	if err != nil {
		return err
	}
	road := setup.Road{Algo: &o.conv, Sel: &o.sel, Deep: &o.deep}
	g := in.Pos.Game()
	var opts [2]engine.Options
	// A spec that names a trace file (or -) is that trace: prunescope's
	// own, or a student's read with the input given.
	var sides [2]*job.TraceSide
	var specs []string
	var searched []engine.Options
	if specA == "-" && specB == "-" {
		return badInputf("diff: only one trace can come from stdin")
	}
	for i, spec := range []string{specA, specB} {
		if isTraceArg(spec) {
			t, err := openTrace(spec, s, true, func(string) (student.Game, int, error) {
				if err := chessDepthGiven(&o.input); err != nil {
					return nil, 0, err
				}
				return studentGame(&o.input, in)
			})
			if err != nil {
				return err
			}
			defer t.Close()
			size, err := t.Size()
			if err != nil {
				return err
			}
			f := t.F
			sides[i] = &job.TraceSide{Open: func() io.Reader { return io.NewSectionReader(f, 0, size) }, Name: t.Name, Spec: spec}
			continue
		}
		if opts[i], err = road.OptionsAt(specWords(i), spec, g); err != nil {
			return err
		}
		if err := in.CheckIterations(opts[i]); err != nil {
			return err
		}
		specs, searched = append(specs, spec), append(searched, opts[i])
	}
	if err := road.CheckUsed(g, specs, searched); err != nil {
		return err
	}
	lim := engine.Limits{Depth: in.Depth}
	if err := o.draw.CheckIteration(lim, searched...); err != nil {
		return err
	}
	if err := in.CheckFocus(o.draw.Focus); err != nil {
		return err
	}

	var scratch [2]*pageScratch
	var traces [2]io.Writer
	for i := range scratch {
		if scratch[i], err = newPageScratch(&o.page); err != nil {
			return err
		}
		if scratch[i] != nil {
			defer scratch[i].cleanup()
			traces[i] = scratch[i].trace
		}
	}
	var sums [2]*overview.Builder
	var hooks [2]*trace.Hooks
	for i := range sums {
		if sums[i] = o.over.Builder(); sums[i] != nil {
			hooks[i] = sums[i].Hooks()
		}
	}
	res, err := job.Diff(ctx, in, opts, sides, o.draw.Iteration, o.pass, recordLimit, traces, hooks)
	names := [2]string{opts[0].Spec(), opts[1].Spec()}
	for i, side := range sides {
		if side != nil {
			names[i] = side.Spec
		}
	}
	var big *job.TooBigError
	if errors.As(err, &big) && o.over.Wanted() && !o.draw.Wanted() && o.page.File == "" && !o.json {
		// Too big to compare node by node, never too big to draw whole.
		chart, err := o.over.DrawPair(sums[0], sums[1], names[0], names[1])
		if err != nil {
			return err
		}
		fmt.Fprintf(s.Err, "prunescope: %s\n", s.printer().T("note.diff.toobig", "Name", big.Name, "Spec", big.Spec, "Limit", big.Limit))
		return writeOutput(s, o.over.File, chart)
	}
	if err != nil {
		return err
	}
	var chart []byte
	if o.over.Wanted() {
		if chart, err = o.over.DrawPair(sums[0], sums[1], names[0], names[1]); err != nil {
			return err
		}
	}
	var top *diff.Node
	if o.draw.Focus != "" {
		if top, err = res.Focus(o.draw.Focus); err != nil {
			return badInput("--focus", err)
		}
	}

	// Lay the picture out before printing anything.
	var pic *job.Drawing
	if o.draw.Wanted() {
		if pic, err = o.draw.BuildDiff(res); err != nil {
			return err
		}
	}
	// A picture written to standard output is alone there.
	report := s.Out
	if picture != "" {
		report = s.Err
	}
	if o.json {
		err = diff.WriteJSON(report, res, top)
	} else {
		err = diff.WriteText(report, res, diffScheme(s.colorOn(report)), diff.TextOptions{
			Top: top, Max: o.maxDiffs,
			More:   s.printer().T("diff.more.flag"),
			Choose: s.printer().T("diff.choose.flag"),
		})
	}
	if err != nil {
		return failed(err)
	}
	if pic != nil {
		if err := writeDrawing(ctx, s, &o.draw, pic); err != nil {
			return err
		}
	}
	if chart != nil {
		if err := writeOutput(s, o.over.File, chart); err != nil {
			return err
		}
	}
	if o.page.File == "" {
		return nil
	}
	// Both sides are built before the page is written: a refused one
	// leaves no file.
	var pages [2][]byte
	words, sideA, sideB := page.Diffs(res, top)
	for i, sc := range scratch {
		in, err := sc.input("search " + "AB"[i:i+1])
		if err != nil {
			return err
		}
		in.RecordLimit = recordLimit
		in.Diff = sideA
		if i == 1 {
			in.Diff = sideB
		}
		if pages[i], err = o.page.BuildPage(job.PastInterrupt(ctx), o.draw.Look, o.draw.Focus, in); err != nil {
			return err
		}
	}
	pair := page.PairNames{A: specA, B: specB, ConvA: res.A.Conventions, ConvB: res.B.Conventions, Input: explain.InputLine(res.A.Info())}
	html, err := page.Pair(pages[0], pages[1], pair, words)
	if err != nil {
		return failed(err)
	}
	if err := writeFileAtomic(o.page.File, html); err != nil {
		return failed(err)
	}
	wrote(s, o.page.File)
	return nil
}

// specWords names spec A (i 0) or B in errors, in the language: "spec A:
// unknown algorithm", "спецификация A: …", "specifikace A: …".
func specWords(i int) i18n.Phrase {
	if i == 0 {
		return i18n.Phrase{En: "spec A", In: func(p *i18n.Printer) string { return p.T("diff.spec.a") }}
	}
	return i18n.Phrase{En: "spec B", In: func(p *i18n.Printer) string { return p.T("diff.spec.b") }}
}

// specsGiven says how many specs diff was given, in the language: "3 specs
// given", "указано 3 спецификации", "zadány 3 specifikace".
func specsGiven(n int) i18n.Phrase {
	return i18n.Phrase{En: plural(int64(n), "spec", "specs") + " given", In: func(p *i18n.Printer) string { return p.N("diff.specs.given", int64(n)) }}
}

// isTraceArg reports whether a spec of diff names a trace: standard input
// (-) or a file that exists; everything else is a spec.
func isTraceArg(spec string) bool {
	if spec == "-" {
		return true
	}
	st, err := os.Stat(spec)
	return err == nil && !st.IsDir()
}

// diffScheme colours the diff as git does: A's side red, B's green.
func diffScheme(on bool) diff.Scheme {
	if !on {
		return diff.Plain()
	}
	f := func(attrs ...color.Attribute) func(string) string {
		c := color.New(attrs...)
		c.EnableColor() // decided by the caller, not by fatih/color's globals
		return func(s string) string { return c.Sprint(s) }
	}
	return diff.Scheme{
		A:    f(color.FgRed),
		B:    f(color.FgGreen),
		Mark: f(color.FgYellow, color.Bold),
		Head: f(color.Bold),
		Dim:  f(color.Faint),
		Note: f(color.FgBlue),
	}
}
