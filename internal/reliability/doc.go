// Package reliability holds the reliability suite: every case a campaign of
// fuzzing and hand-made limit, file and environment tests found, replayed on
// the real binary. Each case asserts the exit code, a one-line error without
// a stack trace, a peak memory below the budget, and that no file was
// replaced or left behind. Run it with `go test -run Reliability ./...`;
// `-reliability.heavy` adds the cases that need large inputs (hundreds of
// megabytes written to a temporary folder). docs/reliability.md lists the
// promises and the figures.
package reliability
