package job

import (
	"context"

	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace"
)

// A trace read back from a JSON Lines file carries no language (the file's
// words are English's, for tools): the command that reads it speaks the
// language its context carries (i18n.FromContext), as its own searches do
// (Options.Lang). Speak and Spoken are the one way every reader of a trace
// (step, render and the pictures, the page, diff with traces) gives it
// that language.

// Speak sets the language of a search read back (in, a trace's start event's
// Info) to the one ctx carries; nothing when in is nil.
func Speak(ctx context.Context, in *trace.Info) {
	if in != nil {
		in.Lang = string(i18n.FromContext(ctx))
	}
}

// Spoken is fn, reading a trace's events, with the start event's Info
// speaking ctx's language (Speak) before fn sees it.
func Spoken(ctx context.Context, fn func(*trace.Event) error) func(*trace.Event) error {
	return func(e *trace.Event) error {
		if e.Kind == trace.Start {
			Speak(ctx, e.Info)
		}
		return fn(e)
	}
}
