package setup

import (
	"context"
	"errors"
	"io/fs"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// InputError marks an error in what the user gave (a flag value, a tree, a
// FEN, a trace file): cmd maps it to exit code 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// BadInput wraps err as an input error, prefixed with where it is ("--depth",
// a file name) when where is not empty. A file that cannot be opened is named
// without Go's "open" prefix.
func BadInput(where string, err error) error {
	return BadInputAt(i18n.Phrase{En: where}, err)
}

// BadInputAt is BadInput with where in words each language says its own
// way (diff's "spec A"), as Printer.Error says an i18n.Phrase.
func BadInputAt(where i18n.Phrase, err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = i18n.Errorf("%s: %w", pe.Path, pe.Err)
	}
	if where.En != "" {
		err = i18n.Errorf("%s: %w", where, err)
	}
	return &InputError{err}
}

// BadInputf is BadInput with a formatted message.
func BadInputf(format string, args ...any) error {
	return &InputError{i18n.Errorf(format, args...)}
}

// Failure marks an error met while running on good input: cmd maps it to
// exit code 1.
type Failure struct{ Err error }

func (e *Failure) Error() string { return e.Err.Error() }
func (e *Failure) Unwrap() error { return e.Err }

// Failed marks err as a failure, unless it is already an input error.
func Failed(err error) error {
	if err == nil {
		return nil
	}
	var in *InputError
	if errors.As(err, &in) {
		return err
	}
	return &Failure{err}
}

// SearchError classifies an error the engine returned.
func SearchError(err error) error {
	var noEval *engine.NoEvalError
	var bad *engine.OptionsError
	switch {
	case errors.As(err, &noEval) && noEval.IID:
		return BadInput("--iid", err)
	case errors.As(err, &noEval):
		return BadInput("--depth", err)
	case errors.As(err, &bad) && bad.Rule == engine.RuleRootWindow:
		return BadInput("--window", err)
	case errors.As(err, &bad):
		return BadInput("", err)
	case errors.Is(err, context.Canceled):
		return Failed(i18n.Error("interrupted before a search finished"))
	case errors.Is(err, context.DeadlineExceeded):
		return Failed(i18n.Error("time limit reached before a search finished (--iterative keeps the last completed iteration)"))
	case errors.Is(err, engine.ErrNodeLimit):
		return Failed(i18n.Errorf("%w (--iterative keeps the last completed iteration)", err))
	}
	return Failed(err)
}

// TraceError classifies an error met while reading a trace: a malformed
// trace is bad input.
func TraceError(err error) error {
	var re *jsonl.ReadError
	if errors.As(err, &re) {
		return BadInput("", err)
	}
	return Failed(err)
}

// CheckInt returns an input error when the value v of --flag is below lo.
func CheckInt(flag string, v, lo int) error {
	if v < lo {
		return BadInputf("--%s: %d must be at least %d", flag, v, lo)
	}
	return nil
}

// CheckRange rejects a value of an integer flag outside lo..hi.
func CheckRange(flag string, v, lo, hi int) error {
	if v < lo || v > hi {
		return BadInputf("--%s: %d must be between %d and %d", flag, v, lo, hi)
	}
	return nil
}
