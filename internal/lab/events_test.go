package lab

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/page"
	"github.com/prunescope/prunescope/trace/record"
	"github.com/prunescope/prunescope/trace/step"
)

// TestPageOfEventsIsPageOfTrace holds the lab's page, played from the
// search's events kept in memory, to the page of the same search's JSON
// Lines trace (the road of search --html, which internal/truth checks
// against its oracle): the same steps' data and the same drawing, byte for
// byte, for the built-in trees and random ones with every technique, the
// drawing's options and the children's order. (internal/truth's
// TestFeaturesTrue makes the same check on its random cases.)
func TestPageOfEventsIsPageOfTrace(t *testing.T) {
	trees := tree.BuiltinNames()
	for seed := uint64(1); seed <= 3; seed++ {
		tr, err := tree.Random(3, 3, -9, 9, seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.AddEvals(2, seed); err != nil { // for iterative deepening
			t.Fatal(err)
		}
		trees = append(trees, tree.Format(tr))
	}
	settings := [][]string{
		nil,
		{"--fail", "soft", "--ranges"},
		{"--algo", "pvs", "--tt", "--iterative", "--style", "projector"},
		{"--algo", "mtdf", "--tt"},
		{"--null-move", "--futility", "--razoring", "--reductions", "--order-children", "rtl"},
		{"--iterative", "--aspiration", "1", "--fail", "soft"},
		{"--fail", "f2", "--cutoff", "gt", "--order-children", "rtl"},
	}
	searched := map[string]int{} // by setting
	for _, name := range trees {
		for _, args := range settings {
			res := Search(context.Background(), name, args)
			if res.Error != "" {
				continue // a setting the tree refuses (the lab says so as the CLI does)
			}
			searched[fmt.Sprint(args)]++
			js := res.Trace()
			rec := record.NewRecorder()
			if err := jsonl.ReadAll(bytes.NewReader(js), "trace", func(e *trace.Event) error { rec.Add(e); return nil }); err != nil {
				t.Fatalf("%s %q: %v", name, args, err)
			}
			c, err := page.Make(context.Background(), func() (*step.Player, error) { return step.Open(bytes.NewReader(js), "the search") },
				"the search", rec.Recording(), page.Options{Draw: res.run.draw, MaxSteps: MaxSteps})
			if err != nil {
				t.Fatalf("%s %q: %v", name, args, err)
			}
			what := fmt.Sprintf("%.40s %q", name, args)
			if string(c.Data) != string(res.Data) {
				t.Errorf("%s: the steps played from the events are not the trace's", what)
			}
			if c.SVG != res.SVG {
				t.Errorf("%s: the drawing from the events is not the trace's", what)
			}
		}
	}
	for _, args := range settings {
		if searched[fmt.Sprint(args)] < 3 {
			t.Errorf("with %q only %d of %d trees searched", args, searched[fmt.Sprint(args)], len(trees))
		}
	}
}
