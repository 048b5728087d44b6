package job

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/prunescope/prunescope/internal/i18n"
)

// DumbTerminal reports TERM=dumb: a terminal that takes no escape sequences
// (Emacs's shell, some build logs). It gets no colour (unless --color
// always), no full-screen player and no line erasing.
func DumbTerminal() bool { return os.Getenv("TERM") == "dumb" }

// ClearLine erases a progress line written on a terminal.
func ClearLine(w io.Writer) {
	if DumbTerminal() {
		fmt.Fprint(w, "\r"+strings.Repeat(" ", 79)+"\r")
		return
	}
	fmt.Fprint(w, "\r\x1b[K")
}

// terminationKey holds, in a command's context, the context that only the
// end of the program by a signal cancels (WithTermination).
type terminationKey struct{}

// WithTermination returns ctx (cancelled by Ctrl-C) carrying term, a
// context cancelled only when a signal ends the program (SIGTERM, a second
// Ctrl-C): the work that a first Ctrl-C lets finish (a drawing after the
// search, a page) runs under it (PastInterrupt).
func WithTermination(ctx, term context.Context) context.Context {
	return context.WithValue(ctx, terminationKey{}, term)
}

// PastInterrupt is the context for work that a first Ctrl-C lets finish:
// it is cancelled only when the program is ended by a signal (or never,
// when ctx carries no such context), speaking ctx's language
// (i18n.FromContext: the page it builds is in it).
func PastInterrupt(ctx context.Context) context.Context {
	if term, ok := ctx.Value(terminationKey{}).(context.Context); ok {
		return i18n.WithLang(term, i18n.FromContext(ctx))
	}
	return context.WithoutCancel(ctx)
}
