// Package fuzzseed writes the real traces that seed the fuzz targets of the
// trace readers (trace/jsonl, trace/step): small searches under every
// algorithm and technique, on toy trees, tic-tac-toe and chess, a search
// stopped by its node limit, and a few hand-made nasty traces. Every seed
// runs in every `go test`, so the traces are kept to a few kilobytes.
package fuzzseed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"testing"

	"github.com/prunescope/prunescope/engine"
	"github.com/prunescope/prunescope/engine/chess"
	"github.com/prunescope/prunescope/engine/tictactoe"
	"github.com/prunescope/prunescope/engine/tree"
	"github.com/prunescope/prunescope/trace/jsonl"
)

// Trace is a seed: a JSON Lines trace and what it is.
type Trace struct {
	Name string
	Data []byte
}

// treePos is a toy tree's position, with its tree for the depth it asks.
type treePos struct {
	*tree.Position
	t *tree.Tree
}

// search is one search a seed comes from; a toy tree's depth 0 is the
// tree's own (its [depth=N], else its height).
type search struct {
	name string
	pos  func() (engine.Position, error)
	spec string
	lim  engine.Limits
}

func builtinTree(name string, rootMin bool) func() (engine.Position, error) {
	return func() (engine.Position, error) {
		t, ok := tree.Builtin(name)
		if !ok {
			return nil, fmt.Errorf("no built-in tree %s", name)
		}
		t.RootMin = rootMin
		return treePos{tree.NewPosition(t), t}, nil
	}
}

func treeText(text string) func() (engine.Position, error) {
	return func() (engine.Position, error) {
		t, err := tree.Parse("seed", text)
		if err != nil {
			return nil, err
		}
		return treePos{tree.NewPosition(t), t}, nil
	}
}

func fen(f string) func() (engine.Position, error) {
	return func() (engine.Position, error) {
		b, err := chess.ParseFEN(f)
		if err != nil {
			return nil, err
		}
		return chess.NewPosition(b, chess.EvalPST), nil
	}
}

func board(s string) func() (engine.Position, error) {
	return func() (engine.Position, error) { return tictactoe.Parse(s) }
}

// mate is a mate in two for White: short searches with checks, captures
// and mate scores.
const mate = "2r3k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1"

var searches = []search{
	{"aima alphabeta", builtinTree("aima", false), "alphabeta", engine.Limits{Depth: 2}},
	{"aima minimax root min", builtinTree("aima", true), "minimax", engine.Limits{Depth: 2}},
	{"aima negamax", builtinTree("aima", false), "negamax", engine.Limits{Depth: 2}},
	{"aima branch-bound", builtinTree("aima", false), "branch-bound:gt", engine.Limits{Depth: 2}},
	{"aima alphabeta soft gt", builtinTree("aima", false), "alphabeta:soft:gt", engine.Limits{Depth: 2}},
	{"aima f2", builtinTree("aima", false), "alphabeta:f2", engine.Limits{Depth: 2}},
	{"wikipedia pvs", builtinTree("wikipedia", false), "pvs", engine.Limits{Depth: 4}},
	{"aima mtdf tt", builtinTree("aima", false), "mtdf+tt", engine.Limits{Depth: 2}},
	{"wikipedia stopped", builtinTree("wikipedia", false), "alphabeta", engine.Limits{Depth: 4, Nodes: 9}},
	{"iterative aspiration", builtinTree("iterative", false), "alphabeta+iterative+aspiration", engine.Limits{}},
	{"transpositions tt order", builtinTree("transpositions", false), "alphabeta+tt+order", engine.Limits{}},
	{"nullmove", builtinTree("nullmove", false), "alphabeta+null-move", engine.Limits{}},
	{"threat", builtinTree("threat", false), "alphabeta+null-move+extensions", engine.Limits{}},
	{"zugzwang", builtinTree("zugzwang", false), "alphabeta+null-move", engine.Limits{}},
	{"futility", builtinTree("futility", false), "alphabeta+futility", engine.Limits{}},
	{"razoring", builtinTree("razoring", false), "alphabeta+razoring", engine.Limits{}},
	{"reductions", builtinTree("reductions", false), "alphabeta+reductions", engine.Limits{}},
	{"extensions", builtinTree("extensions", false), "alphabeta+extensions", engine.Limits{}},
	{"quiescence", builtinTree("quiescence", false), "alphabeta+quiescence", engine.Limits{}},
	// issue 21: reverse futility on PVS's probes, internal iterative deepening, the check extension
	{"rfp", treeText("((3 12 8)[eval=5] (2 4 6)[eval=2] (14 5 2)[eval=6])[eval=5]"), "pvs+rfp", engine.Limits{Depth: 2}},
	{"iid", treeText("((((-4 -1)[eval=-2] (-9 2[check])[eval=-11])[eval=-5] ((2 -5)[eval=-4] (8 0)[eval=-1])[eval=0])[eval=-6] (((9 -2)[eval=-3] (-7 -1)[eval=-5])[eval=-1] ((6 -4)[eval=-6] (7 9)[eval=8])[eval=5])[eval=-3])[eval=-2]"), "alphabeta+iid+check-ext", engine.Limits{Depth: 4}},
	{"named tree with decimals", treeText("A:(B:(3.5 -1.25[capture]) C:(2 (4 1)[eval=0.5 key=k]) (1)[pass eval=2])"), "alphabeta+selective+tt", engine.Limits{Depth: 3}},
	{"tictactoe", board("xox/.o./x.o"), "alphabeta", engine.Limits{Depth: 9}},
	{"chess mate selective", fen(mate), "alphabeta+selective", engine.Limits{Depth: 1, Nodes: 30}},
	{"chess mate pvs tt order iterative", fen(mate), "pvs+tt+order+iterative", engine.Limits{Depth: 2, Nodes: 30}},
	{"chess mtdf", fen("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1"), "mtdf+tt", engine.Limits{Depth: 2, Nodes: 30}},
}

