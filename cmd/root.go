// Package cmd is prunescope's command line: one file per command, each with an
// options struct, a constructor that only wires flags, and a run function
// that makes its call into package cmd/job, which holds what the commands
// share (loading the input, the flags that become engine options, running a
// search with its sinks, drawings, frames, EPD files), and writes to
// injected streams. As cli/cli's, each constructor takes the run function
// (runF; nil for the command's own), so that a test can take the options
// its flags parsed into and run them with buffers, without a process. No
// search or formatting logic lives here.
//
// Besides the commands: errors.go maps errors to exit codes (the one place);
// flags.go joins job's flags to the technique flags of selective.go and
// deepening.go; terminal.go decides what is a terminal and runs the
// full-screen player; output.go, files.go, frames.go (the deck),
// cleanup.go, stdout.go, signals_*.go and tempfile_*.go write outputs
// whole or not at all, and clean up on a signal.
package cmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/internal/printable"
	"github.com/prunescope/prunescope/trace/render"
)

// version is the release; the VCS revision is appended when the build has one.
const version = "0.1.0"

// Streams are where a command reads and writes. Tests pass buffers.
type Streams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer

	colorMode string // --color: auto, always or never
	// langFlag is --lang; lang the language chosen (nil until a command
	// runs: English), kept for the commands a lesson runs.
	langFlag string
	letters  string // --san-letters
	lang     *i18n.Printer
	// Getenv reads the environment (nil: os.Getenv), for the locale.
	Getenv func(string) string
	// width, when widthSet, is the width the text is wrapped to, as a
	// lesson run's --width hands it to the commands it runs.
	width    int
	widthSet bool
	// line is the command line being run (without the program's name), to
	// say the commands that would work instead (a page too long).
	line []string
}

// printer is the language chosen (English before a command has run).
func (s *Streams) printer() *i18n.Printer {
	if s.lang == nil {
		return i18n.For(i18n.En)
	}
	return s.lang
}

// Main runs prunescope with args and returns the process exit code. Errors are
// written to errOut as one line: "prunescope: WHERE: WHAT".
//
// Signals: the first Ctrl-C (SIGINT) stops the search, which answers and
// writes its files. A second one, SIGTERM or SIGHUP end the program: the
// temporary files being written are removed (the cleanup registry) and no
// file is put in place after that; the command is stopped (its context is
// cancelled), so that a trace on standard output ends with its done event
// saying the search was interrupted, and the program ends by the signal as
// soon as the command has returned, at most a second later. Standard
// output, when it is not a terminal, only ever ends on a whole line. A
// write to a closed pipe on standard output (prunescope ... | head), or a
// SIGPIPE sent from outside, ends it as SIGPIPE does, silently, after the
// same cleanup.
func Main(args []string, in io.Reader, out, errOut io.Writer) int {
	if os.Getenv("GOMEMLIMIT") == "" {
		// The garbage collector works harder as the heap nears the memory
		// budget every command keeps to (docs/reliability.md), instead of
		// letting it grow to twice what is live.
		debug.SetMemoryLimit(memoryLimit)
	}
	cleanups.begin()
	base, terminate := context.WithCancelCause(context.Background())
	defer terminate(nil)
	ctx, cancel := context.WithCancel(base)
	defer cancel()
	ctx = job.WithTermination(ctx, base)
	ow := &outWriter{w: out}
	f, isFile := out.(*os.File)
	if isFile && !isTerminal(f) {
		ow.lines = true
		in = &flushingReader{r: in, out: ow}
	}
	returned := make(chan struct{})
	die := func(sig syscall.Signal) {
		ow.close()
		dieOf(sig)
	}
	stop := handleSignals(signalActions{
		interrupt: cancel,
		terminate: func(sig syscall.Signal) {
			ending.Store(int32(sig))
			cleanups.runAll(true)
			terminate(errTerminated)
			select {
			case <-returned:
			case <-time.After(terminateGrace):
			}
			die(sig)
		},
		die: func(sig syscall.Signal) {
			ending.Store(int32(sig))
			cleanups.runAll(true)
			die(sig)
		},
	})
	defer stop()
	if isFile {
		ow.brokenPipe = func() {
			ending.Store(int32(syscall.SIGPIPE))
			cleanups.runAll(true)
			dieOf(syscall.SIGPIPE)
		}
	}
	code := runLine(ctx, args, &Streams{In: in, Out: ow, Err: errOut})
	close(returned)
	if sig := ending.Load(); sig != 0 {
		die(syscall.Signal(sig))
	}
	cleanups.end()
	return code
}

