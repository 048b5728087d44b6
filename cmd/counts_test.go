package cmd

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCutCountFields: compare --json and the trace's done event carry the
// cut counts, numbers for a toy tree (AIMA's figure 5.5: the leaves 2.2
// and 2.3 pruned, two edges, no inner node; D cuts on its last leaf) and
// null pruned leaves and inner nodes for chess, whose tree is not known.
func TestCutCountFields(t *testing.T) {
	fields := []string{"last_child_cuts", "pruned_edges", "pruned_leaves", "pruned_inner"}
	decode := func(t *testing.T, s string) map[string]any {
		t.Helper()
		var m map[string]any
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			t.Fatalf("%v: %s", err, s)
		}
		for _, f := range fields {
			if _, ok := m[f]; !ok {
				t.Errorf("no %q in %s", f, s)
			}
		}
		return m
	}
	want := map[string]any{"last_child_cuts": 1.0, "pruned_edges": 2.0, "pruned_leaves": 2.0, "pruned_inner": 0.0}

	r := run(t, "", "compare", "--tree", "aima", "--algos", "alphabeta", "--json")
	var rows []json.RawMessage
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rows) != nil || len(rows) != 1 {
		t.Fatalf("compare --json: %s", r)
	}
	m := decode(t, string(rows[0]))
	for f, v := range want {
		if m[f] != v {
			t.Errorf("compare --json: %s = %v, want %v", f, m[f], v)
		}
	}

	r = run(t, "", "search", "--tree", "aima", "--trace", "json")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	m = decode(t, lines[len(lines)-1])
	for f, v := range want {
		if m[f] != v {
			t.Errorf("done event: %s = %v, want %v", f, m[f], v)
		}
	}

	r = run(t, "", "compare", "--fen", "kiwipete", "--depth", "2", "--algos", "alphabeta", "--json")
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rows) != nil || len(rows) != 1 {
		t.Fatalf("compare --json on chess: %s", r)
	}
	m = decode(t, string(rows[0]))
	if m["pruned_leaves"] != nil || m["pruned_inner"] != nil {
		t.Errorf("chess: pruned leaves %v and inner %v, want null (not known)", m["pruned_leaves"], m["pruned_inner"])
	}
	if e, ok := m["pruned_edges"].(float64); !ok || e <= 0 {
		t.Errorf("chess: pruned edges %v, want a positive count", m["pruned_edges"])
	}
}

// TestIterationFields: an iterative search's iterations carry their own
// nodes and leaves beside those so far, in compare --json and in the
// trace's iter events, adding up to the cumulative ones.
func TestIterationFields(t *testing.T) {
	r := run(t, "", "compare", "--tree", "iterative", "--algos", "alphabeta+iterative", "--json")
	var rows []struct {
		Nodes, Leaves int64
		Iterations    []struct {
			Depth      int
			Nodes      int64
			Leaves     int64
			IterNodes  int64 `json:"iter_nodes"`
			IterLeaves int64 `json:"iter_leaves"`
		}
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rows) != nil || len(rows) != 1 {
		t.Fatalf("compare --json: %s", r)
	}
	its := rows[0].Iterations
	if len(its) != 2 {
		t.Fatalf("%d iterations in %s", len(its), r.stdout)
	}
	var nodes, leaves int64
	for _, it := range its {
		nodes += it.IterNodes
		leaves += it.IterLeaves
		if it.IterNodes <= 0 || nodes != it.Nodes || leaves != it.Leaves {
			t.Errorf("iteration %d: own %d nodes %d leaves, so far %d and %d; the own ones add up to %d and %d", it.Depth, it.IterNodes, it.IterLeaves, it.Nodes, it.Leaves, nodes, leaves)
		}
	}
	if nodes != rows[0].Nodes || leaves != rows[0].Leaves {
		t.Errorf("iterations add up to %d nodes %d leaves, the search has %d and %d", nodes, leaves, rows[0].Nodes, rows[0].Leaves)
	}

	r = run(t, "", "search", "--tree", "iterative", "--iterative", "--trace", "json")
	n := 0
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.Contains(line, `"ev":"iter"`) {
			n++
			for _, f := range []string{`"leaves":`, `"iter_nodes":`, `"iter_leaves":`} {
				if !strings.Contains(line, f) {
					t.Errorf("iter event without %s: %s", f, line)
				}
			}
		}
	}
	if n != 2 {
		t.Errorf("%d iter events, want 2", n)
	}
}
