package job

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/record"
)

// maxPageSteps is the most steps --html-max-steps allows: past it the page
// is too big to open quickly.
const maxPageSteps = 200_000

// PageTraceLimit bounds the JSON Lines trace kept to build a page (a
// variable so that tests can lower it); past it the search goes on but the
// page is refused: it would hold far more steps than a page can.
var PageTraceLimit int64 = 256 << 20

// PageFlags ask for the projector page: --html FILE and its step limit.
type PageFlags struct {
	File     string
	MaxSteps int
}

// Add wires the flags; what says what the page replays ("the search", "each
// scenario's search").
func (f *PageFlags) Add(fs *pflag.FlagSet, what string) {
	fs.StringVar(&f.File, "html", "", "write a self-contained HTML page to `FILE` that replays "+what+" step by step, with the window on every node and its live α or β beside it (keys, buttons, #step=N links; no network needed)")
	fs.IntVar(&f.MaxSteps, "html-max-steps", page.DefaultMaxSteps, "with --html: refuse a page of more than `N` steps (at most 200000)")
}

// Check validates the flags before any work is done (the file is checked
// by cmd, with the other outputs).
func (f *PageFlags) Check() error {
	if f.File == "" {
		return nil
	}
	if f.File == "-" {
		return setup.BadInputf("--html: give a file name: the page is written whole to a file, not to standard output")
	}
	return setup.CheckRange("html-max-steps", f.MaxSteps, 1, maxPageSteps)
}

// PageTrace keeps the JSON Lines trace a page is built from, up to
// PageTraceLimit bytes: past it, it drops the rest and Full says so.
type PageTrace struct {
	W    io.Writer
	n    int64
	Full bool
}

func (t *PageTrace) Write(b []byte) (int, error) {
	if t.Full {
		return len(b), nil
	}
	if t.n+int64(len(b)) > PageTraceLimit {
		t.Full = true
		return len(b), nil
	}
	t.n += int64(len(b))
	return t.W.Write(b)
}

// PageInput is the trace a page replays and which part of it.
type PageInput struct {
	Open func() io.ReadSeeker // the trace from its start, for each reader
	Name string               // names the trace in errors
	// From is the trace's step the page starts at (from 1; 0 as 1), Steps
	// the most steps it shows (0: to the end).
	From, Steps int
	// Full says the trace was cut at PageTraceLimit: the page is refused.
	Full bool
	// RecordLimit bounds the nodes recorded for the layout.
	RecordLimit int64
	// Diff makes the page a side of diff's page: the differences it marks
	// (nil: a page of its own).
	Diff *page.DiffSide
}

// PageTooLong is the refusal of a page over --html-max-steps, an input
// error (lesson run notes it and goes on). When the trace was played to the
// end, Parts are the subtrees whose pages (--focus) show it instead, Steps
// the steps it has and Max the limit: the command can then say the very
// commands that make those pages (OfferParts).
type PageTooLong struct {
	msg        error
	Parts      []page.Part
	Steps, Max int
}

func (e *PageTooLong) Error() string { return e.msg.Error() }

// TranslateError is Error in p's language.
func (e *PageTooLong) TranslateError(p *i18n.Printer) string { return p.Error(e.msg) }

// tooMany is the refusal of a page over --html-max-steps; why says how it
// is known.
func (f *PageFlags) tooMany(why string) error {
	return &setup.InputError{Err: f.tooLong(why)}
}

func (f *PageFlags) tooLong(why string) *PageTooLong {
	return &PageTooLong{msg: i18n.Errorf("--html: %smore than --html-max-steps %d steps to show: show one subtree with --focus (e.g. --focus 2.1, --focus \"e4 e5\"), a part with prunescope step --html FILE --from EVENT --steps N, search less deep, or raise --html-max-steps",
		why, f.MaxSteps)}
}

// tooManyParts is the refusal of a page over --html-max-steps with the
// subtrees that can be paged instead (plain tooMany when they cannot be
// found).
func (f *PageFlags) tooManyParts(ctx context.Context, rec *record.Recording, focus string, in PageInput) error {
	parts, steps, err := page.Parts(ctx, in.Open, in.Name, rec, focus, f.MaxSteps)
	if err != nil {
		if ctx.Err() != nil {
			return setup.Failed(ctx.Err())
		}
		return f.tooMany("")
	}
	e := f.tooLong("")
	e.Parts, e.Steps, e.Max = parts, steps, f.MaxSteps
	return &setup.InputError{Err: e}
}

// BuildPage builds the page of a trace, laid out as look says (focus: only
// that subtree drawn, and only the steps of its visit; "" for the whole
// search). Nothing is written here:
// over the step limit it refuses before any file is made.
func (f *PageFlags) BuildPage(ctx context.Context, look Look, focus string, in PageInput) ([]byte, error) {
	if in.Full {
		return nil, f.tooMany(fmt.Sprintf("the trace passed %d MiB, ", PageTraceLimit>>20))
	}
	rec, err := ReadRecording(ctx, in.Open(), in.Name, in.RecordLimit, focus)
	if err != nil {
		return nil, err
	}
	if rec.Root == nil {
		return nil, setup.BadInputf("%s: the trace has no searched nodes to show", in.Name)
	}
	opt := page.Options{Draw: look.Options(), From: in.From, Steps: in.Steps, MaxSteps: f.MaxSteps, Diff: in.Diff}
	opt.Draw.Focus = focus
	if rec.Info != nil && rec.Info.Game == "chess" {
		opt.Boards, err = chessBoards(rec.Info.Input)
		if err != nil {
			return nil, err
		}
	}
	html, err := page.Build(ctx, in.Open, in.Name, rec, opt)
	var many *page.TooManySteps
	var fe *dot.FocusError
	switch {
	case errors.As(err, &many):
		return nil, f.tooManyParts(ctx, rec, focus, in)
	case errors.As(err, &fe):
		return nil, setup.BadInput("--focus", err)
	case err != nil:
		return nil, setup.Failed(err)
	}
	return html, nil
}