// memoryLimit is the Go runtime's soft memory limit: three quarters of the
// 2 GB budget.
const memoryLimit = 1536 << 20

// ending is the signal ending the program (0: none).
var ending atomic.Int32

// errTerminated is the cause of the cancelled context of a command that a
// signal ends.
var errTerminated = i18n.Error("terminated by a signal")

// terminateGrace is how long a command ended by a signal has to stop and
// close its output before the program ends without it.
const terminateGrace = time.Second

// Run is Main with a context and streams of the caller's choosing.
func Run(ctx context.Context, args []string, s *Streams) int {
	return runLine(ctx, args, &Streams{In: s.In, Out: &outWriter{w: s.Out}, Err: s.Err, Getenv: s.Getenv})
}

// runLine runs one command line; s.Out is an outWriter, so that a failed write
// to standard output is a failure of the command (exit 1) whoever wrote.
func runLine(ctx context.Context, args []string, s *Streams) int {
	render.Warn = func(msg string) { fmt.Fprintf(s.Err, "prunescope: warning: %s\n", printable.Escape(msg)) }
	s.line = args
	if s.lang == nil { // the help is built in the language asked for
		getenv := s.Getenv
		if getenv == nil {
			getenv = os.Getenv
		}
		s.lang = i18n.For(langOf(args, getenv))
	}
	root := newRoot(s)
	localizeHelp(root, s.printer())
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	// A failed write to standard output is the error to report, unless the
	// input was refused (that error is what the user must fix).
	var bad *setup.InputError
	s.Out.(*outWriter).flush()
	if werr := s.Out.(*outWriter).failure(); werr != nil && !errors.As(err, &bad) {
		err = werr
	}
	if ending.Load() != 0 {
		return exitFailure // ended by a signal: nothing to say
	}
	if err != nil {
		// Errors quote what they refuse (a file's text, a path from the
		// environment): its control characters are shown escaped.
		fmt.Fprintf(s.Err, "prunescope: %s\n", printable.Escape(oneLine(s.printer().Error(err))))
	}
	return exitCode(err)
}

// oneLine keeps an error message on one line. Cobra's "Did you mean this?"
// suggestions are kept, folded into the line.
func oneLine(msg string) string {
	msg = strings.TrimSpace(msg)
	first, rest, multi := strings.Cut(msg, "\n")
	if !multi {
		return msg
	}
	if _, sugg, ok := strings.Cut(rest, "Did you mean this?"); ok {
		if names := strings.Fields(sugg); len(names) > 0 {
			return first + " (did you mean " + strings.Join(names, " or ") + "?)"
		}
	}
	return first
}

