package cmd

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/spf13/pflag"

	"github.com/prunescope/prunescope/cmd/setup"
	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/internal/i18n"
	"github.com/prunescope/prunescope/lessons/student"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// The trace files step, render and diff read are prunescope's own (search
// --trace json), or the minimal trace a student's own search writes
// (docs/trace-format.md, the trace check reads). A student's trace is told
// by its first event line, which is no start event; read with what it
// searched (--tree, --fen and --depth, --game tictactoe), it is turned into
// prunescope's own trace (lessons/student.Events) in a scratch file, and
// every command reads that as it reads a saved trace: one road for all.

// traceFile is a trace a command reads, as prunescope's own trace.
type traceFile struct {
	R    io.Reader // the trace from its start
	F    *os.File  // the same, seekable, when asked for (nil otherwise)
	Name string    // names it in errors and on pages
	// Student is the student's search the trace was made from, nil for
	// prunescope's own trace.
	Student *student.Converted
	Close   func()
}

// Size is the size of the seekable trace.
func (t *traceFile) Size() (int64, error) {
	st, err := t.F.Stat()
	if err != nil {
		return 0, failed(err)
	}
	return st.Size(), nil
}

// maxFirstLine is how much of a trace is read to tell whose it is: a
// student's line is at most 1 MiB (lessons/student); a longer first line
// is prunescope's to read, or to refuse.
const maxFirstLine = 1 << 20

// studentLoader says what a student's trace (named name) searched, when a
// trace is one: the game and the depth a search of it goes.
type studentLoader func(name string) (student.Game, int, error)

// openTrace opens the trace at path (- for standard input): prunescope's
// own as it is, or a student's turned into prunescope's own, read with what
// load says it searched. seekable asks for a file that can be read again
// (standard input is then copied to a scratch file). Close removes what it
// made.
func openTrace(path string, s *Streams, seekable bool, load studentLoader) (*traceFile, error) {
	t := &traceFile{Close: func() {}}
	if seekable {
		f, name, cleanup, err := savedTrace(path, s.In)
		if err != nil {
			return nil, err
		}
		t.F, t.R, t.Name, t.Close = f, f, name, cleanup
	} else if path == "-" {
		t.R, t.Name = s.In, "stdin"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, badInput("", err)
		}
		if st, err := f.Stat(); err == nil && st.IsDir() {
			f.Close()
			return nil, badInputf("%s: is a folder, not a trace", path)
		}
		t.R, t.Name, t.Close = f, path, func() { f.Close() }
	}
	br := bufio.NewReaderSize(t.R, 64<<10)
	head, line := firstLine(br)
	if !studentLine(line) {
		if t.F != nil {
			if _, err := t.F.Seek(0, io.SeekStart); err != nil {
				t.Close()
				return nil, failed(err)
			}
		} else {
			t.R = io.MultiReader(bytes.NewReader(head), br)
		}
		return t, nil
	}
	defer t.Close()
	game, depth, err := load(t.Name)
	if err != nil {
		return nil, err
	}
	steps, err := student.ReadGame(io.MultiReader(bytes.NewReader(head), br), t.Name, game)
	if err != nil {
		return nil, badInput("", err)
	}
	info := student.Info(game, depth, filepath.Base(t.Name))
	info.Lang = infoLang(s)
	conv, err := student.Events(steps, game, info, t.Name)
	if err != nil {
		return nil, badInput("", err)
	}
	out, err := studentScratch(conv)
	if err != nil {
		return nil, err
	}
	out.Name = t.Name
	if conv.Stop != "" {
		fmt.Fprintf(s.Err, "prunescope: %s\n", stopNote(s.printer(), t.Name, conv))
	}
	return out, nil
}

// flagsLoader loads what a student's trace at path searched from the
// input flags (step, render): without --tree, --fen or --game the trace is
// refused, in one line that says what to add.
func flagsLoader(in *setup.InputFlags, s *Streams, path string) studentLoader {
	return func(name string) (student.Game, int, error) {
		if !in.Given() {
			return nil, 0, badInputf("%s: a trace of your own search (its first line is no start event): say what it searched with --tree TREE, --fen FEN --depth N or --game tictactoe", name)
		}
		if path == "-" && in.Tree == "-" {
			return nil, 0, badInputf("%s: the trace and the tree cannot both come from stdin", name)
		}
		if err := chessDepthGiven(in); err != nil {
			return nil, 0, err
		}
		loaded, err := in.Load(s.In)
		if err != nil {
			return nil, 0, err
		}
		return studentGame(in, loaded)
	}
}

// chessDepthGiven refuses a student's chess trace without --depth: the
// plies the search went are what its nodes' depths are told from.
func chessDepthGiven(in *setup.InputFlags) error {
	if (in.FEN != "" || in.Game == "chess") && in.Depth < 0 {
		return badInputf("--fen: give --depth too, the plies your search went")
	}
	return nil
}

