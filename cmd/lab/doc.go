// Package lab is what prunescope's commands share, between the cobra
// commands of package cmd and the engine and trace packages: a command file
// parses its own flags, makes one call here and prints.
//
// Where things live:
//   - errors.go: the error kinds (InputError, Failure) that cmd maps to exit
//     codes, and how engine and trace-reading errors are classified.
package lab