func newRoot(s *Streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "prunescope",
		Short: "A lab for game-tree search as chess programs do it",
		Long: `prunescope runs a game-tree search on a toy tree, a chess position or
tic-tac-toe and shows exactly where alpha-beta cutoffs happen: as an annotated
step-by-step trace in the terminal, as JSON Lines for other tools, and as
Graphviz images (DOT, SVG, PNG).

Values are shown from MAX's point of view, as textbooks draw them: MAX is the
root player of a toy tree, the side to move at the root in chess, X in
tic-tac-toe.`,
		Example: `  prunescope search --tree aima
  prunescope search --tree wikipedia --cutoff gt --fail soft --svg wiki.svg
  prunescope search --fen start --moves "e4 e5" --depth 3 --png e4e5.png
  prunescope compare --game tictactoe --algos minimax,alphabeta
  prunescope perft --fen kiwipete --depth 4`,
		Version:       fullVersion(),
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRunE: func(c *cobra.Command, args []string) error {
			switch s.colorMode {
			case "auto", "always", "never":
			default:
				return badInputf("--color: %q is not auto, always or never", s.colorMode)
			}
			if s.langFlag != "" {
				getenv := s.Getenv
				if getenv == nil {
					getenv = os.Getenv
				}
				l, err := i18n.Choose(s.langFlag, getenv)
				if err != nil {
					return badInputf("--lang: %v", err)
				}
				s.lang = i18n.For(l)
			}
			c.SetContext(i18n.WithLang(c.Context(), s.printer().Lang()))
			if s.letters != "" && s.letters != "en" {
				l, ok := chess.LettersFor(s.letters)
				if !ok {
					return badInputf("--san-letters: %q is not en (K Q R B N), cs (K D V S J) or ru (Кр Ф Л С К)", s.letters)
				}
				if o, isOut := s.Out.(*outWriter); isOut {
					o.letters = &l
				}
			}
			return checkCommandFiles(c, args)
		},
	}
	root.SetIn(s.In)
	root.SetOut(s.Out)
	root.SetErr(s.Err)
	root.SetVersionTemplate("prunescope {{.Version}}\n")
	root.PersistentFlags().StringVar(&s.langFlag, "lang", "", "the language to speak: "+i18n.Words+" (default: the locale of LC_ALL, LC_MESSAGES or LANG, else English): the trace, the stepper, pages, pictures, the quiz, check, errors, lessons and --help; JSON, node names, specs and flag names stay as they are")
	root.PersistentFlags().StringVar(&s.letters, "san-letters", "en", "write chess moves for people with the piece letters of en (K Q R B N), cs (K D V S J) or ru (Кр Ф Л С К); JSON, FEN, UCI and files keep English's, and moves are read in any of them")
	root.PersistentFlags().StringVar(&s.colorMode, "color", "auto", "colour the output: auto (when writing to a terminal, NO_COLOR is unset and TERM is not dumb), always or never")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return badInputf("%v (see '%s --help')", err, c.CommandPath())
	})
	root.AddGroup(
		&cobra.Group{ID: "search", Title: "Searching:"},
		&cobra.Group{ID: "inputs", Title: "Trees, positions and games:"},
		&cobra.Group{ID: "draw", Title: "Drawing:"},
		&cobra.Group{ID: "class", Title: "In class:"},
	)
	root.SetHelpCommandGroupID("")
	root.SetCompletionCommandGroupID("")
	add := func(group string, c *cobra.Command) {
		c.GroupID = group
		root.AddCommand(c)
	}
	add("search", newSearchCmd(s, nil))
	add("search", newCompareCmd(s, nil))
	add("search", newMatchCmd(s, nil))
	add("inputs", newTreeCmd(s))
	add("inputs", newPositionsCmd(s))
	add("inputs", newPerftCmd(s))
	add("draw", newRenderCmd(s, nil))
	add("class", newLessonCmd(s))
	add("class", newStepCmd(s, nil))
	add("class", newDiffCmd(s, nil))
	add("class", newCheckCmd(s, nil))
	add("class", newQuizCmd(s, nil))
	add("class", newLabCmd(s, nil))
	root.AddCommand(newVersionCmd(s))
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Example = `  source <(prunescope completion bash)
  prunescope completion zsh > "${fpath[1]}/_prunescope"
  prunescope completion fish > ~/.config/fish/completions/prunescope.fish`
			c.Args, c.RunE = cobra.ArbitraryArgs, completionShells
		}
	}
	return root
}

// completionShells is completion given no shell (its help) or one it does
// not know (refused with the shells it knows; cobra printed the help and
// exited 0).
func completionShells(c *cobra.Command, args []string) error {
	if len(args) == 0 {
		return c.Help()
	}
	var shells []string
	for _, sub := range c.Commands() {
		if sub.IsAvailableCommand() {
			shells = append(shells, sub.Name())
		}
	}
	return badInputf("completion: %q is not a shell prunescope completes: use %s", args[0], strings.Join(shells, ", "))
}

func fullVersion() string {
	v := version
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range info.Settings {
			if kv.Key == "vcs.revision" && len(kv.Value) >= 12 {
				v += " (" + kv.Value[:12] + ")"
			}
		}
	}
	return v
}