// addStudentInput wires the flags that say what a student's trace
// searched, for a command that otherwise reads prunescope's own traces
// (render): --tree, --fen, --depth, --moves, --game, --board and --root,
// as search has them.
func addStudentInput(fs *pflag.FlagSet, in *setup.InputFlags) {
	all := pflag.NewFlagSet("input", pflag.ContinueOnError)
	in.Add(all)
	usage := map[string]string{
		"tree":  "with a trace of your own search: the toy tree it searched (a built-in name, a file, - for stdin, or tree text)",
		"fen":   "with a trace of your own search: the chess position it searched (a FEN or a built-in name), with --depth",
		"depth": "with a trace of your own search: the plies it searched (default: a toy tree's [depth=N], else its height; tic-tac-toe to the end)",
		"moves": "with --fen: moves played from the position first (SAN or UCI, space-separated)",
		"game":  "with a trace of your own search: tictactoe, the game it searched (from --board), or chess (from the start, with --depth)",
		"board": "with --game tictactoe: the board it started from, three rows such as \"x.o/.x./..o\" (default: empty)",
		"root":  "with --tree: the player to move at the root, max or min (default: as the tree says, else max)",
	}
	for _, name := range []string{"tree", "fen", "depth", "moves", "game", "board", "root"} {
		f := all.Lookup(name)
		f.Usage = usage[name]
		fs.AddFlag(f)
	}
}

// stopNote is the note that says where a student's search (the trace
// name) is shown to, and why, in p's language.
func stopNote(p *i18n.Printer, name string, c *student.Converted) string {
	if c.StopLine > 0 {
		return p.T("student.stopnote.shown", "Trace", name, "Line", c.StopLine-1, "Why", c.StopIn(p))
	}
	return p.T("student.stopnote.open", "Trace", name, "Why", c.StopIn(p))
}

// infoLang is the language of the command, as a trace.Info names it ("" for
// English).
func infoLang(s *Streams) string {
	if l := s.printer().Lang(); l != i18n.En {
		return string(l)
	}
	return ""
}

// studentScratch writes a student's search as prunescope's trace into a
// scratch file, read from its start.
func studentScratch(conv *student.Converted) (*traceFile, error) {
	f, cleanup, err := scratchFile()
	if err != nil {
		return nil, failed(err)
	}
	w := jsonl.NewWriter(f)
	for _, e := range conv.Events {
		w.Write(e)
	}
	if err := w.Flush(); err != nil {
		cleanup()
		return nil, failed(i18n.Errorf("writing the trace of your search: %w", err))
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		cleanup()
		return nil, failed(err)
	}
	return &traceFile{R: f, F: f, Student: conv, Close: cleanup}, nil
}

// firstLine reads the lines of br up to its first that is not blank, at
// most maxFirstLine bytes: head is all it read, line that line ("" when
// there is none within the bytes read).
func firstLine(br *bufio.Reader) (head, line []byte) {
	for len(head) <= maxFirstLine {
		chunk, err := br.ReadSlice('\n')
		start := len(head)
		head = append(head, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			for errors.Is(err, bufio.ErrBufferFull) && len(head) <= maxFirstLine {
				chunk, err = br.ReadSlice('\n')
				head = append(head, chunk...)
			}
		}
		if l := bytes.TrimSpace(head[start:]); len(l) > 0 {
			return head, l
		}
		if err != nil {
			break
		}
	}
	return head, nil
}

// studentLine reports whether the first event line of a trace is a
// student's: a JSON object with an "ev" or a "values" line, and neither
// prunescope's "seq" nor a start event. Anything else is prunescope's
// reader's to read, or to refuse with its reason.
func studentLine(line []byte) bool {
	var w struct {
		Seq    json.RawMessage `json:"seq"`
		Ev     *string         `json:"ev"`
		Values *string         `json:"values"`
	}
	if len(line) == 0 || json.Unmarshal(line, &w) != nil {
		return false
	}
	if w.Seq != nil || (w.Ev != nil && *w.Ev == "start") {
		return false
	}
	return w.Ev != nil || w.Values != nil
}

// studentGame is what a student's search searched, as the input loaded
// from in says: a toy tree (with chance nodes too), a chess position, or
// tic-tac-toe from a board; and the depth a search of it goes (the
// reference's).
func studentGame(in *setup.InputFlags, loaded *setup.Input) (student.Game, int, error) {
	switch {
	case loaded.Tree != nil:
		return student.TreeGame(loaded.Tree), loaded.Depth, nil
	case loaded.Game == "chess":
		cp, ok := loaded.Pos.(*chess.Position)
		if !ok {
			return nil, 0, badInputf("--fen: not a chess position")
		}
		return student.ChessGame(cp.Board(), cp.Evaluator()), loaded.Depth, nil
	case loaded.Game == "tictactoe":
		board := in.Board
		fresh := func() engine.Position {
			if board == "" {
				return tictactoe.New()
			}
			p, _ := tictactoe.Parse(board) // read once already by Load
			return p
		}
		return student.MovesGame(fresh), loaded.Depth, nil
	}
	return nil, 0, badInputf("a trace of your own search is read for a toy tree, a chess position or tic-tac-toe")
}
