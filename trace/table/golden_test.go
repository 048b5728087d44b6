package table

import (
	"bytes"
	"errors"
	"flag"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/internal/sinktest"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/explain"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// searchRow searches s, recording it through the recorder's hooks, and returns its
// row as compare makes it: the spec, the conventions, the run description
// and the summary of the done event; the time is fixed so the output is the
// same on every run.
func searchRow(t *testing.T, s sinktest.Search) Row {
	t.Helper()
	rec := s.Record(t)
	if rec.Info == nil || rec.Summary == nil {
		t.Fatalf("%s: no start or done event recorded", s.Name)
	}
	in := rec.Info
	return Row{
		Spec:        s.Options(t).Spec(),
		Conventions: explain.Conventions(in.Algo, in.Fail, in.Cutoff),
		Info:        in,
		Summary:     rec.Summary,
		Elapsed:     1234567 * time.Nanosecond,
	}
}

// searchRows searches one tree with each spec; name names the tree (a built-in
// tree's own name, or a tree in the text form).
func searchRows(t *testing.T, name, tree string, specs ...string) []Row {
	t.Helper()
	var out []Row
	for _, sp := range specs {
		out = append(out, searchRow(t, sinktest.Search{Name: name, Tree: tree, Spec: sp}))
	}
	return out
}

// wideTree is a root with 40 moves, each with two leaves.
var wideTree = "(" + strings.Repeat("(1 2) ", 40) + ")"

// textbook searches a built-in tree with each spec.
func textbook(t *testing.T, tree string, specs ...string) []Row {
	t.Helper()
	return searchRows(t, tree, tree, specs...)
}

// TestGolden: the text and JSON tables of a few comparisons, against
// testdata/golden/NAME.txt and NAME.json: the conventions and algorithms on
// one tree, techniques that add their columns (null move; iterative
// deepening with aspiration, the table and ordering), the time column, a
// search stopped by its node limit, and a root of 40 moves.
//
// A stopped search's row shows value 0 and no best move, as the table writes
// it today (the JSON says "stopped"; the text does not): compare never makes
// such a row, it reports the stop as an error.
func TestGolden(t *testing.T) {
	for _, c := range []struct {
		name   string
		rows   []Row
		timing bool
	}{
		{"wikipedia-conventions", textbook(t, "wikipedia", "minimax", "negamax", "branch-bound", "alphabeta:hard:ge", "alphabeta:soft:gt", "alphabeta:f2:ge", "pvs", "mtdf"), false},
		{"nullmove-techniques", textbook(t, "nullmove", "alphabeta", "alphabeta+null-move", "pvs+null-move"), false},
		{"iterative", textbook(t, "iterative", "alphabeta+iterative", "alphabeta+iterative+aspiration+tt+order", "pvs+iterative+tt+order"), false},
		{"aima-timing", textbook(t, "aima", "alphabeta", "alphabeta:soft:gt"), true},
		{"stopped", []Row{searchRow(t, sinktest.Searches[len(sinktest.Searches)-1])}, false},
		{"wide", searchRows(t, "wide", wideTree, "minimax", "alphabeta"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var txt, js bytes.Buffer
			if err := WriteText(&txt, c.rows, c.timing); err != nil {
				t.Fatal(err)
			}
			if err := WriteJSON(&js, c.rows, c.timing); err != nil {
				t.Fatal(err)
			}
			sinktest.Golden(t, filepath.Join("testdata", "golden", c.name+".txt"), txt.Bytes(), *update)
			sinktest.Golden(t, filepath.Join("testdata", "golden", c.name+".json"), js.Bytes(), *update)
		})
	}
}

// TestEmpty: no rows make no text table and an empty JSON array; no
// positions make an EPD comparison with its headers and no row.
func TestEmpty(t *testing.T) {
	var txt, js, epd bytes.Buffer
	if err := WriteText(&txt, nil, true); err != nil || txt.Len() != 0 {
		t.Errorf("WriteText of no rows: %q, %v", txt.String(), err)
	}
	if err := WriteJSON(&js, nil, true); err != nil || js.String() != "[\n]\n" {
		t.Errorf("WriteJSON of no rows: %q, %v", js.String(), err)
	}
	if err := WriteEPD(&epd, "empty.epd", []string{"alphabeta"}, nil, nil, false); err != nil {
		t.Fatal(err)
	}
	sinktest.Golden(t, filepath.Join("testdata", "golden", "epd-empty.txt"), epd.Bytes(), *update)
}

// epdPositions are three positions under three configurations: a best move
// found by all, one the first configuration misses and a later one finds,
// and a record without bm; node counts wide enough to be grouped, a mate
// score and a negative value.
func epdPositions() []Position {
	return []Position{
		{ID: "BK.01", BM: "Qd1+", Results: []Result{
			{Best: "Qd1+", Value: chess.MateScore - 3, Nodes: 1234567, Hit: true},
			{Best: "Qd1+", Value: chess.MateScore - 3, Nodes: 98765, Hit: true},
			{Best: "Qd1+", Value: chess.MateScore - 3, Nodes: 4321, Hit: true},
		}},
		{ID: "BK.02", BM: "d5 e5", Results: []Result{
			{Best: "Nf3", Value: -35, Nodes: 20000, Hit: false},
			{Best: "e5", Value: 12, Nodes: 15000, Hit: true},
			{Best: "Nf3", Value: -35, Nodes: 999, Hit: false},
		}},
		{ID: "line 3", Results: []Result{
			{Best: "Kg2", Value: 0, Nodes: 1000, Hit: false},
			{Best: "Kg2", Value: 0, Nodes: 1000, Hit: false},
			{Best: "Kh1", Value: 5, Nodes: 10, Hit: false},
		}},
	}
}

// TestEPDGolden: the EPD comparison as aligned text and as Markdown, against
// testdata/golden/epd.txt and epd.md.
func TestEPDGolden(t *testing.T) {
	info := &trace.Info{Game: "chess", Scale: 1, Mate: chess.MateScore, Unit: "cp"}
	specs := []string{"alphabeta", "alphabeta+null-move", "alphabeta+selective"}
	for _, c := range []struct {
		file     string
		markdown bool
	}{{"epd.txt", false}, {"epd.md", true}} {
		var b bytes.Buffer
		if err := WriteEPD(&b, "bk.epd at depth 4", specs, epdPositions(), info, c.markdown); err != nil {
			t.Fatal(err)
		}
		sinktest.Golden(t, filepath.Join("testdata", "golden", c.file), b.Bytes(), *update)
	}
}

// TestGroup: node counts are grouped by threes, signs kept apart.
func TestGroup(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1234: "-1,234", -123456: "-123,456"} {
		if got := group(n); got != want {
			t.Errorf("group(%d) = %q, want %q", n, got, want)
		}
	}
}

// failWriter fails every write after the first n bytes.
type failWriter struct{ n int }

var errFull = errors.New("disk full")

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteErrors: a writer that fails, at the header or in the middle of
// the table, makes every writer return its error.
func TestWriteErrors(t *testing.T) {
	rs := textbook(t, "aima", "alphabeta", "minimax")
	info := &trace.Info{Game: "chess", Scale: 1, Mate: chess.MateScore}
	for _, n := range []int{0, 100} {
		for name, write := range map[string]func(w *failWriter) error{
			"text": func(w *failWriter) error { return WriteText(w, rs, false) },
			"json": func(w *failWriter) error { return WriteJSON(w, rs, false) },
			"epd": func(w *failWriter) error {
				return WriteEPD(w, "t", []string{"a", "b", "c"}, epdPositions(), info, false)
			},
		} {
			if err := write(&failWriter{n}); !errors.Is(err, errFull) {
				t.Errorf("%s failing after %d bytes: %v, want %v", name, n, err, errFull)
			}
		}
	}
}
