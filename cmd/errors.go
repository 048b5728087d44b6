package cmd

import (
	"errors"

	"github.com/prunescope/prunescope/cmd/setup"
)

// Exit codes: 0 success, 1 a failure while running, 2 bad usage or bad input.
const (
	exitOK      = 0
	exitFailure = 1
	exitUsage   = 2
)

// The commands mark errors with job's constructors (setup.InputError: what the
// user gave is wrong; setup.Failure: running failed); these are their short
// names here.
var (
	badInput  = setup.BadInput
	badInputf = setup.BadInputf
	failed    = setup.Failed
)

// exitCode maps an error to the process exit code, in one place. Errors cobra
// raises itself (unknown command or flag, wrong number of arguments) are usage
// errors.
func exitCode(err error) int {
	var rf *setup.Failure
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &rf):
		return exitFailure
	}
	return exitUsage
}
