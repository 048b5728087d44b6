//go:build !unix

package cmd

import (
	"os"
	"os/signal"
)

// handleSignals installs prunescope's signal handling (see Main): here only
// Ctrl-C, whose second press ends the program after the cleanup.
func handleSignals(interrupt func()) (stop func()) {
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		interrupted := false
		for {
			select {
			case <-done:
				return
			case <-ch:
				if !interrupted {
					interrupted = true
					interrupt()
					continue
				}
				cleanups.runAll(true)
				os.Exit(130)
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}

func dieOfBrokenPipe(*os.File) { os.Exit(1) }
