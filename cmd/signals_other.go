//go:build !unix

package cmd

import (
	"os"
	"os/signal"
	"syscall"
)

// signalActions are what the signals do (see Main); here only Ctrl-C:
// the first interrupts, the second terminates.
type signalActions struct {
	interrupt func()
	terminate func(syscall.Signal)
	die       func(syscall.Signal)
}

// handleSignals installs prunescope's signal handling (see Main): here only
// Ctrl-C, whose second press ends the program after the cleanup.
func handleSignals(act signalActions) (stop func()) {
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
					act.interrupt()
					continue
				}
				go act.terminate(syscall.SIGINT)
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}

// dieOf ends the program with the exit status of a program ended by sig.
func dieOf(sig syscall.Signal) { os.Exit(128 + int(sig)) }
