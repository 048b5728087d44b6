//go:build unix

package cmd

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// handleSignals installs prunescope's signal handling (see Main) and
// returns what undoes it. A signal the program was started with ignored
// (SIGHUP under nohup, SIGINT in a background job) stays ignored.
func handleSignals(interrupt func()) (stop func()) {
	ch := make(chan os.Signal, 4)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE} {
		if !signal.Ignored(sig) {
			signal.Notify(ch, sig)
		}
	}
	done := make(chan struct{})
	go func() {
		interrupted := false
		for {
			select {
			case <-done:
				return
			case sig := <-ch:
				switch {
				case sig == syscall.SIGPIPE:
					// Notified only so that a write to a closed pipe fails
					// with EPIPE instead of ending the program before its
					// cleanup: standard output's writer acts on it
					// (Main), any other pipe (native dot's input) is the
					// business of whoever writes to it.
				case sig == os.Interrupt && !interrupted:
					interrupted = true
					interrupt()
				default:
					cleanups.runAll(true)
					dieOf(sig.(syscall.Signal))
				}
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}

// dieOf ends the program by sig, as if it had not been caught, so that the
// shell sees the signal (exit status 128+n).
func dieOf(sig syscall.Signal) {
	signal.Reset(sig)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(time.Second) // the signal is on its way
	os.Exit(128 + int(sig))
}

// dieOfBrokenPipe ends the program as a write to a closed pipe does when
// SIGPIPE is not caught: Go's runtime raises SIGPIPE on such a write to
// standard output, once no handler is installed for it.
func dieOfBrokenPipe(stdout *os.File) {
	signal.Reset(syscall.SIGPIPE)
	stdout.Write([]byte{'\n'})
	os.Exit(128 + int(syscall.SIGPIPE))
}
