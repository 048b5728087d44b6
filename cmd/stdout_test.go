package cmd

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// outputCommands print something on standard output and nothing else.
var outputCommands = [][]string{
	{"--help"},
	{"--version"},
	{"version"},
	{"version", "--notices"},
	{"search", "--help"},
	{"search", "--tree", "aima"},
	{"search", "--tree", "aima", "--trace", "json"},
	{"search", "--tree", "aima", "--dot", "-"},
	{"compare", "--tree", "aima"},
	{"diff", "alphabeta", "minimax", "--tree", "aima"},
	{"tree", "list"},
	{"tree", "show", "aima"},
	{"tree", "show", "aima", "--json"},
	{"tree", "random"},
	{"positions"},
	{"perft", "--fen", "start", "--depth", "2"},
	{"lesson", "list"},
	{"lesson", "show", "alpha-beta"},
	{"lesson", "run", "alpha-beta"},
	{"quiz", "--seed", "3", "--print"},
	{"quiz", "--tree", "aima", "--key"},
	{"quiz", "--tree", "aima", "--key", "--json"},
	{"quiz", "check", "--tree", "aima", "--answer", "value 3; best 1; never 2.2 2.3"},
	{"quiz", "check", "--tree", "aima", "--answer", "value 3; best 1; never 2.2 2.3", "--json"},
	{"step", "--tree", "aima"},
	{"completion", "bash"},
}

// TestStdoutFailure runs every command with a standard output that fails:
// each must fail, exit 1, with one line on standard error.
func TestStdoutFailure(t *testing.T) {
	for _, args := range outputCommands {
		var errOut strings.Builder
		code := Run(context.Background(), args, &Streams{In: strings.NewReader(""), Out: failingWriter{}, Err: &errOut})
		// (With --dot - the report goes to standard error, before the error.)
		if code != 1 || strings.Count(errOut.String(), "prunescope: ") != 1 || !strings.HasSuffix(errOut.String(), "\nprunescope: standard output: no space left on device\n") && errOut.String() != "prunescope: standard output: no space left on device\n" {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and one line about standard output", args, code, errOut.String())
		}
	}
	// Answers piped in, checked and printed.
	var errOut strings.Builder
	code := Run(context.Background(), []string{"quiz", "--tree", "aima"}, &Streams{In: strings.NewReader("3\n1\n2.2 2.3\n"), Out: failingWriter{}, Err: &errOut})
	if code != 1 || !strings.Contains(errOut.String(), "standard output") {
		t.Errorf("quiz with answers piped in: exit %d, %q", code, errOut.String())
	}
}

// TestStdoutFull runs the binary with standard output on a full device.
func TestStdoutFull(t *testing.T) {
	_, full := devices(t)
	bin := binary(t)
	for _, args := range [][]string{{"--help"}, {"version"}, {"tree", "list"}, {"quiz", "--tree", "aima", "--key"}, {"lesson", "list"}, {"positions"}} {
		f, err := os.OpenFile(full, os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, args...)
		cmd.Stdout = f
		var stderr strings.Builder
		cmd.Stderr = &stderr
		err = cmd.Run()
		f.Close()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 1 || stderr.String() != "prunescope: standard output: no space left on device\n" {
			t.Errorf("%v > %s: %v, stderr %q; want exit 1 and one line", args, filepath.Base(full), err, stderr.String())
		}
	}
}

// TestOutWriterLines: with lines set, standard output passes on whole
// lines only, holds the rest until its line ends, a read of standard input
// comes or the command ends, and drops it when a signal ends the program;
// a line too long to hold (a picture) is passed on as it comes.
func TestOutWriterLines(t *testing.T) {
	var got strings.Builder
	o := &outWriter{w: &got, lines: true}
	o.Write([]byte("one\ntw"))
	o.Write([]byte("o and"))
	if got.String() != "one\n" {
		t.Fatalf("passed on %q, want the whole line only", got.String())
	}
	o.Write([]byte(" more\nthree"))
	if got.String() != "one\ntwo and more\n" {
		t.Fatalf("passed on %q", got.String())
	}
	in := &flushingReader{r: strings.NewReader("answer\n"), out: o}
	buf := make([]byte, 16)
	in.Read(buf)
	if got.String() != "one\ntwo and more\nthree" {
		t.Fatalf("a question was not passed on before its answer was read: %q", got.String())
	}
	o.Write([]byte("four\nfi"))
	o.flush()
	if got.String() != "one\ntwo and more\nthreefour\nfi" {
		t.Fatalf("the end: %q", got.String())
	}
	got.Reset()
	o.Write([]byte("six\nsev"))
	o.close()
	if _, err := o.Write([]byte("en\n")); err == nil {
		t.Error("a write after close was taken")
	}
	o.flush()
	if got.String() != "six\n" {
		t.Errorf("after close: %q, want the whole line only", got.String())
	}
	got.Reset()
	o = &outWriter{w: &got, lines: true}
	big := strings.Repeat("x", maxHeld+1)
	o.Write([]byte(big))
	if got.Len() != len(big) {
		t.Errorf("%d of %d bytes without a newline passed on", got.Len(), len(big))
	}
}