// Traces returns the seed traces: one per search above, in its order.
func Traces() ([]Trace, error) {
	var out []Trace
	for _, s := range searches {
		data, err := run(s)
		if err != nil {
			return nil, fmt.Errorf("seed %s: %w", s.name, err)
		}
		out = append(out, Trace{s.name, data})
	}
	return out, nil
}

func run(s search) ([]byte, error) {
	pos, err := s.pos()
	if err != nil {
		return nil, err
	}
	pawn := int64(1)
	if _, ok := pos.(*chess.Position); ok {
		pawn = 100
	}
	lim := s.lim
	if tp, ok := pos.(treePos); ok {
		pos = tp.Position
		if lim.Depth == 0 {
			lim.Depth = tp.t.Depth
			if lim.Depth == 0 {
				lim.Depth = tp.t.Height()
			}
		}
	}
	def := engine.Options{Sel: engine.DefaultSelective(engine.Units{Pawn: pawn})}
	def.Sel.Null.MinPly = 1
	opt, err := engine.ParseSpec(s.spec, def)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	w := jsonl.NewWriter(&buf)
	if _, err := engine.Search(context.Background(), pos, lim, opt, w.Hooks()); err != nil && !errors.Is(err, engine.ErrNodeLimit) {
		return nil, err
	}
	if err := w.Flush(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Nasty are hand-made traces that broke, or could break, a reader: an
// enter at ply -1, a null where a subtree belongs, events about nodes that
// are not open, a trace without its start event, lines out of order.
func Nasty() []Trace {
	start := `{"seq":0,"ev":"start","node":0,"path":"","ply":0,"depth":2,"game":"tree","algo":"alphabeta","fail":"hard","cutoff_rule":"ge","root":"max","scale":1}` + "\n"
	root := `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"side":"max","alpha":"-inf","beta":"inf"}` + "\n"
	return []Trace{
		{"enter at ply -1", []byte(start + `{"seq":1,"ev":"enter","node":0,"path":"","ply":-1,"depth":2,"side":"max"}` + "\n")},
		{"null subtree", []byte(start + root + `{"seq":2,"ev":"cutoff","node":0,"path":"","ply":0,"depth":2,"side":"max","value":3,"alpha":"-inf","beta":"inf","pruned":["2"],"unsearched":[null]}` + "\n")},
		{"null child subtree", []byte(start + root + `{"seq":2,"ev":"cutoff","node":0,"path":"","ply":0,"depth":2,"side":"max","pruned":["2"],"unsearched":[{"move":"2","path":"2","side":"min","children":[null]}]}` + "\n")},
		{"child deeper than its parent's child", []byte(start + root + `{"seq":2,"ev":"enter","node":1,"parent":0,"path":"1","ply":7,"depth":1,"side":"min"}` + "\n")},
		{"exit of a node never entered", []byte(start + root + `{"seq":2,"ev":"exit","node":5,"path":"","ply":0,"depth":2,"side":"max","value":1,"bound":"exact"}` + "\n")},
		{"leaf of a closed node", []byte(start + root + `{"seq":2,"ev":"exit","node":0,"path":"","ply":0,"depth":2,"side":"max","value":1,"bound":"exact"}` + "\n" +
			`{"seq":3,"ev":"leaf","node":0,"path":"","ply":0,"depth":2,"side":"max","value":1,"reason":"static"}` + "\n")},
		{"no start event", []byte(`{"seq":0,"ev":"enter","node":0,"path":"","ply":0,"depth":1,"side":"min"}` + "\n" +
			`{"seq":1,"ev":"leaf","node":0,"path":"","ply":0,"depth":1,"side":"min","value":4,"reason":"terminal"}` + "\n" +
			`{"seq":2,"ev":"exit","node":0,"path":"","ply":0,"depth":1,"side":"min","value":4,"bound":"exact"}` + "\n")},
		{"huge values and depths", []byte(start + `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":99999999999,"side":"max","alpha":999999999999999,"beta":"inf"}` + "\n")},
		{"window upside down", []byte(start + `{"seq":1,"ev":"enter","node":0,"path":"","ply":0,"depth":2,"side":"max","alpha":5,"beta":-5}` + "\n")},
		{"tt_hit naming a later node", []byte(start + root + `{"seq":2,"ev":"tt_hit","node":0,"path":"","ply":0,"depth":2,"side":"max","value":1,"bound":"exact","to":2,"ref":9}` + "\n")},
	}
}

var seqField = regexp.MustCompile(`"seq":-?[0-9]+`)

// AddTo seeds a fuzz target of the form func(t, data []byte, renumber bool)
// with every trace of Traces and Nasty as it is, and the first once more
// to be renumbered (see Renumber).
func AddTo(f *testing.F) {
	seeds, err := Traces()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range append(seeds, Nasty()...) {
		f.Add(s.Data, false)
	}
	f.Add(seeds[0].Data, true)
}

// Renumber rewrites the first "seq" of every non-blank line to the line's
// place (0, 1, 2, ...), so that a fuzzer that moves, copies or drops lines
// gets past the readers' first check, the sequence, to the checks behind it.
func Renumber(data []byte) []byte {
	lines := bytes.SplitAfter(data, []byte("\n"))
	n := 0
	for i, l := range lines {
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		done := false
		lines[i] = seqField.ReplaceAllFunc(l, func(m []byte) []byte {
			if done {
				return m
			}
			done = true
			return []byte(fmt.Sprintf(`"seq":%d`, n))
		})
		n++
	}
	return bytes.Join(lines, nil)
}
