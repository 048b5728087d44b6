package record_test

import (
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace/record"
)

// recordSearch records an alpha-beta search of a random tree with the
// recorder's limit and path.
func recordSearch(t *testing.T, seed uint64, limit int64, under string) *record.Recording {
	t.Helper()
	tr, err := tree.Random(3, 8, -20, 20, seed) // 9,841 nodes
	if err != nil {
		t.Fatal(err)
	}
	r := record.NewRecorder()
	r.Limit, r.Under = limit, under
	if _, err := engine.Search(context.Background(), tree.NewPosition(tr), engine.Limits{Depth: 8}, engine.Options{Algo: engine.AlphaBeta}, r.Hooks()); err != nil {
		t.Fatal(err)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return r.Recording()
}

func total(n *record.Node) record.Counts {
	c := n.Under()
	c.Nodes++ // the node itself
	return c
}

// TestRecorderFolds: a search larger than the limit keeps its top plies node
// by node and counts the rest in them: nothing is lost (the counts under the
// root are those of the whole recording), at most the limit is kept, and a
// node at the last ply kept counts what was searched under it.
func TestRecorderFolds(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		full := recordSearch(t, seed, 0, "")
		folded := recordSearch(t, seed, 300, "")
		if folded.Counted == 0 || int64(len(folded.Nodes)) > 300 || folded.Dropped != 0 {
			t.Fatalf("seed %d: counted below ply %d, %d nodes kept, %d dropped", seed, folded.Counted, len(folded.Nodes), folded.Dropped)
		}
		if a, b := total(full.Root), total(folded.Root); a != b {
			t.Errorf("seed %d: the whole search %+v, the folded recording counts %+v", seed, a, b)
		}
		for _, n := range folded.Nodes {
			if n.Ply > folded.Counted {
				t.Fatalf("seed %d: node %s at ply %d kept below ply %d", seed, n.Path, n.Ply, folded.Counted)
			}
			f := full.Node(n.ID)
			if f == nil || f.Path != n.Path || f.Value != n.Value || total(f) != total(n) {
				t.Fatalf("seed %d: node %d (%s) counts %+v, the whole recording %+v", seed, n.ID, n.Path, total(n), f)
			}
		}
	}
}

// TestRecorderUnder: limited to a path, the recorder keeps the line to that
// node and everything below it, as the whole recording has it.
func TestRecorderUnder(t *testing.T) {
	full := recordSearch(t, 5, 0, "")
	var deep *record.Node
	for _, n := range full.Nodes {
		if n.Ply == 4 && !n.Leaf && len(n.Children) > 1 {
			deep = n
			break
		}
	}
	if deep == nil {
		t.Fatal("no inner node at ply 4")
	}
	under := recordSearch(t, 5, 300, deep.Path)
	n := under.Node(deep.ID)
	if n == nil || n.Path != deep.Path {
		t.Fatalf("node %s not kept under its own path", deep.Path)
	}
	if total(n) != total(deep) || n.Below.Nodes != 0 {
		t.Errorf("under %s: %+v (%d counted), the whole recording %+v", deep.Path, total(n), n.Below.Nodes, total(deep))
	}
	for _, k := range under.Nodes {
		if k.Ply > deep.Ply && k.Path[:len(deep.Path)] != deep.Path {
			t.Fatalf("kept %s, neither on the line to %s, a child of it, nor below it", k.Path, deep.Path)
		}
		if p := k.Parent; p != nil && p.Ply < deep.Ply && deep.Path[:len(p.Path)] != p.Path {
			t.Fatalf("kept %s, under %s which is off the line to %s", k.Path, p.Path, deep.Path)
		}
	}
	if under.Dropped == 0 {
		t.Error("nothing outside the path was left out")
	}
}

// TestRecorderFoldsChess: the same on a chess search with the selective
// techniques and the table, whose null-move prunes, reductions and table
// hits are counted as well.
func TestRecorderFoldsChess(t *testing.T) {
	run := func(limit int64) *record.Recording {
		b, err := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
		if err != nil {
			t.Fatal(err)
		}
		opt := engine.Options{Algo: engine.AlphaBeta, Sel: engine.DefaultSelective(engine.Units{Pawn: 100})}
		opt.Sel.Null.On, opt.Sel.Reductions.On, opt.Sel.Null.MinPly = true, true, 1
		opt.TT = engine.TT{On: true, MB: 1, Cutoffs: true}
		r := record.NewRecorder()
		r.Limit = limit
		if _, err := engine.Search(context.Background(), chess.NewPosition(b, chess.EvalPST), engine.Limits{Depth: 4}, opt, r.Hooks()); err != nil {
			t.Fatal(err)
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		return r.Recording()
	}
	full, folded := run(0), run(2000)
	a, b := total(full.Root), total(folded.Root)
	if folded.Counted == 0 || a != b {
		t.Fatalf("counted below ply %d; the whole search %+v, folded %+v", folded.Counted, a, b)
	}
	if a.NullPrunes == 0 || a.Reductions == 0 || a.TTHits == 0 || a.Cutoffs == 0 {
		t.Errorf("the search has no null prune, reduction, table hit or cutoff to count: %+v", a)
	}
}
