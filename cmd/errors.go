package cmd

import (
	"errors"
	"fmt"
	"io/fs"
)

// Exit codes: 0 success, 1 a failure while running, 2 bad usage or bad input.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// inputError marks an error in what the user gave us (a flag value, a tree, a
// FEN, a trace file): exit code 2.
type inputError struct{ err error }

func (e *inputError) Error() string { return e.err.Error() }
func (e *inputError) Unwrap() error { return e.err }

// badInput wraps err as an input error, prefixed with where it is ("--depth",
// a file name) when where is not empty. A file that cannot be opened is named
// without Go's "open" prefix.
func badInput(where string, err error) error {
	if err == nil {
		return nil
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	if where != "" {
		err = fmt.Errorf("%s: %w", where, err)
	}
	return &inputError{err}
}

// badInputf is badInput with a formatted message.
func badInputf(format string, args ...any) error {
	return &inputError{fmt.Errorf(format, args...)}
}

// runFailure marks an error met while running on good input: exit code 1.
type runFailure struct{ err error }

func (e *runFailure) Error() string { return e.err.Error() }
func (e *runFailure) Unwrap() error { return e.err }

func failed(err error) error {
	if err == nil {
		return nil
	}
	var in *inputError
	if errors.As(err, &in) {
		return err
	}
	return &runFailure{err}
}

// exitCode maps an error to the process exit code, in one place. Errors cobra
// raises itself (unknown command or flag, wrong number of arguments) are usage
// errors.
func exitCode(err error) int {
	var rf *runFailure
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &rf):
		return exitFailure
	}
	return exitUsage
}
