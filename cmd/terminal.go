package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/mattn/go-isatty"
	"github.com/prunescope/prunescope/cmd/job"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/step"
	"github.com/prunescope/prunescope/trace/text"
	"golang.org/x/term"
)

// isTerminal reports whether a stream is a terminal: the one check behind
// colour, progress lines, the full-screen player and the quiz's questions.
func isTerminal(x any) bool {
	f, ok := asFile(x)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}

// rawTerminal reports whether a stream is a terminal that can be put in raw
// mode, as the full-screen player needs (a Cygwin or MSYS terminal cannot).
func rawTerminal(x any) bool {
	f, ok := asFile(x)
	return ok && isatty.IsTerminal(f.Fd())
}

// colorOn decides once whether output to w is coloured.
func (s *Streams) colorOn(w io.Writer) bool {
	switch s.colorMode {
	case "always":
		return true
	case "never":
		return false
	}
	if _, set := os.LookupEnv("NO_COLOR"); set {
		return false
	}
	if job.DumbTerminal() {
		return false
	}
	return isTerminal(w)
}

// textWidth is the width in columns that text written to w is wrapped to
// when no --width says it: the width handed down (a lesson run's --width);
// on a terminal, $COLUMNS when it is a positive number, else the terminal's
// own width, else 80; to a file or a pipe, 0: lines are written whole, one
// event a line, for grep and diff (--width wraps them).
func (s *Streams) textWidth(w io.Writer) int {
	if s.widthSet {
		return s.width
	}
	f, ok := asFile(w)
	if !ok || !isTerminal(f) {
		return 0
	}
	if c, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && c > 0 {
		return c
	}
	if c, _, err := term.GetSize(int(f.Fd())); err == nil && c > 0 {
		return c
	}
	return 80
}

// interactiveStep runs the full-screen player on the terminal.
func interactiveStep(ctx context.Context, s *Streams, p *step.Player) error {
	in, _ := asFile(s.In)
	out, _ := asFile(s.Out)
	old, err := term.MakeRaw(int(in.Fd()))
	if err != nil {
		return failed(i18n.Errorf("the terminal: %w", err))
	}
	defer term.Restore(int(in.Fd()), old)
	// Ended by a signal, the terminal is given back as it was: cooked
	// mode, the cursor shown, the shell's screen.
	if key, err := cleanups.add(func() {
		fmt.Fprint(out, "\x1b[?25h\x1b[?1049l")
		term.Restore(int(in.Fd()), old)
	}); err == nil {
		defer cleanups.drop(key)
	}
	size := func() (int, int) {
		w, h, err := term.GetSize(int(out.Fd()))
		if err != nil {
			return 80, 24
		}
		return w, h
	}
	resized, stop := notifyResize()
	defer stop()
	sc := text.Plain()
	if s.colorOn(s.Out) {
		sc = text.Colored()
	}
	var screen io.Writer = out
	if o, ok := s.Out.(*outWriter); ok && o.letters != nil {
		screen = &sanScreen{w: out, l: *o.letters} // --san-letters on the player's screen too
	}
	return failed(step.Interactive(ctx, p, step.Terminal{In: in, Out: screen, Size: size, Resized: resized}, sc))
}