// chessBoards gives the position at each node of a chess search from the
// input its trace names (a FEN, or a built-in position's name and the moves
// played after it), replaying the moves of the node's path.
func chessBoards(input string) (func(path string) (page.Board, error), error) {
	fen, moves, _ := strings.Cut(input, " after ")
	start, _, err := setup.ChessBoard(fen, moves)
	if err != nil {
		return nil, setup.BadInputf("the trace's chess input %q: %v", input, err)
	}
	startFEN := start.FEN()
	return func(path string) (page.Board, error) {
		b, err := chess.ParseFEN(startFEN)
		if err != nil {
			return page.Board{}, err
		}
		var out page.Board
		for _, mv := range strings.Fields(path) {
			if mv == trace.PassMove {
				b.MakeNull()
				out.From, out.To = "", ""
				continue
			}
			m, err := b.ParseMove(mv)
			if err != nil {
				return page.Board{}, i18n.Errorf("move %s: %w", mv, err)
			}
			b.Make(m)
			out.From, out.To = chess.MoveFrom(m).String(), chess.MoveTo(m).String()
		}
		out.FEN = b.FEN()
		return out, nil
	}, nil
}

// Offer makes the refusal say the commands that page the search by
// subtree: the command line given (without the program's name; file is its
// --html) with --focus and --html set for each part, the first whole and
// the others by what changes, each with the steps of its page. A refusal
// without parts is left as it is.
func (e *PageTooLong) Offer(line []string, file string) {
	if len(e.Parts) == 0 {
		return
	}
	base := withoutFlags(line, "focus", "html")
	// Each part's command and steps is a phrase of its own (the first the
	// whole command, the others the flags that change), the list and the
	// refusal whole messages around them: Russian and Czech say each.
	var first, rest error
	over := 0
	for i, p := range e.Parts {
		flags := strings.Join([]string{"--focus=" + shellWord(p.Focus), "--html", shellWord(partFile(file, p.Focus))}, " ")
		if i == 0 {
			flags = "prunescope " + shellLine(base) + " " + flags
		}
		var item error
		if p.Steps > e.Max {
			over++
			item = i18n.Errorf("%s (%d steps, still more than the limit)", flags, p.Steps)
		} else {
			item = i18n.Errorf("%s (%d steps)", flags, p.Steps)
		}
		switch {
		case i == 0:
			first = item
		case rest == nil:
			rest = item
		default:
			rest = i18n.Errorf("%v, %v", rest, item)
		}
	}
	list := first
	if rest != nil {
		list = i18n.Errorf("%v; the same with %v", first, rest)
	}
	if over > 0 {
		e.msg = i18n.Errorf("--html: more than --html-max-steps %d steps to show (%d): make a page of each subtree with --focus instead: %v; for those still too long search less deep; or a part with prunescope step --html FILE --from EVENT --steps N, or raise --html-max-steps", e.Max, e.Steps, list)
		return
	}
	e.msg = i18n.Errorf("--html: more than --html-max-steps %d steps to show (%d): make a page of each subtree with --focus instead: %v; or a part with prunescope step --html FILE --from EVENT --steps N, or raise --html-max-steps", e.Max, e.Steps, list)
}

// withoutFlags is the command line without the flags named (as --name
// VALUE or --name=VALUE).
func withoutFlags(line []string, names ...string) []string {
	var out []string
	for i := 0; i < len(line); i++ {
		a, skip := line[i], false
		for _, n := range names {
			switch {
			case a == "--"+n:
				skip = true
				i++ // its value
			case strings.HasPrefix(a, "--"+n+"="):
				skip = true
			}
		}
		if !skip {
			out = append(out, a)
		}
	}
	return out
}

// partFile is the page file of a part: the --html file with the part's
// moves or name before its extension ("c.html", "Nf3 e5": "c-Nf3-e5.html").
func partFile(file, focus string) string {
	ext := filepath.Ext(file)
	if ext == "" {
		ext = ".html"
	}
	var tag strings.Builder
	dash := true
	for _, r := range focus {
		ok := r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r))
		switch {
		case ok:
			tag.WriteRune(r)
			dash = false
		case !dash:
			tag.WriteByte('-')
			dash = true
		}
	}
	t := strings.Trim(tag.String(), "-")
	if t == "" {
		t = "pass"
	}
	return strings.TrimSuffix(file, filepath.Ext(file)) + "-" + t + ext
}

// shellWord quotes a word for a POSIX shell when it needs it.
func shellWord(w string) string {
	if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.,/+=:@%") == "" {
		return w
	}
	return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
}

// shellLine quotes each word of a command line for a POSIX shell.
func shellLine(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellWord(w)
	}
	return strings.Join(q, " ")
}
