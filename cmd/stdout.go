package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"syscall"

	"github.com/prunescope/prunescope/cmd/lab"
)

// outWriter is standard output as the commands see it. It remembers the
// first write that failed (a full disk, a closed pipe, /dev/full) and fails
// every write after it, so that Run reports the failure, exit 1, whatever
// command wrote and whether or not it looked at the error: help, version,
// lists and quizzes as much as searches.
type outWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
	// brokenPipe, when set, is called on a write to a closed pipe (Main:
	// clean up and end the program as SIGPIPE would).
	brokenPipe func()
}

func (o *outWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return 0, o.err
	}
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
		if o.brokenPipe != nil && errors.Is(err, syscall.EPIPE) {
			o.brokenPipe()
		}
	}
	return n, err
}

// failure is the error to report when a write failed, nil when none did.
func (o *outWriter) failure() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		return nil
	}
	return &lab.Failure{Err: fmt.Errorf("standard output: %w", unwrapPath(o.err))}
}

// file is the terminal or file under the writer, if it is one.
func (o *outWriter) file() (*os.File, bool) { return asFile(o.w) }

// asFile returns the *os.File under a stream (standard output is wrapped in
// an outWriter), for the questions only a file can answer: is it a
// terminal, what size is it.
func asFile(x any) (*os.File, bool) {
	switch v := x.(type) {
	case *os.File:
		return v, v != nil
	case *outWriter:
		return v.file()
	}
	return nil, false
}
