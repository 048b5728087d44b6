//go:build unix

package cmd

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// signalActions are what the signals do (see Main): interrupt stops the
// command's work, terminate ends the program once the command has stopped,
// die ends it at once.
type signalActions struct {
	interrupt func()
	terminate func(syscall.Signal)
	die       func(syscall.Signal)
}

// handleSignals installs prunescope's signal handling (see Main) and
// returns what undoes it. A signal the program was started with ignored
// (SIGHUP under nohup, SIGINT in a background job) stays ignored.
func handleSignals(act signalActions) (stop func()) {
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
					// Caught so that a write to a closed pipe fails with
					// EPIPE instead of ending the program before its
					// cleanup; standard output's writer then ends it
					// (Main). The program writes to no other pipe (native
					// dot reads its input from a file), so a SIGPIPE here
					// is a closed standard output or one sent from
					// outside: either way the run ends, silently.
					act.die(syscall.SIGPIPE)
				case sig == os.Interrupt && !interrupted:
					interrupted = true
					act.interrupt()
				default:
					go act.terminate(sig.(syscall.Signal))
				}
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}

// dieOf ends the program by sig, as if it had not been caught, so that the
// shell sees the signal (exit status 128+n).
func dieOf(sig syscall.Signal) {
	if sig == syscall.SIGPIPE {
		dieOfBrokenPipe()
	}
	signal.Reset(sig)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(time.Second) // the signal is on its way
	os.Exit(128 + int(sig))
}

// dieOfBrokenPipe ends the program as a write to a closed pipe does when
// SIGPIPE is not caught. Go's runtime ignores a SIGPIPE sent by kill, but
// dies of one raised by a write to a closed pipe on standard output, once
// no handler is installed for it: standard output is made such a pipe (so
// nothing reaches the real one), and written to.
func dieOfBrokenPipe() {
	signal.Reset(syscall.SIGPIPE)
	if r, w, err := os.Pipe(); err == nil {
		r.Close()
		if unix.Dup2(int(w.Fd()), 1) == nil {
			os.Stdout.Write([]byte{'\n'})
		}
	}
	os.Exit(128 + int(syscall.SIGPIPE))
}
