// Package testgc, imported by a package's tests for its side effect, lets
// the garbage collector of the test binary run a quarter as often: at a
// heap five times what is live, not twice (GOGC 400, as the lab's engine
// runs in the browser).
//
// A test binary makes thousands of small searches, pages and pictures, each
// of which drops at once the few megabytes it made, while little stays
// live: at Go's default the collector ran every few megabytes and took a
// quarter of the suite's CPU. The product runs with Go's default and its
// memory limit (cmd.Main); the tests that measure memory measure the
// binary's own runs (internal/reliability) or what is allocated, not when
// it is collected, and the one that samples the heap sets the default for
// its own run (engine/tree's heapPeak). A GOGC in the environment is kept.
package testgc

import (
	"os"
	"runtime/debug"
)

func init() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
}
