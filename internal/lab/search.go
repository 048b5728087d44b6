package lab

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/explain"
	"github.com/prunescope/prunescope/trace/page"
)

// MaxSteps is the most steps the lab shows of one search, the projector
// page's default limit (page.DefaultMaxSteps): past it the lab refuses, as
// search --html does, and the page stays quick.
const MaxSteps = page.DefaultMaxSteps

// Flags are the lab's settings: the search command's own flags (package
// setup), so that the lab searches exactly as prunescope search does with
// them, refuses what it refuses in the same words, and the command it
// shows reproduces it. The tree is the lab's (the editor's text); --tree
// in the settings is refused.
type Flags struct {
	fs     *pflag.FlagSet
	input  setup.InputFlags
	algo   setup.AlgoFlags
	sel    setup.SelFlags
	deep   setup.DeepFlags
	ranges bool
	style  string
}

// NewFlags returns the lab's flags, unparsed.
func NewFlags() *Flags {
	f := &Flags{fs: pflag.NewFlagSet("search", pflag.ContinueOnError)}
	f.fs.SetOutput(io.Discard)
	f.input.Add(f.fs)
	f.algo.Add(f.fs)
	f.sel.Add(f.fs)
	f.deep.Add(f.fs, false)
	f.fs.BoolVar(&f.ranges, "ranges", false, "write the range [lo, hi] a node's value may take in the window's place, as AIMA (Figure 5.5) draws it")
	f.fs.StringVar(&f.style, "style", "default", "the drawing's look: default, projector or paper")
	return f
}

// inputFlags are the flags of search's input: the lab's tree is its own,
// and it searches no game.
var inputFlags = []string{"tree", "fen", "game", "board", "moves", "eval", "notation"}

// FlagSet is the flags, for a command that takes them itself (prunescope
// lab: its --tree and the settings).
func (f *Flags) FlagSet() *pflag.FlagSet { return f.fs }

// Parse reads the settings (the words of a command line after "prunescope
// search", without --tree).
func (f *Flags) Parse(args []string) error {
	if err := f.fs.Parse(args); err != nil {
		return setup.BadInputf("%v (see 'prunescope search --help')", err) // as the command line says it
	}
	if rest := f.fs.Args(); len(rest) > 0 {
		return setup.BadInputf("unexpected argument %q: the settings are flags (--algo alphabeta --fail soft …)", rest[0])
	}
	if f.fs.Changed("tree") {
		return setup.BadInputf("--tree: the lab searches the tree it shows: type it in the tree's box")
	}
	return f.Check()
}

// Check refuses what the lab cannot search: a game (the lab searches toy
// trees), an unknown style.
func (f *Flags) Check() error {
	for _, name := range inputFlags[1:] {
		if f.fs.Changed(name) {
			return setup.BadInputf("--%s: the lab searches toy trees; for chess and tic-tac-toe use prunescope search --html", name)
		}
	}
	switch f.style {
	case "default", "projector", "paper":
	default:
		return setup.BadInputf("--style: %q is not default, projector or paper", f.style)
	}
	return nil
}

// Words are the settings given in fs (a command's flags, the lab's or
// search's) that the lab takes, as words of a command line: each flag
// given, but the input's (--tree), as --name VALUE (a switch --name, or
// --name=false), in the order of the flags' names.
func Words(fs *pflag.FlagSet) []string {
	var out []string
	NewFlags().fs.VisitAll(func(lf *pflag.Flag) {
		if slices.Contains(inputFlags, lf.Name) {
			return
		}
		f := fs.Lookup(lf.Name)
		if f == nil || !f.Changed {
			return
		}
		out = append(out, setup.FlagWords(f)...)
	})
	return out
}

// Result is what the lab shows of one search: the page's content (the
// steps' data and the drawing, as the projector page shows them), the
// search's result in words, the tree as it was read, and the command that
// makes the same search.
type Result struct {
	// Error is the one line prunescope prints for bad input (without the
	// program's name); the rest is empty then.
	Error string `json:"error,omitempty"`
	Title string `json:"title,omitempty"`
	Algo  string `json:"algo,omitempty"`
	Input string `json:"input,omitempty"`
	// Data is the steps (the player's JSON), SVG the drawing.
	Data json.RawMessage `json:"data,omitempty"`
	SVG  string          `json:"svg,omitempty"`
	// Summary is what the search found, in the lines prunescope search
	// prints at its end (explain.SummaryLines).
	Summary []string `json:"summary,omitempty"`
	// Tree is the tree searched in the canonical text form, Args the
	// settings as given.
	Tree string   `json:"tree,omitempty"`
	Args []string `json:"args,omitempty"`
	// Command is the prunescope command that makes this search.
	Command string `json:"command,omitempty"`
	run     *run
}

// Trace is the search's JSON Lines trace (not sent to the page: the tests
// hold it to the brute-force oracle, internal/truth); nil after an error.
func (r *Result) Trace() []byte {
	if r.run == nil {
		return nil
	}
	return r.run.trace()
}

// Search searches the tree (text, or a built-in tree's name) with the
// settings args (search's flags) and builds what the page shows of it.
// Bad input gives a Result whose Error says what is wrong, in the words
// prunescope search uses, in the language of ctx.
func Search(ctx context.Context, treeText string, args []string) *Result {
	r, err := search(ctx, treeText, args)
	if err != nil {
		return &Result{Error: i18n.For(i18n.FromContext(ctx)).Error(err), Args: args}
	}
	return r
}

func search(ctx context.Context, treeText string, args []string) (*Result, error) {
	r, err := rerun(ctx, treeText, args)
	if err != nil {
		return nil, err
	}
	lang := string(i18n.FromContext(ctx)) // the page's (Call) or the command's
	info := engine.Describe(r.in.Pos, r.lim, r.opt)
	info.Lang = lang
	c, err := page.Make(ctx, r.player, "the search", r.rec,
		page.Options{Draw: r.draw, MaxSteps: MaxSteps, Lang: lang})
	var many *page.TooManySteps
	if errors.As(err, &many) {
		return nil, setup.BadInputf("the lab shows at most %d steps of a search, and this one has more (%d): make the tree smaller", MaxSteps, many.Steps)
	}
	if err != nil {
		return nil, setup.Failed(err)
	}
	out := &Result{
		Title: c.Title, Algo: c.Algo, Input: c.Input, Data: c.Data, SVG: c.SVG,
		Summary: explain.SummaryLines(info, r.res.Summary()),
		Tree:    tree.Format(r.in.Tree), Args: args, run: r,
	}
	out.Command = Command(out.Tree, args)
	return out, nil
}

// Command is the prunescope command that searches tree with the settings
// args, quoted for a POSIX shell.
func Command(treeText string, args []string) string {
	words := append([]string{"prunescope", "search", "--tree", treeText}, args...)
	for i, w := range words {
		words[i] = shellWord(w)
	}
	return strings.Join(words, " ")
}

// shellWord quotes a word for a POSIX shell when it needs it.
func shellWord(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/+=:@%") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// Tree is --tree as given ("" when not given).
func (f *Flags) Tree() string { return f.input.Tree }

// HideGames hides the flags of the games' input from a command's help (the
// lab searches toy trees: given, they are refused).
func (f *Flags) HideGames() {
	for _, name := range inputFlags[1:] {
		f.fs.MarkHidden(name)
	}
}
