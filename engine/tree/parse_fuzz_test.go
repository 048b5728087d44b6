package tree

import (
	"bytes"
	"context"
	"testing"

	"github.com/prunescope/prunescope/engine"
)

// FuzzParse checks that Parse never panics and that every tree it accepts
// survives Format, FormatIndented and the JSON form unchanged, and (when it is
// small) can be searched: see checkSearch. The seed corpus is every good and
// bad input of the parser tests, so plain `go test` runs it.
func FuzzParse(f *testing.F) {
	for _, tc := range goodInputs {
		f.Add(tc.text)
	}
	for _, tc := range badInputs {
		f.Add(tc.text)
	}
	for _, name := range BuiltinNames() {
		b, _ := lookupBuiltin(name)
		f.Add(b.text)
	}
	for _, s := range chanceSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := Parse("tree", text)
		if err != nil {
			if bytes.ContainsRune([]byte(err.Error()), '\n') {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		checkRoundTrip(t, tr)
		checkJSONRoundTrip(t, tr)
		checkSearch(t, tr)
	})
}

// checkSearch searches a small accepted tree to the depth it asks for (or
// to its leaves), when every node the search stops at has a value: minimax
// and alpha-beta find the same value, and alpha-beta with every technique,
// the table, iterative deepening and aspiration windows runs without a
// panic (a null move into a pass child without an evaluation is an error
// the engine reports).
func checkSearch(t *testing.T, tr *Tree) {
	t.Helper()
	if nodes, _ := tr.Count(); nodes > 300 {
		return
	}
	depth := tr.Depth
	if depth == 0 {
		depth = tr.Height()
	}
	if tr.CheckDepth(depth) != nil {
		return
	}
	lim := engine.Limits{Depth: depth, Nodes: 20000}
	if p := NewPosition(tr); p.HasChance() {
		checkChanceSearch(t, tr, p, lim)
		return
	}
	mm, err := engine.Search(context.Background(), NewPosition(tr), lim, engine.Options{Algo: engine.Minimax}, nil)
	if err != nil {
		t.Fatalf("%s: minimax to depth %d: %v", Format(tr), depth, err)
	}
	ab, err := engine.Search(context.Background(), NewPosition(tr), lim, engine.Options{Algo: engine.AlphaBeta}, nil)
	if err != nil || ab.Value != mm.Value {
		t.Fatalf("%s: alpha-beta %d (%v), minimax %d", Format(tr), ab.Value, err, mm.Value)
	}
	sel := engine.DefaultSelective(engine.Units{Pawn: tr.Scale})
	for _, on := range []*bool{&sel.Null.On, &sel.Reductions.On, &sel.Futility.On, &sel.Razoring.On, &sel.Quiescence.On, &sel.Extensions.On} {
		*on = true
	}
	sel.Null.MinPly, sel.Null.Threat = 1, true
	all := engine.Options{Algo: engine.PVS, Sel: sel, TT: engine.TT{On: true, MB: 1, Cutoffs: true}, Iterative: true,
		Aspiration: engine.Aspiration{Width: 1}, Order: engine.Ordering{TT: true, Captures: true, Killers: true, History: true}}
	engine.Search(context.Background(), NewPosition(tr), lim, all, nil)
}

// FuzzParseJSON checks that ParseJSON never panics and that every tree it
// accepts survives WriteJSON and Format unchanged.
func FuzzParseJSON(f *testing.F) {
	for _, tc := range goodInputs {
		if tr, err := Parse("tree", tc.text); err == nil {
			var buf bytes.Buffer
			if err := WriteJSON(&buf, tr); err == nil {
				f.Add(buf.Bytes())
			}
		}
	}
	for _, s := range []string{
		`{"root": "min", "tree": {"name": "A", "eval": 3, "children": [{"value": 3, "capture": true}, {"value": -3.01, "key": "p1"}, {"children": [{"value": 1}], "pass": true}]}}`,
		`{"tree": {"children": [{"value": 1, "key": 7}, {"value": 2, "key": "-3"}]}}`,
		`{"tree": {"value": 3.001}}`, `{"tree": {"children": []}}`, `[1]`, ``, `{"tree": {"value": 1}} x`,
		`{"tree": {"eval": "-inf", "children": [{"value": "inf"}, {"value": "−∞"}, {"value": "infinity"}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tr, err := ParseJSON("tree.json", data)
		if err != nil {
			if bytes.ContainsRune([]byte(err.Error()), '\n') {
				t.Errorf("error spans lines: %q", err)
			}
			return
		}
		checkRoundTrip(t, tr)
		checkJSONRoundTrip(t, tr)
		checkSearch(t, tr)
	})
}

// chanceSeeds are trees with chance nodes for the fuzzers to start from.
var chanceSeeds = []string{
	"((3 12)[chance] (2 4)[chance])",
	"((3[p=0.25] 12[p=0.75])[chance] (2 4 9)[chance])",
	"(((2 2) (1 2))[chance] ((0 2) (-1 0))[chance])",
	"(((1.5 2)[max p=1/3] (0 -2.25)[p=2/3])[chance] 1)",
	"((((1 2)[chance] 3)[chance] (4 5)[min])[eval=2] 0)[depth=1]",
}

// checkChanceSearch searches a tree with chance nodes: expectimax, Star1
// and Star2 with the tightest bounds find the same value; alpha-beta
// refuses the tree.
func checkChanceSearch(t *testing.T, tr *Tree, p *Position, lim engine.Limits) {
	t.Helper()
	ex, err := engine.Search(context.Background(), p, lim, engine.Options{Algo: engine.Expectimax}, nil)
	if err != nil {
		if engine.IsStop(err) {
			return
		}
		t.Fatalf("%s: expectimax: %v", Format(tr), err)
	}
	lo, hi := p.ValueRange()
	if lo == hi {
		hi++
	}
	for _, a := range []engine.Algo{engine.Star1, engine.Star2} {
		for _, f := range []engine.Fail{engine.FailHard, engine.FailSoft} {
			opt := engine.Options{Algo: a, Fail: f, Bounds: engine.Bounds{Lo: lo, Hi: hi, On: true}}
			r, err := engine.Search(context.Background(), NewPosition(tr), lim, opt, nil)
			if err != nil && !engine.IsStop(err) {
				t.Fatalf("%s: %s: %v", Format(tr), opt.Spec(), err)
			}
			if err == nil && r.Value != ex.Value {
				t.Fatalf("%s: %s %d, expectimax %d", Format(tr), opt.Spec(), r.Value, ex.Value)
			}
		}
	}
	if _, err := engine.Search(context.Background(), NewPosition(tr), lim, engine.Options{Algo: engine.AlphaBeta}, nil); err == nil {
		t.Fatalf("%s: alpha-beta searched a tree with chance nodes", Format(tr))
	}
}
