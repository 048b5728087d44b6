package cmd

import (
	"bytes"
	"errors"
	"io"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/i18n"
)

// outWriter is standard output as the commands see it. It remembers the
// first write that failed (a full disk, a closed pipe, /dev/full) and fails
// every write after it, so that Run reports the failure, exit 1, whatever
// command wrote and whether or not it looked at the error: help, version,
// lists and quizzes as much as searches.
//
// With lines set (Main, when standard output is not a terminal) it passes
// on whole lines only and holds the rest until its line is complete (or
// the end, or a read of standard input, which may answer what was asked
// without a newline), so that a program ended by a signal at any moment
// leaves a file or a pipe that ends on a whole line: a JSON Lines trace
// on standard output is never cut in the middle of an event.
type outWriter struct {
	mu  sync.Mutex
	w   io.Writer
	err error
	// brokenPipe, when set, is called on a write to a closed pipe (Main:
	// clean up and end the program as SIGPIPE would).
	brokenPipe func()
	lines      bool
	tail       []byte // what follows the last newline passed on (lines)
	shut       bool   // the program is ending: nothing more is written
	// letters, when set (--san-letters), writes the chess moves of the
	// text for people in the language's piece letters (sanletters.go);
	// JSON lines and blocks keep English's.
	letters *chess.Letters
	san     sanState
}

// maxHeld is the most bytes held for an incomplete line: longer ones (a
// picture written to standard output) are passed on as they come.
const maxHeld = 1 << 20

func (o *outWriter) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.shut {
		return 0, errEnding
	}
	if o.err != nil {
		return 0, o.err
	}
	if !o.lines {
		return o.write(p)
	}
	i := bytes.LastIndexByte(p, '\n')
	if i < 0 && len(o.tail)+len(p) <= maxHeld {
		o.tail = append(o.tail, p...)
		return len(p), nil
	}
	if i < 0 {
		i = len(p) - 1 // too long to hold: passed on
	}
	if len(o.tail) > 0 {
		o.tail = append(o.tail, p[:i+1]...)
		if _, err := o.write(o.tail); err != nil {
			return 0, err
		}
	} else if _, err := o.write(p[:i+1]); err != nil {
		return 0, err
	}
	if cap(o.tail) > 64<<10 {
		o.tail = nil // let a large buffer go
	}
	o.tail = append(o.tail[:0], p[i+1:]...)
	return len(p), nil
}

// write writes p through, remembering a failure. The caller holds mu.
func (o *outWriter) write(p []byte) (int, error) {
	if o.letters != nil {
		q := o.san.localize(*o.letters, p, false)
		if _, err := o.writeRaw(q); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return o.writeRaw(p)
}

// writeRaw writes p through as it is, remembering a failure.
func (o *outWriter) writeRaw(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		o.err = err
		if o.brokenPipe != nil && errors.Is(err, syscall.EPIPE) {
			o.brokenPipe()
		}
	}
	return n, err
}

// flush passes on what is held of an incomplete line: at the end of a
// command, and before standard input is read.
func (o *outWriter) flush() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.shut || o.err != nil {
		return
	}
	if len(o.tail) > 0 {
		o.write(o.tail)
		o.tail = nil
	}
	if o.letters != nil {
		if q := o.san.localize(*o.letters, nil, true); len(q) > 0 {
			o.writeRaw(q)
		}
	}
}

// close ends the writing for good, when a signal ends the program: what is
// held of an incomplete line is dropped, so the output ends on a whole
// line. A write under way (to a pipe nobody reads) is waited for at most a
// second.
func (o *outWriter) close() {
	for deadline := time.Now().Add(time.Second); !o.mu.TryLock(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			return
		}
	}
	o.shut, o.tail = true, nil
	o.mu.Unlock()
}

// flushingReader is standard input as the commands see it when standard
// output holds incomplete lines: a question asked without a newline is
// passed on before its answer is read.
type flushingReader struct {
	r   io.Reader
	out *outWriter
}

func (f *flushingReader) Read(p []byte) (int, error) {
	f.out.flush()
	return f.r.Read(p)
}

// failure is the error to report when a write failed, nil when none did.
func (o *outWriter) failure() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err == nil {
		return nil
	}
	return &setup.Failure{Err: i18n.Errorf("standard output: %w", unwrapPath(o.err))}
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
	case *flushingReader:
		return asFile(v.r)
	}
	return nil, false
}
