package page

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/prunescope/prunescope/trace"
	"github.com/prunescope/prunescope/trace/jsonl"
	"github.com/prunescope/prunescope/trace/record"
)

// TestGrownAt checks the counts the neighbourhood must show against the
// trace itself: they never fall from a step to the next, they are 0 before
// the first step, and at the last the root has every other node entered
// below it and every cutoff and prune of the search at it or below.
func TestGrownAt(t *testing.T) {
	for _, name := range []string{"wikipedia-f2", "nullmove"} {
		tr := traceOf(t, search(t, name))
		var enters, cuts int
		var root int64 = -1
		if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error {
			if e.Kind == trace.Enter {
				enters++
				if root < 0 {
					root = e.Node
				}
			}
			if e.Kind.Spec().CutsAt(e) {
				cuts++
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		want, err := Expected(bytes.NewReader(tr))
		if err != nil {
			t.Fatal(err)
		}
		last := len(want) - 1
		var prev map[int64]Grown
		for n := 0; n <= last; n++ {
			g, err := GrownAt(bytes.NewReader(tr), Options{}, n)
			if err != nil {
				t.Fatal(err)
			}
			if n == 0 && len(g) != 0 {
				t.Errorf("%s: before the first step, counts %v", name, g)
			}
			for id, p := range prev {
				if c := g[id]; c.Below < p.Below || c.Cuts < p.Cuts {
					t.Errorf("%s, step %d: node %d's counts fell from %+v to %+v", name, n, id, p, c)
				}
			}
			prev = g
		}
		if got := prev[root]; got.Below != enters-1 || got.Cuts != cuts || cuts == 0 {
			t.Errorf("%s: at the last step the root has %+v, want %d below and %d cuts", name, got, enters-1, cuts)
		}
		if _, err := GrownAt(bytes.NewReader(tr), Options{}, last+1); err == nil {
			t.Errorf("%s: counts of a step past the last", name)
		}
	}
}

// TestParts checks the subtrees a refused page offers: each part's page,
// built with its focus, holds the steps Parts says, and a part is over the
// limit only when it could not be split.
func TestParts(t *testing.T) {
	tr := traceOf(t, search(t, "wikipedia-f2"))
	r := record.NewRecorder()
	if err := jsonl.ReadAll(bytes.NewReader(tr), "trace", func(e *trace.Event) error { r.Add(e); return nil }); err != nil {
		t.Fatal(err)
	}
	rec := r.Recording()
	open := func() io.ReadSeeker { return bytes.NewReader(tr) }
	const limit = 10
	parts, total, err := Parts(context.Background(), open, "trace", rec, "", limit)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := build(t, tr, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(pageData(t, whole).Steps); total != n {
		t.Errorf("Parts says the search has %d steps, its page %d", total, n)
	}
	if len(parts) < 2 {
		t.Fatalf("only %d parts", len(parts))
	}
	for _, p := range parts {
		opt := Options{}
		opt.Draw.Focus = p.Focus
		html, err := build(t, tr, opt)
		if err != nil {
			t.Errorf("--focus %s: %v", p.Focus, err)
			continue
		}
		if n := len(pageData(t, html).Steps); n != p.Steps {
			t.Errorf("--focus %s: a page of %d steps, Parts says %d", p.Focus, n, p.Steps)
		}
		if p.Steps > limit {
			t.Errorf("--focus %s: %d steps, over the limit %d, in a tree a ply deeper has", p.Focus, p.Steps, limit)
		}
	}
}
