package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/dot"
	"github.com/prunescope/prunescope/trace/page"
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
		return BadInputf("--html: give a file name: the page is written whole to a file, not to standard output")
	}
	return CheckRange("html-max-steps", f.MaxSteps, 1, maxPageSteps)
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
// error (lesson run notes it and goes on).
type PageTooLong struct{ msg string }

func (e *PageTooLong) Error() string { return e.msg }

// tooMany is the refusal of a page over --html-max-steps; why says how it
// is known.
func (f *PageFlags) tooMany(why string) error {
	return &InputError{Err: &PageTooLong{fmt.Sprintf("--html: %smore than --html-max-steps %d steps to show: show one subtree with --focus (e.g. --focus 2.1, --focus \"e4 e5\"), a part with prunescope step --html FILE --from EVENT --steps N, search less deep, or raise --html-max-steps",
		why, f.MaxSteps)}}
}

// BuildPage builds the page of a trace, laid out as look says (focus: only
// that subtree drawn, and only the steps of its visit; "" for the whole
// search). Nothing is written here:
// over the step limit it refuses before any file is made.
func (f *PageFlags) BuildPage(ctx context.Context, look Look, focus string, in PageInput) ([]byte, error) {
	if in.Full {
		return nil, f.tooMany(fmt.Sprintf("the trace passed %d MiB, ", PageTraceLimit>>20))
	}
	rec, err := ReadRecording(in.Open(), in.Name, in.RecordLimit, focus)
	if err != nil {
		return nil, err
	}
	if rec.Root == nil {
		return nil, BadInputf("%s: the trace has no searched nodes to show", in.Name)
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
		return nil, f.tooMany("")
	case errors.As(err, &fe):
		return nil, BadInput("--focus", err)
	case err != nil:
		return nil, Failed(err)
	}
	return html, nil
}

// chessBoards gives the position at each node of a chess search from the
// input its trace names (a FEN, or a built-in position's name and the moves
// played after it), replaying the moves of the node's path.
func chessBoards(input string) (func(path string) (page.Board, error), error) {
	fen, moves, _ := strings.Cut(input, " after ")
	start, _, err := ChessBoard(fen, moves)
	if err != nil {
		return nil, BadInputf("the trace's chess input %q: %v", input, err)
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
				return page.Board{}, fmt.Errorf("move %s: %w", mv, err)
			}
			b.Make(m)
			out.From, out.To = chess.MoveFrom(m).String(), chess.MoveTo(m).String()
		}
		out.FEN = b.FEN()
		return out, nil
	}, nil
}
