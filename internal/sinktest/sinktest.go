// Package sinktest is what the golden tests of the trace sinks share: a few
// small searches of the textbook trees, fixed once, that each sink renders
// through its own hooks, and the comparison of an output with its golden file
// under the sink's testdata/golden (rewritten with that package's -update
// flag, as cmd's golden files are).
//
// It is imported by tests only. Each sink package declares its own flag:
//
//	var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")
package sinktest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/record"
)

// Search is one small search, bounded by its depth (and by Nodes when set).
type Search struct {
	Name  string // the stem of its golden files
	Tree  string // a built-in tree of engine/tree, or a tree in the text form
	Spec  string // the algorithm and techniques, as --algos takes them
	Depth int    // plies; 0: the tree's height
	Nodes int64  // a node limit that stops the search; 0: none
	// RightToLeft searches each node's children right to left
	// (--order-children rtl).
	RightToLeft bool
}

// Searches are the searches every sink renders: the textbook trees under the
// conventions, PVS, MTD(f), null move, the transposition table, iterative
// deepening, and a search stopped by its node limit.
var Searches = []Search{
	{Name: "aima", Tree: "aima", Spec: "alphabeta"},
	{Name: "aima-soft-gt", Tree: "aima", Spec: "alphabeta:soft:gt"},
	{Name: "wikipedia-f2", Tree: "wikipedia", Spec: "alphabeta:f2:ge"},
	{Name: "wikipedia-pvs", Tree: "wikipedia", Spec: "pvs"},
	{Name: "wikipedia-mtdf", Tree: "wikipedia", Spec: "mtdf"},
	{Name: "nullmove", Tree: "nullmove", Spec: "alphabeta+null-move"},
	{Name: "transpositions-tt", Tree: "transpositions", Spec: "alphabeta+tt"},
	{Name: "iterative-aspiration", Tree: "iterative", Spec: "alphabeta+iterative+aspiration+tt+order"},
	{Name: "wikipedia-stopped", Tree: "wikipedia", Spec: "alphabeta", Nodes: 7},
}

// Options returns the search's options: its spec over the defaults the
// command line gives a toy tree (every technique's parameters at the seeds'
// values, margins 0).
func (s Search) Options(t testing.TB) engine.Options {
	t.Helper()
	opt, err := engine.ParseSpec(s.Spec, engine.Options{Sel: engine.DefaultSelective(engine.Units{})})
	if err != nil {
		t.Fatalf("%s: %v", s.Name, err)
	}
	return opt
}

// Run searches with hooks and returns the result. A search stopped by its
// node limit returns engine.ErrNodeLimit; any other error fails the test.
func (s Search) Run(t testing.TB, hooks *trace.Hooks) (engine.Result, error) {
	t.Helper()
	tr, ok := tree.Builtin(s.Tree)
	if !ok {
		var err error
		if tr, err = tree.Parse(s.Name, s.Tree); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
	}
	depth := s.Depth
	if depth == 0 {
		depth = tr.Height()
	}
	pos := tree.NewPosition(tr)
	pos.SetRightToLeft(s.RightToLeft)
	res, err := engine.Search(context.Background(), pos, engine.Limits{Depth: depth, Nodes: s.Nodes}, s.Options(t), hooks)
	if err != nil && !(s.Nodes > 0 && engine.IsStop(err)) {
		t.Fatalf("%s: %v", s.Name, err)
	}
	return res, err
}

// Record runs the search into a recorder and returns the recording.
func (s Search) Record(t testing.TB) *record.Recording {
	t.Helper()
	r := record.NewRecorder()
	s.Run(t, r.Hooks())
	if err := r.Err(); err != nil {
		t.Fatalf("%s: recording: %v", s.Name, err)
	}
	return r.Recording()
}

// Goldens renders each search with render, in a subtest named after it, and
// compares the output with testdata/golden/NAME+ext (rewritten when update
// is set).
func Goldens(t *testing.T, searches []Search, ext string, update bool, render func(t *testing.T, s Search) []byte) {
	t.Helper()
	for _, s := range searches {
		t.Run(s.Name, func(t *testing.T) {
			Golden(t, filepath.Join("testdata", "golden", s.Name+ext), render(t, s), update)
		})
	}
}

// Golden compares got with the file at path (testdata/golden/...), or
// rewrites the file with got when update is set.
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -run '%s' -update creates it)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -run '%s' -update accepts it, then review the diff):\n%s", path, t.Name(), firstDifference(got, want))
	}
}

// firstDifference says where got and want part: the line number and both
// lines, or which one is longer.
func firstDifference(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < min(len(g), len(w)); i++ {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d\n  got:  %q\n  want: %q", i+1, g[i], w[i])
		}
	}
	return fmt.Sprintf("got %d lines, want %d", len(g), len(w))
}

// Exercise is a built-in tree as the quiz describes an exercise: every node
// with its move, path, player (MAX at the root, alternating) and a leaf's
// value, for the blank drawings' tests.
func Exercise(name string) *trace.Subtree {
	t, _ := tree.Builtin(name)
	var walk func(n *tree.Node, max bool) *trace.Subtree
	walk = func(n *tree.Node, max bool) *trace.Subtree {
		s := &trace.Subtree{Move: n.Label(), Path: n.Path(), Max: max, Leaf: n.Leaf, Value: n.Value}
		for _, c := range n.Children {
			s.Children = append(s.Children, walk(c, !max))
		}
		return s
	}
	return walk(t.Root, true)
}
